"""What mutation testing left alive in core/statblocks/daggerheart.py: every
field of an adversary block, thresholds with None, Minion and Horde, the defenses a passive
feature gives, each bound at and one past, and the caret of each mistake."""

from __future__ import annotations

import pytest

from core.creature.model import Attack
from core.creature.schema import MAX_TRACK, bounds
from core.statblocks import read_statblock
from core.statblocks.text import BlockError
from core.text.errors import ParseError

BURROWER = """Acid Burrower
Tier 1 Solo
Difficulty: 14 | Thresholds: 8/15 | HP: 8 | Stress: 3
ATK: +3 | Claws: Very Close | 1d12+2 phy/mag
Minion (5) - Passive: x
Horde (2d6+1) - Passive: y
Bony - Passive: The Skull is resistant to magic damage. While hidden it is immune to physical damage."""


def _read(text: str):
    return read_statblock(text, "daggerheart")


def test_a_whole_adversary_block_is_read():
    block = _read(BURROWER)
    assert block.stats == {"armor": 0, "major": 8, "severe": 15, "hp": 8, "stress": 3}
    assert block.numbers == {"tier": 1, "difficulty": 14, "attack": 3, "minion": 5}
    assert block.attacks == (Attack("Claws (physical)", "1d12+2 physical", 3),
                             Attack("Claws (magic)", "1d12+2 magic", 3))
    assert (block.horde, block.defenses, block.unset, block.unread) == ("2d6+1 physical", "resistances magic", {}, ())


def test_a_horde_deals_its_attacks_type_and_none_thresholds_are_unset():
    block = _read("Rats\nDifficulty: 10 | Thresholds: None | HP: 3 | Stress: 1\nATK: -1 | Bite: Melee | 1d4 mag\n"
                  "Horde (1d4) - Passive: x")
    assert block.attacks == (Attack("Bite", "1d4 magic", -1),)
    assert (block.horde, block.numbers) == ("1d4 magic", {"difficulty": 10, "attack": -1})
    assert (block.stats["major"], block.stats["severe"], block.unset) == (0, 0, {"major": None, "severe": None})


@pytest.mark.parametrize("thresholds,major,severe,unset", [
    ("4/None", 4, 4, {"severe": None}),
    ("4", 4, 4, {"severe": None}),
    ("4/4", 4, 4, {}),
    (f"0/{MAX_TRACK}", 0, MAX_TRACK, {}),
])
def test_thresholds_read_with_none_for_what_is_missing(thresholds, major, severe, unset):
    block = _read(f"Rats\nThresholds: {thresholds} | HP: 3")
    assert (block.stats["major"], block.stats["severe"], block.unset) == (major, severe, unset)


def test_a_passive_feature_gives_defenses_unless_it_says_when():
    block = _read("Rats\nThresholds: 4/9 | HP: 3\nSkull - Passive: When hit it is immune to magic damage. "
                  "It is immune to physical damage.\nB - Passive: It is resistant to physical damage.")
    assert block.defenses == "immunities physical; resistances physical"


def test_hp_and_stress_reach_the_systems_bounds():
    high_hp, high_stress = bounds("daggerheart", "max_hp")[1], bounds("daggerheart", "stress")[1]
    block = _read(f"Rats\nThresholds: 4/9 | HP: {high_hp} | Stress: {high_stress}")
    assert (block.stats["hp"], block.stats["stress"]) == (high_hp, high_stress)
    for field, high in (("HP", high_hp), ("Stress", high_stress)):
        with pytest.raises(ParseError, match="out of bounds"):
            _read(f"Rats\nThresholds: 4/9 | HP: 3 | {field}: {high + 1}")


@pytest.mark.parametrize("text,position,line", [
    ("Rats\nDifficulty: 10 | Thresholds: None/5 | HP: 3", 34, 2),
    ("Rats\nDifficulty: 10 | Thresholds: 9/5 | HP: 3", 34, 2),
    ("Rats\nDifficulty: 10 | Thresholds: x | HP: 3", 34, 2),
    ("Rats\nDifficulty: 10 | Thresholds: 4/9", 37, 2),
    ("Rats\nDifficulty: 10 | HP: 3", 27, 2),
    ("Rats\nThresholds: 4/9 | HP: x3", 27, 2),
    ("Rats\nThresholds: 4/9 | HP: 3 | ATK: +1", 36, 2),
    ("Rats\nThresholds: 4/9 | HP: 3 | ATK: +1 | Bite: Melee | 1d4 fire", 55, 2),
    ("Rats\nThresholds: 4/9 | HP: 3 | ATK: +1 | Bite: Melee | 1dx phy", 56, 2),
    ("Rats\nThresholds: 4/9 | HP: 3 | ATK: +1 | x | 1d4 phy", 36, 2),
    ("Rats\nThresholds: 4/9 | HP: 3\nMinion (0) - Passive: x", 51, 3),
    ("Rats\nTier 100\nThresholds: 4/9 | HP: 3", 10, 2),
    ("Rats\nTier 0\nThresholds: 4/9 | HP: 3", 10, 2),
    ("Rats\nThresholds: 4/1000001 | HP: 3", 19, 2),
    ("Rats\nThresholds: 1000001 | HP: 3", 17, 2),
])
def test_each_mistake_is_placed_at_its_field(text, position, line):
    with pytest.raises(ParseError) as caught:
        _read(text)
    assert isinstance(caught.value, BlockError)
    assert (caught.value.position, caught.value.line) == (position, line)


def test_a_horde_without_an_attack_deals_physical_damage():
    assert _read("Rats\nThresholds: 4/9 | HP: 3\nHorde (1d4) - Passive: x").horde == "1d4 physical"
