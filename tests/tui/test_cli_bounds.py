"""``hitledger calc`` refuses numbers beyond real play with one clear line."""

from __future__ import annotations

import time

import pytest

from tui.cli import main


@pytest.mark.parametrize("args,words", [
    (["--system", "d20-3e", "--multiplier", "0", "--critical", "1d8"], "multiplier"),
    (["--system", "d20-3e", "--multiplier", "1", "--critical", "1d8"], "multiplier"),
    (["--system", "d20-3e", "--multiplier", "100000000", "--critical", "1d8"], "multiplier"),
    (["--system", "d20-3e", "--multiplier", "3", "1d8"], "--critical"),
    (["--system", "pf2e", "--multiplier", "3", "--critical", "1d8 fire"], "d20-3e"),
    (["--system", "daggerheart", "--stat", "armor=1000000000000", "5"], "at most 99"),
    (["--system", "pf2e", "--stat", "hp=1000000000000", "5 fire"], "at most 1,000,000"),
])
def test_calc_out_of_bounds_is_one_line_exit_2(capsys, args, words):
    start = time.perf_counter()
    assert main(["calc", *args]) == 2
    assert time.perf_counter() - start < 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and words in err, err
    assert "Traceback" not in err


@pytest.mark.parametrize("multiplier,total", [("2", 2), ("6", 6)])
def test_calc_multiplier_in_bounds(capsys, multiplier, total):
    assert main(["calc", "--system", "d20-3e", "--multiplier", multiplier, "--critical", "1"]) == 0
    assert f"total: {total}" in capsys.readouterr().out
