"""The Japanese catalogue and the glossary use seed 004's terms (the p2rdj translation of the
Core Rulebook's damage chapter), one word for one thing: 一時的耐性, 特性, 目標, ターン; a
condition's duration is not 持続 (the seed's word for persistent), and Hurt is not a form of
負傷 (the wounded condition)."""

from __future__ import annotations

import re

import pytest

from core.text.i18n import locale_dir
from core.text.japanese import glossary


def _entries() -> dict[str, str]:
    """``{msgid: msgstr}`` of the Japanese catalogue (plural forms joined), read as text."""
    text = (locale_dir() / "ja" / "LC_MESSAGES" / "hitledger.po").read_text(encoding="utf-8")
    entries: dict[str, str] = {}
    for block in text.split("\n\n"):
        found = re.search(r'^msgid ((?:".*"\n?)+)', block, re.MULTILINE)
        strings = re.findall(r'^msgstr(?:\[\d\])? ((?:".*"\n?)+)', block, re.MULTILINE)
        if found and strings:
            def joined(lines: str) -> str:
                return "".join(re.findall(r'"(.*)"', lines))
            entries[joined(found.group(1))] = "".join(joined(s) for s in strings)
    return entries


# a term the seed prints → the forms a translation must not use for the same thing
FORBIDDEN = {
    "一時的耐性": ("一時的な完全耐性",),
    "特性": ("特徴",),
    "目標": ("対象",),
    "ターン": ("手番",),
}


@pytest.mark.parametrize("term,forms", FORBIDDEN.items())
def test_the_catalogue_uses_the_seeds_term_not_another(term, forms):
    wrong = {msgid: text for msgid, text in _entries().items() if any(f in text for f in forms)}
    assert wrong == {}
    glossary_words = [w for table in glossary().values() for w in (*table, *table.values())]
    assert not [w for w in glossary_words if any(f in w for f in forms)]


def test_a_duration_is_not_the_word_for_persistent():
    """持続 is persistent (持続ダメージ); a condition's duration says something else."""
    entries = _entries()
    durations = {msgid: text for msgid, text in entries.items()
                 if re.search(r"\bdurations?\b|\bLasts\b", msgid, re.IGNORECASE)}
    assert durations                                        # the dialog's own words are there
    assert {msgid: text for msgid, text in durations.items() if "持続" in text} == {}


def test_hurt_does_not_read_as_the_wounded_condition():
    wounded = glossary()["unsettled"]["wounded"]
    hurt = _entries()["Hurt"]
    assert wounded not in hurt and hurt


PLAIN = re.compile(r"(?:ではない|がない|はない|いない|できない|すること)(?=$|[。：（])")


def test_the_catalogue_speaks_in_desu_masu():
    """A refusal or a state said to the GM is polite (です/ます): ``…ではありません``,
    ``…してください``, never the plain ``…ではない`` or the note-like ``…すること``."""
    plain = {msgid: text for msgid, text in _entries().items() if PLAIN.search(text)}
    assert plain == {}
