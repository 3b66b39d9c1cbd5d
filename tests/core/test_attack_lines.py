"""Printed attack lines given to new_creature (RULES §10): read exactly as a stat block reads
them, in each system's layout, refused with the field named, saved and loaded back equal."""

from __future__ import annotations

import pytest
from core_support import Stats

from core import Encounter, ParseError, get_system
from core.creature.model import Attack
from saves import load, save

LINES = {
    "pf2e": ("Melee ◆ dogslicer +7 (agile, backstabber, finesse), Damage 1d6 slashing",
             Attack("dogslicer", "1d6 slashing", 7, ("agile", "backstabber", "finesse"))),
    "sf2e": ("Ranged laser pistol +9 (range increment 40 feet), Damage 1d6 fire",
             Attack("laser pistol", "1d6 fire", 9, ("ranged", "range increment 40 feet"))),
    "vitality-wounds": ("Melee claw +6 (agile), Damage 1d6+3 slashing",
                        Attack("claw", "1d6+3 slashing", 6, ("agile",))),
    "daggerheart": ("ATK: +3 | Claws: Very Close | 1d12+2 phy",
                    Attack("Claws", "1d12+2 physical", 3)),
    "d20-3e": ("Greatclub +8 melee (2d8+7/19-20/x3)",
               Attack("Greatclub", "2d8+7", 8, (), "", 19, 3)),
}
STATS: dict[str, Stats] = {"pf2e": {"hp": 6}, "sf2e": {"hp": 6}, "vitality-wounds": {"vitality": 10, "wounds": 6},
         "daggerheart": {"hp": 4, "major": 5, "severe": 9, "stress": 2}, "d20-3e": {"hp": 29}}


@pytest.mark.parametrize("system", sorted(LINES))
def test_a_printed_attack_line_is_read_as_the_block_reads_it(system):
    line, expected = LINES[system]
    c = get_system(system).new_creature("Foe", attacks=[line], **STATS[system])
    assert c.attacks == [expected]


@pytest.mark.parametrize("system", sorted(LINES))
def test_printed_attack_lines_save_and_load_back_equal(system, tmp_path, monkeypatch):
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    enc = Encounter(system, "lines")
    cid = enc.add(get_system(system).new_creature("Foe", attacks=[LINES[system][0]], **STATS[system]))
    again = load(save(enc))
    assert again.creature(cid).attacks == enc.creature(cid).attacks == [LINES[system][1]]


def test_the_ogre_of_the_acceptance_api():
    c = get_system("d20-3e").new_creature("Ogre", hp=29, numbers={"ac": 16},
                                          attacks=["Greatclub +8 melee (2d8+7/19-20/x3)"])
    assert (c.attacks[0].threat, c.attacks[0].multiplier, c.attacks[0].damage) == (19, 3, "2d8+7")


def test_attack_lines_mix_with_attacks_given_as_values():
    c = get_system("pf2e").new_creature("Foe", hp=6, attacks=[
        ("jaws", "1d8 piercing", 5), "Ranged ◆ shortbow +7 (deadly d10), Damage 1d6 piercing"])
    assert [a.label for a in c.attacks] == ["jaws", "shortbow"]
    assert c.attacks[1].ranged


def test_a_daggerheart_phy_mag_line_gives_two_attacks():
    c = get_system("daggerheart").new_creature("Foe", hp=4, major=5, severe=9, stress=2,
                                               attacks=["ATK: +1 | Bite: Melee | 1d8 phy/mag"])
    assert [a.damage for a in c.attacks] == ["1d8 physical", "1d8 magic"]


@pytest.mark.parametrize(("system", "line", "says"), [
    ("pf2e", "dogslicer +7 (agile)", "Strike"),
    ("pf2e", "Melee claw +7, Damage 1d6 slashy", "slashy"),
    ("d20-3e", "a big club", "melee"),
    ("daggerheart", "ATK: +3 | Claws: Very Close | 1d12+2 psychic", "ATK"),
])
def test_a_line_it_cannot_read_is_refused_naming_the_field(system, line, says):
    with pytest.raises(ParseError) as caught:
        get_system(system).new_creature("Foe", attacks=["Melee jaws +5, Damage 1d8 piercing"
                                                        if system == "pf2e" else LINES[system][0], line],
                                        **STATS[system])
    assert caught.value.message.startswith("attacks[1]: ") and says in caught.value.message
