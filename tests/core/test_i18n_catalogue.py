"""Every message of the code has a Japanese translation with the same named
placeholders, and the shipped .mo is the .po compiled."""

from __future__ import annotations

import gettext
import io
import string
from pathlib import Path

import pytest

babel_extract = pytest.importorskip("babel.messages.extract")
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from core.text import i18n  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "core/locale/ja/LC_MESSAGES/hitledger.po"
KEYWORDS = {"tr": None, "ntr": (1, 2), "ptr": ((1, "c"), 2), "N_": None}


def _catalogue():
    with PO.open("rb") as handle:
        return read_po(handle, locale="ja")


def _ids_in_code() -> set[tuple[str | None, str]]:
    """Each message of the code with its context (``ptr``'s sense of a word English uses twice)."""
    ids: set[tuple[str | None, str]] = set()
    for folder in ("core", "saves", "tui"):
        for _file, _line, message, _comments, context in babel_extract.extract_from_dir(
                ROOT / folder, keywords=KEYWORDS, comment_tags=()):
            ids.add((context, message[0] if isinstance(message, tuple) else message))
    return ids


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_message_of_the_code_is_in_the_japanese_catalogue():
    translated = {(m.context, m.id if isinstance(m.id, str) else m.id[0])
                  for m in _catalogue() if m.id}
    assert _ids_in_code() - translated == set()


def test_no_japanese_translation_is_missing_empty_or_fuzzy():
    for message in _catalogue():
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(s.strip() for s in strings), message.id
        assert not message.fuzzy, message.id


def test_english_and_japanese_have_the_same_placeholders():
    for message in _catalogue():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            assert _fields(text) == _fields(ids[-1]), (message.id, text)


def test_the_shipped_mo_is_the_po_compiled():
    compiled = io.BytesIO()
    write_mo(compiled, _catalogue())
    compiled.seek(0)
    shipped = gettext.GNUTranslations((PO.parent / "hitledger.mo").open("rb"))
    fresh = gettext.GNUTranslations(compiled)
    def messages(translations: gettext.GNUTranslations) -> dict[object, str]:
        # the header ("") carries the time Babel read the .po: not a message
        return {k: v for k, v in translations._catalog.items() if k != ""}  # type: ignore[attr-defined]

    assert messages(shipped) == messages(fresh)


def test_tr_speaks_the_language_set():
    try:
        i18n.set_language("ja")
        assert i18n.tr("total: {total}", total=7) == "合計：7"
        assert i18n.game_term("fire") == "［火炎］"
        i18n.set_language("en")
        assert i18n.tr("total: {total}", total=7) == "total: 7"
        assert i18n.game_term("fire") == "fire"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("environ,code", [
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LC_ALL": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}, "ja"),
    ({"LC_ALL": "C.UTF-8", "LANG": "ja_JP.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_default_language_comes_from_the_environment(environ, code):
    assert i18n.language_from_environment(environ) == code


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language"):
        i18n.set_language("xx")


def test_an_empty_message_stays_empty_in_japanese(japanese):
    """gettext answers "" with the catalogue's header: the Daggerheart roster's unnamed
    first column showed "Pr…" (Project-Id-Version) in Japanese."""
    assert i18n.tr("") == ""
