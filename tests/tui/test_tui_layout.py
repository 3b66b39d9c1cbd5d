"""Layout (issue 9, items 9–13 and 15): notices, wide text, terminal sizes, jump, clean-up."""

from __future__ import annotations

import random

from rich.cells import cell_len
from textual.widgets._toast import Toast
from tui_support import goblins

from tui.app import make_app
from tui.widgets.log_panel import LogPanel

SIZE = (80, 24)


def real_app(encounter=None, system: str = "pf2e"):
    """An app whose notices are shown, not recorded (the conftest factory records them)."""
    return make_app(encounter, system=system, rng=random.Random(1), autosave=False)


def screen_lines(app) -> list[str]:
    """The text of every line on the screen, as the terminal shows it."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


# -- item 9: notices hide nothing -----------------------------------------------------------


async def test_four_quick_turns_leave_one_notice_on_the_log_border() -> None:
    app = real_app(goblins())
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("n", "n", "n", "n")
        await pilot.pause()
        panel = app.screen.query_one(LogPanel)
        assert not app.screen.query(Toast), "a toast covers the roster"
        assert panel.notice == app.encounter.log[-1].text
        lines = screen_lines(app)
        # the notice is on the log panel's border row, and only there
        border_row = panel.region.y
        assert panel.notice[:20] in lines[border_row]
        # every Status cell of the table is still there
        table = app.roster.table
        assert "Status" in lines[table.region.y]
        for row in range(table.row_count):
            assert lines[table.region.y + 1 + row].rstrip().endswith("ok")


async def test_a_long_name_notice_is_one_cut_line() -> None:
    encounter = goblins()
    app = real_app(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.notify("Added " + "Gob" * 333 + ".")
        app.notify("Second\nline [red]not markup[/red]")
        await pilot.pause()
        panel = app.screen.query_one(LogPanel)
        assert panel.notice == "Second line [red]not markup[/red]"
        app.notify("Added " + "Gob" * 333 + ".")
        await pilot.pause()
        assert cell_len(panel.notice) <= 200 and panel.notice.endswith("…")
        lines = screen_lines(app)
        assert sum("GobGob" in line for line in lines) == 1
        assert lines[panel.region.y].startswith("─") or "Log" in lines[panel.region.y]
        assert not app.screen.query(Toast)


async def test_a_notice_clears_after_its_timeout() -> None:
    app = real_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.notify("Saved x.", timeout=0.05)
        panel = app.screen.query_one(LogPanel)
        assert panel.notice == "Saved x."
        await pilot.pause(0.2)
        assert panel.notice == "" and panel.border_title == "Log"


async def test_a_notice_over_another_screen_is_one_toast_line() -> None:
    app = real_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("l")
        await pilot.pause()
        for index in range(4):
            app.notify(f"notice {index} " + "x" * 100)
            await pilot.pause()
        await pilot.pause(0.1)
        toasts = app.screen.query(Toast)
        assert len(toasts) == 1
        assert toasts.first().region.height == 1
        assert toasts.first().region.y == 0


# -- item 10: cells, not characters ----------------------------------------------------------


def cell_column(line: str, needle: str) -> int:
    """The cell column where ``needle`` starts in a screen line."""
    return cell_len(line[: line.index(needle)])


async def test_a_japanese_name_keeps_the_saved_marker_on_the_header() -> None:
    encounter = goblins()
    encounter.name = "ゴブリンの待ち伏せ・古い砦の地下での長い戦い"
    app = real_app(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        header = screen_lines(app)[0]
        assert cell_len(header) == 80
        assert header.rstrip().endswith("[unsaved]")
        assert "…" in header  # the name was cut, by cells


async def test_a_short_japanese_name_is_padded_by_cells() -> None:
    encounter = goblins()
    encounter.name = "砦"
    app = real_app(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        header = screen_lines(app)[0]
        assert "砦" in header and header.rstrip().endswith("[unsaved]")
        assert cell_column(header, "[unsaved]") == 80 - 1 - len("[unsaved]")


async def damage_feedback(text: str) -> list[str]:
    """The screen lines after ``text`` is put in the damage field."""
    from textual.widgets import Input

    app = real_app(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        app.screen.query_one("#damage Input", Input).value = text
        await pilot.pause()
        await pilot.pause()
        return screen_lines(app)


async def test_the_caret_is_under_the_right_cell_after_wide_text() -> None:
    lines = await damage_feedback("［火炎］ 2d6 fyre")
    caret_row = next(i for i, line in enumerate(lines) if "^ " in line)
    text_row = lines[caret_row - 1]
    assert "［火炎］ 2d6 fyre" in text_row
    # core says position 5 (the "2"): the caret sits under that cell, 4 wide characters in
    assert cell_column(lines[caret_row], "^") == cell_column(text_row, "2d6")


async def test_over_long_damage_text_shows_its_message() -> None:
    lines = await damage_feedback("1d6 fire, " * 60)
    assert any("longer than 500 characters" in line for line in lines)
    caret_row = next(i for i, line in enumerate(lines) if "^" in line)
    assert "longer than 500" in lines[caret_row]


def test_caret_text_puts_a_long_message_on_its_own_line() -> None:
    from tui.widgets.notation_field import caret_text

    lines = caret_text("2d6 fyre", "m" * 80, 4, width=40).plain.split("\n")
    assert lines[1] == "    ^"
    assert lines[2] == "m" * 40
    assert all(cell_len(line) <= 40 for line in lines)
