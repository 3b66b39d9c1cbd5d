"""What mutation testing left alive in core/text/cells.py: each kind of zero-width
character, full-width as two cells, and a cut one cell short or at width 1."""

from __future__ import annotations

import pytest

from core.text.cells import char_cells, cut_cells, measure_with


@pytest.fixture(autouse=True)
def the_standard_librarys_measure():
    """The core's own measure (the app hands it Rich's when ``tui`` is imported)."""
    before = measure_with(None)
    yield
    measure_with(before)


@pytest.mark.parametrize("char,n", [
    ("\u0301", 0),   # a combining accent (combining class 230)
    ("\u034f", 0),   # Mn with combining class 0: the grapheme joiner
    ("\u0488", 0),   # Me: an enclosing mark
    ("\u00ad", 0),   # Cf: the soft hyphen
    ("火", 2),        # W
    ("Ａ", 2),        # F: a full-width Latin letter
    ("ｱ", 1),        # H: half-width katakana
    ("a", 1),
])
def test_each_character_takes_its_cells(char, n):
    assert char_cells(char) == n


@pytest.mark.parametrize("text,width,cut", [
    ("abcd", 4, "abcd"),     # exactly the width: whole
    ("abcde", 4, "abc…"),    # one over: three letters and the ellipsis
    ("abcde", 1, "…"),       # room for the ellipsis alone
    ("abcde", -1, ""),
    ("ab cde", 4, "ab…"),    # the space before the cut is dropped
    ("Ａｂ", 2, "…"),
    ("Ａｂｃ", 3, "Ａ…"),
])
def test_a_cut_keeps_what_fits_before_the_ellipsis(text, width, cut):
    assert cut_cells(text, width) == cut
