"""Lines broken where a reader breaks them, measured in Rich's cells: at spaces and between
Japanese characters, never inside a number, dice or a bracketed term, and no line starting
with closing punctuation (line-start kinsoku, JIS X 4051's simplest rule).

``27/30``, ``2d6+3`` and ``［斬撃］`` are one piece each; ``、`` and ``）`` stay with the
character before them and ``（`` with the one after. Widths come from ``rich.cells.cell_len``:
the measure Textual draws with, so a line said to fit does fit.
"""

from __future__ import annotations

import re

from rich.cells import cell_len, chop_cells

NO_LINE_START = frozenset("、。，．・：；？！ー）］｝〕〉》」』】〙〗〟’”｠»ヽヾゝゞ々〻"
                          "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ…‥,.;:!?)]}%")
"""Characters a line may not start with: closing brackets, punctuation, small kana."""
NO_LINE_END = frozenset("（［｛〔〈《「『【〘〖〝‘“｟«([{")
"""Characters a line may not end with: opening brackets."""

_PIECE = re.compile(r" +|［[^］\s]{1,8}］|[!-~]+|.", re.DOTALL)
"""Spaces, a bracketed term (``［斬撃］``), a run of ASCII (``27/30``, ``2d6+3``), one character."""


def pieces(text: str) -> list[str]:
    """``text`` as the pieces a line may break between (spaces are pieces of their own)."""
    out: list[str] = []
    glue_next = False
    for match in _PIECE.finditer(text):
        piece = match.group()
        spaces = piece.startswith(" ")
        if out and not spaces and not out[-1].startswith(" ") and (glue_next or piece[0] in NO_LINE_START):
            out[-1] += piece
        else:
            out.append(piece)
        glue_next = not spaces and piece[-1] in NO_LINE_END
    return out


def wrap_cells(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` in lines of at most ``width`` cells, the lines after the first starting with
    ``indent``; a piece wider than a whole line is cut by cells (nothing else fits it)."""
    width = max(width, 1)
    lines: list[str] = []
    line, space = "", ""
    for piece in pieces(text):
        if piece.startswith(" "):
            if not lines and not line:
                line = piece            # the line's own indent is kept
            else:
                space = piece if line.strip() else ""
            continue
        if cell_len(line + space + piece) <= width:
            line, space = line + space + piece, ""
            continue
        if line.strip():
            lines.append(line)
        line, space = (indent if lines else ""), ""
        room = width - cell_len(line)
        if cell_len(piece) > room:
            *whole, piece = chop_cells(piece, max(room, 1)) if room > 0 else chop_cells(piece, width)
            for part in whole:
                lines.append(line + part)
                line = indent
        line += piece
    if line.strip() or not lines:
        lines.append(line)
    return lines
