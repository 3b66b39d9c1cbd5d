"""Vitality & Wounds at its edges (survivors of a mutmut sample of
core/systems/pf2/vitality_wounds.py): the track's steps word for word (RULES §2 Step 4),
healing Wounds or Vitality, an edit of the stats, and the status an edit settles."""

from __future__ import annotations

import pytest

from core import Creature
from core.systems import get_system

VW = get_system("vitality-wounds")


def _steps(outcome):
    return [(step.kind, step.text) for step in outcome.records]


def _wolf(**state):
    wolf = VW.new_creature("Wolf", True, vitality=10, wounds=5)
    for name, value in state.items():
        setattr(wolf, name, value)
    return wolf


def test_what_exceeds_vitality_becomes_wounds_in_the_same_blow():
    out = VW.resolve(_wolf(), VW.roll("13 fire"))
    assert _steps(out)[2:] == [("track", "Vitality 10 → 0"), ("track", "Wounds 5 → 2 (3 past Vitality)")]
    assert (dict(out.changes), out.wounds) == ({"vitality": 0, "wounds": 2}, 3)


def test_the_last_wound_lost_is_dying():
    out = VW.resolve(_wolf(), VW.roll("20 fire"))
    assert _steps(out)[-2:] == [("track", "Wounds 5 → 0 (10 past Vitality)"), ("track", "0 Wounds: dying")]
    assert dict(out.changes) == {"vitality": 0, "wounds": 0, "dying": 1,
                                 "conditions": frozenset({"dying"})}


def test_more_damage_at_0_wounds_while_dying_adds_no_second_dying_step():
    out = VW.resolve(_wolf(vitality=0, wounds=0, conditions={"dying"}, dying=2), VW.roll("3 fire"))
    assert _steps(out)[-1] == ("track", "Wounds 0 → 0 (3 past Vitality)")
    assert dict(out.changes) == {}


def test_vulnerability_wounds_skip_vitality(R):
    wolf = VW.new_creature("Wolf", True, "vulnerable silver", vitality=10, wounds=5)
    out = VW.resolve(wolf, VW.roll("2d4 ballistic silver", rng=R(1, 2)))
    assert _steps(out)[-2:] == [("track", "Vitality 10 → 7"), ("track", "Wounds 5 → 3 (2 from vulnerability)")]
    assert out.wounds == 2


def test_nonlethal_damage_knocks_out_and_never_becomes_wounds():
    out = VW.resolve(_wolf(), VW.roll("12 fire"), nonlethal=True)
    assert _steps(out)[2:] == [
        ("track", "nonlethal 12 ≥ Vitality 10: unconscious (nonlethal damage never becomes Wounds)"),
        ("track", "Vitality 10 → 0")]
    assert dict(out.changes) == {"vitality": 0, "conditions": frozenset({"unconscious"})}
    out = VW.resolve(_wolf(), VW.roll("4 fire"), nonlethal=True)
    assert _steps(out)[2:] == [("track", "Vitality 10 → 6")]


def test_healing_wounds_ends_dying_and_healing_vitality_wakes_up():
    wolf = _wolf(vitality=0, wounds=0, conditions={"dying", "unconscious"}, dying=1)
    out = VW.resolve_heal(wolf, 9, "wounds")
    assert _steps(out) == [("track", "heal 9 Wounds: 0 → 5"), ("track", "no longer dying")]
    assert dict(out.changes) == {"wounds": 5, "dying": 0, "conditions": frozenset({"unconscious"})}
    out = VW.resolve_heal(_wolf(vitality=0, wounds=3, conditions={"unconscious"}), 3)
    assert _steps(out) == [("track", "heal 3: Vitality 0 → 3"), ("track", "wakes up")]
    assert dict(out.changes) == {"vitality": 3, "conditions": frozenset()}


def test_healing_vitality_of_a_dying_creature_wakes_nobody():
    out = VW.resolve_heal(_wolf(vitality=0, wounds=0, conditions={"dying", "unconscious"}, dying=1), 20)
    assert _steps(out) == [("track", "heal 20: Vitality 0 → 10")]
    assert dict(out.changes) == {"vitality": 10}


def test_healing_the_dead_has_no_effect():
    out = VW.resolve_heal(_wolf(conditions={"dead"}), 5)
    assert _steps(out) == [("track", "dead: healing has no effect")]


def test_an_hp_only_npc_edited():
    orc = VW.new_creature("Orc", False, hp=12)
    assert (VW.track_text(orc), orc.vitality, orc.max_wounds) == ("12/12", None, None)
    orc.hp = 10
    VW._set_stats(orc, {"hp": 8}, editing=True)
    assert (orc.hp, orc.max_hp) == (8, 8)
    VW._set_stats(orc, {"hp": 0}, editing=True)  # HP 0: a Vitality & Wounds creature now
    edited: Creature = orc  # read afresh: mypy would keep orc.hp as the 10 set above
    assert (edited.hp, edited.max_hp, edited.vitality, edited.max_vitality, edited.wounds,
            edited.max_wounds) == (None, None, 20, 20, 10, 10)


def test_an_edit_of_vitality_or_wounds_keeps_the_other_and_caps_the_current():
    wolf = _wolf(vitality=3, wounds=2)
    VW._set_stats(wolf, {"vitality": 8}, editing=True)
    assert (wolf.vitality, wolf.max_vitality, wolf.wounds, wolf.max_wounds) == (3, 8, 2, 5)
    VW._set_stats(wolf, {"wounds": 1}, editing=True)
    assert (wolf.vitality, wolf.max_vitality, wolf.wounds, wolf.max_wounds) == (3, 8, 1, 1)
    assert VW.track_text(wolf) == "V 3/8 W 1/1"
    assert VW.track_fraction(wolf) == pytest.approx(4 / 9)


def test_an_edit_to_0_wounds_is_dying_and_above_0_ends_it():
    before = _wolf(vitality=0, wounds=2)
    work = before.clone()
    work.wounds = 0
    assert VW.settle_status(work, before) == ["0 Wounds: dying"]
    assert (work.conditions, work.dying) == ({"dying"}, 1)
    raised = work.clone()
    raised.wounds = 1
    assert VW.settle_status(raised, work) == ["Wounds above 0: no longer dying"]
    assert (raised.conditions, raised.dying) == (set(), 0)


def test_an_edit_of_vitality_above_0_wakes_an_unconscious_creature():
    before = _wolf(vitality=0, conditions={"unconscious"})
    work = before.clone()
    work.vitality = 4
    assert VW.settle_status(work, before) == ["Vitality above 0: wakes up"]
    assert work.conditions == set()
    asleep = _wolf(vitality=0, conditions=set())  # nothing to wake: no step
    work = asleep.clone()
    work.vitality = 4
    assert VW.settle_status(work, asleep) == []


def test_an_edit_that_changes_nothing_or_of_the_dead_settles_nothing():
    wolf = _wolf(vitality=0, wounds=0)
    assert VW.settle_status(wolf.clone(), wolf) == []
    dead = _wolf(conditions={"dead"})
    work = dead.clone()
    work.wounds = 0
    assert VW.settle_status(work, dead) == []


def test_an_hp_only_npc_edit_follows_the_hp_rules():
    orc = VW.new_creature("Orc", False, hp=12)
    work = orc.clone()
    work.hp = 0
    assert VW.settle_status(work, orc) == ["0 HP: dead (a non-PC dies at 0 HP)"]


def test_an_edit_to_0_wounds_kills_a_creature_doomed_to_die_at_dying_1():
    before = _wolf(vitality=0, wounds=2, condition_values={"doomed": 3})
    work = before.clone()
    work.wounds = 0
    assert VW.settle_status(work, before) == ["0 Wounds: dying",
                                              "dying 1 (doomed 3: dies at dying 1): dead"]
    assert (work.conditions, work.dying) == ({"dead"}, 0)
