"""A light table of one-line rows with a row cursor, drawn a line at a time (Textual's Line API).

Damage entry updates a result cell of every target on each keystroke. Textual's
DataTable draws all its visible cells again after any update (its caches are keyed on one
count of updates) through Rich's padding pipeline; this table keeps each row's drawn line
until that row, the cursor on it, or the table's styles change, and draws a row as a few
plain segments. It looks the same as a DataTable with ``cursor_type="row"`` (the same
component styles, segments and mouse metadata), for the few things damage entry needs:
a header, fixed column widths, a row cursor, and cells read and written by their keys.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from core.text.i18n import N_

CELL_PADDING = 1
"""Blank cells on each side of a cell, as a DataTable pads them."""
HEADER = -1
"""The header's row index (a DataTable's, in the mouse metadata too)."""

Cell = str | Text


class Column(NamedTuple):
    """A column: its key, header label and width in cells (without its padding)."""

    key: str
    label: Text
    width: int


class Looks(NamedTuple):
    """The styles a table draws with, read once a repaint."""

    base: Style
    header: Style
    cursor: Style
    hover: Style
    header_hover: Style


class LineTable(ScrollView, can_focus=True):
    """Rows of cells under a header, with a row cursor; each row's line is drawn once a change.

    | Key | Action |
    | :- | :- |
    | up / down | Previous / next row |
    | pageup / pagedown | A page up / down |
    | home / end, ctrl+home / ctrl+end | First / last row |
    | enter | Select the row (``RowSelected``) |

    A click highlights a row; a second click on the same row selects it, unless a key or
    the focus moved in between: the click that moves the focus into the table never selects,
    even on the row already highlighted (damage entry: such a click would apply the damage).
    The row under the mouse is shown until a key moves the cursor (as in a DataTable).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select_cursor", N_("Select"), show=False),
        Binding("up", "cursor_up", N_("Cursor up"), show=False),
        Binding("down", "cursor_down", N_("Cursor down"), show=False),
        Binding("pageup", "page_up", N_("Page up"), show=False),
        Binding("pagedown", "page_down", N_("Page down"), show=False),
        Binding("home,ctrl+home", "first_row", N_("First"), show=False),
        Binding("end,ctrl+end", "last_row", N_("Last"), show=False),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "line-table--header", "line-table--cursor", "line-table--hover",
        "line-table--header-hover",
    }
    """The header row, the cursor's row and the row under the mouse (a DataTable's
    ``datatable--header``, ``--cursor``, ``--hover`` and ``--header-hover``, with the same
    default styles)."""

    DEFAULT_CSS = """
    LineTable {
        background: $surface;
        color: $foreground;
        height: auto;
        max-height: 100%;
        &:focus {
            background-tint: $foreground 5%;
            & > .line-table--cursor {
                background: $block-cursor-background;
                color: $block-cursor-foreground;
                text-style: $block-cursor-text-style;
            }
            & > .line-table--header {
                background-tint: $foreground 5%;
            }
        }
        & > .line-table--header {
            text-style: bold;
            background: $panel;
            color: $foreground;
        }
        &:ansi > .line-table--header {
            background: ansi_bright_blue;
            color: ansi_default;
        }
        & > .line-table--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
        & > .line-table--header-hover {
            background: $accent 30%;
        }
        & > .line-table--hover {
            background: $block-hover-background;
        }
    }
    """

    cursor_row: reactive[int] = reactive(0, init=False)
    """The index of the highlighted row."""
    hover_row: reactive[int | None] = reactive(None, init=False)
    """The row under the mouse (``HEADER`` for the header), or None when a key moved last."""

    class RowHighlighted(Message):
        """The cursor moved to the row ``row_key`` (at ``cursor_row``)."""

        def __init__(self, table: LineTable, cursor_row: int, row_key: str) -> None:
            super().__init__()
            self.table = table
            self.cursor_row = cursor_row
            self.row_key = row_key

        @property
        def control(self) -> LineTable:
            """The table the cursor moved in."""
            return self.table

    class RowSelected(RowHighlighted):
        """Enter, or a second click on a row, selected the row ``row_key``."""

    def __init__(self, *, name: str | None = None, id: str | None = None,  # noqa: A002
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.columns: list[Column] = []
        self._rows: dict[str, dict[str, Cell]] = {}
        """Each row's cells by column key, in the rows' order."""
        self._row_keys: list[str] = []
        self._row_index: dict[str, int] = {}
        """Each row's index by its key."""
        self._drawn: dict[int, tuple[tuple[object, ...], Strip]] = {}
        """Each row's (header's) line as last drawn, with what it was drawn from."""
        self._looks = Looks(Style(), Style(), Style(), Style(), Style())
        self._repaint_asked = False
        """Whether an update asked for a repaint that has not been drawn yet."""
        self._clicked_row: int | None = None
        """The row a click highlighted, until a key or the focus moves: a click on it selects."""

    # -- the data ---------------------------------------------------------------------------

    @property
    def row_count(self) -> int:
        """The number of rows."""
        return len(self._row_keys)

    @property
    def row_keys(self) -> list[str]:
        """The rows' keys, top to bottom."""
        return list(self._row_keys)

    @property
    def cursor_key(self) -> str | None:
        """The key of the highlighted row (None without rows)."""
        return self._row_keys[self.cursor_row] if self._row_keys else None

    def add_column(self, label: str, *, key: str, width: int) -> None:
        """A column ``width`` cells wide (its padding aside) with a header ``label``."""
        self.columns.append(Column(key, Text(label), width))
        self._resized()

    def add_row(self, *cells: Cell, key: str) -> None:
        """A row of ``cells`` in the columns' order, known by ``key``."""
        cells = tuple(kept(cell) for cell in cells)
        self._rows[key] = dict(zip((column.key for column in self.columns), cells, strict=True))
        self._row_index[key] = len(self._row_keys)
        self._row_keys.append(key)
        self._resized()

    def get_cell(self, row_key: str, column_key: str) -> Cell:
        """The value in a cell, as it was put there."""
        return self._rows[row_key][column_key]

    def get_row(self, row_key: str) -> list[Cell]:
        """The values of a row, in the columns' order."""
        row = self._rows[row_key]
        return [row[column.key] for column in self.columns]

    def get_row_index(self, row_key: str) -> int:
        """Where the row ``row_key`` is, from the top (0)."""
        return self._row_index[row_key]

    def update_cell(self, row_key: str, column_key: str, value: Cell) -> None:
        """Put ``value`` in a cell; only its row is drawn again (when it shows), and nothing
        when the cell looks the same already, style included (a keystroke on 40 targets
        changes their results, seldom their saves).

        The first update since the last paint asks for one repaint of the table, the others
        ride along: a keystroke updates 40 targets, and asking 40 times cost more than the
        drawing. The rows that did not change come from ``render_line``'s cache.
        """
        row = self._rows[row_key]
        if looks_of(row[column_key]) == looks_of(value):
            return
        row[column_key] = kept(value)
        self._drawn.pop(self._row_index[row_key], None)  # its line is drawn again
        if not self._repaint_asked:
            self._repaint_asked = True
            self.refresh()

    # -- the cursor -------------------------------------------------------------------------

    def move_cursor(self, *, row: int) -> None:
        """Highlight the row at ``row`` (kept within the rows by ``validate_cursor_row``)."""
        self.cursor_row = row

    def _move_by_key(self, row: int) -> None:
        """A key moves the cursor: the mouse's row is no longer shown, the next click is a first."""
        self.hover_row = None
        self._clicked_row = None
        self.move_cursor(row=row)

    def validate_cursor_row(self, row: int) -> int:
        """The cursor stays on a row."""
        return max(0, min(row, self.row_count - 1))

    def watch_cursor_row(self, old: int, new: int) -> None:
        """Draw both rows again, show the new one and say so."""
        for row in (old, new):
            if 0 <= row < self.row_count:
                self.refresh_lines(self.header_height + row)
        self.scroll_to_cursor()
        if self.row_count:
            self.post_message(self.RowHighlighted(self, new, self._row_keys[new]))

    def scroll_to_cursor(self, animate: bool = False) -> None:
        """Scroll so the highlighted row shows below the header."""
        region = Region(int(self.scroll_x), self.header_height + self.cursor_row,
                        self.virtual_size.width, 1)
        self.scroll_to_region(region, animate=animate, spacing=Spacing(self.header_height),
                              force=True)

    @property
    def page_height(self) -> int:
        """Rows shown at once, below the header."""
        return max(1, self.scrollable_content_region.height - self.header_height)

    def action_cursor_up(self) -> None:
        """The previous row."""
        self._move_by_key(self.cursor_row - 1)

    def action_cursor_down(self) -> None:
        """The next row."""
        self._move_by_key(self.cursor_row + 1)

    def action_page_up(self) -> None:
        """A page up."""
        self._move_by_key(self.cursor_row - self.page_height)

    def action_page_down(self) -> None:
        """A page down."""
        self._move_by_key(self.cursor_row + self.page_height)

    def action_first_row(self) -> None:
        """The first row."""
        self._move_by_key(0)

    def action_last_row(self) -> None:
        """The last row."""
        self._move_by_key(self.row_count - 1)

    def action_select_cursor(self) -> None:
        """Select the highlighted row."""
        if self.row_count:
            self.post_message(self.RowSelected(self, self.cursor_row, self._row_keys[self.cursor_row]))

    def on_click(self, event: events.Click) -> None:
        """A click highlights its row; a second click on the same row selects it."""
        row = event.style.meta.get("row")
        if row is None or row == HEADER:
            return
        event.stop()
        if row == self._clicked_row == self.cursor_row:
            self.action_select_cursor()
        else:
            self._clicked_row = row
            self.move_cursor(row=row)

    def on_blur(self, event: events.Blur) -> None:
        """The focus left: the next click, which brings it back, only highlights."""
        self._clicked_row = None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """Show the row under the mouse."""
        self.hover_row = event.style.meta.get("row")

    def on_leave(self, event: events.Leave) -> None:
        """The mouse left: no row under it."""
        self.hover_row = None

    def watch_hover_row(self, old: int | None, new: int | None) -> None:
        """Draw the rows the mouse left and entered again."""
        for row in (old, new):
            if row == HEADER:  # in the widget's lines: the header does not scroll
                self.refresh(Region(0, 0, self.size.width, self.header_height))
            elif row is not None and 0 <= row < self.row_count:
                self.refresh_lines(self.header_height + row)

    # -- drawing ----------------------------------------------------------------------------

    @property
    def header_height(self) -> int:
        """The header's lines."""
        return 1

    def _resized(self) -> None:
        """The table's size follows its columns and rows."""
        width = sum(column.width + 2 * CELL_PADDING for column in self.columns)
        self.virtual_size = Size(width, self.header_height + self.row_count)
        self.refresh(layout=True)

    def render_lines(self, crop: Region) -> list[Strip]:
        """Read the styles once for the lines about to be drawn."""
        self._repaint_asked = False
        component = self.get_component_rich_style
        self._looks = Looks(
            self.rich_style, component("line-table--header"), component("line-table--cursor"),
            component("line-table--hover"), component("line-table--header-hover"),
        )
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        """The header on the first line; below it the rows, scrolled."""
        row = HEADER if y < self.header_height else y + int(self.scroll_y) - self.header_height
        base = self._looks.base
        if row >= self.row_count:
            return Strip.blank(self.size.width, base)
        cells = (tuple(column.label for column in self.columns) if row == HEADER
                 else tuple(self._rows[self._row_keys[row]].values()))
        cursor, hover = row == self.cursor_row, row == self.hover_row
        # a row's cells change only through update_cell, which forgets its line
        made_of = (cursor, hover, self._looks, self.size.width, int(self.scroll_x))
        drawn = self._drawn.get(row)
        if drawn is None or drawn[0] != made_of:
            drawn = made_of, self._draw_row(row, cells, cursor=cursor, hover=hover)
            self._drawn[row] = drawn
        return drawn[1]

    def _draw_row(self, row: int, cells: tuple[Cell, ...], *, cursor: bool, hover: bool) -> Strip:
        """One row's line, as a DataTable draws it: each cell padded, then the row's style
        (the mouse's, then the cursor's over it) to the table's right edge; the mouse
        metadata names row and cell."""
        looks = self._looks
        row_style = looks.header if row == HEADER else looks.base
        look = Style()
        if hover:
            look += looks.hover + (looks.header_hover if row == HEADER else Style())
        if cursor:
            look += looks.cursor
        # a DataTable's default: the cursor's colour over the cell's, the cell's background
        after = Style.from_color(color=look.color)
        segments: list[Segment] = []
        for index, (column, cell) in enumerate(zip(self.columns, cells, strict=True)):
            text = one_line(cell)
            text.truncate(column.width, pad=True)
            meta = Style.from_meta({"row": row, "column": index})
            padding = Segment(" " * CELL_PADDING)
            lines = [padding, *text.render(self.app.console, end=""), padding]
            segments.extend(Segment.apply_style(lines, row_style + meta + look, after))
        width = self.size.width
        rest = max(0, width - self.virtual_size.width)
        meta = Style.from_meta({"row": row, "column": 0, "out_of_bounds": True})
        segments.append(Segment(" " * rest, row_style + look + meta))
        strip = Strip(segments)
        if self.scroll_x:
            strip = strip.crop(int(self.scroll_x), int(self.scroll_x) + width)
        return strip.adjust_cell_length(width, looks.base).simplify()


def kept(cell: Cell) -> Cell:
    """A copy of a Text put in a cell: changing the Text afterwards leaves the cell as it was."""
    return cell.copy() if isinstance(cell, Text) else cell


def looks_of(cell: Cell) -> object:
    """What a cell is drawn from: its characters, its style and its spans (``Text.__eq__``
    compares the characters and spans only, so a change of style alone would not show)."""
    if isinstance(cell, str):
        return cell
    return cell.plain, str(cell.style), tuple(cell.spans)


def one_line(cell: Cell) -> Text:
    """A cell's text on one line: tabs expanded, lines after the first left out (a name
    pasted from a stat block may hold either); a Text's own style moved into its spans,
    as ``Text.render`` draws only those."""
    text = Text(cell) if isinstance(cell, str) else cell.copy()
    if "\t" in text.plain:
        text.expand_tabs()
    if "\n" in text.plain:
        text = text.split(allow_blank=True)[0]
    if text.style:
        text.stylize_before(text.style)
        text.style = ""
    return text
