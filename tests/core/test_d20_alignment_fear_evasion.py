"""d20-3e rules of RULES §10: a holy (unholy, axiomatic, anarchic) part is the weapon's
alignment and weapon damage; shaken, frightened and panicked are one fear track; Evasion and
improved evasion on a Reflex save against a half-damage effect."""

from __future__ import annotations

import pytest

from core import Encounter, get_system
from tui.cli_calc import run_calc

RULES = get_system("d20-3e")


def hit(defenses, damage, **options):
    creature = RULES.new_creature("Demon", hp=60, defenses=defenses, **options.pop("creature", {}))
    return RULES.apply_damage(creature, damage, **options)


# -- holy, unholy, axiomatic, anarchic: the weapon's alignment --------------------------------

def test_a_holy_part_is_weapon_damage_that_damage_reduction_reduces():
    # 6 weapon damage against DR 10/-: 6 - 10, never below 0 (RULES §4) -> 0
    out = hit("DR 10/-", "1d8+2=6 holy")
    assert out.total == 0
    assert "damage reduction 10/-: 6 → 0" in out.steps


@pytest.mark.parametrize(("word", "alignment"), [
    ("holy", "good"), ("unholy", "evil"), ("axiomatic", "lawful"), ("anarchic", "chaotic")])
def test_the_alignment_a_part_carries_bypasses_its_damage_reduction(word, alignment):
    out = hit(f"DR 10/{alignment}", f"9 {word}")
    assert out.total == 9
    assert f"damage reduction 10/{alignment}: bypassed by {alignment}" in out.steps


@pytest.mark.parametrize(("word", "other"), [("holy", "evil"), ("unholy", "good"),
                                             ("axiomatic", "chaotic"), ("anarchic", "lawful")])
def test_another_alignment_does_not_bypass_damage_reduction(word, other):
    # 9 - 5 = 4: DR 5/evil is not bypassed by a good weapon
    assert hit(f"DR 5/{other}", f"9 {word}").total == 4


def test_a_typed_part_may_carry_the_weapons_alignment():
    # a holy longsword: slashing, good; DR 10/good is bypassed, DR 5/- is not (12 - 5 = 7)
    assert hit("DR 10/good", "12 slashing holy").total == 12
    assert hit("DR 5/-", "12 slashing holy").total == 7


def test_a_holy_part_keeps_the_word_the_gm_wrote():
    assert RULES.parse_damage("2d6 holy").parts[0].label == "2d6 holy"


def test_calc_shows_the_damage_reduction_of_a_holy_part(capsys):
    assert run_calc(["--system", "d20-3e", "--defenses", "DR 10/-", "1d8+2=6 holy"]) == 0
    printed = capsys.readouterr().out
    assert "damage reduction 10/-: 6 → 0" in printed
    assert printed.strip().splitlines()[-1] == "total: 0"


# -- the fear track --------------------------------------------------------------------------

def fearful(*conditions):
    encounter = Encounter("d20-3e", "Crypt")
    cid = encounter.add(RULES.new_creature("Guard", hp=12, numbers={"ac": 15, "fort": 5, "ref": 3, "will": 1},
                                           attacks=[("longsword", "1d8+2", 4)]))
    for name in conditions:
        encounter.add_condition(cid, name)
    return encounter, cid


@pytest.mark.parametrize("conditions", [("shaken", "frightened"), ("frightened", "panicked"),
                                        ("shaken", "frightened", "panicked")])
def test_only_the_worst_fear_condition_applies_to_saves(conditions):
    encounter, cid = fearful(*conditions)
    numbers = encounter.numbers_of(cid)
    # −2, not −4 or −6 (RULES §10): Fort +5 → +3, Ref +3 → +1, Will +1 → −1
    assert (numbers["fort"], numbers["ref"], numbers["will"]) == (3, 1, -1)
    assert len(numbers.why["fort"]) == 1


def test_only_the_worst_fear_condition_applies_to_attacks():
    from core.table.numbers import attack_bonus

    encounter, cid = fearful("shaken", "frightened")
    creature = encounter.creature(cid)
    assert attack_bonus(creature, "d20-3e", creature.attacks[0])[0] == 2     # +4 − 2


def test_fear_and_sickened_still_add():
    encounter, cid = fearful("shaken", "sickened")
    assert encounter.numbers_of(cid)["fort"] == 1                             # +5 − 2 − 2


# -- Evasion and improved evasion ------------------------------------------------------------

def test_evasion_takes_nothing_on_a_successful_reflex_save():
    out = hit("", "12 fire", save="success", creature={"traits": "evasion"})
    assert out.total == 0
    assert any("evasion" in line for line in out.steps), out.steps


def test_evasion_takes_full_damage_on_a_failed_save():
    assert hit("", "12 fire", save="failure", creature={"traits": "evasion"}).total == 12


def test_without_evasion_a_successful_save_halves():
    assert hit("", "12 fire", save="success").total == 6


@pytest.mark.parametrize("traits", ["improved-evasion", ["improved evasion"], "improved evasion"])
def test_improved_evasion_takes_half_on_a_failed_save_and_nothing_on_a_success(traits):
    failed = hit("", "13 fire", save="failure", creature={"traits": traits})
    assert failed.total == 6                                                  # 13 / 2, rounded down
    assert any("improved evasion" in line for line in failed.steps), failed.steps
    assert hit("", "13 fire", save="success", creature={"traits": traits}).total == 0


def test_evasion_does_nothing_without_a_save():
    assert hit("", "12 fire", creature={"traits": "evasion"}).total == 12


ROGUE_BLOCK = """Shadow Rogue
Size/Type: Medium Humanoid
Hit Dice: 4d6+4 (18 hp)
Special Qualities: {qualities}, darkvision 60 ft.
Saves: Fort +2, Ref +7, Will +1
"""


@pytest.mark.parametrize(("qualities", "failed"), [("evasion", 12), ("Improved Evasion", 6)])
def test_a_stat_block_that_says_evasion_gives_the_creature_its_evasion(qualities, failed):
    creature = RULES.from_statblock(ROGUE_BLOCK.format(qualities=qualities))
    assert RULES.apply_damage(creature.clone(), "12 fire", save="success").total == 0
    assert RULES.apply_damage(creature.clone(), "12 fire", save="failure").total == failed
