"""The condition dialog and the party notice in Japanese, their English unchanged."""

from __future__ import annotations

import pytest

from core.catalog import conditions as condition_words
from core.text import i18n
from tui.screens.conditions import duration_hints, padded, parse_duration
from tui.screens.party import pcs


def test_a_duration_typed_in_japanese_is_read(japanese):
    assert parse_duration("次のターンの終了") == condition_words.END_OF_NEXT
    assert parse_duration("次のターンの開始") == condition_words.START_OF_NEXT
    assert parse_duration("解除まで") is None
    assert parse_duration("end of next turn") == condition_words.END_OF_NEXT   # English still works
    assert "次のターンの終了" in duration_hints()


def test_a_wrong_duration_is_refused_in_japanese(japanese):
    with pytest.raises(ValueError, match="継続時間：ターン数"):
        parse_duration("soon")


def test_labels_line_up_in_cells_whatever_the_language():
    assert padded("Condition") == "Condition "
    assert padded("Value") == "Value     "
    assert padded("状態") == "状態      "   # two wide characters: four cells


def test_the_party_count_speaks_both_languages(japanese):
    assert pcs(0) == "PCなし"
    assert pcs(3) == "PC 3人"
    i18n.set_language("en")
    assert [pcs(0), pcs(1), pcs(4)] == ["no PCs", "1 PC", "4 PCs"]
