"""saves/validate.py at its edges, from a mutmut sample of the module: the
field a refused step or creature is named by, as the file spells it."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from core import Encounter
from saves import SaveError
from saves.validate import validate


@pytest.fixture
def doc(make_enc: Callable[..., Encounter]) -> dict[str, Any]:
    """A valid save document of three goblins, one hit and its ledger steps."""
    return make_enc().to_data()


def _refusal(doc: dict[str, Any], edit) -> SaveError:
    changed = copy.deepcopy(doc)
    edit(changed)
    with pytest.raises(SaveError) as caught:
        validate(changed, None)
    return caught.value


def _last_change(doc: dict[str, Any]) -> dict[str, Any]:
    change: dict[str, Any] = doc["ledger"][-1]["changes"][0]
    return change


@pytest.mark.parametrize(("edit", "field", "problem"), [
    (lambda d: _last_change(d)["after"].update(hp="many"), "ledger[3].changes[0].after.hp", None),
    (lambda d: _last_change(d).pop("id"), "ledger[3].changes[0].id", "is missing"),
    (lambda d: d["ledger"][-1].pop("text"), "ledger[3].text", "is missing"),
    (lambda d: d["ledger"][-1].update(round=-1), "ledger[3].round", "must be 0 or more, not -1"),
    (lambda d: d["ledger"][-1].update(details="hit"), "ledger[3].details", None),
    (lambda d: d["ledger"][-1].update(details=["hit", 3]), "ledger[3].details[1]", None),
    (lambda d: d["ledger"][-1].update(meta_after={"rules": 1}), "ledger[3].meta_after.rules",
     "'rules' is not an encounter field a step can change"),
    (lambda d: d["ledger"][-1].update(meta_after={"round": 0}), "ledger[3].meta_after.round",
     "must be 1 or more, not 0"),
    (lambda d: d["ledger"][-1].update(meta_after={"settings": 3}), "ledger[3].meta_after.settings", None),
    (lambda d: d.update(redo=3), "redo", None),
    (lambda d: d.update(creatures=3), "creatures", None),
    (lambda d: d["creatures"][0].pop("id"), "creatures[0].id", "is missing"),
    (lambda d: d["encounter"].pop("system"), "encounter.system", "is missing"),
    (lambda d: d["encounter"].update(turn="one"), "encounter.turn", None),
])
def test_a_refused_field_is_named_as_the_file_spells_it(doc, edit, field, problem):
    error = _refusal(doc, edit)
    assert error.field == field
    if problem is not None:
        assert error.problem == problem


def test_a_step_naming_a_creature_gone_when_undone_is_named(doc):
    error = _refusal(doc, lambda d: _last_change(d).update(id="c9"))
    assert error.field == "ledger[3].changes[0].id"
    assert error.problem.startswith("creature 'c9' does not exist when this step is undone")


def test_a_redo_step_naming_a_creature_gone_is_named(doc):
    step = {"text": "hit", "round": 1, "changes": [{"id": "c9", "before": {"hp": 1}, "after": {"hp": 0}}]}
    error = _refusal(doc, lambda d: d.update(redo=[step]))
    assert error.field == "redo[0].changes[0].id"
    assert error.problem.startswith("creature 'c9' does not exist when this step is redone")


def test_a_number_too_big_in_the_ledger_is_named(doc):
    error = _refusal(doc, lambda d: _last_change(d)["after"].update(hp=2**70))
    assert (error.field, error.problem) == ("ledger[3].changes[0].after.hp", "a number too big (more than 64 bits)")


def test_a_missing_field_reads_as_missing_in_the_one_line_notice(doc):
    error = _refusal(doc, lambda d: d["encounter"].pop("name"))
    assert error.gist == "encounter.name is missing"


def test_a_save_without_ledger_or_redo_is_one_with_no_history(doc):
    for key in ("ledger", "redo"):
        del doc[key]
    validate(doc, None)
