"""The PF2 damage pipeline at its edges (survivors of a mutmut sample of
core/systems/pf2/damage.py, defenses.py and attack.py): RULES §2 step by step, word for word —
the total halved once and shared, the minimum of 1, precision joining the first typed part,
several hits, weakness once per attack, a typed total under vulnerability, the creature's kind."""

from __future__ import annotations

import pytest

from core.systems import get_system

PF2 = get_system("pf2e")
VW = get_system("vitality-wounds")


def _steps(outcome):
    return [(step.kind, step.text) for step in outcome.records]


def _target(defenses: str = "", traits: str = "living"):
    return PF2.new_creature("Target", True, defenses, traits, hp=100)


@pytest.mark.parametrize("damage,shares,total", [
    # an even amount takes no spare point: it goes to the first odd one (RULES §2 Step 1b)
    ("2 fire, 3 cold, 3 acid", "fire 2 → 1, cold 3 → 2, acid 3 → 1", 4),
    # two points lost to rounding: one each to the first two odd amounts
    ("3 fire, 3 cold, 3 acid, 3 sonic", "fire 3 → 2, cold 3 → 2, acid 3 → 1, sonic 3 → 1", 6),
])
def test_pf2e_halves_the_total_once_and_shares_it_in_written_order(damage, shares, total):
    out = PF2.resolve(_target(), PF2.roll(damage), save="success")
    assert _steps(out)[1] == ("scale", f"basic save success: half: {shares} "
                                       "(the total halved, rounded down once)")
    assert out.total == total


def test_a_part_below_0_counts_as_0_and_another_part_carries_the_attack(R):
    out = PF2.resolve(_target(), PF2.roll("1d4-3 fire, 1 cold", rng=R(1)))
    assert _steps(out)[:3] == [("roll", "roll: 1d4-3 fire (1) = -2, 1 cold = 1"),
                               ("floor", "minimum: a part below 0 counts as 0"),
                               ("total", "total: fire 0 + cold 1 = 1")]
    assert out.total == 1


def test_an_attack_rolling_below_1_deals_1(R):
    out = PF2.resolve(_target(), PF2.roll("1d4-3 fire", rng=R(1)))
    assert _steps(out)[1:3] == [("floor", "minimum: a part below 0 counts as 0"),
                                ("floor", "minimum damage: the attack deals 1")]
    assert out.total == 1


def test_a_roll_of_1_needs_no_floor(R):
    out = PF2.resolve(_target(), PF2.roll("1d4 fire", rng=R(1)))
    assert [kind for kind, _ in _steps(out)] == ["roll", "total", "track"]


def test_two_hits_are_resolved_one_after_the_other():
    out = PF2.resolve(_target(), PF2.combine(PF2.roll("5 fire"), PF2.roll("3 cold")))
    assert _steps(out) == [("note", "hit 1: 5 fire"), ("roll", "roll: 5 fire = 5"), ("total", "total: 5"),
                           ("track", "HP 100 → 95"), ("note", "hit 2: 3 cold"),
                           ("roll", "roll: 3 cold = 3"), ("total", "total: 3"), ("track", "HP 95 → 92")]
    assert out.total == 8


def test_precision_joins_the_first_typed_part_not_a_bare_source_word(R):
    out = PF2.resolve(_target("weaknesses water 5"), PF2.roll("water, 2 fire, 1d6 precision", rng=R(4)))
    assert _steps(out)[1:4] == [("merge", "precision 4 joins fire → 6"),
                                ("merge", "merge: water 0, fire 6"),
                                ("weakness", "weakness water 5: water 0 → 5")]
    assert out.total == 11


def test_precision_immunity_removes_only_the_precision_share(R):
    out = PF2.resolve(_target("immunities precision"), PF2.roll("5 fire, 1d6 precision", rng=R(4)))
    assert ("immunity", "immunity precision: fire 9 → 5 (precision share removed)") in _steps(out)
    assert out.total == 5


@pytest.mark.parametrize("defenses,step", [
    ("weaknesses fire 3, cold 5", "weakness cold 5 (highest, once per attack): cold 3 → 8"),
    ("weaknesses fire 5, cold 5", "weakness fire 5 (highest, once per attack): fire 3 → 8"),  # the first
])
def test_vitality_wounds_applies_only_the_highest_weakness_once(defenses, step):
    wolf = VW.new_creature("Wolf", True, defenses, vitality=30, wounds=5)
    out = VW.resolve(wolf, VW.roll("3 fire, 3 cold"))
    assert [s for s in _steps(out) if s[0] == "weakness"] == [("weakness", step)]
    assert out.total == 11


def test_vulnerability_to_a_typed_total_says_no_dice_are_known():
    wolf = VW.new_creature("Wolf", True, "vulnerable silver", vitality=10, wounds=5)
    out = VW.resolve(wolf, VW.roll("7 ballistic silver"))
    assert _steps(out)[1] == ("vulnerability", "vulnerability silver: no dice known for a typed total; "
                                               "write 2d4=7 (the dice and what they came to)")
    assert out.wounds == 0


def test_vulnerability_to_rolled_dice_says_nothing_of_typed_totals(R):
    wolf = VW.new_creature("Wolf", True, "vulnerable silver", vitality=10, wounds=5)
    out = VW.resolve(wolf, VW.roll("2d4 ballistic silver", rng=R(1, 2)))
    assert [s for s in _steps(out) if s[0] == "vulnerability"] == [
        ("vulnerability", "vulnerability silver: 2 Wounds (one per damage die), skipping Vitality")]


@pytest.mark.parametrize("traits,steps,total", [
    ("undead", [], 10),
    ("living", [("immunity", "positive damage harms only undead: positive 5 → 0")], 5),
])
def test_positive_damage_harms_only_undead(traits, steps, total):
    out = PF2.resolve(_target("", traits), PF2.roll("5 positive, 5 fire"))
    assert [s for s in _steps(out) if s[0] == "immunity"] == steps
    assert out.total == total


def test_an_immunity_to_an_effect_trait_drops_the_whole_attack_and_its_persistent_part(R):
    out = PF2.resolve(_target("immunities mental"), PF2.roll("5 fire mental, 1d6 persistent fire"))
    assert _steps(out)[1:3] == [
        ("immunity", "immunity mental: the attack has the mental trait and deals nothing: fire 5 → 0"),
        ("immunity", "persistent 1d6 persistent fire: dropped (immunity mental)")]
    assert (out.total, out.changes) == (0, {})


def test_vulnerability_on_a_hit_point_creature_adds_5_a_die(R):
    orc = VW.new_creature("Orc", False, "vulnerable silver", hp=30)
    out = VW.resolve(orc, VW.roll("2d4 ballistic silver", rng=R(1, 2)))
    assert _steps(out)[1:] == [
        ("vulnerability", "vulnerability silver: +5 per die on a Hit Point creature: "
                          "ballistic (silver) 3 → 13"),
        ("total", "total: 13"), ("track", "HP 30 → 17")]
    assert (out.total, out.wounds) == (13, 0)


def test_a_precision_resistance_removes_at_most_the_precision_share(R):
    out = PF2.resolve(_target("resistances precision 5"), PF2.roll("5 fire, 1d6 precision", rng=R(4)))
    assert _steps(out)[3:5] == [("resistance", "resistance precision 5: fire 9 → 5"), ("total", "total: 5")]


def test_an_instance_with_two_traits_names_both_spaced_in_every_step(R):
    """An instance is named by its type and its traits (RULES §2 Step 2: parts of the same type and
    traits merge), the traits in the order they sort, a space between: the GM reads which part a
    resistance reduced and what each part adds to the total."""
    ogre = PF2.new_creature("Ogre", hp=50, defenses="resistances physical 3")
    out = PF2.resolve(ogre, PF2.roll("2d6 slashing silver magical, 1d6 fire", rng=R(2, 5, 1)))
    assert out.steps[1:3] == ("resistance physical 3: slashing (magical silver) 7 → 4",
                              "total: slashing (magical silver) 4 + fire 1 = 5")
