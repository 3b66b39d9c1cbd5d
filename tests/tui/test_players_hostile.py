"""A hostile player reads every byte the players' view gives them, while the GM runs a fight
with a hidden creature through a turn of its own, an attack, a rename, undo and redo, a
deletion, a reveal and its undo.

What the players receive is the players' file the GM's window writes (the only file ``watch``
and ``serve`` read) and what the watch draws from it: both are checked after every step for
the hidden creature's names (old and new), its HP and max HP, and for its turn showing as a
turn. A second test runs the GM's app and ``hitledger watch`` in two terminals and reads the
raw bytes the watch's terminal received.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot
from tui_support import SIZE, goblins, screen_lines, settle

import saves
from core import Encounter
from tui import players_file
from tui.autosaving import AUTOSAVE_DELAY
from tui.watch.app import WatchApp
from tui.watch.follow import Follower

HP, MAX_HP = 37, 53
"""The hidden creature's HP: numbers no one else in the fight has."""
HIDDEN_NAMES = ("Skulker", "Bandit", "Chief")


def ambush() -> tuple[Encounter, str]:
    """Valeros (initiative 20), the hidden Skulker 2 (17, HP 37/53), Goblins 1 and 2 (15)."""
    encounter = goblins()
    skulker = encounter.add(encounter.rules.new_creature("Skulker 2", hp=MAX_HP), 17)
    encounter.update(skulker, now_hp=HP)
    encounter.set_hidden(skulker, True)
    return encounter, skulker


def leaks(text: str, *, shown: bool = False) -> list[str]:
    """Every secret ``text`` holds: the hidden creature's names (only its old one once the GM
    has shown it under the new), its HP and its max HP."""
    secrets = ["Skulker"] if shown else list(HIDDEN_NAMES)
    secrets += [f"{HP}/", f"/{MAX_HP}", f" {HP}", f" {MAX_HP}", f'"{HP}', f'"{MAX_HP}']
    return [secret for secret in secrets if secret in text]


async def written(pilot: Pilot[None]) -> None:
    """Time for the autosave and the players' file after it."""
    await pilot.pause(AUTOSAVE_DELAY + 0.2)
    await settle(pilot)
    await pilot.app.workers.wait_for_complete()


async def test_every_byte_the_players_get_keeps_the_hidden_creature_secret(
        app_factory, data_dir: Path, tmp_path: Path) -> None:
    encounter, skulker = ambush()
    valeros = next(cid for cid in encounter.order if encounter.creature(cid).name == "Valeros")
    app = app_factory(encounter, autosave=True)
    received: list[tuple[str, bytes, bool, str]] = []  # (step, file bytes, shown, who is up)

    async with app.run_test(size=SIZE) as pilot:
        session = app.session

        async def step(label: str, *, shown: bool = False) -> None:
            await written(pilot)
            raw = (data_dir / "autosave.players.json").read_bytes()
            active = session.encounter.active
            up = session.encounter.creature(active).name if active else ""
            received.append((label, raw, shown, up))

        await step("start")
        await pilot.press("n")
        assert session.encounter.active == skulker
        await step("its turn")
        session.apply(lambda e: e.apply_damage([valeros], "7 piercing", actor=skulker), [valeros])
        await step("it attacks")
        session.apply(lambda e: e.update(skulker, name="Bandit Chief"), [skulker])
        await step("renamed")
        await pilot.press("u")
        await step("rename undone")
        await pilot.press("ctrl+y")
        await step("rename redone")
        await pilot.press("n")
        await step("the next turn")
        session.apply(lambda e: e.remove(skulker), [skulker])
        await step("deleted")
        await pilot.press("u")
        await step("deletion undone")
        session.apply(lambda e: e.set_hidden(skulker, False), [skulker])
        await step("shown", shown=True)
        await pilot.press("u")
        await step("shown, undone")

    for label, raw, shown, up in received:
        text = raw.decode("utf-8")
        assert leaks(text, shown=shown) == [], (label, text)
        view = players_file.decode(raw)
        if up in ("Skulker 2", "Bandit Chief") and not shown:
            # its turn looks like the one before it going on: Valeros is still up
            assert view.up == "Valeros" and view.turn == "Round 1 · Valeros's turn", label
        assert "—" not in view.turn

    # and what the watch draws from each, in its own folder as a player's machine would have it
    for number, (label, raw, shown, _up) in enumerate(received):
        folder = tmp_path / f"players-{number}"
        folder.mkdir()
        (folder / "autosave.players.json").write_bytes(raw)
        (folder / "autosave.toml").write_bytes(b"")  # the slot the window held: never read
        watch = WatchApp(Follower(folder))
        async with watch.run_test(size=(80, 24)) as pilot:
            for _ in range(500):
                if watch.watched.view is not None:
                    break
                await pilot.pause(0.01)
            await pilot.pause()
            screen = "\n".join(screen_lines(watch))
        assert watch.watched.view is not None, label
        assert leaks(screen, shown=shown) == [], (label, screen)
        assert screen.split("\n")[1].strip() != "—", label


@pytest.mark.slow
def test_two_terminals_the_watch_receives_no_byte_of_the_hidden_creature(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The GM's app and ``hitledger watch`` as real processes in two 80×24 terminals: the
    hidden creature's turn, an undo and a redo, the GM quitting; every byte the watch's
    terminal received is read back, escape sequences and all."""
    from test_watch_side_by_side import START, Terminal, changed

    data = tmp_path / "data"
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(data))
    encounter, _skulker = ambush()
    saves.save(encounter, name="Ambush")
    autosave = data / "autosave.toml"
    gm = Terminal("Ambush", "--data-dir", str(data))
    watch = None
    try:
        changed(autosave, 0, START)
        players = data / "autosave.players.json"
        end = time.monotonic() + START
        while not players.exists() and time.monotonic() < end:
            time.sleep(0.05)
        watch = Terminal("watch", "--data-dir", str(data))
        watch.wait_for("Valeros's turn", START)
        gm.press(b"n")  # Skulker 2's turn: Valeros's still, as the players see it
        time.sleep(1.5)
        gm.press(b"n")  # Goblin 1's
        watch.wait_for("Goblin 1's turn", 10)
        gm.press(b"u")  # back to Skulker 2's: Valeros's again
        watch.wait_for("Valeros's turn", 10, since=len(watch.output) - 1)
        gm.press(b"\x19")  # ctrl+y: Goblin 1's again
        watch.wait_for("Goblin 1's turn", 10, since=len(watch.output) - 1)
        gm.press(b"q")
        watch.wait_for("the GM's window is closed", 10)
        raw = bytes(watch.output)
        for secret in (b"Skulker", f"{HP}/".encode(), f"/{MAX_HP}".encode()):
            assert secret not in raw, secret
        assert "—" not in watch.text()  # no turn of no one
        assert os.stat(players).st_mode & 0o077 == 0  # the GM's alone
    finally:
        gm.close()
        if watch is not None:
            watch.close()
