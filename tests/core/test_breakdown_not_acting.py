"""The breakdown of a hit names the target's defense words that act on no damage (RULES §10:
shown, never dropped in silence), with the defenses, before the total, in every system."""

from __future__ import annotations

from typing import Unpack

import pytest
from core_support import Stats

from core import get_system
from core.text.i18n import set_language


def _steps(system: str, defenses: str, damage: str, **stats: Unpack[Stats]) -> list[str]:
    rules = get_system(system)
    target = rules.new_creature("Target", defenses=defenses, **stats)
    return list(rules.apply_damage(target, damage).steps)


@pytest.mark.parametrize(("system", "defenses", "damage", "stats", "note"), [
    ("pf2e", "hardness 5; resistances fire 5", "7 slashing", {"hp": 30}, "hardness 5 (not automated)"),
    ("pf2e", "immunities paralyzed", "7 slashing", {"hp": 30}, "immunity paralyzed (effect, shown only)"),
    ("sf2e", "weaknesses vampire weaknesses", "7 slashing", {"hp": 30},
     "weakness vampire weaknesses (not automated)"),
    ("vitality-wounds", "hardness 5", "7 slashing", {"vitality": 30, "wounds": 10},
     "hardness 5 (not automated)"),
])
def test_the_breakdown_names_what_acts_on_no_damage_before_the_total(system, defenses, damage,
                                                                      stats, note):
    steps = _steps(system, defenses, damage, **stats)
    assert note in steps
    total = next(i for i, step in enumerate(steps) if step.startswith("total"))
    assert steps.index(note) < total


def test_a_defense_line_that_all_acts_adds_no_note():
    steps = _steps("pf2e", "resistances fire 5", "7 fire", hp=30)
    assert not any("not automated" in step or "shown only" in step for step in steps)


def test_the_note_is_in_the_gms_language():
    set_language("ja")
    try:
        steps = _steps("pf2e", "hardness 5", "7 slashing", hp=30)
    finally:
        set_language("en")
    assert "hardness 5（自動処理なし）" in steps
