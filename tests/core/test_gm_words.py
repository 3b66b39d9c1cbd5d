"""The log and the breakdown in the GM's words (play report 2, item 7)."""

from __future__ import annotations

from core import Encounter, get_system


def test_a_pc_dropped_to_0_hp_is_dying_1_without_an_empty_sum():
    rules = get_system("pf2e")
    encounter = Encounter("pf2e", "Ambush")
    valeros = encounter.add(rules.new_creature("Valeros", pc=True, hp=10))
    out = encounter.apply_damage([valeros], "12 slashing")[valeros]
    assert "0 HP: dying 1, unconscious" in out.steps
    crit = rules.new_creature("Kyra", pc=True, hp=20)
    crit.wounded = 1
    assert "0 HP: dying 2 + wounded 1 = dying 3, unconscious" in rules.apply_damage(
        crit, "12 slashing", critical=True).steps


def test_the_log_names_a_save_in_words_not_as_an_id():
    rules = get_system("pf2e")
    encounter = Encounter("pf2e", "Ambush")
    goblin = encounter.add(rules.new_creature("Goblin", hp=15))
    encounter.apply_damage([goblin], "6 fire", saves={goblin: "critical-failure"})
    assert "Goblin (critical failure)" in encounter.log[-1].text
    assert "critical-failure" not in encounter.log[-1].text
    assert "Goblin: save critical failure" in encounter.log[-1].details
