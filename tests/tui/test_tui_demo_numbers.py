"""The Starfinder 2e and Vitality & Wounds demos carry the table's numbers and attacks, so the
attack helper and the rolled saves can be tried there as in the other demos."""

from __future__ import annotations

import random

import pytest
from tui_support import ids_by_name

from tui.demo import demo_encounter


@pytest.mark.parametrize("system", ["sf2e", "vitality-wounds"])
def test_every_creature_has_ac_saves_and_perception(system):
    encounter = demo_encounter(system)
    for cid in encounter.order:
        numbers = encounter.creature(cid).numbers
        assert {"level", "ac", "fort", "ref", "will", "perception"} <= numbers.keys(), \
            encounter.creature(cid).name


@pytest.mark.parametrize("system", ["sf2e", "vitality-wounds"])
def test_every_creature_has_an_attack_the_helper_rolls(system):
    encounter = demo_encounter(system)
    pc = next(cid for cid in encounter.order if encounter.creature(cid).pc)
    for cid in encounter.order:
        creature = encounter.creature(cid)
        assert creature.attacks, creature.name
        target = pc if not creature.pc else next(c for c in encounter.order if not encounter.creature(c).pc)
        result = encounter.attack(cid, target, rng=random.Random(3))
        assert result.dc == encounter.numbers_of(target)["ac"]


@pytest.mark.parametrize("system", ["sf2e", "vitality-wounds"])
def test_rolled_saves_work_on_every_creature(system):
    encounter = demo_encounter(system)
    rolled = encounter.roll_saves(encounter.order, "ref", 18, rng=random.Random(5))
    assert set(rolled) == set(encounter.order)


def test_the_werewolf_hunters_silver_bullets_take_wounds_by_vulnerability():
    encounter = demo_encounter("vitality-wounds")
    ids = ids_by_name(encounter)
    kade = encounter.creature(ids["Agent Kade"])
    assert any("silver" in attack.damage for attack in kade.attacks)
