"""RULES §7 dying: PF2-family recovery checks at the start of the dying creature's turn
(DC 10 + dying, four degrees, natural 1 and 20, doomed), d20-3e stabilisation at the end of
its turn, and both rolled or asked of the GM by the flat_checks setting."""

from __future__ import annotations

import pytest
from core_support import Stats

from core import Encounter, get_system

PF2_FAMILY = ("pf2e", "sf2e", "vitality-wounds")


def fight(system="pf2e", **settings):
    """A goblin (acting first) and a dying PC (its turn is next)."""
    enc = Encounter(system, "Ambush", settings=settings or None)
    rs = get_system(system)
    gob = enc.add(rs.new_creature("Goblin", hp=10))
    stats: Stats = {"vitality": 10, "wounds": 5} if system == "vitality-wounds" else {"hp": 10}
    pc = enc.add(rs.new_creature("Kyra", pc=True, **stats))
    return enc, gob, pc


def drop(enc, pc, dying=1):
    """Knock the PC out by damage, then set the dying value wanted."""
    enc.apply_damage([pc], {"vitality-wounds": "15 fire", "d20-3e": "10"}.get(enc.system, "10 fire"))
    if enc.system != "d20-3e":
        enc.set_condition(pc, "dying", dying)


# ------------------------------------------------------------------ PF2 family


@pytest.mark.parametrize("system", PF2_FAMILY)
@pytest.mark.parametrize(("dying", "roll", "after", "words"), [
    (1, 20, None, "critical success (natural 20: one step better)"),  # 20 vs 11: success → crit
    (1, 15, 0, "success"),            # 15 ≥ 11
    (1, 10, 2, "failure"),            # 10 < 11
    (2, 2, 4, "critical failure"),    # 2 ≤ 12 − 10
    (1, 1, 3, "critical failure"),    # 1 ≤ 11 − 10: a natural 1 is always one already
    (3, 4, 4, "failure"),             # 4 vs 13: failure → dying 4: dead
])
def test_recovery_check_degrees(system, dying, roll, after, words, R):
    enc, gob, pc = fight(system)
    drop(enc, pc, dying)
    enc.next_turn(rng=R(roll))
    c = enc.creature(pc)
    dc = 10 + dying
    assert f"Kyra: recovery check {roll} vs DC {dc}: {words}; " in "\n".join(enc.log[-1].details)
    if after in (None, 0):
        assert "dying" not in c.conditions and c.wounded == 1
        assert "unconscious" in c.conditions          # still at 0 HP / 0 Wounds
    elif after >= 4:
        assert "dead" in c.conditions and "dying" not in c.conditions
    else:
        assert c.dying == after


def test_no_critical_success_without_a_natural_20():
    # DC 11 at least: 10 over it is 21, beyond a d20 — only a natural 20 reaches it
    rs = get_system("pf2e")
    kyra = rs.new_creature("Kyra", pc=True, hp=10)
    kyra.conditions |= {"dying", "unconscious"}
    kyra.dying = 1
    assert rs.resolve_dying_check(kyra, 19).summary == "recovery check 19 vs DC 11: success"


def test_a_natural_20_on_a_critical_failure_band_is_a_failure():
    rs = get_system("pf2e")
    kyra = rs.new_creature("Kyra", pc=True, hp=10)
    kyra.conditions |= {"dying", "unconscious"}
    kyra.dying = 3          # DC 13
    out = rs.resolve_dying_check(kyra, 20)       # 20 ≥ 13 success → critical success: −2
    assert out.changes["dying"] == 1
    kyra.dying = 1
    out = rs.resolve_dying_check(kyra, 2)        # 2 vs DC 11: failure (not 10 under) → +1
    assert out.changes["dying"] == 2
    out = rs.resolve_dying_check(kyra, 1)        # natural 1 → critical failure: +2
    assert out.changes["dying"] == 3


def test_recovery_check_is_at_the_start_of_the_turn_not_the_end(R):
    enc, gob, pc = fight()
    drop(enc, pc, 1)
    enc.next_turn(rng=R(15))                          # Kyra's turn starts: the check
    assert enc.creature(pc).wounded == 1
    enc.next_turn()                                   # her turn ends: no roll (R is empty)


@pytest.mark.parametrize(("doomed", "roll", "dying", "dead"), [
    (1, 10, 0, True),      # failure: dying 3 = 4 − doomed 1
    (1, 15, 1, False),     # success: dying 1
    (0, 10, 3, False),     # failure: dying 3, alive without doomed
])
def test_doomed_lowers_the_dying_value_that_kills(doomed, roll, dying, dead, R):
    enc, gob, pc = fight()
    drop(enc, pc, 2)
    if doomed:
        enc.set_condition(pc, "doomed", doomed)
    enc.next_turn(rng=R(roll))
    c = enc.creature(pc)
    assert ("dead" in c.conditions) is dead
    assert c.dying == dying


def test_doomed_set_while_dying_can_kill_at_once():
    enc, gob, pc = fight()
    drop(enc, pc, 2)
    enc.set_condition(pc, "doomed", 2)
    assert "dead" in enc.creature(pc).conditions
    assert enc.log[-1].text == "Kyra: doomed 2; dying 2 (doomed 2: dies at dying 2): dead"


def test_doomed_added_while_dying_can_kill_at_once():
    enc, gob, pc = fight()
    drop(enc, pc, 3)
    enc.add_condition(pc, "doomed", 1)
    assert "dead" in enc.creature(pc).conditions
    with pytest.raises(ValueError, match="no duration"):
        enc.add_condition(gob, "dying", 1, duration=2)


def test_damage_to_a_doomed_pc_kills_earlier():
    enc, gob, pc = fight()
    enc.set_condition(pc, "doomed", 3)
    enc.apply_damage([pc], "10 fire")                  # dying 1 ≥ 4 − 3
    assert "dead" in enc.creature(pc).conditions
    assert "dying 1 (doomed 3: dies at dying 1): dead" in enc.log[-1].details[-1]


def test_ask_leaves_the_check_pending_for_the_gm():
    enc, gob, pc = fight(flat_checks="ask")
    drop(enc, pc, 1)
    enc.next_turn()                                   # no dice rolled
    assert enc.pending_dying_checks() == [pc]
    assert "Kyra: dying check: waiting for the GM's roll" in enc.log[-1].details
    assert enc.dying_check(pc, roll=20) == \
        "recovery check 20 vs DC 11: critical success (natural 20: one step better)"
    assert enc.pending_dying_checks() == []
    assert "dying" not in enc.creature(pc).conditions
    enc.undo()
    assert enc.pending_dying_checks() == [pc]


def test_dying_check_by_hand_rolls_and_refuses_the_living(R):
    enc, gob, pc = fight()
    with pytest.raises(ValueError, match="not making dying checks"):
        enc.dying_check(pc)
    drop(enc, pc, 1)
    with pytest.raises(ValueError, match="d20 roll from 1 to 20"):
        enc.dying_check(pc, roll=21)
    enc.dying_check(pc, rng=R(3))
    assert enc.creature(pc).dying == 2


def test_healing_still_ends_dying_with_wounded_plus_one():
    enc, gob, pc = fight()
    drop(enc, pc, 1)
    enc.heal(pc, 5)
    assert enc.conditions_of(pc) == {"wounded": 1}


def test_dead_creatures_make_no_checks(R):
    enc, gob, pc = fight(skip_defeated=False)
    drop(enc, pc, 1)
    enc.add_condition(pc, "dead")
    enc.next_turn(rng=R())                            # her turn: nothing rolled
    assert enc.active == pc


# ------------------------------------------------------------------ d20-3e


def d20_dying(hp=-3, **settings):
    enc, gob, pc = fight("d20-3e", **settings)
    enc.apply_damage([pc], str(10 - hp))
    assert "dying" in enc.creature(pc).conditions
    enc.next_turn()                                   # Goblin's turn ends; Kyra's starts
    return enc, pc


@pytest.mark.parametrize("roll", [1, 10])
def test_d20_stabilises_on_10_or_less_at_the_end_of_its_turn(roll, R):
    enc, pc = d20_dying()
    enc.next_turn(rng=R(roll))
    c = enc.creature(pc)
    assert "stable" in c.conditions and "dying" not in c.conditions and c.hp == -3
    assert f"Kyra: stabilisation d% {roll} (10 or less): stable" in enc.log[-1].details
    assert enc.conditions_of(pc) == {"stable": None, "unconscious": None}
    enc.next_turn()
    enc.next_turn()                                   # stable: no more rolls, no loss
    assert enc.creature(pc).hp == -3


def test_d20_otherwise_loses_one_hp(R):
    enc, pc = d20_dying()
    enc.next_turn(rng=R(11))
    assert enc.creature(pc).hp == -4
    assert "dying" in enc.creature(pc).conditions


def test_d20_dies_at_minus_ten(R):
    enc, pc = d20_dying(-9)
    enc.next_turn(rng=R(55))
    assert enc.creature(pc).hp == -10
    assert "dead" in enc.creature(pc).conditions


def test_d20_check_is_not_at_the_start(R):
    enc, gob, pc = fight("d20-3e")
    enc.apply_damage([pc], "13")
    enc.next_turn(rng=R())                            # Kyra's turn starts: nothing rolled
    assert enc.creature(pc).hp == -3


def test_d20_ask_and_answer(R):
    enc, pc = d20_dying(flat_checks="ask")
    enc.next_turn()
    assert enc.pending_dying_checks() == [pc]
    enc.dying_check(pc, roll=7)
    assert "stable" in enc.creature(pc).conditions
    with pytest.raises(ValueError, match="not making dying checks"):
        enc.dying_check(pc, roll=7)


def test_d20_damage_to_a_stable_creature_starts_it_dying_again(R):
    enc, pc = d20_dying()
    enc.next_turn(rng=R(5))
    enc.apply_damage([pc], "1")
    c = enc.creature(pc)
    assert "stable" not in c.conditions and "dying" in c.conditions


def test_d20_healing_to_zero_ends_stable(R):
    enc, pc = d20_dying()
    enc.next_turn(rng=R(5))
    enc.heal(pc, 3)
    assert enc.conditions_of(pc) == {"disabled": None}


def test_d20_roll_range():
    enc, pc = d20_dying()
    with pytest.raises(ValueError, match="d% roll from 1 to 100"):
        enc.dying_check(pc, roll=0)


def test_daggerheart_has_no_dying_check():
    enc = Encounter("daggerheart")
    cid = enc.add(get_system("daggerheart").new_creature("A", pc=True))
    with pytest.raises(ValueError, match="not making dying checks"):
        enc.dying_check(cid, roll=5)
    with pytest.raises(ValueError, match="no dying check"):
        enc.rules.resolve_dying_check(enc.creature(cid), 5)
