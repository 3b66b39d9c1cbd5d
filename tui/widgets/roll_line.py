"""The damage form's roll line and steps line: the words the form hands down, fitted to the
lines the stylesheet gives them, cut at a word and never silently."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from tui.widgets.log_panel import fit_keeping_tail, fit_lines, most_lines, show_text


class FittedLine(Static):
    """A line of words fitted to its width and to the lines its ``max-height`` allows; the
    form sets :attr:`fallback_width` for the moment before the first layout."""

    fallback_width = 0
    """The cells to fit to while the line has no width of its own yet."""

    def _width(self) -> int:
        return self.content_region.width or self.fallback_width

    def say(self, text: str, *, bold: bool = False) -> None:
        """Show ``text``, cut at a word with `` …`` where it does not fit."""
        if not text:
            show_text(self, "", steady=True)
            return
        fitted = fit_lines(text, self._width(), most_lines(self) or 1)
        show_text(self, Text(fitted, style="bold" if bold else ""), steady=True)


class RollLine(FittedLine):
    """The roll, the error, or the miss: a longer roll is cut at a word, the tail kept whole."""

    def say_roll(self, roll: str, tail: str) -> None:
        """Show ``roll`` then ``tail`` (the total, who rolled): ``roll`` is what gets cut."""
        show_text(self, Text(fit_keeping_tail(roll, tail, self._width(), most_lines(self) or 1)),
                  steady=True)


class StepsView(FittedLine):
    """The highlighted target's numbers, or its breakdown once something is rolled."""


__all__ = ["FittedLine", "RollLine", "StepsView"]
