"""What mutation testing left alive in core/encounter/ledger.py: the revision a save
notes, undo and redo of the encounter's own fields, what one step of several calls keeps of each,
and a failed call putting back what it half did."""

from __future__ import annotations

import pytest

from core import Encounter
from core.encounter.ledger import UNSET, Change, Event


def _goblin() -> tuple[Encounter, str]:
    enc = Encounter("pf2e", "Ambush")
    return enc, enc.add(enc.rules.new_creature("Goblin", hp=15, numbers={"level": 2}))


def test_the_revision_counts_every_change_undo_and_redo():
    enc = Encounter("pf2e", "Ambush")
    assert enc.revision == 0
    enc.rename("Bridge")
    enc.rename("Ford")
    assert enc.revision == 2
    enc.undo()
    assert enc.revision == 3
    enc.redo()
    assert enc.revision == 4
    assert enc.redo() is None and enc.revision == 4        # nothing to redo counts nothing


def test_undo_and_redo_play_the_encounters_own_fields_both_ways():
    enc = Encounter("pf2e", "Ambush")
    enc.rename("Bridge")
    enc.rename("Ford")
    undone = enc.undo()
    assert undone is not None and undone.text == "encounter renamed to Ford"
    assert (enc.name, enc.can_undo, enc.can_redo) == ("Bridge", True, True)
    enc.undo()
    assert (enc.name, enc.can_undo) == ("Ambush", False)
    assert enc.undo() is None
    redone = enc.redo()
    assert redone is not None and redone.text == "encounter renamed to Bridge"
    enc.redo()
    assert (enc.name, enc.can_redo) == ("Ford", False)


def test_undo_and_redo_put_back_a_creature_field_by_field():
    enc, goblin = _goblin()
    enc.add_condition(goblin, "frightened", 2)
    change = enc.log[-1].changes[0]
    assert change == Change(goblin, {"condition_values": UNSET, "conditions": []},
                            {"condition_values": {"frightened": 2}, "conditions": ["frightened"]})
    enc.undo()
    assert enc.conditions_of(goblin) == {} and "condition_values" not in enc.roster.state(goblin)
    enc.redo()
    assert enc.conditions_of(goblin) == {"frightened": 2}


def test_a_creature_removed_and_put_back_is_whole_again_in_its_place():
    enc, goblin = _goblin()
    orc = enc.add(enc.rules.new_creature("Orc", hp=20), initiative=5)
    enc.apply_damage([goblin], "4 fire")
    enc.remove_many([goblin, orc])
    assert enc.log[-1].changes[0].after is None
    enc.undo()
    assert [(c, enc.creature(c).hp) for c in enc.order] == [(orc, 20), (goblin, 11)]
    enc.redo()
    assert enc.creatures == {}


def test_one_step_of_several_calls_keeps_each_calls_words_and_breakdown():
    enc, goblin = _goblin()
    orc = enc.add(enc.rules.new_creature("Orc", hp=20, numbers={"level": 1}))
    enc.add_condition_many([goblin, orc], "drained", 1)
    event = enc.log[-1]
    assert event.short == "drained 1 → 2 creatures"
    assert event.text.startswith("Goblin: drained 1 (until removed); drained 1: loses level 2")
    assert [c.id for c in event.changes] == [goblin, orc]
    with enc.one_step("one"):
        enc.give_temp_hp([goblin, orc], 3, "1d4")
    event = enc.log[-1]
    assert (event.kind, event.short, event.details) == (
        "heal", "temp HP 3 (1d4) → 2 targets", ("Goblin: temp HP 0 → 3", "Orc: temp HP 0 → 3"))


def test_one_step_inside_another_is_part_of_it_and_one_that_does_nothing_is_refused():
    enc, goblin = _goblin()
    with enc.one_step("outer"):
        enc.rename("Bridge")
        with enc.one_step("inner"):
            enc.add_condition(goblin, "prone")
    event = enc.log[-1]
    assert (event.kind, event.short, len(enc.log)) == ("rename", "outer", 2)
    assert event.text == "encounter renamed to Bridge; Goblin: prone (until removed)"
    assert (event.meta_before, event.meta_after) == ({"name": "Ambush"}, {"name": "Bridge"})
    enc.undo()
    assert (enc.name, enc.conditions_of(goblin)) == ("Ambush", {})
    with pytest.raises(ValueError, match="^nothing to do$"), enc.one_step("none"):
        pass


def test_a_failed_call_inside_one_step_puts_back_every_call_before_it():
    enc, goblin = _goblin()
    with pytest.raises(KeyError), enc.one_step("both"):
        enc.rename("Bridge")
        enc.next_turn()
        enc.add_condition("c9", "prone")
    assert (enc.name, enc.turn, enc.round, len(enc.log)) == ("Ambush", 0, 1, 1)


def test_an_event_without_a_short_form_is_headed_by_its_text():
    assert Event("Goblin: prone", 1, "condition").headline == "Goblin: prone"
    assert Event("long", 1, "damage", short="short").headline == "short"
    assert Event("x", 1, "damage", changes=(Change("c2", None, {}), Change("c1", {}, None))).changed_ids == \
        frozenset({"c1", "c2"})
