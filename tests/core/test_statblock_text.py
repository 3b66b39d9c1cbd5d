"""What mutation testing left alive in core/statblocks/text.py: a paste cleaned
one character for one, the lines a wrap joins and those it never does, the line and column of
an error, the size limit, Title Case, and the unread note's count."""

from __future__ import annotations

import re

import pytest

from core.creature.schema import MAX_STATBLOCK
from core.statblocks.text import Block, StatBlock, split_outside, strip_at, title_case, unread_lines
from core.text.errors import ParseError


def test_a_paste_is_cleaned_one_character_for_one():
    block = Block("# GOBLIN *WARRIOR*\r\n> AC 16;\n  Fort +5\n\nHP 6\rweakness fire")
    assert block.clean == "  GOBLIN  WARRIOR  \n  AC 16;\n  Fort +5\n\nHP 6\nweakness fire"
    assert [(line.text, line.start) for line in block.lines] == [
        ("GOBLIN  WARRIOR", 2), ("AC 16;   Fort +5", 22), ("HP 6", 40), ("weakness fire", 45)]
    assert Block("Goblin\u2212x\u00a0y\tz").clean == "Goblin-x y z"
    assert Block("a__b").clean == "a  b"


@pytest.mark.parametrize("text,lines", [
    ("Goblin,\nwarrior\nAC 5", ["Goblin,", "warrior", "AC 5"]),          # never the name line
    ("Gob\nAC 5 (x\ny)\n\nz", ["Gob", "AC 5 (x y)", "z"]),
    ("Gob\nMelee +5,\n\nlower", ["Gob", "Melee +5,", "lower"]),           # a blank line ends it
    ("Gob\nMelee claw Damage\n1d6", ["Gob", "Melee claw Damage 1d6"]),
    ("Gob\nWill\n+26", ["Gob", "Will +26"]),
    ("Gob\nResist fire 5 and\nCold 5", ["Gob", "Resist fire 5 and Cold 5"]),
    ("Gob\nHP 5\nresistances fire 5", ["Gob", "HP 5", "resistances fire 5"]),
    ("Gob\nresistances fire 5\nweaknesses cold 5", ["Gob", "resistances fire 5", "weaknesses cold 5"]),
    ("Gob\nsome prose\nweakness 2 to good", ["Gob", "some prose weakness 2 to good"]),
    ("Gob\nAC 5\nHP 6", ["Gob", "AC 5", "HP 6"]),
])
def test_a_wrapped_line_is_put_back_together(text, lines):
    assert [line.text for line in Block(text).lines] == lines


def test_an_error_names_its_line_and_a_missing_line_points_at_the_end():
    block = Block("Goblin\nAC 5\n\nHP 6\n\n")
    assert block.error("x", 8).line == 2
    assert block.error("x", 0).line == 1
    missing = block.missing("no Will")
    assert (missing.position, missing.line, missing.detail) == (17, 4, "no Will: the block stops here (paste the rest)")
    assert missing.message == "line 4: no Will: the block stops here (paste the rest)"


def test_a_stat_block_that_is_not_text_or_too_long_is_refused():
    with pytest.raises(ParseError) as caught:
        Block(5)  # type: ignore[arg-type]
    assert (caught.value.position, caught.value.text) == (0, "5")
    assert Block("x" * MAX_STATBLOCK).original
    with pytest.raises(ParseError) as caught:
        Block("x" * (MAX_STATBLOCK + 1))
    assert caught.value.position == MAX_STATBLOCK


@pytest.mark.parametrize("text,position", [("", 0), ("   \n  ", 0), ("\n|||\nAC 5", 1)])
def test_a_block_without_a_name_is_refused_at_its_first_line(text, position):
    with pytest.raises(ParseError) as caught:
        Block(text).name()
    assert caught.value.position == position


def test_the_name_drops_its_level_and_table_bars_and_reads_in_title_case():
    assert Block("Goblin Creature 3").name(re.compile(r"Creature\s*\d+$")) == "Goblin"
    assert Block("GOBLIN | 3").name() == "Goblin 3"
    assert Block("Goblin Creature10").level(re.compile(r"Creature\s*(\d+)")) == 10
    assert Block("Goblin").level(re.compile(r"Creature\s*(\d+)")) is None
    assert Block("").level(re.compile("(x)")) is None
    assert title_case("DEMON OF AVARICE") == "Demon of Avarice"
    assert title_case("OF THE DEEP") == "Of the Deep"


def test_lines_that_look_like_statistics_are_noted_once_each():
    block = Block("Gob\nAC 17\nSaves: Fort +6\nhello\nHP: 7")
    assert unread_lines(block, set()) == ("AC 17", "Saves: Fort +6 hello", "HP: 7")
    assert unread_lines(block, {block.lines[1].start}) == ("Saves: Fort +6 hello", "HP: 7")
    assert unread_lines(Block("AC 17"), set()) == ()        # the name line is never one
    assert StatBlock("x", {}).unread_note() == ""
    assert StatBlock("x", {}, unread=("AC 5",)).unread_note() == \
        "1 line looks like a statistic but was not read: AC 5"
    assert StatBlock("x", {}, unread=("AC 5", "HP 3")).unread_note() == \
        "2 lines look like statistics but were not read: AC 5 / HP 3"


def test_pieces_split_only_outside_parentheses():
    assert list(split_outside("a,(b,c)),d[e,f],g（h,i）", ",")) == [
        ("a", 0), ("(b,c))", 2), ("d[e,f]", 9), ("g（h,i）", 16)]
    assert list(split_outside("a),b", ",")) == [("a)", 0), ("b", 3)]
    assert strip_at("  ab ", 3) == ("ab", 5)


@pytest.mark.parametrize("text,lines", [
    ("Gob\nAC 5\n3d6 fire", ["Gob", "AC 5", "3d6 fire"]),        # a digit is not lower case
    ("Gob\nAC 5\n(agile) x", ["Gob", "AC 5", "(agile) x"]),
    ("Gob\nsome prose\niPhone", ["Gob", "some prose iPhone"]),   # its first letter decides
])
def test_only_a_line_whose_first_letter_is_lower_case_goes_on(text, lines):
    assert [line.text for line in Block(text).lines] == lines


def test_a_parenthesis_inside_another_keeps_its_commas_inside():
    assert list(split_outside("physical 10 (except silver (alchemical), cold iron), fire 5", ",")) == [
        ("physical 10 (except silver (alchemical), cold iron)", 0), (" fire 5", 52)]


def test_a_markdown_table_row_that_looks_like_a_statistic_is_noted():
    assert unread_lines(Block("Gob\n| AC | 17 |\n| HP | 5 |\n| Speed | 25 |"), set()) == (
        "| AC | 17 |", "| HP | 5 |")
