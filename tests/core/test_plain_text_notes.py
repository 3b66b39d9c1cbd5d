"""What a load says when a file's texts held control characters, and how a control character
is written out: two hex digits below U+0100, four from there."""

from __future__ import annotations

import pytest

from core.text.plain_text import first_control, removed_note, shown, without_controls


def test_a_file_without_control_characters_adds_nothing_to_the_load_notice():
    assert removed_note(0) == ""


def test_one_text_with_control_characters_is_said_in_the_singular():
    assert removed_note(1) == (" A text of the file held control characters, which a terminal "
                               "would obey: they were removed.")


def test_several_texts_are_counted():
    assert removed_note(3) == (" 3 texts of the file held control characters, which a terminal "
                               "would obey: they were removed.")


def test_a_character_is_written_with_two_hex_digits_below_u0100_and_four_from_there():
    assert (shown("\x1b"), shown("\x9b"), shown("\u0100"), shown("\u202e")) == \
        ("\\x1b", "\\x9b", "\\u0100", "\\u202e")


def test_a_typed_name_with_a_control_character_is_refused_word_for_word():
    from core import Encounter

    encounter = Encounter("pf2e", "Ambush")
    with pytest.raises(ValueError) as refused:
        encounter.add(encounter.rules.new_creature("Sk\x1bx", hp=5))
    assert str(refused.value) == ("the name holds a control character (\\x1b, character 3), which a "
                                  "terminal would obey instead of showing: type it without it")


def test_tab_and_newline_are_controls_in_one_line_and_text_in_lines():
    assert without_controls("a\tb\nc\x1bd") == "abcd"
    assert without_controls("a\tb\nc\x1bd", lines=True) == "a\tb\ncd"
    assert first_control("a\tb") == (2, "\\x09")
    assert first_control("a\tb", lines=True) is None
