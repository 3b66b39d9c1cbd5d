"""Hints for a mistyped word: the word the system knows that it is closest to (``fyre`` → ``fire``)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from core.catalog.vocabulary import Vocabulary

CUTOFF = 0.75   # how alike a typo and the word it stands for are (difflib's ratio)


def closest(word: str, known: Iterable[str]) -> str | None:
    """The word of ``known`` closest to ``word`` (a likely typo of it), or None."""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=CUTOFF)
    return close[0] if close else None


def did_you_mean(word: str, vocab: Vocabulary) -> str | None:
    """The damage word of ``vocab`` that ``word`` is likely a typo of, or None."""
    return closest(word.lower(), vocab.known_words())
