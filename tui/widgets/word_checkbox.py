"""A checkbox that says its state in characters, ``[x]`` or ``[ ]``: readable with NO_COLOR."""

from __future__ import annotations

from typing import Any

from textual.widgets import Checkbox


class WordCheckbox(Checkbox):
    """Textual's Checkbox shows the same ``X`` on and off and tells them apart by colour;
    over SSH with NO_COLOR that says nothing, so this one draws ``[x]`` or ``[ ]``.
    """

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
