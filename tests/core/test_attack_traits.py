"""What a printed attack carries (RULES §10): magical, material and alignment traits carried
into every part of a Strike's damage, deadly and fatal on a critical hit, the traits that change
no damage named so, and a trait nobody knows listed as not read."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import Encounter, get_system
from core.creature.model import Attack

REAPER = "Melee ◆ keen scythe +34 (deadly d10, magical, reach 10 feet), Damage 4d10+23 slashing"
GOBLIN_BOW = "Ranged ◆ shortbow +7 (deadly d10, range increment 60 feet), Damage 1d6 piercing"


class Top:
    """Every die rolls its highest face (the attack's d20 a natural 20)."""

    def randint(self, a: int, b: int) -> int:
        return b


class Low:
    """The attack's d20 rolls 11 (a hit, not a critical, against AC 10 with +0 … +8); every
    other die its highest face."""

    def __init__(self) -> None:
        self.first = True

    def randint(self, a: int, b: int) -> int:
        if self.first:
            self.first = False
            return 11
        return b


def fight(attack, defenses="", system="pf2e", ac=10):
    enc = Encounter(system, "t")
    rs = get_system(system)
    actor = enc.add(rs.new_creature("Actor", hp=300, attacks=[attack]))
    target = enc.add(rs.new_creature("Target", hp=300, defenses=defenses, numbers={"ac": ac}))
    return enc, actor, target


def strike(attack, defenses="", system="pf2e", rng=None):
    enc, actor, target = fight(attack, defenses, system)
    a = enc.attack(actor, target, rng=rng or Top())
    out = enc.apply_damage([target], a.damage, critical=a.critical, rng=Top())[target]
    return a, out


# ---------------------------------------------------------------- carried into every part
def test_a_magical_strike_is_not_reduced_by_physical_resistance_except_magical():
    # 4d10+23 at its highest is 63; a critical doubles it to 126; deadly adds 1d10 = 10 after
    a, out = strike(REAPER, "resistances physical 10 (except magical)")
    assert a.critical and "magical" in a.damage
    assert out.total == 2 * (40 + 23) + 10


def test_without_deadly_a_magical_critical_keeps_its_doubled_damage():
    a, out = strike("Melee scythe +34 (magical), Damage 4d10+23 slashing",
                    "resistances physical 10 (except magical)")
    assert out.total == 2 * (40 + 23)


@pytest.mark.parametrize(("trait", "defenses"), [
    ("silver", "resistances physical 5 (except silver)"),
    ("cold iron", "resistances physical 5 (except cold-iron)"),
    ("adamantine", "resistances physical 5 (except adamantine)"),
    ("orichalcum", "resistances all 5 (except orichalcum)"),
    ("holy", "resistances physical 5 (except holy)"),
    ("unholy", "resistances physical 5 (except unholy)"),
    ("good", "resistances physical 5 (except good)"),
    ("evil", "resistances physical 5 (except evil)"),
    ("lawful", "resistances physical 5 (except lawful)"),
    ("chaotic", "resistances physical 5 (except chaotic)"),
])
def test_materials_and_alignments_are_carried_into_every_part(trait, defenses):
    a, out = strike(f"Melee claw +8 ({trait}), Damage 1d8+2 slashing plus 1d6 piercing", defenses,
                    rng=Low())
    assert not a.critical
    assert out.total == (8 + 2) + 6          # no part reduced: both carry the trait
    assert any("carried into every part" in s for s in a.steps)


def test_a_weakness_to_the_material_acts_on_a_carried_part():
    a, out = strike("Melee claw +8 (silver), Damage 1d8 slashing", "weaknesses silver 5", rng=Low())
    assert out.total == 8 + 5


@pytest.mark.parametrize("system", ["sf2e", "vitality-wounds"])
def test_the_other_pf2_systems_carry_magical_too(system):
    enc, actor, target = fight("Melee claw +8 (magical), Damage 1d8 slashing",
                               "resistances physical 5 (except magical)", system)
    a = enc.attack(actor, target, rng=Low())
    assert a.damage == "1d8 slashing magical"


# ---------------------------------------------------------------- deadly and fatal
def test_deadly_adds_its_die_after_doubling_on_a_critical_hit():
    # the goblin warrior's shortbow: 1d6 doubled is 12, deadly d10 adds 10, not doubled
    a, out = strike(GOBLIN_BOW)
    assert a.critical and out.total == 2 * 6 + 10
    assert any("deadly" in s for s in out.steps)
    assert any("deadly d10" in s and "after doubling" in s for s in a.steps)


def test_deadly_two_dice():
    a, out = strike("Ranged ◆ sniper +9 (deadly 2d10), Damage 1d8 piercing")
    assert out.total == 2 * 8 + 2 * 10


def test_deadly_does_nothing_on_a_hit():
    a, out = strike(GOBLIN_BOW, rng=Low())
    assert not a.critical and a.damage == "1d6 piercing" and out.total == 6
    assert any("deadly d10: on a critical hit only" in s for s in a.steps)


def test_fatal_makes_the_dice_larger_before_doubling_and_adds_one_after():
    # 1d8+2 with fatal d12: 1d12+2 = 14 doubled 28, then one more d12 = 12
    a, out = strike("Ranged ◆ arbalest +10 (fatal d12), Damage 1d8+2 piercing")
    assert a.damage.startswith("1d12+2 piercing")
    assert out.total == 2 * (12 + 2) + 12
    assert any("fatal" in s for s in out.steps)


def test_fatal_does_nothing_on_a_hit():
    a, out = strike("Ranged ◆ arbalest +8 (fatal d12), Damage 1d8+2 piercing", rng=Low())
    assert a.damage == "1d8+2 piercing" and out.total == 10


def test_a_miss_deals_nothing():
    enc, actor, target = fight(GOBLIN_BOW, ac=40)

    class One:
        def randint(self, a, b):
            return 1

    a = enc.attack(actor, target, rng=One())
    assert not a.hit and a.damage is None and a.multiplier == 2


# ---------------------------------------------------------------- named, never dropped
def test_traits_that_change_no_damage_are_named_and_an_unknown_one_is_not_read():
    a, _ = strike("Melee ◆ dogslicer +7 (agile, backstabber, finesse, reach 10 feet, versatile P), "
                  "Damage 1d6 slashing", rng=Low())
    assert "agile, finesse, reach 10 feet, versatile p: no effect on damage" in a.steps
    assert "backstabber: not read (not automated)" in a.steps


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(traits=st.lists(st.sampled_from(["magical", "silver", "cold iron", "adamantine", "orichalcum",
                                        "holy", "unholy", "good", "evil"]), max_size=3),
       dice=st.integers(1, 4), sides=st.sampled_from([4, 6, 8, 10, 12]), bonus=st.integers(-3, 10),
       defenses=st.sampled_from([
           "resistances physical 10 (except magical)", "resistances all 5 (except silver)",
           "resistances physical 5 (except cold-iron, adamantine)", "weaknesses silver 5",
           "resistances slashing 3 (except good)", "weaknesses holy 2; resistances physical 4",
           "immunities precision; resistances physical 2 (except magical silver)", ""]),
       critical=st.booleans())
def test_carried_traits_never_make_a_strike_deal_less(traits, dice, sides, bonus, defenses, critical):
    damage = f"{dice}d{sides}{bonus:+d} slashing plus 1d4 fire"
    plain = Attack("claw", damage, 30)
    carried = Attack("claw", damage, 30, tuple(traits))
    totals = []
    for attack in (plain, carried):
        enc, actor, target = fight(attack, defenses, ac=10 if critical else 40)
        a = enc.attack(actor, target, map=0, rng=Top() if critical else Low())
        dealt = a.damage if a.damage is not None else a.offered
        totals.append(enc.apply_damage([target], dealt, critical=a.critical, rng=Top())[target].total)
    assert totals[1] >= totals[0]


def _corpus_attacks():
    import tomllib
    from pathlib import Path

    here = Path(__file__).parent / "statblocks"
    for name, expected in tomllib.loads((here / "corpus.toml").read_text("utf-8")).items():
        system = expected["system"]
        creature = get_system(system).from_statblock((here / "corpus" / name).read_text("utf-8"))
        for attack in creature.attacks:
            yield system, attack


def test_every_trait_of_every_attack_in_the_corpus_acts_or_is_named():
    from core.table.attack_traits import dealt

    seen = 0
    for system, attack in _corpus_attacks():
        words = " · ".join((*dealt(system, attack, False)[1], *dealt(system, attack, True)[1]))
        for trait in attack.traits:
            seen += 1
            assert trait in words, (system, attack.label, trait, words)
    assert seen > 50


def test_a_d20_weapons_alignment_is_carried_as_the_alignment_it_gives():
    from core.table.attack_traits import dealt

    damage, words = dealt("d20-3e", Attack("+1 holy scimitar", "1d6+4", 11, ("magical", "holy")), False)
    assert set(damage.split()) == {"1d6+4", "holy", "magical"}   # d20 reads holy as good
    rules = get_system("d20-3e")
    out = rules.apply_damage(rules.new_creature("T", hp=50, defenses="DR 5/good"),
                             damage.replace("1d6+4", "1d6+4=7"))
    assert out.total == 7 and "bypassed by good" in " ".join(out.steps)
    assert words == ("magical, holy (good): carried into every part of its damage",)


def test_traits_that_could_not_act_on_unreadable_damage_are_listed_as_not_read():
    from core.table.attack_traits import dealt

    damage, words = dealt("pf2e", Attack("claw", "1d6 slashy", 5, ("magical", "deadly d10")), True)
    assert damage == "1d6 slashy"
    assert words == ("magical, deadly d10: not read (not automated)",)
