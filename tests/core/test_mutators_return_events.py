"""Every encounter mutator returns the event it logged: the TUI's one path
for change shows it without reading the log back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from core import Encounter, get_system


def party() -> tuple[Encounter, list[str]]:
    rs = get_system("pf2e")
    enc = Encounter("pf2e", "Fight")
    ids = enc.add_many([rs.new_creature(f"Goblin {n}", hp=15) for n in (1, 2, 3)], initiative=10)
    return enc, ids


MUTATORS: dict[str, Callable[[Encounter, list[str]], Any]] = {
    "remove": lambda enc, ids: enc.remove(ids[0]),
    "remove_many": lambda enc, ids: enc.remove_many(ids[:2]),
    "rename": lambda enc, ids: enc.rename("Ambush"),
    "set_setting": lambda enc, ids: enc.set_setting("crit_mode", "roll-twice"),
    "add_temp_immunity": lambda enc, ids: enc.add_temp_immunity(ids[0], "fear", 2),
    "set_initiative": lambda enc, ids: enc.set_initiative(ids[0], 5),
    "move_in_order": lambda enc, ids: enc.move_in_order(ids[0], 1),
    "add_condition": lambda enc, ids: enc.add_condition(ids[0], "frightened", 2),
    "set_condition": lambda enc, ids: enc.set_condition(ids[0], "wounded", 1),
}


@pytest.mark.parametrize("name", sorted(MUTATORS))
def test_a_mutator_returns_the_event_it_logged(name):
    enc, ids = party()
    event = MUTATORS[name](enc, ids)
    assert event is enc.log[-1]
    assert event.text


def test_removing_a_condition_or_an_immunity_returns_its_event():
    enc, ids = party()
    enc.add_condition(ids[0], "frightened", 2)
    assert enc.remove_condition(ids[0], "frightened").text == "Goblin 1: no longer frightened"
    enc.add_temp_immunity(ids[0], "fear", 2)
    assert enc.remove_temp_immunity(ids[0], 0).text == "Goblin 1: immunity to fear removed"
    enc.add_persistent(ids[0], "1d6 bleed")
    assert enc.remove_persistent(ids[0], 0) is enc.log[-1]


# -- an event's short form comes from what the mutator knows, never from its text ------------

def test_damage_to_several_targets_is_counted_in_short(R):
    enc, ids = party()
    enc.apply_damage(ids[:2], "6d6 fire", rng=R(1, 2, 3, 4, 5, 6))
    event = enc.log[-1]
    assert event.short == "6d6 fire → 2 targets"
    assert event.text.startswith("6d6 fire → Goblin 1 ")


def test_one_target_names_it_whatever_its_name_says(R):
    rs = get_system("pf2e")
    enc = Encounter("pf2e", "Fight")
    bob = enc.add(rs.new_creature("Bob: the tank; hero → legend", hp=30), initiative=10)
    enc.apply_damage([bob], "3d6 force", rng=R(3, 4, 4))
    assert enc.log[-1].short == "3d6 force → Bob: the tank; hero → legend 11"
    assert enc.heal_many([bob], 5)
    healed = enc.log[-1]
    assert healed.short == "" and healed.headline == healed.text  # one target: short already



def test_one_target_in_daggerheart_names_the_severity_too():
    rs = get_system("daggerheart")
    enc = Encounter("daggerheart", "Fight")
    bandit = enc.add(rs.new_creature("Bandit", hp=6, major=7, severe=14), initiative=10)
    enc.apply_damage([bandit], "9 physical")
    assert enc.log[-1].short == "9 physical → Bandit 9 Major"

def test_an_event_without_a_short_form_is_its_text():
    enc, ids = party()
    event = enc.rename("Ambush → the cave; night")
    assert event.short == "" and event.headline == "encounter renamed to Ambush → the cave; night"


def test_the_short_form_survives_a_save(R):
    from core.encounter.data import event_from_data, event_to_data

    enc, ids = party()
    enc.apply_damage(ids, "6d6 fire", rng=R(1, 2, 3, 4, 5, 6))
    assert event_from_data(event_to_data(enc.log[-1]), "log[0]").short == "6d6 fire → 3 targets"
