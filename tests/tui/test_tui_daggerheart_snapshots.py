"""The Daggerheart roster of the play report at 80×24, every name, slot and
threshold whole (``pytest tests/tui/test_tui_daggerheart_snapshots.py --snapshot-update``)."""

from __future__ import annotations

import random

import pytest
from test_tui_snapshots import still
from test_tui_turns_log_and_help import jagged_knives

from tui.app import make_app


@pytest.mark.parametrize("size", [(80, 24), (60, 24)])
def test_daggerheart_roster_of_the_play_report(snap_compare, size):
    app = make_app(jagged_knives(), rng=random.Random(7), autosave=False)
    assert snap_compare(app, terminal_size=size, run_before=still)
