"""d20 System 3.0 at its edges, from a whole mutmut run of core/systems/d20.py:
a creature marked dying at 0 HP, the bar of a creature without max HP, and when an edit settles
the status (only a living creature whose numbers changed)."""

from __future__ import annotations

import pytest

from core.creature.model import Creature
from core.systems import get_system

RULES = get_system("d20-3e")


def _orc(hp: int, *conditions: str) -> Creature:
    orc = RULES.new_creature("Orc", hp=10)
    orc.hp, orc.conditions = hp, set(conditions)
    return orc


def test_a_creature_marked_dying_at_0_hp_loses_its_hp_on_a_failed_check():
    outcome = RULES.resolve_dying_check(_orc(0, "dying"), 50)
    assert outcome.changes["hp"] == -1
    assert any("0 → -1" in step.text for step in outcome.records)


def test_a_creature_without_max_hp_shows_an_empty_bar():
    assert RULES.track_fraction(Creature(name="Shade")) == 0.0
    assert RULES.track_fraction(Creature(name="Shade", hp=5, max_hp=0)) == 0.0


def test_an_edit_that_changes_no_number_settles_nothing():
    before = _orc(0, "dying")  # marked dying by hand at 0 HP: the GM's word stands
    work = before.clone()
    assert RULES.settle_status(work, before) == []
    assert work.conditions == {"dying"}


def test_the_dead_stay_as_marked_when_their_hp_is_edited():
    before = _orc(-10, "dead", "unconscious")
    work = before.clone()
    work.hp = -12
    assert RULES.settle_status(work, before) == []
    assert work.conditions == {"dead", "unconscious"}


def test_an_edit_of_a_creature_without_hp_settles_nothing():
    before = Creature(name="Shade", max_hp=10)
    work = before.clone()
    work.max_hp = 0
    assert RULES.settle_status(work, before) == []
    assert work.conditions == set()


def test_an_edit_to_0_hp_disables():
    before = _orc(5)
    work = before.clone()
    work.hp = 0
    assert RULES.settle_status(work, before) == ["now disabled"]
    assert work.conditions == {"disabled"}


def test_a_creature_marked_stable_or_dead_beside_dying_makes_no_check():
    assert RULES.needs_dying_check(_orc(-3, "dying"))
    assert not RULES.needs_dying_check(_orc(-3, "dying", "stable"))
    assert not RULES.needs_dying_check(_orc(-3, "dying", "dead"))


def test_an_immunity_shows_the_part_it_removes():
    golem = RULES.new_creature("Golem", hp=30, defenses="immune fire")
    outcome = RULES.resolve(golem, RULES.roll(["4 fire", "3 slashing"]))
    immunity = [step.text for step in outcome.records if step.kind == "immunity"]
    assert len(immunity) == 1 and "fire" in immunity[0] and "4 → 0" in immunity[0]
    assert outcome.changes["hp"] == 27


def _weakness_steps(outcome) -> list[str]:
    return [step.text for step in outcome.records if step.kind == "weakness"]


def test_the_highest_of_two_weaknesses_adds_and_is_shown():
    troll = RULES.new_creature("Troll", hp=50, defenses="weakness fire 2, weakness fire 7")
    outcome = RULES.resolve(troll, RULES.roll("3 fire"))
    assert outcome.changes["hp"] == 40
    steps = _weakness_steps(outcome)
    assert len(steps) == 1 and "3 → 10" in steps[0]


@pytest.mark.parametrize(("damage", "hp"), [("1 fire", 44), ("3, -2 fire", 47)])
def test_a_weakness_adds_to_a_part_that_deals_damage_only(damage, hp):
    """1 fire takes the weakness; a part rolled below 0 counts as 0 and takes none."""
    troll = RULES.new_creature("Troll", hp=50, defenses="weakness fire 5")
    assert RULES.resolve(troll, RULES.roll(damage)).changes["hp"] == hp


def test_damage_reduction_reduces_untyped_damage():
    golem = RULES.new_creature("Golem", False, "DR 5/magic", hp=50)
    out = RULES.resolve(golem, RULES.roll("7 untyped"))
    assert [s.text for s in out.records][1:3] == ["damage reduction 5/magic: 7 → 2", "total: 2"]
