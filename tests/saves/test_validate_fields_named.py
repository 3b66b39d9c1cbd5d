"""A hand-edited save refused by the field the file spells (``ledger[3].changes[0].id``): the
encounter table, its round, the settings, the creatures, the ledger's and redo's steps that are
not what they should be; a step that would set Fear or the party level past its bounds on undo
or redo; and what a write checks."""

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


def _last_change(doc: dict[str, Any]) -> dict[str, Any]:
    change: dict[str, Any] = doc["ledger"][-1]["changes"][0]
    return change


@pytest.mark.parametrize(("edit", "field", "problem"), [
    (lambda d: d.update(encounter=3), "encounter", None),
    (lambda d: d["encounter"].pop("round"), "encounter.round", None),
    (lambda d: d.update(settings=3), "settings", None),
    (lambda d: d["ledger"][-1].update(changes=3), "ledger[3].changes", None),
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
    error = refusal(doc, edit)
    assert error.field == field
    if problem is not None:
        assert error.problem == problem


def test_a_step_naming_a_creature_gone_when_undone_is_named(doc):
    error = refusal(doc, lambda d: _last_change(d).update(id="c9"))
    assert error.field == "ledger[3].changes[0].id"
    assert error.problem.startswith("creature 'c9' does not exist when this step is undone")


def test_a_redo_step_naming_a_creature_gone_is_named(doc):
    step = {"text": "hit", "round": 1, "changes": [{"id": "c9", "before": {"hp": 1}, "after": {"hp": 0}}]}
    error = refusal(doc, lambda d: d.update(redo=[step]))
    assert error.field == "redo[0].changes[0].id"
    assert error.problem.startswith("creature 'c9' does not exist when this step is redone")


def test_a_number_too_big_in_the_ledger_is_named(doc):
    error = refusal(doc, lambda d: _last_change(d)["after"].update(hp=2**70))
    assert (error.field, error.problem) == ("ledger[3].changes[0].after.hp", "a number too big (more than 64 bits)")


def test_a_missing_field_reads_as_missing_in_the_one_line_notice(doc):
    error = refusal(doc, lambda d: d["encounter"].pop("name"))
    assert error.gist == "encounter.name is missing"


def test_a_save_without_ledger_or_redo_is_one_with_no_history(doc):
    for key in ("ledger", "redo"):
        del doc[key]
    validate(doc, None)


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
