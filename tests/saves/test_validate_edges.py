"""saves/validate.py at its edges (issue 22 item 8), from a whole mutmut run of the module: the
largest 64-bit number, the field a bad number or a step's bad details line is named by."""

from __future__ import annotations

from typing import Any

import pytest

from core.schema import MAX_INT
from saves import SaveError
from saves.validate import Invalid, check_numbers, validate

Doc = dict[str, Any]


@pytest.fixture
def doc(make_enc) -> Doc:
    """A valid save document of three goblins, one hit and its ledger step."""
    return make_enc().to_data()


def _refused(doc: Doc) -> SaveError:
    with pytest.raises(SaveError) as caught:
        validate(doc, None)
    return caught.value


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
