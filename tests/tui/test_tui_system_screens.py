"""Screens show only what the encounter's rule system uses (play report scenario 9): the
add form, the paste preview, the roster's keys, the saves list; the tracker's footer fits
80 columns; a log export never overwrites a file."""

from __future__ import annotations

from contextlib import asynccontextmanager

import pytest
from tui_support import SIZE, goblins, static_text, until

from core import SYSTEM_IDS, Encounter, get_system
from tui.screens.saves_browser import SavesTable

NO_INITIATIVE = [system for system in SYSTEM_IDS if not get_system(system).has_initiative]


# -- the add and edit forms: no initiative field where the system has no initiative -------

# the add form's initiative fields per system: test_tui_input_fixes's
# test_the_add_and_edit_forms_of_every_system (one add form per system for every check)

# enter on the PC box where the system has no initiative: test_tui_input_fixes's
# test_the_add_and_edit_forms_of_every_system, on the add form it opens for that system


# -- the paste preview: only the fields the system uses -----------------------------------

@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_the_block_summary_names_traits_only_where_kinds_change_damage(system):
    from tui.screens.creature_fields import summary

    rules = get_system(system)
    labels = [label for label, _ in summary(rules, rules.new_creature("Rat"))]
    assert ("Traits" in labels) is bool(rules.kind_words)
    assert ("Init" in labels) is rules.has_initiative


DAGGERHEART_RAT = """# GIANT RAT
***Tier 1 Minion.*** *A cat-sized rodent.*
**Difficulty:** 10 | **Thresholds:** None | **HP:** 1 | **Stress:** 1
**ATK:** -4 | **Claws:** Melee | 1 physical
"""


async def test_a_pasted_block_without_kinds_shows_no_traits(app_factory):
    system = next(s for s in NO_INITIATIVE if not get_system(s).kind_words)
    from tui.screens.statblock_paste import StatblockPasteScreen

    app = app_factory(Encounter(system, "Scene"), system=system)
    async with app.run_test(size=SIZE) as pilot:
        screen = StatblockPasteScreen(get_system(system), text=DAGGERHEART_RAT)
        await app.push_screen(screen)
        await pilot.pause()
        await until(pilot, lambda: not screen.pending)  # read off the UI thread
        preview = static_text(screen, "#paste-preview")
        assert screen.creature is not None, preview
        assert "Traits" not in preview and "living" not in preview
        assert "Init" not in preview


# -- the roster's keys follow the rules ----------------------------------------------------

def roster_keys(app) -> dict[str, str]:
    """Every key the roster offers now (footer and help): its description by action."""
    return {active.binding.action: active.binding.description
            for active in app.roster.active_bindings.values()}


def kyra_alone(system: str, name: str = "Fight") -> Encounter:
    """An encounter in ``system`` with one PC, Kyra."""
    encounter = Encounter(system, name)
    encounter.add(get_system(system).new_creature("Kyra", pc=True))
    return encounter


@pytest.mark.parametrize("system", SYSTEM_IDS)
async def test_every_roster_key_applies_to_the_system(app_factory, system):
    rules = get_system(system)
    encounter = kyra_alone(system)
    app = app_factory(encounter, system=system)
    async with app.run_test(size=SIZE):
        keys = roster_keys(app)
        descriptions = set(keys.values())
        assert ("Persistent" in descriptions) is rules.has_persistent_damage
        # the tracker holds the GM's conditions and dying checks in every system
        assert ("Conditions" in descriptions) is not rules.has_persistent_damage
        assert ("roll_initiative" in keys) is rules.has_initiative
        assert ("set_initiative" in keys) is rules.has_initiative
        assert ("fear(True)" in keys) is (not rules.has_initiative)
        assert ("stress(True)" in keys) is rules.has_stress
        for always in ("add", "edit", "remove", "damage", "heal", "next_turn", "condition",
                       "move(-1)", "next_encounter", "export_log", "copy", "keep"):
            assert always in keys, always


@asynccontextmanager
async def tracker_of_kyra(app_factory, system: str):
    """The tracker (p) over Kyra alone in ``system``: (app, screen)."""
    from tui.screens.tracker import TrackerScreen

    app = app_factory(kyra_alone(system), system=system)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, TrackerScreen)
        yield app, app.screen


@pytest.mark.parametrize("system", SYSTEM_IDS)
async def test_p_opens_the_tracker_in_every_system(app_factory, system):
    """The tables the system uses, a footer that fits 80 columns and help with every key: one
    tracker per system (the footer and help were a second test opening it again)."""
    from tui.screens.help import screen_keys

    rules = get_system(system)
    async with tracker_of_kyra(app_factory, system) as (app, screen):
        # play report 3: Daggerheart showed pf2e's persistent-damage and immunity tables
        shown = {part: app.screen.query_one(part).display
                 for part in ("#persistent", "#immunities-section", "#immunities")}
        assert shown == {"#persistent": rules.has_persistent_damage,
                         "#immunities-section": rules.counts_rounds,
                         "#immunities": rules.counts_rounds}
        assert footer_cut(screen) == []
        helped = {help.key for help in screen_keys(app, screen)}
        assert {"x", "c", "n", "esc"} <= helped and any(k.startswith("u") for k in helped), helped
        # persistent damage to add, tick and check (RULES §5); else no tick
        assert ({"a", "t", "f", "F"} <= helped) is rules.has_persistent_damage, helped
        assert ("t" in helped) is rules.has_persistent_damage


# -- the saves list: no round where the system counts none ---------------------------------

async def test_the_saves_list_shows_a_round_only_where_the_system_counts_them(app_factory):
    """One saves list holds a save of each system (each system was its own app)."""
    import saves
    from tui.screens.saves_browser import SavesScreen

    for system in SYSTEM_IDS:
        saves.save(kyra_alone(system, f"Kept {system}"))
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SavesScreen)
        table = screen.query_one("#saves", SavesTable)
        for system in SYSTEM_IDS:
            (key,) = [k for k, entry in screen.entries.items() if entry.name == f"Kept {system}"]
            shown = str(table.get_cell(key, "round"))
            assert shown == ("1" if get_system(system).counts_rounds else "—"), system


# -- the tracker's footer fits 80 columns; help lists every key ---------------------------

def footer_cut(screen) -> list[str]:
    """The footer keys that do not fit before the palette key (or the screen's edge)."""
    keys = list(screen.query("FooterKey"))
    palette = [key for key in keys if key.has_class("-command-palette")]
    edge = palette[0].region.x if palette else screen.size.width
    return [str(key.render()) for key in keys if key not in palette
            and (key.region.right > edge or key.region.width < key.get_content_width(
                key.size, key.size))]


# -- a log export never overwrites a file ---------------------------------------------------

async def test_exporting_the_log_twice_keeps_the_first_file(app_factory, data_dir):
    from tui_support import settle

    encounter = goblins()
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        data_dir.mkdir(parents=True, exist_ok=True)
        notes = data_dir / "test-fight-log.md"
        notes.write_text("my campaign notes\n")
        await pilot.press("M")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert notes.read_text() == "my campaign notes\n"
        written = data_dir / "test-fight-log-2.md"
        assert written.read_text().startswith("# Test Fight")
        assert str(written) in app.notes.last
        await pilot.press("M")
        await settle(pilot)
        await pilot.press("enter")  # the prompt offers the next free name
        await settle(pilot)
        assert (data_dir / "test-fight-log-3.md").is_file()
        assert written.read_text().startswith("# Test Fight")


def test_a_log_written_to_a_name_taken_goes_to_the_next_free_name(tmp_path):
    from tui.screens.markdown_log import write_log

    taken = tmp_path / "notes.md"
    taken.write_text("kept\n")
    first = write_log(goblins(), taken)
    second = write_log(goblins(), taken)
    assert (first.name, second.name) == ("notes-2.md", "notes-3.md")
    assert taken.read_text() == "kept\n"
    into_folder = write_log(goblins(), tmp_path)
    assert into_folder.name == "test-fight-log.md"
    assert write_log(goblins(), tmp_path).name == "test-fight-log-2.md"


def test_the_cli_log_prints_and_never_writes_a_file(data_dir, capsys):
    import saves
    from tui.cli import main

    saves.save(goblins())
    notes = data_dir / "test-fight-log.md"
    notes.write_text("my campaign notes\n")
    before = sorted(data_dir.rglob("*"))
    assert main(["log", "Test Fight"]) == 0
    assert capsys.readouterr().out.startswith("# Test Fight")
    assert notes.read_text() == "my campaign notes\n"
    assert sorted(data_dir.rglob("*")) == before
