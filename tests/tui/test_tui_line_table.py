"""The light table of damage entry's targets (a keystroke within a frame on 40 targets).

It replaced a DataTable, which drew every visible cell again after any update: it must look
like one, keep its keys and clicks, and draw again only the rows that changed.
"""

from __future__ import annotations

import pytest
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widgets import DataTable

from tui.widgets.line_table import HEADER, LineTable

COLUMNS = (("Target", "target", 10), ("Save", "save", 8), ("Result", "result", 20))


def rows(count: int) -> list[tuple[str, list[str | Text]]]:
    """Plain cells, and two red ones (under the cursor, the cursor's colour wins)."""
    return [(f"c{n}", [Text(f"Goblin {n}"), "—", Text(f"HP {n}/15", style="red" if n in (1, 2) else "")])
            for n in range(count)]


class Tables(App[None]):
    """A DataTable and a LineTable with the same columns and rows, one above the other."""

    CSS = "DataTable, LineTable { max-height: 6; width: 50; }"

    def __init__(self, count: int) -> None:
        super().__init__()
        self.count = count
        self.events: list[tuple[str, str]] = []

    def compose(self) -> ComposeResult:
        yield LineTable(id="line")
        yield DataTable(cursor_type="row", id="data")

    def on_mount(self) -> None:
        for table in (self.query_one(LineTable), self.query_one(DataTable)):
            for label, key, width in COLUMNS:
                table.add_column(label, key=key, width=width)
            for key, cells in rows(self.count):
                table.add_row(*cells, key=key)

    def on_line_table_row_highlighted(self, event: LineTable.RowHighlighted) -> None:
        self.events.append(("highlighted", event.row_key))

    def on_line_table_row_selected(self, event: LineTable.RowSelected) -> None:
        self.events.append(("selected", event.row_key))


def drawn(table: LineTable | DataTable) -> list[list[tuple[str, Style | None]]]:
    """The table's lines as segments: text and style (mouse metadata included)."""
    lines = table.render_lines(Region(0, 0, table.size.width, table.size.height))
    return [[(segment.text, segment.style) for segment in line] for line in lines]


@pytest.mark.parametrize("focused", [True, False])
async def test_it_looks_like_a_data_table(focused):
    app = Tables(3)
    async with app.run_test(size=(60, 20)) as pilot:
        line, data = app.query_one(LineTable), app.query_one(DataTable)
        line.move_cursor(row=1)
        data.move_cursor(row=1)
        looks = []
        for table in (line, data):
            if focused:
                table.focus()
            else:
                app.set_focus(None)
            await pilot.pause()
            looks.append(drawn(table))
        assert line.size == data.size
        assert looks[0] == looks[1]


@pytest.mark.parametrize("row", [0, 2, -1])  # the cursor's row, another, the header
async def test_the_row_under_the_mouse_looks_as_in_a_data_table(row):
    app = Tables(3)
    async with app.run_test(size=(60, 20)) as pilot:
        app.set_focus(None)
        looks = []
        for table in (LineTable, DataTable):
            await pilot.hover(table, offset=(3, row + 1))
            await pilot.pause()
            shown = app.query_one(table)
            assert isinstance(shown, (LineTable, DataTable))
            looks.append(drawn(shown))
        assert looks[0] == looks[1]
        assert app.query_one(LineTable).hover_row is None  # the mouse left it


async def test_the_keys_move_the_cursor_and_the_view_follows():
    app = Tables(20)
    async with app.run_test(size=(60, 20)) as pilot:
        table = app.query_one(LineTable)
        table.focus()
        await pilot.press("down", "down")
        assert table.cursor_row == 2 and table.cursor_key == "c2"
        await pilot.press("up")
        assert table.cursor_row == 1
        await pilot.press("pagedown")  # five rows show below the header
        assert table.cursor_row == 6 and table.scroll_y == 2
        await pilot.press("end")
        assert table.cursor_row == 19 and table.scroll_y == table.max_scroll_y == 15
        await pilot.press("pageup")
        assert table.cursor_row == 14
        await pilot.press("home")
        assert table.cursor_row == 0 and table.scroll_y == 0
        await pilot.press("up")
        assert table.cursor_row == 0
        await pilot.pause()
        assert ("highlighted", "c19") in app.events and app.events[-1] == ("highlighted", "c0")


async def test_a_click_highlights_a_row_and_a_second_click_selects_it():
    app = Tables(3)
    async with app.run_test(size=(60, 20)) as pilot:
        table = app.query_one(LineTable)
        await pilot.click(LineTable, offset=(3, 2))  # below the header: the second row
        await pilot.pause()
        assert table.cursor_row == 1 and ("selected", "c1") not in app.events
        await pilot.click(LineTable, offset=(3, 2))
        await pilot.pause()
        assert app.events[-1] == ("selected", "c1")
        await pilot.click(LineTable, offset=(3, 0))  # the header selects nothing
        await pilot.pause()
        assert table.cursor_row == 1 and app.events[-1] == ("selected", "c1")


async def test_one_click_on_the_highlighted_row_only_highlights_it():
    app = Tables(3)
    async with app.run_test(size=(60, 20)) as pilot:
        table = app.query_one(LineTable)
        app.query_one(DataTable).focus()  # the click moves the focus into the table
        await pilot.pause()
        assert table.cursor_row == 0 and not table.has_focus
        await pilot.click(LineTable, offset=(3, 1))  # the first row, highlighted from the start
        await pilot.pause()
        assert table.has_focus and table.cursor_row == 0
        assert not any(kind == "selected" for kind, _ in app.events)
        await pilot.click(LineTable, offset=(30, 1))  # again, in another cell of the row
        await pilot.pause()
        assert app.events[-1] == ("selected", "c0")


@pytest.mark.parametrize("between", ["keys", "blur"])
async def test_a_key_or_leaving_the_table_between_two_clicks_makes_them_two_first_clicks(between):
    app = Tables(3)
    async with app.run_test(size=(60, 20)) as pilot:
        table = app.query_one(LineTable)
        await pilot.click(LineTable, offset=(3, 2))
        await pilot.pause()
        if between == "keys":
            await pilot.press("down", "up")
        else:
            app.set_focus(None)
        await pilot.pause()
        await pilot.click(LineTable, offset=(3, 2))
        await pilot.pause()
        assert table.cursor_row == 1
        assert not any(kind == "selected" for kind, _ in app.events)


async def test_enter_selects_the_highlighted_row():
    app = Tables(3)
    async with app.run_test(size=(60, 20)) as pilot:
        app.query_one(LineTable).focus()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.events[-1] == ("selected", "c1")


@pytest.mark.every_frame
async def test_an_update_draws_only_its_row_again(monkeypatch):
    app = Tables(5)
    async with app.run_test(size=(60, 20)) as pilot:
        table = app.query_one(LineTable)
        await pilot.pause()
        rows_drawn: list[int] = []
        draw = LineTable._draw_row

        def counting(self, row, cells, **looks):
            rows_drawn.append(row)
            return draw(self, row, cells, **looks)

        monkeypatch.setattr(LineTable, "_draw_row", counting)
        table.update_cell("c3", "result", Text("HP 1/15"))
        table.refresh()  # even a whole repaint draws only the changed row
        await pilot.pause()
        assert rows_drawn == [3]
        assert table.get_cell("c3", "result") == Text("HP 1/15")
        assert [str(cell) for cell in table.get_row("c3")] == ["Goblin 3", "—", "HP 1/15"]


async def test_a_row_updated_out_of_view_shows_its_new_cells_when_scrolled_to():
    app = Tables(20)
    async with app.run_test(size=(60, 20)) as pilot:
        table = app.query_one(LineTable)
        await pilot.pause()
        table.update_cell("c19", "result", Text("HP 0/15 dead"))
        table.focus()
        await pilot.press("end")
        await pilot.pause()
        last = drawn(table)[-1]
        assert "HP 0/15 dead" in "".join(text for text, _ in last)


def line_text(table: LineTable, y: int) -> str:
    """The characters of one drawn line."""
    return "".join(text for text, _ in drawn(table)[y])


@pytest.mark.parametrize(("name", "shown"), [("Gob\tlin", "Gob     li"), ("Gob\nlin", "Gob       ")])
async def test_a_tab_or_newline_in_a_cell_keeps_the_row_on_its_line(name, shown):
    app = Tables(2)
    async with app.run_test(size=(60, 20)) as pilot:
        table = app.query_one(LineTable)
        table.update_cell("c1", "target", Text(name))
        table.update_cell("c0", "target", name)
        await pilot.pause()
        for y in (1, 2):
            line = line_text(table, y)
            assert "\t" not in line and "\n" not in line
            assert line.startswith(f" {shown} ")  # tabs to the next stop of 8, the first line only
            assert len(line) == table.size.width


def colour_of(table: LineTable, y: int, text: str) -> object:
    """The colour a line draws ``text`` in."""
    return next(style.color if style else None for chars, style in drawn(table)[y] if text in chars)


async def test_a_cell_that_changes_only_its_style_is_drawn_again():
    app = Tables(5)
    async with app.run_test(size=(60, 20)) as pilot:
        table = app.query_one(LineTable)
        await pilot.pause()
        plain = colour_of(table, 4, "HP 3/15")
        red = colour_of(table, 2, "HP 1/15")  # the fixture's red cell, off the cursor
        assert plain != red
        table.update_cell("c3", "result", Text("HP 3/15", style="red"))
        await pilot.pause()
        assert colour_of(table, 4, "HP 3/15") == red
        spans = Text("HP 3/15")
        spans.stylize("blue", 0, 7)
        table.update_cell("c3", "result", spans)
        await pilot.pause()
        assert colour_of(table, 4, "HP 3/15") not in (plain, red)


async def test_a_text_changed_after_it_was_put_in_a_cell_leaves_the_cell_as_it_was():
    app = Tables(2)
    async with app.run_test(size=(60, 20)) as pilot:
        table = app.query_one(LineTable)
        value = Text("HP 1/15")
        table.update_cell("c1", "result", value)
        await pilot.pause()
        value.append(" dead")
        value.stylize("red")
        table.refresh()
        await pilot.pause()
        cell = table.get_cell("c1", "result")
        assert isinstance(cell, Text) and cell.plain == "HP 1/15"
        assert "dead" not in line_text(table, 2)


async def test_the_mouse_on_the_header_of_a_scrolled_table_draws_the_header_again(monkeypatch):
    app = Tables(20)
    async with app.run_test(size=(60, 20)) as pilot:
        table = app.query_one(LineTable)
        table.focus()
        await pilot.press("end")
        await pilot.pause()
        assert table.scroll_y > 0
        asked: list[Region] = []
        refresh = LineTable.refresh

        def recording(self, *regions, **options):
            asked.extend(regions)
            return refresh(self, *regions, **options)

        monkeypatch.setattr(LineTable, "refresh", recording)
        table.hover_row = HEADER
        assert Region(0, 0, table.size.width, 1) in asked  # the header's line, where it shows


async def test_damage_entry_puts_a_result_whose_style_alone_changed():
    from tui.screens.damage import TargetTable

    class Targets(App[None]):
        def compose(self) -> ComposeResult:
            yield TargetTable()

        def on_mount(self) -> None:
            table = self.query_one(TargetTable)
            table.add_column("Result", key="result", width=20)
            table.add_row(Text("HP 5"), key="c1")

    app = Targets()
    async with app.run_test(size=(60, 20)) as pilot:
        table = app.query_one(TargetTable)
        table.update_cell("c1", "result", Text("HP 5", style="red"))
        await pilot.pause()
        cell = table.get_cell("c1", "result")
        assert isinstance(cell, Text) and cell.style == "red"
