"""Every encounter mutator returns the event it logged (issue 10, item 1): the TUI's one path
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
