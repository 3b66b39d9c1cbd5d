"""What mutation testing left alive in core/encounter/numbers.py: the MAP
counted per actor and per turn (RULES §9), the GM's MAP step, saves rolled against one DC."""

from __future__ import annotations

import pytest

from core import Encounter
from core.creature.model import Attack


class Dice:
    """Dice that come up as listed."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        return self.faces.pop(0)


def _strikes() -> tuple[Encounter, str, str, str]:
    enc = Encounter("pf2e", "Strikes")
    rules = enc.rules
    sword = Attack("Sword", "1d8 slashing", 7)
    goblin = enc.add(rules.new_creature("Goblin", hp=15, attacks=[sword], numbers={"ref": 5}), initiative=20)
    orc = enc.add(rules.new_creature("Orc", hp=20, attacks=[sword], numbers={"ref": 3}), initiative=15)
    valeros = enc.add(rules.new_creature("Valeros", pc=True, hp=40, numbers={"ac": 18, "ref": 9}),
                      initiative=10)
    return enc, goblin, orc, valeros


def test_each_actor_counts_its_own_attacks_this_turn_up_to_the_third():
    enc, goblin, orc, valeros = _strikes()
    steps = [enc.attack(goblin, valeros, "sword", rng=Dice(10)).map_step for _ in range(4)]
    assert steps == [0, 1, 2, 2]
    assert enc.map_step(goblin) == 2 and enc.map_step(orc) == 0
    assert enc.attack(orc, valeros, rng=Dice(10)).map_step == 0     # another actor starts at the first
    assert enc.map_step(goblin) == 2 and enc.map_step(orc) == 0     # off its turn nothing counts (RULES §10)


def test_a_map_given_for_one_attack_counts_on_from_it():
    enc, goblin, _, valeros = _strikes()
    assert enc.attack(goblin, valeros, map=1, rng=Dice(10)).map_step == 1
    assert enc.map_step(goblin) == 2


def test_the_count_starts_again_on_the_next_turn_even_in_the_same_round():
    enc, goblin, orc, valeros = _strikes()
    enc.attack(goblin, valeros, rng=Dice(10))
    enc.next_turn()
    assert (enc.round, enc.map_step(goblin)) == (1, 0)
    enc.set_map_step(orc, 2)
    assert enc.map_step(orc) == 2 and enc.map_step(goblin) == 0     # the old turn's counts are gone


@pytest.mark.parametrize("step", [3, -1, True, "1"])
def test_the_map_step_is_zero_one_or_two(step):
    enc, goblin, *_ = _strikes()
    with pytest.raises(ValueError) as caught:
        enc.set_map_step(goblin, step)
    assert str(caught.value) == f"the MAP step is 0, 1 or 2, not {step!r}"
    assert enc.map_step(goblin) == 0


def test_a_map_step_for_no_such_creature_is_refused():
    enc, *_ = _strikes()
    with pytest.raises(KeyError):
        enc.set_map_step("c9", 1)


@pytest.mark.parametrize("dc", [0, 999])
def test_a_dc_from_0_to_999_is_rolled_against(dc):
    enc, goblin, *_ = _strikes()
    assert enc.roll_saves([goblin], "ref", dc, rng=Dice(10))[goblin] in ("success", "critical-success",
                                                                         "failure", "critical-failure")


@pytest.mark.parametrize("dc", [-1, 1000, 15.0, "15", True])
def test_a_dc_outside_0_to_999_is_refused_in_words(dc):
    enc, goblin, *_ = _strikes()
    with pytest.raises(ValueError) as caught:
        enc.roll_saves([goblin], "ref", dc)
    assert str(caught.value) == f"a DC is a whole number from 0 to 999, not {dc!r}"


def test_saves_default_to_reflex_against_20_and_each_target_rolls_once():
    enc, goblin, orc, _ = _strikes()
    dice = Dice(15, 15, 20)
    out = enc.roll_saves([goblin, orc, goblin], rng=dice)
    assert dict(out) == {goblin: "success", orc: "failure"}      # 15+5 = 20, 15+3 = 18 against 20
    assert dice.faces == [20]                                    # a target named twice rolls once
    assert out.rolls[goblin].total == 20
    assert enc.log[-1].kind == "add"                             # not a change


def test_an_attack_is_no_change():
    enc, goblin, _, valeros = _strikes()
    before = (enc.revision, enc.creature(valeros).hp)
    enc.attack(goblin, valeros, rng=Dice(10))
    assert (enc.revision, enc.creature(valeros).hp) == before
