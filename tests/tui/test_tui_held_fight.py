"""The fight another running window holds: started with no argument, the app says so in full
and offers to read it here (writing nothing), to take a copy of one's own, or to quit; it
never opens a demo in its place, and reading it never writes its file (Pilot, 80×24)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_support import SIZE, Notes, goblins, screen_lines, settle, type_text, window_holding

import saves
from tui.app import HitLedgerApp
from tui.cli import prepare_tui, tui_app
from tui.screens.dialogs import ChoiceModal


def _files(folder: Path) -> dict[str, bytes]:
    """Every file of the data dir but the lock files (the other window's), and its bytes."""
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file() and not path.name.endswith(".lock")}


def _started() -> tuple[HitLedgerApp, Notes]:
    """``hitledger`` with no argument, as main() builds it, and its notices."""
    encounter, notice, seed = prepare_tui([])
    app = tui_app(encounter, notice, seed)
    notes = Notes()
    app.notify = notes  # type: ignore[method-assign]
    return app, notes


def _dialog_text(app) -> str:
    """The dialog's lines, as the terminal shows them (its box only), joined."""
    screen_lines(app)                                         # the screens under it drawn too
    region = app.screen.query_one(".dialog-box").region
    strips = app.screen._compositor.render_strips()
    return " ".join(strips[y].crop(region.x, region.right).text.strip(" ▊▎▔▁")
                    for y in range(region.y, region.bottom))


async def _held_offered(pilot, app) -> ChoiceModal:
    await settle(pilot)
    assert isinstance(app.screen, ChoiceModal)
    assert app.session.encounter.name == "Test Fight"    # the fight itself, not a demo
    return app.screen


async def test_the_held_fight_is_said_in_full_and_read_only_writes_nothing(data_dir: Path):
    saves.autosave(goblins())
    with window_holding(data_dir / "autosave.toml") as other:
        before = _files(data_dir)
        app, notes = _started()
        async with app.run_test(size=SIZE) as pilot:
            await _held_offered(pilot, app)
            said = _dialog_text(app)
            assert f"process {other}" in said and "autosave.toml" in said and "…" not in said
            for choice in ("Read it here", "copy", "Quit"):
                assert choice in said, choice
            await pilot.press("enter")                        # the first: read it here
            await settle(pilot)
            assert app.screen is app.roster
            await pilot.press("down", "d")
            await type_text(pilot, "5 fire")
            await pilot.press("enter")                        # a change, in this window only
            await settle(pilot)
            hp = app.session.encounter.creature(app.session.encounter.order[1]).hp
            assert hp is not None and hp < 15
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert "Read-only" in notes.last
            await pilot.press("f5")
            await settle(pilot)
            assert "Read-only" in notes.last
            await pilot.press("q")
            await settle(pilot)
        assert _files(data_dir) == before                     # nothing written, nothing moved


async def test_a_copy_of_the_held_fight_autosaves_apart(data_dir: Path):
    saves.autosave(goblins())
    with window_holding(data_dir / "autosave.toml"):
        held = (data_dir / "autosave.toml").read_bytes()
        app, _notes = _started()
        async with app.run_test(size=SIZE) as pilot:
            await _held_offered(pilot, app)
            await pilot.press("down", "enter")                # a copy of my own
            await settle(pilot)
            await pilot.pause(0.5)
            await settle(pilot)
            assert app.session.encounter.name == "Test Fight (copy)"
            assert app.persistence.autosave_file == data_dir / "autosave-2.toml"
            copy = saves.load_autosave(data_dir / "autosave-2.toml")
            assert copy is not None and copy.name == "Test Fight (copy)"
            await pilot.press("q")
        assert (data_dir / "autosave.toml").read_bytes() == held


async def test_quit_leaves_the_held_fight_to_the_other_window(data_dir: Path):
    saves.autosave(goblins())
    with window_holding(data_dir / "autosave.toml"):
        before = _files(data_dir)
        app, _notes = _started()
        async with app.run_test(size=SIZE) as pilot:
            await _held_offered(pilot, app)
            await pilot.press("down", "down", "enter")
            await settle(pilot)
        assert app.return_code in (0, None)
        assert _files(data_dir) == before


@pytest.mark.usefixtures("japanese")
async def test_the_held_fight_is_said_in_full_in_japanese(data_dir: Path):
    saves.autosave(goblins())
    with window_holding(data_dir / "autosave.toml") as other:
        app, _notes = _started()
        async with app.run_test(size=SIZE) as pilot:
            await _held_offered(pilot, app)
            said = _dialog_text(app).replace(" ", "")
            assert str(other) in said and "autosave.toml" in said and "…" not in said
            assert "読み取り専用" in said and "コピー" in said and "終了" in said
            await pilot.press("escape")                       # no choice: read it only
            await settle(pilot)
            assert app.screen is app.roster
            assert app.persistence.read_only is app.session.encounter
