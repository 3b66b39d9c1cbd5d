"""The table's numbers as data (RULES §8 "Numbers read"): Creature.numbers and
attacks with bonus and traits, per system, checked by the one schema."""

from __future__ import annotations

import pytest

from core import Encounter, get_system
from core.creature.model import Attack, Creature

GOBLIN = {"level": 1, "ac": 17, "fort": 5, "ref": 8, "will": 4, "perception": 6}


def test_a_pf2e_creature_keeps_its_printed_numbers():
    c = get_system("pf2e").new_creature("Goblin Pyro", hp=18, numbers=GOBLIN)
    assert c.numbers == GOBLIN


@pytest.mark.parametrize(("system", "stats", "numbers"), [
    ("sf2e", {"hp": 20}, {"level": 2, "ac": 18, "perception": 7}),
    ("vitality-wounds", {"vitality": 20, "wounds": 10}, {"ac": 16, "will": -1}),
    ("d20-3e", {"hp": 13}, {"ac": 16, "touch": 8, "flat_footed": 16, "fort": 6, "ref": 0, "will": 1}),
    ("daggerheart", {"hp": 6, "stress": 3}, {"tier": 1, "difficulty": 12, "attack": 1, "minion": 4}),
])
def test_each_system_keeps_only_its_own_numbers(system, stats, numbers):
    assert get_system(system).new_creature("It", numbers=numbers, **stats).numbers == numbers


@pytest.mark.parametrize(("system", "stats", "key"), [
    ("pf2e", {"hp": 20}, "touch"),
    ("pf2e", {"hp": 20}, "difficulty"),
    ("d20-3e", {"hp": 20}, "level"),
    ("d20-3e", {"hp": 20}, "perception"),
    ("daggerheart", {"hp": 6}, "ac"),
    ("daggerheart", {"hp": 6}, "evasion"),      # an adversary has Difficulty, a PC Evasion
])
def test_a_number_the_system_does_not_have_is_refused(system, stats, key):
    with pytest.raises(ValueError, match=key):
        get_system(system).new_creature("It", numbers={key: 10}, **stats)


@pytest.mark.parametrize("numbers", [{"ac": -1}, {"ac": 10**6}, {"fort": 1000}, {"ac": "17"},
                                     {"ac": True}, {"level": -2}])
def test_a_number_out_of_bounds_is_refused(numbers):
    with pytest.raises(ValueError):
        get_system("pf2e").new_creature("It", hp=5, numbers=numbers)


def test_a_daggerheart_pc_has_evasion_and_hope():
    pc = get_system("daggerheart").new_creature("Kyra", pc=True, hp=6, numbers={"evasion": 11})
    assert pc.numbers == {"evasion": 11} and pc.hope == 0


def test_attacks_keep_bonus_traits_and_note():
    rs = get_system("pf2e")
    c = rs.new_creature("Goblin", hp=6, attacks=[("dogslicer", "1d6 slashing", 7, "agile, finesse"),
                                                 Attack("shortbow", "1d6 piercing", 7, ("ranged",))])
    assert c.attacks[0] == Attack("dogslicer", "1d6 slashing", 7, ("agile", "finesse"))
    assert c.attacks[1].ranged and not c.attacks[0].ranged
    assert Creature.from_state(c.to_state()) == c


@pytest.mark.parametrize("attack", [("claw",), ("claw", 5), ("claw", "1d6", "+5"), ("claw", "1d6", 1000)])
def test_a_bad_attack_is_refused(attack):
    with pytest.raises(ValueError):
        get_system("pf2e").new_creature("It", hp=5, attacks=[attack])


def test_an_older_attack_table_loads_without_bonus():
    c = Creature.from_state({"name": "Ogre", "hp": 5, "max_hp": 5,
                             "attacks": [{"label": "club", "damage": "1d10+4 bludgeoning"}]})
    assert c.attacks == [Attack("club", "1d10+4 bludgeoning")] and c.numbers == {}


def test_edit_sets_numbers_and_attacks_as_one_undo_step():
    enc = Encounter("pf2e", "Numbers")
    cid = enc.add(get_system("pf2e").new_creature("Goblin", hp=6))
    enc.update(cid, numbers={"ac": 16}, attacks=[("spear", "1d6 piercing", 6)])
    assert enc.creature(cid).numbers == {"ac": 16} and enc.creature(cid).attacks[0].bonus == 6
    with pytest.raises(ValueError):
        enc.update(cid, numbers={"touch": 3})
    enc.undo()
    assert enc.creature(cid).numbers == {} and enc.creature(cid).attacks == []


def test_next_encounter_carries_numbers_attacks_and_hope():
    enc = Encounter("daggerheart", "Scene 1")
    pc = get_system("daggerheart").new_creature("Kyra", pc=True, hp=6, numbers={"evasion": 11},
                                                attacks=[("sword", "1d8+1 physical", 3)])
    cid = enc.add(pc)
    enc.update(cid, now_hp_marked=1)
    enc.creatures[cid].hope = 3  # set as mark_hope will
    kept = next(iter(enc.next_encounter("Scene 2").creatures.values()))
    assert (kept.numbers, kept.attacks, kept.hope) == ({"evasion": 11}, pc.attacks, 3)
