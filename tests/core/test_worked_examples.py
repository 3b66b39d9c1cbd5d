"""RULES.md §6: every worked example from the sources, each its own test,
plus the other examples the source texts give (seeds 001, 002, 004)."""

from __future__ import annotations

import pytest
from core_support import Stats

from core import get_system
from core.table.builders import daggerheart_weapon, damage_step, step_of

# ---------------------------------------------------------------- RULES §6


def _family_target(system: str, defenses: str):
    rs = get_system(system)
    stats: Stats = {"vitality": 30, "wounds": 10} if system == "vitality-wounds" else {"hp": 50}
    return rs, rs.new_creature("Target", defenses=defenses, **stats)


@pytest.mark.parametrize("system", ["pf2e", "vitality-wounds"])
def test_ex1_2d6_fire_rolled_7_vs_weakness_fire_5(system, R):
    # seed 004 and seed 001: 2d6 fire against weakness 5 to fire is 2d6+5
    rs, c = _family_target(system, "weaknesses fire 5")
    out = rs.apply_damage(c, "2d6 fire", rng=R(3, 4))
    assert out.total == 12
    # the same roll made at the table (RULES §1)
    assert rs.apply_damage(c, "2d6=7 fire", rng=R()).total == 12


@pytest.mark.parametrize("system,damage", [
    ("pf2e", "7［斬撃］, 4［火炎］"),      # seed 004 writes it this way
    ("vitality-wounds", "7 slashing, 4 fire"),
])
def test_ex2_resistance_all_5_per_instance(system, damage):
    rs, c = _family_target(system, "resistances all 5")
    out = rs.apply_damage(c, damage)
    assert out.total == 2
    assert "total: slashing 2 + fire 0 = 2" in out.steps


def test_ex3_pf2e_resistance_physical_except_silver_with_silver():
    rs = get_system("pf2e")
    c = rs.new_creature("Devil", hp=60, defenses="resistances physical 10 (except silver)")
    assert rs.apply_damage(c, "12 slashing silver").total == 12


def test_ex3_pf2e_resistance_physical_except_silver_without_silver():
    rs = get_system("pf2e")
    c = rs.new_creature("Devil", hp=60, defenses="resistances physical 10 (except silver)")
    assert rs.apply_damage(c, "12 slashing").total == 2


def test_ex4_daggerheart_25_magic_vs_resistance_magic():
    rs = get_system("daggerheart")
    c = rs.new_creature("Warden", hp=6, major=10, severe=20, armor=3, stress=6,
                        defenses="resistance magic")
    out = rs.apply_damage(c, "25 magic")
    assert out.total == 13
    assert out.hp_marked == 2  # 13 is Major (10) but below Severe (20)


def test_ex5_daggerheart_cutlass_critical(R):
    # cutlass d8+1 at proficiency 2 -> 2d8+1; rolls 3 and 6; critical: 16 + 9 + 1 = 26
    rs = get_system("daggerheart")
    c = rs.new_creature("Adversary", hp=6, major=10, severe=20, armor=0, stress=3)
    damage = daggerheart_weapon("d8+1", proficiency=2)
    assert damage.startswith("2d8+1")
    out = rs.apply_damage(c, damage, critical=True, rng=R(3, 6))
    assert out.total == 26
    assert out.hp_marked == 3


def test_ex6_daggerheart_shortbow_proficiency_3(R):
    # improved shortbow d6+6 at proficiency 3 -> 3d6+6; rolls 3, 5, 6 -> 20
    rs = get_system("daggerheart")
    c = rs.new_creature("Adversary", hp=6, major=10, severe=25, armor=0, stress=3)
    damage = daggerheart_weapon("d6+6", proficiency=3)
    assert damage.startswith("3d6+6")
    out = rs.apply_damage(c, damage, rng=R(3, 5, 6))
    assert out.total == 20
    assert out.hp_marked == 2


def test_ex7_vitality_wounds_light_pistol_step_6_plus_2_is_step_8(R):
    assert step_of("2d4") == 6
    assert damage_step(6, 2) == "2d6"
    assert damage_step(step_of("2d4"), 2) == "2d6"
    # and the stepped-up pistol is damage the system rolls
    rs = get_system("vitality-wounds")
    c = rs.new_creature("Thug", vitality=30, wounds=10)
    assert rs.apply_damage(c, damage_step(6, 2) + " ballistic", rng=R(4, 5)).total == 9


def test_ex8_vitality_wounds_hp_werewolf_vulnerable_silver_bullet(R):
    rs = get_system("vitality-wounds")
    c = rs.new_creature("Werewolf", hp=60, defenses="vulnerable silver")
    out = rs.apply_damage(c, "2d4 ballistic silver", rng=R(2, 3))
    assert out.total == 5 + 10
    assert c.hp == 60 - 15
    assert out.wounds == 0


def test_ex9_vitality_wounds_horror_vulnerable_orichalcum_dagger(R):
    rs = get_system("vitality-wounds")
    c = rs.new_creature("Horror", vitality=20, wounds=10, defenses="vulnerable orichalcum")
    out = rs.apply_damage(c, "1d4 piercing orichalcum", rng=R(3))
    assert out.total == 3
    assert out.wounds == 1
    assert c.vitality == 17
    assert c.wounds == 9


def test_ex9_vitality_wounds_vampire_struck_by_a_torch(R):
    # seed 001: "a vampire struck by a torch will take 1 point of wound damage in
    # addition to the standard 1d6 fire damage to Vitality"
    rs = get_system("vitality-wounds")
    c = rs.new_creature("Vampire", vitality=30, wounds=12, defenses="vulnerable fire",
                        traits="undead")
    out = rs.apply_damage(c, "1d6 fire", rng=R(4))
    assert out.total == 4
    assert out.wounds == 1
    assert c.vitality == 26
    assert c.wounds == 11


def test_ex10_d20_subdual_equal_to_current_hp_staggered():
    rs = get_system("d20-3e")
    c = rs.new_creature("Guard", hp=10)
    rs.apply_damage(c, "10", nonlethal=True)
    assert c.subdual == 10
    assert c.hp == 10
    assert "staggered" in c.conditions
    assert "unconscious" not in c.conditions


def test_ex10_d20_subdual_above_current_hp_unconscious():
    rs = get_system("d20-3e")
    c = rs.new_creature("Guard", hp=10)
    rs.apply_damage(c, "11", nonlethal=True)
    assert c.subdual == 11
    assert c.hp == 10
    assert "unconscious" in c.conditions


def test_ex10_d20_subdual_accumulates_to_unconscious():
    rs = get_system("d20-3e")
    c = rs.new_creature("Guard", hp=10)
    rs.apply_damage(c, "10", nonlethal=True)
    rs.apply_damage(c, "1", nonlethal=True)
    assert c.subdual == 11
    assert "unconscious" in c.conditions


def test_ex11_sf2e_one_damage_halved_stays_one():
    rs = get_system("sf2e")
    c = rs.new_creature("Target", hp=20)
    assert rs.apply_damage(c, "1 fire", save="success").total == 1


def test_ex11_sf2e_1d4_minus_5_deals_1(R):
    rs = get_system("sf2e")
    for face in (1, 2, 3, 4):
        c = rs.new_creature("Target", hp=20)
        assert rs.apply_damage(c, "1d4-5 slashing", rng=R(face)).total == 1


# ----------------------------------------------------- other source examples


def test_sf2e_typed_total_7_fire_vs_weakness_fire_5():
    rs = get_system("sf2e")
    c = rs.new_creature("Target", hp=50, defenses="weaknesses fire 5")
    assert rs.apply_damage(c, "7 fire").total == 12


def test_source_daggerheart_kat_longsword(R):
    # seed 002: proficiency 2, longsword d8 -> 2d8, rolls 3 and 7 -> 10
    rs = get_system("daggerheart")
    c = rs.new_creature("Adversary", hp=6, major=8, severe=15, armor=0, stress=3)
    out = rs.apply_damage(c, daggerheart_weapon("d8", proficiency=2), rng=R(3, 7))
    assert out.total == 10
    assert out.hp_marked == 2


def test_source_pf2e_japanese_fire_type_vs_weakness():
    rs = get_system("pf2e")
    c = rs.new_creature("Target", hp=50, defenses="weaknesses fire 5")
    assert rs.apply_damage(c, "7 ［火炎］").total == 12


def test_source_vitality_wounds_resistance_5_slash_dash():
    # seed 001 writes resistance to all damage as "Resistance #/-"
    rs = get_system("vitality-wounds")
    c = rs.new_creature("Target", vitality=30, wounds=10, defenses="resistance 5/-")
    assert rs.apply_damage(c, "7 slashing, 4 fire").total == 2


def test_source_vitality_wounds_non_magical_bludgeoning():
    # seed 001: resistant to non-magical bludgeoning; a magical club or a pistol bypasses it
    rs = get_system("vitality-wounds")
    defenses = "resist 5 non-magical bludgeoning"
    c = rs.new_creature("Brute", vitality=40, wounds=10, defenses=defenses)
    assert rs.apply_damage(c, "8 bludgeoning").total == 3
    assert rs.apply_damage(c, "8 bludgeoning magical").total == 8
    assert rs.apply_damage(c, "8 ballistic").total == 8
