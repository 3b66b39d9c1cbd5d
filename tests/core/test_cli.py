"""The command line without the TUI: `hitledger calc` and `hitledger roll`
(tui/cli.py, run as `python -m tui.cli`)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

if not (ROOT / "tui" / "cli.py").exists():
    pytest.skip("tui/cli.py does not exist yet", allow_module_level=True)


def cli(*args):
    return subprocess.run([sys.executable, "-m", "tui.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_calc_weakness_prints_12():
    r = cli("calc", "--system", "pf2e", "--defenses", "weaknesses fire 5", "7 fire")
    assert r.returncode == 0, r.stderr
    assert "12" in r.stdout
    assert re.search(r"\b12\b", r.stdout.strip().splitlines()[-1]), r.stdout


@pytest.mark.parametrize("args,total", [
    (["--system", "sf2e", "--defenses", "resistances all 5", "7 slashing, 4 fire"], 2),
    (["--system", "pf2e", "--defenses", "resistances physical 10 (except silver)",
      "12 slashing silver"], 12),
    (["--system", "pf2e", "--critical", "7 fire"], 14),
    (["--system", "sf2e", "--save", "success", "1 fire"], 1),
    (["--system", "pf2e", "--save", "success", "1 fire"], 0),
    (["--system", "daggerheart", "--defenses", "resistance magic", "25 magic"], 13),
    (["--system", "d20-3e", "7"], 7),
])
def test_calc_totals(args, total):
    r = cli("calc", *args)
    assert r.returncode == 0, r.stderr
    assert re.search(rf"\btotal\b.*\b{total}\b", r.stdout, re.IGNORECASE | re.DOTALL), r.stdout


def test_calc_prints_the_breakdown():
    r = cli("calc", "--system", "pf2e", "--defenses", "weaknesses fire 5", "7 fire")
    assert "weakness" in r.stdout.lower()
    assert len(r.stdout.strip().splitlines()) >= 2


@pytest.mark.parametrize("args", [
    ["calc", "--system", "pf2e", "7 fyre"],
    ["calc", "--system", "pf2e", "--defenses", "weaknesses fyre 5", "7 fire"],
    ["calc", "--system", "gurps", "7 fire"],
    ["calc", "--system", "pf2e", "--save", "maybe", "7 fire"],
    ["calc", "--system", "d20-3e", "--save", "critical-success", "7"],
    ["calc", "--system", "pf2e", "1001d6 fire"],
    ["roll", "2d"],
    ["roll", "1d1"],
    ["roll", "x" * 600],
])
def test_bad_input_exits_2_with_one_line(args):
    r = cli(*args)
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert "Traceback" not in r.stderr


def test_roll_prints_a_total_in_range():
    r = cli("roll", "2d6+3")
    assert r.returncode == 0, r.stderr
    assert 5 <= int(re.findall(r"-?\d+", r.stdout)[0]) <= 15


def test_roll_negative_total_allowed():
    r = cli("roll", "1d4-10")
    assert r.returncode == 0, r.stderr
    assert -9 <= int(re.findall(r"-?\d+", r.stdout)[0]) <= -6
