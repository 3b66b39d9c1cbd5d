"""core.dice.expression: parse, roll through an injected randint, average, dice count,
limits of RULES §1, ParseError with a position."""

from __future__ import annotations

import random

import pytest

from core import ParseError
from core.dice.expression import parse, roll


@pytest.mark.parametrize("expr,average,dice_count", [
    ("2d6+3", 10.0, 2),
    ("d6", 3.5, 1),
    ("1d4-6", -3.5, 1),
    ("7", 7.0, 0),
    ("2d8+1d6+4", 16.5, 3),
    ("1000d1000", 500500.0, 1000),
    ("1d2", 1.5, 1),
    ("3d6-1d4", 8.0, 4),
    ("  2d6 + 3 ", 10.0, 2),
    ("2D6", 7.0, 2),
])
def test_parse_average_and_dice_count(expr, average, dice_count):
    e = parse(expr)
    assert e.average == pytest.approx(average)
    assert e.dice_count == dice_count


@pytest.mark.parametrize("expr,values,total", [
    ("2d6+3", (3, 4), 10),
    ("d6", (6,), 6),
    ("1d4-6", (1,), -5),           # raw total, negative allowed
    ("1d4-6", (4,), -2),
    ("2d8+1d6+4", (1, 2, 3), 10),
    ("3d6-1d4", (1, 1, 1, 4), -1),
    ("5", (), 5),
    ("-3", (), -3),
])
def test_roll_through_injected_rng(R, expr, values, total):
    rng = R(*values)
    assert roll(expr, rng=rng) == total
    assert rng.left == 0


def test_roll_asks_for_the_right_die_sizes(R):
    rng = R(1, 2, 3)
    roll("2d8+1d6", rng=rng)
    assert rng.calls == [(1, 8), (1, 8), (1, 6)]


def test_roll_default_rng_stays_in_range():
    for _ in range(200):
        assert 3 <= roll("3d6") <= 18


def test_roll_same_seed_same_result():
    a = [roll("4d6+2", rng=random.Random(42)) for _ in range(5)]
    b = [roll("4d6+2", rng=random.Random(42)) for _ in range(5)]
    assert a == b


def test_roll_result_remembers_each_die(R):
    from core.dice.expression import roll_detailed

    res = roll_detailed("2d6+1d4+1", rng=R(3, 5, 2))
    assert res.total == 11
    assert res.values == (3, 5, 2)


def test_limits_ok():
    parse("1000d6")
    parse("1d1000")
    parse(" + ".join(["1000d6"] * 10))  # exactly 10,000 dice
    parse("1" + "+1" * 249)             # 499 characters


@pytest.mark.parametrize("expr,where", [
    ("0d6", 0),
    ("1001d6", 0),
    ("1d1", 2),
    ("1d0", 2),
    ("1d1001", 2),
    ("2d6+0d4", 4),
    ("d", 0),
    ("2d", 1),
    ("2d6+", None),
    ("2d6 fire", 4),
    ("abc", 0),
    ("2d6++3", None),
    ("", 0),
    ("   ", None),
    ("1d6 2d6", None),
    ("2x6", 1),
])
def test_parse_errors_have_position(expr, where):
    with pytest.raises(ParseError) as info:
        parse(expr)
    assert isinstance(info.value.position, int)
    assert 0 <= info.value.position <= len(expr)
    if where is not None:
        assert info.value.position == where, str(info.value)
    assert str(info.value)  # a message


def test_more_than_10000_dice_is_error():
    expr = " + ".join(["1000d6"] * 11)
    with pytest.raises(ParseError) as info:
        parse(expr)
    assert info.value.position == expr.rindex("1000d6")


def test_more_than_500_characters_is_error():
    expr = "1" + "+1" * 250   # 501 characters
    assert len(expr) == 501
    with pytest.raises(ParseError):
        parse(expr)


def test_huge_input_does_not_hang():
    import time

    t = time.perf_counter()
    for expr in ("9" * 100000, "1d6+" * 10000, "d" * 10000, "(" * 10000):
        with pytest.raises(ParseError):
            parse(expr)
    assert time.perf_counter() - t < 2


def test_parse_error_is_value_error():
    assert issubclass(ParseError, ValueError)


def test_parse_error_names_offending_text():
    with pytest.raises(ParseError) as info:
        parse("2d6+1q4")
    assert "q" in str(info.value)
