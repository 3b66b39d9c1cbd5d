"""Crash safety: a writer killed with SIGKILL at random moments never leaves a broken save."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import saves

KILLS = 50

# The child saves the same encounter again and again, each version self-consistent:
# name "v{n}", round n, every creature with n hit points. Big enough (~150 KB) that
# many kills land in the middle of a write.
CHILD = r"""
import sys
from pathlib import Path
import saves

class Enc:
    system = "pf2e"
    turn = 0
    def __init__(self, n):
        self.creatures = {f"c{i}": None for i in range(1500)}
        self.set(n)
    def set(self, n):
        self.name, self.round = f"v{n}", n
    def to_data(self):
        return {"name": self.name, "system": self.system, "round": self.round, "turn": 0,
                "creatures": [{"id": c, "name": "Goblin " + c, "hp": self.round} for c in self.creatures]}

path, n = Path(sys.argv[1]), int(sys.argv[2])
enc = Enc(n)
saves.save(enc, path=path, force=True)
print("ready", flush=True)
while True:
    n += 1
    enc.set(n)
    saves.save(enc)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_during_saves_never_breaks_the_file(data: Path) -> None:
    path = data / "crash.toml"
    rng = random.Random(1234)
    env = {**os.environ, "PYTHONPATH": str(Path(saves.__file__).parent.parent)}
    last = 0
    started = time.monotonic()
    for kill in range(KILLS):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path), str(last + 1)],
            stdout=subprocess.PIPE,
            env=env,
        )
        try:
            assert child.stdout is not None
            assert child.stdout.readline() == b"ready\n", "child failed to start"
            time.sleep(rng.uniform(0, 0.08))
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait()
        enc = saves.load(path)  # must always load: the old or the new version, whole
        version = int(enc.name.removeprefix("v"))
        assert version == enc.round and version > last, f"kill {kill}: went back to {version}"
        assert len(enc.creatures) == 1500
        assert {c["hp"] for c in enc.creatures.values()} == {version}
        bak = path.with_name("crash.toml.bak")
        if bak.exists():
            old = saves.load(bak)  # the previous version, or this one if killed just after the link
            assert int(old.name.removeprefix("v")) == old.round <= version
        last = version
    assert time.monotonic() - started < 60
