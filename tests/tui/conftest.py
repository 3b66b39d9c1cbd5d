"""Shared fixtures for the TUI tests: a private data dir, seeded dice, small encounters."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterator
from pathlib import Path
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
from tui_support import SIZE as SIZE  # the terminal size, for tests that import it from here
from tui_support import Notes

from core import Encounter
from tui.app import HitLedgerApp, make_app

#: Seconds: how long the app must stay (nearly) idle before Pilot goes on, and how often a screen
#: paints (Textual's are 1/50 and 1/60 s).
IDLE_WINDOW = 1 / 200

#: Where pytest-textual-snapshot writes its report of mismatched snapshots unless told otherwise:
#: the current folder, i.e. the checkout.
PLUGIN_REPORT = "snapshot_report.html"


@pytest.fixture(autouse=True, scope="session")
def snapshot_report(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The snapshot report goes to this run's own temporary folder, not into the checkout
    (it also lists the environment the tests ran in). ``--snapshot-report PATH`` still wins."""
    config = request.config
    if config.getoption("--snapshot-report") == PLUGIN_REPORT:
        config.option.snapshot_report = str(tmp_path_factory.mktemp("snapshots") / PLUGIN_REPORT)
    return Path(config.getoption("--snapshot-report"))


#: The CSS each app of this worker parsed, by its text, origin, scope and theme variables.
PARSED_CSS: dict[tuple[object, ...], list[RuleSet]] = {}


@pytest.fixture(autouse=True, scope="session")
def css_parsed_once() -> Iterator[None]:
    """Each Pilot test starts a new app, and each app parses the same CSS again (Textual keeps
    its parse cache per stylesheet): about a tenth of a Pilot test's CPU. The worker
    keeps what it parsed, keyed as Textual keys its own cache plus the theme's variables (which
    the parse reads); CSS that fails to parse is never kept, so every app still meets its error."""
    parse = Stylesheet._parse_rules

    def parse_once(self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False,
                   tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:
        key = (css, read_from, is_default_rules, tie_breaker, scope,
               tuple(sorted(self._variables.items())))
        if key not in PARSED_CSS:
            PARSED_CSS[key] = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
        return PARSED_CSS[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Stylesheet, "_parse_rules", parse_once)
        yield


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every TUI test saves into its own folder, never the real data dir."""
    folder = tmp_path / "data"
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def app_factory() -> Callable[..., HitLedgerApp]:
    """Builds an app with seeded dice and a notification recorder at ``app.notes``."""

    def build(encounter: Encounter | None = None, *, system: str = "pf2e", seed: int = 1,
              autosave: bool = False) -> HitLedgerApp:
        app = make_app(encounter, system=system, rng=random.Random(seed), autosave=autosave)
        notes = Notes()
        app.notify = notes  # type: ignore[method-assign]
        app.notes = notes  # type: ignore[attr-defined]
        return app

    return build



@pytest.fixture(autouse=True)
def frames_drawn_on_demand(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A headless app draws every frame only to throw it away: about a quarter of a Pilot test's
    CPU. Here a frame is drawn when a test reads the screen (``screen_lines``, the
    snapshots' ``export_screenshot``); a test marked ``every_frame`` (one that counts or compares
    the frames themselves) keeps Textual's drawing."""
    if request.node.get_closest_marker("every_frame"):
        return
    render_update = Compositor.render_update

    def on_demand(self: Compositor, full: bool = False, screen_stack: list[Any] | None = None,
                  simplify: bool = False) -> Any:
        if full:
            return render_update(self, full, screen_stack, simplify)
        visible_screen_stack.set([] if screen_stack is None else screen_stack)  # as Textual does
        self._dirty_regions.clear()
        return None

    monkeypatch.setattr(Compositor, "render_update", on_demand)


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


@pytest.fixture(autouse=True, scope="session")
def shorter_idle_waits() -> Iterator[None]:
    """Pilot waits after each key until the app used under 1 ms of CPU in 20 ms, and a screen
    paints (and runs what was asked ``call_after_refresh``) at most every 1/60 s: most of a Pilot
    test's wall time is these waits. Here both are four times finer: idle is under
    0.25 ms of CPU in 5 ms, and a screen paints every 5 ms, so a refresh still falls within one
    window of idleness. What a test needs done it waits for with ``until()``, not by these."""
    with pytest.MonkeyPatch.context() as patch:
        for module in (textual_app, textual_pilot, textual_wait):
            patch.setattr(module, "wait_for_idle", wait_for_idle)
        patch.setattr(textual_screen, "UPDATE_PERIOD", IDLE_WINDOW)
        yield
