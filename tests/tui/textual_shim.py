"""The suite's one change to Textual as shipped: three savings for headless Pilot tests.

Every Pilot test starts a new app on Textual's own code; what this shim changes is only how much
work a headless test does that nobody reads, never what a screen shows:

- **CSS parsed once per worker.** Each app parses the same CSS again (Textual keeps its parse
  cache per stylesheet): about a tenth of a Pilot test's CPU. The worker keeps what it parsed,
  keyed as Textual keys its own cache plus the theme's variables (which the parse reads); CSS
  that fails to parse is never kept, so every app still meets its error.
- **Frames drawn on demand.** A headless app draws every frame only to throw it away: about a
  quarter of a Pilot test's CPU. The compositor draws a frame when a test reads the screen
  (``screen_lines``, the snapshots' ``export_screenshot``, both of which ask for a full frame).
  A test marked ``every_frame`` (one that counts or compares the frames) keeps Textual's drawing.
- **Finer idle waits.** Pilot waits after each key until the app used under 1 ms of CPU in
  20 ms, and a screen paints (and runs what was asked ``call_after_refresh``) at most every
  1/60 s: most of a Pilot test's wall time. Here both are four times finer: idle is under
  0.25 ms of CPU in 5 ms, and a screen paints every 5 ms, so a refresh still falls within one
  window of idleness. What a test needs done it waits for with ``until()``, not by these.

tests/tui/test_tui_textual_shim.py plays the same fight on Textual as shipped and through this
shim and compares the screen after every step, as text and as SVG; it also checks that the
Textual internals the shim replaces still have the shape it expects. A test marked
``textual_as_shipped`` runs without the shim.
"""

from __future__ import annotations

import asyncio
from time import monotonic, process_time
from typing import Any

import pytest
import textual._wait as textual_wait
import textual.app as textual_app
import textual.pilot as textual_pilot
import textual.screen as textual_screen
from textual._compositor import Compositor
from textual._context import visible_screen_stack
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

#: Seconds: how long the app must stay (nearly) idle before Pilot goes on, and how often a screen
#: paints (Textual's are 1/50 and 1/60 s).
IDLE_WINDOW = 1 / 200

#: The CSS each app of this worker parsed, by its text, origin, scope and theme variables.
PARSED_CSS: dict[tuple[object, ...], list[RuleSet]] = {}

#: What the shim replaces, as (owner, name): a test checks each is still there.
REPLACED: tuple[tuple[Any, str], ...] = (
    (Stylesheet, "_parse_rules"), (Compositor, "render_update"), (textual_app, "wait_for_idle"),
    (textual_pilot, "wait_for_idle"), (textual_wait, "wait_for_idle"),
    (textual_screen, "UPDATE_PERIOD"))


def apply(patch: pytest.MonkeyPatch, *, frames_on_demand: bool = True) -> None:
    """Make the three changes for as long as ``patch`` lasts (a test, or a block)."""
    patch.setattr(Stylesheet, "_parse_rules", _parse_once(Stylesheet._parse_rules))
    if frames_on_demand:
        patch.setattr(Compositor, "render_update", _on_demand(Compositor.render_update))
    for module in (textual_app, textual_pilot, textual_wait):
        patch.setattr(module, "wait_for_idle", wait_for_idle)
    patch.setattr(textual_screen, "UPDATE_PERIOD", IDLE_WINDOW)


def _parse_once(parse: Any) -> Any:
    """Textual's ``Stylesheet._parse_rules`` remembering what it parsed for the worker."""

    def parse_once(self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False,
                   tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:
        key = (css, read_from, is_default_rules, tie_breaker, scope,
               tuple(sorted(self._variables.items())))
        if key not in PARSED_CSS:
            PARSED_CSS[key] = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
        return PARSED_CSS[key]

    return parse_once


def _on_demand(render_update: Any) -> Any:
    """Textual's ``Compositor.render_update`` drawing only the full frames a test asks for."""

    def on_demand(self: Compositor, full: bool = False, screen_stack: list[Any] | None = None,
                  simplify: bool = False) -> Any:
        if full:
            return render_update(self, full, screen_stack, simplify)
        visible_screen_stack.set([] if screen_stack is None else screen_stack)  # as Textual does
        self._dirty_regions.clear()
        return None

    return on_demand


async def wait_for_idle(min_sleep: float = IDLE_WINDOW, max_sleep: float = 1) -> None:
    """Textual's test of idleness (``textual._wait.wait_for_idle``: little CPU used in a window),
    in windows of ``IDLE_WINDOW``; a window the app overslept by more than a window does not count
    as idle, since on a loaded machine using no CPU may only mean not being given any."""
    start = monotonic()
    while True:
        cpu, began = process_time(), monotonic()
        await asyncio.sleep(IDLE_WINDOW)
        used, slept = process_time() - cpu, monotonic() - began
        elapsed = monotonic() - start
        if elapsed >= max_sleep:
            return
        if elapsed > min_sleep and used < IDLE_WINDOW / 20 and slept < 2 * IDLE_WINDOW:
            return
