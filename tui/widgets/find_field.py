"""The roster's type-ahead line: typing finds a creature, escape goes back."""

from __future__ import annotations

from textual.binding import Binding
from textual.message import Message
from textual.widgets import Input

from core.text.i18n import N_


class FindField(Input):
    """The roster's type-ahead line (``/``): typing jumps, enter stays, escape goes back.

    | Key | Action |
    | :- | :- |
    | enter | Stay on the creature found |
    | escape | Back to where the cursor was |
    """

    BINDINGS = [Binding("escape", "cancel", N_("Back"), id="find.cancel")]
    DEFAULT_CSS = """
    FindField {
        width: 1fr;
    }
    FindField.-no-match {
        color: $text-error;
    }
    """

    class Cancelled(Message):
        """The GM left the search without choosing."""

    def action_cancel(self) -> None:
        """Tell the roster to go back."""
        self.post_message(self.Cancelled())
