"""A condition typed in the glossary's Japanese is the condition whose rules the core
knows (恐れ 2 falls each turn as frightened 2 does); a name it does not know stays the GM's own."""

from __future__ import annotations

import pytest

from core import Encounter, get_system
from core.catalog.conditions import condition_name
from core.creature.conditions import conditions_of


@pytest.mark.parametrize(("typed", "stored"), [("恐れ", "frightened"), ("恐れ状態", "frightened"),
                                               ("不器用", "clumsy"), ("無防備", "off-guard"),
                                               ("呪い", "呪い"), ("Hexed", "Hexed")])
def test_a_japanese_condition_name_is_its_rule_name(typed, stored):
    assert condition_name(typed) == stored


def test_japanese_frightened_falls_at_the_end_of_the_turn():
    encounter = Encounter("pf2e", "Ambush")
    rules = get_system("pf2e")
    wizard = encounter.add(rules.new_creature("Ezren", hp=20), initiative=20)
    encounter.add(rules.new_creature("Goblin", hp=15), initiative=10)
    encounter.add_condition(wizard, "恐れ", 2)
    assert conditions_of(encounter.creature(wizard), "pf2e") == {"frightened": 2}
    encounter.next_turn()       # the end of Ezren's turn: frightened falls by 1
    assert conditions_of(encounter.creature(wizard), "pf2e") == {"frightened": 1}
