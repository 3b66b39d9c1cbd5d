"""The roster's type-ahead line: typing finds a creature, escape goes back."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import events
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Input, Static

from core.text.i18n import N_, tr

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
        self._early: deque[events.Key] = deque()

    @property
    def field(self) -> FindField | None:
        """The line's input, once made."""
        return next(iter(self.screen.query(FindField)), None)

    def is_open(self) -> bool:
        """The line shows (the footer does not)."""
        return any(line.display for line in self.screen.query("#find-line"))

    def key(self, event: events.Key) -> None:
        """Hold ``event`` when it was typed after ``/`` and the line has not the focus yet."""
        if event.key == "slash" and not self._waiting and not self.is_open():
            self._waiting = self._can_open()  # the binding opens the line once this key bubbled up
            return
        field = self.field
        if not self._waiting or (field is not None and field.has_focus):
            return
        event.stop()
        event.prevent_default()
        # a key of the app's, as the terminal's are: one made here would stop at this screen
        self._early.append(events.Key(event.key, event.character).set_sender(self.screen.app))

    async def open(self) -> FindField:
        """Show the line empty, give it the focus, then play it the keys typed since ``/``."""
        if self.field is None:
            await self.screen.mount(Horizontal(
                Static("/", id="find-prompt", markup=False),
                FindField(placeholder=tr("name… (enter stays, escape goes back)"), id="find",
                          compact=True),
                id="find-line"), before=self._footer())
        field = self.screen.query_one(FindField)
        field.value = ""
        self._show(True)
        field.focus()
        self._waiting = True
        self.screen.app.call_after_refresh(self._play)
        return field

    def close(self) -> None:
        """The footer again."""
        self._show(False)

    def _play(self) -> None:
        """The keys held, to the app as if typed now (the line has the focus)."""
        self._waiting = False
        while self._early:
            self.screen.app.post_message(self._early.popleft())

    def _show(self, finding: bool) -> None:
        self.screen.query_one("#find-line").display = finding
        self._footer().display = not finding
