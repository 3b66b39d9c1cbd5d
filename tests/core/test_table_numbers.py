"""The table's numbers (RULES §9): what conditions do, degrees, attacks and the MAP,
rolled saves, drained, Hope and Minions — each system on its own."""

from __future__ import annotations

import random

import pytest
from core_support import Stats
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import Encounter, get_system
from core.creature.model import Attack
from core.table.numbers import degree


class ScriptedRng:
    """The d20s to roll, in order."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        value = self.values.pop(0)
        assert a <= value <= b
        return value


PF2 = {"level": 3, "ac": 17, "fort": 5, "ref": 8, "will": 4, "perception": 6}
D20 = {"ac": 16, "touch": 12, "flat_footed": 13, "fort": 6, "ref": 3, "will": 1}


def pf2(*conditions, system="pf2e", numbers=PF2, attacks=()):
    enc = Encounter(system, "t")
    stats: Stats = {"vitality": 20, "wounds": 10} if system == "vitality-wounds" else {"hp": 30}
    cid = enc.add(get_system(system).new_creature("Goblin", numbers=numbers, attacks=attacks, **stats))
    for name, value in conditions:
        enc.add_condition(cid, name, value)
    return enc, cid


# ---------------------------------------------------------------- RULES §9's table, row by row
@pytest.mark.parametrize("system", ["pf2e", "sf2e", "vitality-wounds"])
@pytest.mark.parametrize(("condition", "value", "changed"), [
    ("frightened", 2, {"ac": 15, "fort": 3, "ref": 6, "will": 2, "perception": 4}),
    ("sickened", 1, {"ac": 16, "fort": 4, "ref": 7, "will": 3, "perception": 5}),
    ("clumsy", 2, {"ac": 15, "ref": 6}),
    ("enfeebled", 2, {}),
    ("drained", 1, {"fort": 4}),
    ("stupefied", 3, {"will": 1, "perception": 3}),
    ("off-guard", None, {"ac": 15}),
    ("flat-footed", None, {"ac": 15}),          # pre-Remaster text
    ("prone", None, {"ac": 15}),                # off-guard
])
def test_each_pf2_condition_lowers_its_numbers(system, condition, value, changed):
    enc, cid = pf2((condition, value), system=system)
    assert dict(enc.numbers_of(cid)) == {**PF2, **changed}


@pytest.mark.parametrize(("condition", "value", "melee", "ranged"), [
    ("frightened", 2, 6, 6), ("sickened", 1, 7, 7), ("clumsy", 2, 8, 6), ("enfeebled", 2, 6, 8),
    ("prone", None, 6, 6), ("off-guard", None, 8, 8), ("drained", 2, 8, 8), ("stupefied", 2, 8, 8),
])
def test_pf2_attack_penalties_follow_melee_and_ranged(condition, value, melee, ranged):
    enc, cid = pf2((condition, value), attacks=[Attack("spear", "1d6 piercing", 8),
                                                Attack("bow", "1d6 piercing", 8, ("ranged",))])
    target = enc.add(get_system("pf2e").new_creature("Target", hp=10, numbers={"ac": 0}))
    assert enc.attack(cid, target, 0, map=0, rng=ScriptedRng(10)).bonus == melee
    assert enc.attack(cid, target, 1, map=0, rng=ScriptedRng(10)).bonus == ranged


def test_enfeebled_says_its_damage_is_not_added():
    enc, cid = pf2(("enfeebled", 2))
    assert any("melee damage" in note for note in enc.numbers_of(cid).notes)


def test_penalties_of_one_type_do_not_stack_and_types_add():
    enc, cid = pf2(("frightened", 2), ("sickened", 1), ("off-guard", None), ("prone", None))
    numbers = enc.numbers_of(cid)
    assert numbers["ac"] == 17 - 2 - 2                   # worst status 2 + worst circumstance 2
    assert numbers["fort"] == 5 - 2
    assert numbers.text("ac") == "AC 13 (17, frightened 2, off-guard)"
    assert numbers.text("ref") == "Ref +6 (+8, frightened 2)"


def test_a_creature_without_conditions_says_its_number_plainly():
    enc, cid = pf2()
    assert enc.numbers_of(cid).line() == "AC 17 · Fort +5 Ref +8 Will +4 · Per +6"
    enc.add_condition(cid, "frightened", 2)
    assert enc.numbers_of(cid).line() == ("AC 15 (17, frightened 2) · Fort +3 (+5, frightened 2) "
                                          "Ref +6 (+8, frightened 2) Will +2 (+4, frightened 2) · "
                                          "Per +4 (+6, frightened 2)")


def d20(*conditions, numbers=D20):
    enc = Encounter("d20-3e", "t")
    cid = enc.add(get_system("d20-3e").new_creature("Orc", hp=20, numbers=numbers))
    for name in conditions:
        enc.add_condition(cid, name)
    return enc, cid


@pytest.mark.parametrize(("conditions", "changed"), [
    (("shaken",), {"fort": 4, "ref": 1, "will": -1}),
    (("frightened",), {"fort": 4, "ref": 1, "will": -1}),
    (("panicked",), {"fort": 4, "ref": 1, "will": -1}),
    (("sickened",), {"fort": 4, "ref": 1, "will": -1}),
    (("shaken", "sickened"), {"fort": 2, "ref": -1, "will": -3}),   # two conditions add
    # flat-footed loses the Dex bonus (AC 16 − flat-footed 13 = 3) from the touch AC too
    (("flat-footed",), {"ac": 13, "touch": 9}),
    (("stunned",), {"ac": 11, "touch": 7}),
    (("blinded",), {"ac": 11, "touch": 7}),
    (("flat-footed", "stunned"), {"ac": 11, "touch": 7}),
])
def test_each_d20_condition_changes_its_numbers(conditions, changed):
    enc, cid = d20(*conditions)
    assert dict(enc.numbers_of(cid)) == {**D20, **changed}


def test_d20_the_same_condition_twice_counts_once():
    enc, cid = d20("shaken")
    enc.add_condition(cid, "shaken")
    assert enc.numbers_of(cid)["will"] == -1


def test_d20_flat_footed_touch_ac_says_why():
    enc, cid = d20("flat-footed")
    assert "flat-footed" in enc.numbers_of(cid).text("touch")


def test_d20_flat_footed_without_a_flat_footed_ac_says_so():
    enc, cid = d20("flat-footed", numbers={"ac": 16})
    numbers = enc.numbers_of(cid)
    assert numbers["ac"] == 16 and "not known" in numbers.text("ac")


def test_daggerheart_vulnerable_is_shown_not_rolled():
    enc = Encounter("daggerheart", "t")
    cid = enc.add(get_system("daggerheart").new_creature("Bear", hp=6, numbers={"difficulty": 14}))
    enc.add_condition(cid, "vulnerable")
    numbers = enc.numbers_of(cid)
    assert numbers["difficulty"] == 14 and "advantage" in numbers.notes[0]


# ---------------------------------------------------------------- degrees
@pytest.mark.parametrize(("total", "natural", "expected"), [
    (30, None, "critical-success"), (29, None, "success"), (20, None, "success"),
    (19, None, "failure"), (11, None, "failure"), (10, None, "critical-failure"),
    (29, 20, "critical-success"), (19, 20, "success"), (10, 20, "failure"), (35, 20, "critical-success"),
    (30, 1, "success"), (20, 1, "failure"), (19, 1, "critical-failure"), (5, 1, "critical-failure"),
])
def test_pf2_degrees_at_each_boundary(total, natural, expected):
    assert degree(total, 20, natural) == expected
    assert get_system("pf2e").degree(total, 20, natural) == expected


@pytest.mark.parametrize(("total", "natural", "expected"), [
    (15, None, "success"), (14, None, "failure"), (40, 1, "failure"), (2, 20, "success")])
def test_d20_saves_succeed_on_the_dc_and_naturals_decide(total, natural, expected):
    assert get_system("d20-3e").degree(total, 15, natural) == expected


# ---------------------------------------------------------------- attacks and the MAP
def duel(attacks, system="pf2e", ac=20):
    enc = Encounter(system, "t")
    rs = get_system(system)
    a = enc.add(rs.new_creature("Goblin", hp=10, attacks=attacks))
    b = enc.add(rs.new_creature("Fighter", hp=10, numbers={"ac": ac}))
    return enc, a, b


@pytest.mark.parametrize(("traits", "penalties"), [((), (0, 5, 10, 10)), (("agile",), (0, 4, 8, 8))])
def test_the_map_follows_the_attacks_of_the_turn(traits, penalties):
    enc, a, b = duel([Attack("dogslicer", "1d6 slashing", 8, traits)])
    results = [enc.attack(a, b, rng=ScriptedRng(10)) for _ in penalties]
    assert [8 - r.bonus for r in results] == list(penalties)
    assert [r.map_step for r in results] == [0, 1, 2, 2]
    enc.next_turn()
    assert enc.map_step(a) == 0 and enc.attack(a, b, rng=ScriptedRng(10)).bonus == 8


def test_the_gm_sets_the_map_step_and_the_next_follows():
    enc, a, b = duel([Attack("claw", "1d6", 8, ("agile",))])
    assert enc.attack(a, b, map=2, rng=ScriptedRng(10)).bonus == 0
    assert enc.map_step(a) == 2
    with pytest.raises(ValueError, match="MAP step"):
        enc.attack(a, b, map=3, rng=ScriptedRng(10))


def test_an_attack_is_not_a_change():
    enc, a, b = duel([Attack("claw", "1d6", 8)])
    before = len(enc.log)
    enc.attack(a, b, rng=ScriptedRng(10))
    assert len(enc.log) == before


@pytest.mark.parametrize(("natural", "bonus", "got"), [
    (12, 8, "success"),             # 20 vs AC 20
    (11, 8, "failure"),             # 19
    (2, 28, "critical-success"),    # 30 = AC + 10
    (9, 1, "critical-failure"),     # 10 = AC − 10
    (20, 0, "critical-success"),    # 20, natural 20: one step better
    (1, 29, "success"),             # 30, natural 1: one step worse
    (20, -11, "failure"),           # 9, natural 20: critical failure one step better
])
def test_a_pf2_strike_reads_degrees(natural, bonus, got):
    enc, a, b = duel([Attack("claw", "1d6", bonus)])
    r = enc.attack(a, b, "claw", map=0, rng=ScriptedRng(natural))
    assert (r.degree, r.hit, r.critical) == (got, got in ("success", "critical-success"), got == "critical-success")
    assert (r.natural, r.total, r.dc) == (natural, natural + bonus, 20)


def test_an_attack_needs_its_bonus_and_the_targets_ac():
    enc, a, b = duel([Attack("claw", "1d6")])
    with pytest.raises(ValueError, match="attack bonus"):
        enc.attack(a, b)
    c = enc.add(get_system("pf2e").new_creature("Nobody", hp=3))
    with pytest.raises(ValueError, match="no attack"):
        enc.attack(c, b)
    enc.update(a, attacks=[Attack("claw", "1d6", 5)])
    with pytest.raises(ValueError, match="Nobody has no AC"):
        enc.attack(a, c, rng=ScriptedRng(10))


def test_a_d20_attack_reads_the_targets_ac_after_conditions():
    enc, a, b = duel([Attack("greatclub", "2d8+7", 8)], system="d20-3e", ac=20)
    enc.update(b, numbers={"ac": 20, "flat_footed": 15})
    assert not enc.attack(a, b, rng=ScriptedRng(6)).hit          # 14 vs 20
    enc.add_condition(b, "flat-footed")
    r = enc.attack(a, b, rng=ScriptedRng(7))                     # 15 vs flat-footed 15
    assert r.hit and r.dc == 15 and r.degree is None
    crit = enc.attack(a, b, rng=ScriptedRng(20, 9))               # threat, confirm 17 ≥ 15
    assert crit.critical and crit.confirm == 9


def test_a_d20_attack_reads_its_threat_range_from_its_traits():
    enc, a, b = duel([Attack("scimitar", "1d6", 5, ("18-20",))], system="d20-3e", ac=10)
    assert enc.attack(a, b, rng=ScriptedRng(18, 10)).critical


def test_daggerheart_attacks_roll_against_evasion_or_difficulty():
    enc = Encounter("daggerheart", "t")
    rs = get_system("daggerheart")
    bear = enc.add(rs.new_creature("Bear", hp=6, numbers={"difficulty": 14, "attack": 1},
                                   attacks=[("claws", "1d8+3 phy")]))
    kyra = enc.add(rs.new_creature("Kyra", pc=True, hp=6, numbers={"evasion": 11}))
    wolf = enc.add(rs.new_creature("Wolf", hp=4, numbers={"difficulty": 12}))
    assert enc.attack(bear, kyra, rng=ScriptedRng(10)).hit           # 11 vs Evasion 11
    assert not enc.attack(bear, wolf, rng=ScriptedRng(10)).hit       # 11 vs Difficulty 12
    crit = enc.attack(bear, wolf, rng=ScriptedRng(20))
    assert crit.critical and crit.map_step is None and crit.damage == "1d8+3 phy"


def test_a_horde_offers_its_x_once_half_its_hp_is_marked():
    enc = Encounter("daggerheart", "t")
    rs = get_system("daggerheart")
    horde = rs.new_creature("Rats", hp=4, numbers={"attack": 0}, attacks=[("bites", "2d6+3 phy")])
    horde.horde = "1d4+1 phy"
    h = enc.add(horde)
    kyra = enc.add(rs.new_creature("Kyra", pc=True, hp=6, numbers={"evasion": 11}))
    assert enc.attack(h, kyra, rng=ScriptedRng(11)).damage == "2d6+3 phy"
    enc.update(h, now_hp_marked=2)
    r = enc.attack(h, kyra, rng=ScriptedRng(11))
    assert r.damage == "1d4+1 phy" and any("Horde" in s for s in r.steps)


# ---------------------------------------------------------------- rolled saves
def test_rolled_saves_use_each_targets_own_numbers_after_conditions():
    enc = Encounter("pf2e", "t")
    rs = get_system("pf2e")
    ids = [enc.add(rs.new_creature(f"Goblin {n}", hp=6, numbers={"ref": 7})) for n in range(4)]
    enc.add_condition(ids[0], "clumsy", 2)
    out = enc.roll_saves(ids, save="reflex", dc=20, rng=ScriptedRng(13, 13, 1, 20))
    assert dict(out) == {ids[0]: "failure", ids[1]: "success", ids[2]: "critical-failure",
                         ids[3]: "critical-success"}
    assert out.rolls[ids[0]].bonus == 5 and "clumsy 2" in out.rolls[ids[0]].text
    enc.apply_damage(ids, "6d6 fire", saves=out, rng=random.Random(1))


def test_d20_rolled_saves_are_success_or_failure():
    enc, cid = d20()
    assert enc.roll_saves([cid], "will", 15, rng=ScriptedRng(20))[cid] == "success"
    assert enc.roll_saves([cid], "fort", 2, rng=ScriptedRng(1))[cid] == "failure"


@pytest.mark.parametrize(("save", "dc"), [("grit", 15), ("ref", -1), ("ref", True)])
def test_a_bad_save_or_dc_is_refused(save, dc):
    enc, cid = pf2()
    with pytest.raises(ValueError):
        enc.roll_saves([cid], save, dc)


def test_a_target_without_the_save_is_named():
    enc = Encounter("pf2e", "t")
    cid = enc.add(get_system("pf2e").new_creature("Kyra", pc=True, hp=20))
    with pytest.raises(ValueError, match="Kyra has no Ref"):
        enc.roll_saves([cid])


# ---------------------------------------------------------------- drained
@pytest.mark.parametrize(("level", "loss"), [(3, 6), (1, 2), (0, 2), (-1, 2)])
def test_drained_takes_level_times_x_hp_and_max_hp(level, loss):
    enc, cid = pf2(numbers={"level": level})
    enc.add_condition(cid, "drained", 2)
    c = enc.creature(cid)
    assert (c.hp, c.max_hp) == (30 - loss, 30 - loss)
    enc.undo()
    assert (enc.creature(cid).hp, enc.creature(cid).max_hp) == (30, 30)


def test_drained_less_gives_back_the_max_not_the_hp():
    enc, cid = pf2()
    enc.add_condition(cid, "drained", 2)
    enc.set_condition(cid, "drained", 1)
    assert (enc.creature(cid).hp, enc.creature(cid).max_hp) == (24, 27)
    enc.remove_condition(cid, "drained")
    assert (enc.creature(cid).hp, enc.creature(cid).max_hp) == (24, 30)
    assert "not regained" in enc.log[-1].text


def test_drained_is_no_hp_rule_outside_the_pf2_family():
    enc, cid = d20()
    enc.add_condition(cid, "drained", 2)
    assert enc.creature(cid).max_hp == 20


# ---------------------------------------------------------------- Hope and Minions
def test_hope_marks_to_six_and_spends_what_there_is():
    enc = Encounter("daggerheart", "t")
    kyra = enc.add(get_system("daggerheart").new_creature("Kyra", pc=True, hp=6))
    assert enc.mark_hope(kyra, 5) == 5
    assert enc.mark_hope(kyra, 3) == 6
    with pytest.raises(ValueError, match="only 6"):
        enc.spend_hope(kyra, 7)
    assert enc.spend_hope(kyra, 2) == 4
    enc.undo()
    assert enc.creature(kyra).hope == 6
    assert next(iter(enc.next_encounter("next").creatures.values())).hope == 6


def test_hope_is_a_daggerheart_pcs():
    enc = Encounter("daggerheart", "t")
    bear = enc.add(get_system("daggerheart").new_creature("Bear", hp=6))
    with pytest.raises(ValueError, match="only PCs"):
        enc.mark_hope(bear)
    enc2, cid = pf2()
    with pytest.raises(ValueError, match="Daggerheart"):
        enc2.mark_hope(cid)


@pytest.mark.parametrize(("damage", "more"), [("1 phy", 0), ("2 phy", 0), ("3 phy", 1), ("9 phy", 3)])
def test_a_hit_on_a_minion_defeats_it_and_says_how_many_more(damage, more):
    enc = Encounter("daggerheart", "t")
    rat = enc.add(get_system("daggerheart").new_creature("Rat", hp=1, numbers={"minion": 3}))
    out = enc.apply_damage([rat], damage)[rat]
    assert out.minions == more and "defeated" in enc.creature(rat).conditions


# ---------------------------------------------------------------- properties
CONDITIONS = st.lists(st.sampled_from(["frightened", "sickened", "clumsy", "enfeebled", "drained",
                                        "stupefied", "off-guard", "prone", "blinded"]), max_size=5)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(CONDITIONS, st.integers(1, 4))
def test_a_penalty_never_raises_a_number(names, value):
    enc, cid = pf2()
    for name in names:
        enc.add_condition(cid, name, value if name not in ("off-guard", "prone", "blinded") else None)
        numbers = enc.numbers_of(cid)
        assert all(numbers[k] <= PF2[k] for k in numbers)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["pf2e", "d20-3e"]))
def test_the_same_seed_gives_the_same_attack_and_saves(seed, system):
    enc, a, b = duel([Attack("claw", "1d6", 5, ("agile",))], system=system)
    enc.update(a, numbers={"fort": 3, "ref": 2, "will": 1})
    first = (enc.attack(a, b, map=1, rng=random.Random(seed)), enc.roll_saves([a], "ref", 15, random.Random(seed)))
    again = (enc.attack(a, b, map=1, rng=random.Random(seed)), enc.roll_saves([a], "ref", 15, random.Random(seed)))
    assert first[0] == again[0] and first[1].rolls == again[1].rolls
