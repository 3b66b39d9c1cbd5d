"""vitality-wounds: the PF2-family table (conftest.FAMILY_CASES), the
Vitality/Wounds track, vulnerability, weakness per attack, persistent damage at
the start of the turn with a 10-turn expiry, and the damage-step ladder."""

from __future__ import annotations

import pytest

from core import ParseError, get_system

SYSTEM = "vitality-wounds"



@pytest.fixture
def rs():
    return get_system(SYSTEM)



# ------------------------------------------------------------------ notation


@pytest.mark.parametrize("text", [
    "vulnerable silver",
    "vulnerable orichalcum",
    "vulnerable fire",                 # decision 7: energy types too
    "vulnerable cold-iron; resistances physical 5 (except cold-iron)",
    "resistance 5/-",
])
def test_defenses_parse(rs, text):
    rs.parse_defenses(text)


@pytest.mark.parametrize("text,word", [("5 chaotic", "chaotic"), ("7 fyre", "fyre")])
def test_bad_damage(rs, text, word):
    with pytest.raises(ParseError) as info:
        rs.parse_damage(text)
    start = text.index(word)
    assert start <= info.value.position < start + len(word)


def test_ballistic_is_physical(rs, R):
    c = rs.new_creature("T", vitality=40, wounds=10, defenses="resistances physical 3")
    assert rs.apply_damage(c, "2d4 ballistic", rng=R(2, 3)).total == 2


# -------------------------------------------------------------- the track


def test_damage_reduces_vitality(rs):
    c = rs.new_creature("T", vitality=20, wounds=10)
    out = rs.apply_damage(c, "7 slashing")
    assert out.total == 7
    assert (c.vitality, c.wounds) == (13, 10)
    assert out.wounds == 0


def test_overflow_becomes_wounds(rs):
    c = rs.new_creature("T", vitality=20, wounds=10)
    out = rs.apply_damage(c, "25 slashing")
    assert out.total == 25
    assert (c.vitality, c.wounds) == (0, 5)


def test_zero_wounds_is_dying(rs):
    c = rs.new_creature("T", vitality=5, wounds=3, pc=True)
    rs.apply_damage(c, "8 slashing")
    assert c.wounds == 0
    assert "dying" in c.conditions


def test_maxima(rs):
    c = rs.new_creature("T", vitality=20, wounds=10)
    assert (c.max_vitality, c.max_wounds) == (20, 10)


def test_nonlethal_never_becomes_wounds(rs):
    c = rs.new_creature("T", vitality=5, wounds=10)
    rs.apply_damage(c, "8 bludgeoning", nonlethal=True)
    assert c.wounds == 10
    assert "unconscious" in c.conditions


def test_nonlethal_equal_to_vitality_is_unconscious(rs):
    c = rs.new_creature("T", vitality=8, wounds=10)
    rs.apply_damage(c, "8 bludgeoning", nonlethal=True)
    assert "unconscious" in c.conditions
    assert c.wounds == 10


def test_nonlethal_below_vitality_only_reduces_vitality(rs):
    c = rs.new_creature("T", vitality=8, wounds=10)
    rs.apply_damage(c, "5 bludgeoning", nonlethal=True)
    assert c.vitality == 3
    assert "unconscious" not in c.conditions


def test_hp_only_npc_nonlethal_unconscious(rs):
    c = rs.new_creature("Thug", hp=10)
    rs.apply_damage(c, "10 bludgeoning", nonlethal=True)
    assert "unconscious" in c.conditions
    assert "dead" not in c.conditions


def test_heal_raises_vitality_not_above_max(rs):
    c = rs.new_creature("T", vitality=20, wounds=10)
    rs.apply_damage(c, "25 slashing")
    rs.heal(c, 50)
    assert c.vitality == 20
    assert c.wounds == 5  # wounds are healed separately


# ---------------------------------------------------------- vulnerability


def test_vulnerability_wounds_skip_vitality_and_resistance(rs, R):
    c = rs.new_creature("Horror", vitality=20, wounds=10,
                        defenses="vulnerable orichalcum; resistances physical 10")
    out = rs.apply_damage(c, "1d4 piercing orichalcum", rng=R(3))
    assert out.total == 0
    assert out.wounds == 1
    assert (c.vitality, c.wounds) == (20, 9)


def test_vulnerability_counts_dice_before_doubling(rs, R):
    c = rs.new_creature("Werewolf", vitality=40, wounds=10, defenses="vulnerable silver")
    out = rs.apply_damage(c, "2d4 ballistic silver", critical=True, rng=R(2, 3))
    assert out.total == 10
    assert out.wounds == 2


def test_vulnerability_ignores_precision_and_on_crit_dice(rs, R):
    c = rs.new_creature("Horror", vitality=40, wounds=10, defenses="vulnerable orichalcum")
    out = rs.apply_damage(c, "1d4 piercing orichalcum, 1d6 precision, 1d8 piercing orichalcum on-crit",
                          critical=True, rng=R(by_size={4: [2], 6: [3], 8: [5]}))
    assert out.wounds == 1
    assert out.total == (2 + 3) * 2 + 5


def test_vulnerability_none_when_immune(rs, R):
    c = rs.new_creature("Horror", vitality=40, wounds=10,
                        defenses="vulnerable silver; immunities physical")
    out = rs.apply_damage(c, "2d4 slashing silver", rng=R(1, 1))
    assert out.total == 0
    assert out.wounds == 0
    assert c.wounds == 10


def test_vulnerability_plain_number_has_no_dice(rs):
    c = rs.new_creature("Horror", vitality=40, wounds=10, defenses="vulnerable silver")
    out = rs.apply_damage(c, "5 slashing silver")
    assert out.wounds == 0


def test_vulnerability_hp_target_plus_5_per_die_before_resistance(rs, R):
    c = rs.new_creature("Werewolf", hp=60, defenses="vulnerable silver; resistances physical 5")
    out = rs.apply_damage(c, "2d4 ballistic silver", rng=R(2, 3))
    assert out.total == 5 + 10 - 5
    assert c.hp == 50


def test_vulnerability_not_matching(rs, R):
    c = rs.new_creature("Werewolf", hp=60, defenses="vulnerable silver")
    out = rs.apply_damage(c, "2d4 ballistic", rng=R(2, 3))
    assert out.total == 5


def test_vulnerability_shown_in_breakdown(rs, R):
    c = rs.new_creature("Horror", vitality=20, wounds=10, defenses="vulnerable orichalcum")
    out = rs.apply_damage(c, "1d4 piercing orichalcum", rng=R(3))
    assert any("vulnerab" in s.lower() for s in out.steps), out.steps


def test_vulnerability_wounds_can_make_dying(rs, R):
    c = rs.new_creature("Horror", vitality=20, wounds=1, defenses="vulnerable orichalcum")
    rs.apply_damage(c, "1d4 piercing orichalcum", rng=R(3))
    assert c.wounds == 0
    assert "dying" in c.conditions


# ------------------------------------------- immunity to critical hits (vw)


def test_immune_crit_no_bonus_damage(rs):
    c = rs.new_creature("Golem", vitality=80, wounds=10, defenses="immunities critical hits")
    out = rs.apply_damage(c, "5 slashing, 3 precision, 4 fire on-crit", critical=True)
    assert out.total == 8


# ------------------------------------------------------ persistent damage


def test_persistent_at_start_of_turn_check_at_end(rs, R):
    c = rs.new_creature("T", vitality=40, wounds=10)
    rs.add_persistent(c, "1d6 persistent fire")
    p = c.persistent[0]
    assert p.timing == "start"
    rs.start_turn(c, rng=R(4))          # damage only, no flat check yet
    assert c.vitality == 36
    rs.end_turn(c, rng=R(14))           # flat check fails, no damage
    assert c.vitality == 36
    assert len(c.persistent) == 1
    rs.start_turn(c, rng=R(2))
    rs.end_turn(c, rng=R(15))           # flat check succeeds
    assert c.vitality == 34
    assert len(c.persistent) == 0


def test_flat_check_per_type(rs, R):
    c = rs.new_creature("T", vitality=40, wounds=10)
    rs.add_persistent(c, "2 persistent fire")
    rs.add_persistent(c, "2 persistent acid")
    rs.start_turn(c, rng=R())
    assert c.vitality == 36
    rs.end_turn(c, rng=R(15, 3))
    assert [p.type for p in c.persistent] == ["acid"]


def test_persistent_expires_after_10_own_turns(rs, R):
    c = rs.new_creature("T", vitality=100, wounds=10)
    rs.add_persistent(c, "2 persistent fire")
    assert c.persistent[0].rounds_left == 10
    for _ in range(9):
        rs.start_turn(c, rng=R())
        rs.end_turn(c, rng=R(1))
    assert len(c.persistent) == 1
    rs.start_turn(c, rng=R())
    rng = R(1)
    rs.end_turn(c, rng=rng)  # the 10th turn still rolls its flat check, then the condition ends
    assert rng.left == 0
    assert len(c.persistent) == 0
    assert c.vitality == 100 - 2 * 10


def test_persistent_weakness_per_attack_at_tick(rs, R):
    c = rs.new_creature("T", vitality=40, wounds=10, defenses="weaknesses fire 5")
    rs.add_persistent(c, "2 persistent fire")
    rs.start_turn(c, rng=R())
    assert c.vitality == 33


def test_persistent_halving_one_is_zero(rs, R):
    c = rs.new_creature("T", vitality=40, wounds=10)
    rs.apply_damage(c, "4 fire, 1 persistent acid", save="success")
    assert c.vitality == 38
    assert [(p.formula, p.factor) for p in c.persistent] == [("1 acid", 0.5)]
    rs.start_turn(c, rng=R())  # 1 halved rounds down to 0
    assert c.vitality == 38


# ----------------------------------------------------------- damage steps

LADDER = {
    1: "1", 2: "1d2", 3: "1d3", 4: "1d4", 5: "1d6", 6: "2d4", 7: "1d10", 8: "2d6", 9: "2d8",
    10: "3d6", 11: "3d8", 12: "4d6", 13: "4d8", 14: "6d6", 15: "6d8", 16: "8d6", 17: "8d8",
    18: "12d6", 19: "12d8", 20: "16d6",
}


def test_damage_step_ladder_is_data():
    from core.catalog.vocabulary import damage_ladder

    assert {i + 1: d for i, d in enumerate(damage_ladder())} == LADDER


@pytest.mark.parametrize("dice,steps,expected", [
    ("2d4", 2, "2d6"),      # the source's anchor: light pistol Step 6 -> Step 8
    ("1d4", 1, "1d6"),
    ("12d8", 5, "16d6"),    # past the top: stay at the top
    ("1", 3, "1d4"),
])
def test_add_steps(dice, steps, expected):
    from core.catalog.vocabulary import damage_ladder

    ladder = damage_ladder()
    step = min(ladder.index(dice) + 1 + steps, len(ladder))
    assert ladder[step - 1] == expected


@pytest.mark.parametrize("step,dice", sorted(LADDER.items()))
def test_builder_step_of_and_damage_step(step, dice):
    from core.table.builders import damage_step, step_of

    assert step_of(dice) == step
    assert damage_step(step) == dice
    assert damage_step(step, 100) == "16d6"


def test_builder_1d8_is_step_6():
    # RULES §2.5: "6: 2d4 (=1d8)"
    from core.table.builders import step_of

    assert step_of("1d8") == 6


@pytest.mark.parametrize("dice", sorted(set(LADDER.values())))
def test_every_ladder_step_is_valid_damage(rs, dice):
    rs.parse_damage(f"{dice} piercing")


def test_breakdown_lists_steps_in_rules_order(rs, R):
    # RULES §5: roll → floor → merge → double/halve → immunity → weakness → vulnerability
    # → resistance → track
    c = rs.new_creature("Werewolf", hp=100, defenses="immunities acid; weaknesses slashing 2; "
                        "vulnerable silver; resistances physical 3")
    out = rs.apply_damage(c, "2d4 slashing silver, 1d4-5 piercing, 4 acid, 2 slashing silver",
                          critical=True, rng=R(2, 3, 1))
    # slashing (5 + 2) x 2 = 14, +2 weakness, +10 vulnerability (2 dice), -3 resistance
    assert out.total == 23
    assert c.hp == 77
    words = ["roll", "minimum", "merge", "critical", "immun", "weakness", "vulnerab",
             "resist", "HP"]
    lines = [s.lower() for s in out.steps]
    where = [next(i for i, s in enumerate(lines) if w.lower() in s) for w in words]
    assert where == sorted(where), list(zip(words, where, strict=True))


def test_vulnerability_per_instance(rs, R):
    c = rs.new_creature("Horror", vitality=40, wounds=10, defenses="vulnerable silver")
    out = rs.apply_damage(c, "1d4 piercing silver, 1d6 slashing silver",
                          rng=R(by_size={4: [2], 6: [3]}))
    assert out.total == 5
    assert out.wounds == 2
    assert c.wounds == 8


def test_heal_wounds_track(rs):
    c = rs.new_creature("Hero", vitality=10, wounds=5, pc=True)
    rs.apply_damage(c, "15 slashing")
    assert "dying" in c.conditions
    rs.heal(c, 2, track="wounds")
    assert c.wounds == 2
    assert "dying" not in c.conditions
    assert c.vitality == 0
    rs.heal(c, 20, track="wounds")
    assert c.wounds == c.max_wounds == 5
