"""Damage-roll builders: die steps, striking runes, Strength by delivery, ladders, grips."""

from __future__ import annotations

import pytest

from core.table.builders import (
    d20_weapon,
    daggerheart_weapon,
    damage_step,
    increase_die,
    pf2_weapon,
    step_of,
    strength_for,
)


@pytest.mark.parametrize(("sides", "bigger"), [(4, 6), (6, 8), (8, 10), (10, 12), (12, 12)])
def test_increase_die_one_step_never_past_d12(sides: int, bigger: int) -> None:
    assert increase_die(sides) == bigger


@pytest.mark.parametrize(
    ("delivery", "strength", "system", "expected"),
    [
        ("melee", 4, "pf2e", 4), ("thrown", 4, "pf2e", 4), ("propulsive", 5, "pf2e", 2),
        ("propulsive", -3, "sf2e", -3), ("ranged", 4, "pf2e", 0), ("spell", 4, "pf2e", 0),
        ("grenade", 4, "sf2e", 0), ("firearm", 4, "vitality-wounds", 0),
        ("melee", 3, "vitality-wounds", 3),
    ],
)
def test_strength_by_delivery(delivery: str, strength: int, system: str, expected: int) -> None:
    assert strength_for(delivery, strength, system) == expected


def test_striking_runes_and_die_increase() -> None:
    assert pf2_weapon("d8", "slashing", striking="greater", strength=4) == "3d8+4 slashing"
    assert pf2_weapon("d8", "slashing", striking="major") == "4d8 slashing"
    assert pf2_weapon("d6", "piercing", increase=True, delivery="ranged", strength=3) == "1d8 piercing"
    assert pf2_weapon("d12", "slashing", increase=True) == "1d12 slashing"


def test_sf2e_weapon_grade_adds_dice_of_the_same_size() -> None:
    assert pf2_weapon("d10", "piercing", grade="tactical", system="sf2e", delivery="ranged") == "2d10 piercing"


def test_typed_modifiers_stack_in_the_builder() -> None:
    text = pf2_weapon("d8", "slashing", strength=2,
                      modifiers=[("status", 1), ("status", 2), ("circumstance", -1)])
    assert text == "1d8+3 slashing"


def test_vitality_wounds_damage_steps() -> None:
    assert step_of("2d4") == 6
    assert damage_step(6, 2) == "2d6"
    assert damage_step(19, 5) == "16d6"


def test_daggerheart_proficiency_multiplies_dice_not_modifier() -> None:
    assert daggerheart_weapon("d8+1", 2) == "2d8+1 physical"
    assert daggerheart_weapon("d6+6", 3) == "3d6+6 physical"


@pytest.mark.parametrize(
    ("grip", "strength", "light", "expected"),
    [("one-handed", 3, False, "1d8+3"), ("two-handed", 3, False, "1d8+4"),
     ("off-hand", 3, False, "1d8+1"), ("two-handed", -2, False, "1d8-2"),
     ("two-handed", 3, True, "1d8+3")],
)
def test_d20_grip(grip: str, strength: int, light: bool, expected: str) -> None:
    assert d20_weapon("1d8", strength, grip, light=light) == expected


def test_d20_unarmed_is_light_and_subdual() -> None:
    assert d20_weapon("1d3", 3, "two-handed", unarmed=True) == "1d3+3 subdual"
