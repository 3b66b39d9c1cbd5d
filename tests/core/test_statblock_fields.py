"""What mutation testing left alive in core/statblocks/fields.py: a printed
defense entry put in notation, the caret of a refused entry or damage at the words printed,
a modifier's bounds at and one past, and which lines are lines of traits."""

from __future__ import annotations

import re

import pytest

from core.creature.schema import MAX_MODIFIER
from core.statblocks.fields import (
    DefenseSections,
    _defense_item,
    bounded,
    damage_parts,
    kinds_in,
    modifier,
)
from core.statblocks.text import Block, BlockError
from core.text.errors import ParseError

BLOCK = Block("Gob\nResistances fire 5, cold x, (except silver)")
PLUS = re.compile(r"\s+plus\s+|,")


def _error(call) -> ParseError:
    with pytest.raises(ParseError) as caught:
        call()
    return caught.value


@pytest.mark.parametrize("printed,entry,extra", [
    ("all damage 5 (except force, ghost touch, or positive; double resistance vs. non-magical)",
     "all 5 (except force, ghost touch, positive)", ["double resistance vs. non-magical"]),
    ("fire 5 (from spells)", "fire 5", []),
    ("fire 5) x (", "fire 5) x (", []),
    ("fire 5 (except and silver)", "fire 5 (except silver)", []),
    ("fire 5", "fire 5", []),
])
def test_a_printed_defense_entry_reads_in_notation(printed, entry, extra):
    assert _defense_item(printed) == (entry, extra)


def test_defense_sections_join_in_notation_and_a_mistake_is_placed_in_the_entry_printed():
    sections = DefenseSections(BLOCK, "pf2e")
    sections.add("resistances", [(" fire 5", 16), (" cold 5 (except magic)", 23), ("  ", 40)])
    sections.add("weaknesses", [("all 5 (double resistance vs. non-magical)", 4)])
    assert sections.line == ("resistances fire 5, cold 5 (except magic); weaknesses all 5; "
                             "double resistance vs. non-magical")
    assert _error(lambda: sections.add("resistances", [(" fyre 5", 16)])).position == 17
    assert _error(lambda: sections.add("resistances", [(" fire 5 (except fyre)", 16)])).position == 32
    # rewritten (the "or" dropped): the caret goes to the entry, not into it
    assert _error(lambda: sections.add("resistances", [(" fire 5 (except or fyre)", 16)])).position == 17
    nothing = _error(lambda: sections.add("weaknesses", [("  ", 30)]))
    assert (nothing.position, nothing.message) == (30, "line 2: nothing after 'weaknesses'")
    assert _error(lambda: sections.add("weaknesses", [])).position == 0
    assert _error(lambda: sections.add_entry("resistances fyre 5", 7, True)).position == 19
    assert _error(lambda: sections.add_entry("resistances fyre 5", 7)).position == 7


def test_printed_damage_keeps_its_parts_and_the_rest_is_the_note():
    assert damage_parts("2d6+4 slashing plus Grab", 10, "pf2e", BLOCK, PLUS) == ("2d6+4 slashing", "Grab")
    assert damage_parts("2d6 fire (deadly d10) plus 1d6 cold, drain life.", 0, "pf2e", BLOCK, PLUS) \
        == ("2d6 fire, 1d6 cold", "drain life")
    assert damage_parts(", 2d6 fire", 0, "pf2e", BLOCK, PLUS) == ("2d6 fire", "")
    error = _error(lambda: damage_parts("  2d6 fyre plus Grab", 10, "pf2e", BLOCK, PLUS))
    assert isinstance(error, BlockError)
    assert (error.position, error.line) == (16, 2)


@pytest.mark.parametrize("text,value", [("+7", 7), (" -3", -3), (f"+{MAX_MODIFIER}", MAX_MODIFIER),
                                        (f"-{MAX_MODIFIER}", -MAX_MODIFIER), ("0", 0)])
def test_a_modifier_within_bounds_is_read(text, value):
    assert modifier(text, 5, BLOCK, "Will") == value


@pytest.mark.parametrize("text,position", [("x", 5), ("  x", 7), (f"  +{MAX_MODIFIER + 1}", 7),
                                           (f"-{MAX_MODIFIER + 1}", 5), ("0001", 5)])
def test_a_modifier_out_of_bounds_or_not_a_number_is_refused_at_it(text, position):
    assert _error(lambda: modifier(text, 5, BLOCK, "Will")).position == position


def test_a_number_out_of_bounds_names_the_bounds_and_a_long_one_its_digits():
    error = _error(lambda: bounded("1" * 30, 3, BLOCK, "HP", 0, 999))
    assert error.position == 3
    assert error.message == "line 1: HP 11111111111111111111… (30 digits) is out of bounds: 0 to 999"
    assert "HP 111111111111111111111111 is out" in _error(lambda: bounded("1" * 24, 3, BLOCK, "HP", 0, 999)).message
    assert "1,000 to 2,000" in _error(lambda: bounded("5", 3, BLOCK, "HP", 1000, 2000)).message
    assert bounded("1000", 3, BLOCK, "HP", 1000, 2000) == 1000
    assert bounded("-5", 3, BLOCK, "HP", -5, 0) == -5


@pytest.mark.parametrize("line,kinds", [
    ("CE Medium Undead Wight", ["undead"]),
    ("the Undead rise", []),
    ("", []),
    ("Construct Undead", ["undead", "construct"]),
    ("Medium 3 Undead", ["undead"]),
])
def test_a_line_of_capitalised_words_gives_its_kinds(line, kinds):
    assert kinds_in(line) == kinds


def test_a_refused_double_resistance_note_is_placed_at_its_entry():
    sections = DefenseSections(BLOCK, "pf2e")
    error = _error(lambda: sections.add("resistances", [(" all 5 (double resistance vs. non-magical, silver)", 16)]))
    assert isinstance(error, BlockError)
    assert (error.position, error.detail) == (17, "start with immunities, weaknesses or resistances (not 'silver')")
