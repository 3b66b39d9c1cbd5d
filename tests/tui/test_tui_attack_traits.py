"""The attack helper (alt+1…9) fills what the attack deals after its traits (RULES §10): the
deadly die on a critical Strike, d20 3.0's printed multiplier, the traits named; an attack
rolled and cancelled does not count toward the MAP."""

from __future__ import annotations

from tui_support import Dice, running, static_text

from core import Encounter, get_system
from tui.widgets.notation_field import NotationField


def goblin_bow() -> Encounter:
    rules = get_system("pf2e")
    encounter = Encounter("pf2e", "Bows")
    encounter.add(rules.new_creature("Goblin Warrior", hp=6, numbers={"ac": 16}, attacks=[
        "Ranged ◆ shortbow +7 (deadly d10, magical, range increment 60 feet), Damage 1d6 piercing"]),
        initiative=20)
    encounter.add(rules.new_creature("Valeros", pc=True, hp=40, numbers={"ac": 18}), initiative=10)
    return encounter


async def test_a_critical_strike_fills_its_deadly_die_and_names_its_traits(app_factory):
    async with running(app_factory, goblin_bow()) as (pilot, app, encounter, ids):
        await pilot.press("down", "d")
        screen = app.screen
        screen.rng = Dice(20, 6, 10)
        await pilot.press("alt+1")
        await pilot.pause()
        assert screen.draft.critical
        assert screen.query_one("#damage", NotationField).value == "1d6 piercing magical, 1d10 piercing magical deadly"
        assert "magical: carried into every part" in " ".join(screen.last_attack.steps)
        assert static_text(screen, "#attacks").startswith("CRITICAL HIT")
        assert encounter.map_step(ids["Goblin Warrior"]) == 0     # not applied yet
        await pilot.press("alt+c")                                 # the GM says: no critical
        assert screen.query_one("#damage", NotationField).value == "1d6 piercing magical"
        await pilot.press("alt+c")
        assert screen.query_one("#damage", NotationField).value.endswith("1d10 piercing magical deadly")
        assert "deadly" in static_text(screen, "#steps")          # the breakdown names it
        logged = len(encounter.log)
        await pilot.press("escape")                                # cancelled: it does not count
        assert encounter.map_step(ids["Goblin Warrior"]) == 0
        assert len(encounter.log) == logged                        # and no log line claims it
        await pilot.press("d", "alt+1")
        await pilot.pause()
        assert app.screen.last_attack.map_step == 0


async def test_a_d20_critical_fills_the_printed_multiplier(app_factory):
    rules = get_system("d20-3e")
    encounter = Encounter("d20-3e", "Ogres")
    encounter.add(rules.new_creature("Ogre", hp=29, numbers={"ac": 16},
                                     attacks=["Greatclub +8 melee (2d8+7/19-20/x3)"]), initiative=20)
    encounter.add(rules.new_creature("Tordek", pc=True, hp=40, numbers={"ac": 18}), initiative=10)
    async with running(app_factory, encounter, system="d20-3e") as (pilot, app, encounter, ids):
        await pilot.press("down", "d")
        screen = app.screen
        screen.rng = Dice(19, 15, 8, 8, 8, 8, 8, 8)
        await pilot.press("alt+1")
        await pilot.pause()
        assert screen.draft.critical and screen.draft.multiplier == 3
        assert screen.query_one("#damage", NotationField).value == "2d8+7"
