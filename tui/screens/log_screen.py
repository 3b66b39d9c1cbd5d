"""The whole encounter log: every event in words, with its details."""

from __future__ import annotations

import re
import textwrap
from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate, chain, compress, repeat
from operator import attrgetter, lt
from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from core.text.i18n import N_, tr
from tui.screens.base import HitLedgerScreen
from tui.widgets.line_breaks import wrap_cells
from tui.widgets.log_panel import event_line
from tui.widgets.roster_table import fit
from tui.widgets.steady_footer import SteadyFooter

DETAIL_INDENT = "    "
ROUND_CELLS = 6
"""Cells a round's prefix may take (``R123 ``), counted without writing it."""
WRAP_INDENT = "      "
"""Where a line too long for the screen goes on (under its own words, past the indent)."""


def event_lines(event: Any, rounds: bool = True) -> list[str]:
    """One event's lines: the event, its details indented under it (``rounds``: as
    ``event_line``). A turn's first details close the turn that ended, in its round."""
    details = tuple(getattr(event, "details", ()) or ())
    closing = getattr(event, "closing", 0)
    lines: list[str] = []
    if closing:  # play report 2: end-of-turn lines belong to the turn that ended
        ended = tr("end of {name}'s turn", name=event.ended)
        lines.append(tr("R{round} {event}", round=event.meta_before.get("round", event.round),
                        event=ended) if rounds else ended)
        lines.extend(DETAIL_INDENT + detail for detail in details[:closing])
    lines.append(event_line(event, rounds))
    lines.extend(DETAIL_INDENT + detail for detail in details[closing:])
    return lines


def log_text(events: list[Any], rounds: bool = True) -> Text:
    """Every event on its line, details indented under it (``rounds``: as ``event_line``)."""
    if not events:
        return Text(tr("Nothing has happened yet."))
    return Text("\n".join(line for event in events for line in event_lines(event, rounds)))


MAYBE_WIDE = re.compile("[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f"
                        "\uff00-\uff60\uffe0-\uffe6\U0001f000-\U0010ffff]")
"""Characters that may take two cells (CJK, full-width forms, emoji); any other is one cell
(``→``, ``½``, ``é``): a line without them is as wide as it is long, measured at once."""


def row_count(line: str, width: int) -> int:
    """How many rows of ``width`` cells ``line`` takes (one, unless it wraps)."""
    if len(line) <= width and not MAYBE_WIDE.search(line):
        return 1
    return len(wrap_line(line, width))


def wrap_line(line: str, width: int) -> list[str]:
    """``line`` in rows of ``width`` cells, at spaces where it can, going on indented."""
    if MAYBE_WIDE.search(line):  # wide characters: broken at pieces, measured in cells
        return wrap_cells(line, width, WRAP_INDENT) if cell_len(line) > width else [line]
    if len(line) <= width:
        return [line]
    return textwrap.wrap(line, width, subsequent_indent=WRAP_INDENT, drop_whitespace=True,
                         break_on_hyphens=False) or [""]


class LogLines(ScrollView, can_focus=True):
    """Every event of the log, each row drawn only when it shows.

    Opening it counts each event's rows (a line within the width is one row, without
    wrapping it) and keeps where each event starts; a row on screen finds its event by
    bisection and wraps only that event. 10,000 events open within 100 ms, where one
    Static of the whole log took seconds.
    """

    DEFAULT_CSS = """
    LogLines { height: 1fr; overflow-x: hidden; scrollbar-gutter: stable; }
    """

    def __init__(self, events: list[Any], rounds: bool = True, **kwargs: Any) -> None:
        """Show ``events`` (``rounds``: the system counts rounds)."""
        super().__init__(**kwargs)
        self.events = events
        self.rounds = rounds
        self._width = 0
        self._starts: list[int] = []
        """The first row of each event."""
        self._rows: dict[int, list[str]] = {}
        """The rows of the events drawn lately, by event index."""
        self._rich_style: Style | None = None

    def lines(self) -> Iterator[str]:
        """Every line of the log, unwrapped (what the screen shows, for a reader or a test)."""
        if not self.events:
            yield tr("Nothing has happened yet.")
        for event in self.events:
            yield from event_lines(event, self.rounds)

    def on_resize(self, event: events.Resize) -> None:
        """Count the rows again for a new width; the first time, start at the newest events."""
        width = max(self.scrollable_content_region.width - 2, 10)  # a cell of margin a side
        if width == self._width:
            return
        first = not self._width
        self._lay_out(width)
        if first:  # before the first frame: the top of a long log is never drawn for nothing
            self.set_scroll(None, max(0, self.virtual_size.height - self.size.height))

    def _lay_out(self, width: int) -> None:
        """Where each event starts at ``width``: one row a line, unless a line may wrap.

        Most logs hold no line too long for the screen and no character that takes two
        cells: a few passes over the whole log (in C) say so, and then an event's rows are
        its lines, counted. Otherwise each event is measured (:meth:`_row_count`).
        """
        self._width = width
        self._rows.clear()
        events = self.events
        lines = list(map(attrgetter("plain_lines"), events))   # kept words: no phrase made again
        details = [said[1:] for said in lines]
        if self._all_plain(width, [said[0] for said in lines], details):
            rows = [len(lines) + (2 if closing else 1)
                    for lines, closing in zip(details, map(attrgetter("closing"), events),
                                              strict=True)]
        else:
            rows = [self._row_count(event, width) for event in events]
        starts = list(accumulate(rows, initial=0))
        self._starts = starts[:-1]
        self.virtual_size = Size(width, max(starts[-1], 1))

    def _all_plain(self, width: int, texts: list[str], details: list[tuple[str, ...]]) -> bool:
        """Whether every line of the log is one row at ``width``: none longer, and none that
        may hold two-cell characters unless it is short enough for them (half the width)."""
        events = self.events
        for strings, room in ((texts, width - ROUND_CELLS),
                              (list(map(attrgetter("ended"), events)), width - ROUND_CELLS - 20),
                              (list(chain.from_iterable(details)), width - len(DETAIL_INDENT))):
            if max(map(len, strings), default=0) > room:
                return False
            # those longer than half the room, chosen without a Python call per line
            halfway = compress(strings, map(lt, repeat(room // 2), map(len, strings)))
            if MAYBE_WIDE.search("\n".join(halfway)):
                return False
        return True

    def _row_count(self, event: Any, width: int) -> int:
        """The rows of one event: one a line, measured from its parts without writing it out
        unless a line may wrap (longer than the width, or with wide characters)."""
        details = event.details
        room = width - len(DETAIL_INDENT)
        short = len(event.text) + ROUND_CELLS <= width and max(map(len, details), default=0) <= room \
            and len(event.ended) + ROUND_CELLS + 20 <= width
        if short and not MAYBE_WIDE.search("\n".join((event.text, event.ended, *details))):
            return 1 + len(details) + (1 if event.closing else 0)
        return sum(row_count(line, width) for line in event_lines(event, self.rounds))

    def _event_rows(self, index: int) -> list[str]:
        rows = self._rows.get(index)
        if rows is None:
            if len(self._rows) > 200:
                self._rows.clear()
            rows = [row for line in event_lines(self.events[index], self.rounds)
                    for row in wrap_line(line, self._width)]
            self._rows[index] = rows
        return rows

    def render_line(self, y: int) -> Strip:
        """One row of the screen: the row of the log under it, or blank."""
        row = int(self.scroll_offset.y) + y
        if not self.events:
            text = tr("Nothing has happened yet.") if row == 0 else ""
        elif row >= self.virtual_size.height or not self._starts:
            text = ""
        else:
            index = bisect_right(self._starts, row) - 1
            rows = self._event_rows(index)
            offset = row - self._starts[index]
            text = rows[offset] if offset < len(rows) else ""
        width = self._width + 2
        line = fit(f" {text}", width)
        return Strip([Segment(line + " " * (width - cell_len(line)), self._style())], width)

    def _style(self) -> Style:
        """The rows' style, worked out once (it walks the screen's backgrounds)."""
        if self._rich_style is None:
            self._rich_style = self.rich_style
        return self._rich_style

    def notify_style_update(self) -> None:
        """A new theme or style: work the rows' style out again."""
        self._rich_style = None
        super().notify_style_update()


class LogScreen(HitLedgerScreen[None]):
    """The encounter log, newest at the bottom; arrows and page keys scroll.

    | Key | Action |
    | :- | :- |
    | escape / l | Back |
    | m | Export the log as Markdown (data dir, or a path you give) |
    """

    BINDINGS = [Binding("escape,l", "back", N_("Back"), id="log.back"),
                Binding("m", "export", N_("Export Markdown"), id="log.export",
                        tooltip=N_("Export the log as Markdown (data dir, or a path you give)"))]
    AUTO_FOCUS = "#log-scroll"
    DEFAULT_CSS = """
    LogScreen #log-title { height: 1; padding: 0 1; background: $panel; }
    """

    def __init__(self, title: str, events: list[Any], rounds: bool = True) -> None:
        """Show ``events`` under ``title``; ``rounds``: the system counts rounds."""
        super().__init__()
        self.title_text = title
        self.events = list(events)
        self.rounds = rounds

    def compose(self) -> ComposeResult:
        """Title, scrolling log, footer."""
        yield Static(self.title_text, id="log-title", markup=False)
        yield LogLines(self.events, self.rounds, id="log-scroll")
        yield SteadyFooter(compact=True)

    def action_export(self) -> None:
        """Write the encounter's log as Markdown."""
        from tui.screens import markdown_log

        markdown_log.ask_export_log(self.ledger)

    def action_back(self) -> None:
        """Back to where the log was opened."""
        self.app.pop_screen()
