"""What a GM meets outside the screens (a dice error, a save's problem, ``--help``)
speaks the language; English stays as it was."""

from __future__ import annotations

import pytest

from core.dice.expression import parse
from core.text import i18n
from core.text.errors import ParseError
from saves.errors import SaveError
from tui.cli import main


def test_a_dice_error_and_its_position_in_japanese(japanese):
    with pytest.raises(ParseError) as caught:
        parse("2d6+")
    assert str(caught.value) == "ダイス式に予期しない '+'（4文字目）"
    with pytest.raises(ParseError) as caught:
        parse("2d4=20")
    assert str(caught.value) == "2d4 で 20 にはなりません（2〜8）（5文字目）"


def test_a_dice_error_in_english_is_unchanged():
    with pytest.raises(ParseError) as caught:
        parse("")
    assert str(caught.value) == "empty dice expression (at position 1)"


def test_a_save_error_says_where_in_japanese(japanese):
    error = SaveError("enc.toml", i18n.tr("no such save"), line=3)
    assert error.short == "3行目: そのセーブはありません"


def test_help_in_japanese_has_argparses_words_too(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    try:
        assert main(["--lang", "ja", "--help"]) == 0
    finally:
        i18n.set_language("en")
    out = capsys.readouterr().out
    assert out.startswith("使い方：hitledger")
    assert "オプション" in out and "空の遭遇を始める" in out and "options" not in out


def test_help_in_english_is_argparses_own(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    assert main(["--lang", "en", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: hitledger") and "options:" in out
