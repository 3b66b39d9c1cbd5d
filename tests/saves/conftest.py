"""Fixtures for the saves tests: a private data dir per test, never the user's."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import saves
from core import Encounter, get_system
from saves import slots

# Stats for a plain creature in each system.
STATS: dict[str, dict[str, Any]] = {
    "pf2e": {"hp": 20},
    "sf2e": {"hp": 20},
    "d20-3e": {"hp": 20},
    "vitality-wounds": {"vitality": 20, "wounds": 10},
    "daggerheart": {"hp": 6, "major": 7, "severe": 14, "armor": 3, "stress": 6},
}


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh HITLEDGER_DATA_DIR for every test."""
    directory = tmp_path / "data"
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(directory))
    return saves.data_dir()


@pytest.fixture
def make_enc() -> Callable[..., Encounter]:
    """A factory of small encounters: a few goblins, one hit, one turn."""

    def make(name: str = "Ambush", system: str = "pf2e", creatures: int = 3) -> Encounter:
        enc = Encounter(system=system, name=name)
        rules = get_system(system)
        ids = [
            enc.add(rules.new_creature(f"Goblin {i + 1}", **STATS[system]), initiative=10 + i)
            for i in range(creatures)
        ]
        if ids:
            enc.apply_damage(ids[:1], "3 fire", rng=random.Random(1))
        return enc

    return make


@pytest.fixture
def mutate() -> Callable[[Encounter], None]:
    """A function making one undoable change to an encounter: a creature joins."""

    def change(enc: Encounter) -> None:
        rules = enc.rules
        enc.add(rules.new_creature("Late arrival", **STATS[enc.system]), initiative=1)

    return change


@pytest.fixture
def held() -> Iterator[list[Path]]:
    """The slots claimed by a test, let go of afterwards."""
    taken: list[Path] = []
    yield taken
    for slot in taken:
        slots.release(slot)
