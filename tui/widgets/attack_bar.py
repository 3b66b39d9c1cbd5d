"""The damage form's attack bar (d20 3.0): its number fields in one row and the verdict on its
own line below; enter in a field asks the form to roll, and the form hands the verdict down."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalGroup
from textual.message import Message
from textual.widgets import Input, Label, Static

from core.text.i18n import tr


class AttackBar(VerticalGroup):
    """A row of labelled number fields (the form makes them) and the result line; it rolls
    nothing itself: enter in a field posts :class:`Requested`, and :meth:`show` says the verdict."""

    class Requested(Message):
        """Enter in one of the bar's fields: the form reads them and rolls the attack."""

    def __init__(self, fields: list[tuple[str, str, Input]]) -> None:
        """``fields``: each field with its label and the label's classes, in order."""
        super().__init__()
        self.fields = fields

    def compose(self) -> ComposeResult:
        """The fields in one row; the verdict on its own line, so that it and a confirmation
        are not cut at 80 columns."""
        with Horizontal(id="attack-row"):
            for label, classes, field in self.fields:
                yield Label(label, classes=classes)
                yield field
        yield Static(tr("alt+t: roll the attack"), id="attack-result", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a field: ask the form to roll."""
        event.stop()
        self.post_message(self.Requested())

    def show(self, text: str) -> None:
        """The verdict (or what is wrong with a field)."""
        self.query_one("#attack-result", Static).update(text)


__all__ = ["AttackBar"]
