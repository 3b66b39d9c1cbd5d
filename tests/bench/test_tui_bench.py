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
STARTUP_RUNS = 15
STARTUP_TIMEOUT = 30.0
STARTUP_BOUND = 1.3
"""Asserted: the aim is 1.25× (met at 1.21-1.22× in runs of 15 on this 2-core machine at load
2-3); 1.3× fails a start-up back where it was before the lazy imports (1.31-1.33×) without
failing on a noisy minute."""
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
        # a language kept by an earlier --lang (the user's config folder) is not measured
        HITLEDGER_CONFIG_DIR=str(data_dir.parent / "config"),
        PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
    )
    return env


def _controlling_tty() -> None:  # pragma: no cover - runs in the child
    """In the child (already a session leader): make the pty its controlling terminal."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def time_to_first_frame(argv: list[str], env: dict[str, str], cwd: Path = ROOT) -> float:
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
        cwd=cwd,
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


AGAINST = "HITLEDGER_BENCH_AGAINST"
"""A copy of another commit (``git archive COMMIT | tar -x -C DIR``), timed in the same run,
interleaved: an A/B of start-up on a machine whose speed drifts from minute to minute."""


def test_startup_to_first_roster_frame(tmp_path: Path) -> None:
    """hitledger's first roster frame against a bare Textual app's, medians of 15 each
    (this shared machine's start-ups vary from 240 to 500 ms within a minute); with
    ``HITLEDGER_BENCH_AGAINST=DIR``, DIR's hitledger too."""
    bare = tmp_path / "bare_app.py"
    bare.write_text(BARE_APP, encoding="utf-8")
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    env = _terminal_env(data_dir)
    app = [sys.executable, "-m", "tui.cli", "--demo", "pf2e"]
    commands = {"hitledger": (app, env, ROOT), "bare textual": ([sys.executable, str(bare)], env, ROOT)}
    other = os.environ.get(AGAINST)
    if other:
        against = Path(other).resolve()
        for folder in ("core", "tui", "saves"):
            compileall.compile_dir(str(against / folder), quiet=1)
        commands[against.name] = (app, {**env, "PYTHONPATH": str(against)}, against)
    # One untimed run each, so all start from warm bytecode and a warm page cache.
    for argv, run_env, cwd in commands.values():
        time_to_first_frame(argv, run_env, cwd)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(STARTUP_RUNS):
        for name, (argv, run_env, cwd) in commands.items():
            times[name].append(time_to_first_frame(argv, run_env, cwd))
    med = {name: statistics.median(values) for name, values in times.items()}
    ratio = med["hitledger"] / med["bare textual"]
    print()
    print(f"start-up to first roster frame, {COLUMNS}x{LINES} pty, TERM=xterm-256color, "
          f"{STARTUP_RUNS} runs each, interleaved")
    for name, values in times.items():
        runs = " ".join(f"{v * 1000:.0f}" for v in values)
        print(f"  {name:<13} median {med[name] * 1000:7.1f} ms   (runs ms: {runs})   "
              f"ratio / bare {med[name] / med['bare textual']:.2f}x")
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
    for label, cpu_ratio in cpu_ratios.items():
        assert cpu_ratio < DAMAGE_BOUND, f"{label}: {cpu_ratio:.2f}x"



# -- 3. a keystroke in damage entry previewed within a frame, for 40 targets -----------------

PREVIEW_TARGETS = 40
PREVIEW_KEYS = 30
FRAME_MS = 1000 / 60
PREVIEW_BOUND_MS = 4 * FRAME_MS  # asserted generously; the aim (one frame) is printed
EDIT_AT = "6d6 fire"
"""Typed first; then the cursor goes back after ``6d`` and the keys below edit the die."""
EDIT_KEYS = ("1", "backspace")
"""``6d16 fire`` and back to ``6d6 fire``: each key changes the text's length and the roll
line's (a long roll and a short one), as real typing does, and both are valid rolls, so
every key rolls, resolves every target and repaints them: the most a key costs. (The first
version of this bench swapped ``fire`` for ``cold``, which kept every length the same and
so missed that each key laid the whole screen out again in a real terminal.)"""


async def test_a_keystroke_is_previewed_within_a_frame_for_40_targets() -> None:
    """The speed a GM feels: typing in damage entry on 40 marked creatures, with Pilot.

    The CPU time of each key press, from the key to the repainted table, is the app's work
    for that key plus Pilot's own (its waits, a forced paint): a key that changes nothing
    (``end`` at the end of the text) is timed in the same run, so both show.
    """
    from tui.app import make_app
    from tui.screens.damage import DamageScreen

    encounter = build_encounter(PREVIEW_TARGETS)
    app = make_app(encounter, rng=random.Random(1), autosave=False)
    edits: list[float] = []
    idle: list[float] = []
    async with app.run_test(size=(COLUMNS, LINES)) as pilot:
        await pilot.press("asterisk", "d")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DamageScreen) and len(screen.target_ids) == PREVIEW_TARGETS
        await pilot.press(*"6d6", "space", *"fire", *["left"] * 6)
        for index in range(PREVIEW_KEYS + 2):
            cpu = time.process_time()
            await pilot.press(EDIT_KEYS[index % 2])
            if index >= 2:
                edits.append((time.process_time() - cpu) * 1000)
        await pilot.press("end")
        for _ in range(PREVIEW_KEYS):
            cpu = time.process_time()
            await pilot.press("end")
            idle.append((time.process_time() - cpu) * 1000)
        assert screen.preview is not None and len(screen.preview.outcomes) == PREVIEW_TARGETS
        assert screen.draft.text == EDIT_AT
    median, nothing = statistics.median(edits), statistics.median(idle)
    print(f"\nkeystroke in damage entry, {PREVIEW_TARGETS} targets, {PREVIEW_KEYS} keys (Pilot): "
          f"median {median:.1f} ms CPU, worst {max(edits):.1f} ms; a key that changes nothing "
          f"{nothing:.1f} ms (aim <= one frame, {FRAME_MS:.1f} ms; asserted < "
          f"{PREVIEW_BOUND_MS:.0f} ms)")
    assert median < PREVIEW_BOUND_MS


TERMINAL_KEY_GAP = 0.12
"""Seconds between keys in the terminal: a quick typist, and time for each frame to go out."""


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) ``pid`` has used, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def drain(master: int, seconds: float) -> None:
    """Read whatever the app writes for ``seconds``."""
    end = time.perf_counter() + seconds
    while (left := end - time.perf_counter()) > 0:
        if select.select([master], [], [], min(left, 0.01))[0]:
            os.read(master, 1 << 16)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads CPU time from /proc")
def test_a_keystroke_in_a_real_terminal_for_40_targets(tmp_path: Path) -> None:
    """The same keys typed into the app itself in an 80×24 pty, as a GM types them.

    The app's CPU time over the keys, less its CPU time over as long without keys (the
    cursor blinks), divided by the keys: what each key costs with the real driver and the
    real terminal output, and no Pilot. /proc counts in ticks of 10 ms, so many keys go in.
    """
    from test_tui_bytes import Terminal

    import saves

    data_dir = tmp_path / "data"
    saves.save(build_encounter(PREVIEW_TARGETS), path=data_dir / "forty.toml")
    keys = PREVIEW_KEYS * 2
    terminal = Terminal(data_dir, str(data_dir / "forty.toml"))
    try:
        terminal.read_until_quiet("Creature 1")
        terminal.press(b"*")
        terminal.press(b"d", "Damage")
        terminal.press(EDIT_AT.encode(), EDIT_AT)
        terminal.press(b"\x1b[D" * 6)  # left: after "6d"
        pid = terminal.proc.pid
        start = process_cpu(pid)
        drain(terminal.master, keys * TERMINAL_KEY_GAP)
        quiet = process_cpu(pid) - start
        start = process_cpu(pid)
        for index in range(keys):
            os.write(terminal.master, b"1" if index % 2 == 0 else b"\x7f")
            drain(terminal.master, TERMINAL_KEY_GAP)
        busy = process_cpu(pid) - start
        assert terminal.proc.poll() is None, "the app exited"
    finally:
        terminal.close()
    per_key = (busy - quiet) / keys * 1000
    print(f"\nkeystroke in damage entry, {PREVIEW_TARGETS} targets, {keys} keys (80x24 pty): "
          f"{per_key:.1f} ms CPU a key (the app's CPU less {quiet / keys * 1000:.1f} ms a key "
          f"it uses without keys; aim <= one frame, {FRAME_MS:.1f} ms; asserted < "
          f"{PREVIEW_BOUND_MS:.0f} ms)")
    assert per_key < PREVIEW_BOUND_MS


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q", "-s", "--override-ini", "addopts="]))
