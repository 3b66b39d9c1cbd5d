"""Memory over an evening (``make bench`` only): 2,000 GM actions driven with Pilot.

Once, driven for 920 actions the app grew from 56 MB to 155 MB, ~110 KB an
action, because Textual's Footer kept every key it had ever shown (Textual issue #6666; see
tui/widgets/steady_footer.py). This drives the app at 80×24 through damage, undo, redo and
next turn, and compares its resident memory after the first 100 actions with its memory
after 2,000: at most 20 KB an action. The core's ledger grows ~1.6 KiB an action by design.

Run with ``make bench``, or alone:
``.venv/bin/python -m pytest tests/bench/test_tui_memory.py -q -s --override-ini addopts=``.
"""

from __future__ import annotations

import gc
import os
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tui"))
from tui_support import type_text  # noqa: E402

from core import Encounter, get_system  # noqa: E402
from tui.app import make_app  # noqa: E402

ACTIONS = 2_000
FIRST = 100
#: KB an action from the 100th to the 2,000th: a GM's evening must not grow without end.
BOUND_KB_PER_ACTION = 20.0
PAGE = os.sysconf("SC_PAGE_SIZE")


def sturdy() -> Encounter:
    """A PC and two ogres that 500 points of damage do not bring down."""
    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="Long Evening")
    encounter.add(rules.new_creature("Valeros", pc=True, hp=10_000), initiative=20)
    for number in (1, 2):
        encounter.add(rules.new_creature(f"Ogre {number}", hp=10_000), initiative=15)
    return encounter


def resident_mb() -> float:
    """This process's resident memory, in MB, after a full collection."""
    gc.collect()
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE / 1e6


async def act(pilot, number: int) -> None:
    """One GM action of the cycle: damage 1, undo, redo, next turn."""
    step = number % 4
    if step == 0:
        await pilot.press("d")
        await type_text(pilot, "1")
        await pilot.press("enter")
    else:
        await pilot.press(("u", "ctrl+y", "n")[step - 1])
    while pilot.app.screen is not pilot.app.roster:  # the tracker a turn may open
        await pilot.press("escape")


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc/self/statm")
async def test_memory_stays_flat_over_2000_actions(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    app = make_app(sturdy(), rng=random.Random(1), autosave=False)
    marks: dict[int, float] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        marks[0] = resident_mb()
        for number in range(1, ACTIONS + 1):
            await act(pilot, number - 1)
            if number in (FIRST, 500, 1000, 1500, ACTIONS):
                await pilot.pause()
                marks[number] = resident_mb()
                print(f"after {number:>5} actions: {marks[number]:6.1f} MB", flush=True)
    growth = marks[ACTIONS] - marks[FIRST]
    per_action = growth * 1e3 / (ACTIONS - FIRST)
    print(f"growth from {FIRST} to {ACTIONS} actions: {growth:.1f} MB ({per_action:.1f} KB an action)")
    assert per_action <= BOUND_KB_PER_ACTION
