"""Every word on a line a stat-block reader recognises acts or is listed as not read (RULES §10),
with its position in the pasted text, in both languages; Daggerheart's flat Horde (X) and a PF2
ability named like a defense line."""

from __future__ import annotations

from pathlib import Path

import pytest

from core import get_system
from core.statblocks import read_statblock

HERE = Path(__file__).parent / "statblocks"


def not_read(text: str, system: str) -> list[str]:
    block = read_statblock(text, system)
    for word in block.not_read:    # each at its place in the text as pasted
        assert text[word.position:word.position + len(word.text)] == word.text
    return [w.text for w in block.not_read]


ZOMBIE = (HERE / "pf2e-zombie-shambler.txt").read_text(encoding="utf-8")


def test_a_pf2_hp_clause_that_is_not_a_number_is_not_read():
    assert "negative healing" in not_read(ZOMBIE, "pf2e")


def test_a_pf2_strike_s_words_after_its_damage_are_not_read():
    assert "Grab" in not_read(ZOMBIE, "pf2e")


def test_the_senses_after_perception_are_not_read():
    assert "darkvision" in not_read(ZOMBIE, "pf2e")


def test_the_traits_line_words_that_are_not_a_kind_are_not_read_and_the_kind_is():
    words = not_read(ZOMBIE, "pf2e")
    assert "Mindless" in " ".join(words)
    assert "Undead" not in " ".join(words)


def test_the_numbers_and_defenses_read_are_not_listed():
    words = " ".join(not_read(ZOMBIE, "pf2e"))
    for read in ("Perception", "+0", "AC", "Fort", "HP", "20", "Immunities", "positive", "fist", "1d6+2"):
        assert read not in words.split(), read


def test_a_parenthesis_a_defense_entry_does_not_read_is_not_read():
    text = "Ghoul Creature 1\nPerception +7\nHP 30; Weaknesses fire 5 (see text)\n"
    assert "(see text)" in not_read(text, "pf2e")


def test_an_ac_line_s_conditional_bonus_is_not_read():
    text = "Ghoul Creature 1\nPerception +7\nAC 16; Fort +5, Ref +7, Will +3; +1 status to all saves vs. magic\nHP 30\n"
    assert "+1 status to all saves vs. magic" in not_read(text, "pf2e")


def test_d20_special_qualities_that_are_not_defenses_are_not_read():
    text = ("Ogre\nHit Dice: 4d8+8 (26 hp)\n"
            "Special Qualities: damage reduction 5/silver, spell resistance 22, darkvision 60 ft.\n")
    words = not_read(text, "d20-3e")
    assert "spell resistance 22" in words and "darkvision 60 ft." in words
    assert not any("silver" in w for w in words)


def test_a_daggerheart_attack_s_range_is_not_read_and_the_role_only_where_none_reads_it():
    # the tier, the four fields, ATK, the attack's name and damage act; the role where a
    # reader takes it (the encounter's Battle Points)
    text = "Lackey\nTier 1 Minion\nDifficulty: 9 | Thresholds: None | HP: 1 | Stress: 1\nATK: -2 | Daggers: Melee | 2 phy\n"
    role = getattr(read_statblock(text, "daggerheart"), "role", "")
    assert not_read(text, "daggerheart") == (["Melee"] if role else ["Minion", "Melee"])


def test_a_japanese_block_s_words_not_read_are_placed_in_the_text_as_pasted():
    text = (HERE / "pf2e-goblin-warrior-ja.txt").read_text(encoding="utf-8")
    assert "暗視" in not_read(text, "pf2e")


# ---------------------------------------------------------------- Daggerheart Horde (X)
_HORDE = ("Raiders\nTier 1 Horde (3/HP)\nDifficulty: 12 | Thresholds: 5/11 | HP: 4 | Stress: 3\n"
          "ATK: +1 | Cutlass: Melee | 1d4+2 phy\n{feature} - Passive: When half or more HP are marked, "
          "their standard attack deals {x} physical damage instead.\n")


@pytest.mark.parametrize("x,horde", [("2", "2 physical"), ("1d4+1", "1d4+1 physical")])
def test_a_flat_horde_x_is_read_as_a_rolled_one_is(x, horde):
    rs = get_system("daggerheart")
    assert rs.from_statblock(_HORDE.format(feature=f"Horde ({x})", x=x)).horde == horde


# ---------------------------------------------------------------- a PF2 ability named like a defense
def test_a_pf2_ability_named_immunity_to_magic_is_an_ability_not_a_defense_line():
    text = ("Clay Golem Creature 10\nPerception +16\nAC 29; Fort +24, Ref +15, Will +18\nHP 175; "
            "Immunities bleed, death effects; Resistances physical 10 (except adamantine)\n"
            "Immunity to Magic A clay golem is immune to spells and magical abilities other than "
            "its own, except as follows.\n")
    c = get_system("pf2e").from_statblock(text)
    assert c.max_hp == 175
    assert c.defenses == "immunities bleed, death effects; resistances physical 10 (except adamantine)"


def test_a_strike_s_printed_map_is_not_read():
    text = "Ghoul Creature 1\nPerception +7\nHP 30\nMelee [one-action] jaws +14 [+9/+4] (finesse), Damage 1d6+2 piercing\n"
    assert not_read(text, "pf2e") == ["[+9/+4]"]


def test_a_d20_attack_whose_damage_words_are_not_read_shows_them_as_not_read():
    # "slashy" is no damage type: the attack keeps its bonus with no damage, and the damage
    # it printed is listed as not read rather than dropped in silence (RULES §10)
    text = ("Hill Giant\nHit Dice: 12d8+48 (102 hp)\n"
            "Attack: Greatclub +16 melee (2d8+10 slashy)\n")
    words = not_read(text, "d20-3e")
    assert any("2d8+10 slashy" in w for w in words), words
    assert not any("Greatclub" in w for w in words), words


def test_a_d20_touch_attack_s_ability_damage_is_shown_as_not_read():
    text = ("Shadow\nHit Dice: 3d12 (19 hp)\n"
            "Attack: Incorporeal touch +3 melee (1d6 Str)\n")
    words = not_read(text, "d20-3e")
    assert any("1d6 Str" in w for w in words), words
