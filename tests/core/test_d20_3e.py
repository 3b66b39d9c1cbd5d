"""d20-3e: untyped damage, minimum 1 after the critical multiplier, critical
multipliers with extra dice rolled once, Reflex-half saves, subdual damage,
disabled/dying/dead, healing, threat + confirmation."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
    from core.table.builders import d20_weapon

    damage = d20_weapon("1d3", 2, unarmed=True)
    c = rs.new_creature("Guard", hp=10)
    out = rs.apply_damage(c, damage, rng=R(2))
    assert out.total == 4
    assert c.hp == 10
    assert c.subdual == 4


def test_unarmed_strike_normal_damage_allowed(rs, R):
    from core.table.builders import d20_weapon

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
    from core.table.builders import d20_weapon

    c = rs.new_creature("Orc", hp=50)
    out = rs.apply_damage(c, d20_weapon("1d8", strength, grip, light=light), rng=R(roll))
    assert out.total == total


# ------------------------------------------- damage reduction and energy resistance (RULES §4)

# (id, defenses, damage, options, total)
DEFENSE_CASES = [
    # damage reduction subtracts, never adds, never below 0
    ("dr-dash", "resist 5/-", "12", {}, 7),
    ("dr-resistance-dash", "resistance 5/-", "7", {}, 2),
    ("dr-word", "damage reduction 5/-", "7 slashing", {}, 2),
    ("dr-never-below-0", "DR 10/-", "7", {}, 0),
    ("dr-older-resistances-all", "resistances all 5", "7", {}, 2),
    # once per hit, from the weapon damage only
    ("dr-once-per-hit", "DR 5/-", "7, 4", {}, 6),
    ("dr-once-per-hit-typed", "DR 5/-", "7 slashing, 4 piercing", {}, 6),
    ("dr-not-from-energy", "DR 5/-", "7, 4 fire", {}, 6),
    ("dr-all-not-from-energy", "resistances all 5", "3, 4 fire", {}, 4),
    ("dr-only-energy-untouched", "DR 10/-", "6 fire", {}, 6),
    ("dr-each-hit", "DR 5/-", ["7", "7"], {}, 4),
    ("dr-after-critical", "DR 5/-", "1d8+3", {"rng": (4, 5), "critical": True}, 10),
    ("dr-after-minimum", "DR 5/-", "1d4-5", {"rng": (1,)}, 0),
    ("dr-subdual", "DR 5/-", "7 subdual", {}, 2),
    # bypass by material, by magic, by +N
    ("dr-silver-bypassed", "damage reduction 10/silver", "12 slashing silver", {}, 12),
    ("dr-silver-holds", "damage reduction 10/silver", "12 slashing", {}, 2),
    ("dr-silver-magic-does-not-bypass", "damage reduction 10/silver", "12 magical", {}, 2),
    ("dr-cold-iron", "DR 10/cold iron", "12 cold-iron", {}, 12),
    ("dr-cold-iron-dash", "DR 10/cold-iron", "12", {}, 2),
    ("dr-adamantine", "damage reduction 5/adamantine", "8 adamantine", {}, 8),
    ("dr-magic-bypassed", "DR 10/magic", "12 magical", {}, 12),
    ("dr-magic-holds", "DR 10/magic", "12 silver", {}, 2),
    ("dr-magical-word", "DR 10/magical", "12 magical", {}, 12),
    ("dr-plus-1-bypassed", "damage reduction 15/+1", "20 magical", {}, 20),
    ("dr-plus-1-holds", "damage reduction 15/+1", "20", {}, 5),
    ("dr-plus-3", "damage reduction 20/+3", "25 slashing magical", {}, 25),
    ("dr-bypass-per-part", "DR 10/silver", "8 silver, 6", {}, 8),
    # several damage reductions do not stack: the one that removes the most
    ("dr-no-stack", "DR 5/-, DR 10/-", "12", {}, 2),
    ("dr-no-stack-bypass-one", "DR 5/silver; DR 10/magic", "12 silver", {}, 2),
    ("dr-no-stack-bypass-other", "DR 5/silver; DR 10/magic", "12 magical", {}, 7),
    ("dr-no-stack-bypass-both", "DR 5/silver; DR 10/magic", "12 silver magical", {}, 12),
    ("dr-no-stack-plain", "DR 5/silver; DR 10/magic", "12", {}, 2),
    # energy resistance: up to N in all from that energy's parts of each hit
    ("er-resist-fire", "resist fire 10", "13 fire", {}, 3),
    ("er-fire-resistance", "fire resistance 10", "13 fire", {}, 3),
    ("er-in-all-per-hit", "resist fire 10", "6 fire, 7 fire", {}, 3),
    ("er-other-energy", "resist fire 10", "12 cold", {}, 12),
    ("er-not-from-weapon-damage", "fire resistance 10", "8, 5 fire", {}, 8),
    ("er-each-hit", "fire resistance 10", ["13 fire", "13 fire"], {}, 6),
    ("er-two-energies", "fire resistance 10, cold resistance 5", "12 fire, 8 cold", {}, 5),
    ("er-no-stack", "fire resistance 5, fire resistance 10", "12 fire", {}, 2),
    ("er-never-below-0", "fire resistance 10", "4 fire", {}, 0),
    ("dr-and-er", "damage reduction 5/-; fire resistance 5", "10, 7 fire", {}, 7),
    ("dr-and-er-sq-line", "damage reduction 10/magic, fire resistance 10, cold resistance 5",
     "12, 12 fire, 7 cold", {}, 6),
    # energy immunity removes that energy's parts
    ("energy-immunity", "immunities fire", "10, 7 fire", {}, 10),
    ("energy-immunity-other-energy", "immune fire", "10 cold", {}, 10),
    ("fire-immunity-word-order", "fire immunity", "7 fire", {}, 0),
    # immunity to critical hits: a normal hit
    ("immune-crit", "immunities critical hits", "1d8+3", {"rng": (4, 5), "critical": True}, 7),
    ("immune-crit-x3", "immunities critical hits", "1d8+3", {"rng": (4, 5, 6), "critical": 3}, 7),
    # Reflex half: the hit's total halved once, rounding down, before defenses
    ("reflex-half-total", "", "3 fire, 3 cold", {"save": "success"}, 3),
    ("reflex-half-total-odd", "", "3, 3, 3", {"save": "success"}, 4),
    ("reflex-half-before-dr", "DR 5/-", "7, 7 fire", {"save": "success"}, 3),
    ("reflex-half-before-er", "fire resistance 5", "3 fire, 3 cold", {"save": "success"}, 1),
    # weakness (kept) adds before damage reduction
    ("weakness-then-dr", "weakness fire 5; DR 5/-", "5, 5 fire", {}, 10),
]


@pytest.mark.parametrize("defenses,damage,options,total", [c[1:] for c in DEFENSE_CASES],
                         ids=[c[0] for c in DEFENSE_CASES])
def test_defense_table(rs, rng_from, defenses, damage, options, total):
    options = dict(options)
    rng = rng_from(options.pop("rng", None))
    c = rs.new_creature("Ogre", hp=200, defenses=defenses)
    out = rs.apply_damage(c, damage, rng=rng, **options)
    assert out.total == total, out.steps
    taken = (0, total) if "subdual" in damage else (total, 0)  # subdual is tracked apart from HP
    assert (200 - c.hp, c.subdual) == taken
    assert rng.left == 0


def test_reflex_half_breakdown_shares_the_total(rs):
    c = rs.new_creature("Ogre", hp=50)
    out = rs.apply_damage(c, "3 fire, 3 cold", save="success")
    step = next(s for s in out.steps if "half" in s)
    assert "6 → 3" in step, out.steps
    assert "fire 2" in step and "cold 1" in step, out.steps


def test_damage_reduction_breakdown(rs):
    c = rs.new_creature("Werewolf", hp=50, defenses="damage reduction 15/+1")
    out = rs.apply_damage(c, "20, 6 fire")
    assert "damage reduction 15/+1: 20 → 5" in out.steps, out.steps
    out = rs.apply_damage(c, "20 magical")    # the bypass is said, nothing taken off
    assert [s for s in out.steps if "damage reduction" in s] == [
        "damage reduction 15/+1: bypassed by magic"], out.steps
    assert out.total == 20


def test_energy_resistance_breakdown(rs):
    c = rs.new_creature("Salamander", hp=50, defenses="fire resistance 10")
    out = rs.apply_damage(c, "6 fire, 7 fire")
    assert "fire resistance 10: fire 13 → 3" in out.steps, out.steps


@pytest.mark.parametrize("text,shown", [
    ("damage reduction 10/silver", "damage reduction 10/silver"),
    ("DR 10/magic", "damage reduction 10/magic"),
    ("damage reduction 15/+1", "damage reduction 15/+1"),
    ("resist 5/-", "damage reduction 5/-"),
    ("resistances all 5", "damage reduction 5/-"),
    ("fire resistance 10", "resistance fire 10"),
    ("resist fire 10", "resistance fire 10"),
])
def test_d20_defense_forms_are_read(rs, text, shown):
    assert rs.parse_defenses(text).describe() == [shown]


@pytest.mark.parametrize("text,position", [
    ("damage reduction 10/wood glue", 20),
    ("DR 10/", 6),
    ("fire resistance", 0),
    ("damage reduction 10/+0", 20),
])
def test_d20_defense_forms_bad(rs, text, position):
    with pytest.raises(ParseError) as err:
        rs.parse_defenses(text)
    assert err.value.position == position, err.value

_PART_TYPES = ["", " slashing", " fire", " cold", " silver", " magical", " subdual"]


@settings(max_examples=150, deadline=None)
@given(parts=st.lists(st.tuples(st.integers(0, 30), st.sampled_from(_PART_TYPES)), min_size=1,
                      max_size=4),
       dr=st.integers(0, 20), bypass=st.sampled_from(["-", "silver", "magic", "+1"]),
       fire=st.integers(0, 20))
def test_defenses_only_ever_subtract_and_at_most_their_values(parts, dr, bypass, fire):
    rs = get_system(SYSTEM)
    damage = ", ".join(f"{n}{t}" for n, t in parts)
    bare = rs.apply_damage(rs.new_creature("A", hp=500), damage).total
    defended = rs.apply_damage(
        rs.new_creature("B", hp=500, defenses=f"DR {dr}/{bypass}; fire resistance {fire}"), damage).total
    assert bare - dr - fire <= defended <= bare


def test_subdual_damage_is_said_in_3e_words(R):
    """3.0 says "subdual" everywhere, the roll line and the log included."""
    from core import Encounter

    enc = Encounter(system="d20-3e", name="Brawl")
    cid = enc.add(get_system("d20-3e").new_creature("Commoner", hp=10))
    enc.apply_damage([cid], "1d3+1", nonlethal=True, rng=R(1))
    assert "nonlethal" not in " ".join(enc.log[-1].details) + enc.log[-1].text
    assert "subdual" in enc.log[-1].text


def test_a_subdual_part_is_labelled_in_3e_words():
    """The part knows it is nonlethal; 3.0's label says so in its own word, pf2e in its."""
    assert str(get_system("d20-3e").parse_damage("1d3+1 subdual")) == "1d3+1 subdual"
    assert str(get_system("d20-3e").parse_damage("1d3+1 nonlethal")) == "1d3+1 subdual"
    assert str(get_system("pf2e").parse_damage("1d6 bludgeoning nonlethal")) == "1d6 bludgeoning nonlethal"
    assert get_system("d20-3e").nonlethal_word == "subdual"
    assert not hasattr(get_system("d20-3e"), "in_own_words")


def test_a_plus_1_weapon_is_told_to_write_magical(rs):
    """Play report S10-2: ``+1`` after the type is a magic weapon's bonus; the GM is told the
    notation for it (RULES §4: a ``magical`` part bypasses DR /magic and /+N), not to put
    the amount before the type."""
    with pytest.raises(ParseError) as err:
        rs.parse_damage("1d8+4 slashing +1")
    assert err.value.message == "for a +1 weapon write magical, e.g. '1d8+4 slashing magical'"
    assert err.value.position == len("1d8+4 slashing ")


def test_a_plus_bonus_in_daggerheart_goes_in_the_amount():
    with pytest.raises(ParseError) as err:
        get_system("daggerheart").parse_damage("1d8 physical +2")
    assert err.value.message == "a bonus goes in the amount, e.g. '1d8+2 physical'"
    assert err.value.position == len("1d8 physical ")


def test_a_subdual_part_beside_a_lethal_one_goes_to_subdual(rs):
    """RULES §4: subdual damage is a separate running total, and temporary HP absorb lethal
    damage first, never subdual. A hit of ``12 slashing, 4 subdual`` (a sap beside a blade,
    or the play report's mixed line) is 12 lethal and 4 subdual, not 16 lethal."""
    ogre = rs.new_creature("Ogre", hp=120)
    ogre.temp_hp = 10
    out = rs.apply_damage(ogre, "12 slashing, 4 subdual")
    assert (ogre.temp_hp, ogre.hp, ogre.subdual) == (0, 118, 4)
    assert "total: 12 + 4 subdual" in out.steps
    plain = rs.new_creature("Ogre", hp=120)
    rs.apply_damage(plain, "12 slashing, 4 subdual")
    assert (plain.hp, plain.subdual) == (108, 4)


def test_a_subdual_immunity_removes_only_the_subdual_part(rs):
    golem = rs.new_creature("Golem", hp=60, defenses="immunities nonlethal")
    rs.apply_damage(golem, "12 slashing, 4 subdual")
    assert (golem.hp, golem.subdual) == (48, 0)


@pytest.mark.parametrize("damage", ["6 slashing, 4 subdual", "4 subdual, 6 slashing"])
def test_damage_reduction_comes_off_the_lethal_part_first_whatever_the_order(rs, damage):
    """RULES §4 takes damage reduction once per hit; which part it comes off is not said.
    Decision here: the lethal part first, so the order the GM typed the parts in never
    changes the result (review: 29/4 one way, 25/0 the other)."""
    troll = rs.new_creature("Troll", hp=30, defenses="DR 5/-")
    rs.apply_damage(troll, damage)
    assert (troll.hp, troll.subdual) == (29, 4)
