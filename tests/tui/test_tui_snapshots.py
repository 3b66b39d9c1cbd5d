"""SVG snapshots of every screen at 80×24 (pytest-textual-snapshot; plain ``def`` tests).

Dice are seeded, input cursors do not blink, and saves live in a temporary folder per run
with fixed times, so a snapshot changes only when the screen does. Update after looking at the
diff: ``pytest tests/tui/test_tui_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

import os
import random
from datetime import datetime
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input
from tui_support import wait_for_the_pause_in_typing

from tui.app import HitLedgerApp, make_app
from tui.demo import demo_encounter

SIZE = (80, 24)
SNAPSHOT_DATA = "hitledger-snapshot-data"
SAVED_AT = datetime(2024, 3, 2, 18, 0).timestamp()


def demo_app(system: str = "pf2e") -> HitLedgerApp:
    """The demo encounter with seeded dice and no autosave."""
    return make_app(demo_encounter(system, rng=random.Random(7)), rng=random.Random(7),
                    autosave=False)


async def still(pilot: Pilot) -> None:
    """No blinking cursor in a snapshot, and lines that wait for a pause in typing settled.

    The lines wait for their own timers, not for a fixed half second.
    """
    await wait_for_the_pause_in_typing(pilot)
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


@pytest.fixture
def fixed_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves in a folder of this run's own with fixed times; the saves screen shows it as
    ``~/hitledger-snapshot-data`` (HOME is the run's folder too), so the snapshot holds."""
    import saves

    folder = tmp_path / SNAPSHOT_DATA
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(folder))
    for system in ("sf2e", "daggerheart"):
        saves.save(demo_encounter(system, rng=random.Random(7)))
    folder.joinpath("broken-night.toml").write_text("format = 1\nname = \n")
    for path in folder.glob("*.toml"):
        os.utime(path, (SAVED_AT, SAVED_AT))
    return folder


@pytest.mark.parametrize("system", ["pf2e", "sf2e", "vitality-wounds", "daggerheart", "d20-3e"])
def test_roster(snap_compare, system):
    assert snap_compare(demo_app(system), terminal_size=SIZE, run_before=still)


def test_damage_entry_with_a_preview(snap_compare):
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("down", "space", "space", "space", "space", "d")
        await pilot.press(*"6d6", "space", *"fire", "tab")
        await pilot.press("right", "right", "down", "right", "right", "right", "down", "right")
        await still(pilot)

    assert snap_compare(demo_app(), terminal_size=SIZE, run_before=run_before)


def test_damage_entry_with_a_notation_error(snap_compare):
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("d", *"2d6", "space", *"fyre")
        await still(pilot)

    assert snap_compare(demo_app(), terminal_size=SIZE, run_before=run_before)


def test_damage_entry_d20_attack_helper(snap_compare):
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("down", "d", *"1d8+3", "tab", "m")
        await still(pilot)

    assert snap_compare(demo_app("d20-3e"), terminal_size=SIZE, run_before=run_before)


def test_add_creature_form(snap_compare):
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("a", *"Wight")
        form = pilot.app.screen
        form.query_one("#defenses Input", Input).value = "weaknesses fire 5; resistances physical 5"
        await still(pilot)

    assert snap_compare(demo_app(), terminal_size=SIZE, run_before=run_before)


def test_tracker(snap_compare):
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("p")
        await still(pilot)

    assert snap_compare(demo_app(), terminal_size=SIZE, run_before=run_before)


def test_saves_screen(snap_compare, fixed_data_dir):
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("ctrl+o")
        await pilot.app.workers.wait_for_complete()
        await still(pilot)

    assert snap_compare(demo_app(), terminal_size=SIZE, run_before=run_before)


def test_help(snap_compare):
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("question_mark")
        await still(pilot)

    assert snap_compare(demo_app(), terminal_size=SIZE, run_before=run_before)


def test_log(snap_compare):
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("l")
        await still(pilot)

    assert snap_compare(demo_app(), terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("size", [(60, 20), (132, 43)])
def test_roster_small_and_big_terminal(snap_compare, size):
    """60x20 keeps Status (Defenses goes); 132x43 adds a detail pane and a taller log."""

    async def run_before(pilot: Pilot) -> None:
        await pilot.press("down", "down", "down")
        await still(pilot)

    assert snap_compare(demo_app(), terminal_size=size, run_before=run_before)


def test_roster_type_ahead(snap_compare):
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("slash", *"fire")
        await still(pilot)

    assert snap_compare(demo_app(), terminal_size=SIZE, run_before=run_before)


def session_app() -> HitLedgerApp:
    """The PF2e demo in the middle of a session: a frightened PC, a dying one, a stunned foe."""
    app = demo_app()
    encounter = app.session.encounter
    order = encounter.order
    encounter.add_condition(order[0], "frightened", 2)
    encounter.add_condition(order[1], "stunned", 1, 2)
    encounter.set_condition(order[2], "dying", 1)
    encounter.set_condition(order[2], "wounded", 1)
    return app


def test_the_snapshot_report_is_written_to_this_runs_temporary_folder(request, tmp_path_factory):
    """A mismatch report (it lists the environment too) never lands in the checkout."""
    if any(arg.startswith("--snapshot-report") for arg in request.config.invocation_params.args):
        pytest.skip("a report path was asked for")
    report = Path(request.config.getoption("--snapshot-report"))
    assert report.is_absolute() and report.is_relative_to(tmp_path_factory.getbasetemp())


def test_roster_with_conditions(snap_compare):
    assert snap_compare(session_app(), terminal_size=SIZE, run_before=still)


def test_condition_dialog(snap_compare):
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("c")
        await pilot.press("f", "r")
        await still(pilot)

    assert snap_compare(session_app(), terminal_size=SIZE, run_before=run_before)


def test_tracker_with_conditions(snap_compare):
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("p")
        await still(pilot)

    assert snap_compare(session_app(), terminal_size=SIZE, run_before=run_before)


def test_daggerheart_fear_and_stress(snap_compare):
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("plus", "plus", "plus", "s")
        await still(pilot)

    assert snap_compare(demo_app("daggerheart"), terminal_size=SIZE, run_before=run_before)
