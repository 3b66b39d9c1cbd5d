"""The roster table: one row per creature, keyed by creature id, updated cell by cell."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.widgets import DataTable

if TYPE_CHECKING:
    from core import Encounter

ACTIVE_MARK = "▶"
TARGET_MARK = "✓"
NAME_WIDTH = 20
DEFENSES_WIDTH = 20
BAR_WIDTH = 8
# Daggerheart's track is already drawn as slots; a bar next to it would say the same twice.
NO_BAR_SYSTEMS = frozenset({"daggerheart"})
COLUMNS: tuple[tuple[str, str], ...] = (
    ("init", "Init"),
    ("name", "Name"),
    ("track", "Track"),
    ("defenses", "Defenses"),
    ("status", "Status"),
)


@dataclass(frozen=True)
class InitCell:
    """The first cell of a row: active marker, initiative, target mark; remembers its creature."""

    creature_id: str
    text: str

    def __rich__(self) -> Text:
        """Render as plain text (no markup, so nothing in it is interpreted)."""
        return Text(self.text)


def hp_bar(fraction: float, width: int = BAR_WIDTH) -> str:
    """A bar of full and empty blocks; readable without colour."""
    fraction = min(max(fraction, 0.0), 1.0)
    full = round(fraction * width)
    if full == 0 and fraction > 0:
        full = 1  # a sliver of HP left must not look like none
    return "█" * full + "░" * (width - full)


def persistent_text(creature: Any) -> str:
    """The creature's persistent conditions in short, e.g. ``1d6 bleed ×2``."""
    return ", ".join(
        str(getattr(condition, "label", None) or condition.formula)
        for condition in getattr(creature, "persistent", None) or ()
    )


def creature_cells(
    encounter: Encounter, creature_id: str, *, active: bool, marked: bool
) -> dict[str, Any]:
    """Every cell of one creature's row, by column key."""
    rules = encounter.rules
    creature = encounter.creature(creature_id)
    initiative = encounter.initiative(creature_id)
    init = InitCell(
        creature_id,
        f"{ACTIVE_MARK if active else ' '}{initiative:>3} {TARGET_MARK if marked else ' '}",
    )
    name = creature.name + (" (PC)" if creature.pc else "")
    if len(name) > NAME_WIDTH:
        name = name[: NAME_WIDTH - 1] + "…"
    track = rules.track_text(creature)
    if encounter.system not in NO_BAR_SYSTEMS:
        track = f"{hp_bar(rules.track_fraction(creature))} {track}"
    defenses = rules.short_defenses(creature)
    if len(defenses) > DEFENSES_WIDTH:
        # the whole line is on the edit form; the roster keeps Status on an 80-column screen
        defenses = defenses[: DEFENSES_WIDTH - 1] + "…"
    status = rules.status(creature)
    persistent = persistent_text(creature)
    if persistent:
        status = persistent if status == "ok" else f"{status}, {persistent}"
    return {
        "init": init,
        "name": Text(name),
        "track": Text(track),
        "defenses": Text(defenses),
        "status": Text(status),
    }


class RosterTable(DataTable):
    """The encounter's creatures in initiative order, one row per creature id.

    Rows are added, removed and updated in place (``update_cell``); the table is
    rebuilt only by :meth:`show_encounter`, when the whole roster is replaced.
    """

    DEFAULT_CSS = """
    RosterTable {
        height: 1fr;
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        """Create an empty table; :meth:`show_encounter` fills it."""
        super().__init__(cursor_type="row", zebra_stripes=False, **kwargs)
        self._encounter: Encounter | None = None
        self._marked: set[str] = set()
        self._active: str | None = None
        self._shown: dict[str, dict[str, Any]] = {}
        self._order: list[str] = []

    def on_mount(self) -> None:
        """Set up the columns once."""
        for key, label in COLUMNS:
            self.add_column(label, key=key)

    @property
    def marked(self) -> frozenset[str]:
        """The creatures marked as targets."""
        return frozenset(self._marked)

    @property
    def highlighted_id(self) -> str | None:
        """The creature under the cursor, or None for an empty roster."""
        if self.row_count == 0:
            return None
        row_key, _ = self.coordinate_to_cell_key(self.cursor_coordinate)
        return row_key.value

    def show_encounter(self, encounter: Encounter) -> None:
        """Show a whole new roster (the only time rows are rebuilt)."""
        self._encounter = encounter
        self._marked.clear()
        self._shown.clear()
        self.clear()
        self._active = encounter.active
        self._order = list(encounter.order)
        for creature_id in self._order:
            cells = self._cells(creature_id)
            self._shown[creature_id] = cells
            self.add_row(*(cells[key] for key, _ in COLUMNS), key=creature_id)

    def show_changes(self, changed_ids: Iterable[str] | None = None) -> None:
        """Bring the rows up to date after a change to ``changed_ids`` (None: every creature)."""
        encounter = self._encounter
        if encounter is None:
            return
        order = list(encounter.order)
        present = set(order)
        to_update = set(present if changed_ids is None else changed_ids) & present
        active = encounter.active
        if active != self._active:
            to_update |= {cid for cid in (active, self._active) if cid in present}
            self._active = active
        with self.app.batch_update():
            for creature_id in [cid for cid in self._shown if cid not in present]:
                self.remove_row(creature_id)
                del self._shown[creature_id]
                self._marked.discard(creature_id)
            for creature_id in order:
                if creature_id not in self._shown:
                    cells = self._cells(creature_id)
                    self._shown[creature_id] = cells
                    self.add_row(*(cells[key] for key, _ in COLUMNS), key=creature_id)
                    to_update.discard(creature_id)
            for creature_id in to_update:
                self._update_row(creature_id)
            if order != self._order:
                self._order = order
                index = {cid: i for i, cid in enumerate(order)}
                highlighted = self.highlighted_id
                self.sort("init", key=lambda cell: index[cell.creature_id])
                if highlighted is not None and highlighted in index:
                    self.move_cursor(row=self.get_row_index(highlighted))

    def toggle_mark(self, creature_id: str) -> None:
        """Mark or unmark one creature as a target."""
        if creature_id in self._marked:
            self._marked.discard(creature_id)
        else:
            self._marked.add(creature_id)
        self._update_row(creature_id)

    def clear_marks(self) -> None:
        """Unmark every creature."""
        marked, self._marked = self._marked, set()
        with self.app.batch_update():
            for creature_id in marked:
                if creature_id in self._shown:
                    self._update_row(creature_id)

    def select_creature(self, creature_id: str) -> None:
        """Move the cursor to a creature's row."""
        if creature_id in self._shown:
            self.move_cursor(row=self.get_row_index(creature_id))

    def _cells(self, creature_id: str) -> dict[str, Any]:
        assert self._encounter is not None
        return creature_cells(
            self._encounter,
            creature_id,
            active=creature_id == self._active,
            marked=creature_id in self._marked,
        )

    def _update_row(self, creature_id: str) -> None:
        """Update only the cells of one row whose text changed."""
        cells = self._cells(creature_id)
        shown = self._shown.get(creature_id, {})
        for key, _ in COLUMNS:
            if shown.get(key) != cells[key]:
                self.update_cell(creature_id, key, cells[key], update_width=True)
        self._shown[creature_id] = cells
