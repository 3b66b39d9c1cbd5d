"""Text measured in terminal cells, not characters: a full-width ``火`` is two.

One measure for the whole app: the screen is drawn by Rich, so the app measures with Rich's
``cell_len`` too, handed in by ``tui`` through :func:`measure_with` (the core imports only the
standard library). Without it (the core alone: the CLI's plain text, the tests of the core) the
standard library's East Asian Width stands in; the two differ only on rare characters
(Devanagari vowel signs, Hangul jamo, some symbols), never on Japanese.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import lru_cache

ELLIPSIS = "…"
_MEASURE: dict[str, Callable[[str], int]] = {}


def measure_with(width_of: Callable[[str], int] | None) -> Callable[[str], int] | None:
    """Measure text with ``width_of`` from now on (``rich.cells.cell_len``); None: the standard
    library's East Asian Width again. Returns the measure used until now."""
    before = _MEASURE.pop("cells", None)
    if width_of is not None:
        _MEASURE["cells"] = width_of
    char_cells.cache_clear()
    return before


@lru_cache(maxsize=4096)
def char_cells(char: str) -> int:
    """Cells one character takes: 2 for wide and full-width, 0 for combining marks, else 1."""
    measure = _MEASURE.get("cells")
    if measure is not None:
        return measure(char)
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def cells(text: str) -> int:
    """The width of ``text`` on a terminal."""
    if text.isascii():
        return len(text)
    measure = _MEASURE.get("cells")
    return measure(text) if measure is not None else sum(char_cells(c) for c in text)


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
