"""Numbers and attacks are kept by saves and the bestiary, checked on load."""

from __future__ import annotations

import pytest

import saves
from core import Encounter, get_system
from core.creature.model import Attack
from saves import library


def _goblin():
    return get_system("pf2e").new_creature(
        "Goblin Pyro", hp=18, numbers={"level": 1, "ac": 17, "fort": 5, "ref": 8, "will": 4, "perception": 6},
        attacks=[Attack("dogslicer", "1d6 slashing", 8, ("agile", "finesse")),
                 Attack("shortbow", "1d6 piercing", 7, ("ranged",), "range 60 feet")])


def test_numbers_and_attacks_survive_save_and_load():
    enc = Encounter("pf2e", "Numbers")
    cid = enc.add(_goblin())
    back = saves.load(saves.save(enc))
    assert back.creature(cid).numbers == enc.creature(cid).numbers
    assert back.creature(cid).attacks == enc.creature(cid).attacks


def test_hope_survives_save_and_load():
    enc = Encounter("daggerheart", "Hope")
    cid = enc.add(get_system("daggerheart").new_creature("Kyra", pc=True, hp=6, numbers={"evasion": 11}))
    enc.creatures[cid].hope = 4
    assert saves.load(saves.save(enc)).creature(cid).hope == 4


@pytest.mark.parametrize(("field", "bad"), [
    ("numbers", 'numbers = { touch = 3 }'),
    ("numbers", 'numbers = { ac = -4 }'),
    ("numbers", 'numbers = { ac = "17" }'),
    ("attacks", 'attacks = [{ label = "claw", damage = "1d6", bonus = "+5" }]'),
    ("attacks", 'attacks = [{ label = "claw", damage = "1d6", traits = [1] }]'),
])
def test_a_load_refuses_a_bad_number_naming_it(field, bad):
    enc = Encounter("pf2e", "Bad")
    enc.add(get_system("pf2e").new_creature("Goblin", hp=6))
    path = saves.save(enc)
    text = path.read_text(encoding="utf-8").replace('name = "Goblin"\n', f'name = "Goblin"\n{bad}\n')
    path.write_text(text, encoding="utf-8")
    with pytest.raises(saves.SaveError, match=field):
        saves.load(path)


def test_the_bestiary_keeps_numbers_and_attacks():
    goblin = _goblin()
    library.add("pf2e", goblin)
    back = library.get("pf2e", goblin.name)
    assert (back.numbers, back.attacks) == (goblin.numbers, goblin.attacks)


def test_edits_of_numbers_attacks_and_hope_undo_after_a_load():
    enc = Encounter("daggerheart", "Undo")
    rs = get_system("daggerheart")
    kyra = enc.add(rs.new_creature("Kyra", pc=True, hp=6, numbers={"evasion": 11}))
    bear = enc.add(rs.new_creature("Bear", hp=6, numbers={"difficulty": 14}))
    enc.update(bear, numbers={"difficulty": 15, "attack": 2}, attacks=[("claws", "1d8+3 phy", 2, ("melee",))])
    enc.mark_hope(kyra, 2)
    back = saves.load(saves.save(enc))
    assert back.creature(kyra).hope == 2 and back.creature(bear).attacks[0].bonus == 2
    back.undo()
    assert back.creature(kyra).hope == 0
    back.undo()
    assert back.creature(bear).numbers == {"difficulty": 14} and back.creature(bear).attacks == []
    back.redo()
    assert back.creature(bear).attacks == [Attack("claws", "1d8+3 phy", 2, ("melee",))]
