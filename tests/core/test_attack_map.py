"""The multiple attack penalty's count (RULES §10): only the actor's own turn counts, an attack
not counted (the damage form's cancelled one) leaves it, and a save keeps it mid-turn. Clumsy
lowers ranged and finesse melee attacks, enfeebled the other melee attacks."""

from __future__ import annotations

import pytest

from core import Encounter, get_system
from core.creature.model import Attack
from saves import load, save


class Ten:
    def randint(self, a: int, b: int) -> int:
        return 10


def duel():
    enc = Encounter("pf2e", "t")
    rs = get_system("pf2e")
    a = enc.add(rs.new_creature("Goblin", hp=10, numbers={"ac": 15},
                                attacks=[Attack("dogslicer", "1d6 slashing", 8)]),
                initiative=20)
    b = enc.add(rs.new_creature("Fighter", hp=10, numbers={"ac": 15},
                                attacks=[Attack("sword", "1d8 slashing", 9)]), initiative=10)
    return enc, a, b


def test_off_its_own_turn_an_attack_is_at_step_0_and_counts_nothing():
    enc, goblin, fighter = duel()
    assert enc.active == goblin
    reactions = [enc.attack(fighter, goblin, rng=Ten()) for _ in range(3)]   # reactions
    assert [r.map_step for r in reactions] == [0, 0, 0] and enc.map_step(fighter) == 0
    assert enc.attack(fighter, goblin, map=1, rng=Ten()).map_step == 1       # the GM's step
    enc.next_turn()
    assert enc.attack(fighter, goblin, rng=Ten()).map_step == 0              # its own first


def test_an_attack_not_counted_leaves_the_map():
    enc, goblin, fighter = duel()
    enc.attack(goblin, fighter, rng=Ten(), count=False)
    assert enc.map_step(goblin) == 0
    enc.attack(goblin, fighter, rng=Ten())
    assert enc.map_step(goblin) == 1


def test_a_save_mid_turn_keeps_the_map(tmp_path, monkeypatch):
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    enc, goblin, fighter = duel()
    enc.attack(goblin, fighter, rng=Ten())
    enc.attack(goblin, fighter, rng=Ten())
    again = load(save(enc))
    assert again.map_step(goblin) == 2
    assert again.attack(goblin, fighter, rng=Ten()).bonus == 8 - 10


def test_a_save_after_the_turn_has_no_count(tmp_path, monkeypatch):
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    enc, goblin, fighter = duel()
    enc.attack(goblin, fighter, rng=Ten())
    enc.next_turn()
    assert load(save(enc)).map_step(goblin) == 0


@pytest.mark.parametrize(("condition", "finesse", "plain", "ranged"), [
    ("clumsy", 6, 8, 6), ("enfeebled", 8, 6, 8)])
def test_clumsy_lowers_finesse_and_ranged_and_enfeebled_the_other_melee(condition, finesse, plain, ranged):
    enc = Encounter("pf2e", "t")
    rs = get_system("pf2e")
    a = enc.add(rs.new_creature("Goblin", hp=10, attacks=[
        Attack("dogslicer", "1d6 slashing", 8, ("agile", "finesse")), Attack("club", "1d6 bludgeoning", 8),
        Attack("bow", "1d6 piercing", 8, ("ranged",))]))
    b = enc.add(rs.new_creature("Target", hp=10, numbers={"ac": 0}))
    enc.add_condition(a, condition, 2)
    assert [enc.attack(a, b, i, map=0, rng=Ten()).bonus for i in range(3)] == [finesse, plain, ranged]


def test_a_hand_edited_count_out_of_range_is_refused(tmp_path, monkeypatch):
    from saves import SaveError

    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    enc, goblin, fighter = duel()
    enc.attack(goblin, fighter, rng=Ten())
    path = save(enc)
    text = path.read_text("utf-8")
    assert f"{goblin} = 1" in text
    path.write_text(text.replace(f"{goblin} = 1", f"{goblin} = 9"), "utf-8")
    with pytest.raises(SaveError, match="strikes"):
        load(path)


def test_a_creature_removed_after_its_attack_does_not_spoil_the_save(tmp_path, monkeypatch):
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    enc, goblin, fighter = duel()
    enc.attack(goblin, fighter, rng=Ten())
    enc.remove(goblin)
    again = load(save(enc))
    assert goblin not in again.creatures
