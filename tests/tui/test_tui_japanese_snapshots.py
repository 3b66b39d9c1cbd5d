"""The main screens in Japanese at 80×24 (``--lang ja``), with names in Japanese.

A snapshot changes only when the screen does; update after looking at the diff:
``pytest tests/tui/test_tui_japanese_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_tui_snapshots import SIZE, still
from textual.pilot import Pilot

from core import Encounter, get_system
from tui.app import HitLedgerApp, make_app

LONG_NAME = "ゴブリン戦士長ゴルグ・ザ・グレート 1"
"""Wider than the Name column: cut in the middle with …, its number kept."""


def japanese_encounter() -> Encounter:
    """The demo's goblin ambush as a Japanese GM types it: names, and the wiki's defense lines."""
    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="ゴブリンの待ち伏せ")
    ids = {}
    for name, pc, initiative, defenses, stats in (
        ("ヴァレロス", True, 24, "", {"hp": 45}),
        (LONG_NAME, False, 21, "弱点［火炎］5", {"hp": 15}),
        ("ゴブリン戦士 2", False, 21, "弱点［火炎］5", {"hp": 15}),
        ("ゴブリン火術師", False, 18, "抵抗［火炎］5", {"hp": 15}),
        ("火の精霊", False, 15, "完全耐性［火炎］；弱点［冷気］5", {"hp": 40}),
        ("セオニ", True, 12, "", {"hp": 30}),
    ):
        creature = rules.new_creature(name, pc=pc, defenses=defenses, hp=stats["hp"])
        ids[name] = encounter.add(creature, initiative=initiative)
    encounter.apply_damage([ids["ゴブリン火術師"]], "11 slashing, 1d6 persistent bleed",
                           rng=random.Random(7))
    return encounter



def japanese_app() -> HitLedgerApp:
    """The Japanese encounter, seeded dice, no autosave."""
    return make_app(japanese_encounter(), rng=random.Random(7), autosave=False)


def pressing(*keys: str):  # noqa: ANN201 - a run_before for snap_compare
    """Press ``keys``, then hold still."""
    async def run_before(pilot: Pilot) -> None:
        await pilot.press(*keys)
        await still(pilot)

    return run_before


@pytest.mark.parametrize("keys", [(), ("question_mark",), ("p",), ("l",), ("a",)],
                         ids=["roster", "help", "tracker", "log", "add-form"])
def test_japanese_screen(snap_compare, japanese, keys):
    assert snap_compare(japanese_app(), terminal_size=SIZE, run_before=pressing(*keys))


def test_japanese_saves(snap_compare, japanese, tmp_path: Path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path / "hitledger-snapshot-data"))
    assert snap_compare(japanese_app(), terminal_size=SIZE, run_before=pressing("ctrl+o"))
