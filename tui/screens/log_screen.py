"""The whole encounter log: every event in words, with its details."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from tui.screens.base import HitLedgerScreen
from tui.widgets.log_panel import event_line


def log_text(events: list[Any], rounds: bool = True) -> Text:
    """Every event on its line, details indented under it (``rounds``: as ``event_line``)."""
    if not events:
        return Text("Nothing has happened yet.")
    lines: list[str] = []
    for event in events:
        details = tuple(getattr(event, "details", ()) or ())
        closing = getattr(event, "closing", 0)
        if closing:
            # a turn's first lines close the turn that ended, in its round (play report 2)
            prefix = f"R{event.meta_before.get('round', event.round)} " if rounds else ""
            lines.append(f"{prefix}end of {event.ended}'s turn")
            lines.extend(f"    {detail}" for detail in details[:closing])
        lines.append(event_line(event, rounds))
        lines.extend(f"    {detail}" for detail in details[closing:])
    return Text("\n".join(lines))


class LogScreen(HitLedgerScreen[None]):
    """The encounter log, newest at the bottom; arrows and page keys scroll.

    | Key | Action |
    | :- | :- |
    | escape / l | Back |
    | m | Export the log as Markdown (data dir, or a path you give) |
    """

    BINDINGS = [Binding("escape,l", "back", "Back", id="log.back"),
                Binding("m", "export", "Export Markdown", id="log.export",
                        tooltip="Export the log as Markdown (data dir, or a path you give)")]
    AUTO_FOCUS = "#log-scroll"
    DEFAULT_CSS = """
    LogScreen #log-title { height: 1; padding: 0 1; background: $panel; }
    LogScreen #log-scroll { height: 1fr; padding: 0 1; }
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
        with VerticalScroll(id="log-scroll"):
            yield Static(log_text(self.events, self.rounds), markup=False)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        """Start at the newest events."""
        self.query_one("#log-scroll", VerticalScroll).scroll_end(animate=False)

    def action_export(self) -> None:
        """Write the encounter's log as Markdown (issue 11)."""
        from tui.screens import running

        running.ask_export_log(self.app)

    def action_back(self) -> None:
        """Back to where the log was opened."""
        self.app.pop_screen()
