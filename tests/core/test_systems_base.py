"""The machinery every rule system shares, at its edges (survivors of a mutmut
sample of core/systems/base.py): calc's lines with and without the track, the attack helper's
default threat, and the messages of refused input."""

from __future__ import annotations

import pytest

from core.systems import get_system
from core.systems.calc import calc_lines

PF2 = get_system("pf2e")


def test_calc_lines_show_the_track_unless_asked_not_to():
    out = PF2.resolve(PF2.new_creature("Kyra", True, hp=20), PF2.roll("7 fire"))
    assert calc_lines(PF2, out) == ("roll: 7 fire = 7", "total: 7", "HP 20 → 13")
    assert calc_lines(PF2, out, track=False) == ("roll: 7 fire = 7", "total: 7")


def test_calc_lines_add_a_total_only_where_the_steps_have_none():
    dh = get_system("daggerheart")
    out = dh.resolve(dh.new_creature("Acid", False, hp=6, major=7, severe=14), dh.roll("8 physical"))
    assert calc_lines(dh, out, track=False) == ("roll: 8 physical = 8", "8 ≥ Major 7: 2 HP", "total: 8",
                                               "HP marked: 2")


def test_the_attack_helper_threatens_on_a_natural_20_by_default(R):
    assert get_system("d20-3e").resolve_attack(5, 15, rng=R(20, 20)) == "critical"


@pytest.mark.parametrize("critical", [1, 7, "2", 2.0])
def test_a_critical_is_true_false_or_a_multiplier_from_2_to_6(critical):
    with pytest.raises(ValueError) as info:
        PF2.roll("7 fire", critical)
    assert str(info.value) == ("critical must be True/False or a multiplier from 2 to 6, "
                               f"not {critical!r}")


def test_a_save_the_system_lacks_is_named_with_those_it_has():
    with pytest.raises(ValueError) as info:
        PF2.check_save("half")
    assert str(info.value) == ("Pathfinder 2e has no save result 'half'; use None, 'critical-success', "
                               "'success', 'failure', 'critical-failure'")


@pytest.mark.parametrize("amount", [-1, True, 1.5])
def test_healing_is_a_whole_number_of_0_or_more(amount):
    with pytest.raises(ValueError) as info:
        PF2.resolve_heal(PF2.new_creature("Kyra", True, hp=20), amount)
    assert str(info.value) == f"healing must be a whole number of 0 or more, not {amount!r}"


def test_a_system_without_persistent_damage_says_so():
    dh = get_system("daggerheart")
    with pytest.raises(ValueError) as info:
        dh.resolve_persistent(dh.new_creature("Acid", hp=6), "1d6 fire")
    assert str(info.value) == "Daggerheart has no persistent damage rule"


@pytest.mark.parametrize("key,value,message", [
    ("hp", -1, "HP slots must be 0 or more, not -1"),
    ("armor", 10**9, "Armor slots must be at most 99, not 1,000,000,000"),
])
def test_a_stat_out_of_bounds_is_refused_in_the_forms_words(key, value, message):
    """The add/edit form's refusal names the field as the form labels it, not the save's key."""
    with pytest.raises(ValueError) as refused:
        get_system("daggerheart").check_stat(key, value)
    assert str(refused.value) == message
