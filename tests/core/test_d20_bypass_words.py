"""A d20 hit whose material or magic bypasses damage reduction says so
in the breakdown (``DR 15/silver`` and a silver weapon showed no line at all)."""

from __future__ import annotations

import pytest

from core import get_system


def steps(defenses, damage):
    rules = get_system("d20-3e")
    creature = rules.new_creature("Werewolf", hp=40, defenses=defenses)
    return rules.apply_damage(creature, damage).steps


@pytest.mark.parametrize(("defenses", "damage", "line"), [
    ("DR 15/silver", "12 slashing silver", "damage reduction 15/silver: bypassed by silver"),
    ("DR 10/magic", "12 magical", "damage reduction 10/magic: bypassed by magic"),
    ("damage reduction 5/+1", "9 magical", "damage reduction 5/+1: bypassed by magic"),
    ("DR 10/cold iron", "12 cold-iron", "damage reduction 10/cold-iron: bypassed by cold-iron"),
])
def test_a_bypassed_damage_reduction_says_so(defenses, damage, line):
    assert line in steps(defenses, damage)


def test_a_damage_reduction_that_holds_says_nothing_of_bypassing():
    lines = steps("DR 15/silver", "12 slashing")
    assert not any("bypassed" in s for s in lines)
    assert "damage reduction 15/silver: 12 → 0" in lines


def test_energy_damage_is_not_said_to_bypass_damage_reduction():
    assert not any("bypassed" in s for s in steps("DR 15/silver", "12 fire silver"))
