"""pf2e: the PF2-family table (see conftest.FAMILY_CASES), notation errors,
the Hit Point track and persistent damage. Track and persistent rules that
pf2e and sf2e share are run for both here (``hp_system``)."""

from __future__ import annotations

import pytest

from core import ParseError, get_system

SYSTEM = "pf2e"




# ------------------------------------------------------------------ notation

BAD_DAMAGE = [
    ("7", None),               # a part with an amount must name a type
    ("2d6", None),
    ("7 fyre", "fyre"),        # typo
    ("5 ballistic", "ballistic"),  # vitality-wounds only
    ("5 spirit", "spirit"),    # sf2e only
    ("7 fire glitter", "glitter"),
    ("1d0 fire", "1d0"),
    ("1001d6 fire", "1001d6"),
    ("1d6 persistent", None),
    ("", None),
    ("7 fire,", None),
]


@pytest.mark.parametrize("text,word", BAD_DAMAGE)
def test_bad_damage_is_parse_error(text, word):
    rs = get_system(SYSTEM)
    with pytest.raises(ParseError) as info:
        rs.parse_damage(text)
    assert 0 <= info.value.position <= len(text)
    if word is not None:
        start = text.index(word)
        assert start <= info.value.position < start + len(word), str(info.value)


@pytest.mark.parametrize("text", [
    "2d8+4 slashing silver magical, 1d6 fire, 2d6 precision, 1d6 persistent bleed, "
    "1d10 piercing on-crit",
    "1d6 fire plus 2 cold",
    "5 slashing cold-iron",
    "5 slashing adamantine",
    "5 slashing orichalcum",
    "water",
    "5 negative, 5 positive, 5 vitality, 5 void",
    "3 chaotic, 3 evil, 3 good, 3 lawful, 3 mental, 3 poison, 3 force, 3 sonic",
    "7 ［火炎］, 7 ［殴打］, 7 ［刺突］, 7 ［雷撃］, 7 ［強酸］",
])
def test_good_damage_parses(text):
    get_system(SYSTEM).parse_damage(text)


BAD_DEFENSES = [
    ("weaknesses fyre 5", "fyre"),       # unknown word in a weakness
    ("resistances physcial 5", "physcial"),
    ("vulnerable silver", "vulnerable"),  # vitality-wounds only
    ("armor 5", "armor"),
]


@pytest.mark.parametrize("text,word", BAD_DEFENSES)
def test_bad_defenses_are_parse_errors(text, word):
    rs = get_system(SYSTEM)
    with pytest.raises(ParseError) as info:
        rs.parse_defenses(text)
    assert info.value.position == text.index(word), str(info.value)


@pytest.mark.parametrize("text", [
    "immunities poison, precision, critical hits; weaknesses fire 5, silver 3; "
    "resistances physical 10 (except silver), all 2",
    "immune fire; weak cold 5; resist 5 non-magical bludgeoning",
    "resistance 5/-",
    "immunities disease, paralyzed, death effects",
    "hardness 5",
    "resistance to critical hits",
    "double resistance vs. non-magical",
    "immunity fire; weakness cold 2; resistance acid 3",
    "",
])
def test_good_defenses_parse(text):
    get_system(SYSTEM).parse_defenses(text)


def test_effect_immunities_are_stored_and_shown():
    rs = get_system(SYSTEM)
    shown = " ".join(rs.parse_defenses("immunities disease, paralyzed, death effects").describe())
    for word in ("disease", "paralyzed", "death effects"):
        assert word in shown


def test_not_automated_entries_are_shown():
    rs = get_system(SYSTEM)
    c = rs.new_creature("Door", hp=40, defenses="hardness 5")
    out = rs.apply_damage(c, "7 slashing")
    assert out.total == 7
    assert rs.parse_defenses("hardness 5").describe() == ["hardness 5 (not automated)"]


def test_japanese_type_words_are_aliases():
    rs = get_system(SYSTEM)
    a = rs.parse_damage("7 ［火炎］")
    b = rs.parse_damage("7 fire")
    assert [p.type for p in a.parts] == [p.type for p in b.parts]


def test_unknown_system_is_value_error_naming_known_ids():
    with pytest.raises(ValueError) as info:
        get_system("gurps")
    for sid in ("pf2e", "sf2e", "vitality-wounds", "daggerheart", "d20-3e"):
        assert sid in str(info.value)


def test_floor_is_shown_in_breakdown(R):
    rs = get_system(SYSTEM)
    c = rs.new_creature("T", hp=30)
    out = rs.apply_damage(c, "1d4-5 slashing", rng=R(2))
    assert out.total == 1
    assert len(out.steps) >= 2


def test_resolve_is_pure_and_commit_applies(R):
    rs = get_system(SYSTEM)
    c = rs.new_creature("T", hp=30, defenses="weaknesses fire 5")
    before = (c.hp, c.temp_hp, set(c.conditions), list(c.persistent))
    roll = rs.roll("2d6 fire, 1d6 persistent bleed", rng=R(3, 4))
    out = rs.resolve(c, roll)
    assert (c.hp, c.temp_hp, set(c.conditions), list(c.persistent)) == before
    assert out.total == 12
    rs.commit(c, out)
    assert c.hp == 18
    assert [p.type for p in c.persistent] == ["bleed"]


def test_apply_damage_list_is_separate_hits():
    # PF2 family: a list of damage strings is separate hits (each floored, each with
    # its own weaknesses)
    rs = get_system(SYSTEM)
    c = rs.new_creature("T", hp=50, defenses="weaknesses fire 5")
    out = rs.apply_damage(c, ["3 fire", "4 fire"])
    assert out.total == 17
    assert c.hp == 33


# ------------------------------------------------------------- the HP track


@pytest.fixture(params=["pf2e", "sf2e"])
def hp_system(request):
    return get_system(request.param)


def test_temp_hp_absorbs_first(hp_system):
    c = hp_system.new_creature("T", hp=20, temp_hp=5)
    out = hp_system.apply_damage(c, "8 fire")
    assert out.total == 8
    assert (c.hp, c.temp_hp) == (17, 0)


def test_temp_hp_larger_than_damage(hp_system):
    c = hp_system.new_creature("T", hp=20, temp_hp=10)
    hp_system.apply_damage(c, "8 fire")
    assert (c.hp, c.temp_hp) == (20, 2)


def test_total_includes_overflow_past_zero(hp_system):
    c = hp_system.new_creature("T", hp=5, pc=True)
    out = hp_system.apply_damage(c, "8 fire")
    assert out.total == 8
    assert c.hp == 0


def test_pc_at_zero_is_dying_1_and_unconscious(hp_system):
    c = hp_system.new_creature("Hero", hp=10, pc=True)
    hp_system.apply_damage(c, "12 fire")
    assert c.dying == 1
    assert {"dying", "unconscious"} <= c.conditions
    assert "dead" not in c.conditions


def test_pc_critical_to_zero_is_dying_2(hp_system):
    c = hp_system.new_creature("Hero", hp=10, pc=True)
    hp_system.apply_damage(c, "6 slashing", critical=True)
    assert c.dying == 2


def test_pc_critical_failure_to_zero_is_dying_2(hp_system):
    c = hp_system.new_creature("Hero", hp=10, pc=True)
    hp_system.apply_damage(c, "6 fire", save="critical-failure")
    assert c.dying == 2


def test_wounded_adds_to_dying(hp_system):
    c = hp_system.new_creature("Hero", hp=10, pc=True)
    c.wounded = 1
    hp_system.apply_damage(c, "12 fire")
    assert c.dying == 2


def test_damage_to_dying_raises_dying(hp_system):
    c = hp_system.new_creature("Hero", hp=10, pc=True)
    hp_system.apply_damage(c, "12 fire")
    hp_system.apply_damage(c, "3 fire")
    assert c.dying == 2
    hp_system.apply_damage(c, "3 fire", critical=True)
    assert "dead" in c.conditions


def test_dying_4_is_dead(hp_system):
    c = hp_system.new_creature("Hero", hp=10, pc=True)
    c.wounded = 2
    hp_system.apply_damage(c, "6 slashing", critical=True)  # dying 2 + wounded 2
    assert "dead" in c.conditions


@pytest.mark.parametrize("damage,defenses,temp_hp,dead", [
    ("20 fire", "", 0, True),       # twice max HP in one blow
    ("19 fire", "", 0, False),
    ("25 fire", "resistances fire 5", 0, True),   # measured after defenses
    ("24 fire", "resistances fire 5", 0, False),
    ("20 fire", "", 10, True),      # measured before temp HP
])
def test_massive_damage(hp_system, damage, defenses, temp_hp, dead):
    c = hp_system.new_creature("Hero", hp=10, temp_hp=temp_hp, pc=True, defenses=defenses)
    hp_system.apply_damage(c, damage)
    assert ("dead" in c.conditions) is dead


def test_nonlethal_never_kills_pc(hp_system):
    c = hp_system.new_creature("Hero", hp=10, pc=True)
    hp_system.apply_damage(c, "25 bludgeoning", nonlethal=True)
    assert "unconscious" in c.conditions
    assert "dead" not in c.conditions
    assert "dying" not in c.conditions


def test_heal_ends_dying_and_raises_wounded(hp_system):
    c = hp_system.new_creature("Hero", hp=10, pc=True)
    hp_system.apply_damage(c, "12 fire")
    hp_system.heal(c, 5)
    assert c.hp == 5
    assert "dying" not in c.conditions
    assert "unconscious" not in c.conditions
    assert c.dying == 0
    assert c.wounded == 1


def test_non_pc_at_zero_is_dead(hp_system):
    c = hp_system.new_creature("Goblin", hp=10, pc=False)
    hp_system.apply_damage(c, "10 fire")
    assert "dead" in c.conditions
    assert "dying" not in c.conditions


def test_non_pc_nonlethal_at_zero_is_unconscious(hp_system):
    c = hp_system.new_creature("Goblin", hp=10, pc=False)
    hp_system.apply_damage(c, "10 bludgeoning", nonlethal=True)
    assert "unconscious" in c.conditions
    assert "dead" not in c.conditions


def test_heal_never_above_max(hp_system):
    c = hp_system.new_creature("T", hp=30)
    hp_system.apply_damage(c, "10 fire")
    hp_system.heal(c, 50)
    assert c.hp == c.max_hp == 30


def test_hp_never_negative(hp_system):
    c = hp_system.new_creature("T", hp=5)
    hp_system.apply_damage(c, "50 fire")
    assert c.hp == 0


# -------------------------------------------------------- persistent damage


def test_persistent_part_is_not_dealt_now(hp_system):
    c = hp_system.new_creature("T", hp=40)
    out = hp_system.apply_damage(c, "5 slashing, 3 persistent fire")
    assert out.total == 5
    assert c.hp == 35
    assert [p.type for p in c.persistent] == ["fire"]


def test_persistent_ticks_at_end_of_turn_then_flat_check(hp_system, R):
    c = hp_system.new_creature("T", hp=40)
    hp_system.add_persistent(c, "1d6 persistent fire")
    hp_system.start_turn(c, rng=R())  # nothing happens at the start of the turn
    assert c.hp == 40
    hp_system.end_turn(c, rng=R(4, 14))  # 4 damage, flat check 14 fails
    assert c.hp == 36
    assert len(c.persistent) == 1
    hp_system.end_turn(c, rng=R(2, 15))  # 2 damage, flat check 15 succeeds
    assert c.hp == 34
    assert c.persistent == []


def test_persistent_without_the_word_persistent(hp_system, R):
    c = hp_system.new_creature("T", hp=40)
    hp_system.add_persistent(c, "1d6 bleed")
    assert [p.type for p in c.persistent] == ["bleed"]


def test_persistent_ticks_in_order_damage_then_check(hp_system, R):
    c = hp_system.new_creature("T", hp=40)
    hp_system.add_persistent(c, "1d6 persistent fire")
    hp_system.add_persistent(c, "1d4 persistent acid")
    # fire: 5 damage, check 15 ends it; acid: 3 damage, check 2 keeps it
    rng = R(5, 15, 3, 2)
    hp_system.end_turn(c, rng=rng)
    assert rng.left == 0
    assert c.hp == 32
    assert [p.type for p in c.persistent] == ["acid"]


def test_persistent_no_expiry_in_hp_systems(hp_system, R):
    c = hp_system.new_creature("T", hp=500)
    hp_system.add_persistent(c, "1 persistent fire")
    for _ in range(12):
        hp_system.start_turn(c, rng=R())
        hp_system.end_turn(c, rng=R(1))
    assert len(c.persistent) == 1
    assert c.hp == 488


@pytest.mark.parametrize("first,second,kept", [
    ("1d6 persistent fire", "2d6 persistent fire", "2d6"),   # higher average replaces
    ("2d6 persistent fire", "1d6 persistent fire", "2d6"),   # lower is ignored
    ("2d6 persistent fire", "7 persistent fire", "2d6"),     # a tie keeps the old one
])
def test_one_persistent_per_type_keeps_higher(hp_system, first, second, kept):
    c = hp_system.new_creature("T", hp=40)
    hp_system.add_persistent(c, first)
    hp_system.add_persistent(c, second)
    assert len(c.persistent) == 1
    assert kept in c.persistent[0].formula


def test_persistent_different_types_coexist(hp_system):
    c = hp_system.new_creature("T", hp=40)
    hp_system.add_persistent(c, "1d6 persistent fire")
    hp_system.add_persistent(c, "1d6 persistent acid")
    assert sorted(p.type for p in c.persistent) == ["acid", "fire"]


def test_persistent_factor_counts_in_comparison(hp_system):
    c = hp_system.new_creature("T", hp=40)
    hp_system.add_persistent(c, "1d6 persistent fire")             # 3.5
    hp_system.add_persistent(c, "1d4 persistent fire", critical=True)  # 2 x 2.5 = 5
    assert len(c.persistent) == 1
    assert c.persistent[0].factor == 2
    assert "1d4" in c.persistent[0].formula


def test_persistent_critical_doubles_every_tick(hp_system, R):
    c = hp_system.new_creature("T", hp=40)
    out = hp_system.apply_damage(c, "5 slashing, 3 persistent fire", critical=True)
    assert out.total == 10
    assert c.persistent[0].factor == 2
    hp_system.end_turn(c, rng=R(1))
    assert c.hp == 40 - 10 - 6
    hp_system.end_turn(c, rng=R(1))
    assert c.hp == 40 - 10 - 12


def test_persistent_basic_save_success_halves_ticks(hp_system, R):
    c = hp_system.new_creature("T", hp=40)
    hp_system.apply_damage(c, "6 fire, 4 persistent acid", save="success")
    assert c.persistent[0].factor == 0.5
    hp = c.hp
    hp_system.end_turn(c, rng=R(1))
    assert c.hp == hp - 2


def test_persistent_factor_zero_adds_nothing(hp_system):
    c = hp_system.new_creature("T", hp=40)
    hp_system.apply_damage(c, "6 fire, 4 persistent acid", save="critical-success")
    assert len(c.persistent) == 0


def test_on_crit_persistent_is_never_doubled(hp_system, R):
    c = hp_system.new_creature("T", hp=40)
    out = hp_system.apply_damage(c, "5 slashing, 2 persistent fire on-crit", critical=True)
    assert out.total == 10
    assert c.persistent[0].factor == 1
    hp_system.end_turn(c, rng=R(1))
    assert c.hp == 28


def test_on_crit_persistent_absent_on_normal_hit(hp_system):
    c = hp_system.new_creature("T", hp=40)
    hp_system.apply_damage(c, "5 slashing, 2 persistent fire on-crit")
    assert len(c.persistent) == 0


def test_persistent_weakness_and_resistance_act_at_tick(hp_system, R):
    c = hp_system.new_creature("T", hp=40, defenses="weaknesses fire 5")
    out = hp_system.apply_damage(c, "3 slashing, 3 persistent fire")
    assert out.total == 3  # the weakness does not act when the condition is added
    hp_system.end_turn(c, rng=R(1))
    assert c.hp == 40 - 3 - 8
    d = hp_system.new_creature("T", hp=40, defenses="resistances fire 2")
    hp_system.add_persistent(d, "3 persistent fire")
    hp_system.end_turn(d, rng=R(1))
    assert d.hp == 39


@pytest.mark.parametrize("defenses", ["immunities fire", "immunities persistent damage"])
def test_persistent_dropped_when_immune(hp_system, defenses):
    c = hp_system.new_creature("T", hp=40, defenses=defenses)
    hp_system.add_persistent(c, "1d6 persistent fire")
    out = hp_system.apply_damage(c, "2 cold, 1d6 persistent fire")
    assert out.total == 2
    assert len(c.persistent) == 0
    assert out.steps  # the breakdown says it was dropped


def test_persistent_bleed_dropped_on_undead(hp_system):
    c = hp_system.new_creature("Zombie", hp=40, traits="undead")
    hp_system.add_persistent(c, "1d6 persistent bleed")
    assert len(c.persistent) == 0


def test_persistent_tick_is_floored(hp_system, R):
    c = hp_system.new_creature("T", hp=40)
    hp_system.add_persistent(c, "1d4-5 persistent fire")
    hp_system.end_turn(c, rng=R(1, 1))
    assert c.hp == 39


def test_bleed_ends_when_healed_to_full(hp_system, R):
    c = hp_system.new_creature("T", hp=40)
    hp_system.apply_damage(c, "10 slashing")
    hp_system.add_persistent(c, "2 persistent bleed")
    hp_system.add_persistent(c, "2 persistent fire")
    hp_system.heal(c, 5)
    assert sorted(p.type for p in c.persistent) == ["bleed", "fire"]
    hp_system.heal(c, 5)
    assert c.hp == 40
    assert [p.type for p in c.persistent] == ["fire"]


def test_persistent_timing_is_end(hp_system):
    c = hp_system.new_creature("T", hp=40)
    hp_system.add_persistent(c, "1d6 persistent fire")
    assert c.persistent[0].timing == "end"
    assert c.persistent[0].rounds_left is None


# ----------------------------------------------- pf2e-only cross-system rows


def test_pf2e_halving_is_on_the_total_and_shown():
    rs = get_system("pf2e")
    c = rs.new_creature("T", hp=50)
    out = rs.apply_damage(c, "5 slashing, 5 fire", save="success")
    assert out.total == 5
    assert out.steps


def test_pf2e_bleed_always_persistent():
    # RULES §2 (a Decision, as in sf2e): bleed written without "persistent" is persistent
    rs = get_system("pf2e")
    c = rs.new_creature("T", hp=50)
    out = rs.apply_damage(c, "3 bleed")
    assert out.total == 0
    assert c.hp == 50
    assert [p.formula for p in c.persistent] == ["3 bleed"]


def test_pf2e_persistent_halved_tick_rounds_down(R):
    rs = get_system("pf2e")
    c2 = rs.new_creature("T", hp=50)
    rs.apply_damage(c2, "2 fire, 3 persistent fire", save="success")
    rs.end_turn(c2, rng=R(1))
    assert c2.hp == 50 - 1 - 1


# ----------------------------------------- GM setting: critical hits roll twice


@pytest.mark.parametrize("damage,dice,expected", [
    ("1d6+2 fire", (3, 5), 3 + 5 + 2 * 2),            # dice twice, modifier doubled
    ("2d6 fire", (1, 2, 3, 4), 10),
    ("1d6+2 fire, 4 piercing on-crit", (3, 5), 12 + 4),  # on-crit parts are not doubled
    ("1d6-4 fire", (1, 1), 1),                       # the floor still applies
])
def test_crit_roll_twice_setting(hp_system, R, damage, dice, expected):
    c = hp_system.new_creature("T", hp=100)
    rng = R(*dice)
    out = hp_system.apply_damage(c, damage, critical=True, rng=rng,
                                 settings={"crit_mode": "roll-twice"})
    assert out.total == expected, out.steps
    assert rng.left == 0


def test_crit_roll_twice_not_for_immune_to_crits(hp_system, R):
    c = hp_system.new_creature("T", hp=100, defenses="immunities critical hits")
    out = hp_system.apply_damage(c, "1d6+2 fire", critical=True, rng=R(3, 5),
                                 settings={"crit_mode": "roll-twice"})
    assert out.total == 5  # the first roll, a normal hit


def test_crit_default_doubles_total(hp_system, R):
    c = hp_system.new_creature("T", hp=100)
    assert hp_system.apply_damage(c, "1d6+2 fire", critical=True, rng=R(3)).total == 10


def test_immune_to_crits_persistent_not_doubled(hp_system):
    c = hp_system.new_creature("T", hp=40, defenses="immunities critical hits")
    out = hp_system.apply_damage(c, "5 slashing, 3 persistent fire", critical=True)
    assert out.total == 5
    assert c.persistent[0].factor == 1


def test_persistent_tie_with_factor_keeps_old(hp_system):
    c = hp_system.new_creature("T", hp=40)
    hp_system.add_persistent(c, "2d6 persistent fire")               # 7
    hp_system.add_persistent(c, "1d6 persistent fire", critical=True)  # 2 x 3.5 = 7
    assert len(c.persistent) == 1
    assert c.persistent[0].formula.startswith("2d6")
    assert c.persistent[0].factor == 1
