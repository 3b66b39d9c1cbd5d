"""Keys pressed as Textual's pilot presses them, without its 40 ms of idleness a key (issue 22).

After each key, ``Pilot.press`` waits until the process has been idle, twice: each wait
sleeps 20 ms at least and ends once a sleep passes with under 1 ms of CPU (``textual._wait``).
That is 40 ms a key of nothing on an idle app: 12 s of the 300 random keys of the players'
view. Here the same check runs on 5 ms sleeps and 0.5 ms of CPU: each key is still handled,
with all the work it set off, before the next is sent. (Not 2 ms and Textual's ratio, 0.1 ms:
on a loaded machine the event loop's own bookkeeping passed 0.1 ms a sleep, no sleep looked
idle, and each check ran to its 1 s limit.) A timer due more than 5 ms later may now fire
after the next key: the screen's 60 Hz repaint is the one
that matters, and the ``Pilot.pause`` that ends a batch paints what is pending, as the timer
would (a test whose claim is about each key's frame presses its keys one batch each). A
timer of the app's own (a steady line's settling) is waited for by the test, as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import textual._wait
from textual.pilot import Pilot
from tui_support import KEY_NAMES


@contextmanager
def brisk_idle_checks() -> Iterator[None]:
    """Textual's idle check on 5 ms sleeps instead of 20 ms while the block runs."""
    granularity, idle = textual._wait.SLEEP_GRANULARITY, textual._wait.SLEEP_IDLE
    textual._wait.SLEEP_GRANULARITY, textual._wait.SLEEP_IDLE = 0.005, 0.0005
    try:
        yield
    finally:
        textual._wait.SLEEP_GRANULARITY, textual._wait.SLEEP_IDLE = granularity, idle


async def press_briskly(pilot: Pilot, *keys: str) -> None:
    """Press ``keys`` one after the other, each handled before the next, as ``Pilot.press``
    does; then a pause, which paints what is pending. Keys closer than a frame apart, as a
    fast typist's or a paste: the screen is painted once they are all in."""
    with brisk_idle_checks():
        await pilot.press(*keys)
        await pilot.pause()


def keys_of(text: str) -> list[str]:
    """The keys that type ``text``."""
    return [KEY_NAMES.get(char, char) for char in text]


async def type_briskly(pilot: Pilot, text: str) -> None:
    """Type ``text`` key by key, as a GM would, each key handled before the next."""
    await press_briskly(pilot, *keys_of(text))
