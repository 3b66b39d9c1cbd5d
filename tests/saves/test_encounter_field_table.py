"""The encounter's own fields are checked from one table (core/encounter/fields.py): the reader
(``Encounter.from_data``) and the load (saves/validate.py) refuse the same values in the same
words, and a ledger step may set only the fields the table lets it."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from core import Encounter
from core.encounter.fields import ENCOUNTER_FIELDS, STEP_FIELDS, HeadField
from core.text.errors import StateError
from saves import SaveError
from saves.validate import validate

#: (field, a value just beyond its bounds): below its lowest, and above its highest where a
#: whole number above it fits in TOML (not above 2**63 - 1).
BEYOND = [(f, value) for f in ENCOUNTER_FIELDS if f.read and f.bounds is not None and f.kind is int
          for value in (f.bounds[0] - 1, f.bounds[1] + 1) if value <= 2**63 - 1]


def refusals(doc: dict[str, Any]) -> tuple[str, str]:
    """What the reader and the load say of ``doc``, each as the field and its problem."""
    with pytest.raises(StateError) as read:
        Encounter.from_data(doc)
    with pytest.raises(SaveError) as loaded:
        validate(doc, None)
    return str(read.value), f"{loaded.value.field} {loaded.value.problem}"


@pytest.mark.parametrize(("field", "value"), BEYOND, ids=[f"{f.name}={v}" for f, v in BEYOND])
def test_the_reader_and_the_load_refuse_a_field_beyond_its_bounds_alike(
        make_enc, field: HeadField, value: int) -> None:
    doc = make_enc().to_data()
    doc["encounter"][field.name] = value
    read, loaded = refusals(doc)
    assert read.startswith(f"encounter.{field.name} must be ")
    assert read == loaded


@pytest.mark.parametrize("field", [f for f in ENCOUNTER_FIELDS if f.read],
                         ids=[f.name for f in ENCOUNTER_FIELDS if f.read])
def test_the_reader_and_the_load_refuse_a_field_of_the_wrong_kind_alike(
        make_enc, field: HeadField) -> None:
    doc = make_enc().to_data()
    doc["encounter"][field.name] = [1]
    read, loaded = refusals(doc)
    assert read.startswith(f"encounter.{field.name} must be ")
    assert read == loaded


def test_a_strike_count_or_a_creature_not_in_the_roster_is_refused_alike(make_enc) -> None:
    doc = make_enc().to_data()
    doc["encounter"]["strikes"] = {"c1": 4}
    assert refusals(doc)[0] == "encounter.strikes.c1 must be at most 3, not 4"
    doc["encounter"]["strikes"] = {"c99": 1}
    read, loaded = refusals(doc)
    assert read == loaded == "encounter.strikes.c99 names no creature in the roster"


def test_a_step_sets_only_what_the_table_lets_it(make_enc) -> None:
    doc = make_enc().to_data()
    step = doc["ledger"][0]
    for name in STEP_FIELDS:
        field = next(f for f in ENCOUNTER_FIELDS if f.name == name)
        bad = copy.deepcopy(doc)
        value = field.bounds[1] + 1 if field.bounds and field.bounds[1] < 2**63 - 1 else [1]
        bad["ledger"][0] = {**step, "meta_before": {name: value}}
        with pytest.raises(SaveError, match=f"meta_before.{name}: must be"):
            validate(bad, None)
    for name in ("system", "strikes", "creatures", "revision"):
        bad = copy.deepcopy(doc)
        bad["ledger"][0] = {**step, "meta_before": {name: 1}}
        with pytest.raises(SaveError, match="is not an encounter field a step can change"):
            validate(bad, None)


def test_the_writer_leaves_out_only_what_the_table_says_it_may(make_enc) -> None:
    head = make_enc().to_data()["encounter"]
    for field in ENCOUNTER_FIELDS:
        assert (field.name in head) == (field.left_out == "never"), field.name
