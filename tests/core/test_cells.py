"""Cuts measured in terminal cells, never splitting a character."""

from __future__ import annotations

import pytest

from core.text.cells import cells, cut_cells


@pytest.mark.parametrize("text,n", [("fire", 4), ("［火炎］", 8), ("ゴブリン戦士 4", 14), ("", 0)])
def test_cells_counts_full_width_as_two(text, n):
    assert cells(text) == n


@pytest.mark.parametrize("text,width,cut", [
    ("ゴブリン戦士", 12, "ゴブリン戦士"),      # fits: whole, no ellipsis
    ("ゴブリン戦士", 11, "ゴブリン戦…"),       # 10 cells + … = 11
    ("ゴブリン戦士", 10, "ゴブリン…"),         # a wide character never straddles the edge
    ("Goblin warrior", 8, "Goblin…"),
    ("abc", 0, ""),
])
def test_cut_cells_ends_in_an_ellipsis_within_the_width(text, width, cut):
    assert cut_cells(text, width) == cut
    assert cells(cut_cells(text, width)) <= width
