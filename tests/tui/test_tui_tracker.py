"""Next turn and the persistent-condition tracker: ticks, flat checks, add, remove, immunities."""

from __future__ import annotations

from typing import Any

from textual.widgets import DataTable, Input, Select
from tui_support import ids_by_name, type_text

from core import Encounter, get_system
from tui.screens.tracker import AddConditionModal, TrackerScreen

SIZE = (80, 24)


def bleeding_rogue(**settings) -> Encounter:
    """A goblin (first in the order) with persistent bleed, and a rogue."""
    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="Bleed", settings=settings or None)
    goblin = encounter.add(rules.new_creature("Goblin", hp=30), initiative=20)
    encounter.add(rules.new_creature("Rogue", pc=True, hp=30), initiative=10)
    encounter.add_persistent(goblin, "1d6 bleed")
    return encounter


def cells(table, row: int) -> list[str]:
    """Plain text of one table row."""
    return [getattr(cell, "plain", str(cell)) for cell in table.get_row_at(row)]


async def test_next_turn_ticks_persistent_damage_and_rolls_the_flat_check(app_factory):
    encounter = bleeding_rogue()
    goblin = ids_by_name(encounter)["Goblin"]
    app = app_factory(encounter, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        assert encounter.active == goblin
        await pilot.press("n")
        await pilot.pause()
        # nothing to answer, so the roster stays and the notice says it
        assert app.screen is app.roster
        assert app.notes.last == "Rogue's turn · Goblin: bleed 2, HP 30 → 28"
        await pilot.press("p")  # the tracker, with the turn that ticked
        tracker = app.screen
        assert isinstance(tracker, TrackerScreen)
        creature = encounter.creature(goblin)
        assert creature.hp == 28  # seed 4: the bleed rolls 2
        event = encounter.log[-1]
        assert event.kind == "turn"
        assert any("bleed" in detail for detail in event.details)
        last = str(tracker.query_one("#last-event").render())
        assert "Goblin" in last and "bleed" in last
        # the flat check rolls 10 and fails: the condition stays, with its check
        row = cells(tracker.query_one("#persistent", DataTable), 0)
        assert row == ["Goblin", "1d6 bleed", "1", "end of turn", "—", "10 failed"]
        # the roster shows the new HP too
        track = app.roster.table.get_cell(goblin, "track").plain
        assert f"{creature.hp}/30" in track
        await pilot.press("escape")
        assert app.screen is app.roster
        assert encounter.active == ids_by_name(encounter)["Rogue"]


async def test_flat_checks_wait_for_the_gm_and_resolve_all_rolls_them(app_factory):
    encounter = bleeding_rogue(flat_checks="ask")
    goblin = ids_by_name(encounter)["Goblin"]
    app = app_factory(encounter, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        tracker = app.screen
        assert isinstance(tracker, TrackerScreen)
        assert encounter.pending_checks() == [(goblin, 0)]
        assert "check due" in cells(tracker.query_one("#persistent", DataTable), 0)[5]
        await pilot.press("F")
        await pilot.pause()
        assert encounter.pending_checks() == []
        assert encounter.log[-1].kind == "flat-check"


async def test_a_flat_check_takes_the_gms_own_roll(app_factory):
    encounter = bleeding_rogue(flat_checks="ask")
    goblin = ids_by_name(encounter)["Goblin"]
    app = app_factory(encounter, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("f")
        await type_text(pilot, "17")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TrackerScreen)
        assert encounter.creature(goblin).persistent == []  # 17 ≥ 15 ends the bleed
        assert "17" in " ".join(encounter.log[-1].details + (encounter.log[-1].text,))


async def test_tick_now_and_remove(app_factory):
    encounter = bleeding_rogue()
    goblin = ids_by_name(encounter)["Goblin"]
    app = app_factory(encounter, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        assert isinstance(app.screen, TrackerScreen)
        await pilot.press("f1")  # help's title names the screen
        assert app.screen.query_one("#help-box").border_title == "Keys · tracker"
        await pilot.press("escape")
        assert isinstance(app.screen, TrackerScreen)
        await pilot.press("t")
        await pilot.pause()
        assert encounter.log[-1].kind == "tick"
        assert encounter.creature(goblin).hp == 25  # seed 5: the bleed rolls 5
        await pilot.press("x")
        await pilot.pause()
        assert encounter.creature(goblin).persistent == []
        assert cells(app.screen.query_one("#persistent", DataTable), 0)[0] == "none"
        await pilot.press("u")
        await pilot.pause()
        assert len(encounter.creature(goblin).persistent) == 1
        assert cells(app.screen.query_one("#persistent", DataTable), 0)[1] == "1d6 bleed"


async def test_add_persistent_damage_and_a_temporary_immunity(app_factory):
    encounter = bleeding_rogue()
    rogue = ids_by_name(encounter)["Rogue"]
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "p", "down")  # the rogue has nothing yet: pick from the form
        await pilot.press("a")
        modal = app.screen
        assert isinstance(modal, AddConditionModal)
        modal.query_one("#creature", Select).value = rogue
        modal.query_one("#text").focus()
        modal.query_one("#text", Input).value = "2d6 fire"  # as typed
        await pilot.press("enter")
        await pilot.pause()
        assert [p.formula for p in encounter.creature(rogue).persistent] == ["2d6 fire"]
        await pilot.press("a")
        modal = app.screen
        modal.query_one("#creature", Select).value = rogue
        modal.query_one("#effect").focus()
        modal.query_one("#effect", Input).value = "frightened"  # as typed
        await pilot.press("enter")
        await pilot.pause()
        immunity = encounter.creature(rogue).temp_immunities[0]
        assert immunity.effect == "frightened"
        table = app.screen.query_one("#immunities")
        assert cells(table, 0)[:2] == ["Rogue", "frightened"]


def crowded(count: int) -> Encounter:
    """``count`` goblins, each frightened: one row each in the conditions table."""
    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="Crowd")
    for number in range(count):
        cid = encounter.add(rules.new_creature(f"Goblin {number + 1}", hp=6))
        encounter.add_condition(cid, "frightened", 1)
    return encounter


def shown_rows(table: DataTable[Any]) -> int:
    """Rows of a DataTable the GM can see without scrolling (its header aside)."""
    return max(table.size.height - 1, 0)


async def test_eight_conditions_all_show_at_80x24(app_factory):
    # Play report S8-2: 5 of 8 rows showed, with no sign of the other 3.
    app = app_factory(crowded(8))
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(TrackerScreen())
        await pilot.pause()
        await pilot.pause()
        table = app.screen.query_one("#conditions")
        assert table.row_count == 8 and shown_rows(table) >= 8


async def test_conditions_that_do_not_fit_say_how_many_more_and_scroll(app_factory):
    app = app_factory(crowded(20))
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(TrackerScreen())
        await pilot.pause()
        await pilot.pause()
        tracker = app.screen
        table = tracker.query_one("#conditions")
        hidden = table.row_count - shown_rows(table)
        assert hidden > 0
        section = str(tracker.query_one("#conditions-section").render())
        assert f"+{hidden} more ↓" in section
        table.focus()
        await pilot.press("pagedown", "pagedown")  # to the last row (19 downs did it key by key)
        await pilot.pause()
        await pilot.pause()
        assert table.cursor_row == table.row_count - 1
        assert "more ↓" not in str(tracker.query_one("#conditions-section").render())
        assert table.scroll_y > 0


async def test_without_persistent_damage_the_conditions_take_the_room_of_the_hidden_tables(
        app_factory):
    """Daggerheart hides the persistent and immunity tables: their lines were still counted
    out of the conditions table's room, so "+N more" showed with lines left empty (review 4)."""
    rules = get_system("daggerheart")
    encounter = Encounter(system="daggerheart", name="Crowd")
    for number in range(14):
        cid = encounter.add(rules.new_creature(f"Bandit {number + 1}", hp=4, major=6,
                                               severe=11))
        encounter.add_condition(cid, "vulnerable", None)
    app = app_factory(encounter, system="daggerheart")
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(TrackerScreen())
        await pilot.pause()
        await pilot.pause()
        table = app.screen.query_one("#conditions")
        assert shown_rows(table) == 14 == table.row_count
