"""A Perception typed in the form's Numbers is the initiative modifier in
the PF2 family, as a pasted block's is (RULES §8), and never overrides a modifier the GM typed."""

from __future__ import annotations

import pytest

from core.encounter.draft import init_mod_from_numbers


@pytest.mark.parametrize("system", ["pf2e", "sf2e", "vitality-wounds"])
def test_a_typed_perception_is_the_initiative_modifier_in_the_pf2_family(system):
    assert init_mod_from_numbers(system, {"ac": 17, "perception": 6}, typed=0) == 6


def test_a_modifier_the_gm_typed_wins():
    assert init_mod_from_numbers("pf2e", {"perception": 6}, typed=3) == 3


def test_a_modifier_that_came_from_the_old_perception_follows_the_new_one():
    assert init_mod_from_numbers("pf2e", {"perception": 8}, typed=6, before=6) == 8


@pytest.mark.parametrize("system", ["d20-3e", "daggerheart"])
def test_other_systems_keep_the_typed_modifier(system):
    assert init_mod_from_numbers(system, {"perception": 6}, typed=0) == 0


def test_no_perception_keeps_the_modifier():
    assert init_mod_from_numbers("pf2e", {"ac": 17}, typed=2) == 2
