"""The README's first fight, played key by key as a newcomer types it.

The keys are read from the README itself (the ``text`` block under "Your first fight"), so
the README and the app cannot drift apart: a correct area damage with a save per target
must come in under 30 keys, and ``make run`` afterwards must bring the fight back. The
commands are the README's own set-up command, so they work as written after it: ``make run``
passes ``ARGS`` to the app (checked with ``make -n``, which runs nothing).
"""

from __future__ import annotations

import random
import re
import shlex
import subprocess
from pathlib import Path

from tui_support import SIZE, settle

from tui.app import make_app
from tui.cli import RESUMED, prepare_tui

README = Path(__file__).resolve().parents[2] / "README.md"
KEY_NAMES = {"*": "asterisk", " ": "space", "-": "minus", "+": "plus"}
NAMED_KEYS = {"tab", "enter", "down", "up", "left", "right", "escape", "space", "f5", "f9"}


def first_fight() -> list[str]:
    """The README's first fight: each line's keys (before the description), in order."""
    text = README.read_text("utf-8")
    block = text.split("## Your first fight", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    return [re.split(r" {3,}", line.strip(), maxsplit=1)[0] for line in block.splitlines()]


def presses(keys: str) -> list[str]:
    """One line's keys as Pilot presses: named keys as named, anything else typed."""
    out: list[str] = []
    for token in keys.split("  "):
        if token in NAMED_KEYS or len(token) == 1:
            out.append(KEY_NAMES.get(token, token))
        else:
            out.extend(KEY_NAMES.get(char, char) for char in token)
    return out


def app_arguments(line: str) -> list[str]:
    """The app's arguments in a ``make run ARGS="…"`` line of the README."""
    words = shlex.split(line)
    assert words[:2] == ["make", "run"], line
    return shlex.split(words[2].removeprefix("ARGS=")) if len(words) > 2 else []


def test_the_first_fight_is_ten_lines_from_a_new_encounter_back_to_it() -> None:
    lines = first_fight()
    assert len(lines) == 10
    assert app_arguments(lines[0]) == ["--new", "pf2e"] and app_arguments(lines[-1]) == []


def test_the_first_fights_commands_work_as_written_after_the_set_up() -> None:
    """``hitledger`` is not on PATH after ``make run``: the README's commands are ``make run``
    lines, and the Makefile hands their ``ARGS`` to the installed command."""
    lines = first_fight()
    root = README.parent
    planned = subprocess.run(["make", "-n", "-o", ".venv/.installed",
                              *shlex.split(lines[0])[2:], "run"], cwd=root, text=True,
                             capture_output=True, check=True).stdout
    assert ".venv/bin/hitledger --new pf2e" in planned, planned


async def test_a_newcomer_following_the_readme_deals_a_correct_area_damage_with_saves() -> None:
    lines = first_fight()
    encounter, notice, _seed = prepare_tui(app_arguments(lines[0]))
    app = make_app(encounter, rng=random.Random(5), notice=notice)
    typed = 0
    async with app.run_test(size=SIZE) as pilot:
        for line in lines[1:-1]:
            keys = presses(line)
            await pilot.press(*keys)
            await settle(pilot)
            typed += len(keys)
            if line == "enter":  # the damage is applied
                break
        assert typed < 30, typed  # the bar: under 30 keys to a correct area damage
        damage = encounter.log[-1]
        assert damage.kind == "damage"
        goblins = [encounter.creature(cid) for cid in encounter.order]
        assert sorted(c.name for c in goblins) == ["Goblin 1", "Goblin 2", "Goblin 3"]
        found = re.search(r"roll: 2d6 fire \([^)]*\) = (\d+)", "\n".join(damage.details))
        assert found is not None, damage.details
        rolled = int(found.group(1))
        # one roll for all, each save in initiative order: success ½, failure 1×, crit. fail 2×
        for creature, factor in zip(goblins, (0.5, 1, 2), strict=True):
            assert creature.hp == max(0, 15 - int(rolled * factor)), (creature.name, rolled)
        for line in lines[lines.index("enter") + 1:-1]:  # next turn, quick save, quit
            await pilot.press(*presses(line))
            await settle(pilot)
    again, notice, _seed = prepare_tui(app_arguments(lines[-1]))  # "make run": the fight is back
    assert notice == RESUMED
    assert [again.creature(cid).hp for cid in again.order] == [c.hp for c in goblins]
    assert again.turn == 1  # after the next turn
