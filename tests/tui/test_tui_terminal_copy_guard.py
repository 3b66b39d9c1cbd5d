"""The Textual and Rich internals ``tui/terminal_copy.py`` relies on, pinned in one place.

``TerminalCopy`` stands in for Textual's private ``App._display`` (``tui/app.py`` overrides it),
reads the compositor's updates cell by cell and strips the meta off Rich's styles. None of that
is public: an upgrade may change any of it and garble the screen without an error. These tests
name every internal the copy touches, so an upgrade fails here first, saying what to recheck.
"""

from __future__ import annotations

import inspect
import tomllib
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

from rich.cells import get_character_cell_size
from rich.console import Console
from rich.control import Control
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate, CompositorUpdate, InlineUpdate, LayoutUpdate
from textual.app import App
from textual.driver import Driver
from textual.geometry import Offset, Region, Size
from textual.screen import Screen
from textual.signal import Signal
from textual.strip import Strip

from tui.app import HitLedgerApp
from tui.terminal_copy import looks

#: The Textual release ``tui/terminal_copy.py`` was last read against, line by line.
CHECKED_AGAINST = "8.2.8"
RECHECK = "recheck tui/terminal_copy.py against the new Textual"
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"

#: What ``App._display`` does that ``TerminalCopy.display`` does the same way: its guards, the
#: cursor it places, the synchronized update around the write, the flush and the hook after.
MIRRORED_STEPS = (
    "if renderable is None",
    "if self._batch_count",
    "self._running",
    "not self._closed",
    "not self.is_headless",
    "self._driver is not None",
    "isinstance(renderable, CompositorUpdate)",
    "self.screen.outer_size.clamp_offset(",
    "self.cursor_position",
    "if self._driver.is_inline",
    "self._previous_cursor_position = cursor_position",
    "self._begin_update()",
    "self._end_update()",
    "self._driver.write(",
    "self._driver.flush()",
    "self.post_display_hook()",
)


def parameters(function: Callable[..., object]) -> list[str]:
    """The parameter names of ``function``."""
    return list(inspect.signature(function).parameters)


def test_textual_is_the_release_the_terminal_copy_was_checked_against() -> None:
    dependencies = tomllib.loads(PYPROJECT.read_text())["project"]["dependencies"]
    pins = [line for line in dependencies if line.startswith("textual")]
    assert pins == [f"textual=={CHECKED_AGAINST}"], (
        f"pyproject.toml asks for {pins}, not textual=={CHECKED_AGAINST}: {RECHECK}, "
        "then set CHECKED_AGAINST in this test")
    installed = version("textual")
    assert installed == CHECKED_AGAINST, (
        f"Textual {installed} is installed, not {CHECKED_AGAINST}: {RECHECK}, "
        "then set CHECKED_AGAINST in this test")


def test_app_display_is_still_the_method_the_app_replaces() -> None:
    assert parameters(App._display) == ["self", "screen", "renderable"], RECHECK
    assert parameters(HitLedgerApp._display) == parameters(App._display)
    source = inspect.getsource(App._display)
    for step in MIRRORED_STEPS:
        assert step in source, f"App._display no longer has {step!r}: {RECHECK}"


def test_the_app_state_the_copy_reads_is_where_it_was() -> None:
    app: App[None] = App()
    assert app._batch_count == 0
    assert app._running is False and app._closed is False
    assert app._driver is None  # set once the app runs
    assert isinstance(app._previous_cursor_position, Offset)
    assert isinstance(app.cursor_position, Offset)
    assert isinstance(app.console, Console)
    for name in ("is_headless", "size", "screen"):
        assert isinstance(inspect.getattr_static(App, name), property), f"App.{name}: {RECHECK}"
    for name in ("_begin_update", "_end_update", "post_display_hook"):
        assert parameters(getattr(App, name)) == ["self"], f"App.{name}: {RECHECK}"
    assert isinstance(inspect.getattr_static(Screen, "outer_size"), property), RECHECK
    assert Size(80, 24).clamp_offset(Offset(90, 30)) == Offset(79, 23)


def test_suspend_and_resume_are_still_signals_with_immediate_subscribers() -> None:
    app: App[None] = App()
    assert isinstance(app.app_suspend_signal, Signal), RECHECK
    assert isinstance(app.app_resume_signal, Signal), RECHECK
    assert parameters(Signal.subscribe) == ["self", "node", "callback", "immediate"], RECHECK


def test_the_driver_writes_flushes_and_says_if_it_is_inline() -> None:
    assert isinstance(inspect.getattr_static(Driver, "is_inline"), property), RECHECK
    assert parameters(Driver.write) == ["self", "data"], RECHECK
    assert parameters(Driver.flush) == ["self"], RECHECK


def test_the_compositor_paints_with_the_two_updates_the_copy_places() -> None:
    # any other kind is written whole by Textual: safe, but every cell again over a slow link
    assert set(CompositorUpdate.__subclasses__()) == {LayoutUpdate, ChopsUpdate, InlineUpdate}, \
        RECHECK
    strip = Strip([Segment("ab")])
    layout = LayoutUpdate([[strip]], Region(1, 2, 2, 1))
    assert layout.strips == [[strip]] and layout.region == Region(1, 2, 2, 1)
    chops = ChopsUpdate([{0: strip}], [(0, 0, 2)], [[2]])
    assert chops.chops == [{0: strip}] and chops.spans == [(0, 0, 2)] and chops.chop_ends == [[2]]
    assert parameters(LayoutUpdate.__init__) == ["self", "strips", "region"], RECHECK
    assert parameters(ChopsUpdate.__init__) == ["self", "chops", "spans", "chop_ends"], RECHECK


def test_rich_segments_styles_and_cursor_moves_have_the_shape_the_copy_reads() -> None:
    assert Segment._fields == ("text", "style", "control")
    assert {"_meta", "_hash"} <= set(Style.__slots__)
    clickable = Style(bold=True, meta={"@click": "app.bell"})
    assert clickable._meta is not None and Style(bold=True)._meta is None
    plain = looks(clickable)  # the meta dropped, the hash counted again without it
    assert plain == Style(bold=True) and hash(plain) == hash(Style(bold=True))
    assert Control.move_to(2, 1).segment.text == "\x1b[2;3H"
    assert [get_character_cell_size(c) for c in ("a", "あ", "\u0301")] == [1, 2, 0]
    assert parameters(Strip.render) == ["self", "console"]
    assert Strip([Segment("ab")]).render(Console()) == "ab"
