"""Benchmark (make bench): save + load of a big encounter against plain tomli_w + tomllib."""

from __future__ import annotations

import gc
import random
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w

import saves
from core import Encounter, get_system

CREATURES = 500
LEDGER = 10_000
MAX_FILE_BYTES = 3 * 1024 * 1024
TARGET_RATIO = 1.3
REPEAT = 5


def big_encounter() -> Encounter:
    """500 creatures and 10,000 ledger entries, built through core's public API."""
    enc = Encounter("pf2e", "Siege of Otari")
    rules = get_system("pf2e")
    defenses = ["", "weakness fire 5", "resistance physical 3", "immunity poison; weakness good 5"]
    ids = [
        enc.add(rules.new_creature(f"Soldier {i}", hp=200, defenses=defenses[i % 4]), initiative=i % 30)
        for i in range(CREATURES)
    ]
    rng = random.Random(42)
    damage = ["2d6 fire", "1d8+4 slashing", "3d6 cold", "1d4 piercing"]
    while len(enc.log) < LEDGER:
        step = len(enc.log)
        if step % 3 == 2:
            enc.heal(ids[step % CREATURES], 5)
        else:
            targets = [ids[(step * 7 + k) % CREATURES] for k in range(1 + step % 3)]
            enc.apply_damage(targets, damage[step % 4], rng=rng)
    return enc


def timed(func: Callable[[], Any], collect: bool = False) -> float:
    """Seconds one call takes; garbage collection off unless `collect` (timeit's habit)."""
    gc.collect()
    if not collect:
        gc.disable()
    try:
        start = time.perf_counter()
        func()
        return time.perf_counter() - start
    finally:
        gc.enable()


def race(contenders: dict[str, Callable[[], Any]], repeat: int, collect: bool = False) -> dict[str, float]:
    """Best time of each contender, interleaved so a busy machine slows them all alike."""
    runs: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(repeat):
        for name, func in contenders.items():
            runs[name].append(timed(func, collect))
    return {name: min(times) for name, times in runs.items()}


@pytest.fixture(scope="module")
def encounter() -> Encounter:
    return big_encounter()


def test_save_and_load_against_plain_toml(
    encounter: Encounter, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    enc = encounter
    path = tmp_path / "siege.toml"
    assert len(enc.creatures) == CREATURES and len(enc.log) == LEDGER

    data = enc.to_data()
    text = tomli_w.dumps(data)
    loaded = tomllib.loads(text)
    contenders: dict[str, Callable[[], Any]] = {
        "dumps": lambda: tomli_w.dumps(data),
        "loads": lambda: tomllib.loads(text),
        "save": lambda: saves.save(enc, path=path, force=True),
        "load": lambda: saves.load(path),
        "to_data": enc.to_data,
        "from_data": lambda: Encounter.from_data(loaded),
    }
    t = race(contenders, REPEAT)
    with_gc = race({k: contenders[k] for k in ("dumps", "loads", "save", "load")}, 3, collect=True)
    t_dumps, t_loads, t_save, t_load = t["dumps"], t["loads"], t["save"], t["load"]
    t_to_data, t_from_data = t["to_data"], t["from_data"]
    floor = t_dumps + t_loads
    ours = t_save + t_load
    back = saves.load(path)
    size = path.stat().st_size

    ratio = ours / floor
    print()
    print(f"saves bench: {CREATURES} creatures, {LEDGER} ledger entries, file {size / 1e6:.2f} MB")
    print(f"  floor  tomli_w.dumps {t_dumps * 1e3:7.1f} ms + tomllib.loads {t_loads * 1e3:7.1f} ms = {floor * 1e3:7.1f} ms")
    print(f"  saves  save          {t_save * 1e3:7.1f} ms + load          {t_load * 1e3:7.1f} ms = {ours * 1e3:7.1f} ms")
    print(f"  ratio  {ratio:.2f}x (aim <= {TARGET_RATIO}x)")
    gc_ratio = (with_gc["save"] + with_gc["load"]) / (with_gc["dumps"] + with_gc["loads"])
    print(f"  with the garbage collector on: floor {(with_gc['dumps'] + with_gc['loads']) * 1e3:.1f} ms, "
          f"saves {(with_gc['save'] + with_gc['load']) * 1e3:.1f} ms, ratio {gc_ratio:.2f}x")
    print(f"  core   to_data {t_to_data * 1e3:.1f} ms, from_data {t_from_data * 1e3:.1f} ms "
          f"(without them: {(ours - t_to_data - t_from_data) / floor:.2f}x)")

    assert back.to_data() == data
    assert size < MAX_FILE_BYTES


def test_autosave_cost_of_a_table_sized_encounter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What one autosave costs after a change, for a session-sized encounter (12 creatures, 300 events)."""
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    enc = Encounter("pf2e", "Table night")
    rules = get_system("pf2e")
    ids = [enc.add(rules.new_creature(f"Bandit {i}", hp=40), initiative=i) for i in range(12)]
    rng = random.Random(3)
    while len(enc.log) < 300:
        enc.apply_damage([ids[len(enc.log) % 12]], "1d6 slashing", rng=rng)
    times = []
    for i in range(20):
        enc.heal(ids[i % 12], 1)
        times.append(timed(lambda: saves.autosave(enc), collect=True))
    unchanged = timed(lambda: saves.autosave(enc), collect=True)
    times.sort()
    size = saves.autosave_path().stat().st_size
    print(f"\nautosave: {size / 1e3:.0f} KB file, median {times[len(times) // 2] * 1e3:.1f} ms "
          f"(worst {times[-1] * 1e3:.1f} ms) per change, {unchanged * 1e6:.0f} µs when nothing changed")
    assert times[len(times) // 2] < 0.25
