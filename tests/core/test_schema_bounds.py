"""What mutation testing left alive in core/creature/schema.py: each bound at and one
past, the field each refusal names, the numbers in its words, and what only a PC may hold."""

from __future__ import annotations

import pytest

from core.creature.schema import (
    MAX_CONDITION,
    MAX_INT,
    MAX_STATBLOCK,
    MAX_TRACK,
    UNSET,
    Invalid,
    bounds,
    check_creature,
    check_fields,
    check_init_mod,
    check_initiative,
    check_stat,
    kind,
    whole,
)


def _refused(call, *args) -> Invalid:
    with pytest.raises(Invalid) as caught:
        call(*args)
    return caught.value


def test_a_kind_is_checked_and_a_bool_is_no_whole_number():
    assert kind(True, bool, "w") is True
    refusal = _refused(kind, True, int, "w")
    assert (refusal.field, refusal.problem, refusal.gist) == ("w", "must be a whole number, not True",
                                                              "must be a whole number")
    assert str(refusal) == "w must be a whole number, not True"
    assert _refused(kind, 1.5, complex, "w").problem == "must be complex, not 1.5"
    assert _refused(kind, "x" * 300, int, "w").problem == "must be a whole number, not '" + "x" * 56 + "…"


def test_a_whole_number_at_its_bounds_is_kept_and_one_past_is_refused_in_its_words():
    assert whole(5, "w", 5, 5) == 5
    assert _refused(whole, 4, "w", 5, 9).problem == "must be 5 or more, not 4"
    low = _refused(whole, 4, "w", 5, 9)
    assert low.gist == "must be 5 or more"
    high = _refused(whole, MAX_TRACK + 1, "w", 0, MAX_TRACK)
    assert (high.problem, high.gist) == ("must be at most 1,000,000, not 1,000,001", "must be at most 1,000,000")
    assert _refused(whole, 10**40, "w").problem.endswith("not 100000000000… (41 digits)")
    assert _refused(whole, 10**30, "w", 0, 5).problem.endswith("not 100000000000… (31 digits)")
    assert _refused(whole, 10**30 - 1, "w", 0, 5).problem.endswith("not 999,999,999,999,999,999,999,999,999,999")
    assert whole(MAX_INT, "w") == MAX_INT and whole(-MAX_INT - 1, "w") == -MAX_INT - 1


def test_a_stat_of_the_form_is_checked_against_the_field_it_sets():
    assert check_stat("pf2e", "hp", 0) == 0
    assert check_stat("pf2e", "hp", MAX_TRACK) == MAX_TRACK
    assert _refused(check_stat, "pf2e", "hp", -1, "HP").problem == "HP must be 0 or more, not -1"
    assert _refused(check_stat, "pf2e", "hp", True).problem == "hp must be a whole number, not True"
    assert _refused(check_stat, "pf2e", "hp", MAX_TRACK + 1).problem == "hp must be at most 1,000,000, not 1,000,001"
    assert _refused(check_stat, "daggerheart", "hp", 100, "HP").problem == "HP must be at most 99, not 100"
    assert str(_refused(check_stat, "pf2e", "hp", -1)) == "hp must be 0 or more, not -1"
    assert bounds("d20-3e", "hp") == (-MAX_INT - 1, MAX_TRACK)
    assert bounds("pf2e", "hp") == (0, MAX_TRACK)


@pytest.mark.parametrize("value,problem", [
    (1000, "init_mod (the initiative modifier) must be at most 999, not 1,000"),
    (-1000, "init_mod (the initiative modifier) must be -999 or more, not -1,000"),
    (True, "init_mod (the initiative modifier) must be a whole number, not True"),
    ("x", "init_mod (the initiative modifier) must be a whole number, not 'x'"),
])
def test_an_initiative_modifier_past_its_bounds_is_refused(value, problem):
    assert _refused(check_init_mod, value).problem == problem


def test_initiative_and_its_modifier_at_their_bounds_are_kept():
    assert (check_init_mod(999), check_init_mod(-999)) == (999, -999)
    assert (check_initiative(MAX_TRACK), check_initiative(-MAX_TRACK)) == (MAX_TRACK, -MAX_TRACK)
    assert _refused(check_initiative, -MAX_TRACK - 1).problem == \
        "initiative must be -1000000 or more, not -1,000,001"
    assert _refused(check_initiative, MAX_TRACK + 1).field == "initiative"
    assert _refused(check_initiative, False).problem == "initiative must be a whole number, not False"


@pytest.mark.parametrize("state,system,where,field,problem", [
    ({"hp": 5, "max_hp": 6}, "pf2e", "creature", "creature.name", "is missing"),
    ({"name": " ", "hp": 5, "max_hp": 6}, "pf2e", "c[0]", "c[0].name", "must be a name, not empty"),
    ({"name": "G", "hp": 5}, "pf2e", "creature", "creature", "must have hp, max_hp (the track of a pf2e creature)"),
    ({"name": "G", "vitality": 5}, "vitality-wounds", "creature", "creature",
     "must have vitality, max_vitality, wounds, max_wounds or hp, max_hp (the track of a vitality-wounds creature)"),
    ({"name": "G", "hp": 7, "max_hp": 6}, "pf2e", "creature", "creature.hp", "must be at most max_hp (6), not 7"),
    ({"name": "G", "max_hp": 6, "major": 5, "severe": 4}, "daggerheart", "creature", "creature.severe",
     "must be Major (5) or more, not 4"),
    ({"name": "G", "max_hp": 6, "hope": 2}, "daggerheart", "creature", "creature.hope", "must be left out: only a PC has Hope"),
    ({"name": "G", "max_hp": 6, "numbers": {"evasion": 5}}, "daggerheart", "creature", "creature.numbers.evasion",
     "must be left out: only a PC has it (an adversary has tier, difficulty, attack, minion)"),
])
def test_a_whole_creature_is_refused_naming_its_field(state, system, where, field, problem):
    refusal = _refused(check_creature, state, system, where)
    assert (refusal.field, refusal.problem) == (field, problem)


@pytest.mark.parametrize("state,system", [
    ({"name": "G", "hp": 6, "max_hp": 6}, "pf2e"),
    ({"name": "G", "max_hp": 6, "major": 5, "severe": 5}, "daggerheart"),
    ({"name": "G", "max_hp": 6, "hope": 2, "pc": True, "numbers": {"evasion": 5}}, "daggerheart"),
    ({"name": "G", "hp": 5, "max_hp": 6}, "a-system-to-come"),
])
def test_a_whole_creature_within_its_rules_is_kept(state, system):
    check_creature(state, system)


@pytest.mark.parametrize("state,field,problem", [
    ({"vitality": 5}, "c.vitality",
     "is a field of another system: pf2e creatures have dying, hp, max_hp, temp_hp, wounded"),
    ({"hp": -1}, "c.hp", "must be 0 or more, not -1"),
    ({"name": ""}, "c.name", "must be a name, not empty"),
    ({"traits": ["a", 1]}, "c.traits[1]", "must be text, not 1"),
    ({"persistent": ["1d6 fire | factor 0 | end"]}, "c.persistent[0]", "must have a factor above 0 and at most 100, not 0.0"),
    ({"persistent": ["1d6 fire | factor 100.5 | end"]}, "c.persistent[0]", "must have a factor above 0 and at most 100, not 100.5"),
    ({"persistent": ["1d6 fire | rounds -1"]}, "c.persistent[0]", "must have rounds 0 to 999, not -1"),
    ({"persistent": ["1d6 fire | rounds 1000"]}, "c.persistent[0]", "must have rounds 0 to 999, not 1000"),
    ({"persistent": ["1d6 fyre"]}, "c.persistent[0]", "unknown word 'fyre' in damage — did you mean 'fire'?"),
    ({"temp_immunities": ["x"]}, "c.temp_immunities[0]", "must be a line like 'blindness | until round 4', not 'x'"),
    ({"condition_values": {"frightened": MAX_CONDITION + 1}}, "c.condition_values.frightened",
     "must be at most 999, not 1,000"),
    ({"condition_durations": {"x": "soon"}}, "c.condition_durations.x",
     "must be a number of turns or one of end-of-next-turn, end-of-this-turn, start-of-next-turn, not 'soon'"),
    ({"condition_durations": {"x": 1000}}, "c.condition_durations.x", "must be at most 999, not 1,000"),
    ({"attacks": [{"label": "a"}]}, "c.attacks[0].damage", "is missing"),
    ({"attacks": [{"damage": "a"}]}, "c.attacks[0].label", "is missing"),
    ({"attacks": [{"label": "a", "damage": "x", "bonus": 1000}]}, "c.attacks[0].bonus", "must be at most 999, not 1,000"),
    ({"attacks": [{"label": "a", "damage": "x", "bonus": -999, "traits": ["a", 2]}]}, "c.attacks[0].traits[1]",
     "must be text, not 2"),
    ({"attacks": [{"label": "a", "damage": "x", "note": 3}]}, "c.attacks[0].note", "must be text, not 3"),
    ({"numbers": {"tier": 1}}, "c.numbers.tier",
     "is not a number pf2e creatures have; theirs: level, ac, fort, ref, will, perception"),
    ({"numbers": {"level": -2}}, "c.numbers.level", "must be -1 or more, not -2"),
    ({"statblock": "x" * (MAX_STATBLOCK + 1)}, "c.statblock", "must be at most 20,000 characters, not 20,001"),
    ({"pc": 1}, "c.pc", "must be true or false, not 1"),
    ({"hidden": "no"}, "c.hidden", "must be true or false, not 'no'"),
    ({"recovery_check": 1}, "c.recovery_check", "must be text, not 1"),
    ({"horde": 1}, "c.horde", "must be text, not 1"),
])
def test_each_field_is_refused_naming_it(state, field, problem):
    refusal = _refused(check_fields, state, "pf2e", "c")
    assert (refusal.field, refusal.problem) == (field, problem)


@pytest.mark.parametrize("state", [
    {"hp": UNSET}, {"a-field-to-come": 1}, {"persistent": ["1d6 fire | factor 100 | end"]},
    {"persistent": ["1d6 fire | rounds 0"]}, {"persistent": ["1d6 fire | rounds 999"]},
    {"temp_immunities": ["x | until round 0"]}, {"condition_values": {"frightened": MAX_CONDITION}},
    {"condition_durations": {"x": "end-of-next-turn", "y": 0}}, {"numbers": {"level": -1}},
    {"statblock": "x" * MAX_STATBLOCK}, {"attacks": [{"label": "a", "damage": "x", "bonus": -999}]},
])
def test_each_field_at_its_bounds_is_kept(state):
    check_fields(state, "pf2e", "c")
