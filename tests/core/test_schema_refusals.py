"""What mutation testing left alive in core/creature/schema.py, beside
test_schema_bounds.py: the short words (gist) a refusal gives the library and file
reports, a form's refusal said without a field prefix, and a saved line Python cannot read."""

from __future__ import annotations

import pytest

from core.creature.schema import (
    MAX_STATBLOCK,
    Invalid,
    check_creature,
    check_fields,
    check_init_mod,
)


def _refused(call, *args) -> Invalid:
    with pytest.raises(Invalid) as caught:
        call(*args)
    return caught.value


@pytest.mark.parametrize(("state", "system", "field", "gist"), [
    ({"name": "G", "hp": 1, "max_hp": 1, "statblock": "x" * (MAX_STATBLOCK + 1)}, "pf2e", "c.statblock",
     "is too long"),
    ({"name": " "}, "pf2e", "c.name", "must be a name"),
    ({"name": "G", "hp": 1, "max_hp": 1, "defenses": "weaknesses fyre 5"}, "pf2e", "c.defenses",
     "must be a defense line"),
    ({"name": "G", "hp": 1, "max_hp": 1, "stress": 3}, "pf2e", "c.stress", "is a field of another system"),
    ({"name": "G", "max_hp": 6, "hope": 2}, "daggerheart", "c.hope", "is a PC\'s only"),
    ({"name": "G", "max_hp": 6, "numbers": {"evasion": 5}}, "daggerheart", "c.numbers.evasion", "is a PC\'s only"),
])
def test_a_refused_creature_gives_its_field_and_the_problem_in_short(state, system, field, gist):
    refusal = _refused(check_creature, state, system, "c")
    assert (refusal.field, refusal.gist) == (field, gist)


def test_a_defense_line_as_the_add_form_takes_it_is_kept():
    check_creature({"name": "G", "hp": 1, "max_hp": 1, "defenses": "weaknesses fire 5"}, "pf2e", "c")


def test_a_field_of_another_system_is_named_in_its_refusal():
    refusal = _refused(check_fields, {"wounds": 3}, "pf2e", "creatures[0]")
    assert refusal.problem.startswith("is a field of another system: pf2e creatures have")


def test_an_initiative_modifier_refused_in_the_form_says_no_field_before_it():
    assert str(_refused(check_init_mod, 1000)) == "init_mod (the initiative modifier) must be at most 999, not 1,000"
    assert str(_refused(check_init_mod, "x")) == "init_mod (the initiative modifier) must be a whole number, not 'x'"


@pytest.mark.parametrize("line", ["blindness | until round ²", "blindness | until round 4x", "blindness"],
                         ids=["superscript-two", "4x", "no-round"])
def test_a_temporary_immunity_python_cannot_read_is_refused_in_the_save_s_words(line):
    refusal = _refused(check_fields, {"temp_immunities": [line]}, "pf2e", "c")
    assert (refusal.field, refusal.problem) == ("c.temp_immunities[0]",
                                                f"must be a line like 'blindness | until round 4', not {line!r}")


@pytest.mark.parametrize(("state", "field"), [
    ({"conditions": ["prone", 2]}, "c.conditions[1]"),
    ({"traits": "undead"}, "c.traits"),
    ({"attacks": [{"label": "claw", "damage": "1d6", "traits": "agile"}]}, "c.attacks[0].traits"),
])
def test_a_list_of_words_holding_something_else_is_refused_where_it_is(state, field):
    assert _refused(check_fields, state, "pf2e", "c").field == field
