"""After an edit the status follows the rules of the system.

Editing max HP below the damage taken left a PC at ``0/12`` and "ok". Each system
settles the status of an edited creature (``RuleSystem.settle_status``), called by
``Encounter.update`` (stats and current values).
"""

from __future__ import annotations

from typing import Unpack

import pytest
from core_support import Stats
from hypothesis import given
from hypothesis import strategies as st

from core.encounter import Encounter, resolve_temp_hp
from core.systems import get_system


def encounter_with(system: str, pc: bool = True, **stats: Unpack[Stats]) -> tuple[Encounter, str]:
    """An encounter holding one creature of ``system``."""
    encounter = Encounter(system, "Edit")
    cid = encounter.add(get_system(system).new_creature("Valeros", pc=pc, **stats))
    return encounter, cid


# -- PF2 family: RULES §2 Step 4 ------------------------------------------------------------

@pytest.mark.parametrize("system", ["pf2e", "sf2e"])
def test_max_hp_below_the_damage_taken_leaves_a_pc_dying_1_and_unconscious(system):
    encounter, cid = encounter_with(system, hp=20)
    encounter.apply_damage([cid], "8 slashing")  # 12/20
    creature = encounter.update(cid, hp=8)      # 8 damage taken, max 8: 0/8
    assert (creature.hp, creature.max_hp) == (0, 8)
    assert creature.dying == 1
    assert {"dying", "unconscious"} <= creature.conditions
    assert encounter.rules.status(creature) == "dying 1"
    assert encounter.log[-1].text == "Valeros edited: 0 HP: dying 1, unconscious"


def test_a_wounded_pc_brought_to_0_by_an_edit_adds_its_wounded_value():
    encounter, cid = encounter_with("pf2e", hp=12)
    encounter.set_condition(cid, "wounded", 2)
    creature = encounter.update(cid, now_hp=0)
    assert creature.dying == 3
    assert "0 HP: dying 1 + wounded 2 = dying 3, unconscious" in encounter.log[-1].text


def test_a_doomed_pc_brought_to_0_by_an_edit_dies_at_its_dying_limit():
    encounter, cid = encounter_with("pf2e", hp=12)
    encounter.set_condition(cid, "doomed", 3)  # dies at dying 1
    creature = encounter.update(cid, now_hp=0)
    assert "dead" in creature.conditions and "dying" not in creature.conditions


@pytest.mark.parametrize("system", ["pf2e", "sf2e"])
def test_a_non_pc_brought_to_0_by_an_edit_is_dead(system):
    encounter, cid = encounter_with(system, pc=False, hp=15)
    creature = encounter.update(cid, now_hp=0)
    assert encounter.rules.status(creature) == "dead"
    assert encounter.log[-1].text == "Valeros edited: 0 HP: dead (a non-PC dies at 0 HP)"


def test_raising_a_dying_pc_above_0_ends_dying_and_adds_wounded_as_healing_does():
    encounter, cid = encounter_with("pf2e", hp=12)
    encounter.update(cid, now_hp=0)
    creature = encounter.update(cid, now_hp=5)
    assert creature.conditions.isdisjoint({"dying", "unconscious"})
    assert (creature.dying, creature.wounded) == (0, 1)
    assert encounter.rules.status(creature) == "ok"


def test_raising_a_knocked_out_creature_above_0_wakes_it():
    encounter, cid = encounter_with("pf2e", pc=False, hp=12)
    encounter.apply_damage([cid], "20 bludgeoning", nonlethal=True)  # 0 HP, unconscious
    creature = encounter.update(cid, now_hp=4)
    assert "unconscious" not in creature.conditions
    assert encounter.log[-1].text == "Valeros edited: above 0 HP: wakes up"


def test_an_edit_that_leaves_the_track_alone_settles_nothing():
    """A creature unconscious by the GM's hand (a sleep spell) stays so on a rename."""
    encounter, cid = encounter_with("pf2e", hp=12)
    encounter.add_condition(cid, "unconscious")
    creature = encounter.update(cid, name="Valeros the Bold", temp_hp=3)
    assert "unconscious" in creature.conditions
    assert encounter.log[-1].text == "Valeros edited"


def test_an_edit_never_brings_the_dead_back():
    encounter, cid = encounter_with("pf2e", pc=False, hp=12)
    encounter.update(cid, now_hp=0)
    creature = encounter.update(cid, now_hp=12)
    assert "dead" in creature.conditions


def test_the_settled_status_is_one_undo_step_with_the_edit():
    encounter, cid = encounter_with("pf2e", hp=12)
    encounter.update(cid, now_hp=0)
    encounter.undo()
    creature = encounter.creature(cid)
    assert creature.hp == 12 and creature.conditions.isdisjoint({"dying", "unconscious"})
    assert creature.dying == 0
    encounter.redo()
    assert encounter.creature(cid).dying == 1


def test_setting_current_hp_settles_the_status_too():
    encounter, cid = encounter_with("pf2e", hp=12)
    creature = encounter.update(cid, now_hp=0)
    assert encounter.rules.status(creature) == "dying 1"
    assert encounter.log[-1].text == "Valeros edited: 0 HP: dying 1, unconscious"


@given(hp=st.integers(1, 60), damage=st.integers(0, 60), new_max=st.integers(1, 60),
       pc=st.booleans())
def test_a_pf2e_creature_at_0_hp_after_an_edit_is_never_ok(hp, damage, new_max, pc):
    encounter, cid = encounter_with("pf2e", pc=pc, hp=hp)
    encounter.update(cid, now_hp=max(0, hp - damage))
    creature = encounter.update(cid, hp=new_max)
    assert creature.hp is not None  # a pf2e creature always has HP
    assert creature.hp > 0 or encounter.rules.status(creature) != "ok"


# -- vitality-wounds: RULES §2 Step 4 -------------------------------------------------------

def test_vitality_wounds_0_wounds_by_an_edit_is_dying_and_wounds_back_end_it():
    encounter, cid = encounter_with("vitality-wounds", vitality=20, wounds=12)
    encounter.apply_damage([cid], "25 slashing")  # V 0/20 W 7/12
    creature = encounter.update(cid, wounds=10, now_wounds=0)
    assert (creature.wounds, creature.max_wounds) == (0, 10)
    assert "dying" in creature.conditions and creature.dying == 1
    assert encounter.log[-1].text == "Valeros edited: 0 Wounds: dying"
    creature = encounter.update(cid, now_wounds=3)
    assert "dying" not in creature.conditions and creature.dying == 0
    assert encounter.log[-1].text == "Valeros edited: Wounds above 0: no longer dying"


def test_vitality_alone_at_0_is_not_dying():
    """0 Vitality only means the next damage takes Wounds (seed 001)."""
    encounter, cid = encounter_with("vitality-wounds", vitality=20, wounds=12)
    creature = encounter.update(cid, now_vitality=0)
    assert encounter.rules.status(creature) == "ok"


def test_vitality_raised_from_0_wakes_a_knocked_out_agent():
    encounter, cid = encounter_with("vitality-wounds", vitality=10, wounds=12)
    encounter.apply_damage([cid], "12 bludgeoning", nonlethal=True)  # unconscious, V 0
    creature = encounter.update(cid, now_vitality=6)
    assert "unconscious" not in creature.conditions


def test_an_hp_only_npc_of_vitality_wounds_follows_the_hp_rules():
    encounter, cid = encounter_with("vitality-wounds", pc=False, hp=40)
    creature = encounter.update(cid, now_hp=0)
    assert encounter.rules.status(creature) == "dead"


# -- d20 System 3.0: RULES §4 ---------------------------------------------------------------

@pytest.mark.parametrize(("hp", "status"), [(0, "disabled"), (-1, "dying"), (-9, "dying"),
                                            (-10, "dead"), (5, "ok")])
def test_d20_current_hp_set_by_an_edit_gives_its_status(hp, status):
    encounter, cid = encounter_with("d20-3e", hp=10)
    creature = encounter.update(cid, now_hp=hp)
    assert encounter.rules.status(creature) == status


def test_d20_max_hp_below_the_damage_taken_disables():
    encounter, cid = encounter_with("d20-3e", hp=12)
    encounter.apply_damage([cid], "7 slashing")  # 5/12
    creature = encounter.update(cid, hp=7)       # 7 damage taken, max 7: 0/7
    assert creature.hp == 0
    assert encounter.rules.status(creature) == "disabled"


def test_d20_raising_hp_by_an_edit_ends_dying():
    encounter, cid = encounter_with("d20-3e", hp=10)
    encounter.update(cid, now_hp=-4)
    creature = encounter.update(cid, now_hp=3)
    assert encounter.rules.status(creature) == "ok"


def test_d20_subdual_set_by_an_edit_staggers_or_knocks_out():
    """RULES §6 example 10: 10 current HP, 10 subdual → staggered; 11 → unconscious."""
    encounter, cid = encounter_with("d20-3e", hp=10)
    assert encounter.rules.status(encounter.update(cid, now_subdual=10)) == "staggered"
    assert encounter.rules.status(encounter.update(cid, now_subdual=11)) == "unconscious"


# -- Daggerheart: RULES §3, §7 --------------------------------------------------------------

@pytest.mark.parametrize(("pc", "status"), [(True, "death-move"), (False, "defeated")])
def test_daggerheart_every_hp_marked_by_an_edit(pc, status):
    encounter, cid = encounter_with("daggerheart", pc=pc, hp=6, major=7, severe=14)
    encounter.apply_damage([cid], "9 physical")  # Major: 2 HP marked
    creature = encounter.update(cid, hp=2)       # 2 slots, both marked
    assert encounter.rules.status(creature) == status
    creature = encounter.update(cid, hp=4)       # two clear slots again
    assert encounter.rules.status(creature) == "ok"


def test_daggerheart_marked_hp_set_directly_and_cleared():
    encounter, cid = encounter_with("daggerheart", hp=6, major=7, severe=14)
    assert encounter.rules.status(encounter.update(cid, now_hp_marked=6)) == "death-move"
    assert encounter.rules.status(encounter.update(cid, now_hp_marked=5)) == "ok"


def test_daggerheart_a_gms_defeated_stays_when_the_slots_do_not_fill():
    encounter, cid = encounter_with("daggerheart", pc=False, hp=6, major=7, severe=14)
    encounter.add_condition(cid, "defeated")  # fled: defeated by the GM's word
    creature = encounter.update(cid, now_hp_marked=1)
    assert "defeated" in creature.conditions


def test_daggerheart_the_last_stress_marked_by_an_edit_is_vulnerable_until_cleared():
    encounter, cid = encounter_with("daggerheart", hp=6, major=7, severe=14, stress=3)
    creature = encounter.update(cid, now_stress_marked=3)
    assert "vulnerable" in creature.conditions
    creature = encounter.update(cid, now_stress_marked=2)
    assert "vulnerable" not in creature.conditions


# -- temporary HP on several creatures ------------------------------------

def test_temp_hp_to_the_marked_set_is_one_undo_step_and_does_not_stack():
    encounter = Encounter("pf2e", "Temp")
    rules = encounter.rules
    a = encounter.add(rules.new_creature("Valeros", pc=True, hp=20, temp_hp=8))
    b = encounter.add(rules.new_creature("Kyra", pc=True, hp=20))
    encounter.give_temp_hp([a, b], 5, "1d8+1 (4) = 5")
    assert (encounter.creature(a).temp_hp, encounter.creature(b).temp_hp) == (8, 5)
    assert encounter.log[-1].text == "temp HP 5 (1d8+1 (4) = 5) → Valeros 20/20 +8; Kyra 20/20 +5"
    assert "Valeros: temp HP 8 kept: temporary HP do not stack, the higher stays" \
        in encounter.log[-1].details
    encounter.undo()
    assert (encounter.creature(a).temp_hp, encounter.creature(b).temp_hp) == (8, 0)


def test_temp_hp_is_refused_where_the_system_has_none():
    encounter, cid = encounter_with("daggerheart")
    with pytest.raises(ValueError, match="Daggerheart creatures have no temporary HP"):
        encounter.give_temp_hp([cid], 5)


@pytest.mark.parametrize("amount", [0, -3, True, 1.5])
def test_temp_hp_must_be_a_whole_number_above_0(amount):
    rules = get_system("d20-3e")
    with pytest.raises(ValueError, match="temporary HP is a whole number"):
        resolve_temp_hp(rules, rules.new_creature("Ogre", hp=30), amount)
