"""What mutation testing left alive in core/notation/hints.py: the cut-off at
which a typo is still offered its word, and a typo in capitals."""

from __future__ import annotations

from core.catalog.vocabulary import vocabulary
from core.notation.hints import closest, did_you_mean


def test_a_word_three_quarters_alike_is_offered_and_one_half_alike_is_not():
    assert closest("abcd", ["abce"]) == "abce"     # ratio 0.75: the cut-off itself
    assert closest("abcd", ["abxy"]) is None        # ratio 0.5
    assert closest("abcd", ["abcxy"]) is None       # ratio 0.67: over difflib's own 0.6, under ours
    assert closest("abcd", []) is None


def test_a_typo_in_capitals_is_offered_the_word_it_stands_for():
    assert did_you_mean("FYRE", vocabulary("pf2e")) == "fire"
    assert did_you_mean("xyzzy", vocabulary("pf2e")) is None
