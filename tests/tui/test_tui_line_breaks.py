"""Japanese lines break where a reader breaks them: between characters or at spaces, never
inside a number or a dice expression (``27`` / ``/30``, ``2d`` / ``6+3``), and no line starts
with closing punctuation (``］``, ``、``, ``）``: line-start kinsoku). Widths are Rich's cells,
the same measure the screen is drawn with."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from tui_support import running, screen_lines

from core import Encounter, get_system
from tui.screens.log_screen import WRAP_INDENT, wrap_line
from tui.widgets.log_panel import fit_lines

LINE = "R3 ゴブリン戦士長：HP 30/30 → 27/30、持続ダメージ2d6+3［斬撃］と1d4［出血］を追加（ターンの終了時）"
CLOSING = "］）」』、。，：；"
TOKENS = ("30/30", "27/30", "2d6+3", "1d4", "［斬撃］", "［出血］")


def _checked(rows: list[str], width: int) -> None:
    for row in rows:
        assert cell_len(row) <= width, row
        assert row.strip() and row.strip()[0] not in CLOSING, rows     # kinsoku: no closing mark starts a line
    joined = "\n".join(r.strip() for r in rows)
    for token in TOKENS:
        assert token in joined, (token, rows)           # never split across two lines
    assert "".join(r.strip() for r in rows).replace(" ", "") == LINE.replace(" ", "")


@pytest.mark.parametrize("width", range(20, 80))
def test_the_log_wraps_a_japanese_line_at_tokens(width):
    rows = wrap_line(LINE, width)
    _checked(rows, width)
    assert all(row.startswith(WRAP_INDENT) for row in rows[1:])


@pytest.mark.parametrize("width", range(12, 60))
def test_a_wrapped_japanese_text_keeps_numbers_and_brackets_whole(width):
    rows = fit_lines(LINE, width, lines=20).split("\n")
    _checked(rows, width)


async def test_the_log_screen_at_80_columns_in_japanese(app_factory, japanese):
    """A name long enough that the persistent damage's lines wrap on the log screen (l)."""
    rules = get_system("pf2e")
    encounter = Encounter("pf2e", "試験")
    goblin = encounter.add(rules.new_creature("ゴブリン戦士長ゴルグ・ザ・グレート・ザ・セカンド", hp=30),
                           initiative=10)
    for _ in range(3):
        encounter.add_persistent(goblin, "2d6+3 persistent slashing")
        encounter.add_persistent(goblin, "12 persistent bleed")
    async with running(app_factory, encounter) as (pilot, app, _enc, _ids):
        await pilot.press("l")
        await pilot.pause()
        lines = [line.rstrip() for line in screen_lines(app)[1:-1] if line.strip()]
        assert any(line.startswith(" " + WRAP_INDENT) for line in lines), lines   # some wrapped
        for before, line in zip(lines, lines[1:], strict=False):
            assert line.strip()[0] not in CLOSING, lines
            # a number or dice never goes on from one line to the next
            assert not (re.search(r"[\w+/]$", before) and re.match(r"\s*[\d+/]", line)), (before, line)
