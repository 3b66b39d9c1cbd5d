"""PF2 persistent damage at its edges (survivors of a mutmut sample of
core/systems/pf2/persistent.py): a condition added, doubled, halved, dropped or replaced
(RULES §2, §5), its tick, its DC 15 flat check, and the turns that run out (vitality-wounds)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.creature.model import PersistentDamage
from core.systems import get_system

PF2 = get_system("pf2e")
VW = get_system("vitality-wounds")


def _steps(outcome):
    return [(step.kind, step.text) for step in outcome.records]


def _burning(rules=PF2, text="1d6 fire", **stats):
    creature = rules.new_creature("Kyra", True, **(stats or {"hp": 30}))
    rules.add_persistent(creature, text)
    return creature


def _fire(factor=1.0, **fields):
    return PersistentDamage("1d6 fire", "fire", factor, **{"timing": "end", **fields})


@pytest.mark.parametrize("critical,save,steps,kept", [
    (True, None, [("note", "persistent 1d6 fire ×2 added (at the end of its turn)")], (_fire(2.0),)),
    (False, "success", [("note", "persistent 1d6 fire ×0.5 added (at the end of its turn)")],
     (_fire(0.5),)),
    (False, "critical-success", [("scale", "persistent 1d6 fire: none (factor 0)")], None),
])
def test_a_persistent_condition_is_doubled_halved_or_none(critical, save, steps, kept):
    out = PF2.resolve_persistent(PF2.new_creature("Kyra", True, hp=30), "1d6 fire", critical, save)
    assert _steps(out) == steps
    assert out.changes.get("persistent") == kept
    assert out.summary == steps[0][1]


def test_immunity_to_critical_hits_keeps_a_persistent_part_single():
    kyra = PF2.new_creature("Kyra", True, "immunities critical-hits", hp=30)
    out = PF2.resolve_persistent(kyra, "1d6 fire", critical=True)
    assert _steps(out) == [("note", "persistent 1d6 fire added (at the end of its turn)")]


@pytest.mark.parametrize("defenses,traits,text,why", [
    ("immunities fire", "living", "1d6 fire", "persistent 1d6 fire: dropped (immunity fire)"),
    ("", "undead", "1d6 bleed",
     "persistent 1d6 bleed: dropped (bleed has no effect on undead creatures)"),
])
def test_a_persistent_part_the_creature_cannot_take_is_dropped(defenses, traits, text, why):
    zombie = PF2.new_creature("Zed", False, defenses, traits, hp=30)
    out = PF2.resolve_persistent(zombie, text)
    assert _steps(out) == [("immunity", why)]
    assert out.changes == {}


def test_bleed_in_an_attack_says_it_deals_nothing_now():
    out = PF2.resolve(PF2.new_creature("Kyra", True, hp=30), PF2.roll("5 slashing, 1d6 bleed"))
    assert ("note", "persistent 1d6 bleed added (at the end of its turn) (bleed is always "
            "persistent damage: it deals nothing now)") in _steps(out)
    assert out.total == 5


def test_one_condition_a_type_the_higher_average_stays():
    kyra = _burning()
    out = PF2.resolve_persistent(kyra, "2d6 fire")
    assert _steps(out) == [("note", "persistent 2d6 fire replaces 1d6 fire (higher average 7 > 3.5)")]
    assert [p.formula for p in out.changes["persistent"]] == ["2d6 fire"]
    out = PF2.resolve_persistent(kyra, "1 fire")
    assert _steps(out) == [("note", "persistent 1 fire ignored: 1d6 fire already there "
                                    "(average 3.5 ≥ 1)")]
    assert out.changes == {}


def test_a_tick_deals_the_condition_now(R):
    kyra = _burning()
    out = PF2.tick(kyra, 0, R(4))
    assert _steps(out) == [("note", "persistent 1d6 fire ticks"), ("roll", "roll: 1d6 fire (4) = 4"),
                           ("total", "total: 4"), ("track", "HP 30 → 26")]
    assert (out.total, kyra.hp, len(kyra.persistent)) == (4, 26, 1)


@pytest.mark.parametrize("settings", [{"crit_mode": "roll-twice"}, {"flat_checks": "ask"}])
def test_no_setting_changes_a_tick(R, settings):
    """A tick is never critical and adds no condition: the settings that shape those do nothing."""
    plain, set_up = _burning(), _burning()
    assert PF2.tick(plain, 0, R(4)).records == PF2.tick(set_up, 0, R(4), settings).records
    assert (plain.hp, plain.persistent) == (set_up.hp, set_up.persistent)


def test_a_doubled_condition_ticks_double_and_its_wounds_count(R):
    wolf = VW.new_creature("Wolf", True, vitality=1, wounds=5)
    VW.add_persistent(wolf, "1d6 fire", critical=True)
    out = VW.tick(wolf, 0, R(3))
    assert ("scale", "×2: fire 3 → 6") in _steps(out)
    assert (out.total, out.wounds, wolf.wounds) == (6, 5, 0)


@pytest.mark.parametrize("roll,word,left", [(14, "continues", (_fire(last_check="14 failed"),)),
                                            (15, "ends", ())])
def test_the_flat_check_ends_the_condition_from_15(roll, word, left):
    kyra = _burning()
    out = PF2.flat_check(kyra, 0, roll)
    assert _steps(out) == [("note", f"flat check {roll} (DC 15) for 1d6 fire: {word}")]
    assert tuple(kyra.persistent) == left


def test_at_the_end_of_its_turn_the_condition_ticks_then_is_checked(R):
    out = PF2.resolve_turn(_burning(), "end", R(3, 15))
    assert _steps(out)[-2:] == [("track", "HP 30 → 27"),
                                ("note", "flat check 15 (DC 15) for 1d6 fire: ends")]
    assert out.changes == {"hp": 27, "persistent": ()}


def test_a_flat_check_the_gm_rolls_waits(R):
    out = PF2.resolve_turn(_burning(), "end", R(3), {"flat_checks": "ask"})
    assert _steps(out)[-1] == ("note", "flat check for 1d6 fire: waiting for the GM's roll")
    assert out.changes["persistent"] == (_fire(pending_check=True),)


def test_the_dead_take_no_turn():
    kyra = _burning()
    kyra.conditions = {"dead"}
    out = PF2.resolve_turn(kyra, "end")
    assert (out.records, out.changes, out.summary) == ((), {}, "")


def test_vitality_wounds_ticks_at_the_start_and_counts_its_turns_down_at_the_end(R):
    wolf = _burning(VW, vitality=20, wounds=5)
    assert wolf.persistent[0].rounds_left == 10
    out = VW.resolve_turn(wolf, "start", R(3))
    assert _steps(out)[-1] == ("track", "Vitality 20 → 17")
    out = VW.resolve_turn(wolf, "end", R(2))
    assert out.changes["persistent"] == (replace(wolf.persistent[0], rounds_left=9, last_check="2 failed"),)
    wolf.persistent[0] = replace(wolf.persistent[0], rounds_left=1)
    out = VW.resolve_turn(wolf, "end", R(2))
    assert _steps(out) == [("note", "flat check 2 (DC 15) for 1d6 fire: continues"),
                           ("note", "persistent 1d6 fire ends by itself (its turns ran out)")]
    assert out.changes["persistent"] == ()


def test_a_condition_without_a_count_of_turns_leaves_the_next_ones_counting_down(R):
    """Vitality-wounds: each condition with turns left counts down at the end of the creature's
    turn, whichever conditions without a count come before it in the list."""
    wolf = _burning(VW, text="1d4 bleed", vitality=20, wounds=5)
    VW.add_persistent(wolf, "1d6 fire")
    wolf.persistent[0] = replace(wolf.persistent[0], rounds_left=None)
    out = VW.resolve_turn(wolf, "end", R(2, 2))
    assert [cond.rounds_left for cond in out.changes["persistent"]] == [None, 9]
