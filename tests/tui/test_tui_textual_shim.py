"""The suite's one change to Textual (tests/tui/textual_shim.py) shows what Textual as shipped
shows: the same evening is played on Textual untouched and through the shim, and after every
step the screen reads the same, as text and as the snapshots' SVG."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest
import textual._wait as textual_wait
import textual_shim
from textual._compositor import Compositor
from textual.css.stylesheet import Stylesheet
from textual.widgets import Input
from tui_support import running, screen_lines, type_text, wait_for_the_pause_in_typing

#: This file switches the shim on and off itself.
pytestmark = pytest.mark.textual_as_shipped

#: A short evening: a mark, damage typed and applied, a turn, undo and redo, help, the palette,
#: the log, the add form with a name typed, a redraw (a dialog over the roster at several).
STEPS: tuple[tuple[str, ...] | str, ...] = (
    ("space",), ("down",), ("d",), "7 slashing", ("enter",), ("n",), ("u",), ("ctrl+y",),
    ("f1",), ("escape",), ("ctrl+p",), ("escape",), ("l",), ("escape",), ("a",), "Orc",
    ("escape",), ("ctrl+l",))


async def play(app_factory: Callable[..., Any], shim: bool) -> list[tuple[list[str], str]]:
    """The screen after each step, as text and as the SVG a snapshot test compares."""
    seen = []
    with pytest.MonkeyPatch.context() as patch:
        if shim:
            textual_shim.apply(patch)
        async with running(app_factory) as (pilot, app, _, _):
            for step in STEPS:
                await (type_text(pilot, step) if isinstance(step, str) else pilot.press(*step))
                for field in app.screen.query(Input):
                    field.cursor_blink = False
                await wait_for_the_pause_in_typing(pilot)
                seen.append((screen_lines(app), app.export_screenshot(title="step")))
    return seen


async def test_the_shim_shows_what_textual_as_shipped_shows(app_factory) -> None:
    shipped = await play(app_factory, shim=False)
    shimmed = await play(app_factory, shim=True)
    assert len(shimmed) == len(STEPS)
    for step, (text, svg), (shipped_text, shipped_svg) in zip(STEPS, shimmed, shipped, strict=True):
        assert text == shipped_text, step
        assert svg == shipped_svg, step
    assert len({tuple(text) for text, _ in shipped}) > 5, "the steps showed different screens"


def test_without_the_marker_every_test_runs_through_the_shim(request) -> None:
    """This file runs on Textual as shipped; the shim's functions are not in place here."""
    assert Compositor.render_update.__name__ == "render_update"
    assert Stylesheet._parse_rules.__name__ == "_parse_rules"
    assert textual_wait.wait_for_idle is not textual_shim.wait_for_idle
    with pytest.MonkeyPatch.context() as patch:
        textual_shim.apply(patch)
        assert Compositor.render_update.__name__ == "on_demand"
        assert Stylesheet._parse_rules.__name__ == "parse_once"
        assert textual_wait.wait_for_idle is textual_shim.wait_for_idle
    assert Compositor.render_update.__name__ == "render_update"


def test_what_the_shim_replaces_still_has_the_shape_it_expects() -> None:
    """A Textual that changes what the shim replaces must be read again before the suite
    trusts the shim."""
    for owner, name in textual_shim.REPLACED:
        assert hasattr(owner, name), (owner, name)
    assert list(inspect.signature(Compositor.render_update).parameters) == [
        "self", "full", "screen_stack", "simplify"]
    source = inspect.getsource(Compositor.render_update)
    assert "visible_screen_stack.set(" in source and "_dirty_regions" in source
    assert list(inspect.signature(Stylesheet._parse_rules).parameters) == [
        "self", "css", "read_from", "is_default_rules", "tie_breaker", "scope"]
    parse = inspect.getsource(Stylesheet._parse_rules)
    # keyed as the shim keys it, and reading the theme only through its variables
    assert "cache_key = (css, read_from, is_default_rules, tie_breaker, scope)" in parse
    assert "variable_tokens=self._variable_tokens" in parse
    assert "self._variables" in inspect.getsource(vars(Stylesheet)["_variable_tokens"].fget)
    assert list(inspect.signature(textual_wait.wait_for_idle).parameters) == [
        "min_sleep", "max_sleep"]
