"""Start-up (within 1.25x a bare Textual app): file work waits for the first frame."""

from __future__ import annotations

from pathlib import Path

from tui_support import SIZE, goblins

import saves


async def test_the_autosave_is_claimed_and_written_after_the_first_frame(app_factory,
                                                                          data_dir: Path):
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        assert app.persistence.autosave_file is None  # the roster is drawn first
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert app.persistence.autosave_file == data_dir / "autosave.toml"
        assert saves.load(data_dir / "autosave.toml").name == app.session.encounter.name


async def test_quitting_before_the_claim_still_autosaves_into_a_slot_of_its_own(app_factory,
                                                                                 data_dir: Path):
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        persistence = app.persistence
        assert persistence.autosave_file is None
        app.session.apply(lambda encounter: encounter.next_turn())
        assert persistence.autosave_before_exit()
        assert persistence.autosave_file == data_dir / "autosave.toml"
        assert saves.load(data_dir / "autosave.toml").turn == app.session.encounter.turn
        await pilot.pause()  # the deferred claim finds the slot held already: no second one
        assert persistence.autosave_file == data_dir / "autosave.toml"
        assert not (data_dir / "autosave-2.toml").exists()


async def test_the_autosave_slot_is_claimed_off_the_ui_thread(app_factory, data_dir: Path,
                                                              monkeypatch):
    """Lock files and a look at the old autosave (up to 50 MB): a slow data dir must not
    hold up the GM's first key (review 2, 1.3)."""
    from test_tui_background_writes import patch_writer

    from saves import slots

    writer = patch_writer(monkeypatch, slots, "claim_slot")
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert writer.threads and not writer.on_ui_thread
        assert app.persistence.autosave_file == data_dir / "autosave.toml"


async def test_no_slot_is_claimed_once_the_app_is_exiting(app_factory, data_dir: Path,
                                                          monkeypatch):
    from test_tui_background_writes import patch_writer

    from saves import slots

    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        assert app.persistence.autosave_file is None
        app.exit()
        writer = patch_writer(monkeypatch, slots, "claim_slot")
        app.persistence.claim_autosave()  # the deferred claim, once the GM has quit
        await pilot.pause()
    assert not writer.threads
    assert not list(data_dir.glob("autosave*.toml"))


async def test_quitting_before_a_failed_claim_came_back_asks_for_a_second_q(app_factory,
                                                                           monkeypatch):
    """The data dir cannot be written and the claim had not come back when the GM pressed q:
    the changes are not written, so the GM is told, and only a second q quits (review 3, 6)."""
    from saves import slots
    from tui.persistence import Persistence

    def refused(prefer: Path | None) -> None:
        raise OSError(13, "Permission denied", "/data/autosave.toml")

    monkeypatch.setattr(Persistence, "claim_autosave", lambda self: None)  # not back yet
    monkeypatch.setattr(slots, "claim_slot", refused)
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # a change only the autosave would keep
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running
        assert "q again quits anyway" in app.notes.last
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running
