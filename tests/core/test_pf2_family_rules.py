"""The PF2 family and the notation: each rule the audit found wrong or unpinned.

Every test names the RULES section it pins; each failed on the code before the fix
(or pins behaviour that no test held before).
"""

from __future__ import annotations

import random

import pytest
from core_support import Stats
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import ParseError, get_system
from core.dice.expression import parse, roll
from core.notation import parse_damage, parse_defenses

FAMILY = ("pf2e", "sf2e", "vitality-wounds")


def hp_target(system: str = "pf2e", defenses: str = "", **extra):
    rs = get_system(system)
    stats: Stats = {"vitality": 200, "wounds": 20} if system == "vitality-wounds" else {"hp": 200}
    return rs, rs.new_creature("Target", defenses=defenses, **stats, **extra)


def deal(system: str, defenses: str, damage: str, **options):
    rs, c = hp_target(system, defenses)
    return rs.apply_damage(c, damage, **options)


# ------------------------------------------------------------------ item 1: precision


@pytest.mark.parametrize("system", FAMILY)
def test_on_crit_precision_is_removed_by_precision_immunity(system, R):
    # RULES §2 Step 3.2: on-crit precision joins the first instance's precision share
    out = deal(system, "immunities precision", "5 slashing, 2d6 precision on-crit",
               critical=True, rng=R(3, 4))
    assert out.total == 10
    assert any("precision share removed" in s for s in out.steps)


@pytest.mark.parametrize("system", FAMILY)
def test_on_crit_precision_is_resisted_with_its_instance(system):
    # slashing 10 + precision 4 = one instance of 14, resisted by slashing 20 -> 0
    out = deal(system, "resistances slashing 20", "5 slashing, 4 precision on-crit", critical=True)
    assert out.total == 0


@pytest.mark.parametrize("system", FAMILY)
def test_on_crit_precision_meets_precision_weakness(system):
    out = deal(system, "weaknesses precision 3", "5 slashing, 4 precision on-crit", critical=True)
    assert out.total == 10 + 4 + 3


@pytest.mark.parametrize("system", FAMILY)
def test_precision_joins_first_typed_part_after_a_bare_source_word(system):
    # `water, 5 slashing, 2 precision`: the precision joins slashing, not a new instance
    out = deal(system, "resistances slashing 7", "water, 5 slashing, 2 precision")
    assert out.total == 0
    assert "precision 2 joins slashing → 7" in out.steps


def test_precision_after_source_word_meets_type_weakness_and_source_weakness():
    out = deal("pf2e", "weaknesses water 2, slashing 3", "water, 5 slashing, 2 precision")
    assert out.total == 2 + (7 + 3)


@pytest.mark.parametrize("defenses,total", [
    ("", 2),
    ("immunities precision", 0),
    ("weaknesses precision 3", 5),
    ("resistances precision 1", 1),
    ("resistances all 5", 0),
])
def test_precision_only_is_its_own_instance(defenses, total):
    # RULES §2 Step 2: an attack of precision alone is dealt as its own instance
    assert deal("pf2e", defenses, "2 precision").total == total


def test_precision_only_with_a_source_word():
    out = deal("pf2e", "weaknesses water 2; immunities precision", "water, 2 precision")
    assert out.total == 2


def test_on_crit_precision_alone_is_its_own_instance():
    out = deal("pf2e", "", "2d6 precision on-crit", critical=True, rng=random.Random(1))
    assert out.total == 7  # seed 1 rolls 2 and 5, added once, not doubled
    assert deal("pf2e", "immunities precision", "3 precision on-crit", critical=True).total == 0


@pytest.mark.parametrize("system", FAMILY)
@pytest.mark.parametrize("damage", [
    "2 precision", "2 precision on-crit", "water, 2 precision", "water, 2 precision on-crit",
    "5 slashing on-crit, 2 precision", "2 precision, 3 precision", "1d4-5 precision",
    "0 precision", "2 precision, 1 persistent fire", "water", "3 precision, water, 5 fire",
])
@pytest.mark.parametrize("options", [{}, {"critical": True}, {"save": "success"},
                                     {"critical": True, "settings": {"crit_mode": "roll-twice"}}])
def test_precision_shapes_never_crash(system, damage, options):
    out = deal(system, "immunities precision; weaknesses water 2, precision 1", damage,
               rng=random.Random(7), **options)
    assert out.total >= 0


# ------------------------------------------------------------------ item 2: qualified immunities


@pytest.mark.parametrize("damage,total", [
    ("5 slashing", 5),                  # immune: a normal hit
    ("5 slashing silver", 10),          # the exception: a critical hit
    ("5 slashing silver, 3 fire", 16),  # decided for the whole attack: any part excepted
])
def test_critical_immunity_except(damage, total):
    out = deal("pf2e", "immunities critical hits (except silver)", damage, critical=True)
    assert out.total == total


def test_critical_immunity_except_says_when_it_does_not_apply():
    out = deal("pf2e", "immunities critical hits (except silver)", "5 slashing silver", critical=True)
    assert "immunity critical hits (except silver) does not apply to this attack: a critical hit" \
        in out.steps


@pytest.mark.parametrize("damage,total", [("5 slashing", 5), ("5 slashing magical", 10)])
def test_critical_immunity_non_magical(damage, total):
    assert deal("sf2e", "immunities non-magical critical hits", damage, critical=True).total == total


def test_critical_immunity_except_drops_on_crit_parts_only_when_it_applies():
    defenses = "immunities critical hits (except cold-iron)"
    assert deal("pf2e", defenses, "5 slashing, 4 piercing on-crit", critical=True).total == 5
    assert deal("pf2e", defenses, "5 slashing cold-iron, 4 piercing on-crit",
                critical=True).total == 14


def test_critical_immunity_except_for_persistent_condition_factor():
    rs, c = hp_target("pf2e", "immunities critical hits (except silver)")
    rs.add_persistent(c, "1d6 persistent fire", critical=True)
    assert c.persistent[0].factor == 1
    rs.add_persistent(c, "1d6 persistent acid silver", critical=True)
    assert c.persistent[1].factor == 2


@pytest.mark.parametrize("damage,total", [
    ("5 slashing silver, 3 precision", 8),   # excepted: the precision share stays
    ("5 slashing, 3 precision", 5),          # removed
])
def test_precision_immunity_except(damage, total):
    assert deal("pf2e", "immunities precision (except silver)", damage).total == total


def test_precision_immunity_except_spared_by_the_precision_part_itself():
    assert deal("pf2e", "immunities precision (except silver)", "5 slashing, 3 precision silver").total == 8
    assert deal("pf2e", "immunities precision (except ghost-touch)", "5 slashing, 3 precision ghost-touch on-crit",
                critical=True).total == 13


def test_precision_immunity_except_decided_per_instance():
    # the precision share joins the first typed instance: slashing silver, so it stays
    out = deal("pf2e", "immunities precision (except silver)", "5 slashing silver, 3 precision, 4 fire")
    assert out.total == 12


def test_persistent_immunity_except_part_by_part():
    rs, c = hp_target("pf2e", "immunities persistent damage (except silver)")
    out = rs.apply_damage(c, "5 slashing, 2 persistent fire silver, 2 persistent acid")
    assert out.total == 5
    assert [p.type for p in c.persistent] == ["fire"]
    assert "persistent 2 acid: dropped (immunity persistent damage (except silver))" in out.steps


def test_persistent_immunity_non_magical():
    rs, c = hp_target("sf2e", "immunities non-magical persistent damage")
    rs.apply_damage(c, "2 persistent fire magical, 2 persistent acid")
    assert [p.type for p in c.persistent] == ["fire"]


@pytest.mark.parametrize("damage,total", [
    ("5 bludgeoning nonlethal", 0),
    ("5 bludgeoning nonlethal silver", 5),
    ("5 bludgeoning nonlethal silver, 2 fire nonlethal", 7),  # any part excepted: whole attack
])
def test_nonlethal_immunity_except(damage, total):
    assert deal("pf2e", "immunities nonlethal attacks (except silver)", damage).total == total


def test_nonlethal_immunity_except_with_the_nonlethal_option():
    defenses = "immunities nonlethal attacks (except magical)"
    assert deal("pf2e", defenses, "5 bludgeoning", nonlethal=True).total == 0
    assert deal("pf2e", defenses, "5 bludgeoning magical", nonlethal=True).total == 5


def test_unqualified_nonlethal_immunity_is_named_in_the_gms_words():
    out = deal("pf2e", "immunities nonlethal attacks", "5 bludgeoning", nonlethal=True)
    assert "immunity nonlethal attacks: bludgeoning 5 → 0" in out.steps


# ------------------------------------------------------------------ item 3: out.wounds


def vw(defenses: str = "", vitality: int = 20, wounds: int = 10):
    rs = get_system("vitality-wounds")
    return rs, rs.new_creature("Horror", vitality=vitality, wounds=wounds, defenses=defenses)


def test_wounds_count_overflow_past_vitality():
    rs, c = vw()
    out = rs.apply_damage(c, "25 slashing")
    assert (c.vitality, c.wounds) == (0, 5)
    assert out.wounds == 5


def test_wounds_count_overflow_and_vulnerability(R):
    rs, c = vw("vulnerable silver", vitality=5)
    out = rs.apply_damage(c, "1d4+8 slashing silver", rng=R(2))
    # 10 damage: 5 from Vitality, 5 past it, plus 1 Wound for the one die
    assert c.wounds == 10 - 6
    assert out.wounds == 6


def test_wounds_equal_the_track_change_when_the_track_runs_out():
    rs, c = vw("vulnerable fire", vitality=0, wounds=2)
    out = rs.apply_damage(c, "2d4=6 fire")
    assert c.wounds == 0
    assert out.wounds == 2


def test_nonlethal_attack_deals_no_wounds(R):
    # RULES §2 Step 4 (a Decision): no Wounds at all from a nonlethal attack
    rs, c = vw("vulnerable silver")
    out = rs.apply_damage(c, "1d4 bludgeoning silver", nonlethal=True, rng=R(3))
    assert out.wounds == 0
    assert c.wounds == 10
    assert c.vitality == 17
    assert any("a nonlethal attack deals no Wounds" in s for s in out.steps)


def test_nonlethal_trait_attack_deals_no_wounds(R):
    rs, c = vw("vulnerable silver", vitality=2)
    out = rs.apply_damage(c, "1d4 bludgeoning silver nonlethal", rng=R(4))
    assert (out.wounds, c.wounds, c.vitality) == (0, 10, 0)
    assert "unconscious" in c.conditions


def test_persistent_tick_reports_its_wounds(R):
    rs, c = vw(vitality=1)
    rs.add_persistent(c, "3 persistent fire")
    out = rs.start_turn(c, rng=R())
    assert c.wounds == 8
    assert out.wounds == 2


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 30), st.integers(0, 12), st.sampled_from(["", "vulnerable silver", "vulnerable fire"]),
       st.sampled_from(["2d6 fire", "1d4 slashing silver, 3 fire", "9 piercing silver", "2d4=5 fire",
                        "1d4 persistent fire, 2d8 slashing silver"]),
       st.booleans(), st.booleans(), st.integers(0, 2**16))
def test_out_wounds_is_always_the_wounds_track_change(vitality, wounds, defenses, damage, crit,
                                                      nonlethal, seed):
    rs, c = vw(defenses, vitality, wounds)
    before = c.wounds
    out = rs.apply_damage(c, damage, critical=crit, nonlethal=nonlethal, rng=random.Random(seed))
    assert out.wounds == before - c.wounds
    if nonlethal:
        assert out.wounds == 0


# ------------------------------------------------------------------ item 4: the filler word "to"


@pytest.mark.parametrize("system,defenses,damage,total", [
    ("pf2e", "immune to fire", "7 fire", 0),
    ("pf2e", "immunities to fire, cold", "7 fire, 3 cold, 2 acid", 2),
    ("sf2e", "weakness to fire 5", "7 fire", 12),
    ("sf2e", "resistance to fire 5", "7 fire", 2),
    ("pf2e", "immune to critical hits", "7 fire", 7),
])
def test_filler_word_to(system, defenses, damage, total):
    assert deal(system, defenses, damage, critical="critical" in defenses).total == total


def test_error_position_after_the_filler_word_to():
    text = "immunities fire; weakness to fyre 5"
    with pytest.raises(ParseError) as info:
        parse_defenses(text, "pf2e")
    assert info.value.position == text.index("fyre")


def test_filler_word_to_is_never_an_effect_immunity():
    d = parse_defenses("immune to fire", "pf2e")
    assert d.effect_immunities == ()
    assert d.describe() == ["immunity fire"]


def test_vulnerable_to_silver(R):
    rs, c = vw("vulnerable to silver")
    out = rs.apply_damage(c, "1d4 piercing silver", rng=R(2))
    assert out.wounds == 1


def test_immune_to_death_effects_is_the_death_effect():
    d = parse_defenses("immune to death effects", "pf2e")
    assert d.effect_immunities == ("death effects",)


# ------------------------------------------------------------------ item 6: rolled at the table


@pytest.mark.parametrize("expr,total,dice,shown", [
    ("2d4=7", 7, 2, "2d4=7"),
    ("1d8+4=9", 9, 1, "1d8+4=9"),
    ("1d4-6=-3", -3, 1, "1d4-6=-3"),
    (" 2d6 = 12 ", 12, 2, "2d6=12"),
    ("2d6=2", 2, 2, "2d6=2"),
])
def test_dice_rolled_at_the_table(expr, total, dice, shown, R):
    e = parse(expr)
    assert (e.rolled, e.dice_count, str(e)) == (total, dice, shown)
    rng = R()
    assert roll(expr, rng=rng) == total  # no die is rolled
    assert rng.calls == []


@pytest.mark.parametrize("expr,where", [
    ("2d6=40", 4),     # more than the dice can make
    ("2d6=1", 4),      # less
    ("1d4+1=1", 6),
    ("7=7", 1),        # no dice: a plain total needs no '='
    ("2d6=", 3),
    ("2d6=x", 3),
])
def test_impossible_table_totals_are_parse_errors(expr, where):
    with pytest.raises(ParseError) as info:
        parse(expr)
    assert info.value.position == where, str(info.value)


def test_impossible_table_total_in_damage_names_its_position():
    with pytest.raises(ParseError) as info:
        parse_damage("5 fire, 2d6=40 fire", "pf2e")
    assert info.value.position == len("5 fire, 2d6=")
    assert "2d6 cannot come to 40" in info.value.message


def test_table_total_counts_everywhere_in_the_pipeline():
    assert deal("pf2e", "weaknesses fire 5", "2d6=7 fire").total == 12
    assert deal("pf2e", "", "2d6=7 fire", critical=True).total == 14
    assert deal("pf2e", "resistances fire 5", "2d6=7 fire", save="success").total == 0
    assert deal("sf2e", "", "1d4-5=-2 slashing").total == 1   # minimum damage


def test_table_total_keeps_its_dice_for_plus_5_per_die():
    # RULES §6 example 8, the roll typed: silver 2d4 bullet rolled 7 on an HP werewolf
    rs = get_system("vitality-wounds")
    c = rs.new_creature("Werewolf", hp=60, defenses="vulnerable silver")
    out = rs.apply_damage(c, "2d4=7 ballistic silver")
    assert out.total == 7 + 10
    assert c.hp == 60 - 17


def test_table_total_keeps_its_dice_for_vulnerability_wounds():
    rs, c = vw("vulnerable orichalcum")
    out = rs.apply_damage(c, "1d4=3 piercing orichalcum")
    assert (out.total, out.wounds, c.vitality, c.wounds) == (3, 1, 17, 9)


def test_bare_typed_total_says_it_has_no_dice_for_wounds():
    rs, c = vw("vulnerable fire")
    out = rs.apply_damage(c, "7 fire")
    assert out.wounds == 0
    assert ("vulnerability fire: no dice known for a typed total; write 2d4=7 "
            "(the dice and what they came to)") in out.steps


def test_bare_typed_total_says_it_has_no_dice_for_plus_5():
    rs = get_system("vitality-wounds")
    c = rs.new_creature("Werewolf", hp=60, defenses="vulnerable silver")
    out = rs.apply_damage(c, "7 ballistic silver")
    assert out.total == 7
    assert any("no dice known for a typed total" in s for s in out.steps)


def test_daggerheart_critical_maximum_from_a_table_total():
    # RULES §6 example 5 typed: cutlass 2d8+1 rolled 3 and 6 -> 10; critical 16 + 10 = 26
    rs = get_system("daggerheart")
    c = rs.new_creature("Adversary", hp=6, major=10, severe=20, armor=0, stress=3)
    assert rs.apply_damage(c, "2d8+1=10", critical=True).total == 26


def test_daggerheart_critical_on_a_typed_total_says_so():
    rs = get_system("daggerheart")
    c = rs.new_creature("Adversary", hp=6, major=10, severe=20, armor=0, stress=3)
    out = rs.apply_damage(c, "10 physical", critical=True)
    assert out.total == 10
    assert any("no dice known for a typed total" in s for s in out.steps)


def test_roll_twice_rolls_the_second_roll_of_a_table_total(R):
    rs, c = hp_target("pf2e")
    out = rs.apply_damage(c, "2d4=7 fire", critical=True, settings={"crit_mode": "roll-twice"},
                          rng=R(1, 2))
    assert out.total == 7 + 3


def test_roll_twice_of_a_table_total_says_the_app_rolled_again(R):
    rs, c = hp_target("pf2e")
    out = rs.apply_damage(c, "2d4=7 fire", critical=True, settings={"crit_mode": "roll-twice"},
                          rng=R(1, 2))
    assert "roll: 2d4=7 fire rolled at the table + the app's roll (1, 2) 3 = 10" in out.steps


def test_typed_total_merged_with_dice_counts_only_the_known_dice(R):
    rs, c = vw("vulnerable silver")
    out = rs.apply_damage(c, "1d4 slashing silver, 2 slashing silver", rng=R(3))
    assert out.wounds == 1
    assert ("vulnerability silver: no dice known for a typed total (2 slashing silver), counted as "
            "no dice; write 2d4=7 (the dice and what they came to)") in out.steps


def test_d20_critical_rolls_the_extra_rolls_of_a_table_total(R):
    rs = get_system("d20-3e")
    c = rs.new_creature("Orc", hp=40)
    out = rs.apply_damage(c, "1d8+4=9", critical=True, rng=R(3))
    assert out.total == 9 + 7


def test_persistent_damage_cannot_be_a_table_total():
    with pytest.raises(ParseError, match="rolled at each tick"):
        parse_damage("2d4=7 persistent fire", "pf2e")
    with pytest.raises(ParseError, match="rolled at each tick"):
        parse_damage("1d6=4 bleed", "sf2e")


# ------------------------------------------------------------------ item 7: effect traits


def test_effect_traits_parse_onto_a_part():
    part = parse_damage("4d6 fire death", "pf2e").parts[0]
    assert (part.type, part.effects, part.label) == ("fire", frozenset({"death"}), "4d6 fire death")


@pytest.mark.parametrize("text,kind,effects", [
    ("5 poison", "poison", set()),                 # a type word alone is the type
    ("5 fire poison", "fire", {"poison"}),         # beside another type: the effect's trait
    ("5 poison fire", "fire", {"poison"}),
    ("5 mental emotion fear", "mental", {"emotion", "fear"}),
    ("5 poison mental", "poison", {"mental"}),
])
def test_type_words_that_are_effect_traits(text, kind, effects):
    part = parse_damage(text, "sf2e").parts[0]
    assert (part.type, set(part.effects)) == (kind, effects)


def test_effect_traits_are_pf2_family_only():
    with pytest.raises(ParseError):
        parse_damage("5 death", "daggerheart")


@pytest.mark.parametrize("system", FAMILY)
@pytest.mark.parametrize("defenses,damage", [
    ("immunities death effects", "8d6 slashing death, 2d6 fire"),
    ("immunities disease", "3 piercing disease"),
    ("immunities poison", "3 piercing, 2 fire poison"),  # the poison *trait* on the fire part
    ("immunities mental", "4 fire emotion mental"),
    ("immune to fear effects", "2 cold fear"),
])
def test_effect_immunity_removes_the_whole_attack(system, defenses, damage):
    out = deal(system, defenses, damage, rng=random.Random(3))
    assert out.total == 0
    assert any("deals nothing" in s for s in out.steps)


def test_effect_immunity_names_the_immunity_in_the_breakdown():
    out = deal("pf2e", "immunities death effects", "5 slashing death, 3 fire")
    assert ("immunity death effects: the attack has the death trait and deals nothing: "
            "slashing 5 → 0, fire 3 → 0") in out.steps


def test_effect_immunity_needs_the_trait():
    assert deal("pf2e", "immunities death effects, disease", "7 fire").total == 7
    # a poison-typed part is removed alone (type immunity), not the whole attack
    assert deal("pf2e", "immunities poison", "3 piercing, 2 poison").total == 3


def test_effect_immunity_drops_persistent_parts_of_the_attack():
    rs, c = hp_target("pf2e", "immunities disease")
    out = rs.apply_damage(c, "2 piercing, 1d6 persistent acid disease")
    assert out.total == 0
    assert c.persistent == []


def test_effect_immunity_is_shown_as_automated():
    shown = parse_defenses("immunities death effects, paralyzed", "pf2e").describe()
    assert shown == ["immunity death effects (an attack with the death trait deals nothing)",
                     "immunity paralyzed (effect, shown only)"]


def test_effect_immunity_with_an_exception():
    defenses = "immunities death effects (except silver)"
    assert deal("pf2e", defenses, "5 slashing death").total == 0
    assert deal("pf2e", defenses, "5 slashing death silver").total == 5


def test_effect_immunity_exception_is_decided_for_the_whole_attack():
    # any part carrying the excepted word spares the whole attack (RULES §2 Step 3.1)
    out = deal("pf2e", "immunities death effects (except silver)", "5 slashing death, 3 fire silver")
    assert out.total == 8


def test_japanese_effect_words():
    part = parse_damage("5［火炎］［即死］", "pf2e").parts[0]
    assert (part.type, part.effects) == ("fire", frozenset({"death"}))


# ------------------------------------------------------------------ item 8: bleed


@pytest.mark.parametrize("system", ["pf2e", "sf2e"])
def test_bleed_is_always_persistent(system):
    rs, c = hp_target(system)
    out = rs.apply_damage(c, "5 slashing, 1d6 bleed")
    assert out.total == 5
    assert [p.formula for p in c.persistent] == ["1d6 bleed"]


@pytest.mark.parametrize("system", ["pf2e", "sf2e"])
def test_bloodless_takes_no_bleed(system):
    rs = get_system(system)
    c = rs.new_creature("Ooze", hp=30, traits="bloodless")
    out = rs.apply_damage(c, "1d6 bleed")
    assert c.persistent == []
    assert "persistent 1d6 bleed: dropped (bleed has no effect on bloodless creatures)" in out.steps


def test_bloodless_takes_no_bleed_in_vitality_wounds():
    rs = get_system("vitality-wounds")
    c = rs.new_creature("Ooze", vitality=20, wounds=10, traits="bloodless")
    assert rs.apply_damage(c, "4 bleed").total == 0


@pytest.mark.parametrize("system", ["pf2e", "sf2e"])
def test_bleed_ticks_at_the_end_of_turn(system, R):
    rs, c = hp_target(system)
    rs.apply_damage(c, "1d6 bleed")
    out = rs.end_turn(c, rng=R(4, 3))
    assert out.total == 4
    assert c.hp == 196


# ------------------------------------------------------------------ item 12: breakdown gaps


def test_sf2e_bleed_roll_total_is_zero_and_the_breakdown_says_why(R):
    rs, c = hp_target("sf2e")
    rolled = rs.roll("1d6 bleed", rng=R())
    assert rolled.total == 0    # the damage form's "total" deals nothing now
    out = rs.resolve(c, rolled)
    assert out.total == 0
    assert ("persistent 1d6 bleed added (at the end of its turn) (bleed is always persistent "
            "damage: it deals nothing now)") in out.steps


def test_persistent_conditions_are_shown_before_the_total():
    # the CLI prints the breakdown up to "total:"; the condition is a step of the attack
    out = deal("pf2e", "", "5 slashing, 1d6 persistent fire")
    steps = list(out.steps)
    added = next(i for i, s in enumerate(steps) if s.startswith("persistent 1d6 fire added"))
    assert added < next(i for i, s in enumerate(steps) if s.startswith("total:"))


def test_pf2e_leftover_halving_point_goes_to_the_first_odd_instance():
    # RULES §2 Step 1b (a Decision): 3 fire, 3 cold halved -> fire 2, cold 1, and it says so
    out = deal("pf2e", "", "3 fire, 3 cold", save="success")
    assert out.total == 3
    assert ("basic save success: half: fire 3 → 2, cold 3 → 1 (the total halved, rounded down once)"
            in out.steps)
    out = deal("pf2e", "resistances fire 1", "2 fire, 3 cold, 3 acid", save="success")
    assert out.total == 0 + 2 + 1  # fire 1 → 0 after resistance, cold gets the point, acid 1


# ------------------------------------------------------------------ unpinned behaviour


def test_damage_removed_by_creature_kind_deals_no_vulnerability_wounds(R):
    rs = get_system("vitality-wounds")
    c = rs.new_creature("Vampire", vitality=20, wounds=10, traits="undead",
                        defenses="vulnerable void")
    out = rs.apply_damage(c, "2d6 void", rng=R(3, 4))
    assert (out.total, out.wounds, c.wounds) == (0, 0, 10)
    assert "void damage harms only the living: void 7 → 0" in out.steps


@pytest.mark.parametrize("system", ["pf2e", "sf2e"])
def test_healing_0_does_not_end_dying(system):
    rs = get_system(system)
    c = rs.new_creature("Hero", hp=20, pc=True)
    rs.apply_damage(c, "20 slashing")
    assert c.dying == 1
    rs.heal(c, 0)
    assert (c.hp, c.dying, c.wounded) == (0, 1, 0)
    assert "dying" in c.conditions
    rs.heal(c, 1)
    assert (c.hp, c.dying, c.wounded) == (1, 0, 1)


def test_healing_0_wounds_does_not_end_dying_in_vitality_wounds():
    rs, c = vw(vitality=5, wounds=3)
    rs.apply_damage(c, "8 slashing")
    assert "dying" in c.conditions
    rs.heal(c, 0, track="wounds")
    assert "dying" in c.conditions
    rs.heal(c, 1, track="wounds")
    assert "dying" not in c.conditions and c.dying == 0


@pytest.mark.parametrize("damage,critical", [("20 slashing", True), ("100 slashing", False)])
def test_death_resets_dying(damage, critical):
    rs = get_system("pf2e")
    c = rs.new_creature("Hero", hp=20, pc=True)
    rs.apply_damage(c, "20 slashing")
    c.dying = 3
    rs.apply_damage(c, damage, critical=critical)
    assert "dead" in c.conditions
    assert c.dying == 0
    assert not {"dying", "unconscious"} & c.conditions


def test_vitality_wounds_hp_npc_heal():
    rs = get_system("vitality-wounds")
    c = rs.new_creature("Werewolf", hp=60)
    rs.apply_damage(c, "25 slashing")
    out = rs.heal(c, 10)
    assert (c.hp, c.vitality, c.wounds) == (45, None, None)
    assert out.steps == ("heal 10: HP 35 → 45",)
    rs.heal(c, 100)
    assert c.hp == 60


def test_vitality_wounds_hp_npc_massive_damage_does_not_apply():
    rs = get_system("vitality-wounds")
    c = rs.new_creature("Werewolf", hp=10)
    rs.apply_damage(c, "30 slashing")
    assert c.hp == 0 and "dead" in c.conditions
    assert not any("massive" in s for s in rs.apply_damage(
        rs.new_creature("W", hp=10), "30 slashing").steps)


def test_vitality_wounds_hp_npc_edit():
    from core import Encounter

    enc = Encounter(system="vitality-wounds", name="Edit")
    rs = enc.rules
    cid = enc.add(rs.new_creature("Werewolf", hp=60))
    rs.apply_damage(enc.creature(cid), "20 slashing")
    assert enc.update(cid, hp=80).hp == 40          # a new maximum keeps the current HP
    assert enc.update(cid, hp=30).hp == 30          # capped at the new maximum
    back = enc.update(cid, hp=0)                    # no HP: a Vitality/Wounds creature again
    assert (back.hp, back.max_hp) == (None, None)
    assert (back.vitality, back.max_vitality, back.wounds, back.max_wounds) == (20, 20, 10, 10)
    assert rs.track_text(back) == "V 20/20 W 10/10"


# --- error positions

@pytest.mark.parametrize("parser,text,word", [
    # damage notation after full-width brackets
    (parse_damage, "5［斬撃］, 3 fyre", "fyre"),
    (parse_damage, "7［斬撃］, 4［火炎］, 2 fyre", "fyre"),
    (parse_damage, "5 ［斬撃］ fyre", "fyre"),
    (parse_damage, "5［斬撃］silvr", "silvr"),
    (parse_damage, "［斬撃］5", "5"),
    (parse_damage, "3［火炎］, 2d6=13 fire", "13"),
    # later entries of a defense line
    (parse_defenses, "weaknesses fire 5, fyre 3", "fyre"),
    (parse_defenses, "weaknesses fire 5; resistances fyre 5", "fyre"),
    (parse_defenses, "resistances fire 5, physical 10 (except fyre)", "fyre"),
    (parse_defenses, "resistances fire 5, physical 10 (except silver, fyre)", "fyre"),
    (parse_defenses, "resistances fire 5 (except fyre), cold 3", "fyre"),
    (parse_defenses, "weaknesses ［火炎］ 5, fyre 3", "fyre"),
    (parse_defenses, "weaknesses ［火炎］ 5; resistances ［冷気］ 2, fyre 3", "fyre"),
    (parse_defenses, "immunities fire; weaknesses cold 5, 3 4", "3 4"),
    (parse_defenses, "immunities fire, precision 5", "precision 5"),
    (parse_defenses, "immunities fire; weaknesses cold 2, acid (silver)", "(silver)"),
    (parse_defenses, "immunities poison, fire (silver)", "(silver)"),
    (parse_defenses, "immunities fire（silver）", "（silver）"),
    (parse_defenses, "weaknesses fire 5; vulnerable silver", "vulnerable"),
])
def test_error_positions(parser, text, word):
    with pytest.raises(ParseError) as info:
        parser(text, "pf2e")
    assert info.value.position == text.index(word), str(info.value)


def test_immunity_with_a_bare_parenthesis_is_a_parse_error_not_an_effect():
    with pytest.raises(ParseError, match=r"write exceptions as '\(except silver\)'"):
        parse_defenses("immunities fire (silver)", "pf2e")


@pytest.mark.parametrize("text,word", [
    ("immunities fire [silver]", "fire"),
    ("immunities fire silver", "fire"),
    ("immunities poison, fire except silver", "except"),
    ("immunities persistent bleed", "persistent"),
    ("immunities fire (except )", "(except"),
])
def test_a_damage_word_with_more_after_it_is_not_an_effect_immunity(text, word):
    # RULES §1: unknown immunity words are effects; a damage word with junk is a typo to point at
    with pytest.raises(ParseError) as info:
        parse_defenses(text, "pf2e")
    assert info.value.position == text.index(word), str(info.value)


@pytest.mark.parametrize("text,shown", [
    ("immunities death effects, paralyzed, swarm mind",
     ["immunity death effects (an attack with the death trait deals nothing)",
      "immunity paralyzed (effect, shown only)", "immunity swarm mind (effect, shown only)"]),
    ("immunities poison effects", ["immunity poison effects (an attack with the poison trait deals nothing)"]),
    ("immunities negative energy", ["immunity negative"]),
])
def test_effect_immunity_names_still_accepted(text, shown):
    assert parse_defenses(text, "pf2e").describe() == shown


def test_effect_immunity_with_a_value_is_a_parse_error():
    with pytest.raises(ParseError, match="an immunity has no value"):
        parse_defenses("immunities death effects 5", "pf2e")


# --- the exact notation limits (RULES §1)

@pytest.mark.parametrize("text", [
    "1000d6 fire", "1d1000 fire", "1d2 fire", " + ".join(["1000d6"] * 10) + " fire",
])
def test_damage_notation_limits_accepted(text):
    parse_damage(text, "pf2e")


@pytest.mark.parametrize("text,where", [
    ("1001d6 fire", 0),
    ("0d6 fire", 0),
    ("1d1001 fire", 2),
    ("1d1 fire", 2),
    (" + ".join(["1000d6"] * 10) + " + 1d6 fire", len(" + ".join(["1000d6"] * 10)) + 3),
])
def test_damage_notation_limits_refused(text, where):
    with pytest.raises(ParseError) as info:
        parse_damage(text, "pf2e")
    assert info.value.position == where, str(info.value)


def test_damage_notation_length_limit_is_500_characters():
    text = "1 fire" + ", 1 fire" * 61 + " " * 6
    assert len(text) == 500
    assert len(parse_damage(text, "pf2e").parts) == 62
    with pytest.raises(ParseError, match="longer than 500") as info:
        parse_damage(text + " ", "pf2e")
    assert info.value.position == 500


def test_dice_expression_of_exactly_10001_dice_is_refused():
    parse(" + ".join(["1000d6"] * 10))
    with pytest.raises(ParseError, match="more than 10000 dice"):
        parse(" + ".join(["1000d6"] * 10) + " + 1d6")


def test_dice_expression_of_exactly_500_characters():
    expr = "1" + "+1" * 249 + "+"     # 500 characters, a dangling '+': refused for that
    assert len(expr) == 500
    with pytest.raises(ParseError) as info:
        parse(expr)
    assert "longer" not in info.value.message
    assert parse("1" + "+1" * 249 + "0").modifier == 249 + 10  # 500 characters, accepted


# --- with_critical, called by the core


def test_with_critical_keeps_the_dice_and_doubles(R):
    rs, c = hp_target("pf2e")
    normal = rs.roll("2d6+1 fire, 1d6 piercing on-crit", rng=R(3, 4, 5))
    crit = rs.with_critical(normal, True, rng=R())
    assert rs.resolve(c, normal).total == 8
    assert rs.resolve(c, crit).total == 16 + 5
    back = rs.with_critical(crit, False, rng=R())
    assert rs.resolve(c, back).total == 8


def test_with_critical_roll_twice_rolls_only_the_extra_dice(R):
    rs, c = hp_target("pf2e")
    settings_ = {"crit_mode": "roll-twice"}
    normal = rs.roll("2d6+1 fire", rng=R(3, 4), settings=settings_)
    rng = R(6, 6)
    crit = rs.with_critical(normal, True, rng=rng, settings=settings_)
    assert rng.left == 0
    assert rs.resolve(c, crit, settings=settings_).total == 8 + 13


def test_with_critical_of_a_table_total_rolls_the_second_roll(R):
    rs, c = hp_target("sf2e")
    settings_ = {"crit_mode": "roll-twice"}
    normal = rs.roll("1d8+4=9 slashing", rng=R())
    crit = rs.with_critical(normal, True, rng=R(2), settings=settings_)
    assert rs.resolve(c, crit, settings=settings_).total == 9 + 6
    assert rs.resolve(c, rs.with_critical(normal, True)).total == 18


def test_adding_a_bleed_condition_has_no_attack_note():
    rs, c = hp_target("pf2e")
    out = rs.add_persistent(c, "1d6 bleed")
    assert out.steps == ("persistent 1d6 bleed added (at the end of its turn)",)


# ------------------------------------------------------------------ properties

_flat_or_dice = st.one_of(st.integers(0, 20).map(str),
                          st.builds(lambda n, m: f"{n}d{m}", st.integers(1, 3), st.sampled_from((4, 6, 8))))
_typed = st.lists(st.builds(lambda a, t: f"{a} {t}", _flat_or_dice,
                            st.sampled_from(("slashing", "fire", "cold", "piercing silver"))),
                  min_size=1, max_size=3).map(", ".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FAMILY), _typed, st.lists(_flat_or_dice, max_size=2),
       st.lists(_flat_or_dice, max_size=2), st.booleans(), st.integers(0, 2**16))
def test_precision_immunity_removes_exactly_the_precision_parts(system, typed, precision, on_crit,
                                                                critical, seed):
    # RULES §2 Steps 2, 3.1, 3.2: every precision part, on-crit ones too, is the first
    # instance's precision share, and immunity to precision removes that share and no more
    extra = [f"{a} precision" for a in precision] + [f"{a} precision on-crit" for a in on_crit]
    with_precision = ", ".join([typed, *extra])
    immune = deal(system, "immunities precision", with_precision, critical=critical,
                  rng=random.Random(seed)).total
    without = deal(system, "", typed, critical=critical, rng=random.Random(seed)).total
    assert immune == without


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6), st.sampled_from((2, 4, 6, 8, 10, 12, 20)), st.integers(-10, 10),
       st.integers(-80, 200))
def test_a_table_total_parses_exactly_when_the_dice_can_make_it(count, sides, modifier, total):
    # RULES §1 "Rolled at the table": any total the dice can make; anything else a ParseError
    dice = f"{count}d{sides}{modifier:+d}" if modifier else f"{count}d{sides}"
    low, high = count + modifier, count * sides + modifier
    if low <= total <= high:
        e = parse(f"{dice}={total}")
        assert (e.rolled, e.dice_count, e.fresh.rolled) == (total, count, None)
    else:
        with pytest.raises(ParseError):
            parse(f"{dice}={total}")
