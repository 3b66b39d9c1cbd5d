"""What a load says when a file's texts held control characters, and how a control character
is written out: two hex digits below U+0100, four from there."""

from __future__ import annotations

from core.plain_text import removed_note, shown


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
