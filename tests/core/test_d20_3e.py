"""d20-3e: untyped damage, minimum 1 after the critical multiplier, critical
multipliers with extra dice rolled once, Reflex-half saves, subdual damage,
disabled/dying/dead, healing, threat + confirmation."""

from __future__ import annotations

import pytest

from core import ParseError, get_system

SYSTEM = "d20-3e"


@pytest.fixture
def rs():
    return get_system(SYSTEM)


# (id, damage, options, total)
CASES = [
    ("untyped-number", "7", {}, 7),
    ("type-word-optional", "7 fire", {}, 7),
    ("dice", "1d8+3", {"rng": (5,)}, 8),
    ("minimum-1", "1d4-5", {"rng": (1,)}, 1),
    ("minimum-1-max-roll", "1d4-5", {"rng": (4,)}, 1),
    ("crit-true-is-x2", "1d8+3", {"rng": (4, 5), "critical": True}, 7 + 8),
    ("crit-x2", "1d8+3", {"rng": (4, 5), "critical": 2}, 15),
    ("crit-x3", "1d8+3", {"rng": (4, 5, 6), "critical": 3}, 7 + 8 + 9),
    ("crit-x4", "1d8+3", {"rng": (1, 2, 3, 4), "critical": 4}, 4 + 5 + 6 + 7),
    ("crit-extra-dice-rolled-once", "1d8+3, 1d6 fire",
     {"rng": {8: [4, 5], 6: [6]}, "critical": True}, 7 + 8 + 6),
    ("crit-x3-extra-dice-once", "1d8+3, 2d6",
     {"rng": {8: [1, 1, 1], 6: [2, 3]}, "critical": 3}, 4 * 3 + 5),
    # decision 4: a later flat part is multiplied, later dice parts are not
    ("crit-flat-later-part-multiplied", "1d8+3, 2 fire",
     {"rng": {8: [4, 5]}, "critical": True}, 7 + 8 + 4),
    # decision: the floor applies to the hit's total after the multiplier
    ("minimum-1-after-multiplier", "1d4-5", {"rng": (1, 1), "critical": True}, 1),
    ("save-success-halves-down", "7", {"save": "success"}, 3),
    ("save-failure-full", "7", {"save": "failure"}, 7),
    ("normal-hit-no-crit", "1d8+3, 1d6", {"rng": {8: [4], 6: [6]}}, 13),
]


@pytest.mark.parametrize("damage,options,total", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_table(rs, rng_from, damage, options, total):
    options = dict(options)
    rng = rng_from(options.pop("rng", None))
    c = rs.new_creature("Orc", hp=200)
    out = rs.apply_damage(c, damage, rng=rng, **options)
    assert out.total == total, out.steps
    assert c.hp == 200 - total
    assert rng.left == 0


@pytest.mark.parametrize("save", ["critical-success", "critical-failure"])
def test_critical_save_outcomes_do_not_exist(rs, save):
    c = rs.new_creature("Orc", hp=20)
    with pytest.raises(ValueError):
        rs.apply_damage(c, "7", save=save)


def test_parse_bad(rs):
    with pytest.raises(ParseError):
        rs.parse_damage("7 +")
    with pytest.raises(ParseError):
        rs.parse_defenses("vulnerable silver")


# ------------------------------------------------------------ the HP track


@pytest.mark.parametrize("damage,hp,conditions", [
    ("9", 1, set()),
    ("10", 0, {"disabled"}),
    ("11", -1, {"dying"}),
    ("19", -9, {"dying"}),
    ("20", -10, {"dead"}),
    ("30", -20, {"dead"}),
])
def test_disabled_dying_dead(rs, damage, hp, conditions):
    c = rs.new_creature("Fighter", hp=10, pc=True)
    rs.apply_damage(c, damage)
    assert c.hp == hp
    assert conditions <= c.conditions
    others = {"disabled", "dying", "dead"} - conditions
    assert not (others & c.conditions), c.conditions


def test_temp_hp_absorbs_first(rs):
    c = rs.new_creature("Fighter", hp=10, temp_hp=4)
    out = rs.apply_damage(c, "6")
    assert out.total == 6
    assert (c.hp, c.temp_hp) == (8, 0)


def test_subdual_is_a_separate_total(rs):
    c = rs.new_creature("Guard", hp=10)
    out = rs.apply_damage(c, "4", nonlethal=True)
    assert c.subdual == 4
    assert c.hp == 10
    assert out.total == 4
    assert not ({"staggered", "unconscious"} & c.conditions)


def test_lethal_damage_rechecks_subdual(rs):
    # decision 8: it does not matter whether subdual went up or HP went down
    c = rs.new_creature("Guard", hp=10)
    rs.apply_damage(c, "5", nonlethal=True)
    rs.apply_damage(c, "5")
    assert c.hp == 5
    assert "staggered" in c.conditions
    rs.apply_damage(c, "1")
    assert "unconscious" in c.conditions


def test_healing_heals_subdual_too(rs):
    c = rs.new_creature("Guard", hp=10)
    rs.apply_damage(c, "4")
    rs.apply_damage(c, "6", nonlethal=True)
    assert "staggered" in c.conditions
    rs.heal(c, 3)
    assert c.hp == 9
    assert c.subdual == 3
    assert "staggered" not in c.conditions


def test_healing_heals_subdual_when_hp_full(rs):
    c = rs.new_creature("Guard", hp=10)
    rs.apply_damage(c, "11", nonlethal=True)
    assert "unconscious" in c.conditions
    rs.heal(c, 5)
    assert c.hp == 10
    assert c.subdual == 6
    assert "unconscious" not in c.conditions


def test_heal_never_above_max(rs):
    c = rs.new_creature("Guard", hp=10)
    rs.apply_damage(c, "15")
    rs.heal(c, 100)
    assert c.hp == 10
    assert not ({"dying", "disabled", "dead"} & c.conditions)


def test_subdual_minimum_one(rs, R):
    c = rs.new_creature("Guard", hp=10)
    rs.apply_damage(c, "1d3-2", nonlethal=True, rng=R(1))
    assert c.subdual == 1


# ----------------------------------------------------- threat + confirmation

# (id, attack bonus, ac, threat, dice, expected)
ATTACKS = [
    ("hit", 5, 15, 20, (10,), "hit"),
    ("miss", 5, 15, 20, (9,), "miss"),
    ("natural-1-always-misses", 30, 15, 20, (1,), "miss"),
    ("natural-20-threat-confirmed", 5, 15, 20, (20, 10), "critical"),
    ("natural-20-threat-not-confirmed", 5, 15, 20, (20, 9), "hit"),
    ("natural-20-hits-regardless", 0, 30, 20, (20, 5), "hit"),
    ("natural-20-confirmation-confirms", 0, 30, 20, (20, 20), "critical"),
    ("threat-range-19", 5, 15, 19, (19, 10), "critical"),
    ("threat-range-19-unconfirmed", 5, 15, 19, (19, 2), "hit"),
    ("threat-range-roll-that-misses-is-no-threat", 0, 25, 19, (19,), "miss"),
    ("threat-range-17", 5, 15, 17, (17, 10), "critical"),
    ("below-threat-range", 5, 15, 19, (18,), "hit"),
]


@pytest.mark.parametrize("bonus,ac,threat,dice,expected", [a[1:] for a in ATTACKS],
                         ids=[a[0] for a in ATTACKS])
def test_resolve_attack(rs, R, bonus, ac, threat, dice, expected):
    rng = R(*dice)
    assert rs.resolve_attack(bonus, ac, threat=threat, rng=rng) == expected
    assert rng.left == 0
    assert all(call == (1, 20) for call in rng.calls)


def test_resolve_attack_seeded_is_deterministic(rs):
    import random

    a = [rs.resolve_attack(5, 15, rng=random.Random(7)) for _ in range(20)]
    b = [rs.resolve_attack(5, 15, rng=random.Random(7)) for _ in range(20)]
    assert a == b


def test_unarmed_strike_is_subdual(rs, R):
    from core.builders import d20_weapon

    damage = d20_weapon("1d3", 2, unarmed=True)
    c = rs.new_creature("Guard", hp=10)
    out = rs.apply_damage(c, damage, rng=R(2))
    assert out.total == 4
    assert c.hp == 10
    assert c.subdual == 4


def test_unarmed_strike_normal_damage_allowed(rs, R):
    from core.builders import d20_weapon

    damage = d20_weapon("1d3", 2, unarmed=True).replace(" subdual", "")
    c = rs.new_creature("Guard", hp=10)
    rs.apply_damage(c, damage, rng=R(2))
    assert c.hp == 6
    assert c.subdual == 0


@pytest.mark.parametrize("grip,strength,light,roll,total", [
    ("one-handed", 3, False, 5, 8),
    ("two-handed", 3, False, 5, 9),     # 1.5 x 3 = 4 (rounded down)
    ("off-hand", 3, False, 5, 6),       # 0.5 x 3 = 1
    ("two-handed", -2, False, 5, 3),    # Decision: a penalty applies in full
    ("off-hand", -2, False, 5, 3),
    ("two-handed", 3, True, 5, 8),      # light weapons get no 1.5x
    ("two-handed", -2, False, 1, 1),    # minimum 1 on a hit
])
def test_builder_grips_end_to_end(rs, R, grip, strength, light, roll, total):
    from core.builders import d20_weapon

    c = rs.new_creature("Orc", hp=50)
    out = rs.apply_damage(c, d20_weapon("1d8", strength, grip, light=light), rng=R(roll))
    assert out.total == total
