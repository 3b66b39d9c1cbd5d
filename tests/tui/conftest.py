"""Shared fixtures for the TUI tests: a private data dir, seeded dice, small encounters."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
import textual_shim as textual_shim_module
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


@pytest.fixture(autouse=True)
def textual_shim(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The suite's one change to Textual as shipped (tests/tui/textual_shim.py): CSS parsed once
    per worker, frames drawn when a test reads the screen, finer idle waits. A test marked
    ``textual_as_shipped`` runs on Textual untouched; one marked ``every_frame`` keeps every frame
    Textual draws."""
    if request.node.get_closest_marker("textual_as_shipped"):
        return
    textual_shim_module.apply(
        monkeypatch, frames_on_demand=not request.node.get_closest_marker("every_frame"))


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
