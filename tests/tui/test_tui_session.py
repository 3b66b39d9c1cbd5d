"""One path for change: the session applies and announces every
change; screens follow its signals; the palette is derived from the bindings."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import DataTable
from tui_support import goblins, ids_by_name

from tui.commands import EncounterCommands
from tui.screens.roster import RosterScreen
from tui.screens.tracker import TrackerScreen
from tui.session import Change
from tui.widgets.encounter_header import EncounterHeader

SIZE = (80, 24)


async def test_apply_changes_the_encounter_and_announces_it_once(app_factory):
    encounter = goblins()
    goblin = ids_by_name(encounter)["Goblin 1"]
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        heard: list[Change] = []
        app.session.changed_signal.subscribe(app.roster, heard.append, immediate=True)
        outcomes = app.session.apply(lambda enc: enc.apply_damage([goblin], "7 slashing"),
                                     {goblin})
        await pilot.pause()
        assert outcomes[goblin].total == 7
        assert heard == [Change(frozenset({goblin}), encounter.log[-1])]
        assert "8/15" in str(app.roster.table.get_row(goblin)[2])
        assert app.roster.query_one(EncounterHeader).saved_state == "unsaved"


async def test_the_tracker_follows_a_change_made_elsewhere(app_factory):
    encounter = goblins()
    goblin = ids_by_name(encounter)["Goblin 1"]
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        tracker = app.screen
        assert isinstance(tracker, TrackerScreen)
        app.session.apply(lambda enc: enc.add_persistent(goblin, "1d6 bleed"), {goblin})
        await pilot.pause()
        assert tracker.query_one("#persistent", DataTable).row_count == 1
        assert str(tracker.query_one("#persistent", DataTable).get_row_at(0)[0]) == "Goblin 1"


async def test_a_turn_moves_the_roster_cursor_to_the_active_creature(app_factory):
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        event = app.session.next_turn()
        await pilot.pause()
        assert app.roster.table.highlighted_id == app.session.encounter.active
        assert app.notes.last == event.text


async def test_the_palette_offers_each_binding_with_its_own_keys(app_factory):
    app = app_factory(goblins())
    async with app.run_test(size=SIZE):
        commands = {c.name: c.help for c in EncounterCommands(app.screen).commands()}
        assert commands["Add creature"] == "Add creature (a)"
        assert commands["Undo"] == "Undo (u)"     # ctrl+z suspends
        assert commands["Suspend"] == "Suspend to the shell (fg brings it back) (^z)"
        assert commands["Remove defeated"] == "Remove every defeated creature (X)"
        assert "Mark" not in commands and "Quit" not in commands


async def test_a_new_binding_reaches_the_palette_without_a_second_list(app_factory, monkeypatch):
    extra = Binding("z", "clear_marks", "Unmark all", id="roster.unmark_all")
    monkeypatch.setattr(RosterScreen, "BINDINGS", [*RosterScreen.BINDINGS, extra])
    app = app_factory(goblins())
    async with app.run_test(size=SIZE):
        commands = {c.name: c.help for c in EncounterCommands(app.screen).commands()}
        assert commands["Unmark all"] == "Unmark all (z)"
