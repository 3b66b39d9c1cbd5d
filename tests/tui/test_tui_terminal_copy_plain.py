"""The terminal copy can be switched off, and the screen a terminal shows is the same either way.

``--plain-output`` (or ``HITLEDGER_PLAIN_OUTPUT=1`` from a wrapper) leaves
every frame to Textual. The same fight is played twice on a driver that is not headless, once
through the copy and once plain, and both byte streams go to pyte, a terminal emulator: after
every step the two screens must hold the same characters in the same colours and attributes.
Time is taken out of both runs: cursors do not blink, and notices stay until the next one.
"""

from __future__ import annotations

import logging
import os
import random
from typing import Any, ClassVar

import pyte
import pytest
from textual.drivers.headless_driver import HeadlessDriver
from textual.pilot import Pilot
from textual.widgets import Input
from tui_support import SIZE, goblins, type_text, wait_for_the_pause_in_typing

from tui.app import make_app
from tui.cli import prepare_tui
from tui.terminal_copy import PLAIN_OUTPUT, TerminalCopy, plain_output_asked

#: the terminal copy is made of frames: every one is drawn, as in a terminal
pytestmark = pytest.mark.every_frame

STEPS: tuple[tuple[str, ...] | str, ...] = (
    ("space",), ("down",), ("d",), ("escape",), ("d",), "7 slashing", ("enter",), ("n",),
    ("u",), ("ctrl+y",), ("question_mark",), ("escape",), ("p",), ("escape",), ("ctrl+l",))


class TerminalDriver(HeadlessDriver):
    """Textual's test driver with a terminal behind it: what the app writes goes to pyte."""

    made: ClassVar[list[TerminalDriver]] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        width, height = self._get_terminal_size()
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.Stream(self.screen)
        self.written = 0
        TerminalDriver.made.append(self)

    @property
    def is_headless(self) -> bool:
        """Not headless: the app writes its frames here."""
        return False

    def write(self, data: str) -> None:
        """Feed ``data`` to the terminal."""
        self.written += len(data.encode())
        self.stream.feed(data)


def shown(screen: pyte.Screen) -> list[list[tuple[str, ...]]]:
    """Every cell of ``screen``: its character, colours and attributes."""
    return [[(cell.data, cell.fg, cell.bg, str(cell.bold), str(cell.italics),
              str(cell.underscore), str(cell.reverse), str(cell.strikethrough))
             for cell in (screen.buffer[y][x] for x in range(screen.columns))]
            for y in range(screen.lines)]


async def still(pilot: Pilot[None], terminal: TerminalDriver) -> list[list[tuple[str, ...]]]:
    """The terminal's screen once the step is over: steady lines settled and two looks alike
    (under load one pause can catch either run mid-paint)."""
    await wait_for_the_pause_in_typing(pilot)
    before = shown(terminal.screen)
    for _ in range(100):
        await pilot.pause(0.05)
        now = shown(terminal.screen)
        if now == before:
            break
        before = now
    return before


async def play(plain: bool) -> tuple[list[list[list[tuple[str, ...]]]], int]:
    """The screens after each step of ``STEPS``, and the bytes written, copy on or off."""
    app = make_app(goblins(), rng=random.Random(1), autosave=False)
    app.terminal_copy = TerminalCopy(plain=plain)
    app.driver_class = TerminalDriver
    show = app.notices.show
    app.notices.show = lambda message, **how: show(message, severity=how.get(  # type: ignore
        "severity", "information"), timeout=0)  # until the next notice, however slow the run
    screens = []
    async with app.run_test(size=SIZE, headless=False) as pilot:
        terminal = TerminalDriver.made[-1]
        await pilot.pause()
        for step in STEPS:
            if isinstance(step, str):
                await type_text(pilot, step)
            else:
                await pilot.press(*step)
            for field in app.screen.query(Input):
                field.cursor_blink = False
            screens.append(await still(pilot, terminal))
    return screens, terminal.written


@pytest.mark.slow
async def test_the_screen_is_the_same_with_the_copy_on_and_off() -> None:
    copied, copied_bytes = await play(plain=False)
    plain, plain_bytes = await play(plain=True)
    for step, copied_screen, plain_screen in zip(STEPS, copied, plain, strict=True):
        assert copied_screen == plain_screen, step
    text = "\n".join("".join(cell[0] for cell in row) for row in copied[-1])
    assert "Goblin 2" in text and "Valeros" in text
    assert copied_bytes < plain_bytes / 2


def test_the_environment_or_the_flag_switches_the_copy_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for value, asked in (("1", True), ("yes", True), ("", False), ("0", False), ("off", False)):
        assert plain_output_asked({PLAIN_OUTPUT: value}) is asked, value
    assert plain_output_asked({}) is False
    monkeypatch.setenv(PLAIN_OUTPUT, "1")
    assert TerminalCopy().plain and not TerminalCopy(plain=False).plain
    monkeypatch.delenv(PLAIN_OUTPUT)
    assert not TerminalCopy().plain
    prepare_tui(["--new", "pf2e", "--plain-output"])
    assert os.environ[PLAIN_OUTPUT] == "1" and TerminalCopy().plain


async def test_a_fall_back_to_textual_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    app = make_app(goblins(), rng=random.Random(1), autosave=False)
    app.terminal_copy = TerminalCopy(plain=True)
    app.driver_class = TerminalDriver
    with caplog.at_level(logging.INFO, logger="tui.terminal_copy"):
        async with app.run_test(size=SIZE, headless=False) as pilot:
            await pilot.pause()
            assert f"{PLAIN_OUTPUT} is set" in caplog.text
            copy = app.terminal_copy = TerminalCopy(plain=False)
            copy.changes = lambda *args: None  # type: ignore[method-assign]  # cannot place it
            app.refresh()
            await pilot.pause()
    assert "cannot place" in caplog.text
