"""Roster: rows keyed by creature id, marks, add/edit/remove, heal, undo/redo, tracks per system."""

from __future__ import annotations

import pytest
from textual.widgets import Input
from tui_support import goblins, ids_by_name, open_add_form, type_text

from core import Encounter, get_system
from tui.screens.creature_form import CreatureForm
from tui.screens.dialogs import ConfirmModal
from tui.screens.heal import HealModal
from tui.widgets import roster_table
from tui.widgets.notation_field import NotationField
from tui.widgets.roster_table import RosterTable, creature_cells

SIZE = (80, 24)


def cell_text(table: RosterTable, row: str, column: str) -> str:
    """The plain text of one roster cell."""
    value = table.get_cell(row, column)
    rich = value.__rich__() if hasattr(value, "__rich__") else value
    return getattr(rich, "plain", str(rich))


async def test_rows_are_keyed_by_creature_id_and_the_active_one_is_marked(app_factory):
    encounter = goblins()
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        table = app.roster.table
        assert [row.key.value for row in table.ordered_rows] == encounter.order
        first = encounter.order[0]
        assert cell_text(table, first, "init").startswith("▶")
        assert "Valeros (PC)" in cell_text(table, first, "name")
        assert "weak fire 5" in cell_text(table, encounter.order[1], "defenses")
        assert pilot.app.screen is app.roster


async def test_space_marks_targets_and_escape_clears_them(app_factory):
    encounter = goblins()
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "space", "space")
        table = app.roster.table
        ids = ids_by_name(encounter)
        assert table.marked == {ids["Goblin 1"], ids["Goblin 2"]}
        assert cell_text(table, ids["Goblin 1"], "init").endswith("✓")
        await pilot.press("escape")
        assert table.marked == frozenset()
        assert not cell_text(table, ids["Goblin 1"], "init").endswith("✓")


async def test_add_creatures_with_a_defense_line(app_factory):
    encounter = Encounter(system="pf2e", name="Crypt")
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_add_form(pilot, "Wight")
        await pilot.press("tab")
        await pilot.press("ctrl+a", "ctrl+k")  # clear "1" in Count
        await type_text(pilot, "2")
        await pilot.press("tab")  # Count → HP (PC is the last field)
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "50")
        form.query_one("#initiative", Input).value = "17"
        form.query_one("#traits", Input).value = "undead"
        field = form.query_one("#defenses", NotationField)
        field.focus_input()
        await type_text(pilot, "weaknesses fire 5; resistances physical 5 (except silver)")
        await pilot.pause()
        assert field.valid
        assert "weakness fire 5" in field.understood
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is app.roster
        names = [encounter.creature(cid).name for cid in encounter.order]
        assert names == ["Wight 1", "Wight 2"]
        wight = encounter.creature(encounter.order[0])
        assert wight.max_hp == 50
        assert "undead" in wight.traits
        assert encounter.initiative(encounter.order[0]) == 17
        assert "fire 5" in encounter.rules.short_defenses(wight)
        assert app.roster.table.row_count == 2
        # "Wight 1…2" went in as one undo step.
        await pilot.press("u")
        assert encounter.order == []
        assert app.roster.table.row_count == 0


async def test_a_defense_typo_is_shown_with_a_caret_and_nothing_is_added(app_factory):
    encounter = Encounter(system="pf2e", name="Crypt")
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_add_form(pilot, "Wight")
        field = form.query_one("#defenses", NotationField)
        field.focus_input()
        await type_text(pilot, "resistances fyre 5")
        await pilot.pause()
        assert not field.valid
        feedback = str(field.query_one(".feedback").render())
        assert "^" in feedback and "fyre" in feedback
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CreatureForm)
        assert "defense line" in str(form.query_one("#form-error").render())
        await pilot.press("escape")
        assert encounter.order == []


async def test_edit_changes_only_what_changed(app_factory):
    encounter = goblins()
    ids = ids_by_name(encounter)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "e")
        form = app.screen
        assert isinstance(form, CreatureForm)
        assert form.query_one("#stat-hp", Input).value == "15"
        form.query_one("#stat-hp", Input).value = "20"
        await pilot.press("enter")
        await pilot.pause()
        goblin = encounter.creature(ids["Goblin 1"])
        assert goblin.max_hp == 20
        assert "20/20" in cell_text(app.roster.table, ids["Goblin 1"], "track")
        assert encounter.log[-1].kind == "edit"


async def test_delete_asks_then_removes_and_undo_brings_it_back(app_factory):
    encounter = goblins()
    ids = ids_by_name(encounter)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "delete")
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        await pilot.pause()
        assert ids["Goblin 1"] not in encounter.order
        assert app.roster.table.row_count == 2
        await pilot.press("u")
        await pilot.pause()
        assert ids["Goblin 1"] in encounter.order
        assert [row.key.value for row in app.roster.table.ordered_rows] == encounter.order
        assert app.notes.last.startswith("Undid:")


async def test_heal_asks_an_amount(app_factory):
    encounter = goblins()
    ids = ids_by_name(encounter)
    encounter.apply_damage([ids["Valeros"]], "12 slashing")
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        assert isinstance(app.screen, HealModal)
        await type_text(pilot, "5")
        await pilot.press("enter")
        await pilot.pause()
        assert encounter.creature(ids["Valeros"]).hp == 33
        assert "33/40" in cell_text(app.roster.table, ids["Valeros"], "track")


async def test_undo_and_redo_say_what_they_did(app_factory):
    encounter = goblins()
    ids = ids_by_name(encounter)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        goblin = ids["Goblin 1"]
        app.session.apply(lambda enc: enc.apply_damage([goblin], "7 slashing"), {goblin})
        await pilot.press("u")
        assert encounter.creature(ids["Goblin 1"]).hp == 15
        assert "15/15" in cell_text(app.roster.table, ids["Goblin 1"], "track")
        assert app.notes.last.startswith("Undid: 7 slashing")
        await pilot.press("ctrl+y")
        assert encounter.creature(ids["Goblin 1"]).hp == 8
        assert "8/15" in cell_text(app.roster.table, ids["Goblin 1"], "track")
        assert app.notes.last.startswith("Redid: 7 slashing")
        await pilot.press("u")
        assert encounter.creature(ids["Goblin 1"]).hp == 15


@pytest.mark.parametrize("system", ["pf2e", "sf2e", "vitality-wounds", "daggerheart", "d20-3e"])
async def test_each_system_shows_its_own_track(app_factory, system):
    app = app_factory(system=system)
    async with app.run_test(size=SIZE):
        encounter = app.session.encounter
        rules = get_system(system)
        table = app.roster.table
        assert table.row_count == len(encounter.order) > 0
        for cid in encounter.order:
            track = cell_text(table, cid, "track")
            assert rules.track_text(encounter.creature(cid)) in track
        sample = cell_text(table, encounter.order[0], "track")
        expected = {"pf2e": "/", "sf2e": "/", "vitality-wounds": "V ",
                    "daggerheart": "HP □", "d20-3e": "HP "}[system]
        assert expected in sample
        if system == "daggerheart":
            assert "█" not in sample  # slots, not a bar
        else:
            bar = sample.split(" ")[0]  # the demo's first creature is unhurt: a full bar
            assert bar and set(bar) == {"█"}, sample


async def test_status_is_in_words(app_factory):
    encounter = goblins()
    ids = ids_by_name(encounter)
    encounter.apply_damage([ids["Goblin 1"]], "30 slashing")
    encounter.add_persistent(ids["Goblin 2"], "1d6 bleed")
    app = app_factory(encounter)
    async with app.run_test(size=SIZE):
        table = app.roster.table
        assert cell_text(table, ids["Goblin 1"], "status") == "dead"
        assert "1d6 bleed" in cell_text(table, ids["Goblin 2"], "status")


def crowd(size: int) -> Encounter:
    """An encounter of ``size`` goblins, enough to scroll."""
    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="Horde")
    encounter.add_many([rules.new_creature(f"Goblin {n}", hp=15) for n in range(size)],
                       initiative=10)
    return encounter


@pytest.mark.parametrize("system", ["pf2e", "sf2e", "vitality-wounds", "daggerheart", "d20-3e"])
async def test_columns_have_fixed_widths_that_fit_80_columns(app_factory, system):
    app = app_factory(system=system)
    async with app.run_test(size=SIZE):
        table = app.roster.table
        columns = table.ordered_columns
        assert not any(column.auto_width for column in columns)
        # two cells of padding per column and room for a vertical scrollbar
        assert sum(column.width + 2 for column in columns) + 2 <= SIZE[0]
        for cid in app.session.encounter.order:
            for column in columns:
                assert len(cell_text(table, cid, column.key.value)) <= column.width


async def test_a_change_touches_only_the_changed_rows(app_factory, monkeypatch):
    encounter = crowd(60)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        table = app.roster.table
        updated: list[tuple[str, str, bool]] = []
        original = RosterTable.update_cell

        def spy(self, row_key, column_key, value, *, update_width=False):
            updated.append((row_key, column_key, update_width))
            return original(self, row_key, column_key, value, update_width=update_width)

        monkeypatch.setattr(RosterTable, "update_cell", spy)
        rendered: list[str] = []

        def counting(encounter, creature_id, **options):  # every row is drawn by creature_cells
            rendered.append(creature_id)
            return creature_cells(encounter, creature_id, **options)

        monkeypatch.setattr(roster_table, "creature_cells", counting)
        target = encounter.order[30]
        app.session.apply(lambda enc: enc.apply_damage([target], "7 slashing"), {target})
        await pilot.pause()
        assert rendered == [target]
        assert {row for row, _, _ in updated} == {target}
        assert not any(width for _, _, width in updated)
        assert "8/15" in cell_text(table, target, "track")


async def test_an_initiative_change_moves_the_row_and_keeps_the_cursor(app_factory):
    encounter = crowd(5)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        table = app.roster.table
        last = encounter.order[-1]
        table.select_creature(last)
        app.session.apply(lambda enc: enc.update(last, initiative=30), {last})
        await pilot.pause()
        assert [row.key.value for row in table.ordered_rows] == encounter.order
        assert encounter.order[0] == last
        assert table.highlighted_id == last


async def test_home_end_g_and_shift_g_jump_to_the_first_and_last_creature(app_factory):
    encounter = crowd(40)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        table = app.roster.table
        await pilot.press("end")
        assert table.highlighted_id == encounter.order[-1]
        await pilot.press("home")
        assert table.highlighted_id == encounter.order[0]
        await pilot.press("G")
        assert table.highlighted_id == encounter.order[-1]
        await pilot.press("g")
        assert table.highlighted_id == encounter.order[0]
        await pilot.press("question_mark")
        await pilot.pause()
        shown = str(app.screen.query_one("#help-scroll Static").render())
        assert "then move down" in shown
        assert "First creature" in shown and "Last creature" in shown


async def test_the_cursor_stays_on_its_creature_whenever_the_order_changes(app_factory):
    """Play report 2: the cursor is on a creature, not a row, through every re-sort
    (roll, set initiative, move in the order, undo, redo)."""
    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="Unrolled")
    for name in ("Amiri", "Ezren", "Kyra", "Merisiel"):
        encounter.add(rules.new_creature(name, pc=True, hp=20), initiative=0)
    app = app_factory(encounter, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        table = app.roster.table
        merisiel = ids_by_name(encounter)["Merisiel"]
        await pilot.press("end")
        steps = (("i",), ("I", "ctrl+u", "3", "0", "enter"), ("right_square_bracket",),
                 ("u",), ("u",), ("ctrl+y",))
        orders = []
        for keys in steps:
            await pilot.press(*keys)
            await pilot.pause()
            orders.append(list(encounter.order))
            assert [row.key.value for row in table.ordered_rows] == encounter.order
            assert table.highlighted_id == merisiel, keys
            assert table.cursor_row == encounter.order.index(merisiel)
        assert len({tuple(order) for order in orders}) > 1  # the rows did move


async def test_star_marks_everyone_still_in_the_fight_and_escape_clears_them(app_factory):
    """Play report 2: a fireball on four targets is one key, not four ``space``."""
    encounter = goblins()
    ids = ids_by_name(encounter)
    encounter.add_condition(ids["Goblin 2"], "dead")
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        table = app.roster.table
        await pilot.press("asterisk")
        assert table.marked == {ids["Valeros"], ids["Goblin 1"]}
        assert cell_text(table, ids["Goblin 1"], "init").endswith("✓")
        assert not cell_text(table, ids["Goblin 2"], "init").endswith("✓")
        await pilot.press("escape")
        assert table.marked == frozenset()
        await pilot.press("ctrl+a")
        assert table.marked == {ids["Valeros"], ids["Goblin 1"]}
        await pilot.press("question_mark")
        await pilot.pause()
        shown = str(app.screen.query_one("#help-scroll Static").render())
        assert "Mark everyone still in the fight" in shown
