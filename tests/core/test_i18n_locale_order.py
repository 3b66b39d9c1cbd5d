"""What mutation testing left alive in core/text/i18n.py: LC_MESSAGES between
LC_ALL and LANG, as POSIX orders them, and a word English uses twice in each of its senses."""

from __future__ import annotations

import pytest

from core.text import i18n


@pytest.mark.parametrize(("environ", "code"), [
    ({"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}, "ja"),
    ({"LC_MESSAGES": "C", "LANG": "ja_JP.UTF-8"}, "en"),
    ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "ja_JP.UTF-8"}, "ja"),
])
def test_lc_messages_decides_when_lc_all_is_unset(environ, code):
    assert i18n.language_from_environment(environ) == code


def test_a_word_in_a_sense_is_the_english_word_in_english():
    assert i18n.ptr("saving throw", "Save") == "Save"
    assert i18n.ptr("armor slot", "{count} of {most}", count=1, most=3) == "1 of 3"


@pytest.mark.usefixtures("japanese")
def test_a_word_in_a_sense_is_that_sense_in_japanese():
    assert (i18n.ptr("saving throw", "Save"), i18n.tr("Save")) == ("セーヴ", "保存")
    assert i18n.ptr("armor slot", "no") == "なし"


def test_a_text_without_values_keeps_its_braces_as_written():
    assert i18n.ptr("a sense", "{not a placeholder}") == "{not a placeholder}"
    assert i18n.tr("{not a placeholder}") == "{not a placeholder}"


def test_a_language_is_spoken_by_its_code_and_an_unknown_one_says_which_are_known():
    assert i18n.set_language("ja_JP.UTF-8") == "ja"
    assert i18n.language() == "ja" and i18n.game_term("fire") == "［火炎］"
    with pytest.raises(ValueError) as caught:
        i18n.set_language("fr_FR")
    assert str(caught.value) == "unknown language 'fr_FR'; known: en, ja"
    assert i18n.language() == "ja"
