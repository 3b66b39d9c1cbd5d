"""``hitledger calc`` against a Vitality & Wounds stand-in given only part of its track: the
part the GM did not give is a bottomless stand-in, and calc never prints it as a number."""

from __future__ import annotations

from tui.cli_calc import run_calc

ARGS = ["--system", "vitality-wounds", "--defenses", "vulnerable silver", "2d4=7 ballistic silver"]


def calc(capsys, *args):
    assert run_calc([*ARGS, *args]) == 0
    return capsys.readouterr().out.splitlines()


def test_wounds_given_alone_print_no_stand_in_vitality(capsys):
    lines = calc(capsys, "--stat", "wounds=10")
    # vulnerability: one Wound per damage die (2d4: 2), Vitality skipped (RULES §2 Step 3.3)
    assert "Wounds 10 → 8 (2 from vulnerability)" in lines
    assert not any("1000000" in line for line in lines), lines
    assert "Vitality not given: the stand-in's is bottomless (give --stat vitality=N)" in lines


def test_both_given_print_both(capsys):
    lines = calc(capsys, "--stat", "wounds=10", "--stat", "vitality=5")
    # 7 damage: 5 from Vitality, 2 past it; and 2 from vulnerability: 10 − 4 = 6
    assert "Vitality 5 → 0" in lines
    assert "Wounds 10 → 6 (2 past Vitality + 2 from vulnerability)" in lines
    assert not any("not given" in line for line in lines)
