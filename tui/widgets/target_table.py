"""The damage form's targets table: a row a target (name, save, armor slot, result) in columns
that fit, and the keys that choose the highlighted target's save, said up as messages."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message

from core.text.i18n import N_, ptr, tr
from tui.widgets.line_table import Cell, LineTable
from tui.widgets.log_panel import fit_words

SAVE_KEYS: tuple[str | None, ...] = (
    None, "critical-success", "success", "failure", "critical-failure",
)
"""The save set by keys 0–4 on the targets."""
SAVE_LABELS = {
    None: "—",
    "critical-success": N_("crit. success"),
    "success": N_("success"),
    "failure": N_("failure"),
    "critical-failure": N_("crit. fail"),
}
"""A save's words in the Save column, in English (``save_label`` says them in the GM's language)."""
ROLLED_LABELS = {"critical-success": N_("crit. succ"), "critical-failure": N_("crit. fail")}
"""A rolled save's degree after its total (``23 crit. succ``): as wide as the widest label."""
MIN_RESULT = 12
ARMOR_WIDTH = 6

SAVE_GROUP = Binding.Group("Save", compact=True)
TARGET_BINDINGS: list[BindingType] = [
    Binding("0", "set_save(0)", N_("No save"), group=SAVE_GROUP, id="damage.save_0"),
    Binding("1", "set_save(1)", N_("Critical success"), group=SAVE_GROUP, id="damage.save_1"),
    Binding("2", "set_save(2)", N_("Success"), group=SAVE_GROUP, id="damage.save_2"),
    Binding("3", "set_save(3)", N_("Failure"), group=SAVE_GROUP, id="damage.save_3"),
    Binding("4", "set_save(4)", N_("Critical failure"), group=SAVE_GROUP, id="damage.save_4"),
    Binding("S", "copy_save", N_("Save to all"), key_display="S", id="damage.save_all"),
    Binding("left", "cycle_save(-1)", N_("Save −"), show=False, id="damage.save_prev"),
    Binding("right", "cycle_save(1)", N_("Save +"), show=False, id="damage.save_next"),
]
"""The targets table's keys: the highlighted target's save."""


def save_label(save: str | None) -> str:
    """A save's words for the Save column, in the language spoken."""
    return tr(SAVE_LABELS.get(save, str(save)))


def rolled_label(total: int, degree: str) -> str:
    """A rolled save in the Save column: its total and degree (``17 success``)."""
    return f"{total} {tr(ROLLED_LABELS.get(degree, degree))}"


@dataclass(frozen=True)
class TargetRow:
    """One target's cells: its id, name, save, armor slot (None: the system has none), result."""

    key: str
    name: str
    save: str
    armor: str | None
    result: str


class TargetTable(LineTable):
    """The targets with their save and result; keys choose the highlighted target's save.

    | Key | Action |
    | :- | :- |
    | 0 1 2 3 4 | No save, critical success, success, failure, critical failure |
    | left / right | Previous / next save result |
    | S | The highlighted target's save for every target |

    The form hands down the saves it offers (:attr:`offered`) and the rows; the keys are said
    up as :class:`SaveChosen`, :class:`SaveCycled` and :class:`SaveCopied`.
    """

    BINDINGS = TARGET_BINDINGS

    offered: tuple[str | None, ...] = (None,)
    """The save results the form offers, no save first (set by the form)."""
    result_width = MIN_RESULT
    """The Result column's cells, fixed when the columns are laid out."""

    @dataclass
    class SaveChosen(Message):
        """A save key (0–4: :data:`SAVE_KEYS`) on the highlighted target."""

        target: str
        index: int

    @dataclass
    class SaveCycled(Message):
        """The highlighted target's previous (-1) or next (1) save result."""

        target: str
        step: int

    @dataclass
    class SaveCopied(Message):
        """The highlighted target's save for every target."""

        target: str

    def lay_out(self, rows: list[TargetRow], save_words: list[str], room: int) -> None:
        """Columns as narrow as the names and ``save_words`` allow, the Result column taking
        what is left of ``room`` cells, then the rows."""
        names = [row.name for row in rows]
        widths = [max(map(cell_len, [tr("Target"), *names])),
                  max(map(cell_len, [ptr("saving throw", "Save"), *save_words]))]
        self.add_column(tr("Target"), key="target", width=widths[0])
        self.add_column(ptr("saving throw", "Save"), key="save", width=widths[1])
        armor = bool(rows) and rows[0].armor is not None
        if armor:
            self.add_column(tr("Armor"), key="armor", width=ARMOR_WIDTH)
            widths.append(ARMOR_WIDTH)
        # a fixed width, cut at a word: a column widened only after its cell was drawn, or
        # wider than the box, cut a number mid-way (``HP 14/3``, play report S10-1)
        self.result_width = max(MIN_RESULT, room - sum(widths) - 2 * (len(widths) + 1) - 2)
        self.add_column(tr("Result"), key="result", width=self.result_width)
        for row in rows:
            cells: list[Cell] = [Text(row.name), row.save]
            if row.armor is not None:
                cells.append(row.armor)
            cells.append(Text(fit_words(row.result, self.result_width)))
            self.add_row(*cells, key=row.key)

    def show(self, rows: list[TargetRow]) -> None:
        """Each row's save, armor slot and result again."""
        for row in rows:
            self.update_cell(row.key, "save", row.save)
            if row.armor is not None:
                self.update_cell(row.key, "armor", row.armor)
            self.update_cell(row.key, "result", Text(fit_words(row.result, self.result_width)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer only the saves the form offers; copying needs another target."""
        has_saves = len(self.offered) > 1
        if action == "set_save":
            index = parameters[0] if parameters else 0
            return has_saves and isinstance(index, int) and 0 <= index < len(SAVE_KEYS) \
                and SAVE_KEYS[index] in self.offered
        if action == "cycle_save":
            return has_saves
        if action == "copy_save":
            return has_saves and self.row_count > 1   # never applies with one target: hidden
        return True

    def action_set_save(self, index: int) -> None:
        """Say the save key pressed on the highlighted target."""
        if self.cursor_key is not None:
            self.post_message(self.SaveChosen(self.cursor_key, index))

    def action_cycle_save(self, step: int) -> None:
        """Say the highlighted target's save should move by ``step``."""
        if self.cursor_key is not None:
            self.post_message(self.SaveCycled(self.cursor_key, step))

    def action_copy_save(self) -> None:
        """Say the highlighted target's save should go to every target."""
        if self.cursor_key is not None:
            self.post_message(self.SaveCopied(self.cursor_key))


__all__ = ["SAVE_KEYS", "SAVE_LABELS", "ROLLED_LABELS", "SAVE_GROUP", "TARGET_BINDINGS", "TargetRow",
           "TargetTable", "rolled_label", "save_label"]
