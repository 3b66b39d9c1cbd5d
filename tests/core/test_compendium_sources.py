"""The box's data against its sources themselves, every creature: run where the sources are
checked out (``HITLEDGER_COMPENDIUM_SOURCES=DIR``, DIR holding the checkouts NOTICE names:
daggerheart-srd, srd35-md, FVTT_D35E_Community_SRD, Pathfinder-2E-SRD-Markdown); skipped
elsewhere, as the sources are not shipped.

1. Each data file is byte for byte what tools/build_compendium.py makes of its sources today.
2. Each Daggerheart adversary built by the app holds the numbers the SRD's own JSON gives
   (Difficulty, thresholds, HP, Stress, tier, ATK), read here without the build script.
"""

from __future__ import annotations

import importlib.util
import json
import os
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from core import compendium

ROOT = Path(__file__).resolve().parents[2]
SOURCES = os.environ.get("HITLEDGER_COMPENDIUM_SOURCES", "")
pytestmark = pytest.mark.skipif(not SOURCES, reason="HITLEDGER_COMPENDIUM_SOURCES names no checkouts")

CHECKOUTS = {
    "daggerheart": ("daggerheart-srd",),
    "d20-3e": ("srd35-md", "FVTT_D35E_Community_SRD"),
    "pf2e": ("Pathfinder-2E-SRD-Markdown",),
}
ROLLED_ATK = {"Outer Realms Abomination"}
"""ATK +2d4: a roll where a number is printed; the reader takes +2 (test_compendium_data.py)."""


def _build_script() -> Any:
    spec = importlib.util.spec_from_file_location("build_compendium", ROOT / "tools" / "build_compendium.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("system", sorted(CHECKOUTS))
def test_each_data_file_is_what_its_sources_build(system: str, tmp_path: Path, monkeypatch):
    build = _build_script()
    monkeypatch.setattr(build, "OUT", tmp_path)
    folders = [Path(SOURCES) / name for name in CHECKOUTS[system]]
    built = build.write(system, build.BUILDERS[system](*folders))
    shipped = resources.files("core.data").joinpath(f"compendium/{system}.json").read_bytes()
    assert built.read_bytes() == shipped


def _threshold(text: str) -> int | None:
    return None if text.strip() in ("", "None") else int(text)


def test_every_daggerheart_adversary_holds_the_srds_own_numbers():
    source = Path(SOURCES) / "daggerheart-srd" / ".build" / "json" / "adversaries.json"
    adversaries = json.loads(source.read_text("utf-8-sig"))
    assert len(adversaries) == len(compendium.entries("daggerheart")) == 129
    for adversary in adversaries:
        creature = compendium.get("daggerheart", adversary["name"])
        major, _, severe = adversary["thresholds"].partition("/")
        assert (creature.numbers["difficulty"], creature.major, creature.severe, creature.max_hp,
                creature.stress, creature.numbers["tier"]) == \
            (int(adversary["difficulty"]), _threshold(major), _threshold(severe),
             int(adversary["hp"]), int(adversary["stress"]), int(adversary["tier"])), adversary["name"]
        if adversary["name"] not in ROLLED_ATK:
            assert creature.numbers["attack"] == int(adversary["atk"]), adversary["name"]
