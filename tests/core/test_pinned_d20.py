"""Pinned by the mutation run: d20 System 3.0 rules the suite let change
unnoticed — attack rolls (RULES §4 "Critical hits", Decision on natural 1/20),
stabilisation (RULES §7), healing (RULES §4/§5), critical parts (RULES §4)."""

from __future__ import annotations

import pytest

from core.systems import get_system


@pytest.fixture
def rs():
    return get_system("d20-3e")


# ------------------------------------------------ attack roll (RULES §4 Decision)
@pytest.mark.parametrize("bonus,ac,threat,dice,expected", [
    (5, 15, 20, (12,), ("hit", 12, None, "12+5 = 17 vs AC 15: hit")),
    (20, 15, 20, (1,), ("miss", 1, None, "natural 1 (21 vs AC 15): miss")),
    (5, 15, 20, (3,), ("miss", 3, None, "3+5 = 8 vs AC 15: miss")),
    (5, 15, 20, (19,), ("hit", 19, None, "19+5 = 24 vs AC 15: hit")),  # 19 is no threat by default
    (5, 15, 20, (20, 2), ("hit", 20, 2, "20+5 = 25: threat; confirm 2+5 = 7 vs AC 15: hit")),
    (5, 15, 19, (19, 10),
     ("critical", 19, 10, "19+5 = 24: threat; confirm 10+5 = 15 vs AC 15: critical")),
    # a natural 1 on the confirmation never confirms, a natural 2 that hits does
    (20, 15, 20, (20, 1), ("hit", 20, 1, "20+20 = 40: threat; confirm 1+20 = 21 vs AC 15: hit")),
    (20, 15, 20, (20, 2),
     ("critical", 20, 2, "20+20 = 40: threat; confirm 2+20 = 22 vs AC 15: critical")),
    (13, 15, 2, (2, 10),
     ("critical", 2, 10, "2+13 = 15: threat; confirm 10+13 = 23 vs AC 15: critical")),
])
def test_attack_roll_result_dice_and_words(rs, R, bonus, ac, threat, dice, expected):
    """RULES §4: natural 1 misses, threats need a confirmation that hits; every roll is shown."""
    attack = rs.roll_attack(bonus, ac, threat=threat, rng=R(*dice))
    assert (attack.result, attack.roll, attack.confirm, attack.text) == expected


@pytest.mark.parametrize("threat", [1, 21])
def test_threat_range_outside_2_to_20_is_refused(rs, R, threat):
    with pytest.raises(ValueError, match=f"^a threat range starts between 2 and 20, not {threat}$"):
        rs.roll_attack(5, 15, threat=threat, rng=R())


# ------------------------------------------------ stabilisation (RULES §7)
def dying_fighter(rs, hp_after=-3):
    c = rs.new_creature("Fighter", hp=10, pc=True)
    rs.apply_damage(c, str(10 - hp_after))
    return c


def test_failed_stabilisation_loses_one_hp_and_says_so(rs):
    c = dying_fighter(rs)
    out = rs.resolve_dying_check(c, 11)
    text = "stabilisation d% 11 (over 10): loses 1 HP"
    assert (out.total, out.summary, out.steps) == (0, text, (f"{text}: HP -3 → -4",))
    rs.commit(c, out)
    assert (c.hp, c.recovery_check) == (-4, text)
    assert {"dying", "unconscious"} <= c.conditions


def test_failed_stabilisation_at_minus_9_is_death(rs):
    c = dying_fighter(rs, -9)
    rs.commit(c, rs.resolve_dying_check(c, 100))
    assert c.hp == -10 and "dead" in c.conditions
    assert not rs.needs_dying_check(c)


@pytest.mark.parametrize("roll", [0, 101, True, "5", 2.0])
def test_stabilisation_roll_is_a_d_percent(rs, roll):
    c = dying_fighter(rs)
    with pytest.raises(ValueError, match="a stabilisation check is a d% roll from 1 to 100"):
        rs.resolve_dying_check(c, roll)


def test_only_a_dying_creature_checks(rs):
    c = rs.new_creature("Fighter", hp=10, pc=True)
    with pytest.raises(ValueError, match="^Fighter is not dying$"):
        rs.resolve_dying_check(c, 50)


# ------------------------------------------------ healing (RULES §4, §5)
def test_healing_a_dead_creature_does_nothing_and_says_so(rs):
    c = rs.new_creature("Fighter", hp=10, pc=True)
    rs.apply_damage(c, "25")
    out = rs.heal(c, 5)
    assert out.steps == ("dead: healing has no effect",)
    assert c.hp == -15 and "dead" in c.conditions


def test_healing_from_exactly_0_hp(rs):
    """0 HP is disabled; healing 3 brings HP to 3, not 4."""
    c = rs.new_creature("Fighter", hp=10, pc=True)
    rs.apply_damage(c, "10")
    rs.heal(c, 3)
    assert c.hp == 3 and "disabled" not in c.conditions


# ------------------------------------------------ critical parts (RULES §4)
def test_critical_rolls_the_first_part_each_time_and_shows_every_die(rs, R):
    c = rs.new_creature("Ogre", hp=50)
    out = rs.apply_damage(c, "1d8+3", critical=3, rng=R(4, 5, 6))
    # each roll with its modifier: "(4, 5, 6) = 24" hid the three +3s (QA)
    assert out.steps[0] == "critical ×3: 1d8+3 = (4)+3 + (5)+3 + (6)+3 = 24"


def test_a_critical_shows_each_roll_of_several_dice(rs, R):
    c = rs.new_creature("Ogre", hp=50)
    out = rs.apply_damage(c, "2d6+3 slashing", critical=True, rng=R(4, 2, 6, 1))
    assert out.steps[0] == "critical ×2: 2d6+3 slashing = (4, 2)+3 + (6, 1)+3 = 19"


def test_a_critical_says_which_parts_are_not_multiplied(rs, R):
    """RULES §4: extra dice (a flaming weapon's 1d6 fire) are not multiplied; a flat part is."""
    c = rs.new_creature("Ogre", hp=50)
    out = rs.apply_damage(c, "1d8+3 slashing, 1d6 fire, 2 cold", critical=True, rng=R(4, 5, 6))
    assert out.steps[0] == ("critical ×2: 1d8+3 slashing = (4)+3 + (5)+3 = 15, "
                            "1d6 fire (6) = 6, not multiplied, 2 cold ×2 = 4")
    assert out.total == 25


def test_a_critical_rolled_at_the_table_shows_the_gms_roll_and_the_apps(rs, R):
    c = rs.new_creature("Ogre", hp=50)
    out = rs.apply_damage(c, "1d8+3=9", critical=True, rng=R(5))
    assert out.steps[0] == "critical ×2: 1d8+3=9 = 9 at the table + (5)+3 = 17"


def test_an_on_crit_flat_part_is_added_once(rs, R):
    """RULES §4: only the weapon's parts multiply; an on-crit extra is added as written."""
    c = rs.new_creature("Ogre", hp=50)
    out = rs.apply_damage(c, "1d8, 2 fire on-crit", critical=True, rng=R(4, 5))
    assert out.total == 11, out.steps


def test_resolve_uses_the_rolls_own_critical(rs, R):
    """A roll made as a critical resolves as one (the form rolls once, resolves per target)."""
    c = rs.new_creature("Ogre", hp=50)
    out = rs.resolve(c, rs.roll("1d8+3", critical=True, rng=R(4, 5)))
    assert out.total == 15
    assert out.steps[0] == "critical ×2: 1d8+3 = (4)+3 + (5)+3 = 15"


def test_resolve_defaults_to_a_normal_hit(rs, R):
    c = rs.new_creature("Ogre", hp=50)
    out = rs.resolve(c, rs.roll("1d8+3", rng=R(4)))
    assert (out.total, out.steps[0]) == (7, "roll: 1d8+3 (4) = 7")


def test_immune_to_critical_hits_says_so_only_on_a_critical(rs, R):
    """RULES §4: `immunities critical hits` makes a critical a normal hit, named in the breakdown."""
    c = rs.new_creature("Golem", hp=50, defenses="immunities critical hits")
    assert rs.apply_damage(c, "7").steps[0] == "roll: 7 = 7"
    out = rs.resolve(c, rs.roll("1d8+3", critical=True, rng=R(4, 5)))
    assert out.total == 7
    assert out.steps[0] == "immune to critical hits: a normal hit"


# ------------------------------------------------ minimum, halving and the breakdown (RULES §1, §4, §5)
def test_a_negative_part_counts_as_0_not_1(rs, R):
    """RULES §1: a part counts as no less than 0; the hit's other parts stay whole."""
    c = rs.new_creature("Orc", hp=10)
    out = rs.apply_damage(c, "1d4-5, 5", rng=R(1))
    assert (out.total, out.steps, out.summary) == (
        5, ("roll: 1d4-5 (1) = -4, 5 = 5", "total: 5", "HP 10 → 5"), "5: HP 10/10 → HP 5/10")


def test_a_hit_deals_at_least_1_in_all(rs, R):
    """RULES §4: minimum 1 damage on a hit — 1 in all, not 1 per part."""
    c = rs.new_creature("Orc", hp=10)
    out = rs.apply_damage(c, "1d4-5, 1d4-5", rng=R(1, 1))
    assert out.total == 1
    assert out.steps[1] == "minimum damage: a hit deals at least 1"


def test_a_hit_with_nothing_to_deal_now_does_not_stop_the_next_hit(rs):
    """RULES §5: a list of hits is one application; an on-crit-only hit deals nothing on a normal hit."""
    c = rs.new_creature("Orc", hp=10)
    out = rs.apply_damage(c, ["2 fire on-crit", "3"])
    assert (out.total, c.hp) == (3, 7)


def test_subdual_total_and_status_in_the_summary(rs):
    """RULES §4: subdual is its own total; the breakdown and summary say so."""
    c = rs.new_creature("Guard", hp=2)
    out = rs.apply_damage(c, "3", nonlethal=True)
    assert "total: 3 subdual" in out.steps
    assert out.summary == "3: HP 2/2 → HP 2/2 sub 3 unconscious"


def test_reflex_half_of_a_single_part_names_no_shares(rs):
    """RULES §4 Decision: the total halved once, rounded down (7 → 3)."""
    c = rs.new_creature("Orc", hp=10)
    out = rs.apply_damage(c, "7 fire", save="success")
    assert out.steps[1] == "save success: half the total, rounded down: 7 → 3"
    assert out.total == 3


def test_exactly_1_damage_needs_no_minimum_step(rs):
    """RULES §5: the breakdown names only the steps that changed a number."""
    c = rs.new_creature("Orc", hp=10)
    out = rs.apply_damage(c, "1")
    assert out.steps == ("roll: 1 = 1", "total: 1", "HP 10 → 9")


def test_threat_range_defaults_to_a_natural_20(rs, R):
    """RULES §4: without a threat range only a natural 20 threatens (19 is a plain hit)."""
    assert rs.roll_attack(5, 15, rng=R(19)).text == "19+5 = 24 vs AC 15: hit"


def test_resolve_is_lethal_and_checks_the_save_by_default(rs):
    c = rs.new_creature("Orc", hp=10)
    assert rs.resolve(c, rs.roll("7")).steps == (
        "roll: 7 = 7", "total: 7", "HP 10 → 3")
    with pytest.raises(ValueError, match="does not exist in d20 System 3.0"):
        rs.resolve(c, rs.roll("7"), save="critical-success")


def test_immune_to_nonlethal_takes_no_subdual(rs):
    """RULES §4/§2: a creature immune to nonlethal damage takes no subdual damage."""
    c = rs.new_creature("Golem", hp=10, defenses="immunities nonlethal")
    out = rs.apply_damage(c, "7", nonlethal=True)
    assert out.steps == ("roll: 7 = 7", "immune to subdual damage: damage 7 → 0", "total: 0 subdual")
    assert (c.hp, c.subdual) == (10, 0)


def test_breakdown_lists_every_part_of_a_critical_and_of_a_half(rs, R):
    """RULES §5: every step that changed a number, part by part."""
    c = rs.new_creature("Ogre", hp=50)
    out = rs.apply_damage(c, "1d8, 2 fire on-crit", critical=True, rng=R(4, 5))
    assert out.steps[0] == "critical ×2: 1d8 = (4) + (5) = 9, 2 fire on-crit = 2"
    out = rs.apply_damage(c, "3, 3", save="success")
    assert out.steps[1] == "save success: half the total, rounded down: 6 → 3 (damage 2, damage 1)"
    out = rs.apply_damage(c, "3 fire, 3 cold", save="success")
    assert out.steps[1] == "save success: half the total, rounded down: 6 → 3 (fire 2, cold 1)"
