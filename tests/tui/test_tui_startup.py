"""Start-up (issue 10: within 1.25x a bare Textual app): file work waits for the first frame."""

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
