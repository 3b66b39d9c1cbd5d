"""Clicks on damage entry's targets: a click highlights, only a second click on it applies."""

from __future__ import annotations

from tui_support import BOTH_GOBLINS, open_damage, running

from tui.screens.damage import DamageScreen, TargetTable
from tui.widgets.line_table import CELL_PADDING
from tui.widgets.log_panel import SETTLE_SECONDS


def result_x(table: TargetTable) -> int:
    """An x offset inside the Result column."""
    before = 0
    for column in table.columns:
        if column.key == "result":
            return before + CELL_PADDING + 1
        before += column.width + 2 * CELL_PADDING
    raise AssertionError("no Result column")


async def test_a_click_on_the_highlighted_target_from_the_field_applies_nothing(app_factory):
    async with running(app_factory) as (pilot, app, encounter, ids):
        screen = await open_damage(pilot, "2d6 fire", keys=BOTH_GOBLINS)
        await pilot.pause(SETTLE_SECONDS + 0.3)  # the field's feedback line has settled
        table = screen.query_one(TargetTable)
        assert table.cursor_row == 0 and not table.has_focus  # the field has the focus
        await pilot.click(TargetTable, offset=(result_x(table), 1))  # row 0, already highlighted
        await pilot.pause()
        assert isinstance(app.screen, DamageScreen)
        assert encounter.creature(ids["Goblin 1"]).hp == 15
        assert table.has_focus and table.cursor_row == 0
        await pilot.click(TargetTable, offset=(result_x(table), 1))  # the second click applies
        await pilot.pause()
        assert app.screen is app.roster
        hp = encounter.creature(ids["Goblin 1"]).hp
        assert hp is not None and hp < 15
