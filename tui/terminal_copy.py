"""A copy of what the terminal shows, cell by cell: an update writes only the cells that changed.

Over a slow link every byte counts. Textual repaints regions, not cells, and repaints some of them twice:
a dialog's screen is painted whole by its first layout and whole again when it resumes; a
screen under a dialog hands its whole region up to the dialog whenever it wakes (its footer
or its table losing the focus), and the dialog repaints everything again; a dialog's widgets
repaint after their first size although they look the same. Each full repaint of 80×24 is
4–6 KB, for a few hundred cells that changed. ``TerminalCopy`` keeps the cells written so far
and turns each of Textual's updates into the runs of cells that differ, written in Textual's
own encoding. Cells it does not know (start-up, after a resize or a suspend) are written.

Switching it off: ``hitledger --plain-output``, or ``HITLEDGER_PLAIN_OUTPUT=1`` for
a wrapper, leaves every frame to Textual (tests/tui/test_tui_terminal_copy_plain.py plays one
fight both ways into pyte: the same screen after every step). Each frame Textual writes instead
is logged (``tui.terminal_copy`` logger, and Textual's log under ``textual console``).

What would let it go: it stands in for Textual's private ``App._display`` (the names it reads
are pinned in tests/tui/test_tui_terminal_copy_guard.py). Two upstream changes would take
most of its savings into Textual. Measured on 15 steps of a fight (damage entry twice, next
turn, undo/redo, help, tracker, ctrl+l) at 80×24, tests/bench/test_tui_bytes_upstream.py:
the copy wrote 33.5 KB, Textual 107.3 KB (3.2×), of which

1. 53.5 KB (50%) are updates that change no cell at all: **a pushed screen is painted whole
   twice** (its first layout, then again on resume: 5.8 KB each time a dialog opens, 12.4 KB
   for help), and a screen under a dialog repaints its region when its focus changes (3.1 KB
   of it is the ctrl+l step, a redraw asked for). A compositor that skipped the repaint of
   an unchanged screen would save these.
2. 3.8 KB (3.5%) are **colour codes re-sent between neighbouring cells that differ only in
   their mouse meta** (``@click``, offsets): Rich styles with different meta are different
   segments, each rendered with its own codes. Merging segments by how they look before
   ``Strip.render`` would save these.

With both, Textual would write ~50 KB for the same steps: 1.5× the copy, whose remaining
edge is writing the changed cells of a region instead of all of it. In an 80×24 pty, the ten
actions of tests/bench/test_tui_bytes.py wrote 29.9 KB with the copy and 120.7 KB with
``--plain-output`` (4.0×; help 5.6 KB against 29.5 KB, typing '7 slashing' 3.2 against 25.3).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rich.cells import get_character_cell_size
from rich.control import Control
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.strip import Strip

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from textual.app import App

Cell = tuple[str, Style | None]
"""One terminal cell: its text ("" for the right half of a wide character) and style."""

WIDE_RIGHT = ""
BRIDGE = 6
"""Unchanged cells between two changed runs written anyway: cheaper than a cursor move."""
PLAIN_OUTPUT = "HITLEDGER_PLAIN_OUTPUT"
"""Set (to anything but "", "0", "no", "false" or "off") to leave the output to Textual."""
NOT_PLAIN = frozenset({"", "0", "no", "false", "off"})

log = logging.getLogger(__name__)


def plain_output_asked(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether ``HITLEDGER_PLAIN_OUTPUT`` (or ``--plain-output``, which sets it) is on."""
    return environ.get(PLAIN_OUTPUT, "").strip().lower() not in NOT_PLAIN


@lru_cache(maxsize=1024)
def looks(style: Style) -> Style:
    """``style`` without its meta (mouse actions, offsets): only what the terminal shows.

    Cells that look alike compare equal, and neighbours that look alike are written as one.
    """
    if style._meta is None:
        return style
    plain = style.copy()
    plain._meta = None
    plain._hash = None  # the copy's hash still counted the meta
    return plain


def cells_of(segments: Iterable[Segment]) -> list[Cell]:
    """The cells a strip covers, a wide character as two (its right half's text is "")."""
    cells: list[Cell] = []
    for text, segment_style, control in segments:
        if control:
            continue
        style = None if segment_style is None else looks(segment_style)
        for character in text:
            width = get_character_cell_size(character)
            if width == 0:
                # a combining mark joins the character before it
                last = len(cells) - (2 if cells and cells[-1][0] == WIDE_RIGHT else 1)
                if last >= 0:
                    cells[last] = (cells[last][0] + character, cells[last][1])
                continue
            cells.append((character, style))
            if width == 2:
                cells.append((WIDE_RIGHT, style))
    return cells


def fallen_back(app: App[Any], why: str) -> None:
    """Say in Textual's log (``textual console``) and the ``tui.terminal_copy`` logger that
    a frame goes to Textual's own output, and why."""
    app.log.warning(why)
    log.info(why)


def render_cells(cells: list[Cell], console: Console) -> str:
    """``cells`` in Textual's encoding, neighbours of one style in one segment."""
    segments: list[Segment] = []
    text: list[str] = []
    style: Style | None = None
    for cell_text, cell_style in cells:
        if text and cell_style != style:
            segments.append(Segment("".join(text), style))
            text = []
        style = cell_style
        text.append(cell_text)
    if text:
        segments.append(Segment("".join(text), style))
    return Strip(segments).render(console)


class TerminalCopy:
    """The cells on the terminal, as written by the last updates (None: not known)."""

    def __init__(self, plain: bool | None = None) -> None:
        """``plain``: leave every frame to Textual (default: :func:`plain_output_asked`)."""
        self.plain = plain_output_asked() if plain is None else plain
        self.width = 0
        self.height = 0
        self.lines: list[list[Cell | None]] = []
        self.cursor: tuple[int, int] | None = None

    def follow(self, app: App[Any]) -> None:
        """Forget the cells when ``app`` is suspended, and write them all again when it
        resumes: the terminal showed other things meanwhile (call once the app runs).
        Immediate: a frame written before a queued reset would be written as changes only."""
        def resumed(_app: App[Any]) -> None:
            self.redraw(app)

        app.app_suspend_signal.subscribe(app, lambda _app: self.forget(), immediate=True)
        app.app_resume_signal.subscribe(app, resumed, immediate=True)
        if self.plain:
            fallen_back(app, f"{PLAIN_OUTPUT} is set: Textual writes every frame whole")

    def redraw(self, app: App[Any]) -> None:
        """Forget every cell and paint ``app``'s screen whole (``ctrl+l``, a resume)."""
        self.forget()
        app.screen.refresh()

    def display(self, app: App[Any], update: RenderableType | None,
                whole: Callable[[], None]) -> None:
        """Write ``update`` to ``app``'s terminal as the cells that changed, else ``whole()``.

        This follows ``App._display`` of Textual 8.2 (pinned). Headless and inline runs, and
        anything the copy cannot place, go to Textual's own display: a frame is never lost.
        """
        driver = app._driver
        if (self.plain or update is None or app._batch_count or not app._running or app._closed
                or app.is_headless or driver is None or driver.is_inline):
            whole()
            return
        written: str | None
        try:
            cursor = app.screen.outer_size.clamp_offset(app.cursor_position)
            written = self.changes(update, app.size, cursor, app.console)
        except Exception as error:  # the copy's own failure: Textual writes the frame whole
            fallen_back(app, f"the terminal copy failed ({error!r}): Textual writes this frame")
            written = None
        else:
            if written is None:
                fallen_back(app, f"the terminal copy cannot place a {type(update).__name__}: "
                                 "Textual writes this frame")
        if written is None:
            self.forget()
            whole()
            return
        try:
            if written:
                app._previous_cursor_position = cursor
                app._begin_update()
                try:
                    for start in range(0, len(written), 8192):  # as Textual does on Windows
                        driver.write(written[start:start + 8192])
                finally:
                    app._end_update()
                driver.flush()
        finally:
            app.post_display_hook()

    def forget(self) -> None:
        """Know nothing: the next update writes every cell it covers."""
        self.width = self.height = 0
        self.lines = []
        self.cursor = None

    def changes(self, update: object, size: tuple[int, int], cursor: tuple[int, int],
                console: Console) -> str | None:
        """What to write for ``update``, or None when it is not a kind this knows."""
        width, height = size
        if (width, height) != (self.width, self.height):
            self.width, self.height = width, height
            self.lines = [[None] * width for _ in range(height)]
            self.cursor = None
        if isinstance(update, LayoutUpdate):
            placed = self._layout_cells(update)
        elif isinstance(update, ChopsUpdate):
            placed = self._chops_cells(update)
        else:
            return None
        if placed is None:
            self.forget()
            return None
        writes = [self._line_changes(y, x, cells, console) for y, x, cells in placed]
        written = "".join(writes)
        if written or cursor != self.cursor:
            written += Control.move_to(*cursor).segment.text
            self.cursor = cursor
        return written

    # -- the cells an update paints ---------------------------------------------------

    def _layout_cells(self, update: LayoutUpdate) -> list[tuple[int, int, list[Cell]]] | None:
        x, top, width, _ = update.region
        placed = []
        for y, line in enumerate(update.strips, top):
            cells = cells_of(segment for strip in line for segment in strip)
            if len(cells) != width:
                return None
            placed.append((y, x, cells))
        return placed

    def _chops_cells(self, update: ChopsUpdate) -> list[tuple[int, int, list[Cell]]] | None:
        placed = []
        for y, x1, x2 in update.spans:
            for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items(), strict=False):
                if strip is None or x >= x2 or end <= x1:
                    continue
                cells = cells_of(strip)
                if len(cells) != end - x:
                    return None
                start, stop = max(x, x1), min(end, x2)
                # a wide character across the span's edge is written whole
                while start > x and cells[start - x][0] == WIDE_RIGHT:
                    start -= 1
                while stop < end and cells[stop - x][0] == WIDE_RIGHT:
                    stop += 1
                if cells[start - x][0] == WIDE_RIGHT:
                    return None
                placed.append((y, start, cells[start - x:stop - x]))
        return placed

    # -- what differs ------------------------------------------------------------------

    def _line_changes(self, y: int, x: int, cells: list[Cell], console: Console) -> str:
        """The writes for ``cells`` at (x, y): only the runs that differ from the copy."""
        if not 0 <= y < self.height or x < 0 or x + len(cells) > self.width:
            raise ValueError("an update outside the screen")
        line = self.lines[y]
        runs: list[list[int]] = []
        for offset, cell in enumerate(cells):
            if line[x + offset] == cell:
                continue
            if runs and offset - runs[-1][1] <= BRIDGE:
                runs[-1][1] = offset + 1
            else:
                runs.append([offset, offset + 1])
        line[x:x + len(cells)] = cells
        writes = []
        for start, stop in runs:
            # never start or end a write in the middle of a wide character
            while start > 0 and cells[start][0] == WIDE_RIGHT:
                start -= 1
            while stop < len(cells) and cells[stop][0] == WIDE_RIGHT:
                stop += 1
            writes.append(Control.move_to(x + start, y).segment.text)
            writes.append(render_cells(cells[start:stop], console))
        return "".join(writes)
