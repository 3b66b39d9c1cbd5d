"""The players' view follows a save from outside: replaced, damaged, gone, the GM away."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from core import Encounter
from core.views.player_view import player_view
from saves import codec
from saves.store import atomic_write
from tui import players_file
from tui.demo import demo_encounter
from tui.watch.follow import Follower, save_file


def write(path: Path, encounter: Encounter) -> None:
    """The GM's way: the whole file replaced at once, and the players' file next to it."""
    atomic_write(path, codec.encode(encounter.to_data()).encode("utf-8"), backup=False)
    players_file.write(players_file.players_path(path), player_view(encounter))


def tree(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder``: its bytes and mtime."""
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def open_files(path: Path) -> list[str]:
    """This process's descriptors open on ``path``."""
    fds = Path("/proc/self/fd")
    if not fds.is_dir():
        pytest.skip("no /proc/self/fd here to count open files")
    found = []
    for fd in fds.iterdir():
        try:
            if os.readlink(fd).startswith(str(path)):
                found.append(fd.name)
        except OSError:
            continue
    return found


@pytest.fixture
def gm_window(tmp_path: Path) -> Iterator[tuple[Path, subprocess.Popen[str]]]:
    """An autosave held by a running process, as an open GM window holds its slot."""
    folder = tmp_path / "gm"
    folder.mkdir()
    # the window holds its slot's lock with the kernel, as the app does
    holds = ("import time; from saves import slots; slot, _ = slots.claim_slot(); "
             "print(slot.name, flush=True); time.sleep(60)")
    root = Path(__file__).resolve().parents[2]
    window = subprocess.Popen([sys.executable, "-c", holds], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "HITLEDGER_DATA_DIR": str(folder),
                                   "PYTHONPATH": str(root)})
    assert window.stdout is not None and window.stdout.readline().strip() == "autosave.toml"
    write(folder / "autosave.toml", demo_encounter("pf2e"))
    yield folder, window
    window.kill()
    window.wait()


@pytest.mark.slow
def test_it_follows_an_encounter_through_100_atomic_replaces(tmp_path: Path) -> None:
    path = tmp_path / "fight.toml"
    encounter = demo_encounter("pf2e")
    write(path, encounter)
    follower = Follower(tmp_path, path)
    assert follower.poll() is not None
    for _ in range(100):
        encounter.next_turn()
        write(path, encounter)
        watched = follower.poll()
        assert watched is not None and watched.view is not None and not watched.stale
        assert watched.view.up == encounter.creature(encounter.active or "").name
        assert watched.view.round == encounter.round
        assert follower.poll() is None  # unchanged: not read again
        assert not open_files(path)  # never kept open


def test_a_truncated_file_keeps_the_last_good_state_marked_stale(tmp_path: Path) -> None:
    path = tmp_path / "fight.toml"
    write(path, demo_encounter("pf2e"))
    follower = Follower(tmp_path, path)
    good = follower.poll()
    assert good is not None and good.view is not None
    seen = players_file.players_path(path)
    raw = seen.read_bytes()
    # damaged in place: same inode, fewer bytes (JSON cut anywhere is no JSON)
    with open(seen, "r+b") as handle:
        handle.truncate(len(raw) // 2)
    stale = follower.poll()
    assert stale is not None and stale.view == good.view
    assert "unreadable" in stale.stale
    seen.write_bytes(raw)  # mended: fresh again
    again = follower.poll()
    assert again is not None and not again.stale and again.view == good.view


def test_a_deleted_file_keeps_the_last_good_state_then_comes_back(tmp_path: Path) -> None:
    path = tmp_path / "fight.toml"
    encounter = demo_encounter("pf2e")
    write(path, encounter)
    follower = Follower(tmp_path, path)
    good = follower.poll()
    players_file.players_path(path).unlink()
    gone = follower.poll()
    assert gone is not None and good is not None
    assert gone.view == good.view
    assert gone.stale == "fight.players.json was deleted: saving fight.toml in the GM's window writes it again"
    assert follower.poll() is None
    encounter.next_turn()
    write(path, encounter)
    back = follower.poll()
    assert back is not None and not back.stale and back.view != good.view


def test_it_follows_the_gms_window_and_says_when_it_is_closed(gm_window) -> None:
    folder, window = gm_window
    follower = Follower(folder)
    watched = follower.poll()
    assert watched is not None and watched.view is not None
    assert not watched.gm_closed and watched.file == folder / "autosave.players.json"
    window.kill()
    window.wait()
    closed = follower.poll()
    assert closed is not None and closed.gm_closed and closed.view == watched.view


def test_with_no_gm_window_yet_it_waits(tmp_path: Path) -> None:
    follower = Follower(tmp_path / "not-there-yet")
    watched = follower.poll()
    assert watched is not None and watched.view is None
    assert watched.stale == "waiting for the GM's window"
    assert not (tmp_path / "not-there-yet").exists()  # never created


def test_following_never_writes_into_the_data_dir(gm_window) -> None:
    folder, window = gm_window
    (folder / ".autosave.toml.1234.tmp").write_bytes(b"a temp file the GM's app would clean")
    (folder / "broken.toml").write_bytes(b"format = 1\n[encounter\n")
    before = tree(folder)
    for save in (None, folder / "broken.toml", save_file(folder, "autosave")):
        follower = Follower(folder, save)
        for _ in range(3):
            follower.poll()
    assert tree(folder) == before


def test_a_save_is_found_by_file_stem_path_or_encounter_name(tmp_path: Path) -> None:
    assert save_file(tmp_path, "Goblin Ambush") == tmp_path / "goblin-ambush.toml"
    (tmp_path / "Odd Name.toml").write_text("")
    assert save_file(tmp_path, "Odd Name") == tmp_path / "Odd Name.toml"
    assert save_file(tmp_path, str(tmp_path / "x.toml")) == tmp_path / "x.toml"
