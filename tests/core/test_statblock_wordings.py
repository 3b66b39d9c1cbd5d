"""RULES §8 "Printed wordings every reader accepts" and "Numbers read from a block": each
wording a test."""

from __future__ import annotations

import pytest

from core import get_system
from core.statblocks import read_statblock

PF2 = get_system("pf2e")
D20 = get_system("d20-3e")
DH = get_system("daggerheart")


def pf2_block(*lines: str, first: str = "Wight Creature 3") -> str:
    return "\n".join((first, "Perception +10", "AC 17; Fort +5, Ref +8, Will +4", *lines)) + "\n"


def d20_block(*lines: str, hit_dice: str = "4d8+8 (26 hp)") -> str:
    return "\n".join(("Fiend", f"Hit Dice: {hit_dice}", *lines)) + "\n"


# -- printed wordings -------------------------------------------------------------------------

def test_cold_iron_as_two_words_is_cold_iron():
    c = PF2.from_statblock(pf2_block("HP 50; Weaknesses cold iron 10"))
    assert PF2.apply_damage(c.clone(), "5 slashing cold-iron").total == 15
    d = D20.from_statblock(d20_block("Special Qualities: damage reduction 10/cold iron"))
    assert D20.apply_damage(d.clone(), "12 slashing cold-iron").total == 12
    assert D20.apply_damage(d.clone(), "12 slashing").total == 2


@pytest.mark.parametrize("weakness", ["vampire weaknesses", "light vulnerability"])
def test_a_weakness_with_no_number_is_kept_as_not_automated(weakness):
    c = PF2.from_statblock(pf2_block(f"HP 50; Weaknesses {weakness}"))
    assert f"weakness {weakness} (not automated)" in PF2.parse_defenses(c.defenses).describe()
    assert PF2.apply_damage(c, "5 fire").total == 5


@pytest.mark.parametrize(("printed", "part"), [("magical silver", "slashing silver"),
                                               ("magic bludgeoning", "bludgeoning")])
def test_an_exception_of_two_words_needs_both(printed, part):
    c = PF2.from_statblock(pf2_block(f"HP 190; Resistances physical 10 (except {printed})"))
    assert PF2.apply_damage(c.clone(), f"15 {part} magical").total == 15     # both: not resisted
    assert PF2.apply_damage(c.clone(), f"15 {part}").total == 5              # one of the two
    assert PF2.apply_damage(c.clone(), "15 piercing magical").total == 5     # the other one


def test_cold_and_electricity_resistance_10_is_each():
    for c in (D20.from_statblock(d20_block("Special Qualities: cold and electricity resistance 10")),
              D20.new_creature("Spawn", hp=30, defenses="cold and electricity resistance 10")):
        assert D20.apply_damage(c.clone(), "15 cold").total == 5
        assert D20.apply_damage(c.clone(), "15 electricity").total == 5
        assert D20.apply_damage(c.clone(), "15 fire").total == 15


@pytest.mark.parametrize(("printed", "bypassed_by", "not_by"), [
    ("10/silver and magic", ["silver magical"], ["silver", "magical"]),
    ("5/—", [], ["silver magical"]),
    ("10/good and piercing", ["piercing good"], ["slashing good", "piercing"]),
    ("10/cold iron or good", ["slashing cold-iron", "slashing good"], ["slashing silver"]),
    ("10/good", ["slashing good"], ["slashing evil"]),
])
def test_d20_damage_reduction_as_printed(printed, bypassed_by, not_by):
    value = int(printed.split("/")[0])
    for line in (f"Special Qualities: Damage reduction {printed}, darkvision 60 ft.",
                 f"Special Qualities: DR {printed}"):
        c = D20.from_statblock(d20_block(line))
        for words in bypassed_by:
            assert D20.apply_damage(c.clone(), f"20 {words}").total == 20, words
        for words in not_by:
            assert D20.apply_damage(c.clone(), f"20 {words}").total == 20 - value, words


def test_hit_dice_with_the_hp_alone_in_parentheses():
    assert D20.from_statblock(d20_block(hit_dice="9d10 (49)")).max_hp == 49


def test_vulnerable_to_disintegrate_in_a_pf2e_block_is_an_ability_not_a_defense():
    text = pf2_block("HP 175; Immunities acid; Resistances physical 10 (except adamantine)",
                     "Vulnerable to Disintegrate A disintegrate spell affects the golem but deals half "
                     "the normal amount of damage.", first="Clay Golem Creature 10")
    c = PF2.from_statblock(text)
    assert c.defenses == "immunities acid; resistances physical 10 (except adamantine)"
    vw = get_system("vitality-wounds")   # its own layout has vulnerabilities
    assert "vulnerable silver" in vw.from_statblock("Ghoul\nHP 40\nVulnerable silver\n").defenses


@pytest.mark.parametrize("words", ["unarmed attacks", "non-magical"])
def test_an_exception_the_notation_does_not_know_keeps_the_resistance(words):
    c = PF2.from_statblock(pf2_block(f"HP 50; Resistances all damage 5 (except {words})"))
    described = PF2.parse_defenses(c.defenses).describe()
    assert any(words in d and "not automated" in d for d in described)
    assert PF2.apply_damage(c, "12 fire").total == 7


def test_3_5_lists_of_resistances_and_immunities_give_each_entry():
    c = D20.from_statblock(d20_block(
        "Special Qualities: Damage reduction 10/good, immunity to acid, cold, and fire, "
        "resistance to electricity 10, sonic 10, and acid 10"))
    assert "immunities acid; immunities cold; immunities fire" in c.defenses
    for energy in ("electricity", "sonic"):
        assert D20.apply_damage(c.clone(), f"15 {energy}").total == 5
    assert D20.apply_damage(c.clone(), "15 fire").total == 0
    typed = D20.new_creature("Vrock", hp=50, defenses="resistance to acid 10, cold 10, and fire 10")
    assert D20.apply_damage(typed, "15 fire").total == 5
    assert D20.parse_defenses("immunity to acid, cold, and fire").immune_to >= {"acid", "cold", "fire"}


@pytest.mark.parametrize(("printed", "shown"), [("DEMON OF AVARICE", "Demon of Avarice"),
                                                ("KNIGHT OF THE REALM", "Knight of the Realm"),
                                                ("OF MICE", "Of Mice")])
def test_a_capitalised_name_keeps_its_short_words_small(printed, shown):
    text = f"# {printed}\nTier 3 Support\nDifficulty: 17 | Thresholds: 15/29 | HP: 6 | Stress: 5\n"
    assert DH.from_statblock(text).name == shown


# -- numbers ------------------------------------------------------------------------------------

def test_pf2_level_ac_saves_and_perception():
    c = PF2.from_statblock(pf2_block("HP 50"))
    assert c.numbers == {"level": 3, "ac": 17, "fort": 5, "ref": 8, "will": 4, "perception": 10}
    assert PF2.from_statblock("Wight Creature10\nHP 50\n").numbers == {"level": 10}
    senses = PF2.from_statblock("Golem Creature 10\nSenses Perception +16; darkvision\nHP 50\n")
    assert (senses.numbers["perception"], senses.init_mod) == (16, 16)


def test_a_number_the_block_does_not_print_is_absent():
    c = PF2.from_statblock("Wight\nHP 50\n")
    assert c.numbers == {}
    assert "ac" not in D20.from_statblock(d20_block()).numbers
    shield = PF2.from_statblock("Guard Creature 1\nAC 16 (18 with shield raised); Fort +8, Ref +7\nHP 21\n")
    assert shield.numbers == {"level": 1, "ac": 16, "fort": 8, "ref": 7}


def test_pf2_strikes_give_label_bonus_traits_and_damage():
    c = PF2.from_statblock(pf2_block(
        "HP 50",
        "Melee [one-action] dagger +8 (agile, finesse), Damage 1d4+2 piercing",
        "Melee [one-action] jaws +10 (finesse), Damage 1d8+4 fire plus 1d4 persistent fire",
        "Melee [one-action] spear +32 (magical, reach 15 feet), Damage 2d8+12 piercing plus 1d6 cold, "
        "1d6 evil, and slowing frost",
        "Ranged [one-action] shortbow +7 (deadly d10, range increment 60 feet), Damage 1d6 piercing"))
    dagger, jaws, spear, bow = c.attacks
    assert (dagger.label, dagger.bonus, dagger.traits, dagger.damage) == \
        ("dagger", 8, ("agile", "finesse"), "1d4+2 piercing")
    assert jaws.damage == "1d8+4 fire, 1d4 persistent fire"
    assert (spear.damage, spear.note) == ("2d8+12 piercing, 1d6 cold, 1d6 evil", "slowing frost")
    assert bow.ranged and bow.bonus == 7 and "deadly d10" in bow.traits


def test_d20_3_0_armor_class_saves_and_the_bonus_of_the_attack_damage_names():
    c = D20.from_statblock(d20_block(
        "Armor Class: 16 (-1 size, -1 Dex, +5 natural, +3 hide armor), touch 8, flat-footed 16",
        "Attacks: Huge greatclub +8 melee; or Huge Large javelin +1 ranged",
        "Damage: Huge greatclub 2d6+7; or Huge Large javelin 1d8+5",
        "Saves: Fort +6, Ref +0, Will +1"))
    assert c.numbers == {"ac": 16, "touch": 8, "flat_footed": 16, "fort": 6, "ref": 0, "will": 1}
    assert [(a.label, a.damage, a.bonus, a.ranged) for a in c.attacks] == [
        ("Huge greatclub", "2d6+7", 8, False), ("Huge Large javelin", "1d8+5", 1, True)]


def test_d20_3_5_attack_and_full_attack_lines():
    c = D20.from_statblock(d20_block(
        "Attack: Claw +6 melee (1d4+2)",
        "Full Attack: 2 claws +6 melee (1d4+2) and bite +1 melee (1d6+1 plus poison)"))
    assert [(a.label, a.damage, a.bonus, a.note) for a in c.attacks] == [
        ("2 claws", "1d4+2", 6, ""), ("bite", "1d6+1", 1, "poison")]
    alone = D20.from_statblock(d20_block("Attack: Greatsword +7 melee (3d6+7/19-20) or longbow +2 ranged (2d6/x3)"))
    assert [(a.label, a.damage, a.bonus) for a in alone.attacks] == [("Greatsword", "3d6+7", 7),
                                                                    ("longbow", "2d6", 2)]


DH_BLOCK = ("# ARCHER SQUADRON\n\n***Tier 2 Horde (2/HP)***\n"
            "> **Difficulty:** 13 | **Thresholds:** 8/16 | **HP:** 4 | **Stress:** 3\n"
            "> **ATK:** 0 | **Longbow:** Far | 2d6+3 phy\n\n## FEATURES\n\n"
            "***Horde (1d6+3) - Passive:*** When the Squadron has marked half or more of their HP, "
            "their standard attack deals 1d6+3 physical damage instead.\n")


def test_daggerheart_tier_difficulty_atk_and_horde():
    c = DH.from_statblock(DH_BLOCK)
    assert c.numbers == {"tier": 2, "difficulty": 13, "attack": 0}
    assert [(a.label, a.damage, a.bonus) for a in c.attacks] == [("Longbow", "2d6+3 physical", 0)]
    assert c.horde == "1d6+3 physical"


def test_daggerheart_minion_and_a_resistance_a_passive_feature_states():
    c = DH.from_statblock(
        "# GIANT RAT\n***Tier 1 Minion***\n"
        "> **Difficulty:** 10 | **Thresholds:** None | **HP:** 1 | **Stress:** 1\n"
        "> **ATK:** -4 | **Claws:** Melee | 1 phy\n"
        "***Minion (3) - Passive:*** The Rat is defeated when they take any damage.\n"
        "***Only Bones - Passive:*** The Rat is resistant to physical damage.\n"
        "***Take Root - Action:*** While Rooted, the Rat has resistance to magic damage.\n")
    assert c.numbers == {"tier": 1, "difficulty": 10, "attack": -4, "minion": 3}
    assert c.defenses == "resistances physical"


# -- lines that look like statistics but were not read ------------------------------------------

def test_a_stat_like_line_that_was_not_read_is_listed():
    text = pf2_block("HP 50", "Ac 17; FoRt +7", "Melee claw +5, Damage 1d6 slashing")
    assert read_statblock(text, "pf2e").unread == ("Ac 17; FoRt +7",)
    assert read_statblock(pf2_block("HP 50"), "pf2e").unread == ()
    d20 = read_statblock(d20_block("Armour Class: 16", "AC 15 touch 9"), "d20-3e")
    assert d20.unread == ("AC 15 touch 9",)


def test_a_misspelt_exception_is_still_a_typo_and_or_joins_exceptions():
    from core import ParseError
    with pytest.raises(ParseError, match="fire"):
        PF2.parse_defenses("resistances physical 10 (except fyre)")
    minion = PF2.new_creature("Minion", hp=4, defenses="resistances all 5 (except force or ghost touch)")
    assert PF2.apply_damage(minion.clone(), "8 force").total == 8
    assert PF2.apply_damage(minion.clone(), "8 slashing ghost-touch").total == 8
    assert PF2.apply_damage(minion.clone(), "8 slashing").total == 3


@pytest.mark.parametrize("heading", ["weaknesses fire 5", "resistances fire 5", "immunities fire"])
def test_a_defense_line_typed_in_lower_case_is_read_not_joined_to_the_hp_line(heading):
    """A lower-case line used to count as the HP line wrapped: the defenses went nowhere."""
    creature = get_system("pf2e").from_statblock(f"Goblin Creature 1\nPerception +2\nHP 6\n{heading}")
    assert creature.defenses == heading
