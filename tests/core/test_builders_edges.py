"""What mutation testing left alive in core/table/builders.py: the message and caret
of a bad weapon die or damage step, proficiency 1, extra dice of every source adding up, and the
system reaching Strength by delivery and the bonus types of a weapon's modifiers."""

from __future__ import annotations

import pytest

from core.table.builders import daggerheart_weapon, damage_step, pf2_weapon
from core.text.errors import ParseError


def test_a_bad_weapon_die_says_what_a_die_looks_like_and_points_at_it():
    with pytest.raises(ParseError) as refused:
        pf2_weapon("x8")
    error = refused.value
    assert (error.message, error.position, error.text) == ("a weapon die looks like d8, not 'x8'", 0, "x8")


@pytest.mark.parametrize("step", [0, 21])
def test_a_damage_step_off_the_ladder_says_where_the_ladder_runs(step: int):
    with pytest.raises(ValueError) as refused:
        damage_step(step)
    assert str(refused.value) == f"damage steps run from 1 to 20, not {step}"


def test_daggerheart_proficiency_one_rolls_the_weapon_as_printed():
    assert daggerheart_weapon("d8+1", 1) == "1d8+1 physical"
    with pytest.raises(ValueError, match="proficiency is 1 or more"):
        daggerheart_weapon("d8+1", 0)


def test_extra_dice_of_a_feature_and_a_weapon_grade_add_up():
    text = pf2_weapon("d10", "piercing", striking=1, grade="tactical", system="sf2e", delivery="ranged")
    assert text == "3d10 piercing"


def test_pf2e_propulsive_adds_half_strength():
    assert pf2_weapon("d8", "piercing", delivery="propulsive", strength=5) == "1d8+2 piercing"


def test_a_weapon_modifier_of_a_type_the_system_lacks_is_refused():
    with pytest.raises(ValueError) as refused:
        pf2_weapon("d8", modifiers=[("luck", 1)])
    assert str(refused.value) == ("'luck' is not a bonus type in pf2e; "
                                  "use one of: circumstance, item, status, untyped")
    assert pf2_weapon("d8", modifiers=[("feat", 1)], system="vitality-wounds") == "1d8+1 slashing"
