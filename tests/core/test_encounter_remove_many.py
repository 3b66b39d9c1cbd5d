"""Encounter.remove_many: clean-up after a fight in one undo step."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import Encounter, get_system


def roster(size: int = 5) -> tuple[Encounter, list[str]]:
    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="Clean-up")
    ids = [encounter.add(rules.new_creature(f"Goblin {n}", hp=15), initiative=30 - n)
           for n in range(1, size + 1)]
    return encounter, ids


def test_removes_several_in_one_undo_step() -> None:
    encounter, ids = roster()
    encounter.remove_many([ids[1], ids[3]])
    assert encounter.order == [ids[0], ids[2], ids[4]]
    assert encounter.log[-1].text == "Goblin 2, Goblin 4 removed"
    encounter.undo()
    assert encounter.order == ids
    encounter.redo()
    assert encounter.order == [ids[0], ids[2], ids[4]]


def test_the_turn_passes_to_the_next_creature_left() -> None:
    encounter, ids = roster()
    encounter.next_turn()  # Goblin 2 is up
    encounter.remove_many([ids[1], ids[2]])
    assert encounter.active == ids[3]
    encounter.undo()
    assert encounter.active == ids[1]


def test_a_creature_after_the_active_one_keeps_the_turn() -> None:
    encounter, ids = roster()
    encounter.next_turn()
    encounter.next_turn()  # Goblin 3 is up
    encounter.remove_many([ids[0], ids[4]])
    assert encounter.active == ids[2]


def test_the_last_active_creature_removed_passes_to_the_last_left() -> None:
    encounter, ids = roster(3)
    encounter.next_turn()
    encounter.next_turn()  # Goblin 3 is up
    encounter.remove_many([ids[2], ids[1]])
    assert encounter.active == ids[0]


def test_nothing_or_an_unknown_id_changes_nothing() -> None:
    encounter, ids = roster()
    with pytest.raises(ValueError):
        encounter.remove_many([])
    with pytest.raises(KeyError):
        encounter.remove_many([ids[0], "c999"])
    assert encounter.order == ids and encounter.log[-1].kind == "add"


@given(st.sets(st.integers(min_value=0, max_value=5), min_size=1), st.integers(0, 5))
def test_undo_restores_everything(removed: set[int], turns: int) -> None:
    encounter, ids = roster(6)
    for _ in range(turns):
        encounter.next_turn()
    before = (encounter.to_data()["creatures"], encounter.active, encounter.round)
    encounter.remove_many([ids[i] for i in sorted(removed)])
    assert len(encounter.order) == 6 - len(removed)
    assert encounter.active is None or encounter.active in encounter.order
    encounter.undo()
    assert (encounter.to_data()["creatures"], encounter.active, encounter.round) == before


def test_the_active_last_creature_removed_with_others_ends_its_turn_as_removing_it_alone_does() -> None:
    # removing the active creature ends its turn: the next one left in the order is up, and past
    # the end the top of a new round; no one who already acted this round acts again
    alone, ids = roster(4)
    for _ in range(3):
        alone.next_turn()   # Goblin 4, the last, is up in round 1
    alone.remove(ids[3])
    several, same = roster(4)
    for _ in range(3):
        several.next_turn()
    several.remove_many([same[3], same[1]])
    assert (alone.active, alone.round) == (ids[0], 2)
    assert (several.active, several.round) == (same[0], 2)
    several.undo()
    assert (several.active, several.round, several.order) == (same[3], 1, same)
