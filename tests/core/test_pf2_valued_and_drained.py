"""PF2 family valued conditions (RULES §10): a condition added again keeps the higher value,
``set_condition`` sets exactly; drained going down gives the max HP back, not the HP."""

from __future__ import annotations

import pytest
from core_support import Stats

from core import Encounter, get_system

FAMILY = ("pf2e", "sf2e", "vitality-wounds")


def goblin(system="pf2e", **numbers):
    encounter = Encounter(system, "Ambush")
    stats: Stats = {"vitality": 30, "wounds": 10} if system == "vitality-wounds" else {"hp": 30}
    cid = encounter.add(get_system(system).new_creature("Goblin", numbers=numbers or None, **stats))
    return encounter, cid


@pytest.mark.parametrize("system", FAMILY)
def test_frightened_added_again_keeps_the_higher_value(system):
    encounter, cid = goblin(system)
    for value in (1, 3, 2):
        encounter.add_condition(cid, "frightened", value)
    assert encounter.conditions_of(cid)["frightened"] == 3


def test_a_lower_value_added_says_the_higher_one_is_kept():
    encounter, cid = goblin()
    encounter.add_condition(cid, "sickened", 2)
    encounter.add_condition(cid, "sickened", 1)
    assert encounter.conditions_of(cid)["sickened"] == 2
    assert "sickened 2" in encounter.log[-1].text and "higher" in encounter.log[-1].text


def test_a_valued_condition_added_with_no_value_keeps_the_value_it_has():
    encounter, cid = goblin()
    encounter.add_condition(cid, "clumsy", 2)
    encounter.add_condition(cid, "clumsy")
    assert encounter.conditions_of(cid)["clumsy"] == 2


def test_a_higher_value_replaces_the_lower_one():
    encounter, cid = goblin()
    encounter.add_condition(cid, "frightened", 1)
    encounter.add_condition(cid, "frightened", 2)
    assert encounter.conditions_of(cid)["frightened"] == 2


def test_set_condition_sets_the_exact_value_even_lower():
    encounter, cid = goblin()
    encounter.add_condition(cid, "frightened", 3)
    encounter.set_condition(cid, "frightened", 1)
    assert encounter.conditions_of(cid)["frightened"] == 1


def test_outside_the_pf2_family_a_condition_added_again_is_replaced():
    encounter = Encounter("d20-3e", "Crypt")
    cid = encounter.add(get_system("d20-3e").new_creature("Guard", hp=10))
    encounter.add_condition(cid, "Hex", 3)
    encounter.add_condition(cid, "Hex", 1)
    assert encounter.conditions_of(cid)["Hex"] == 1


# -- drained going down ----------------------------------------------------------------------

def test_drained_going_down_gives_back_the_max_hp_and_not_the_hp():
    encounter, cid = goblin(level=2)
    encounter.add_condition(cid, "drained", 2)          # level 2 × 2 = 4: HP 30/30 → 26/26
    creature = encounter.creature(cid)
    assert (creature.hp, creature.max_hp) == (26, 26)
    encounter.set_condition(cid, "drained", 1)          # max HP back by 2 × 1: 26/28
    creature = encounter.creature(cid)
    assert (creature.hp, creature.max_hp) == (26, 28)
    encounter.remove_condition(cid, "drained")          # max HP back by 2 more: 26/30
    creature = encounter.creature(cid)
    assert (creature.hp, creature.max_hp) == (26, 30)


def test_drained_added_lower_keeps_the_higher_and_its_hp():
    encounter, cid = goblin(level=2)
    encounter.add_condition(cid, "drained", 2)
    encounter.add_condition(cid, "drained", 1)
    creature = encounter.creature(cid)
    assert (creature.hp, creature.max_hp, creature.condition_values["drained"]) == (26, 26, 2)


def test_drained_going_down_on_vitality_gives_back_max_vitality_only():
    encounter, cid = goblin("vitality-wounds", level=1)
    encounter.add_condition(cid, "drained", 3)          # level 1 × 3 = 3: Vitality 27/27
    encounter.set_condition(cid, "drained", 1)          # max back by 2: 27/29
    creature = encounter.creature(cid)
    assert (creature.vitality, creature.max_vitality) == (27, 29)
