"""Shared fixtures for the TUI tests: a private data dir, seeded dice, small encounters."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from tui_support import SIZE as SIZE  # the terminal size, for tests that import it from here
from tui_support import Notes

from core import Encounter
from tui.app import HitLedgerApp, make_app

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
    its parse cache per stylesheet): about a tenth of a Pilot test's CPU (issue 22). The worker
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
