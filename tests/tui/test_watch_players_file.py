"""The players' file: the GM's window writes what the players may see into a small file of its
own next to its autosave, and ``watch`` reads that file only, never a save.

A save holds hidden creatures, stat blocks and the whole history; the players' file holds the
view already decided on the GM's side, so the watch's cost no longer grows with the fight,
and nothing it reads or says (a refusal included) can hold a secret.
"""

from __future__ import annotations

import builtins
import os
import re
import stat
import time
from pathlib import Path

import pytest
from tui_support import window_holding

from core import Encounter
from core.views.player_view import player_view
from saves import codec
from saves.store import atomic_write
from tui import players_file
from tui.demo import demo_encounter
from tui.watch.follow import Follower


def write_save(path: Path, encounter: Encounter) -> None:
    """The save itself, as the GM's app writes it."""
    atomic_write(path, codec.encode(encounter.to_data()).encode("utf-8"), backup=False)


def write_players(save: Path, encounter: Encounter) -> Path:
    """The players' file next to ``save``, as the GM's window writes it."""
    path = players_file.players_path(save)
    players_file.write(path, player_view(encounter))
    return path


def hidden_giant() -> Encounter:
    """The demo fight with a hidden giant whose numbers are unlike any other's."""
    encounter = demo_encounter("pf2e")
    giant = encounter.add(encounter.rules.new_creature("Secret Giant", hp=987), 3)
    encounter.set_hidden(giant, True)
    return encounter


def test_the_players_file_sits_next_to_its_save_and_only_the_owner_reads_it(tmp_path: Path) -> None:
    old = os.umask(0)  # the loosest umask there is: the file is still the GM's alone
    try:
        path = write_players(tmp_path / "autosave.toml", hidden_giant())
    finally:
        os.umask(old)
    assert path == tmp_path / "autosave.players.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    raw = path.read_bytes()
    assert b"Secret Giant" not in raw and b"987" not in raw
    assert len(raw) < 4096  # the view, not the fight: a few lines
    assert not list(tmp_path.glob(".*.tmp"))  # written whole, through a temp file


def test_the_file_round_trips_to_the_same_view(tmp_path: Path) -> None:
    encounter = hidden_giant()
    path = write_players(tmp_path / "fight.toml", encounter)
    assert players_file.decode(path.read_bytes()) == player_view(encounter)


def test_watch_never_opens_a_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 45 MB save next to its players' file: the watch reads the few hundred bytes the
    players may see, at once, and never the save."""
    save = tmp_path / "autosave.toml"
    encounter = hidden_giant()
    write_save(save, encounter)
    with open(save, "ab") as handle:
        handle.truncate(45 * 1024 * 1024)  # as big as the reported one (sparse: no disk used)
    write_players(save, encounter)
    opened: list[str] = []
    real_open, real_os_open = builtins.open, os.open

    def spy_open(file, *args, **kwargs):
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    def spy_os_open(file, *args, **kwargs):
        opened.append(str(file))
        return real_os_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", spy_open)
    monkeypatch.setattr(os, "open", spy_os_open)
    follower = Follower(tmp_path, save)
    started = time.monotonic()
    watched = follower.poll()
    took = time.monotonic() - started
    assert watched is not None and watched.view is not None and not watched.stale
    assert watched.view.up == "Valeros"
    assert not any(name.endswith(".toml") for name in opened), opened
    assert took < 1.0


def test_a_players_file_too_big_is_refused_unread_saying_why(tmp_path: Path) -> None:
    save = tmp_path / "fight.toml"
    path = write_players(save, demo_encounter("pf2e"))
    follower = Follower(tmp_path, save)
    good = follower.poll()
    assert good is not None and good.view is not None
    with open(path, "ab") as handle:
        handle.truncate(45 * 1024 * 1024)
    started = time.monotonic()
    refused = follower.poll()
    assert time.monotonic() - started < 1.0
    assert refused is not None and refused.view == good.view  # the last good state stays
    assert "fight.players.json" in refused.stale and "MB" in refused.stale
    assert "limit" in refused.stale


def test_a_damaged_save_with_a_hidden_creature_says_none_of_its_numbers(tmp_path: Path) -> None:
    """A refusal of the save named the field and its value: a hidden creature's HP. The
    watch reads no save now, and a damaged players' file is refused without its content."""
    save = tmp_path / "fight.toml"
    encounter = hidden_giant()
    raw = codec.encode(encounter.to_data())
    damaged = re.sub(r"(?m)^hp = 987$", "hp = 999999", raw)  # above its max: refused, named
    assert damaged != raw
    save.write_text(damaged, encoding="utf-8")
    path = write_players(save, encounter)
    follower = Follower(tmp_path, save)
    assert follower.poll() is not None
    path.write_bytes(path.read_bytes().replace(b'"round"', b'"round": "987", "x"'))
    watched = follower.poll()
    assert watched is not None and "fight.players.json" in watched.stale
    for secret in ("987", "999999", "999,999", "Secret", "Giant"):
        assert secret not in repr(watched), secret


def test_a_save_the_gm_never_saved_with_a_window_says_so(tmp_path: Path) -> None:
    save = tmp_path / "fight.toml"
    write_save(save, demo_encounter("pf2e"))
    watched = Follower(tmp_path, save).poll()
    assert watched is not None and watched.view is None
    assert "fight.toml" in watched.stale and "ctrl+s" in watched.stale


def test_a_deleted_players_file_with_the_gms_window_open_says_what_happened(tmp_path: Path) -> None:
    slot = tmp_path / "autosave.toml"
    encounter = demo_encounter("pf2e")
    with window_holding(slot):
        write_save(slot, encounter)
        path = write_players(slot, encounter)
        follower = Follower(tmp_path)
        good = follower.poll()
        assert good is not None and good.view is not None and not good.gm_closed
        slot.unlink()  # the autosave deleted, the window still open
        path.unlink()  # and the players' file with it
        gone = follower.poll()
        assert gone is not None and not gone.gm_closed, "the GM's window is still open"
        assert gone.view == good.view
        assert "autosave.players.json" in gone.stale and "deleted" in gone.stale
        assert "next change" in gone.stale  # what will bring it back
        write_players(slot, encounter)  # the window's next change writes it again
        back = follower.poll()
        assert back is not None and not back.stale and not back.gm_closed


# ---------------------------------------------------------------------- the GM's side
async def test_f5_writes_the_players_file_of_the_save_for_watch_name(app_factory, data_dir: Path) -> None:
    from tui_support import SIZE, goblins, settle

    from tui.watch.follow import save_file

    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "f5")  # Goblin 1's turn, quick-saved as test-fight.toml
        await settle(pilot)
        await app.workers.wait_for_complete()
    follower = Follower(data_dir, save_file(data_dir, "Test Fight"))
    watched = follower.poll()
    assert watched is not None and watched.view is not None, watched
    assert watched.file == data_dir / "test-fight.players.json"
    assert watched.view.up == "Goblin 1"


async def test_a_claimed_slot_never_shows_the_encounter_it_held_before(
        app_factory, data_dir: Path) -> None:
    """The autosave slot is up to date at once (nothing to autosave), but its players' file
    was an earlier fight's: it is written again as the slot is claimed."""
    from tui_support import SIZE, goblins, settle

    data_dir.mkdir(parents=True, exist_ok=True)
    earlier = players_file.players_path(data_dir / "autosave.toml")
    players_file.write(earlier, player_view(hidden_giant()))  # Valeros's turn, the demo's
    app = app_factory(goblins(), autosave=True)
    app.session.autosaved_revision = app.session.encounter.revision  # as if just resumed
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(200):
            await pilot.pause(0.02)
            if app.persistence.autosave_file is not None:
                break
        await app.workers.wait_for_complete()
        view = players_file.decode(earlier.read_bytes())
        assert [c.name for c in view.creatures] == ["Valeros", "Goblin 1", "Goblin 2"]


@pytest.mark.slow
def test_q_does_not_wait_for_a_read_under_way(tmp_path: Path) -> None:
    """The watch in a terminal, its follower stuck in a read (a slow network disk): q quits
    at once, without waiting for the read to end."""
    import fcntl
    import pty
    import struct
    import subprocess
    import sys
    import termios

    marker = tmp_path / "reading"
    script = tmp_path / "stuck_watch.py"
    script.write_text(
        "import sys, time\n"
        "from pathlib import Path\n"
        "from tui.watch.app import WatchApp\n"
        "from tui.watch.follow import Follower\n"
        "class Stuck(Follower):\n"
        "    def poll(self):\n"
        "        Path(sys.argv[1]).touch()\n"
        "        time.sleep(30)\n"
        "app = WatchApp(Stuck(Path('.')))\n"
        "app.run()\n", encoding="utf-8")
    master, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")}
    env.update(TERM="xterm-256color", PYTHONPATH=str(root))
    process = subprocess.Popen([sys.executable, str(script), str(marker)], cwd=root,
                               stdin=child, stdout=child, stderr=child, env=env,
                               start_new_session=True)
    os.close(child)
    drawn = bytearray()
    try:
        end = time.monotonic() + 30
        while not (marker.exists() and b"Waiting" in drawn) and time.monotonic() < end:
            try:
                drawn += os.read(master, 65536)
            except OSError:
                break
        assert marker.exists() and b"Waiting" in drawn, "the watch never started its read"
        pressed = time.monotonic()
        os.write(master, b"q")
        end = pressed + 20
        while process.poll() is None and time.monotonic() < end:
            try:
                os.read(master, 65536)  # keep the terminal drained while it ends
            except OSError:
                time.sleep(0.05)
        assert process.poll() is not None, "q did not quit"
        assert time.monotonic() - pressed < 5.0  # not the 30 s the read takes
    finally:
        if process.poll() is None:
            os.killpg(process.pid, 9)
        process.wait(10)
        os.close(master)


def test_a_followed_save_deleted_or_renamed_says_its_view_is_the_last_it_had(tmp_path: Path) -> None:
    save = tmp_path / "fight.toml"
    write_save(save, demo_encounter("pf2e"))
    write_players(save, demo_encounter("pf2e"))
    follower = Follower(tmp_path, save)
    good = follower.poll()
    assert good is not None and not good.stale
    save.unlink()  # the saves screen moved it to the trash, or renamed it
    gone = follower.poll()
    assert gone is not None and gone.view == good.view
    assert "fight.toml" in gone.stale and "deleted or renamed" in gone.stale
    write_save(save, demo_encounter("pf2e"))  # saved again under that name
    back = follower.poll()
    assert back is not None and not back.stale


def test_a_watch_started_after_the_autosave_was_deleted_still_finds_the_open_window(
        tmp_path: Path) -> None:
    slot = tmp_path / "autosave.toml"
    encounter = demo_encounter("pf2e")
    with window_holding(slot):
        write_save(slot, encounter)
        write_players(slot, encounter)
        slot.unlink()  # deleted by hand; the window still runs, its players' file is there
        watched = Follower(tmp_path).poll()
        assert watched is not None and watched.view is not None
        assert not watched.gm_closed and not watched.stale


def test_a_view_that_did_not_change_is_not_written_again(tmp_path: Path) -> None:
    """Each autosave offers the view; only a changed one is written, so a watcher polling the
    file's stat reads it again only when the players have something new to see."""
    encounter = hidden_giant()
    path = write_players(tmp_path / "autosave.toml", encounter)
    before = path.stat()
    assert players_file.write(path, player_view(encounter)) is False
    assert (path.stat().st_ino, path.stat().st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    encounter.next_turn()
    assert players_file.write(path, player_view(encounter)) is True
    assert path.stat().st_ino != before.st_ino
    assert players_file.read(path)[0] == player_view(encounter)


def test_a_players_file_with_other_permissions_is_written_again(tmp_path: Path) -> None:
    encounter = hidden_giant()
    path = write_players(tmp_path / "autosave.toml", encounter)
    path.chmod(0o644)
    assert players_file.write(path, player_view(encounter)) is True
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
