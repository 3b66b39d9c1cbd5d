"""Daggerheart at its edges (survivors of a mutmut sample of
core/systems/daggerheart.py): a roll of exactly 0, thresholds that are equal, resistance and
immunity to ``all``, and the Stress a GM may mark (RULES §3, §7)."""

from __future__ import annotations

import pytest

from core.systems import get_system

DH = get_system("daggerheart")


def _steps(outcome):
    return [(step.kind, step.text) for step in outcome.records]


def test_a_roll_of_exactly_0_marks_nothing_and_is_not_called_negative(R):
    acid = DH.new_creature("Acid", False, hp=6, major=7, severe=14)
    out = DH.resolve(acid, DH.roll("1d4-1 physical", rng=R(1)))
    assert _steps(out) == [("roll", "roll: 1d4-1 physical (1) = 0"), ("threshold", "0 damage: nothing marked")]
    assert (out.total, out.hp_marked, out.dealt, out.summary) == (0, 0, "0 none", "0 none: 0 HP")


def test_severe_may_equal_major_but_not_be_below_it():
    assert DH.new_creature("Even", major=7, severe=7).severe == 7
    with pytest.raises(ValueError) as info:
        DH.new_creature("Odd", major=7, severe=6)
    assert str(info.value) == "the Severe threshold (6) is below Major (7)"


@pytest.mark.parametrize("defenses,step,total", [
    ("resistance all", ("resistance", "resistance magic: 10 → 5 (half, rounded up)"), 5),
    ("immunity all", ("immunity", "immune to magic: 10 → 0"), 0),
])
def test_resistance_or_immunity_to_all_covers_magic(defenses, step, total):
    out = DH.resolve(DH.new_creature("R", False, defenses, hp=6), DH.roll("10 magic"))
    assert _steps(out)[1] == step
    assert out.total == total


@pytest.mark.parametrize("amount", [0, -2, True, 1.5])
def test_stress_to_mark_is_a_whole_number_of_1_or_more(amount):
    with pytest.raises(ValueError) as info:
        DH.resolve_stress(DH.new_creature("Acid", hp=6), amount)
    assert str(info.value) == f"Stress to mark is a whole number of 1 or more, not {amount!r}"


def test_a_minion_with_a_slot_marked_already_marks_only_the_rest():
    rat = DH.new_creature("Rat", False, hp=3, major=4, severe=8, numbers={"minion": 5})
    rat.hp_marked = 1
    out = DH.resolve(rat, DH.roll("2 physical"))  # RULES §9 Minion (X): any damage defeats it
    assert _steps(out)[2:] == [("track", "Minion (5): any damage defeats it"),
                               ("track", "mark 2 HP: 1 → 3 of 3"), ("track", "every HP marked: defeated")]
    assert (out.hp_marked, out.changes["hp_marked"]) == (2, 3)


def test_a_critical_adds_the_dice_maximum_and_says_the_faces(R):
    acid = DH.new_creature("Acid", False, hp=6, major=7, severe=14)
    out = DH.resolve(acid, DH.roll("1d8+3 physical", True, rng=R(5)), True)
    assert _steps(out)[0] == ("scale", "critical: 1d8+3 physical max 8 + roll (5) 8 = 16")
