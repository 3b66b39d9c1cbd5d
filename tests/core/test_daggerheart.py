"""daggerheart: physical/magic types, resistance halving rounding up, immunity,
totalling several hits before thresholds, thresholds, armor slots, direct
damage, reaction-roll halving, death move / defeated, healing."""

from __future__ import annotations

import pytest

from core import ParseError, get_system

SYSTEM = "daggerheart"


@pytest.fixture
def rs():
    return get_system(SYSTEM)


def adversary(rs, defenses="", hp=6, major=7, severe=14, armor=3, pc=False):
    return rs.new_creature("Adversary", hp=hp, major=major, severe=severe, armor=armor, stress=6,
                           defenses=defenses, pc=pc)


# (id, defenses, damage, options, total, hp_marked) with Major 7 and Severe 14
CASES = [
    ("zero-marks-nothing", "", "0 physical", {}, 0, 0),
    ("below-major-1", "", "6", {}, 6, 1),
    ("one-damage-1", "", "1", {}, 1, 1),
    ("major-exactly-2", "", "7", {}, 7, 2),
    ("below-severe-2", "", "13", {}, 13, 2),
    ("severe-exactly-3", "", "14", {}, 14, 3),
    ("twice-severe-still-3-by-default", "", "28", {}, 28, 3),
    ("default-type-physical", "resistance physical", "10", {}, 5, 1),
    ("explicit-physical", "resistance physical", "10 physical", {}, 5, 1),
    ("magic-unaffected-by-physical-res", "resistance physical", "10 magic", {}, 10, 2),
    ("resistance-rounds-up", "resistance magic", "25 magic", {}, 13, 2),
    ("resistance-rounds-up-odd", "resistance physical", "7", {}, 4, 1),
    ("resistance-no-type-applies-to-both", "resistance", "10 physical, 10 magic", {}, 10, 2),
    ("several-resistances-count-once", "resistance physical; resistance",
     "28 physical", {}, 14, 3),
    ("immune-magic", "immune magic", "25 magic", {}, 0, 0),
    # RULES §3 Decision: a hit mixing physical and magic is ignored or resisted only by a
    # creature immune or resistant to both
    ("immune-magic-mixed-hit-whole", "immune magic", "10 physical, 10 magic", {}, 20, 3),
    ("immune-both-mixed-hit", "immune magic; immune physical", "10 physical, 10 magic", {}, 0, 0),
    ("resist-physical-mixed-hit-whole", "resistance physical", "10 physical, 10 magic", {},
     20, 3),
    ("resist-both-mixed-hit", "resistance physical; resistance magic", "10 physical, 10 magic",
     {}, 10, 2),
    ("immune-one-resist-other-mixed-hit", "immune physical; resistance magic",
     "10 physical, 10 magic", {}, 10, 2),
    ("mixed-hit-halved-once", "", "3 physical, 3 magic", {"save": "success"}, 3, 1),
    ("immunity-no-type", "immunity", "10 physical, 10 magic", {}, 0, 0),
    ("mixed-hit-not-resisted-by-one", "resistance physical", "5 physical, 5 magic", {}, 10, 2),
    ("no-minimum-damage", "", "1d4-6", {"rng": (2,)}, 0, 0),
    ("dice", "", "2d8+1", {"rng": (3, 6)}, 10, 2),
    ("critical-adds-max-dice", "", "2d8+1", {"rng": (3, 6), "critical": True}, 26, 3),
    ("critical-each-part-max", "", "1d8+1 physical, 1d6 magic",
     {"rng": {8: [3], 6: [4]}, "critical": True}, 8 + 3 + 1 + 6 + 4, 3),
    ("critical-flat-has-no-dice", "", "5", {"critical": True}, 5, 1),
    ("reaction-success-halves-rounding-up", "", "13", {"save": "success"}, 7, 2),
    ("reaction-failure-whole", "", "13", {"save": "failure"}, 13, 2),
    ("reaction-success-then-resistance", "resistance physical", "13", {"save": "success"},
     4, 1),
    ("armor-slot-lowers-severity", "", "8", {"armor_slot": True}, 8, 1),
    ("armor-slot-severe-to-major", "", "20", {"armor_slot": True}, 20, 2),
    ("armor-slot-minor-to-none", "", "3", {"armor_slot": True}, 3, 0),
    ("armor-after-resistance", "resistance physical", "16", {"armor_slot": True}, 8, 1),
]


@pytest.mark.parametrize("defenses,damage,options,total,marked",
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_table(rs, rng_from, defenses, damage, options, total, marked):
    options = dict(options)
    rng = rng_from(options.pop("rng", None))
    c = adversary(rs, defenses)
    out = rs.apply_damage(c, damage, rng=rng, **options)
    assert out.total == total, out.steps
    assert out.hp_marked == marked, out.steps
    assert c.hp_marked == marked
    assert rng.left == 0


@pytest.mark.parametrize("hits,defenses,options,total,marked", [
    (["4", "4"], "", {}, 8, 2),                      # totalled before thresholds (not 1 + 1)
    (["5 physical", "5 physical"], "resistance physical", {}, 5, 1),  # halve the total
    (["3", "3"], "resistance physical", {}, 3, 1),   # 6 -> 3, not 2 + 2
    (["5 physical", "5 magic"], "resistance physical", {}, 8, 2),
    (["3", "3"], "", {"save": "success"}, 4, 1),     # reaction halves each hit first: 2 + 2
    (["7", "7"], "", {}, 14, 3),
    (["1d4-6", "5"], "", {"rng": (1,)}, 5, 1),       # a negative roll counts as 0
    # Decision: the move's total of each kind (physical, magic, mixed) halved, then summed
    (["4 physical, 4 magic", "5 physical, 5 magic"], "resistance", {}, 9, 2),
    (["5 physical, 5 magic", "5"], "resistance physical", {}, 13, 2),
    (["5 physical, 5 magic", "5 magic", "5 magic"], "resistance magic", {}, 15, 3),
    (["3 physical, 3 magic", "3 magic"], "immune magic", {}, 6, 1),
])
def test_several_hits_totalled(rs, rng_from, hits, defenses, options, total, marked):
    options = dict(options)
    rng = rng_from(options.pop("rng", None))
    c = adversary(rs, defenses)
    out = rs.apply_damage(c, hits, rng=rng, **options)
    assert out.total == total, out.steps
    assert out.hp_marked == marked
    assert c.hp_marked == marked


def test_armor_slot_marks_an_armor_slot_and_is_shown(rs):
    c = adversary(rs)
    out = rs.apply_damage(c, "8", armor_slot=True)
    assert c.armor_marked == 1
    assert c.hp_marked == 1
    assert any("armor" in s.lower() for s in out.steps), out.steps


def test_armor_slot_needs_an_unmarked_slot(rs):
    c = adversary(rs, armor=1)
    rs.apply_damage(c, "8", armor_slot=True)
    assert c.armor_marked == 1
    try:
        rs.apply_damage(c, "8", armor_slot=True)
    except ValueError:
        return
    assert c.armor_marked == 1
    assert c.hp_marked == 1 + 2


def test_no_armor_slot_by_default(rs):
    c = adversary(rs)
    rs.apply_damage(c, "8")
    assert c.armor_marked == 0
    assert c.hp_marked == 2


def test_direct_damage_cannot_use_armor_slot(rs):
    c = adversary(rs)
    try:
        out = rs.apply_damage(c, "8", direct=True, armor_slot=True)
    except ValueError:
        return
    assert out.hp_marked == 2
    assert c.armor_marked == 0


def test_direct_damage_hits(rs):
    c = adversary(rs)
    out = rs.apply_damage(c, "8 magic", direct=True)
    assert out.hp_marked == 2


def test_hp_marked_never_exceeds_slots(rs):
    c = adversary(rs, hp=2)
    out = rs.apply_damage(c, "30")
    assert c.hp_marked == 2
    assert out.hp_marked == 2


def test_adversary_all_marked_is_defeated(rs):
    c = adversary(rs, hp=3)
    rs.apply_damage(c, "30")
    assert "defeated" in c.conditions
    assert "death-move" not in c.conditions


def test_pc_all_marked_is_death_move(rs):
    c = adversary(rs, hp=3, pc=True)
    rs.apply_damage(c, "30")
    assert "death-move" in c.conditions
    assert "defeated" not in c.conditions


def test_not_all_marked_no_condition(rs):
    c = adversary(rs, hp=6)
    rs.apply_damage(c, "30")
    assert not ({"death-move", "defeated"} & c.conditions)


def test_heal_clears_marked_hp(rs):
    c = adversary(rs)
    rs.apply_damage(c, "20")
    assert c.hp_marked == 3
    rs.heal(c, 2)
    assert c.hp_marked == 1
    rs.heal(c, 5)
    assert c.hp_marked == 0


def test_heal_after_defeat_clears_condition(rs):
    c = adversary(rs, hp=3)
    rs.apply_damage(c, "30")
    rs.heal(c, 1)
    assert c.hp_marked == 2
    assert "defeated" not in c.conditions


@pytest.mark.parametrize("save", [None, "failure", "critical-failure", "critical-success"])
def test_other_saves_leave_damage_whole(rs, save):
    c = adversary(rs)
    assert rs.apply_damage(c, "13", save=save).total == 13


@pytest.mark.parametrize("damage,marked", [("28", 4), ("27", 3), ("40", 4), ("14", 3)])
def test_optional_four_hp_rule_setting(rs, damage, marked):
    c = adversary(rs)  # Severe 14
    assert rs.resolve(c, rs.roll(damage)).hp_marked == min(marked, 3)  # off by default
    out = rs.resolve(c, rs.roll(damage), settings={"massive_damage": True})
    assert out.hp_marked == marked


def test_optional_four_hp_rule_in_encounter():
    from core import Encounter

    enc = Encounter(system=SYSTEM, name="x", settings={"massive_damage": True})
    cid = enc.add(adversary(rs=get_system(SYSTEM)), initiative=1)
    enc.apply_damage([cid], "30")
    assert enc.creature(cid).hp_marked == 4


@pytest.mark.parametrize("text", ["5 fire", "5 slashing", "5 fyre"])
def test_only_physical_and_magic(rs, text):
    with pytest.raises(ParseError):
        rs.parse_damage(text)


@pytest.mark.parametrize("text", ["vulnerable silver", "weaknesses fire 5"])
def test_bad_defenses(rs, text):
    with pytest.raises(ParseError):
        rs.parse_defenses(text)


@pytest.mark.parametrize("text", ["resistance physical", "immune magic", "resistance magic",
                                  "immunity physical", ""])
def test_good_defenses(rs, text):
    rs.parse_defenses(text)


def test_breakdown_shows_thresholds(rs):
    c = adversary(rs)
    out = rs.apply_damage(c, "8")
    assert out.steps
    assert any("major" in s.lower() for s in out.steps), out.steps


def test_breakdown_order_resistance_thresholds_armor_track(rs):
    c = adversary(rs, "resistance physical")
    out = rs.apply_damage(c, ["20", "4 magic"], armor_slot=True)
    assert out.total == 14
    assert out.hp_marked == 2
    lines = [s.lower() for s in out.steps]
    words = ["resistance", "severe", "armor", "mark"]
    where = [next(i for i, s in enumerate(lines) if w in s) for w in words]
    assert where == sorted(where), lines


def test_mixed_hit_breakdown_says_why(rs):
    c = adversary(rs, "resistance physical")
    out = rs.apply_damage(c, "10 physical, 10 magic")
    assert any("physical and magic" in s and "both" in s for s in out.steps), out.steps


# ------------------------------------------------------------ defaults and edges


def test_defaults(rs):
    c = rs.new_creature("Bandit")
    assert (c.max_hp, c.major, c.severe, c.armor, c.stress) == (6, 7, 14, 0, 6)
    assert (c.hp_marked, c.armor_marked, c.stress_marked) == (0, 0, 0)
    assert [(f.name, f.default) for f in rs.stat_fields] == [
        ("hp", 6), ("major", 7), ("severe", 14), ("armor", 3), ("stress", 6)]


def test_severe_below_major_is_refused(rs):
    with pytest.raises(ValueError, match="Severe"):
        rs.new_creature("Odd", major=10, severe=9)
    rs.new_creature("Even", major=10, severe=10)


def test_zero_hp_slots_mark_nothing(rs):
    c = rs.new_creature("Shade", hp=0)
    out = rs.apply_damage(c, "30")
    assert out.hp_marked == 0 and c.hp_marked == 0
    assert "defeated" not in c.conditions
    assert rs.track_fraction(c) == 0.0
