"""What mutation testing left alive in core/encounter/tracks.py: healing one
or several, temporary HP that do not stack, Daggerheart's Stress marked and cleared, each in the
log's words and kind, each refusal in words."""

from __future__ import annotations

import pytest
from core_support import refused, said

from core import Encounter


def _party() -> tuple[Encounter, str, str]:
    enc = Encounter("daggerheart", "Scene")
    kyra = enc.add(enc.rules.new_creature("Kyra", pc=True, hp=6, stress=3))
    marl = enc.add(enc.rules.new_creature("Marl", pc=True, hp=6, stress=3))
    return enc, kyra, marl


def _goblin() -> tuple[Encounter, str]:
    enc = Encounter("pf2e", "Ambush")
    return enc, enc.add(enc.rules.new_creature("Goblin", hp=15))


def test_stress_marked_on_several_is_one_step_and_on_one_is_its_own_words():
    enc, kyra, marl = _party()
    enc.mark_stress_many([kyra, marl], 2)
    assert said(enc) == ("stress", "mark 2 Stress → Kyra mark 2 Stress: 0 → 2 of 3; "
                          "Marl mark 2 Stress: 0 → 2 of 3", "mark 2 Stress → 2 targets")
    enc.mark_stress_many([kyra], 1)
    assert said(enc) == ("stress", "Kyra: mark 1 Stress: 2 → 3 of 3; last Stress marked: "
                          "vulnerable until a Stress is cleared", "")
    assert enc.mark_stress(marl).summary == "mark 1 Stress: 2 → 3 of 3; last Stress marked: " \
        "vulnerable until a Stress is cleared"


def test_stress_cleared_on_several_is_one_step_and_on_one_is_its_own_words():
    enc, kyra, marl = _party()
    enc.mark_stress_many([kyra, marl], 3)
    enc.clear_stress_many([kyra, marl], 1)
    assert said(enc) == ("stress", "clear 1 Stress → Kyra HP □□□□□□ S ■■□ 7/14; "
                          "Marl HP □□□□□□ S ■■□ 7/14", "clear 1 Stress → 2 targets")
    assert "vulnerable" not in enc.creature(kyra).conditions
    enc.clear_stress_many([kyra])
    assert said(enc) == ("stress", "Kyra: clear 1 Stress: 2 → 1 of 3", "")
    enc.heal(marl, 2, "stress")                    # clearing Stress is no heal
    assert said(enc) == ("stress", "Marl: clear 2 Stress: 2 → 0 of 3", "")
    assert enc.log[-1].details == ("clear 2 Stress: 2 → 0 of 3",)
    enc.undo()
    assert enc.creature(marl).stress_marked == 2


def test_stress_is_daggerhearts_only():
    enc, goblin = _goblin()
    assert refused(enc.clear_stress, goblin) == "Pathfinder 2e has no Stress"
    assert refused(enc.clear_stress_many, [goblin]) == "Pathfinder 2e has no Stress"


def test_a_heal_of_a_track_says_the_track_and_how_it_was_rolled():
    enc, kyra, marl = _party()
    enc.apply_damage([kyra], "9 phy")
    enc.heal(kyra, 1, "hp")
    assert said(enc) == ("heal", "Kyra healed 1 hp: HP ■□□□□□ S □□□ 7/14", "")
    enc.heal_many([kyra, marl], 1, "hp", "1d4")
    assert said(enc) == ("heal", "healed 1 hp (1d4) → Kyra HP □□□□□□ S □□□ 7/14; "
                          "Marl HP □□□□□□ S □□□ 7/14", "healed 1 hp (1d4) → 2 targets")
    enc.heal_many([kyra], 1, "stress")
    assert said(enc)[:2] == ("stress", "clear 1 Stress → Kyra HP □□□□□□ S □□□ 7/14")


def test_a_heal_without_a_track_says_the_amount():
    enc, goblin = _goblin()
    enc.apply_damage([goblin], "5 fire")
    enc.heal(goblin, 3)
    assert said(enc) == ("heal", "Goblin healed 3: 13/15", "")
    enc.heal_many([goblin, goblin], 1)
    assert said(enc) == ("heal", "healed 1 → Goblin 14/15", "")      # named twice, healed once
    assert enc.creature(goblin).hp == 14


def test_temporary_hp_keep_the_higher_and_say_so():
    enc, goblin = _goblin()
    enc.give_temp_hp([goblin], 5, "1d8")
    assert said(enc) == ("heal", "temp HP 5 (1d8) → Goblin 15/15 +5", "")
    assert enc.log[-1].details == ("Goblin: temp HP 0 → 5",)
    enc.give_temp_hp([goblin], 5)
    assert enc.log[-1].details == ("Goblin: temp HP 5 kept: temporary HP do not stack, the higher stays",)
    enc.give_temp_hp([goblin], 6)
    assert said(enc) == ("heal", "temp HP 6 → Goblin 15/15 +6", "")


@pytest.mark.parametrize("amount", [0, 1_000_001, True, "5"])
def test_temporary_hp_are_1_to_a_million(amount):
    enc, goblin = _goblin()
    assert refused(enc.give_temp_hp, [goblin], amount) == \
        f"temporary HP is a whole number from 1 to 1,000,000, not {amount!r}"


def test_a_million_temporary_hp_are_given_and_none_to_the_dead_or_in_daggerheart():
    enc, goblin = _goblin()
    assert enc.give_temp_hp([goblin], 1_000_000)[goblin].total == 1_000_000
    enc.add_condition(goblin, "dead")
    enc.give_temp_hp([goblin], 2_000)
    assert enc.log[-1].details == ("Goblin: dead: temporary HP have no effect",)
    party, kyra, _ = _party()
    assert refused(party.give_temp_hp, [kyra], 1) == "Daggerheart creatures have no temporary HP"

