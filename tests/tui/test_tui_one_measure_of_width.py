"""The app measures text with one answer, the one the screen is drawn with (Rich's
``cell_len``): the roster's cuts (core.text.cells) and the wrapping (Rich) never disagree."""

from __future__ import annotations

import unicodedata

import pytest
from rich.cells import cell_len

import tui  # noqa: F401  (the app, as it runs: its measure handed to the core)
from core.text.cells import cells, char_cells, cut_cells

# characters the standard library's East Asian Width and Rich measure differently
DIFFERENT = [c for c in ("☰", "\u0903", "\u1160", "\u00ad", "\U0001f3fb", "\u0600")
             if unicodedata.east_asian_width(c) not in ("W", "F") or cell_len(c) != 2]


@pytest.mark.parametrize("char", DIFFERENT)
def test_the_core_measures_as_the_screen_is_drawn(char):
    assert char_cells(char) == cell_len(char)
    assert cells(f"ゴブリン{char}戦士") == cell_len(f"ゴブリン{char}戦士")


def test_a_cut_fits_in_the_cells_rich_draws():
    text = "☰" * 10 + "ゴブリン戦士"
    for width in range(1, 30):
        assert cell_len(cut_cells(text, width)) <= width
