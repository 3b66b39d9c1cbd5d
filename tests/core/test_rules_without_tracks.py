"""A system refuses, in words, a rule it does not have (Stress outside Daggerheart, a dying check
in Daggerheart) and a creature with no track, and Stress that fits its slots marks no HP."""

from __future__ import annotations

import pytest
from core_support import refused

from core import get_system


@pytest.mark.parametrize(("system", "name"), [("pf2e", "Pathfinder 2e"), ("d20-3e", "d20 System 3.0")])
def test_stress_outside_daggerheart_is_refused_by_the_systems_name(system, name):
    rules = get_system(system)
    assert refused(rules.resolve_stress, rules.new_creature("Goblin", hp=6), 1) == f"{name} has no Stress"


def test_a_dying_check_in_daggerheart_is_refused():
    rules = get_system("daggerheart")
    assert refused(rules.resolve_dying_check, rules.new_creature("Bandit", hp=4), 10) == \
        "Daggerheart has no dying check"


def test_stress_that_fits_marks_no_hp():
    rules = get_system("daggerheart")
    bandit = rules.new_creature("Bandit", hp=4, stress=3)
    out = rules.resolve_stress(bandit, 2)
    assert out.hp_marked == 0 and out.changes == {"stress_marked": 2}


def test_a_creature_with_no_track_is_refused_as_a_whole_with_no_field_prefix():
    rules = get_system("pf2e")
    goblin = rules.new_creature("Goblin", hp=6)
    goblin.hp = goblin.max_hp = None
    assert refused(rules.check_creature, goblin) == "must have hp, max_hp (the track of a pf2e creature)"


@pytest.mark.parametrize("system", ["pf2e", "sf2e", "vitality-wounds", "d20-3e"])
def test_a_minion_defeat_outside_daggerheart_is_refused_in_the_gm_s_language(system, japanese):
    rules = get_system(system)
    message = refused(rules.resolve_minion_defeat, rules.new_creature("Goblin", hp=6), "Goblin 2")
    assert "ミニオン" in message and "Minions" not in message
