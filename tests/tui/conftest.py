"""Shared fixtures for the TUI tests: a private data dir, seeded dice, small encounters."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from tui_support import Notes

from core import Encounter
from tui.app import HitLedgerApp, make_app

SIZE = (80, 24)


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
