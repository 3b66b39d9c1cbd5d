"""What mutation testing left alive in core/statblocks/pf2.py: the level and
its bounds, each number of a PF2-family block, the HP line's sections, hardness and the
vitality-wounds tracks, Strikes (label, bonus, traits, note) and the caret of each mistake."""

from __future__ import annotations

import pytest

from core.creature.model import Attack
from core.creature.schema import MAX_TRACK
from core.statblocks import read_statblock
from core.statblocks.text import BlockError
from core.text.errors import ParseError

LICH = """LICH
CREATURE 12
CE Medium Undead
Perception +20; darkvision
AC 31; Fort +19, Ref +21, Will +23
HP 190, negative healing; Immunities death effects, disease; Resistances cold 10, physical 10 (except magical)
Melee ◆ hand +24 (finesse, magical), Damage 4d8+10 negative plus paralyzing touch
Ranged ◆ bolt +20 (range 60 feet), Damage 2d6 fire
Ranged [two-actions] spit Damage 1d4 acid
Melee claw -2 (agile) Damage 1d4 slashing, and 1d6 fire
Melee swallow whole Grab"""


def test_a_whole_pf2_block_is_read():
    block = read_statblock(LICH, "pf2e")
    assert (block.name, block.stats, block.traits, block.init_mod) == ("Lich", {"hp": 190}, ("undead",), 20)
    assert block.numbers == {"level": 12, "perception": 20, "ac": 31, "fort": 19, "ref": 21, "will": 23}
    assert block.defenses == ("immunities death effects, disease; "
                              "resistances cold 10, physical 10 (except magical)")
    assert block.attacks == (
        Attack("hand", "4d8+10 negative", 24, ("finesse", "magical"), "paralyzing touch"),
        Attack("bolt", "2d6 fire", 20, ("ranged", "range 60 feet"), ""),
        Attack("spit", "1d4 acid", None, ("ranged",), ""),
        Attack("claw", "1d4 slashing, 1d6 fire", -2, ("agile",), ""),
    )
    assert block.unread == ()


def test_senses_give_the_perception_and_a_bonus_alone_labels_a_strike():
    block = read_statblock("Goblin Creature -1\nSenses Perception +5; darkvision\nAC 16\nHP 6\n"
                           "Melee +7 Damage 1d6 slashing", "pf2e")
    assert (block.init_mod, block.numbers) == (5, {"level": -1, "perception": 5, "ac": 16})
    assert block.attacks[0].label == "Strike" and block.attacks[0].bonus == 7
    assert block.traits == ("living",)


@pytest.mark.parametrize("text,numbers", [
    ("Gob\nCREATURE 3\nHP 5", {"level": 3}),
    ("Gob\nx creature 3\nHP 5", {}),
    ("Gob Creature -1\nHP 5", {"level": -1}),
    ("Gob Creature 999\nHP 5", {"level": 999}),
])
def test_the_level_is_read_after_the_name_or_on_a_line_of_its_own(text, numbers):
    assert read_statblock(text, "pf2e").numbers == numbers


@pytest.mark.parametrize("text,system,stats,defenses", [
    ("Goblin\nHP 6; Hardness 5", "pf2e", {"hp": 6}, "hardness 5"),
    ("Goblin\nHardness 5, HP 10", "pf2e", {"hp": 10}, "hardness 5"),
    ("Goblin\nHP 10\nResistance to critical hits 5", "pf2e", {"hp": 10}, "Resistance to critical hits 5"),
    ("Goblin\nVitality 0, Wounds 12\nVulnerable silver", "vitality-wounds", {"vitality": 0, "wounds": 12},
     "vulnerable silver"),
    ("Goblin\nHP 0, Vitality 5", "vitality-wounds", {"vitality": 5}, ""),
    ("Goblin\nVitality 5, HP 7", "pf2e", {"hp": 7}, ""),
    ("Goblin\nHP 5, Wounds 4", "pf2e", {"hp": 5}, ""),
    (f"Goblin\nHP {MAX_TRACK}", "pf2e", {"hp": MAX_TRACK}, ""),
    ("Goblin\nHP 0", "pf2e", {"hp": 0}, ""),
])
def test_the_hp_line_gives_the_tracks_and_hardness(text, system, stats, defenses):
    block = read_statblock(text, system)
    assert (block.stats, block.defenses) == (stats, defenses)


@pytest.mark.parametrize("text,position,line", [
    ("Goblin Creature 1000\nHP 6", 0, 1),
    ("Goblin Creature -2\nHP 6", 0, 1),
    ("Goblin\nPerception x\nHP 6", 18, 2),
    ("Goblin\nHP x6", 10, 2),
    ("Goblin\nAC 15", 12, 2),
    ("Goblin\nAC 15; Fort +99999\nHP 5", 19, 2),
    ("Gob\nHP 5\nMelee claw +99999 Damage 1d4 slashing", 20, 3),
    ("Gob\nHP 5\nMelee claw +2 Damage 1d4 fyre", 34, 3),
    (f"Gob\nHP {MAX_TRACK + 1}", 7, 2),
    ("Gob\nSenses Perception +99999\nHP 5", 22, 2),
    ("Gob\nHP 5; Resistances fyre 5", 22, 2),
    ("Gob\nHP 5\nWeaknesses fyre 5", 20, 3),
])
def test_each_mistake_is_placed_at_its_words(text, position, line):
    with pytest.raises(ParseError) as caught:
        read_statblock(text, "pf2e")
    assert isinstance(caught.value, BlockError)
    assert (caught.value.position, caught.value.line) == (position, line)


def test_perception_after_other_senses_is_read_and_bounded():
    block = read_statblock("Gob\nSenses darkvision, Perception +12\nHP 5", "pf2e")
    assert (block.init_mod, block.numbers) == (12, {"perception": 12})
    with pytest.raises(ParseError) as caught:
        read_statblock("Gob\nSenses darkvision, Perception +99999\nHP 5", "pf2e")
    assert isinstance(caught.value, BlockError)
    assert (caught.value.detail, caught.value.position) == (
        "Perception +99999 is out of bounds: -999 to 999", 34)


def test_a_strike_label_keeps_every_letter_of_its_name():
    block = read_statblock("Gob\nHP 5\nMelee ◆ Xiphos +10 (agile), Damage 1d6 piercing\n"
                           "Ranged ◆ Blaster X, Damage 1d8 fire", "pf2e")
    assert [a.label for a in block.attacks] == ["Xiphos", "Blaster X"]


def test_a_typo_after_resistance_to_critical_hits_is_placed_at_its_word():
    text = "Gob\nHP 5; Resistance to critical hits 5, fyre 5"
    with pytest.raises(ParseError) as caught:
        read_statblock(text, "pf2e")
    assert isinstance(caught.value, BlockError)
    assert (caught.value.position, caught.value.line) == (text.index("fyre"), 2)
