"""What mutation testing left alive in core/statblocks/japanese.py: when a block is
in the Japanese wiki's layout, each line rewritten into the English one, and a caret mapped
back to the character the GM pasted."""

from __future__ import annotations

import pytest

from core.statblocks import read_statblock
from core.statblocks.japanese import english_line, is_japanese_layout, typed_column
from core.statblocks.text import BlockError
from core.text.errors import ParseError


def test_two_different_markers_make_the_japanese_layout():
    assert is_japanese_layout("知覚 +2\n近接")
    assert not is_japanese_layout("知覚 知覚")
    assert not is_japanese_layout("Goblin")


@pytest.mark.parametrize("line,first,english", [
    ("ゴブリン　クリーチャー１", True, "ゴブリン  Creature 1"),
    ("ゴブリン Creature -1", True, "ゴブリン  Creature -1"),
    ("知覚 +2；暗視", False, "Perception +2;暗視"),
    ("  近接 ◆ ドッグスライサー +7（敏捷）、ダメージ 1d6［斬撃］", False, "  Melee ◆ ドッグスライサー +7(敏捷), Damage 1d6［斬撃］"),
    ("遠隔 ◆ 弓 +7、ダメージ 1d6［刺突］", False, "Ranged ◆ 弓 +7, Damage 1d6［刺突］"),
    ("AC 16；頑健 +5、反応 +7、意志 +3", False, "AC 16;Fort +5,Ref +7,Will +3"),
    ("弱点［火炎］5；抵抗［物理］5（銀を除く）", False, "Weaknesses fire 5; Resistances physical 5 (except silver)"),
    ("HP 6；完全耐性［火炎］", False, "HP 6; Immunities fire"),
    ("NE 中型 アンデッド ゾンビ 人造 コンストラクト", False, "NE 中型 Undead ゾンビ Construct Construct"),
    ("アンデッドは。", False, "アンデッドは。"),
    ("何か", False, "何か"),
])
def test_each_line_reads_in_the_english_layout(line, first, english):
    assert english_line(line, first) == english


@pytest.mark.parametrize("column,typed", [(0, 0), (3, 0), (11, 3), (12, 4), (13, 5), (20, 5)])
def test_a_column_of_the_rewrite_is_the_same_character_or_the_start_of_its_words(column, typed):
    assert typed_column("知覚 +2", "Perception +2", column) == typed


@pytest.mark.parametrize("text,at", [
    ("ゴブリン クリーチャー 1\n知覚 +2\nAC 16；頑健 +5、反応 +7、意志 +3\nHP x6", "x6"),
    ("ゴブリン クリーチャー 1\n知覚 +x\nHP 6", "+x"),
])
def test_a_mistake_is_placed_on_the_character_pasted(text, at):
    with pytest.raises(ParseError) as caught:
        read_statblock(text, "pf2e")
    assert (caught.value.position, caught.value.text) == (text.index(at), text)


def test_a_missing_line_points_at_the_end_of_what_was_pasted():
    text = "ゴブリン クリーチャー 1\n知覚 +2\nAC 16"
    with pytest.raises(ParseError) as caught:
        read_statblock(text, "pf2e")
    assert caught.value.position == len(text)


def test_a_mistake_after_a_blank_first_line_is_placed_on_its_own_line():
    text = "\nゴブリン クリーチャー 1\n知覚 +x\nHP 6"
    with pytest.raises(ParseError) as caught:
        read_statblock(text, "pf2e")
    assert isinstance(caught.value, BlockError)
    assert (caught.value.position, caught.value.line) == (text.index("+x"), 3)


def test_a_mistake_on_a_line_over_200_characters_is_placed_on_the_character_pasted():
    # every character between 近接 and ダメージ is frequent on so long a line: the caret still
    # lands on the bonus, not at the start of the line
    text = "ゴブリン クリーチャー 1\n知覚 +2\nHP 6\n近接 aa +99999、ダメージ 1d6 fire plus " + "aa +99, " * 25
    with pytest.raises(ParseError) as caught:
        read_statblock(text, "pf2e")
    assert isinstance(caught.value, BlockError)
    assert (caught.value.position, caught.value.line) == (text.index("+99999"), 4)
