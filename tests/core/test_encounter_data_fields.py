"""What mutation testing left alive in core/encounter/data.py: every field a
bad save names, in the words of the refusal; what a save keeps of each event and leaves out."""

from __future__ import annotations

import copy

import pytest

from core import Encounter
from core.encounter.data import DETAILS_KEPT, event_from_data, event_to_data
from core.encounter.ledger import Change, Event
from core.text.errors import StateError


def _saved() -> dict:
    enc = Encounter("pf2e", "Ambush")
    enc.add(enc.rules.new_creature("Goblin", hp=15), initiative=12)
    enc.add(enc.rules.new_creature("Orc", hp=20), initiative=8)
    return enc.to_data()


def _refusal(data) -> str:
    with pytest.raises(StateError) as caught:
        Encounter.from_data(data)
    return str(caught.value)


def _edited(edit) -> dict:
    data = copy.deepcopy(_saved())
    edit(data)
    return data


@pytest.mark.parametrize("edit,message", [
    (lambda d: d.pop("encounter"), "encounter is missing"),
    (lambda d: d.update(encounter=[]), "encounter must be a table, not []"),
    (lambda d: d["encounter"].pop("system"), "encounter.system is missing"),
    (lambda d: d["encounter"].update(system=3), "encounter.system must be text, not 3"),
    (lambda d: d["encounter"].update(system="gurps"),
     "encounter.system must be one of pf2e, sf2e, vitality-wounds, daggerheart, d20-3e, not 'gurps'"),
    (lambda d: d["encounter"].pop("name"), "encounter.name is missing"),
    (lambda d: d["encounter"].pop("round"), "encounter.round is missing"),
    (lambda d: d["encounter"].update(round=True), "encounter.round must be a whole number, not True"),
    (lambda d: d["encounter"].update(round="1"), "encounter.round must be a whole number, not '1'"),
    (lambda d: d["encounter"].update(turn=2), "encounter.turn must be from 0 to 1 (a place in the roster), not 2"),
    (lambda d: d["encounter"].update(turn=-1), "encounter.turn must be 0 or more, not -1"),
    (lambda d: d["encounter"].update(fear="3"), "encounter.fear must be a whole number, not '3'"),
    (lambda d: d["encounter"].update(next_id=1.5), "encounter.next_id must be a whole number, not 1.5"),
    (lambda d: d.update(settings=[]), "settings must be a table, not []"),
    (lambda d: d.update(creatures={}), "creatures must be a list, not {}"),
    (lambda d: d["creatures"].append(4), "creature 3 must be a table, not 4"),
    (lambda d: d["creatures"][1].pop("id"), "creature 2 (Orc) id is missing"),
    (lambda d: d["creatures"][1].update(id=2), "creature 2 (Orc) id must be text, not 2"),
    (lambda d: d["creatures"][1].update(id="c1"), "creatures[1].id: duplicate creature id 'c1'"),
    (lambda d: d["creatures"][0].update(initiative="12"),
     "creature 1 (Goblin) initiative must be a whole number, not '12'"),
    (lambda d: d["creatures"][0].update(seq=False), "creature 1 (Goblin) seq must be a whole number, not False"),
    (lambda d: d["creatures"][0].update(tie="1"), "creature 1 (Goblin) tie must be a whole number, not '1'"),
    (lambda d: d.update(ledger={}), "ledger must be a list, not {}"),
    (lambda d: d["ledger"].append("x"), "ledger[2]: expected a table"),
    (lambda d: d["ledger"][1].pop("text"), "ledger[1].text is missing"),
    (lambda d: d["ledger"][1].pop("round"), "ledger[1].round is missing"),
    (lambda d: d["ledger"][0].update(kind=1), "ledger[0].kind must be text, not 1"),
    (lambda d: d["ledger"][0].update(changes="c1"), "ledger[0].changes must be a list, not 'c1'"),
    (lambda d: d["ledger"][0].update(changes=["c1"]), "ledger[0].changes[0]: expected a table"),
    (lambda d: d["ledger"][0]["changes"][0].pop("id"), "ledger[0].changes[0].id is missing"),
    (lambda d: d["ledger"][0]["changes"][0].update(after="x"),
     "ledger[0].changes[0].after must be a table, not 'x'"),
    (lambda d: d["ledger"][0]["changes"][0].update(before=[]),
     "ledger[0].changes[0].before must be a table, not []"),
    (lambda d: d["ledger"][0].update(details="a"), "ledger[0].details must be a list, not 'a'"),
    (lambda d: d["ledger"][0].update(closing=1), "ledger[0].closing: expected 0 to 0 (the details)"),
    (lambda d: d["ledger"][0].update(details=["a"], closing=-1),
     "ledger[0].closing: expected 0 to 1 (the details)"),
    (lambda d: d["ledger"][0].update(meta_before=1), "ledger[0].meta_before must be a table, not 1"),
    (lambda d: d["ledger"][0].update(meta_after=[]), "ledger[0].meta_after must be a table, not []"),
    (lambda d: d["ledger"][0].update(actor=1), "ledger[0].actor must be text, not 1"),
    (lambda d: d["ledger"][0].update(short=1), "ledger[0].short must be text or a phrase, not 1"),
    (lambda d: d["ledger"][0].update(ended=1), "ledger[0].ended must be text, not 1"),
    (lambda d: d["ledger"][0].update(targets="a"), "ledger[0].targets must be a list, not 'a'"),
    (lambda d: d.update(redo=[{"text": "x"}]), "redo[0].round is missing"),
    (lambda d: d.update(redo=3), "redo must be a list, not 3"),
])
def test_a_bad_save_is_refused_naming_the_field(edit, message):
    assert _refusal(_edited(edit)) == message


def test_data_that_is_no_table_is_refused():
    assert _refusal([]) == "encounter must be a table, not []"


def test_what_a_save_leaves_out_reads_back_as_its_defaults():
    data = _edited(lambda d: [d["encounter"].pop(k) for k in ("turn", "next_id")]
                   + [d.pop(k) for k in ("settings", "ledger", "redo")]
                   + [c.pop(k) for c in d["creatures"] for k in ("initiative", "seq")])
    enc = Encounter.from_data(data)
    assert (enc.turn, enc.fear, enc.settings["crit_mode"], enc.log, enc.can_redo) == (0, 0, "double", [], False)
    assert [enc.initiative(c) for c in ("c1", "c2")] == [0, 0]
    assert enc.order == ["c1", "c2"]       # the place in the file is the order they joined
    assert enc.add(enc.rules.new_creature("Rat", hp=3)) == "c3"   # past every id in the file


def test_the_next_id_is_the_saved_one_when_it_is_past_every_creature():
    data = _edited(lambda d: d["encounter"].update(next_id=9))
    assert Encounter.from_data(data).add(Encounter("pf2e").rules.new_creature("Rat", hp=3)) == "c9"


def test_an_empty_roster_reads_back_with_any_turn():
    enc = Encounter.from_data({"encounter": {"name": "Empty", "system": "sf2e", "round": 3, "turn": 5}})
    assert (enc.name, enc.system, enc.round, enc.turn, enc.creatures) == ("Empty", "sf2e", 3, 5, {})


def test_fear_is_saved_only_when_there_is_some_and_reads_back():
    enc = Encounter("daggerheart", "Keep")
    assert "fear" not in enc.to_data()["encounter"]
    enc.gain_fear(3)
    data = enc.to_data()
    assert data["encounter"]["fear"] == 3
    assert Encounter.from_data(data).fear == 3


def test_a_saved_tie_puts_the_creature_back_in_its_place():
    data = _edited(lambda d: d["creatures"][0].update(initiative=8, tie=1))
    assert Encounter.from_data(data).order == ["c2", "c1"]


def test_an_event_keeps_every_field_through_a_save():
    event = Event("Kyra's turn", 2, "turn", ("Goblin: frightened 1", "Kyra: x"),
                  (Change("c1", {"hp": 3}, {"hp": 1}), Change("c2", None, {"name": "Rat"}),
                   Change("c3", {"name": "Orc"}, None)),
                  {"round": 1}, {"round": 2}, "Kyra", "turn", "Goblin", 1, ("Goblin 3",))
    data = event_to_data(event)
    assert data == {"text": "Kyra's turn", "round": 2, "kind": "turn",
                    "details": ["Goblin: frightened 1", "Kyra: x"], "ended": "Goblin", "closing": 1,
                    "changes": [{"id": "c1", "before": {"hp": 3}, "after": {"hp": 1}},
                                {"id": "c2", "after": {"name": "Rat"}},
                                {"id": "c3", "before": {"name": "Orc"}}],
                    "meta_before": {"round": 1}, "meta_after": {"round": 2}, "actor": "Kyra",
                    "short": "turn", "targets": ["Goblin 3"]}
    assert event_from_data(data, "ledger[0]") == event


def test_an_event_saves_only_what_it_has():
    assert event_to_data(Event("x", 1, "edit")) == {"text": "x", "round": 1, "kind": "edit"}
    assert event_to_data(Event("x", 1, "edit", ("a",)), details=False) == {"text": "x", "round": 1, "kind": "edit"}
    # details without closing lines keep no turn-ending words
    assert event_to_data(Event("x", 1, "turn", ("a",), ended="Orc")) == \
        {"text": "x", "round": 1, "kind": "turn", "details": ["a"]}
    assert event_from_data({"text": "x", "round": 1}, "w") == Event("x", 1, "event")


def test_only_the_most_recent_events_keep_their_breakdown():
    enc = Encounter("pf2e", "Long")
    cid = enc.add(enc.rules.new_creature("Goblin", hp=999))
    for _ in range(DETAILS_KEPT + 1):
        enc.apply_damage([cid], "1 fire")
    ledger = enc.to_data()["ledger"]
    assert len(ledger) == DETAILS_KEPT + 2
    assert ["details" in e for e in ledger[:3]] == [False, False, True]
    assert "details" in ledger[-1]
