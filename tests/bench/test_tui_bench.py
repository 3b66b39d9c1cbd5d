"""TUI benchmarks (``make bench`` only): start-up in a pseudo-terminal, and damage on a big roster.

1. Start-up to the first roster frame of ``python -m tui.cli --demo pf2e`` in an 80×24
   pseudo-terminal, against a bare Textual app (Header + DataTable + Footer) started the same
   way, interleaved in the same run. The issue aims for ≤ 1.25×; the test asserts a generous
   bound only, so a busy shared machine does not fail it, and prints the real figures.
2. Applying damage to one creature of a 500-creature roster against a 10-creature roster,
   driven with Pilot at 80×24 (``d``, type the damage, ``enter``, then the roster repaints),
   in the same run. The issue aims for ≤ 1.5×: the cost must not grow with the roster.

Run with ``make bench`` (``pytest tests/bench -q -s --override-ini addopts=``).
"""

from __future__ import annotations

import compileall
import fcntl
import os
import random
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import termios
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

COLUMNS, LINES = 80, 24
STARTUP_RUNS = 5
STARTUP_TIMEOUT = 30.0
STARTUP_BOUND = 3.0  # asserted; the aim (1.25×) is printed, not asserted
DAMAGE_SIZES = (10, 500)
DAMAGE_WARMUP = 2
DAMAGE_RUNS = 12
DAMAGE_ROUNDS = 2  # 10, 500, 10, 500: interleaved blocks against drift
DAMAGE_TEXT = "7 slashing"
DAMAGE_BOUND = 3.0  # asserted; the aim (1.5×) is printed, not asserted

# Both apps must show the encounter's name and the first creature of the demo roster.
MARKERS = ("Goblin Ambush", "Valeros")
ANSI = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")

BARE_APP = textwrap.dedent(
    '''
    """A bare Textual app: a header and a table with the demo's roster, like hitledger's roster."""
    from textual.app import App
    from textual.widgets import DataTable, Footer, Header

    ROWS = [
        (24, "Valeros (PC)", "████████ 45/45 +5", "—", "ok"),
        (21, "Goblin Warrior 1", "████████ 15/15", "weak fire 5", "ok"),
        (21, "Goblin Warrior 2", "████████ 15/15", "weak fire 5", "ok"),
        (18, "Goblin Pyro", "████░░░░ 4/15", "res fire 5", "1d6 bleed"),
        (15, "Fire Elemental", "████████ 40/40", "imm fire", "ok"),
        (12, "Seoni (PC)", "████████ 30/30", "—", "ok"),
    ]


    class Bare(App):
        TITLE = "Goblin Ambush"

        def compose(self):
            yield Header()
            yield DataTable(cursor_type="row")
            yield Footer()

        def on_mount(self):
            table = self.query_one(DataTable)
            table.add_columns("Init", "Name", "Track", "Defenses", "Status")
            for row in ROWS:
                table.add_row(*row)


    if __name__ == "__main__":
        Bare().run()
    '''
)


# -- 1. start-up in a pseudo-terminal -----------------------------------------------------


def _terminal_env(data_dir: Path) -> dict[str, str]:
    # Both apps start from compiled bytecode, as an installed app does: Textual's is in
    # site-packages already; ours is compiled once here (a session may forbid writing it).
    compileall.compile_dir(str(ROOT / "core"), quiet=1)
    compileall.compile_dir(str(ROOT / "tui"), quiet=1)
    compileall.compile_dir(str(ROOT / "saves"), quiet=1)
    env = dict(os.environ)
    for key in ("NO_COLOR", "TEXTUAL", "TEXTUAL_DRIVER", "PYTEST_CURRENT_TEST",
                "PYTHONDONTWRITEBYTECODE"):
        env.pop(key, None)
    env.update(
        TERM="xterm-256color",
        COLUMNS=str(COLUMNS),
        LINES=str(LINES),
        HITLEDGER_DATA_DIR=str(data_dir),
        PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
    )
    return env


def _controlling_tty() -> None:  # pragma: no cover - runs in the child
    """In the child (already a session leader): make the pty its controlling terminal."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def time_to_first_frame(argv: list[str], env: dict[str, str]) -> float:
    """Seconds from spawning ``argv`` in an 80×24 pty until every marker is on the screen."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        cwd=ROOT,
        start_new_session=True,
        preexec_fn=_controlling_tty,  # noqa: PLW1509 - single-threaded here
        close_fds=True,
    )
    os.close(slave)
    raw = b""
    try:
        while True:
            remaining = STARTUP_TIMEOUT - (time.perf_counter() - start)
            if remaining <= 0:
                raise AssertionError(
                    f"no first frame within {STARTUP_TIMEOUT}s from {argv}: "
                    f"{ANSI.sub(b'', raw)[-600:]!r}"
                )
            ready, _, _ = select.select([master], [], [], remaining)
            if not ready:
                continue
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:  # EIO: the child closed the terminal (it exited)
                chunk = b""
            if not chunk:
                raise AssertionError(
                    f"{argv} exited before its first frame: {ANSI.sub(b'', raw)[-600:]!r}"
                )
            raw += chunk
            text = ANSI.sub(b"", raw).decode("utf-8", "replace")
            if all(marker in text for marker in MARKERS):
                return time.perf_counter() - start
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=10)
        os.close(master)


def test_startup_to_first_roster_frame(tmp_path: Path) -> None:
    """hitledger's first roster frame against a bare Textual app's, medians of 5 each."""
    bare = tmp_path / "bare_app.py"
    bare.write_text(BARE_APP, encoding="utf-8")
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    env = _terminal_env(data_dir)
    commands = {
        "hitledger": [sys.executable, "-m", "tui.cli", "--demo", "pf2e"],
        "bare textual": [sys.executable, str(bare)],
    }
    # One untimed run each, so both start from warm bytecode and a warm page cache.
    for argv in commands.values():
        time_to_first_frame(argv, env)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(STARTUP_RUNS):
        for name, argv in commands.items():
            times[name].append(time_to_first_frame(argv, env))
    med = {name: statistics.median(values) for name, values in times.items()}
    ratio = med["hitledger"] / med["bare textual"]
    print()
    print(f"start-up to first roster frame, {COLUMNS}x{LINES} pty, TERM=xterm-256color, "
          f"{STARTUP_RUNS} runs each, interleaved")
    for name, values in times.items():
        runs = " ".join(f"{v * 1000:.0f}" for v in values)
        print(f"  {name:<13} median {med[name] * 1000:7.1f} ms   (runs ms: {runs})")
    print(f"  ratio hitledger / bare: {ratio:.2f}x   (aim <= 1.25x, asserted < {STARTUP_BOUND}x)")
    assert ratio < STARTUP_BOUND


# -- 2. damage on a 500-creature roster against a 10-creature roster -----------------------


def build_encounter(size: int):
    """A pf2e encounter of ``size`` creatures with plenty of HP (damage never kills)."""
    from core import Encounter, get_system

    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name=f"Bench {size}")
    for index in range(size):
        defenses = "weaknesses fire 5" if index % 3 == 0 else ""
        creature = rules.new_creature(f"Creature {index + 1}", defenses=defenses, hp=100_000)
        encounter.add(creature, initiative=size - index)
    return encounter


Sample = tuple[float, float]
"""One application: (wall seconds, CPU seconds of this process)."""


async def time_damage(size: int, runs: int) -> tuple[list[Sample], list[Sample]]:
    """Per-application times on a ``size`` roster: the key path, and the commit path alone.

    Key path: ``d`` opens damage entry on the highlighted creature, ``7 slashing`` goes into
    the damage field in one go (as a paste: a typed total, previewed once), ``enter`` applies,
    and the roster shows the change (a paint is forced with ``pilot.pause()``).
    Commit path: the callback the modal's result triggers (``RosterScreen.commit_damage``)
    with a preview, then the same forced paint.

    Pilot waits for the CPU to go idle after every key, so wall time is mostly Pilot's polling
    (and whatever else runs on the machine); CPU time is the app's own work.
    """
    from textual.widgets import Input

    from tui.app import make_app
    from tui.screens.damage import DamageScreen
    from tui.screens.roster import RosterScreen

    encounter = build_encounter(size)
    app = make_app(encounter, rng=random.Random(1), autosave=False)
    keys: list[Sample] = []
    commits: list[Sample] = []
    async with app.run_test(size=(COLUMNS, LINES)) as pilot:
        await pilot.pause()
        roster = app.roster
        assert isinstance(app.screen, RosterScreen)
        order = list(encounter.order)
        target = order[len(order) // 2]  # the middle of the roster: the table has scrolled
        roster.table.select_creature(target)
        await pilot.pause()
        assert roster.table.highlighted_id == target
        before = encounter.creature(target).hp
        for index in range(DAMAGE_WARMUP + runs):
            wall, cpu = time.perf_counter(), time.process_time()
            await pilot.press("d")
            screen = app.screen
            assert isinstance(screen, DamageScreen) and screen.target_ids == [target]
            screen.query_one("#damage Input", Input).insert_text_at_cursor(DAMAGE_TEXT)
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            sample = (time.perf_counter() - wall, time.process_time() - cpu)
            assert app.screen is roster, "damage entry did not close"
            if index >= DAMAGE_WARMUP:
                keys.append(sample)
        applied = DAMAGE_WARMUP + runs
        assert encounter.creature(target).hp == before - 7 * applied, "damage was not applied"
        cells = roster.table.get_row(target)
        assert str(before - 7 * applied) in str(cells[2]), f"roster row not updated: {cells}"
        for index in range(DAMAGE_WARMUP + runs):
            preview = encounter.preview_damage([target], DAMAGE_TEXT)
            wall, cpu = time.perf_counter(), time.process_time()
            roster.commit_damage(preview)
            await pilot.pause()
            sample = (time.perf_counter() - wall, time.process_time() - cpu)
            if index >= DAMAGE_WARMUP:
                commits.append(sample)
        assert encounter.creature(target).hp == before - 7 * 2 * applied
        cells = roster.table.get_row(target)
        assert str(before - 7 * 2 * applied) in str(cells[2]), f"roster row not updated: {cells}"
    return keys, commits


async def test_damage_cost_does_not_grow_with_roster() -> None:
    """Median per application on 500 creatures vs 10, by keys and by the commit callback."""
    keys: dict[int, list[Sample]] = {size: [] for size in DAMAGE_SIZES}
    commits: dict[int, list[Sample]] = {size: [] for size in DAMAGE_SIZES}
    for _ in range(DAMAGE_ROUNDS):
        for size in DAMAGE_SIZES:
            key_samples, commit_samples = await time_damage(size, DAMAGE_RUNS)
            keys[size] += key_samples
            commits[size] += commit_samples
    small, big = DAMAGE_SIZES
    print()
    print(f"apply damage to one creature, Pilot {COLUMNS}x{LINES}, "
          f"{DAMAGE_ROUNDS}x{DAMAGE_RUNS} applications per roster size, interleaved")
    cpu_ratios = {}
    series_by_label = (("keys: d, paste '7 slashing', enter, paint", keys),
                       ("commit callback + paint", commits))
    for label, series in series_by_label:
        print(f"  {label}:")
        ratio = {}
        for which, column in (("cpu", 1), ("wall", 0)):
            med = {size: statistics.median(s[column] for s in series[size]) for size in series}
            ratio[which] = med[big] / med[small]
            figures = "   ".join(f"{size} creatures {med[size] * 1000:7.2f} ms" for size in med)
            print(f"    {which:<4} median: {figures}   ratio {ratio[which]:.2f}x")
        cpu_ratios[label] = ratio["cpu"]
    print(f"  aim <= 1.5x (500/10); asserted on the CPU ratio < {DAMAGE_BOUND}x")
    for label, ratio in cpu_ratios.items():
        assert ratio < DAMAGE_BOUND, f"{label}: {ratio:.2f}x"



# -- 3. a keystroke in damage entry previewed within a frame, for 40 targets -----------------

PREVIEW_TARGETS = 40
PREVIEW_KEYS = 30
FRAME_MS = 1000 / 60
PREVIEW_BOUND_MS = 4 * FRAME_MS  # asserted generously; the aim (one frame) is printed


async def test_a_keystroke_is_previewed_within_a_frame_for_40_targets() -> None:
    """Issue 10's aim a GM feels: typing in damage entry on 40 marked creatures.

    Each keystroke changes the damage field's text between two valid rolls (``6d6 fire`` and
    ``6d6 cold``, as when the GM edits the type), so the preview is rolled, resolved for
    every target and repainted each time: the most a key costs. The CPU time from the
    change to the repainted table is the app's own work for that key.
    """
    from textual.widgets import Input

    from tui.app import make_app
    from tui.screens.damage import DamageScreen

    encounter = build_encounter(PREVIEW_TARGETS)
    app = make_app(encounter, rng=random.Random(1), autosave=False)
    times: list[float] = []
    async with app.run_test(size=(COLUMNS, LINES)) as pilot:
        await pilot.press("asterisk", "d")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DamageScreen) and len(screen.target_ids) == PREVIEW_TARGETS
        field = screen.query_one("#damage Input", Input)
        for index in range(PREVIEW_KEYS + 2):
            cpu = time.process_time()
            field.value = "6d6 fire" if index % 2 else "6d6 cold"
            await pilot.pause()
            if index >= 2:
                times.append((time.process_time() - cpu) * 1000)
        assert screen.preview is not None and len(screen.preview.outcomes) == PREVIEW_TARGETS
    median = statistics.median(times)
    print(f"\nkeystroke in damage entry, {PREVIEW_TARGETS} targets, {PREVIEW_KEYS} keys: "
          f"median {median:.1f} ms CPU, worst {max(times):.1f} ms "
          f"(aim <= one frame, {FRAME_MS:.1f} ms; asserted < {PREVIEW_BOUND_MS:.0f} ms)")
    assert median < PREVIEW_BOUND_MS

if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q", "-s", "--override-ini", "addopts="]))
