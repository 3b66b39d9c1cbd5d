"""Keys pressed as Textual's pilot presses them, without its 40 ms of idleness a key (issue 22).

After each key, ``Pilot.press`` waits until the process has been idle, twice: each wait
sleeps 20 ms at least and ends once a sleep passes with under 1 ms of CPU (``textual._wait``).
That is 40 ms a key of nothing on an idle app: 12 s of the 300 random keys of the players'
view. Here the same check runs on 2 ms sleeps and 0.1 ms of CPU (Textual's ratio): each key
is still handled, with all the work it set off, before the next is sent. A timer due more
than 2 ms later would now fire after the next key: the screen's 60 Hz repaint is the one
that matters, and ``Pilot.pause`` after each key paints what is pending, as the timer would.
A timer of the app's own (a steady line's settling) is waited for by the test, as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import textual._wait
from textual.pilot import Pilot
from tui_support import KEY_NAMES


@contextmanager
def brisk_idle_checks() -> Iterator[None]:
    """Textual's idle check on 2 ms sleeps instead of 20 ms while the block runs."""
    granularity, idle = textual._wait.SLEEP_GRANULARITY, textual._wait.SLEEP_IDLE
    textual._wait.SLEEP_GRANULARITY, textual._wait.SLEEP_IDLE = 0.002, 0.0001
    try:
        yield
    finally:
        textual._wait.SLEEP_GRANULARITY, textual._wait.SLEEP_IDLE = granularity, idle


async def press_briskly(pilot: Pilot, *keys: str) -> None:
    """Press ``keys`` one after the other, each handled and its frame painted before the next
    (``Pilot.pause``: a typist's keys come a frame apart at least)."""
    with brisk_idle_checks():
        for key in keys:
            await pilot.press(key)
            await pilot.pause()


async def type_briskly(pilot: Pilot, text: str) -> None:
    """Type ``text`` key by key, as a GM would, each key handled before the next."""
    await press_briskly(pilot, *[KEY_NAMES.get(char, char) for char in text])
