"""d20 System 3.0 at its edges: what mutation testing found unchecked — 0 HP
with subdual damage, the dead and the stable taking damage, an empty track, the saves 3.0 lacks."""

from __future__ import annotations

import pytest

from core import Creature
from core.systems import get_system

RULES = get_system("d20-3e")


def _steps(outcome) -> list[str]:
    return [step.text for step in outcome.records]


def test_at_0_hp_any_subdual_damage_knocks_out():
    orc = RULES.new_creature("Orc", hp=10)
    outcome = RULES.resolve(orc, RULES.roll("10, 1 nonlethal"))
    assert outcome.changes == {"hp": 0, "subdual": 1, "conditions": frozenset({"disabled", "unconscious"})}


def test_the_dead_take_no_more_damage():
    orc = RULES.new_creature("Orc", hp=10)
    orc.hp, orc.conditions = -10, {"dead"}
    outcome = RULES.resolve(orc, RULES.roll("2"))
    assert outcome.changes == {} and _steps(outcome) == ["roll: 2 = 2", "total: 2"]


def test_damage_to_a_stable_creature_starts_it_dying_again():
    orc = RULES.new_creature("Orc", hp=10)
    orc.hp, orc.conditions = -3, {"stable", "unconscious"}
    outcome = RULES.resolve(orc, RULES.roll("2"))
    assert _steps(outcome)[2:] == ["HP -3 → -5", "no longer stable", "now dying"]


def test_healing_never_raises_hp_above_a_maximum_of_0():
    zero = RULES.new_creature("Zero", hp=0)
    assert RULES.resolve_heal(zero, 5).changes.get("hp", 0) == 0


@pytest.mark.parametrize(("hp", "fraction"), [(6, 0.5), (12, 1.0), (-3, 0.0)])
def test_the_bar_is_hp_over_max_hp_and_empty_below_0(hp, fraction):
    orc = RULES.new_creature("Orc", hp=12)
    orc.hp = hp
    assert RULES.track_fraction(orc) == fraction


@pytest.mark.parametrize("save", ["critical-success", "critical-failure"])
def test_the_critical_saves_do_not_exist_in_3_0(save):
    with pytest.raises(ValueError) as caught:
        RULES.check_save(save)
    assert str(caught.value) == f"{save!r} does not exist in d20 System 3.0; use 'success' or 'failure'"


def test_an_edit_gives_a_creature_without_current_hp_its_new_maximum():
    orc = RULES.new_creature("Orc", hp=10)
    orc.hp = None
    RULES._set_stats(orc, {"hp": 12}, editing=True)
    edited: Creature = orc  # read afresh: mypy would keep orc.hp as the None set above
    assert (edited.hp, edited.max_hp) == (12, 12)
