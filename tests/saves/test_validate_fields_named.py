"""A hand-edited save refused by the field the file spells: the encounter table, its round, the
settings and a step's changes that are not what they should be; and a step that would set Fear
or the party level past its bounds on undo or redo."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from core import Encounter
from core.creature.schema import MAX_FEAR
from core.table.difficulty import MAX_PARTY_LEVEL
from saves import SaveError
from saves.validate import validate


@pytest.fixture
def doc(make_enc: Callable[..., Encounter]) -> dict[str, Any]:
    """A valid save document of three goblins, one hit and its ledger steps."""
    return make_enc().to_data()


def refusal(doc: dict[str, Any], edit) -> SaveError:
    changed = copy.deepcopy(doc)
    edit(changed)
    with pytest.raises(SaveError) as caught:
        validate(changed, None)
    return caught.value


@pytest.mark.parametrize(("edit", "field"), [
    (lambda d: d.update(encounter=3), "encounter"),
    (lambda d: d["encounter"].pop("round"), "encounter.round"),
    (lambda d: d.update(settings=3), "settings"),
    (lambda d: d["ledger"][-1].update(changes=3), "ledger[3].changes"),
])
def test_a_field_that_is_not_what_it_should_be_is_named(doc, edit, field):
    assert refusal(doc, edit).field == field


@pytest.mark.parametrize(("key", "most"), [("fear", MAX_FEAR), ("party_level", MAX_PARTY_LEVEL)])
@pytest.mark.parametrize("side", ["meta_before", "meta_after"])
def test_a_step_setting_a_bounded_field_past_its_bound_is_refused(doc, key, most, side):
    error = refusal(doc, lambda d: d["ledger"][-1].update({side: {key: most + 1}}))
    assert error.field == f"ledger[3].{side}.{key}"


@pytest.mark.parametrize(("key", "most"), [("fear", MAX_FEAR), ("party_level", MAX_PARTY_LEVEL)])
def test_a_step_setting_a_bounded_field_to_its_bound_loads(doc, key, most):
    doc["ledger"][-1].update(meta_before={key: 0}, meta_after={key: most})
    validate(doc, None)


def test_a_write_checks_no_step_unless_asked(doc):
    # history=False, what a save checks before writing: the steps are the rules' own, left out
    doc["ledger"][-1]["changes"][0]["after"].update(hp=2**70)
    validate(doc, None, history=False)
    with pytest.raises(SaveError, match="64 bits"):
        validate(doc, None)
