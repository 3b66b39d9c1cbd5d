"""What mutation testing left alive in core/table/numbers.py and rolls.py: each degree at
its edges, a natural 1 and 20, threat ranges, the MAP, save words, Hope at 6 and at 0, Minions
per X, choosing an attack, what an attack rolls against, and drained's HP."""

from __future__ import annotations

import copy

import pytest

from core import get_system
from core.creature.model import Attack
from core.table.numbers import d20_save, degree, degree_of, drained_hp, hope_after, minions_defeated
from core.table.rolls import _threat, choose_attack, defense_of, map_penalty, save_key


@pytest.mark.parametrize("total,natural,got", [
    (20, None, "critical-success"), (19, None, "success"), (10, None, "success"), (9, None, "failure"),
    (1, None, "failure"), (0, None, "critical-failure"),
    (20, 1, "success"), (19, 20, "critical-success"), (30, 20, "critical-success"), (0, 20, "failure"),
    (0, 1, "critical-failure"), (9, 1, "critical-failure"),
])
def test_a_degree_at_each_edge_against_dc_10(total, natural, got):
    assert degree(total, 10, natural) == got


def test_other_systems_succeed_on_the_dc_and_d20_on_a_natural_20():
    assert (d20_save(5, 10, 20), d20_save(30, 10, 1), d20_save(10, 10), d20_save(9, 10)) == \
        ("success", "failure", "success", "failure")
    assert degree_of("daggerheart", 10, 10) == "success"
    assert degree_of("daggerheart", 9, 10, 20) == "failure"
    assert degree_of("d20-3e", 9, 10, 20) == "success"
    assert degree_of("pf2e", 20, 10) == "critical-success"


@pytest.mark.parametrize("traits,low", [(("19-20",), 19), (("2-20",), 2), (("1-20",), 20), (("x-20",), 20),
                                        (("18-19",), 20), (("21-20",), 20), ((), 20)])
def test_a_threat_range_comes_from_a_trait(traits, low):
    assert _threat(Attack("a", "", traits=traits)) == low


def test_the_multiple_attack_penalty_by_step_and_agile():
    plain, agile = Attack("a", ""), Attack("a", "", traits=("agile",))
    assert [map_penalty(plain, s) for s in (0, 1, 2)] == [0, 5, 10]
    assert [map_penalty(agile, s) for s in (0, 1, 2)] == [0, 4, 8]
    for step in (True, 3, -1):
        with pytest.raises(ValueError, match=f"not {step!r}"):
            map_penalty(plain, step)


def test_a_save_reads_from_the_gms_word():
    assert (save_key(" Reflex "), save_key("FORTITUDE"), save_key("will")) == ("ref", "fort", "will")
    with pytest.raises(ValueError, match="not 'luck'"):
        save_key("luck")


def _pc():
    pc = get_system("daggerheart").new_creature("Ann", pc=True, hp=6, major=3, severe=6)
    pc.hope = 5
    return pc


ADVERSARY = get_system("daggerheart").new_creature("Rat", hp=6, major=3, severe=6,
                                                   numbers={"minion": 5, "difficulty": 12, "attack": 2})


def test_hope_is_marked_up_to_six_and_spent_down_to_zero():
    assert hope_after(_pc(), 1, 1) == (6, "Ann marks 1 Hope: 5 → 6")
    assert hope_after(_pc(), 2, 1) == (6, "Ann marks 2 Hope: 5 → 6 (at most 6)")
    assert hope_after(_pc(), 5, -1) == (0, "Ann spends 5 Hope: 5 → 0")
    for amount, sign, message in ((6, -1, "Ann has only 5 Hope to spend"),
                                  (0, 1, "not 0"), (True, 1, "not True")):
        with pytest.raises(ValueError, match=message):
            hope_after(_pc(), amount, sign)
    with pytest.raises(ValueError, match="only PCs have Hope"):
        hope_after(ADVERSARY, 1, 1)


def test_one_minion_more_for_every_x_damage():
    assert [minions_defeated(ADVERSARY, t) for t in (0, 4, 5, 10, 11, -5)] == [0, 0, 1, 2, 2, 0]


GOBLIN = get_system("pf2e").new_creature("Gob", hp=30, numbers={"level": 3, "ac": 17},
                                         attacks=[Attack("Claw", "1d6 slashing", 5), Attack("Bite", "1d4 piercing", 3)])
NOBODY = get_system("pf2e").new_creature("N", hp=30)


def test_an_attack_is_chosen_by_label_or_index():
    assert choose_attack(ADVERSARY, 0) == choose_attack(ADVERSARY, "attack") == Attack("attack", "")
    assert choose_attack(GOBLIN, " claw ").label == "Claw"
    assert choose_attack(GOBLIN, 1).label == "Bite"


@pytest.mark.parametrize("creature,which,message", [
    (GOBLIN, "kick", "Gob has no attack 'kick'; it has Claw, Bite"),
    (GOBLIN, 2, "Gob has no attack 2 (2 from its stat block or edit form)"),
    (GOBLIN, -1, "Gob has no attack -1 (2 from its stat block or edit form)"),
    (GOBLIN, True, "Gob has no attack True (2 from its stat block or edit form)"),
    (NOBODY, "kick", "N has no attack 'kick'; it has none"),
    (NOBODY, 0, "N has no attack 0 (0 from its stat block or edit form)"),
])
def test_an_attack_that_is_not_there_is_refused_saying_what_there_is(creature, which, message):
    with pytest.raises(ValueError) as caught:
        choose_attack(creature, which)
    assert str(caught.value) == message


def test_an_attack_rolls_against_ac_or_difficulty_or_evasion():
    assert defense_of(GOBLIN, "pf2e") == (17, "AC 17")
    assert defense_of(ADVERSARY, "daggerheart") == (12, "Difficulty 12")
    for creature, system, word in ((NOBODY, "pf2e", "N has no AC"), (_pc(), "daggerheart", "Ann has no Evasion"),
                                   (ADVERSARY, "pf2e", "Rat has no AC")):
        with pytest.raises(ValueError, match=word):
            defense_of(creature, system)


def test_drained_takes_level_times_x_and_gives_back_only_the_maximum():
    before = copy.deepcopy(GOBLIN)
    after = copy.deepcopy(GOBLIN)
    after.conditions = set(after.conditions) | {"drained"}
    after.condition_values = {"drained": 2}
    assert drained_hp(before, after, "pf2e") == ["drained 2: loses level 3 × 2 = 6 HP and max HP: 30/30 → 24/24"]
    assert (after.hp, after.max_hp) == (24, 24)
    less = copy.deepcopy(after)
    less.condition_values = {"drained": 1}
    assert drained_hp(after, less, "pf2e") == ["drained 2 → 1: max HP 24 → 27 (the HP lost is not regained)"]
    assert (less.hp, less.max_hp) == (24, 27)
    assert drained_hp(before, after, "d20-3e") == []
    assert drained_hp(before, copy.deepcopy(before), "pf2e") == []


def test_a_number_without_a_word_of_its_system_is_said_by_its_key():
    from core.table.numbers import Numbers

    numbers = Numbers("pf2e", {"speed": 25}, {})
    numbers["speed"] = 25
    assert numbers.text("speed") == "speed 25"


def test_the_map_step_refused_is_named():
    with pytest.raises(ValueError) as caught:
        map_penalty(Attack("Sword", "1d8 slashing"), 3)
    assert str(caught.value) == "the MAP step is 0, 1 or 2, not 3"


def test_a_daggerheart_natural_20_is_said_as_one():
    from core import Encounter

    class Dice:
        def __init__(self, face: int) -> None:
            self.face = face

        def randint(self, low: int, high: int) -> int:
            return self.face

    enc = Encounter("daggerheart", "Scene")
    bear = enc.add(enc.rules.new_creature("Bear", numbers={"difficulty": 14, "attack": 2}))
    kyra = enc.add(enc.rules.new_creature("Kyra", pc=True, hp=6, numbers={"evasion": 12}))
    assert enc.attack(bear, kyra, rng=Dice(20)).steps[-1] == \
        "d20 20+2 = 22 vs Evasion 12: critical hit (natural 20)"
    assert enc.attack(bear, kyra, rng=Dice(19)).steps[-1] == "d20 19+2 = 21 vs Evasion 12: hit"


def test_drained_names_vitality_in_the_vitality_and_wounds_game():
    rules = get_system("vitality-wounds")
    before = rules.new_creature("Ogre", vitality=20, wounds=10)
    after = copy.deepcopy(before)
    after.conditions = set(after.conditions) | {"drained"}
    after.condition_values = {"drained": 1}
    assert drained_hp(before, after, "vitality-wounds") == [
        "drained 1: loses level 1 × 1 = 1 Vitality and max Vitality: 20/20 → 19/19"]
    assert (after.vitality, after.max_vitality) == (19, 19)


def test_a_flat_footed_d20_creature_shows_its_flat_footed_ac_and_why():
    from core.table.numbers import numbers_of

    orc = get_system("d20-3e").new_creature("Orc", hp=20)
    orc.numbers.update({"ac": 15, "flat_footed": 12})
    orc.conditions = set(orc.conditions) | {"flat-footed"}
    assert numbers_of(orc, "d20-3e").text("ac") == "AC 12 (15, flat-footed: flat-footed AC 12)"
