"""Where each notation error points: the caret under the word at fault, not a
column off — what mutation testing found unpinned, with the ``(`` that is never closed and the
defense line's words in a table cell."""

from __future__ import annotations

import pytest

from core.notation import parse_damage, parse_defenses
from core.systems import get_system
from core.text.errors import ParseError

DAMAGE = [
    ("2d6 fire,, 1d4 cold", "pf2e", 9, "empty damage part (two commas in a row?)"),
    ("14", "pf2e", 2, "name a damage type after '14' (e.g. 14 slashing)"),
    ("fire", "pf2e", 0, "'fire' needs an amount before it, e.g. '2d6 fire'"),
    ("fire 2d6", "pf2e", 5, "put the amount before the type, e.g. '2d6 fire'"),
    ("2d6 fyre", "pf2e", 4, "unknown word 'fyre' in damage — did you mean 'fire'?"),
    ("2d6fire", "pf2e", 3, "put a space between the amount and 'fire'"),
    ("2d fire", "pf2e", 1, "a die needs a size after 'd' (d4, d6, d8 …)"),
    ("1d6 fire, d bludgeoning", "pf2e", 11, "a die needs a size after 'd' (d4, d6, d8 …)"),
    ("2d6= fire", "pf2e", 3, "after '=' write the total the dice came to, e.g. 2d4=7"),
    ("2d6 fire silver +1", "pf2e", 16, "for a +1 weapon write magical, e.g. '2d6 fire silver magical'"),
]

DEFENSES = [
    ("resistances fire 5 (except magic", "pf2e", 19, "'(' is never closed"),
    ("resistances fire 5, physical 5 (except silver", "pf2e", 31, "'(' is never closed"),
    ("weaknesses fire 5)", "pf2e", 17, "')' without '('"),
    ("immunities fire 5", "pf2e", 11, "an immunity has no value"),
    ("immunities fire, cold 5", "pf2e", 17, "an immunity has no value"),
    ("resistances fire", "pf2e", 16, "resistance fire needs a value, e.g. 'fire 5'"),
    ("weaknesses 5", "pf2e", 11, "weakness 5 needs a damage type, e.g. 'weakness fire 5'"),
    ("resistances", "pf2e", 11, "resistance with nothing after it"),
    ("foo fire 5", "pf2e", 0, "start with immunities, weaknesses or resistances (not 'foo')"),
    ("vulnerable silver", "pf2e", 0, "'vulnerable' exists only in vitality-wounds"),
    ("resistances physical 5 (but silver)", "pf2e", 23, "write exceptions as '(except silver)'"),
    ("immunities fire silver", "pf2e", 11, "'fire silver' is not one immunity: one damage type, "
     "material or effect per entry, separated by commas; exceptions as '(except silver)'"),
    ("resistances fire 5 10", "pf2e", 12, "one value per entry: separate entries with a comma"),
    ("resistances fyre 5", "pf2e", 12, "unknown damage type or material 'fyre' — did you mean 'fire'?"),
    ("resistance physical 5", "daggerheart", 11, "Daggerheart resistances have no value (they halve)"),
    ("DR 5/", "d20-3e", 5, "say what bypasses the damage reduction: '-', a material, 'magic' or '+1'"),
    ("DR 5/+0", "d20-3e", 5, "an enhancement bonus is +1 or more, not '+0'"),
]


def _refusal(parse, text: str, system: str) -> ParseError:
    with pytest.raises(ParseError) as caught:
        parse(text, system)
    assert caught.value.text == text
    return caught.value


@pytest.mark.parametrize(("text", "system", "at", "message"), DAMAGE)
def test_a_damage_error_points_at_the_word_at_fault(text, system, at, message):
    error = _refusal(parse_damage, text, system)
    assert (error.position, error.message) == (at, message)


@pytest.mark.parametrize(("text", "system", "at", "message"), DEFENSES)
def test_a_defense_error_points_at_the_word_at_fault(text, system, at, message):
    error = _refusal(parse_defenses, text, system)
    assert (error.position, error.message) == (at, message)


def test_the_caret_is_shown_one_based():
    error = _refusal(parse_defenses, "resistances fire 5 (except magic", "pf2e")
    assert str(error) == "'(' is never closed (at position 20)"


@pytest.mark.parametrize(("system", "line", "cell"), [
    ("pf2e", "immunities fire, death; weaknesses cold-iron 5; resistances physical 10 (except "
     "magical, silver), non-magical slashing 3",
     "imm fire, weak cold-iron 5, res physical 10 (exc. magical,silver), res non-magical slashing 3, "
     "imm death"),
    ("d20-3e", "DR 5/magic; fire resistance 10", "DR 5/magic, res fire 10"),
    ("vitality-wounds", "vulnerable silver; resistance 5/-", "vuln silver, res all 5"),
    ("pf2e", "", "—"),
])
def test_a_defense_line_in_a_table_cell_is_short(system, line, cell):
    """The roster's defenses cell (no core test read it: mutation testing found it unchecked)."""
    assert parse_defenses(line, system).short() == cell


@pytest.mark.parametrize(("system", "line", "exceptions"), [
    ("vitality-wounds", "resistance 5/-", []),
    ("vitality-wounds", "resistance 5 / silver", ["silver"]),
    ("pf2e", "resistances 5/cold-iron", ["cold-iron"]),
])
def test_a_value_over_a_slash_resists_all_but_what_follows(system, line, exceptions):
    (entry,) = parse_defenses(line, system).resistances
    assert (entry.selector, entry.value, sorted(entry.exceptions)) == ("all", 5, exceptions)


def test_an_unknown_word_after_the_slash_is_pointed_at():
    error = _refusal(parse_defenses, "resistances 10/fyre", "vitality-wounds")
    assert error.position == 15


@pytest.mark.parametrize(("damage", "total"), [("8 slashing death", 0), ("8 slashing death magical", 8)])
def test_a_non_magical_effect_immunity_spares_a_magical_attack(damage, total):
    rules = get_system("pf2e")
    ghoul = rules.new_creature("Ghoul", defenses="immunities non-magical death", hp=30)
    assert rules.resolve(ghoul, rules.roll(damage)).total == total


@pytest.mark.parametrize(("parse", "message"), [(parse_damage, "damage must be text"),
                                                (parse_defenses, "defenses must be text")])
def test_notation_that_is_not_text_is_refused_in_words(parse, message):
    with pytest.raises(ParseError) as caught:
        parse(5, "pf2e")
    assert (caught.value.position, caught.value.message) == (0, message)


def test_damage_reduction_reduces_all_but_what_bypasses_it():
    (entry,) = parse_defenses("DR 5/magic", "d20-3e").resistances
    assert (entry.selector, entry.value, sorted(entry.exceptions)) == ("all", 5, ["magical"])
