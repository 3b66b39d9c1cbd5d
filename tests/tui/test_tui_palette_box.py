"""Monsters from the box in the command palette: typing a name lists the box's and the GM's
library's matches (exact, prefix, fuzzy; lvl:/tier:/cr: filters), each row with its name,
level, HP, AC and source; enter adds the creature, a number typed first adds that many."""

from __future__ import annotations

from textual.command import CommandList, CommandPalette
from tui_support import ids_by_name, type_text, until

from core import Encounter, get_system
from saves import library

SIZE = (100, 30)


def party(system: str = "pf2e") -> Encounter:
    rules = get_system(system)
    encounter = Encounter(system=system, name="Four heroes")
    for index, name in enumerate(("Amiri", "Kyra", "Merisiel", "Valeros")):
        encounter.add(rules.new_creature(name, pc=True, hp=20), initiative=10 + index)
    return encounter


def rows(app) -> list[str]:
    """The palette's rows as shown, top first."""
    found = app.screen.query_one(CommandList)
    return [str(found.get_option_at_index(i).prompt).split("\n")[0]
            for i in range(found.option_count)]


async def palette_rows(pilot, typed: str, first: str) -> list[str]:
    """Open the palette, type ``typed``; its rows once one starts with ``first``."""
    await pilot.press("ctrl+p")
    await until(pilot, lambda: isinstance(pilot.app.screen, CommandPalette))
    await type_text(pilot, typed)
    await until(pilot, lambda: any(row.startswith(first) for row in rows(pilot.app)))
    return rows(pilot.app)


async def test_the_palette_finds_a_goblin_warrior_in_the_box_and_enter_adds_it(app_factory):
    app = app_factory(party())
    async with app.run_test(size=SIZE) as pilot:
        shown = await palette_rows(pilot, "gob war", "Add Goblin Warrior")
        row = next(r for r in shown if r.startswith("Add Goblin Warrior"))
        # the printed block's numbers (Pathfinder Bestiary: level -1, HP 6, AC 16)
        assert "Lvl -1" in row and "HP 6" in row and "AC 16" in row
        assert "Pathfinder Bestiary" in row
        assert shown[0] == row                   # the best match first, above any command
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is app.roster)
        await pilot.pause()
        names = ids_by_name(app.session.encounter)
        assert "Goblin Warrior" in names
        goblin = app.session.encounter.creature(names["Goblin Warrior"])
        assert (goblin.max_hp, goblin.numbers["ac"], goblin.attacks[0].label) == (6, 16, "dogslicer")
        assert "Goblin Warrior" in app.notes.last


async def test_a_number_typed_first_adds_that_many_each_rolling_initiative(app_factory):
    app = app_factory(party())
    async with app.run_test(size=SIZE) as pilot:
        shown = await palette_rows(pilot, "4 gob war", "Add 4 × Goblin Warrior")
        assert shown[0].startswith("Add 4 × Goblin Warrior")
        await pilot.press("enter")
        await until(pilot, lambda: "Goblin Warrior 4" in ids_by_name(app.session.encounter))
        names = ids_by_name(app.session.encounter)
        added = [f"Goblin Warrior {n}" for n in range(1, 5)]
        assert set(added) <= set(names) and "Goblin Warrior 5" not in names
        # initiative rolled as the add form rolls it: d20 + Perception +2 each
        assert all(3 <= app.session.encounter.initiative(names[n]) <= 22 for n in added)


async def test_the_gms_library_is_searched_with_the_box(app_factory):
    rules = get_system("pf2e")
    library.add("pf2e", rules.new_creature("Goblin Sharpshooter", hp=11, numbers={"ac": 17}))
    app = app_factory(party())
    async with app.run_test(size=SIZE) as pilot:
        shown = await palette_rows(pilot, "gob sharp", "Add Goblin Sharpshooter")
        row = next(r for r in shown if r.startswith("Add Goblin Sharpshooter"))
        assert "your library" in row
        await pilot.press("enter")
        await until(pilot, lambda: "Goblin Sharpshooter" in ids_by_name(app.session.encounter))
        kept = app.session.encounter.creature(ids_by_name(app.session.encounter)["Goblin Sharpshooter"])
        assert kept.max_hp == 11


async def test_a_level_filter_keeps_the_levels_in_range(app_factory):
    app = app_factory(party())
    async with app.run_test(size=SIZE) as pilot:
        shown = await palette_rows(pilot, "goblin lvl:1", "Add Goblin")
        box = [r for r in shown if r.startswith("Add ") and " Lvl " in r]
        assert box and all(" Lvl 1 " in r for r in box)
        assert not any(r.startswith("Add Goblin Warrior") for r in shown)   # level -1


async def test_daggerheart_rows_show_tier_and_difficulty(app_factory):
    app = app_factory(party("daggerheart"), system="daggerheart")
    async with app.run_test(size=SIZE) as pilot:
        shown = await palette_rows(pilot, "jagged knife band", "Add Jagged Knife Bandit")
        row = next(r for r in shown if r.startswith("Add Jagged Knife Bandit"))
        # SRD: Tier 1, Difficulty 12, HP 5
        assert "Tier 1" in row and "HP 5" in row and "Diff 12" in row
        await pilot.press("enter")
        await until(pilot, lambda: "Jagged Knife Bandit" in ids_by_name(app.session.encounter))


async def test_a_filter_that_is_not_one_is_said_in_the_palette(app_factory):
    app = app_factory(party())
    async with app.run_test(size=SIZE) as pilot:
        shown = await palette_rows(pilot, "goblin lvl:x", "lvl:x is not a level")
        row = next(r for r in shown if r.startswith("lvl:x is not a level"))
        assert "lvl:1-3" in row                        # what to type instead


async def test_too_many_copies_are_refused_naming_the_most(app_factory):
    app = app_factory(party())
    async with app.run_test(size=SIZE) as pilot:
        shown = await palette_rows(pilot, "500 gob war", "Count must be between 1 and")
        assert any(r.startswith("Count must be between 1 and") for r in shown)
        assert not any(r.startswith("Add 500") for r in shown)
