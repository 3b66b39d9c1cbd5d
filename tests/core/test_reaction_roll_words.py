"""Daggerheart reaction rolls (RULES §10) as the log shows them: each die, the trait or +0, the
total against the Difficulty and the degree; and the dialog's refusals, which say what to type."""

from __future__ import annotations

import pytest
from core_support import ScriptedRng, refused

from core import Encounter, get_system
from core.catalog.capabilities import DAGGERHEART_TRAITS
from core.table.reaction_rolls import read_reaction

RULES = get_system("daggerheart")


def party():
    encounter = Encounter("daggerheart", "Scene")
    pc = encounter.add(RULES.new_creature("Marlow", pc=True, hp=6, numbers={"agility": 2}))
    bare = encounter.add(RULES.new_creature("Kyra", pc=True, hp=6))
    foe = encounter.add(RULES.new_creature("Bandit", hp=4))
    return encounter, pc, bare, foe


def test_an_adversarys_d20_is_shown_with_its_bonus_total_and_difficulty():
    encounter, _, _, foe = party()
    rolled = encounter.roll_saves([foe], save="agility", dc=14, rng=ScriptedRng(1), bonus=-2).rolls[foe]
    # d20 1, the GM's -2: 1 - 2 = -1 < 14
    assert (rolled.natural, rolled.bonus, rolled.total, rolled.dc, rolled.degree) == (1, -2, -1, 14, "failure")
    assert rolled.text == "Bandit: reaction roll: d20 1-2 = -1 vs DC 14: failure"


def test_a_pcs_duality_dice_are_each_shown_with_the_trait_and_roll_1_to_12():
    encounter, pc, _, _ = party()
    rng = ScriptedRng(1, 12)
    rolled = encounter.roll_saves([pc], save="agility", dc=14, rng=rng).rolls[pc]
    assert rng.calls == [(1, 12), (1, 12)]
    # 1 + 12 + agility 2 = 15 ≥ 14
    assert (rolled.natural, rolled.bonus, rolled.total, rolled.dc, rolled.degree) == (13, 2, 15, 14, "success")
    assert rolled.text == "Marlow: Agi +2: Duality Dice 1, 12+2 = 15 vs DC 14, no Hope or Fear: success"


def test_a_trait_the_pc_has_no_number_for_is_named_as_not_known():
    encounter, _, bare, _ = party()
    rolled = encounter.roll_saves([bare], save="agility", dc=14, rng=ScriptedRng(7, 5)).rolls[bare]
    assert rolled.text == ("Kyra: Agility not known, +0: Duality Dice 7, 5+0 = 12 vs DC 14, "
                           "no Hope or Fear: failure")


def test_a_reaction_roll_naming_no_trait_adds_nothing_and_matching_dice_say_so():
    encounter, pc, _, _ = party()
    rolled = encounter.roll_saves([pc], save=None, dc=14, rng=ScriptedRng(3, 3)).rolls[pc]
    assert (rolled.total, rolled.degree) == (6, "critical-success")      # 3 + 3 + 0, matching
    assert rolled.text == ("Marlow: reaction roll: Duality Dice 3, 3+0 = 6 vs DC 14, no Hope or Fear: "
                           "critical success (matching dice)")


@pytest.mark.parametrize("text", ["ref 14", "agility"])
def test_a_reaction_line_it_cannot_read_says_what_to_type(text):
    assert refused(read_reaction, text) == (
        "type the trait and the Difficulty, such as agility 14 (" + ", ".join(DAGGERHEART_TRAITS)
        + "); +2 after them is the adversaries' bonus")


@pytest.mark.parametrize(("text", "bonus"), [("agility 14 +99", 99), ("agility 14 -99", -99)])
def test_a_bonus_of_99_either_way_is_read(text, bonus):
    assert read_reaction(text) == ("agility", 14, bonus)


def test_a_bonus_past_99_is_refused_with_the_bounds():
    assert refused(read_reaction, "agility 14 +100") == \
        "a Difficulty is 0 to 999 and a bonus -99 to 99, not 14 +100"


def test_a_pcs_natural_is_the_sum_of_the_duality_dice():
    encounter, pc, _, _ = party()
    rolled = encounter.roll_saves([pc], save="agility", dc=14, rng=ScriptedRng(9, 4)).rolls[pc]
    assert rolled.natural == 9 + 4
