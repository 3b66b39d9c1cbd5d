"""Fixtures for the saves tests: a private data dir per test, never the user's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import saves
from saves import codec


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh HITLEDGER_DATA_DIR for every test."""
    directory = tmp_path / "data"
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(directory))
    return saves.data_dir()


class StandInError(ValueError):
    """Like core.errors.StateError: a message and the dotted field it is about."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class StandIn:
    """A tiny Encounter: enough to test the file layer without the rules core."""

    SYSTEMS = ("pf2e", "sf2e", "vitality-wounds", "daggerheart", "d20-3e")

    def __init__(self, system: str = "pf2e", name: str = "Ambush") -> None:
        self.system = system
        self.name = name
        self.round = 1
        self.turn = 0
        self.creatures: dict[str, dict[str, Any]] = {}
        self.ledger: list[str] = []
        self.revision = 0

    def add(self, name: str, hp: int) -> str:
        cid = f"c{len(self.creatures) + 1}"
        self.creatures[cid] = {"id": cid, "name": name, "hp": hp}
        self._changed(f"{name} joins")
        return cid

    def rename(self, name: str) -> None:
        self.name = name
        self._changed(f"renamed {name}")

    def _changed(self, text: str) -> None:
        self.ledger.append(text)
        self.revision += 1

    def to_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "system": self.system,
            "round": self.round,
            "turn": self.turn,
            "creatures": list(self.creatures.values()),
            "ledger": [{"text": t} for t in self.ledger],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> StandIn:
        for key, kind in (("name", str), ("system", str), ("round", int), ("turn", int)):
            if key not in data:
                raise StandInError(key, "missing")
            if not isinstance(data[key], kind):
                raise StandInError(key, f"must be {kind.__name__}")
        if data["system"] not in cls.SYSTEMS:
            raise StandInError("system", f"unknown system {data['system']!r}")
        enc = cls(data["system"], data["name"])
        enc.round, enc.turn = data["round"], data["turn"]
        for i, creature in enumerate(data.get("creatures", [])):
            if not isinstance(creature.get("hp"), int):
                raise StandInError(f"creatures.{i}.hp", "must be int")
            enc.creatures[creature["id"]] = dict(creature)
        enc.ledger = [entry["text"] for entry in data.get("ledger", [])]
        return enc

    def state(self) -> Any:
        return self.to_data()


@pytest.fixture(autouse=True)
def standin(monkeypatch: pytest.MonkeyPatch) -> type[StandIn]:
    """Load files into StandIn encounters (swapped for core's Encounter once it lands)."""
    monkeypatch.setattr(codec, "encounter_factory", StandIn.from_data)
    return StandIn


@pytest.fixture
def make_enc() -> Any:
    """A factory of small encounters with a few creatures."""

    def make(name: str = "Ambush", system: str = "pf2e", creatures: int = 3) -> StandIn:
        enc = StandIn(system, name)
        for i in range(creatures):
            enc.add(f"Goblin {i + 1}", 6 + i)
        return enc

    return make


@pytest.fixture
def mutate() -> Any:
    """A function making one undoable change to an encounter."""

    def change(enc: Any) -> None:
        enc.add("Late arrival", 9)

    return change
