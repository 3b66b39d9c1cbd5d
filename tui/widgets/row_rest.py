"""The lines under an 80-column roster that say in full what the highlighted creature's row cuts.

A roster cell lists whole words (``1d6 fire · clumsy 1 (+3)``: three more); the conditions and
defenses it could not hold are on these lines, a word never split between two lines. A wide
terminal has the detail pane instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from textual.widgets import Static

from core.text.cells import cut_cells
from core.text.i18n import tr

INDENT = "  "
"""Where a line that goes on from the one above starts."""
MOST_LINES = 4
"""At most this many lines: the roster keeps the rest of the screen."""


def fit_words(words: Sequence[str], width: int, separator: str) -> str:
    """``words`` listed in ``width`` cells, each whole; those left out are counted at the end
    (``1d6 fire · clumsy 1 (+3)``). A first word too long for the cell is cut (``res phys…``)."""
    whole = separator.join(words)
    if cell_len(whole) <= width:
        return whole
    for shown in range(len(words) - 1, 0, -1):
        text = tr("{words} (+{count})", words=separator.join(words[:shown]),
                  count=len(words) - shown)
        if cell_len(text) <= width:
            return text
    return cut_cells(whole, width)


def wrap_words(head: str, words: Sequence[str], width: int, separator: str) -> list[str]:
    """``head`` then ``words`` over as many lines of ``width`` cells as they need, a word never
    split between two lines (a word wider than a line stays wider); a line that goes on is
    indented."""
    lines: list[str] = []
    line = head
    for index, word in enumerate(words):
        joined = line + (separator if index else "") + word
        if index and cell_len(joined.rstrip()) > width:
            lines.append(line + separator.rstrip())
            line = INDENT + word
        else:
            line = joined
    lines.append(line)
    return lines


def rest_lines(cut: Sequence[tuple[str, Sequence[str], str]], width: int) -> list[str]:
    """The lines for what a row cut: ``(label, words, separator)`` each, ``Status: …``."""
    lines: list[str] = []
    for label, words, separator in cut:
        lines += wrap_words(tr("{label}: ", label=tr(label)), words, width, separator)
    return [cut_cells(line, width) for line in lines[:MOST_LINES]]


class RowRest(Static):
    """Under the roster: the highlighted creature's conditions and defenses its row cut."""

    DEFAULT_CSS = """
    RowRest {
        height: auto;
        max-height: 4;
        padding: 0 0 0 1;
        text-wrap: nowrap;
    }
    """

    def __init__(self, **kwargs: object) -> None:
        """An empty, hidden widget; ``show`` fills it."""
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]
        self.display = False

    def show(self, cut: Sequence[tuple[str, Sequence[str], str]]) -> None:
        """Show what the row cut (``(label, words, separator)`` each); hidden when nothing was."""
        lines = rest_lines(cut, self.app.size.width - 1)
        self.display = bool(lines)
        self.update("\n".join(lines))


__all__ = ["RowRest", "fit_words", "wrap_words", "rest_lines"]
