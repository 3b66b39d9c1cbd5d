"""The roster's type-ahead line: typing finds a creature, escape goes back."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import events
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Input, Static

from core.text.i18n import N_, tr
from tui.keys_ahead import HeldKeys

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import Widget


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


class TypeAhead:
    """The find line as a screen holds it: made at the first ``/`` (a first frame has no use
    for an input line), handed the keys typed before it had the focus, and shown in place of
    ``footer``.

    A fast typist, or a terminal over SSH, sends ``/gob`` in one burst: Textual routes all four
    keys to the focused table before ``/``'s binding runs, so the letters would reach the
    roster's keys (``b`` keeps a creature in the bestiary). The screen hands each key to
    :meth:`key` first; from ``/`` until the line has the focus, keys wait, and are then played
    to the line in order (enter and escape too).
    """

    def __init__(self, screen: Screen[Any], footer: Callable[[], Widget],
                 can_open: Callable[[], bool]) -> None:
        self.screen = screen
        self._footer = footer
        self._can_open = can_open
        self._waiting = False     # from ``/`` until the line has had its chance at the focus
        self._early = HeldKeys(screen.app)
        self._line: Horizontal | None = None
        self.field: FindField | None = None
        """The line's input, once made."""

    def is_open(self) -> bool:
        """The line shows (the footer does not)."""
        return self._line is not None and self._line.display

    def key(self, event: events.Key) -> None:
        """Hold ``event`` when it was typed after ``/`` and the line has not the focus yet
        (every key on the roster comes here: nothing is looked up for most of them)."""
        if self._waiting:
            if self.field is None or not self.field.has_focus:
                self._early.hold(event)
        elif event.key == "slash" and not self.is_open():
            self._waiting = self._can_open()  # the binding opens the line once this key bubbled up

    async def open(self) -> FindField:
        """Show the line empty, give it the focus, then play it the keys typed since ``/``."""
        if self.field is None:
            self.field = FindField(placeholder=tr("name… (enter stays, escape goes back)"),
                                   id="find", compact=True)
            self._line = Horizontal(Static("/", id="find-prompt", markup=False), self.field,
                                    id="find-line")
            await self.screen.mount(self._line, before=self._footer())
        self.field.value = ""
        self._show(True)
        self.field.focus()
        self._waiting = True
        self.screen.app.call_after_refresh(self._play)
        return self.field

    def close(self) -> None:
        """The footer again."""
        self._show(False)

    def _play(self) -> None:
        """The line has the focus: the keys held go to it, as if typed now."""
        self._waiting = False
        self._early.play()

    def _show(self, finding: bool) -> None:
        if self._line is not None:
            self._line.display = finding
        self._footer().display = not finding
