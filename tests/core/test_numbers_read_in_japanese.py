"""A Japanese GM types the numbers, the rolled saves and the defenses with the words the roster
shows them in (the glossary's 頑健 / 反応 / 意志 / 知覚 / レベル, the wiki's ``；`` and ``、``), and
a refusal says what was wrong in Japanese, with the caret at the word that was wrong."""

from __future__ import annotations

import pytest

from core.encounter.draft import read_numbers, read_save_and_dc
from core.notation import parse_defenses
from core.text.errors import ParseError
from core.text.japanese import glossary


def _label(english: str) -> str:
    """The glossary's word for a number's label (the roster shows the numbers so)."""
    return glossary()["unsettled"][english]


@pytest.mark.usefixtures("japanese")
@pytest.mark.parametrize("text,numbers", [
    ("AC 18；頑健 +9、反応 +7、意志 +6；知覚 +8",
     {"ac": 18, "fort": 9, "ref": 7, "will": 6, "perception": 8}),
    ("レベル 3", {"level": 3}),
    ("ＡＣ１８　頑健＋９", {"ac": 18, "fort": 9}),        # the IME's full width
    ("知覚+8 AC 18 Fort +2", {"perception": 8, "ac": 18, "fort": 2}),   # the two languages mixed
])
def test_the_numbers_field_reads_the_words_the_roster_shows(text, numbers):
    assert read_numbers("pf2e", text) == numbers


def test_the_glossary_labels_are_read_in_english_too():
    """The words are data, not the language spoken: a pasted Japanese line reads anywhere."""
    line = f"AC 18；{_label('Fort')} +9、{_label('Ref')} +7、{_label('Will')} +6；{_label('Per')} +8"
    assert read_numbers("pf2e", line) == {"ac": 18, "fort": 9, "ref": 7, "will": 6, "perception": 8}


@pytest.mark.usefixtures("japanese")
def test_a_word_the_system_has_not_is_refused_in_japanese_at_the_word():
    text = "AC 18；回避 5"
    with pytest.raises(ParseError) as caught:
        read_numbers("pf2e", text)
    assert caught.value.position == text.index("回避")
    message = caught.value.message
    assert "回避" in message and _label("Fort") in message and "not a number" not in message
    assert "Fort" not in message                          # the GM's words, not the internal ones


@pytest.mark.usefixtures("japanese")
def test_text_that_is_no_number_is_refused_in_japanese_at_the_text():
    text = "AC 18 ごみ"
    with pytest.raises(ParseError) as caught:
        read_numbers("pf2e", text)
    assert caught.value.position == text.index("ごみ")
    assert "ごみ" in caught.value.message and "type AC" not in caught.value.message


@pytest.mark.usefixtures("japanese")
@pytest.mark.parametrize("text,save,dc", [
    ("反応 21", "ref", 21), ("意志 DC 18", "will", 18), ("頑健　２０", "fort", 20), ("DC21", "ref", 21),
])
def test_the_rolled_saves_read_the_japanese_save_words(text, save, dc):
    assert read_save_and_dc(text) == (save, dc)


@pytest.mark.usefixtures("japanese")
def test_an_unclear_save_is_refused_in_japanese():
    with pytest.raises(ValueError) as caught:
        read_save_and_dc("運 20")
    message = str(caught.value)
    assert "type the save" not in message and _label("Ref") in message


@pytest.mark.usefixtures("japanese")
def test_a_condition_written_with_its_state_word_is_the_condition():
    """The seed writes 恐れ状態 (frightened): ``麻痺状態`` is paralyzed, not 「paralyzed 状態」."""
    plain = parse_defenses("完全耐性 毒、麻痺", "pf2e")
    with_state = parse_defenses("完全耐性 毒、麻痺状態", "pf2e")
    assert with_state.immune_to == plain.immune_to
    assert with_state.effect_immunities == plain.effect_immunities
    assert "状態" not in " ".join(with_state.effect_immunities)


@pytest.mark.usefixtures("japanese")
@pytest.mark.parametrize("text", ["全てのダメージへの抵抗5", "全てのダメージに対する抵抗5"])
def test_the_seeds_way_of_writing_a_defense_is_read(text):
    """The seed: 全てのダメージに対する抵抗5; the roster writes 全てのダメージへの抵抗5."""
    (entry,) = parse_defenses(text, "pf2e").resistances
    assert (entry.selector, entry.value) == ("all", 5)


@pytest.mark.usefixtures("japanese")
def test_a_refusal_quotes_what_the_gm_typed_not_the_internal_word():
    with pytest.raises(ParseError) as caught:
        parse_defenses("全てのダメージ5", "pf2e")
    assert "「all」" not in caught.value.message
    assert "全てのダメージ" in caught.value.message
