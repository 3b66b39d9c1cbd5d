"""What mutation testing left alive in core/creature/conditions.py: a condition given
again replaces its value, removing one that is absent is refused, the rules' states lead the
roster cell, and each refusal says which forms exist (RULES §7)."""

from __future__ import annotations

import pytest
from core_support import refused

from core import Encounter
from core.creature.conditions import add, check_duration, remove, set_value, summary
from core.creature.model import Creature


def test_a_condition_given_again_without_a_value_loses_the_old_value():
    goblin = Creature("Goblin")
    add(goblin, "frightened", 2, 3)
    assert add(goblin, "Frightened", None, None) == "frightened (until removed)"
    assert (goblin.conditions, goblin.condition_values, goblin.condition_durations) == ({"frightened"}, {}, {})


def test_a_duration_of_another_form_is_refused_naming_every_form():
    assert refused(check_duration, "soon") == (
        "a duration is None, a number of turns (1 to 999), 'end-of-next-turn' or 'start-of-next-turn', "
        "not 'soon'")


def test_removing_wounded_or_another_condition_the_creature_lacks_is_refused():
    goblin = Creature("Goblin")
    assert refused(remove, goblin, "wounded") == "Goblin has no condition 'wounded'"
    goblin.wounded = 1
    assert refused(remove, goblin, "blinded") == "Goblin has no condition 'blinded'"
    remove(goblin, "wounded")
    assert goblin.wounded == 0


def test_removing_dying_leaves_dying_0_and_a_value_can_be_set_again():
    enc = Encounter("pf2e", "Ambush")
    goblin = enc.add(enc.rules.new_creature("Goblin", hp=15))
    enc.set_condition(goblin, "dying", 2)
    enc.remove_condition(goblin, "dying")
    creature = enc.creature(goblin)
    assert creature.dying == 0 and "dying" not in creature.conditions
    enc.set_condition(goblin, "dying", 1)
    assert enc.conditions_of(goblin)["dying"] == 1


def test_dying_and_wounded_values_outside_the_pf2_family_are_refused_in_words():
    assert refused(set_value, Creature("Orc"), "dying", 1, "d20-3e") == \
        "dying has a value only in the PF2 family, not in d20-3e"


@pytest.mark.parametrize(("system", "held", "cell"), [
    ("daggerheart", {"cursed", "death-move"}, "death-move · cursed"),
    ("d20-3e", {"blinded", "disabled"}, "disabled · blinded"),
    ("d20-3e", {"blinded", "staggered", "dead"}, "dead · staggered · blinded"),
])
def test_the_rules_own_states_lead_the_roster_cell(system, held, cell):
    assert summary(Creature("Hero", conditions=set(held)), system) == cell
