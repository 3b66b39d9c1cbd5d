"""Over a slow link: updates write only the cells that changed, and draw the same screen.

Every update Textual displays during a short fight is drawn twice on a small terminal model:
once as Textual writes it (whole regions) and once as the app writes it through its
``TerminalCopy`` (the cells that differ). Both screens must be the same, cell and style, after
every step — wide characters included — and the copy must write less.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import pytest
from rich.cells import cell_len, get_character_cell_size
from rich.control import Control
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip
from tui_support import type_text

from core import Encounter, get_system
from tui.terminal_copy import TerminalCopy

#: the terminal copy is made of frames: every one is drawn, as in a terminal
pytestmark = pytest.mark.every_frame

TOKEN = re.compile(r"\x1b\[([0-9;?]*)([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|([^\x1b]+)", re.S)


class Terminal:
    """Just enough of a terminal: cursor moves, colours, text and wide characters."""

    def __init__(self, width: int = 80, height: int = 24) -> None:
        self.width, self.height = width, height
        self.cells = [[(" ", "")] * width for _ in range(height)]
        self.row = self.column = 0
        self.style = ""
        self.written = 0

    def feed(self, data: str) -> None:
        self.written += len(data.encode())
        for match in TOKEN.finditer(data):
            params, final, text = match.groups()
            if final == "H":
                row, _, column = (params or "1;1").partition(";")
                self.row, self.column = int(row) - 1, int(column or 1) - 1
            elif final == "m":
                self.style = "" if params in ("", "0") else f"{self.style};{params}"
            elif text:
                self._put(text)

    def _put(self, text: str) -> None:
        for character in text:
            width = get_character_cell_size(character)
            if character == "\n":
                self.row, self.column = min(self.row + 1, self.height - 1), 0
            elif width and self.column < self.width:
                self.cells[self.row][self.column] = (character, self.style)
                if width == 2 and self.column + 1 < self.width:
                    self.cells[self.row][self.column + 1] = ("", self.style)
                self.column += width


def watch(app: Any) -> tuple[Terminal, Terminal]:
    """Two terminals fed every update the app displays: Textual's writes and the copy's."""
    textual_screen, copy_screen = Terminal(), Terminal()
    copy = TerminalCopy()
    display = app._display

    def both(screen: Any, update: Any) -> None:
        if isinstance(update, CompositorUpdate) and not app._batch_count:
            cursor = app.screen.outer_size.clamp_offset(app.cursor_position)
            move = Control.move_to(*cursor).segment.text
            textual_screen.feed(update.render_segments(app.console) + move)
            written = copy.changes(update, app.size, cursor, app.console)
            assert written is not None
            copy_screen.feed(written)
        display(screen, update)

    app._display = both
    return textual_screen, copy_screen


def wide_encounter() -> Encounter:
    """An encounter with a Japanese name and creatures: cells, not characters."""
    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="ゴブリンの待ち伏せ［火炎］")
    encounter.add(rules.new_creature("ヴァレロス", pc=True, hp=40), initiative=20)
    for number in (1, 2):
        encounter.add(rules.new_creature(f"ゴブリン {number}", hp=15), initiative=15)
    return encounter


async def test_the_copy_draws_what_textual_draws_with_fewer_bytes(app_factory) -> None:
    app = app_factory(wide_encounter())
    async with app.run_test(size=(80, 24)) as pilot:
        textual_screen, copy_screen = watch(app)
        app.refresh()
        await pilot.pause()
        steps = [("space",), ("down",), ("d",), ("escape",), ("d",), "7 slashing", ("enter",),
                 ("n",), ("question_mark",), ("escape",)]
        for step in steps:
            if isinstance(step, str):
                await type_text(pilot, step)
            else:
                await pilot.press(*step)
            await pilot.pause()
            assert copy_screen.cells == textual_screen.cells, step
        shown = "\n".join("".join(text for text, _ in row) for row in copy_screen.cells)
        assert "ゴブリンの待ち伏せ［火炎］" in shown and "ゴブリン 2" in shown
        assert copy_screen.written < textual_screen.written / 2


def layout(*lines: str, style: Style | None = None) -> LayoutUpdate:
    """A full update of ``lines`` (each as wide as the screen)."""
    strips: list[Iterable[Strip]] = [[Strip([Segment(line, style)])] for line in lines]
    return LayoutUpdate(strips, Region(0, 0, cell_len(lines[0]), len(lines)))


def test_a_repeated_update_writes_nothing_and_a_change_only_its_cells() -> None:
    from rich.console import Console

    console, copy = Console(), TerminalCopy()
    first = copy.changes(layout("hello world", "second line"), (11, 2), (0, 0), console)
    assert first is not None and "hello world" in first and "second line" in first
    assert copy.changes(layout("hello world", "second line"), (11, 2), (0, 0), console) == ""
    changed = copy.changes(layout("hello there", "second line"), (11, 2), (0, 0), console)
    assert changed is not None and "there" in changed and "second" not in changed
    assert "hello" not in changed


def test_a_forgotten_or_resized_terminal_is_written_whole() -> None:
    from rich.console import Console

    console, copy = Console(), TerminalCopy()
    copy.changes(layout("abc", "def"), (3, 2), (0, 0), console)
    copy.forget()
    again = copy.changes(layout("abc", "def"), (3, 2), (0, 0), console)
    assert again is not None and "abc" in again and "def" in again
    wider = copy.changes(layout("abcd", "defg"), (4, 2), (0, 0), console)
    assert wider is not None and "abcd" in wider


def test_a_wide_character_is_never_cut_in_half() -> None:
    from rich.console import Console

    console, copy = Console(), TerminalCopy()
    copy.changes(layout("火炎 ab"), (7, 1), (0, 0), console)
    changed = copy.changes(layout("火炎 ac"), (7, 1), (0, 0), console)
    assert changed is not None and "炎" not in changed
    changed = copy.changes(layout("火水 ac"), (7, 1), (0, 0), console)
    assert changed is not None and "水" in changed and "\x1b[1;3H" in changed


def test_an_update_it_cannot_place_goes_to_textual() -> None:
    from rich.console import Console

    console, copy = Console(), TerminalCopy()
    assert copy.changes("not an update", (3, 1), (0, 0), console) is None
    chops = ChopsUpdate([{0: Strip([Segment("toolong")])}], [(0, 0, 3)], [[3]])
    assert copy.changes(chops, (3, 1), (0, 0), console) is None


def test_cells_that_look_alike_are_written_as_one_run() -> None:
    from rich.console import Console

    console, copy = Console(color_system="256"), TerminalCopy()
    red = Style(color="red")
    strips: list[Iterable[Strip]] = [[Strip([Segment("ab", red + Style.from_meta({"row": 1})),
                      Segment("cd", red + Style.from_meta({"row": 2}))])]]
    written = copy.changes(LayoutUpdate(strips, Region(0, 0, 4, 1)), (4, 1), (0, 0), console)
    assert written is not None and "abcd" in written and written.count("\x1b[0m") == 1


async def test_ctrl_l_redraws_the_whole_screen(app_factory) -> None:
    """Another program may write over the app: ctrl+l forgets the copy and repaints."""
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        copy = app.terminal_copy
        for opening in ((), ("d",)):  # on the roster and in a dialog, which has its own keys
            await pilot.press(*opening)
            await pilot.pause()
            copy.changes(app.screen._compositor.render_update(full=True), app.size, (0, 0),
                         app.console)
            assert copy.lines
            await pilot.press("ctrl+l")
            await pilot.pause()
            assert not copy.lines, opening
        await pilot.press("escape", "question_mark")
        keys = {item.description: item.key for item in app.screen.keys}
        assert keys["Redraw the whole screen"] == "^l"


async def test_a_resume_or_a_return_to_the_window_writes_every_cell_again(app_factory) -> None:
    """Review: the reset on resume was queued, so a frame could be written as changes to a
    terminal that showed the shell meanwhile; and a window written over while away kept its
    wrong cells. The copy forgets at once on suspend and resume, and on the app's focus."""
    from textual import events

    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        copy = app.terminal_copy

        def known() -> None:
            copy.changes(app.screen._compositor.render_update(full=True), app.size, (0, 0),
                         app.console)
            assert copy.lines

        for signal in (app.app_suspend_signal, app.app_resume_signal):
            known()
            signal.publish(app)
            assert not copy.lines  # at once, before any frame
        known()
        app.post_message(events.AppFocus())
        await pilot.pause()
        assert not copy.lines
