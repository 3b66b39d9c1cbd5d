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
