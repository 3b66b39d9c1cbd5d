"""A few lines of the encounter log under the roster."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.widgets import Static


def event_line(event: Any) -> str:
    """One event as one line: ``R2 Valeros takes 11 slashing``."""
    round_number = getattr(event, "round", None)
    prefix = f"R{round_number} " if round_number is not None else ""
    return f"{prefix}{event.text}"


TOAST_WIDTH = 36
"""Characters on one line of a notification at 80 columns (Textual's toast is half the screen)."""
TOAST_SECONDS = 3.0
"""How long a short notification stays: long enough to read, short enough to free the log."""


def short_event(text: str, *, prefix: str = "", width: int = TOAST_WIDTH) -> str:
    """An event in one short line for a notification (the log panel has the detail).

    Several targets become a count and one target its name and damage:
    ``6d6 fire → Goblin 1 13: 15/15 → 2/15; Goblin 2 …`` becomes ``6d6 fire → 2 targets``,
    ``3d6 force → Ghost 11: 28/35 → 17/35`` becomes ``3d6 force → Ghost 11``.
    """
    head, arrow, tail = text.partition(" → ")
    if arrow and "; " in tail:
        text = f"{head} → {tail.count('; ') + 1} targets"
    elif arrow and ": " in tail:
        text = f"{head} → {tail.partition(': ')[0]}"
    text = prefix + text
    if len(text) > width:
        text = text[: width - 1] + "…"
    return text


class LogPanel(Static):
    """The last events of the encounter, newest last; ``l`` opens the whole log."""

    DEFAULT_CSS = """
    LogPanel {
        height: 4;
        border-top: solid $panel-lighten-2;
        border-title-align: left;
        padding: 0 1;
        color: $text-muted;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def __init__(self, lines: int = 3, **kwargs: Any) -> None:
        """Show at most ``lines`` events."""
        super().__init__("", markup=False, **kwargs)
        self.lines = lines
        self.border_title = "Log"

    def show_events(self, events: Sequence[Any]) -> None:
        """Show the newest events of ``events``."""
        recent = list(events[-self.lines :]) if self.lines else []
        shown = [event_line(event) for event in recent]
        self.update(Text("\n".join(shown) if shown else "Nothing has happened yet."))
