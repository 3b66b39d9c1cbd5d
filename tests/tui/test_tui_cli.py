"""The hitledger command: calc and roll without the TUI, argument errors, what the TUI opens."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from tui_support import goblins

import saves
from tui.cli import main, prepare_tui

ROOT = Path(__file__).resolve().parents[2]


def test_calc_prints_every_step_and_the_total(capsys):
    status = main(["calc", "--system", "sf2e", "--defenses", "weaknesses fire 5", "7 fire"])
    out = capsys.readouterr().out
    assert status == 0
    assert "weakness" in out
    assert out.strip().splitlines()[-1] == "total: 12"


def test_calc_with_a_save_and_critical(capsys):
    assert main(["calc", "--system", "pf2e", "--save", "success", "10 fire"]) == 0
    assert capsys.readouterr().out.strip().endswith("total: 5")
    assert main(["calc", "--system", "pf2e", "--critical", "10 fire"]) == 0
    assert capsys.readouterr().out.strip().endswith("total: 20")


def test_calc_daggerheart_reports_hp_marked(capsys):
    assert main(["calc", "--system", "daggerheart", "--defenses", "resistance magic",
                 "--stat", "major=7", "--stat", "severe=14", "25 magic"]) == 0
    out = capsys.readouterr().out
    assert "total: 13" in out and "HP marked: 2" in out


def test_roll_prints_the_total_and_the_dice(capsys):
    assert main(["roll", "--seed", "1", "2d6+3"]) == 0
    total, dice = capsys.readouterr().out.strip().splitlines()
    assert 5 <= int(total) <= 15
    assert dice.startswith("2d6+3:")


@pytest.mark.parametrize(
    "argv",
    [
        ["calc", "--system", "pf2e", "fire 2d6"],
        ["calc", "--system", "nope", "2d6 fire"],
        ["calc", "--system", "pf2e", "--defenses", "resistances fyre 5", "2d6 fire"],
        ["calc", "2d6 fire"],
        ["calc", "--system", "d20-3e", "--save", "critical-failure", "2d6"],
        ["roll", "2d"],
        ["roll", "999999d6"],
        ["--new", "nope"],
        ["--demo", "pf2e", "--new", "pf2e"],
        ["no-such-save"],
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(argv, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("hitledger: ")
    assert len(captured.err.strip().splitlines()) == 1
    assert "Traceback" not in captured.err


def test_no_argument_resumes_the_autosave_else_opens_a_demo(data_dir):
    encounter, notice, _ = prepare_tui([])
    assert notice.startswith("First run")
    assert encounter.order
    mine = goblins()
    saves.autosave(mine)
    encounter, notice, _ = prepare_tui([])
    assert notice == "Resumed from the autosave."
    assert encounter.name == mine.name


def test_data_dir_option_sets_the_environment(tmp_path, monkeypatch):
    monkeypatch.delenv("HITLEDGER_DATA_DIR", raising=False)
    target = tmp_path / "elsewhere"
    encounter, _, _ = prepare_tui(["--new", "daggerheart", "--name", "Ambush",
                                   "--data-dir", str(target)])
    assert encounter.system == "daggerheart" and encounter.name == "Ambush"
    assert saves.data_dir() == target


def test_open_a_save_by_name(data_dir):
    mine = goblins()
    saves.save(mine)
    encounter, _, _ = prepare_tui(["Test Fight"])
    assert encounter.name == "Test Fight"


@pytest.mark.parametrize("argv", [["calc", "--system", "pf2e", "2d6 fire"], ["roll", "2d6"]])
def test_calc_and_roll_never_import_textual(argv):
    code = (
        "import sys\n"
        "from tui.cli import main\n"
        f"status = main({argv!r})\n"
        "assert 'textual' not in sys.modules, sorted(m for m in sys.modules if 'textual' in m)\n"
        "sys.exit(status)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_calc_prints_the_total_once_and_no_stand_in_track(capsys):
    assert main(["calc", "--system", "pf2e", "--seed", "1", "--defenses", "weaknesses fire 5",
                 "2d6 fire"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert sum(line.startswith("total:") for line in lines) == 1
    assert lines[-1].startswith("total:")
    assert not any("1000000" in line for line in lines)
    assert main(["calc", "--system", "daggerheart", "10 physical"]) == 0
    out = capsys.readouterr().out
    assert out.count("total:") == 1 and "of 6" not in out and "HP marked: 2" in out


def test_calc_shows_the_track_of_a_target_given_by_stats(capsys):
    assert main(["calc", "--system", "pf2e", "--stat", "hp=10", "12 fire"]) == 0
    out = capsys.readouterr().out
    assert out.count("total: 12") == 1
    assert "HP 10 → 0" in out and "dead" in out


def test_no_autosave_but_saves_points_to_the_saves(data_dir):
    saves.save(goblins())
    encounter, notice, _ = prepare_tui([])
    assert notice.startswith("No autosave") and "ctrl+o" in notice
