"""Daggerheart rules of RULES §7 and §10: Vulnerable from the last Stress is a PC's only;
Minion (X) counts what the Minion takes; a PC's traits and its reaction roll with the Duality
Dice; Hope and Fear by more than 1 in one step."""

from __future__ import annotations

import pytest
from core_support import ScriptedRng, refused

from core import Encounter, get_system

RULES = get_system("daggerheart")
TRAITS = {"agility": 2, "strength": -1, "finesse": 1, "instinct": 0, "presence": 1, "knowledge": 3}


def scene(pc, **stats):
    encounter = Encounter("daggerheart", "Scene")
    cid = encounter.add(RULES.new_creature("Marlow" if pc else "Bandit", pc=pc, hp=stats.pop("hp", 6),
                                           stress=stats.pop("stress", 3), **stats))
    return encounter, cid


# -- Vulnerable from the last Stress: player characters only ---------------------------------

def test_an_adversary_marking_its_last_stress_is_not_vulnerable():
    encounter, cid = scene(pc=False)
    out = encounter.mark_stress(cid, 3)
    assert "vulnerable" not in encounter.creature(cid).conditions
    assert not any("vulnerable" in line for line in out.steps), out.steps


def test_an_adversary_whose_last_stress_is_marked_by_an_edit_is_not_vulnerable():
    encounter, cid = scene(pc=False)
    assert "vulnerable" not in encounter.update(cid, now_stress_marked=3).conditions


def test_a_pc_marking_its_last_stress_is_still_vulnerable():
    encounter, cid = scene(pc=True)
    encounter.mark_stress(cid, 3)
    assert "vulnerable" in encounter.creature(cid).conditions


def test_an_adversary_with_no_stress_left_marks_hp_and_is_never_vulnerable():
    encounter, cid = scene(pc=False)
    encounter.mark_stress(cid, 3)
    encounter.mark_stress(cid, 2)
    creature = encounter.creature(cid)
    assert creature.hp_marked == 1 and "vulnerable" not in creature.conditions


def test_stress_overflow_never_marks_hp_past_the_slots():
    # RULES §3: HP marked never exceeds the slots, so overflow with every HP marked marks none
    encounter, cid = scene(pc=False, hp=2)
    encounter.update(cid, now_hp_marked=2, now_stress_marked=3)
    out = encounter.mark_stress(cid, 1)
    assert encounter.creature(cid).hp_marked == 2
    assert out.hp_marked == 0


# -- Minion (X) after the Minion's own resistance and immunity -------------------------------

def minion(defenses):
    return RULES.new_creature("Lackey", hp=1, major=4, severe=8, defenses=defenses, numbers={"minion": 5})


def test_a_minion_counts_the_damage_after_its_resistance():
    # 12 physical, resisted: 6 (half, rounded up); 6 // 5 = 1 more Minion, not 12 // 5 = 2
    out = RULES.apply_damage(minion("resistance physical"), "12 physical")
    assert (out.total, out.minions) == (6, 1)


def test_an_immune_minion_takes_nothing_and_defeats_no_one():
    creature = minion("immune magic")
    out = RULES.apply_damage(creature, "12 magic")
    assert (out.total, out.minions, creature.hp_marked) == (0, 0, 0)
    assert "defeated" not in creature.conditions


# -- a PC's traits ---------------------------------------------------------------------------

def test_a_pc_keeps_its_six_traits_in_its_numbers():
    creature = RULES.new_creature("Marlow", pc=True, hp=6, numbers={"evasion": 10, **TRAITS})
    assert creature.numbers == {"evasion": 10, **TRAITS}


def test_an_adversary_has_no_traits():
    assert refused(RULES.new_creature, "Bandit", hp=4, numbers={"agility": 2}).startswith("numbers.agility")


def test_a_trait_beyond_the_bounds_of_a_modifier_is_refused():
    assert "agility" in refused(RULES.new_creature, "Marlow", pc=True, hp=6, numbers={"agility": 10**9})


def test_a_pcs_traits_save_and_load(tmp_path, monkeypatch):
    from saves import load, save

    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    encounter = Encounter("daggerheart", "Traits")
    cid = encounter.add(RULES.new_creature("Marlow", pc=True, hp=6, numbers=TRAITS))
    assert load(save(encounter)).creature(cid).numbers == TRAITS


def test_the_numbers_field_reads_a_pcs_traits():
    from core.encounter.draft import read_numbers

    assert read_numbers("daggerheart", "Evasion 10 Agility +2 Knowledge +3 Strength -1") == {
        "evasion": 10, "agility": 2, "knowledge": 3, "strength": -1}


# -- reaction rolls --------------------------------------------------------------------------

def party():
    encounter = Encounter("daggerheart", "Scene")
    pc = encounter.add(RULES.new_creature("Marlow", pc=True, hp=6, numbers=TRAITS))
    bare = encounter.add(RULES.new_creature("Kyra", pc=True, hp=6))
    foe = encounter.add(RULES.new_creature("Bandit", hp=4, numbers={"difficulty": 12}))
    return encounter, pc, bare, foe


def test_a_pc_rolls_the_duality_dice_plus_the_trait_named():
    encounter, pc, _, _ = party()
    # 2d12: 5 + 6, + agility 2 = 13 vs 14: failure; 7 + 5 + 2 = 14: success (equal or more)
    assert encounter.roll_saves([pc], save="agility", dc=14, rng=ScriptedRng(5, 6))[pc] == "failure"
    rolled = encounter.roll_saves([pc], save="agility", dc=14, rng=ScriptedRng(7, 5))
    assert rolled[pc] == "success"
    assert (rolled.rolls[pc].total, rolled.rolls[pc].bonus) == (14, 2)


def test_matching_duality_dice_are_a_critical_success_whatever_the_total():
    encounter, pc, _, _ = party()
    rolled = encounter.roll_saves([pc], save="strength", dc=20, rng=ScriptedRng(2, 2))
    assert rolled[pc] == "critical-success"                  # 2 + 2 − 1 = 3, far below 20
    assert "2, 2" in rolled.rolls[pc].text


def test_a_pc_without_the_trait_rolls_plus_0():
    encounter, _, bare, _ = party()
    rolled = encounter.roll_saves([bare], save="knowledge", dc=10, rng=ScriptedRng(4, 5))
    assert (rolled[bare], rolled.rolls[bare].total) == ("failure", 9)


def test_an_adversary_rolls_a_d20():
    encounter, _, _, foe = party()
    rng = ScriptedRng(14)
    rolled = encounter.roll_saves([foe], save="agility", dc=14, rng=rng)
    assert rolled[foe] == "success" and rng.calls == [(1, 20)]
    assert encounter.roll_saves([foe], save="agility", dc=14, rng=ScriptedRng(13))[foe] == "failure"


def test_a_reaction_roll_gains_no_hope_and_no_fear():
    encounter, pc, _, _ = party()
    steps = len(encounter.log)
    encounter.roll_saves([pc], save="presence", dc=5, rng=ScriptedRng(12, 3))   # Hope die higher
    encounter.roll_saves([pc], save="presence", dc=5, rng=ScriptedRng(3, 12))   # Fear die higher
    assert (encounter.creature(pc).hope, encounter.fear, len(encounter.log)) == (0, 0, steps)


def test_a_save_that_is_not_a_trait_is_refused_naming_the_traits():
    encounter, pc, _, _ = party()
    said = refused(encounter.roll_saves, [pc], save="ref", dc=14)
    assert "agility" in said and "knowledge" in said


# -- Hope and Fear by an amount --------------------------------------------------------------

def test_fear_by_three_is_one_step_and_one_line():
    encounter, _, _, _ = party()
    before = len(encounter.log)
    assert encounter.gain_fear(3) == 3
    assert len(encounter.log) == before + 1
    assert encounter.log[-1].text == "the GM gains 3 Fear: 0 → 3"
    encounter.spend_fear(2)
    assert (encounter.fear, len(encounter.log)) == (1, before + 2)
    encounter.undo()
    encounter.undo()
    assert encounter.fear == 0


def test_hope_by_three_is_one_step_and_one_line():
    encounter, pc, _, _ = party()
    before = len(encounter.log)
    assert encounter.mark_hope(pc, 3) == 3
    assert len(encounter.log) == before + 1
    encounter.undo()
    assert encounter.creature(pc).hope == 0


@pytest.mark.parametrize("amount", [0, -2, 1.5, True])
def test_a_bad_amount_of_fear_is_refused(amount):
    encounter, _, _, _ = party()
    assert "whole number" in refused(encounter.gain_fear, amount)


def test_a_pcs_traits_share_one_group_on_the_numbers_line():
    encounter = Encounter("daggerheart", "Scene")
    cid = encounter.add(RULES.new_creature("Marlow", pc=True, hp=6, numbers={"evasion": 10, **TRAITS}))
    assert encounter.numbers_of(cid).line() == "Evasion 10 · Agi +2 Str -1 Fin +1 Ins +0 Pre +1 Kno +3"


def test_an_adversary_adds_the_bonus_the_gm_gives_and_a_pc_does_not():
    encounter, pc, _, foe = party()
    rolled = encounter.roll_saves([foe, pc], save="agility", dc=14, rng=ScriptedRng(12, 5, 6), bonus=2)
    assert (rolled[foe], rolled.rolls[foe].total) == ("success", 14)              # 12 + 2
    assert (rolled[pc], rolled.rolls[pc].total) == ("failure", 13)                # 5 + 6 + agility 2


def test_a_bonus_that_is_not_a_whole_number_is_refused():
    encounter, _, _, foe = party()
    assert "bonus" in refused(encounter.roll_saves, [foe], save="agility", dc=14, bonus="2")


@pytest.mark.parametrize(("text", "read"), [
    ("agility 14", ("agility", 14, 0)), ("14", ("finesse", 14, 0)),
    ("Instinct DC 12 +2", ("instinct", 12, 2)), ("knowledge 10 -1", ("knowledge", 10, -1))])
def test_the_reaction_roll_dialog_reads_the_trait_the_difficulty_and_a_bonus(text, read):
    from core.table.reaction_rolls import read_reaction

    assert read_reaction(text, "finesse") == read


@pytest.mark.parametrize("text", ["ref 14", "agility", "agility 14 15", "agility 14 +2 +3", "agility 1000"])
def test_the_reaction_roll_dialog_refuses_what_it_cannot_read(text):
    from core.table.reaction_rolls import read_reaction

    assert refused(read_reaction, text)
