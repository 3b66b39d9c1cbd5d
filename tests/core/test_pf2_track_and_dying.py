"""The PF2 family's HP track and dying at their edges (survivors of a mutmut
sample of core/systems/pf2/track.py and dying.py): each step of the breakdown word for word
(RULES §2 Step 4, §7), massive damage at exactly twice max HP, an edit of max HP."""

from __future__ import annotations

import pytest

from core.systems import get_system

PF2 = get_system("pf2e")


def _steps(outcome):
    return [(step.kind, step.text) for step in outcome.records]


def _kyra(hp: int = 20, **state):
    kyra = PF2.new_creature("Kyra", True, hp=20)
    kyra.hp = hp
    for name, value in state.items():
        setattr(kyra, name, value)
    return kyra


def test_temp_hp_absorb_first_then_hp_to_0_and_a_pc_starts_dying():
    kyra = PF2.new_creature("Kyra", True, hp=20, temp_hp=5)
    out = PF2.resolve(kyra, PF2.roll("30 fire"))
    assert _steps(out)[2:] == [("track", "temp HP 5 → 0 (absorbs 5)"),
                               ("track", "HP 20 → 0 (overflow 5)"),
                               ("track", "0 HP: dying 1, unconscious")]
    assert dict(out.changes) == {"hp": 0, "temp_hp": 0, "dying": 1,
                                 "conditions": frozenset({"dying", "unconscious"})}


def test_damage_within_hp_says_the_hp_before_and_after():
    out = PF2.resolve(_kyra(), PF2.roll("7 fire"))
    assert _steps(out)[-1] == ("track", "HP 20 → 13")
    assert out.changes == {"hp": 13}


def test_wounded_adds_to_dying_at_0_hp():
    out = PF2.resolve(_kyra(wounded=2), PF2.roll("25 fire"))
    assert _steps(out)[-1] == ("track", "0 HP: dying 1 + wounded 2 = dying 3, unconscious")
    assert out.changes["dying"] == 3


@pytest.mark.parametrize("damage,dead", [("20 fire", True), ("19 fire", False)])
def test_massive_damage_kills_at_exactly_twice_max_hp(damage, dead):
    out = PF2.resolve(_kyra(hp=10, max_hp=10), PF2.roll(damage))
    last = _steps(out)[-1]
    if dead:
        assert last == ("track", "massive damage (20 ≥ twice max HP 10): dead")
        assert out.changes["conditions"] == frozenset({"dead"})
    else:
        assert last == ("track", "0 HP: dying 1, unconscious")


def test_a_non_pc_dies_at_0_hp():
    goblin = PF2.new_creature("Goblin", False, hp=10)
    out = PF2.resolve(goblin, PF2.roll("19 fire"))
    assert _steps(out)[-1] == ("track", "0 HP: dead (a non-PC dies at 0 HP)")
    assert out.changes["conditions"] == frozenset({"dead"})


def test_a_critical_while_dying_worsens_dying_by_2():
    out = PF2.resolve(_kyra(0, conditions={"dying", "unconscious"}, dying=1), PF2.roll("3 fire"), True)
    assert _steps(out)[-1] == ("track", "damage while dying: dying 1 → 3")
    assert dict(out.changes) == {"dying": 3}


def test_damage_while_dying_kills_at_the_doomed_limit():
    kyra = _kyra(0, conditions={"dying", "unconscious"}, dying=2, condition_values={"doomed": 1})
    out = PF2.resolve(kyra, PF2.roll("3 fire"), True)
    assert _steps(out)[-2:] == [("track", "damage while dying: dying 2 → 4"),
                                ("track", "dying 3 (doomed 1: dies at dying 3): dead")]
    assert dict(out.changes) == {"dying": 0, "conditions": frozenset({"dead"})}


def test_healing_a_dying_pc_ends_dying_and_adds_wounded():
    kyra = _kyra(0, conditions={"dying", "unconscious"}, dying=2, wounded=1)
    out = PF2.resolve_heal(kyra, 5)
    assert _steps(out) == [("track", "heal 5: HP 0 → 5"), ("track", "no longer dying; wounded 2")]
    assert dict(out.changes) == {"hp": 5, "dying": 0, "wounded": 2, "conditions": frozenset()}


def test_healing_wakes_an_unconscious_pc_and_stops_at_max_hp():
    out = PF2.resolve_heal(_kyra(0, conditions={"unconscious"}), 30)
    assert _steps(out) == [("track", "heal 30: HP 0 → 20"), ("track", "wakes up")]
    assert dict(out.changes) == {"hp": 20, "conditions": frozenset()}


def test_healing_to_full_hp_ends_bleed():
    kyra = _kyra(15)
    PF2.add_persistent(kyra, "1d6 bleed")
    out = PF2.resolve_heal(kyra, 5)
    assert _steps(out)[-1] == ("note", "persistent 1d6 bleed ends (healed to full HP)")
    assert out.changes["persistent"] == ()


@pytest.mark.parametrize("roll,lines,changes", [
    (1, ["recovery check 1 vs DC 12: critical failure; dying 2 → 4",
         "dying 4 (doomed 1: dies at dying 3): dead"],
     {"dying": 0, "conditions": frozenset({"dead"})}),
    (20, ["recovery check 20 vs DC 12: critical success (natural 20: one step better); dying 2 → 0",
          "no longer dying; wounded 2; still unconscious"],
     {"dying": 0, "wounded": 2, "conditions": frozenset({"unconscious"})}),
    (12, ["recovery check 12 vs DC 12: success; dying 2 → 1"], {"dying": 1}),
    (11, ["recovery check 11 vs DC 12: failure; dying 2 → 3",
          "dying 3 (doomed 1: dies at dying 3): dead"],
     {"dying": 0, "conditions": frozenset({"dead"})}),
])
def test_a_recovery_check_word_for_word(roll, lines, changes):
    kyra = _kyra(0, conditions={"dying", "unconscious"}, dying=2, wounded=1,
                 condition_values={"doomed": 1})
    out = PF2.resolve_dying_check(kyra, roll)
    assert _steps(out) == [("track", line) for line in lines]
    assert out.summary == out.changes["recovery_check"] == lines[0].split(";")[0]
    assert {k: v for k, v in out.changes.items() if k != "recovery_check"} == changes


def test_a_recovery_check_that_ends_dying_above_0_hp_wakes_nobody_up():
    kyra = _kyra(4, conditions={"dying"}, dying=1)
    out = PF2.resolve_dying_check(kyra, 15)
    assert _steps(out)[-1] == ("track", "no longer dying; wounded 1")
    assert out.changes["conditions"] == frozenset()


@pytest.mark.parametrize("roll", [0, 21, True, "5"])
def test_a_recovery_check_refuses_what_is_not_a_d20_roll(roll):
    with pytest.raises(ValueError) as info:
        PF2.resolve_dying_check(_kyra(0, conditions={"dying"}, dying=1), roll)
    assert str(info.value) == f"a recovery check is a d20 roll from 1 to 20, not {roll!r}"


def test_a_recovery_check_of_a_creature_not_dying_names_it():
    with pytest.raises(ValueError) as info:
        PF2.resolve_dying_check(_kyra(), 10)
    assert str(info.value) == "Kyra is not dying"


def test_dying_set_by_hand_to_the_limit_kills():
    kyra = _kyra(0, conditions={"dying", "unconscious"}, dying=3, condition_values={"doomed": 1})
    lines: list[str] = []
    PF2.recheck_dying(kyra, lines)
    assert lines == ["dying 3 (doomed 1: dies at dying 3): dead"]
    assert (kyra.conditions, kyra.dying) == ({"dead"}, 0)


@pytest.mark.parametrize("hp,new_max,after", [(12, 30, 22), (12, 5, 0), (19, 10, 9), (20, 25, 25)])
def test_an_edit_of_max_hp_keeps_the_damage_taken(hp, new_max, after):
    kyra = _kyra(hp)
    PF2._set_stats(kyra, {"hp": new_max}, editing=True)
    assert (kyra.hp, kyra.max_hp) == (after, new_max)


def test_the_track_text_shows_temp_hp_only_when_there_is_some():
    assert PF2.track_text(PF2.new_creature("G", hp=20, temp_hp=4)) == "20/20 +4"
    assert PF2.track_text(PF2.new_creature("G", hp=20)) == "20/20"


def test_an_edit_to_0_hp_makes_a_pc_dying_and_one_above_0_ends_it():
    before = _kyra(5, wounded=1)
    work = before.clone()
    work.hp = 0
    assert PF2.settle_status(work, before) == ["0 HP: dying 1 + wounded 1 = dying 2, unconscious"]
    assert (work.conditions, work.dying) == ({"dying", "unconscious"}, 2)
    raised = work.clone()
    raised.hp = 3
    assert PF2.settle_status(raised, work) == ["above 0 HP: no longer dying; wounded 2"]
    assert (raised.conditions, raised.dying, raised.wounded) == (set(), 0, 2)


def test_an_edit_above_0_hp_wakes_an_unconscious_pc():
    before = _kyra(0, conditions={"unconscious"})
    work = before.clone()
    work.hp = 4
    assert PF2.settle_status(work, before) == ["above 0 HP: wakes up"]
    assert work.conditions == set()


def test_an_edit_leaves_the_dead_and_unchanged_numbers_alone():
    dead = _kyra(0, conditions={"dead"})
    work = dead.clone()
    work.hp = 5
    assert PF2.settle_status(work, dead) == []
    marked = _kyra(0, conditions=set())  # 0 HP, no status: the GM's word stands
    assert PF2.settle_status(marked.clone(), marked) == []


def test_a_natural_20_cannot_better_a_critical_success():
    kyra = _kyra(0, conditions={"dying", "unconscious"}, dying=0)  # marked dying by hand, value 0
    out = PF2.resolve_dying_check(kyra, 20)  # 20 vs DC 10: a critical success already
    assert _steps(out) == [("track", "recovery check 20 vs DC 10: critical success; dying 0 → 0"),
                           ("track", "no longer dying; wounded 1; still unconscious")]


def test_an_edit_of_hp_leaves_a_dead_pc_dead():
    dead = _kyra(5, conditions={"dead"})
    work = dead.clone()
    work.hp = 0
    assert PF2.settle_status(work, dead) == []
    assert work.conditions == {"dead"}


def test_an_edit_to_0_hp_of_a_pc_dying_already_changes_nothing():
    dying = _kyra(2, conditions={"dying"}, dying=1)  # the GM took unconscious off by hand
    work = dying.clone()
    work.hp = 0
    assert PF2.settle_status(work, dying) == []
    assert (work.conditions, work.dying) == ({"dying"}, 1)
