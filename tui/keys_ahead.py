"""Keys typed ahead of a dialog: a burst that opens one and goes on typing is played to it.

Textual hands each key to the focused widget as the key arrives. In a burst (``d7 slashing``
from a fast typist, or one packet over SSH) every key reaches the roster's table before ``d``
has opened the damage form, so the rest went to the roster's keys or to nobody, and the
form opened empty. The app notes the screen each key arrived on; a key that comes back up
to the app unhandled after another screen took the top is played again, in order, once that
screen is drawn: it reaches that screen as if typed a moment later, which the GM did.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from typing import TYPE_CHECKING, Any
from weakref import ref

from textual import events

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

NOTED = 64
"""Keys whose screen is remembered (a key a widget handles never comes back to the app); a
screen is held by a weak reference, so a dialog closed since is not kept alive."""


class HeldKeys:
    """Keys taken from where Textual routed them, to be played to the app again, in order.

    Each is played as the app's own key, as the terminal's are: a copy made by a screen would
    stop bubbling at that screen and never reach the app's bindings.
    """

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self._keys: deque[events.Key] = deque()

    def hold(self, event: events.Key) -> None:
        """Take ``event``: it goes no further now."""
        event.stop()
        event.prevent_default()
        self._keys.append(events.Key(event.key, event.character).set_sender(self.app))

    def play_after_refresh(self) -> None:
        """Play the keys held (and those held until then) once the screen on top is drawn."""
        self.app.call_after_refresh(self.play)

    def play(self) -> None:
        """Play the keys held, now, oldest first."""
        while self._keys:
            self.app.post_message(self._keys.popleft())

    def __len__(self) -> int:
        return len(self._keys)


class KeysAhead:
    """What the app keeps of the keys on their way: where each arrived, and those to play again."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self._arrived: OrderedDict[int, ref[Screen[Any]] | None] = OrderedDict()
        self._again = HeldKeys(app)

    def arrived(self, event: events.Key) -> None:
        """A key from the terminal, before Textual routes it: note the screen on top."""
        screen = self._on_top()
        self._arrived.pop(id(event), None)
        self._arrived[id(event)] = None if screen is None else ref(screen)
        while len(self._arrived) > NOTED:
            self._arrived.popitem(last=False)

    def came_back(self, event: events.Key) -> bool:
        """A key back up at the app, unhandled: True (and it stops here) when a screen opened
        since it arrived; it is played again once that screen is drawn."""
        noted = self._arrived.pop(id(event), None)
        if noted is None or noted() is self._on_top():
            return False
        self._again.hold(event)  # not the new screen's bindings now: its keys, in order, later
        if len(self._again) == 1:
            self._again.play_after_refresh()
        return True

    def _on_top(self) -> Screen[Any] | None:
        stack = self.app.screen_stack
        return stack[-1] if stack else None
