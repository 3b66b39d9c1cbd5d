"""F9 right after a restart, with no change since f5, keeps nothing in
the trash: there is no unsaved work ("Unsaved work kept in trash/…" was said)."""

from __future__ import annotations

from pathlib import Path

from tui_support import SIZE, Notes, goblins, settle

from tui.app import make_app
from tui.cli import OPENED, RESUMED, prepare_tui


async def quick_saved_then_quit(app_factory) -> None:
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("f5")
        await pilot.pause(0.5)  # the autosave names the save: written again
        await settle(pilot)
        await pilot.press("q")


def restarted() -> tuple[object, Notes]:
    """The app as `hitledger` with no argument starts it, and its notices."""
    encounter, notice, _seed = prepare_tui([])
    assert notice == RESUMED
    app = make_app(encounter, notice=notice, resumed=notice == RESUMED,
                   saved=notice.startswith(OPENED))
    notes = Notes()
    app.notify = notes  # type: ignore[method-assign]
    return app, notes


async def test_f9_after_a_restart_with_nothing_changed_keeps_nothing(app_factory,
                                                                     data_dir: Path):
    await quick_saved_then_quit(app_factory)
    app, notes = restarted()
    async with app.run_test(size=SIZE) as pilot:  # type: ignore[attr-defined]
        await settle(pilot)
        assert app.session.saved_state() == "saved"  # type: ignore[attr-defined]
        await pilot.press("f9")  # loads at once: nothing would be lost
        await settle(pilot)
        assert notes.last.startswith("Loaded Test Fight")
        assert "trash" not in notes.last
    assert not (data_dir / "trash").exists()


async def test_a_change_after_the_quick_save_is_still_unsaved_after_a_restart(
        app_factory, data_dir: Path):
    await quick_saved_then_quit(app_factory)
    app, _notes = restarted()
    async with app.run_test(size=SIZE) as pilot:  # type: ignore[attr-defined]
        await pilot.press("n")
        await pilot.pause(0.5)
        await settle(pilot)
        await pilot.press("q")
    app, _notes = restarted()
    async with app.run_test(size=SIZE) as pilot:  # type: ignore[attr-defined]
        await settle(pilot)
        assert app.session.saved_state() == "autosaved"  # type: ignore[attr-defined]
        assert app.session.unsaved_work  # type: ignore[attr-defined]
