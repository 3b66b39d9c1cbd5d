"""A checkbox that says its state in characters, ``[x]`` or ``[ ]``: readable with NO_COLOR."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.binding import Binding
from textual.message import Message
from textual.widgets import Checkbox

from core.text.i18n import N_


class WordCheckbox(Checkbox, inherit_bindings=False):
    """Textual's Checkbox shows the same ``X`` on and off and tells them apart by colour;
    over SSH with NO_COLOR that says nothing, so this one draws ``[x]`` or ``[ ]``.

    ``space`` toggles it; ``enter`` submits the form it is in, as on any field:
    Textual's ``enter`` toggled the PC box of the add form instead of adding the creature.
    The form listens for :class:`WordCheckbox.Submitted`.

    | Key | Action |
    | :- | :- |
    | space | Toggle |
    | enter | Submit the form |
    """

    BINDINGS = [
        Binding("space", "toggle_button", N_("Toggle"), show=False, id="checkbox.toggle"),
        Binding("enter", "submit", N_("Submit"), show=False, id="checkbox.submit"),
    ]

    @dataclass
    class Submitted(Message):
        """``enter`` on the checkbox: the form submits, as from any of its fields."""

        checkbox: WordCheckbox

    def action_submit(self) -> None:
        """Ask the form to submit; the box keeps its state."""
        self.post_message(self.Submitted(self))

    DEFAULT_CSS = """
    WordCheckbox > .toggle--button {
        background: $panel;
        color: $foreground;
    }
    WordCheckbox.-on > .toggle--button {
        background: $panel;
        color: $foreground;
        text-style: bold;
    }
    """

    BUTTON_LEFT = "["
    BUTTON_RIGHT = "]"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """As Checkbox."""
        super().__init__(*args, **kwargs)
        self.BUTTON_INNER = "x" if self.value else " "

    def watch_value(self) -> None:
        """Draw the new state, then let Checkbox post its Changed message."""
        self.BUTTON_INNER = "x" if self.value else " "
        super().watch_value()
