"""Rules a mutation run found unpinned: each test fails if its rule is broken."""

from __future__ import annotations

import pytest
from core_support import Stats, refused

from core import Encounter, get_system
from core.systems import SYSTEM_IDS


@pytest.mark.parametrize("system", ["pf2e", "sf2e"])
def test_a_pc_at_1_hp_hit_for_exactly_1_is_dying_1_and_unconscious(system):
    rules = get_system(system)
    pc = rules.new_creature("Kyra", pc=True, hp=20)
    pc.hp = 1
    out = rules.apply_damage(pc, "1 fire")
    assert pc.hp == 0 and out.total == 1
    assert {"dying", "unconscious"} <= pc.conditions and pc.dying == 1


def test_an_adversary_at_1_hp_hit_for_exactly_1_is_dead():
    rules = get_system("pf2e")
    goblin = rules.new_creature("Goblin", hp=6)
    goblin.hp = 1
    rules.apply_damage(goblin, "1 fire")
    assert goblin.hp == 0 and "dead" in goblin.conditions


def test_editing_only_the_wounds_of_an_unconscious_creature_at_0_vitality_does_not_wake_it():
    encounter = Encounter("vitality-wounds", "Night")
    cid = encounter.add(get_system("vitality-wounds").new_creature("Ana", pc=True, vitality=10, wounds=8))
    encounter.apply_damage([cid], "10 fire", nonlethal=True)  # nonlethal ≥ Vitality: unconscious
    assert "unconscious" in encounter.creature(cid).conditions
    creature = encounter.update(cid, now_wounds=6)
    assert creature.vitality == 0 and "unconscious" in creature.conditions


def test_moving_the_active_creature_and_undoing_restores_who_is_active():
    encounter = Encounter("pf2e", "Ambush")
    rules = encounter.rules
    a = encounter.add(rules.new_creature("A", hp=10), initiative=20)
    b = encounter.add(rules.new_creature("B", hp=10), initiative=15)
    c = encounter.add(rules.new_creature("C", hp=10), initiative=10)
    encounter.next_turn()
    assert encounter.order[encounter.turn] == b
    encounter.set_initiative(b, 5)                            # B delays to the end
    encounter.undo()
    assert encounter.order == [a, b, c]
    assert encounter.order[encounter.turn] == b


@pytest.mark.parametrize("system", [s for s in SYSTEM_IDS if s != "daggerheart"])
def test_outside_daggerheart_an_outcome_marks_no_hp(system):
    rules = get_system(system)
    stats: Stats = {"vitality": 20, "wounds": 10} if system == "vitality-wounds" else {"hp": 20}
    out = rules.apply_damage(rules.new_creature("Goblin", **stats), "30 fire")
    assert out.hp_marked == 0


def test_a_new_creature_refusal_names_its_field():
    said = refused(get_system("pf2e").new_creature, "Goblin", hp=6, numbers={"ac": -1})
    assert said == "numbers.ac: must be 0 or more, not -1", said


def test_a_refusal_of_the_creature_keeps_the_field_prefix():
    said = refused(get_system("daggerheart").new_creature, "Bandit", hp=4, numbers={"evasion": 10})
    assert said.startswith("numbers.evasion: "), said


@pytest.mark.parametrize("name", [None, 3, ["Goblin"], ""])
def test_a_name_that_is_not_text_is_a_value_error(name):
    assert "name" in refused(get_system("pf2e").new_creature, name, hp=6)
