"""Pinned by the mutation run: dice notation text and "rolled at the table"
(RULES §1 "Rolled at the table"), through core.dice.expression's public functions only."""

from __future__ import annotations

import pytest

from core import ParseError
from core.dice.expression import parse, roll_detailed


@pytest.mark.parametrize("text", ["-1d4", "-1d4+2", "1d6-1d4", "2d6+3", "2d8+1d6+4", "1d4-5=-2"])
def test_canonical_text_keeps_every_sign(text):
    """RULES §1: a parsed expression prints as written, a leading minus included."""
    assert str(parse(text)) == text


def test_a_table_total_is_that_roll_with_no_dice_rolled():
    """RULES §1 "Rolled at the table": `2d4=7` is 7, and no die is rolled for it."""
    result = roll_detailed("2d4=7")
    assert (result.total, result.rolls, result.values) == (7, (), ())
    assert str(result) == "7"
    assert result.expr is parse("2d4=7")
    assert str(result.expr) == "2d4=7"


def test_a_negative_table_total_within_the_dice():
    """RULES §1: `1d4-5=-2` counts as −2 (the minus belongs to the total)."""
    assert parse("1d4-5=-2").rolled == -2
    assert roll_detailed("1d4-5=-4").total == -4


@pytest.mark.parametrize("text,message,position", [
    ("7=7", "'=' follows dice rolled at the table (e.g. 2d4=7); a plain total needs no '='", 1),
    ("2d4=9", "2d4 cannot come to 9 (it makes 2 to 8)", 4),
    ("1d4-5=-7", "1d4-5 cannot come to -7 (it makes -4 to -1)", 7),
])
def test_impossible_table_totals_say_why_and_where(text, message, position):
    """RULES §1: a total the dice cannot make is a ParseError at the total."""
    with pytest.raises(ParseError) as err:
        parse(text)
    assert (err.value.message, err.value.position, err.value.text) == (message, position, text)


@pytest.mark.parametrize("value", [7, None, 2.5])
def test_non_text_is_a_parse_error_at_the_start(value):
    """RULES §1: notation is text; anything else is a ParseError a GM can read."""
    with pytest.raises(ParseError) as err:
        parse(value)
    assert (err.value.message, err.value.position, err.value.text) == (
        "a dice expression must be text", 0, str(value))


def test_a_rolled_result_remembers_its_expression_and_each_die(R):
    """RULES §1: `2d6+3` rolled 2 and 5 is 10, and the result keeps the expression."""
    result = roll_detailed("2d6+3", R(2, 5))
    assert result.expr == parse("2d6+3")
    assert (result.total, result.rolls, result.values) == (10, ((6, 2), (6, 5)), (2, 5))


def test_notation_longer_than_500_characters_is_refused_at_500():
    """RULES §1 limits: at most 500 characters; the error points just past the limit."""
    text = "1" + "+1" * 250  # 501 characters
    with pytest.raises(ParseError) as err:
        parse(text)
    assert (err.value.message, err.value.position, err.value.text) == (
        "expression longer than 500 characters", 500, text)
    assert parse(text[:-2]).modifier == 250  # 499 characters: accepted
