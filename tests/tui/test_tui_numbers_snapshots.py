"""Snapshots of the table's numbers at 80×24: the numbers line, rolled saves, a rolled Strike,
the Minion picker, a Horde's X; and the wide detail pane's numbers."""

from __future__ import annotations

import random

import pytest
from test_tui_bestiary_snapshots import BLOCKS, paste_block
from test_tui_numbers import dagger_scene, pf2_strikes, pyro_ambush
from test_tui_numbers_form import raiders_scene
from test_tui_snapshots import SIZE, demo_app, still
from textual.pilot import Pilot

from core import Encounter
from tui.app import HitLedgerApp, make_app


def app_on(encounter: Encounter) -> HitLedgerApp:
    """``encounter`` with seeded dice and no autosave."""
    return make_app(encounter, rng=random.Random(7), autosave=False)


def test_roster_numbers_line_after_a_condition(snap_compare):
    encounter = pyro_ambush()
    encounter.add_condition(encounter.order[1], "frightened", 2)

    async def run_before(pilot: Pilot) -> None:
        await pilot.press("down")
        await still(pilot)

    assert snap_compare(app_on(encounter), terminal_size=SIZE, run_before=run_before)


def test_damage_rolled_saves_for_a_fireball(snap_compare):
    encounter = pyro_ambush()
    encounter.add_condition(encounter.order[2], "clumsy", 2)

    async def run_before(pilot: Pilot) -> None:
        await pilot.press("down", "space", "space", "space", "space", "d", *"21", "space", *"fire")
        await pilot.press("alt+v", "2", "0", "enter")
        await still(pilot)

    assert snap_compare(app_on(encounter), terminal_size=SIZE, run_before=run_before)


def test_damage_strike_rolled_with_the_map(snap_compare):
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("down", "d", "alt+1", "tab", "m")
        await still(pilot)

    assert snap_compare(app_on(pf2_strikes()), terminal_size=SIZE, run_before=run_before)


def test_roster_detail_pane_numbers_after_conditions(snap_compare):
    """Every number a line on the wide detail pane, with why."""
    encounter = pf2_strikes()
    encounter.add_condition(encounter.order[0], "frightened", 2)

    async def run_before(pilot: Pilot) -> None:
        await still(pilot)

    assert snap_compare(app_on(encounter), terminal_size=(132, 43), run_before=run_before)


def test_minion_picker_after_a_hit_on_a_minion(snap_compare):
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("down", "d", *"9", "space", *"physical")
        await still(pilot)      # the form's lines settle before the picker covers them
        await pilot.press("enter")
        await still(pilot)

    assert snap_compare(app_on(dagger_scene()), terminal_size=SIZE, run_before=run_before)


def test_damage_horde_offers_its_x(snap_compare):
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("d", "f2", *"pirate", "enter", "alt+h")
        await still(pilot)

    assert snap_compare(app_on(raiders_scene(2)), terminal_size=SIZE, run_before=run_before)


def test_statblock_paste_says_the_lines_not_read(snap_compare):
    """The numbers read, and the stat lines that were not."""
    text = (BLOCKS / "pf2e-goblin-warrior.txt").read_text(encoding="utf-8") + "\nArmor Class 18\n"
    assert snap_compare(demo_app(), terminal_size=SIZE, run_before=lambda pilot: paste_block(pilot, text))


@pytest.mark.parametrize("language", ["en", "ja"])
def test_roster_80_columns_every_condition_and_defense_of_the_highlighted(snap_compare, language):
    """The Goblin Pyro's five conditions and persistent fire, four defenses and five numbers at
    80 columns: its row counts what it leaves out, the lines under the roster say it whole."""
    from test_tui_roster_80_columns import pyro

    from core.text import i18n

    i18n.set_language(language)      # English again at the next test's start (tests/conftest.py)

    async def run_before(pilot: Pilot) -> None:
        await pilot.press("down")
        await still(pilot)

    assert snap_compare(app_on(pyro()), terminal_size=SIZE, run_before=run_before)
