"""What mutation testing left alive in core/dice/expression.py: the place of the die that
goes past the 10,000 dice when its count is left out (``d6``: the caret on its ``d``)."""

from __future__ import annotations

import pytest

from core.dice.expression import parse
from core.text.errors import ParseError


@pytest.mark.parametrize("last,position", [("d6", 71), (" d6", 72), ("1d6", 70)])
def test_the_die_past_ten_thousand_is_placed_at_its_count_or_its_d(last, position):
    with pytest.raises(ParseError) as refused:
        parse("1000d6+" * 10 + last)
    assert (refused.value.message, refused.value.position) == ("more than 10000 dice", position)
