"""The damage form's preview says what the target's defense line keeps that acts on no damage
(RULES §10: shown, never dropped in silence)."""

from __future__ import annotations

from tui_support import open_damage, running, set_damage, static_text

from core import Encounter, get_system


def _golem() -> Encounter:
    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="Vault")
    encounter.add(rules.new_creature("Valeros", pc=True, hp=40), initiative=20)
    encounter.add(rules.new_creature("Golem", hp=60, defenses="hardness 5; immunities paralyzed; "
                                     "resistances physical 5"), initiative=15)
    return encounter


async def test_the_damage_preview_names_the_target_s_defenses_that_act_on_nothing(app_factory):
    async with running(app_factory, _golem()) as (pilot, _app, _encounter, _ids):
        screen = await open_damage(pilot)
        await set_damage(pilot, screen, "2d6=7 slashing")
        steps = static_text(screen, "#steps").replace("\n", " ")   # wrapped at the edge
    assert "slashing 7 → 2" in steps                                   # 7 − 5
    assert steps.count("hardness 5 (not automated)") == 1              # once, with the defenses
    assert steps.count("immunity paralyzed (effect, shown only)") == 1


def _grabber() -> Encounter:
    from core.creature.model import Attack

    rules = get_system("pf2e")
    encounter = Encounter("pf2e", "Crypt")
    encounter.add(rules.new_creature(
        "Zombie", hp=20, numbers={"ac": 12},
        attacks=[Attack("fist", "1d6+2 bludgeoning", 7, (), "Grab")]), initiative=20)
    encounter.add(rules.new_creature("Valeros", pc=True, hp=40, numbers={"ac": 18}), initiative=10)
    return encounter


async def test_the_damage_preview_says_an_attack_s_words_not_dealt(app_factory):
    from tui_support import Dice

    async with running(app_factory, _grabber()) as (pilot, app, _encounter, _ids):
        await pilot.press("down", "d")
        app.screen.rng = Dice(15, 4)          # a hit: 15 + 7 against AC 18
        await pilot.press("alt+1")
        await pilot.pause()
        roll_line = static_text(app.screen, "#roll-line").replace("\n", " ")
    assert "not read: Grab" in roll_line
