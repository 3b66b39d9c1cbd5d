"""A save with no damage (RULES §10): a bare ``0`` is valid notation in every system and deals
nothing (no minimum damage, no type needed); the damage form records the saves' degrees in the
log when no damage was typed."""

from __future__ import annotations

import pytest
from core_support import Stats

from core import Encounter, get_system
from core.encounter.draft import DamageDraft
from core.systems import SYSTEM_IDS

STATS: dict[str, Stats] = {"vitality-wounds": {"vitality": 20, "wounds": 10}, "daggerheart": {"hp": 6}}


@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_a_bare_0_deals_nothing_in_every_system(system):
    rules = get_system(system)
    creature = rules.new_creature("Goblin", **STATS.get(system, {"hp": 20}))
    before = creature.clone()
    out = rules.apply_damage(creature, "0")
    assert out.total == 0 and out.hp_marked == 0 and out.wounds == 0
    assert (creature.hp, creature.vitality, creature.wounds, creature.hp_marked) == \
        (before.hp, before.vitality, before.wounds, before.hp_marked)


@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_a_bare_0_needs_no_type(system):
    (part,) = get_system(system).parse_damage("0").parts
    assert part.amount is not None and part.amount.modifier == 0


def test_d20_a_bare_0_is_not_raised_to_the_minimum_of_1():
    rules = get_system("d20-3e")
    out = rules.apply_damage(rules.new_creature("Guard", hp=10), "0", critical=3)
    assert out.total == 0
    assert not any("minimum" in line for line in out.steps)


def test_d20_a_hit_that_rolls_0_still_deals_1():
    # RULES §4: minimum 1 damage on a hit (1d4−5 rolled 2: −3 → 1)
    rules = get_system("d20-3e")
    assert rules.apply_damage(rules.new_creature("Guard", hp=10), "1d4-5=-3").total == 1


def test_pf2_a_typed_amount_still_needs_a_type():
    from core import ParseError

    with pytest.raises(ParseError, match="damage type"):
        get_system("pf2e").parse_damage("3")


# -- the damage form ---------------------------------------------------------------------------

def test_saves_with_no_damage_typed_are_recorded_in_the_log(R):
    encounter = Encounter("pf2e", "Fear")
    a = encounter.add(encounter.rules.new_creature("Goblin 1", hp=6))
    b = encounter.add(encounter.rules.new_creature("Goblin 2", hp=6))
    draft = DamageDraft(encounter.rules, [a, b], R())
    assert draft.preview(encounter) is None             # nothing typed, no save: nothing to apply
    draft.set_save(a, "failure")
    draft.set_save(b, "critical-success")
    outcomes = draft.commit(encounter)
    assert {o.total for o in outcomes.values()} == {0}
    text = encounter.log[-1].text
    assert "Goblin 1 (failure)" in text and "Goblin 2 (critical success)" in text, text
    assert (encounter.creature(a).hp, encounter.creature(b).hp) == (6, 6)


def test_nothing_typed_and_no_save_is_still_refused(R):
    encounter = Encounter("pf2e", "Fear")
    a = encounter.add(encounter.rules.new_creature("Goblin", hp=6))
    with pytest.raises(ValueError, match="type the damage first"):
        DamageDraft(encounter.rules, [a], R()).commit(encounter)
