"""saves/validate.py at its bounds: each limit is checked on both sides, the
way mutation testing asks — the last value allowed passes, the first beyond is refused."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from core import Encounter
from core.creature.refusal import Invalid
from core.creature.schema import MAX_FACTOR, MAX_INT, MAX_TRACK
from saves import SaveError
from saves.validate import check_numbers, field_words, validate

Doc = dict[str, Any]


@pytest.fixture
def doc(make_enc: Callable[..., Encounter]) -> Doc:
    """A valid save document of three goblins, one hit and its ledger step."""
    return make_enc().to_data()


def _refused(doc: Doc) -> SaveError:
    with pytest.raises(SaveError) as caught:
        validate(doc, None)
    return caught.value


def _edited(doc: Doc, edit: Callable[[Doc], object]) -> Doc:
    changed = copy.deepcopy(doc)
    edit(changed)
    return changed


def _persistent(line: str) -> Callable[[Doc], object]:
    return lambda d: d["creatures"][0].update(persistent=[line])


@pytest.mark.parametrize(("good", "bad", "field", "problem"), [
    (_persistent("1d6 bleed | factor 1 | end | rounds 0"), _persistent("1d6 bleed | factor 1 | end | rounds -1"),
     "creatures[0].persistent[0]", "must have rounds 0 to 999, not -1"),
    (_persistent(f"1d6 bleed | factor {MAX_FACTOR:g} | end"), _persistent("1d6 bleed | factor 100.5 | end"),
     "creatures[0].persistent[0]", "must have a factor above 0 and at most 100, not 100.5"),
    (_persistent("1d6 bleed | factor 0.01 | end"), _persistent("1d6 bleed | factor 0 | end"),
     "creatures[0].persistent[0]", "must have a factor above 0 and at most 100, not 0.0"),
    (lambda d: d["encounter"].update(round=1), lambda d: d["encounter"].update(round=0),
     "encounter.round", "must be 1 or more, not 0"),
    (lambda d: d["encounter"].update(turn=0), lambda d: d["encounter"].update(turn=-1),
     "encounter.turn", "must be 0 or more, not -1"),
    (lambda d: d["encounter"].update(turn=2), lambda d: d["encounter"].update(turn=3),
     "encounter.turn", "must be from 0 to 2 (a place in the roster), not 3"),
    (lambda d: d["encounter"].update(next_id=1), lambda d: d["encounter"].update(next_id=0),
     "encounter.next_id", "must be 1 or more, not 0"),
    (lambda d: d["creatures"][0].update(hp=d["creatures"][0]["max_hp"]),
     lambda d: d["creatures"][0].update(hp=d["creatures"][0]["max_hp"] + 1),
     "creatures[0].hp", "must be at most max_hp (20), not 21"),
    (lambda d: d["creatures"][0].update(hp=0), lambda d: d["creatures"][0].update(hp=-1),
     "creatures[0].hp", "must be 0 or more, not -1"),
    (lambda d: d["creatures"][0].update(seq=0), lambda d: d["creatures"][0].update(seq=-1),
     "creatures[0].seq", "must be 0 or more, not -1"),
    (lambda d: d["ledger"][-1].update(round=0), lambda d: d["ledger"][-1].update(round=-1),
     "ledger[3].round", "must be 0 or more, not -1"),
    (lambda d: d["creatures"][0].update(max_hp=MAX_TRACK), lambda d: d["creatures"][0].update(max_hp=MAX_TRACK + 1),
     "creatures[0].max_hp", "must be at most 1,000,000, not 1,000,001"),
])
def test_a_bound_lets_its_last_value_through_and_refuses_the_next(doc, good, bad, field, problem):
    validate(_edited(doc, good), None)
    error = _refused(_edited(doc, bad))
    assert (error.field, error.problem) == (field, problem)


def test_a_turn_left_out_is_the_first_creature(doc):
    del doc["encounter"]["turn"]
    validate(doc, None)


def test_a_turn_left_out_of_an_empty_roster_is_no_error(doc):
    doc["creatures"] = []
    doc["encounter"]["turn"] = 5
    doc["ledger"] = doc["redo"] = []
    validate(doc, None)


def test_the_smallest_64_bit_number_is_allowed_and_one_less_is_not():
    check_numbers({"a": [-MAX_INT - 1]})
    with pytest.raises(Invalid, match="more than 64 bits"):
        check_numbers({"a": [-MAX_INT - 2]})


def test_a_field_deep_in_a_list_is_spelled_as_the_file_shows_it():
    with pytest.raises(Invalid) as caught:
        check_numbers({"ledger": [{"changes": [{"after": {"hp": float("inf")}}]}]})
    assert caught.value.field == "ledger[0].changes[0].after.hp"
    assert caught.value.problem == "inf is not a number a save can hold"


@pytest.mark.parametrize(("field", "words"), [
    ("creatures[0].hp", "creature 1 (Goblin 3) hp"),
    ("creatures[1]", "creature 2 (Goblin 2)"),
    ("creatures[9].hp", "creature 10 hp"),
    ("encounter.round", "encounter.round"),
])
def test_a_field_is_named_in_the_gms_words(doc, field, words):
    assert field_words(doc, field) == words


def test_a_long_or_spaced_name_is_cut_to_40_characters_and_one_space(doc):
    doc["creatures"][0]["name"] = "  Old   " + "x" * 60
    assert field_words(doc, "creatures[0].hp") == f"creature 1 (Old {'x' * 36}) hp"


def test_a_refusal_says_where_in_words_and_the_field_as_written(doc):
    doc["creatures"][0]["hp"] = "lots"
    error = _refused(doc)
    assert error.gist == "creature 1 (Goblin 3) hp must be a whole number"
    assert error.reason.startswith("creature 1 (Goblin 3) hp must be a whole number, not 'lots' "
                                   "(creatures[0].hp) — fix that field by hand")


def test_a_step_naming_a_missing_creature_says_how_to_start_afresh(doc):
    doc["ledger"][-1]["changes"][0]["id"] = "c99"
    error = _refused(doc)
    assert (error.field, error.problem) == (
        "ledger[3].changes[0].id", "creature 'c99' does not exist when this step is undone; delete the "
        "[[ledger]] and [[redo]] entries to start the history afresh")


@pytest.mark.parametrize(("meta", "field", "problem"), [
    ({"rules": 1}, "ledger[3].meta_after.rules", "'rules' is not an encounter field a step can change"),
    ({"_next_id": 2}, "ledger[3].meta_after._next_id", "'_next_id' is not an encounter field a step can change"),
    ({"round": 0}, "ledger[3].meta_after.round", "must be 1 or more, not 0"),
    ({"next_id": 0}, "ledger[3].meta_after.next_id", "must be 1 or more, not 0"),
    ({"turn": -1}, "ledger[3].meta_after.turn", "must be 0 or more, not -1"),
    ({"settings": {"crit_mode": 2}}, "ledger[3].meta_after.settings.crit_mode", "must be text, not 2"),
])
def test_a_step_sets_only_encounter_fields_within_their_bounds(doc, meta, field, problem):
    doc["ledger"][-1]["meta_after"] = meta
    error = _refused(doc)
    assert (error.field, error.problem) == (field, problem)


def test_a_step_may_set_the_round_turn_and_next_id_at_their_lowest(doc):
    doc["ledger"][-1]["meta_after"] = {"round": 1, "turn": 0, "next_id": 1}
    validate(doc, None)


@pytest.mark.parametrize(("edit", "field", "problem"), [
    (lambda c: c.update(name="  "), "creatures[0].name", "must be a name, not empty"),
    (lambda c: c.update(id=""), "creatures[0].id", "'' is empty or used twice; ids must be unique"),
    (lambda c: c.pop("max_hp"), "creatures[0]", "must have hp, max_hp (the track of a pf2e creature)"),
])
def test_a_creature_needs_a_name_an_id_and_its_track(doc, edit, field, problem):
    edit(doc["creatures"][0])
    error = _refused(doc)
    assert (error.field, error.problem) == (field, problem)


# from a whole mutmut run of the module: the largest 64-bit number, the field a bad number
# or a step's bad details line is named by
def test_the_largest_64_bit_number_is_allowed_and_one_more_is_not():
    check_numbers({"a": [MAX_INT]})
    with pytest.raises(Invalid) as caught:
        check_numbers({"a": [MAX_INT + 1]})
    assert (caught.value.field, caught.value.problem) == ("a[0]", "a number too big (more than 64 bits)")


def test_a_field_whose_name_starts_like_a_marker_is_spelled_whole():
    with pytest.raises(Invalid) as caught:
        check_numbers({"Xtra": {"hp": 2**70}})
    assert caught.value.field == "Xtra.hp"


def test_a_number_too_big_in_a_creature_names_it(doc):
    doc["creatures"][1]["hp"] = 2**64
    error = _refused(doc)
    assert (error.field, error.problem) == ("creatures[1].hp", "a number too big (more than 64 bits)")


def test_details_that_are_not_a_list_name_the_details(doc):
    doc["ledger"][-1]["details"] = "a line"
    error = _refused(doc)
    assert (error.field, error.problem) == ("ledger[3].details", "must be a list, not 'a line'")


def test_a_details_line_that_is_not_text_is_named_by_its_place(doc):
    doc["ledger"][-1]["details"] = ["a line", 3]
    error = _refused(doc)
    assert (error.field, error.problem) == ("ledger[3].details[1]", "must be text, not 3")


def test_a_creature_just_past_the_roster_is_named_by_its_number(doc):
    assert field_words(doc, "creatures[3].hp") == "creature 4 hp"


def test_a_creature_that_is_not_a_table_is_named_by_its_number(doc):
    doc["creatures"][1] = "Goblin"
    assert field_words(doc, "creatures[1]") == "creature 2"
    assert _refused(doc).gist == "creature 2 must be a table"
