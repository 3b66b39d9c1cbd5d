"""``hitledger watch``, read-only, at 80×24 and at a phone's 40 columns."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from tui_support import screen_lines, until, window_holding

from core import Encounter
from core.views.player_view import player_view
from saves import codec
from saves.store import atomic_write
from tui import players_file
from tui.demo import demo_encounter
from tui.watch.app import WatchApp
from tui.watch.follow import Follower

# every key a keyboard sends but the ones that end the view (q, ctrl+q, ctrl+c)
KEYS = [*"abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
        "space", "enter", "escape", "tab", "shift+tab", "up", "down", "left", "right",
        "home", "end", "pageup", "pagedown", "delete", "backspace", "insert",
        "plus", "minus", "asterisk", "slash", "question_mark", "left_square_bracket",
        "right_square_bracket", "ctrl+p", "ctrl+s", "ctrl+o", "ctrl+l", "ctrl+y", "ctrl+a",
        "ctrl+t", "ctrl+e", "ctrl+backslash", *(f"f{n}" for n in range(1, 13)),
        *(f"alt+{n}" for n in range(1, 10))]


def write(path: Path, encounter: Encounter) -> None:
    """The GM's way: the whole file replaced at once, and the players' file next to it."""
    atomic_write(path, codec.encode(encounter.to_data()).encode("utf-8"), backup=False)
    players_file.write(players_file.players_path(path), player_view(encounter))


def tree(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder``: its bytes and mtime."""
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def ambush(system: str = "pf2e") -> Encounter:
    """The demo fight, a goblin hurt and frightened, an ambusher hidden."""
    encounter = demo_encounter(system, rng=random.Random(7))
    order = encounter.order
    lurker = encounter.add(encounter.rules.new_creature("Lurking Assassin", hp=30)
                           if system != "daggerheart" else encounter.rules.new_creature(
                               "Lurking Assassin", hp=5, major=6, severe=11), 5)
    encounter.set_hidden(lurker, True)
    encounter.add_condition(order[1], "frightened", 2)
    return encounter


@pytest.fixture(scope="module")
def gm_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A data dir whose autosave a running GM window holds: one for the module, the window a
    process started once (the view only reads the folder, as the random keys test checks)."""
    folder = tmp_path_factory.mktemp("gm")
    with window_holding(folder / "autosave.toml"):  # its lock, with the kernel
        write(folder / "autosave.toml", ambush())
        yield folder


async def shown(pilot: Pilot[None]) -> None:
    """Wait until the view has drawn what the file holds."""
    app = pilot.app
    assert isinstance(app, WatchApp)
    for _ in range(1000):  # 10 s at most, on a loaded machine
        if app.watched.view is not None or app.watched.file is not None:
            break
        await pilot.pause(0.01)
    await pilot.pause()


async def test_it_shows_the_order_the_turn_and_never_the_hidden(gm_folder: Path) -> None:
    app = WatchApp(Follower(gm_folder))
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        text = "\n".join(screen_lines(app))
        assert "Valeros's turn" in text and "Round 1" in text
        assert "frightened 2" in text and "HP 45/45" in text and "Healthy" in text
        assert "Lurking" not in text and "weakness" not in text


async def test_stale_and_the_gms_window_closed_are_said(tmp_path: Path) -> None:
    path = tmp_path / "autosave.toml"
    write(path, ambush())
    app = WatchApp(Follower(tmp_path))  # no window holds it: closed
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        assert "the GM's window is closed" in "\n".join(screen_lines(app))
        seen = players_file.players_path(path)
        seen.write_bytes(seen.read_bytes()[:100])
        for _ in range(200):
            await pilot.pause(0.05)
            if app.watched.stale:
                break
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "stale:" in text and "autosave.players.json unreadable" in text
        assert "Valeros's turn" in text  # the last good state stays


@pytest.mark.slow
async def test_random_keys_leave_the_data_dir_byte_for_byte(gm_folder: Path) -> None:
    before = tree(gm_folder)
    keys = random.Random(20).choices(KEYS, k=300)
    app = WatchApp(Follower(gm_folder))
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        for at in range(0, len(keys), 20):
            await pilot.press(*keys[at:at + 20])
        await pilot.pause(0.3)
        assert app.is_running and "Valeros's turn" in "\n".join(screen_lines(app))
    assert tree(gm_folder) == before


async def test_q_quits(gm_folder: Path) -> None:
    app = WatchApp(Follower(gm_folder))
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


@pytest.mark.parametrize("size", [(80, 24), (40, 24)])
async def test_it_fits_80_by_24_and_40_columns(gm_folder: Path, size: tuple[int, int]) -> None:
    app = WatchApp(Follower(gm_folder))
    async with app.run_test(size=size) as pilot:
        await shown(pilot)
        lines = screen_lines(app)
        text = "\n".join(lines)
        for name in ("Valeros", "Goblin Warrior 1", "Goblin Pyro", "Fire Elemental", "Seoni"):
            assert name in text, name
        assert "frightened 2" in text
        assert all(len(line) <= size[0] for line in lines)


def test_watch_snapshot(snap_compare, gm_folder: Path) -> None:
    async def ready(pilot: Pilot[None]) -> None:
        await shown(pilot)

    assert snap_compare(WatchApp(Follower(gm_folder)), terminal_size=(80, 24), run_before=ready)


def test_watch_snapshot_daggerheart_at_40_columns(snap_compare, tmp_path: Path) -> None:
    write(tmp_path / "bandits.toml", ambush("daggerheart"))

    async def ready(pilot: Pilot[None]) -> None:
        await shown(pilot)

    app = WatchApp(Follower(tmp_path, tmp_path / "bandits.toml"))
    assert snap_compare(app, terminal_size=(40, 24), run_before=ready)


async def test_a_failure_while_following_is_said_never_a_traceback(gm_folder: Path) -> None:
    follower = Follower(gm_folder)

    def broken() -> None:
        raise PermissionError("the data dir is not readable")

    follower.poll = broken  # type: ignore[method-assign]
    app = WatchApp(follower)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause(0.05)
            if "cannot follow" in app.watched.stale:
                break
        await pilot.pause()
        assert app.is_running
        assert "cannot follow the file" in "\n".join(screen_lines(app))


async def test_a_long_order_scrolls_to_whose_turn_it_is(tmp_path: Path) -> None:
    encounter = ambush()
    for number in range(30):
        encounter.add(encounter.rules.new_creature(f"Kobold {number + 1}", hp=5), 3)
    for _ in range(len(encounter.order) - 3):
        encounter.next_turn()
    write(tmp_path / "horde.toml", encounter)
    app = WatchApp(Follower(tmp_path, tmp_path / "horde.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        up = encounter.creature(encounter.active or "").name
        await until(pilot, lambda: any(line.lstrip().startswith(f"▶ {up}")
                                       for line in screen_lines(app)))
        assert any(line.lstrip().startswith(f"▶ {up}") for line in screen_lines(app)), up


async def test_a_hidden_creatures_turn_looks_like_the_turn_before_it_going_on(tmp_path: Path) -> None:
    """The Lurking Assassin's turn: the creature before it is still up, as the players saw it,
    in the banner and the order; nothing on screen says an unseen creature acts."""
    encounter = ambush()
    lurker = next(cid for cid, c in encounter.creatures.items() if c.hidden)
    while encounter.active != lurker:
        encounter.next_turn()
    before = encounter.creature(encounter.order[encounter.order.index(lurker) - 1]).name
    with window_holding(tmp_path / "autosave.toml"):
        write(tmp_path / "autosave.toml", encounter)
        app = WatchApp(Follower(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot)
            lines = [line for line in screen_lines(app) if line.strip()]
            assert lines[0].strip() == f"{before}'s turn"  # the banner
            assert "—" not in lines[0] and "Lurking" not in "\n".join(lines)
            assert any(line.lstrip().startswith(f"▶ {before}") for line in lines)


@pytest.mark.parametrize("size", [(80, 24), (40, 24)])
async def test_the_newest_log_line_shows_whole_when_an_older_one_wraps(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """Two creatures with long names join (lines that wrap), then a turn passes: the turn is
    the newest line and must show whole, the older ones giving way."""
    encounter = ambush()
    for clan in ("Seventh Smoking Crater", "Ninth Sunken Cistern"):
        encounter.add(encounter.rules.new_creature(
            f"Goblin Warrior of the {clan} Clan, Sworn to the Old Bonfire", hp=6), 2)
    encounter.next_turn()
    write(tmp_path / "fight.toml", encounter)
    newest = player_view(encounter).log[-1]
    app = WatchApp(Follower(tmp_path, tmp_path / "fight.toml"))
    async with app.run_test(size=size) as pilot:
        await shown(pilot)
        lines = screen_lines(app)
        rule = max(i for i, line in enumerate(lines) if line.startswith("──"))
        shown_log = " ".join(" ".join(line.split()) for line in lines[rule + 1:] if line.strip())
        assert shown_log.endswith(" ".join(newest.split())), shown_log
        log = [" ".join(line.split()) for line in player_view(encounter).log]
        # the newest lines, each whole: a tail of the log and nothing cut
        assert any(shown_log == " ".join(log[k:]) for k in range(len(log))), shown_log
