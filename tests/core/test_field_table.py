"""Each creature field is declared once, in core/creature/fields.py: the writer, the reader and the
checks follow the table, and every loader refuses a bad value in the one wording."""

from __future__ import annotations

from dataclasses import fields as dataclass_fields

import pytest

from core import Encounter
from core.creature import fields as table
from core.creature.fields import CREATURE_FIELDS, Field, fill, markdown_table, state_of
from core.creature.model import Creature
from core.creature.refusal import Invalid
from core.creature.schema import check_fields
from core.text.errors import StateError
from saves.errors import SaveError
from saves.validate import validate


def test_the_table_names_every_field_of_the_dataclass_once() -> None:
    names = [f.name for f in CREATURE_FIELDS if f.on_creature]
    assert len(names) == len(set(names))
    assert set(names) == {f.name for f in dataclass_fields(Creature)}


class _Rec:
    """A test-only record: the dataclass fields plus one the table adds."""


def test_a_field_added_to_the_table_is_written_read_checked_and_documented() -> None:
    extra = Field("morale", int, 0, "a test-only field", (0, 9), systems=frozenset({"pf2e"}))
    mine = (*table.STATE_FIELDS, extra)
    record = _Rec()
    fill(record, {**Creature("Goblin", hp=5, max_hp=6).to_state(), "morale": 4}, "c", mine)
    assert record.morale == 4           # type: ignore[attr-defined]
    assert state_of(record, mine)["morale"] == 4
    with pytest.raises(Invalid) as caught:
        fill(_Rec(), {"name": "G", "morale": "high"}, "c", mine)
    assert str(caught.value) == "c.morale must be a whole number, not 'high'"
    assert "| `morale` |" in markdown_table((*CREATURE_FIELDS, extra))


def test_a_check_follows_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    from core.creature import schema

    extra = Field("morale", int, 0, "a test-only field", (0, 9), systems=frozenset({"pf2e"}))
    monkeypatch.setattr(schema, "CREATURE_FIELDS", (*CREATURE_FIELDS, extra))
    monkeypatch.setitem(schema.NUMBERS, "morale", (0, 9))
    monkeypatch.setitem(schema.SYSTEM_FIELDS, "pf2e", schema.SYSTEM_FIELDS["pf2e"] | {"morale"})
    schema.field_checks.cache_clear()
    schema._number_bounds.cache_clear()
    try:
        with pytest.raises(Invalid) as caught:
            check_fields({"morale": 10}, "pf2e", "c")
        assert caught.value.problem == "must be at most 9, not 10"
    finally:
        schema.field_checks.cache_clear()
        schema._number_bounds.cache_clear()


def _doc() -> dict:
    enc = Encounter("pf2e", "Ambush")
    enc.add(enc.rules.new_creature("Goblin", hp=15), initiative=12)
    data = enc.to_data()
    data["creatures"][0]["temp_hp"] = "lots"
    return data


def test_the_three_loaders_refuse_the_same_bad_value_in_the_same_words() -> None:
    said = "creature 1 (Goblin) temp_hp must be a whole number, not 'lots'"
    with pytest.raises(SaveError) as by_validate:
        validate(_doc(), None)
    with pytest.raises(StateError) as by_encounter:
        Encounter.from_data(_doc())
    state = dict(_doc()["creatures"][0])
    with pytest.raises(StateError) as by_creature:
        Creature.from_state(state, "creatures[0]")
    assert by_validate.value.reason.startswith(said)
    assert str(by_encounter.value) == said
    assert str(by_creature.value) == said
