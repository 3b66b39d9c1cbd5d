"""Text measured in terminal cells, not characters (issue 21, item 8): a full-width ``火`` is two."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

ELLIPSIS = "…"


@lru_cache(maxsize=4096)
def char_cells(char: str) -> int:
    """Cells one character takes: 2 for wide and full-width, 0 for combining marks, else 1."""
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def cells(text: str) -> int:
    """The width of ``text`` on a terminal."""
    return len(text) if text.isascii() else sum(char_cells(c) for c in text)


def cut_cells(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells: whole when it fits, else cut at a character and
    ended with ``…`` (a wide character that would straddle the edge is left out)."""
    if cells(text) <= width:
        return text
    if width <= 0:
        return ""
    room = width - 1   # the ellipsis takes one cell
    used = 0
    for i, char in enumerate(text):
        used += char_cells(char)
        if used > room:
            return text[:i].rstrip() + ELLIPSIS
    return text + ELLIPSIS  # pragma: no cover - cells(text) > width means the loop returned
