"""Crash safety: a writer killed with SIGKILL at random moments never leaves a broken save."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import saves
from core import Encounter, get_system

KILLS = 50

# The child saves one encounter again and again, each version self-consistent: name
# "v{n}" and round n. It gets the encounter's data (200 creatures, a file of ~40 KB) as
# JSON and does not import core, so that it starts fast; many kills land mid-write.
CHILD = r"""
import json, sys
from pathlib import Path
import saves
from core import Encounter, get_system

class Enc:
    def __init__(self, data):
        self.data = data
    def to_data(self):
        return self.data

path, n = Path(sys.argv[1]), int(sys.argv[2])
enc = Enc(json.loads(Path(sys.argv[3]).read_text()))
enc.data["encounter"].update(name=f"v{n}", round=n)
saves.save(enc, path=path, force=True)
print("ready", flush=True)
while True:
    n += 1
    enc.data["encounter"].update(name=f"v{n}", round=n)
    saves.save(enc)
"""


def _encounter_json(directory: Path) -> Path:
    enc = Encounter("pf2e", "v0")
    rules = get_system("pf2e")
    enc.add_many([rules.new_creature(f"Goblin {i}", hp=6) for i in range(200)])
    path = directory / "encounter.json"
    path.write_text(json.dumps(enc.to_data()), "utf-8")
    return path


def _kill_repeatedly(path: Path, source: Path, kills: int, seed: int) -> int:
    """Start a saving child and SIGKILL it `kills` times; check the file after each kill."""
    rng = random.Random(seed)
    env = {**os.environ, "PYTHONPATH": str(Path(saves.__file__).parent.parent)}
    last = 0
    for kill in range(kills):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path), str(last + 1), str(source)],
            stdout=subprocess.PIPE,
            env=env,
        )
        try:
            assert child.stdout is not None
            assert child.stdout.readline() == b"ready\n", "child failed to start"
            time.sleep(rng.uniform(0, 0.05))
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait()
        enc = saves.load(path)  # must always load: the old or the new version, whole
        version = int(enc.name.removeprefix("v"))
        assert version == enc.round and version > last, f"{path.name} kill {kill}: back to {version}"
        assert len(enc.creatures) == 200
        bak = path.with_name(path.name + ".bak")
        if bak.exists():
            old = saves.load(bak)  # the previous version, or this one if killed just after the link
            assert int(old.name.removeprefix("v")) == old.round <= version
        last = version
    return kills


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_during_saves_never_breaks_the_file(data: Path, tmp_path: Path) -> None:
    source = _encounter_json(tmp_path)
    started = time.monotonic()
    # Five files, each with its own child killed ten times; three at once to use the cores.
    with ThreadPoolExecutor(max_workers=3) as pool:
        lanes = [pool.submit(_kill_repeatedly, data / f"crash-{i}.toml", source, KILLS // 5, i) for i in range(5)]
        assert sum(lane.result() for lane in lanes) >= KILLS
    torn = len(list(data.glob(".*.tmp")))  # temp files left by kills that landed mid-write
    print(f"\n{KILLS} kills in {time.monotonic() - started:.1f} s, {torn} of them mid-write")
    assert time.monotonic() - started < 60
