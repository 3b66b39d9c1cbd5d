"""The roster table: one row per creature, keyed by creature id, updated cell by cell."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding
from textual.widgets import DataTable

from core.catalog import conditions as condition_words
from core.creature import conditions
from core.text.cells import char_cells, cut_cells
from core.text.i18n import N_, listing, tr
from tui.session_rules import has_fear
from tui.widgets.log_panel import event_line
from tui.widgets.numbers_line import hope_text, numbers_lines
from tui.widgets.row_rest import fit_words

if TYPE_CHECKING:
    from textual.geometry import Region

    from core import Encounter

from tui.widgets.roster_columns import (  # noqa: F401 (the roster's names, as before)
    ACTIVE_MARK,
    BAR_WIDTH,
    COLUMNS,
    GROW_SHARES,
    INIT_WIDTH,
    MAX_DEFENSES,
    MAX_GROW,
    MIN_BAR_WIDTH,
    MIN_DEFENSES,
    NAME_FLOOR,
    NARROW_TRACK,
    ROW_WIDTH,
    SCROLLBAR,
    SHRINK_STEPS,
    SPOTLIGHT_WIDTH,
    STATUS_DONORS,
    STATUS_FLOOR,
    STATUS_WANTS,
    TARGET_MARK,
    WIDTHS,
    Widest,
    _base_widths,
    _rules,
    _track_has_bar,
    base_widths,
    column_widths,
    slot_widths,
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


def pc_name(creature: Any) -> str:
    """A creature's name, ``(PC)`` after a player character's."""
    return tr("{name} (PC)", name=creature.name) if creature.pc else creature.name


def persistent_text(creature: Any) -> str:
    """The creature's persistent conditions in short, e.g. ``1d6 bleed ×2``."""
    return listing(
        str(getattr(condition, "label", None) or condition.formula)
        for condition in getattr(creature, "persistent", None) or ()
    )


STATUS_SEPARATOR = " · "


def status_words(creature: Any, system: str, *, hope: bool = False) -> list[str]:
    """What the Status cell says, a word each: ``hope``: a Daggerheart PC's Hope first; the
    rules' own states (``dying 1``), the persistent damage (``1d6 fire``: it hurts at the turn's
    end), the GM's conditions; ``ok`` for none. ``hidden`` first: out of the players' view.

    A dying creature is unconscious by the rules: the cell says dying, the detail pane both.
    """
    if "dying" in creature.conditions and "unconscious" in creature.conditions:
        creature = creature.clone()
        creature.conditions.discard("unconscious")
    damage = tuple(str(getattr(condition, "label", None) or condition.formula)
                   for condition in getattr(creature, "persistent", None) or ())
    words = conditions.summary_words(creature, system, damage)
    if creature.hidden:  # left out of the players' view
        words.insert(0, tr("hidden"))
    if hope and creature.pc:
        words.insert(0, hope_text(creature.hope))
    return words or [tr("ok")]


def row_words(encounter: Encounter, creature_id: str) -> dict[str, tuple[list[str], str]]:
    """The words of a row's Status and Defenses cells, by column key, with their separator."""
    creature = encounter.creature(creature_id)
    rules = encounter.rules
    return {"status": (status_words(creature, encounter.system, hope=has_fear(rules)),
                       STATUS_SEPARATOR),
            "defenses": (rules.short_defense_parts(creature) or ["—"], tr(", "))}


def cut_words(encounter: Encounter, creature_id: str,
              widths: dict[str, int]) -> list[tuple[str, list[str], str]]:
    """What a row in ``widths`` cannot show whole: ``(column label, words, separator)`` for its
    Status and Defenses cells that leave words out (a column not shown leaves them all)."""
    labels = dict(COLUMNS)
    return [(labels[key], words, separator)
            for key, (words, separator) in row_words(encounter, creature_id).items()
            if words != ["—"] and (key not in widths or
                                   fit_words(words, widths[key], separator) != separator.join(words))]


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells with an ellipsis (the edit form has the whole of it);
    a full-width character that would straddle the cut is left out whole."""
    if cell_len(text) <= width:
        return text
    room, kept = width - 1, 0
    for index, char in enumerate(text):
        kept += char_cells(char)
        if kept > room:
            return text[:index] + "…"
    return text  # pragma: no cover - the text did not fit, so the loop returned


NAME_TAIL = re.compile(r"(?: \d+)?(?: \(PC\)|（PC）)?$")
"""What a cut name keeps: its number and ``(PC)`` (``Jagged Kn… 1``)."""


def fit_name(name: str, width: int, others: Iterable[str] = ()) -> str:
    """A name cut to ``width`` cells, never losing its number: two numbered copies cut at the
    end (``Goblin Warrior…``) could not be told apart. A name that would cut like one of
    ``others`` (the rest of the roster) keeps its end instead: ``ゴブリン…グルーク``."""
    cut = _fit_numbered(name, width)
    if cut == name:
        return name
    base, number = _split_number(name)
    room = width - cell_len(number)
    if room < 6 or not any(other_base != base and fit(other_base, room) == fit(base, room)
                           for other_base, _ in map(_split_number, others)):
        return cut
    return _ends(base, room) + number


def _split_number(name: str) -> tuple[str, str]:
    """A name as what it is called and the number or ``(PC)`` after it."""
    tail = NAME_TAIL.search(name)
    kept = tail.group() if tail else ""
    return name[: len(name) - len(kept)], kept


def _ends(name: str, width: int) -> str:
    """``name`` as its start, ``…`` and its end, the end given at most half the cells."""
    tail, used = len(name), 0
    while tail > 0 and used + char_cells(name[tail - 1]) <= (width - 1) // 2:
        tail -= 1
        used += char_cells(name[tail])
    return fit(name[:tail], width - used).removesuffix("…").rstrip() + "…" + name[tail:]


def _fit_numbered(name: str, width: int) -> str:
    """A name cut in the middle to ``width`` cells, keeping its number and ``(PC)``."""
    if cell_len(name) <= width:
        return name
    tail = NAME_TAIL.search(name)
    kept = tail.group() if tail else ""
    head = width - cell_len(kept) - 1
    if not kept or head < 3:
        return fit(name, width)
    return fit(name[: len(name) - len(kept)], head + 1).removesuffix("…").rstrip() + "…" + kept


SLOTS = re.compile(r"[■□]+")


def counted_slots(track: str) -> str:
    """A slot track with each run of slots as marked/total: ``HP ■■□□□□ A ■□□ S □□□ 7/14`` is
    ``HP 2/6 A 1/3 S 0/3 7/14`` where the slots do not fit, every number kept whole."""
    return SLOTS.sub(lambda run: f"{run.group().count('■')}/{len(run.group())}", track)


def creature_cells(
    encounter: Encounter,
    creature_id: str,
    *,
    active: bool,
    marked: bool,
    widths: dict[str, int] | None = None,
) -> dict[str, Any]:
    """Every cell of one creature's row, by column key, each cut to its column's width."""
    widths = widths or column_widths(encounter.system)
    rules = encounter.rules
    creature = encounter.creature(creature_id)
    initiative = encounter.initiative(creature_id)
    # RULES §7: without initiative the GM orders the list, and there is no number to show
    shown = f"{initiative:>3}" if rules.has_initiative else ""
    init = InitCell(
        creature_id,
        f"{ACTIVE_MARK if active else ' '}{shown} {TARGET_MARK if marked else ' '}",
    )
    name = pc_name(creature)
    track = rules.track_text(creature)
    if not _track_has_bar(rules) and cell_len(track) > widths["track"]:
        track = counted_slots(track)  # numbers whole, not ``6/…``
    if _track_has_bar(rules):
        # the numbers matter more than the bar: a long track gets a shorter bar
        bar_width = min(BAR_WIDTH, widths["track"] - cell_len(track) - 1)
        if bar_width >= MIN_BAR_WIDTH:
            track = f"{hp_bar(rules.track_fraction(creature), bar_width)} {track}"
    words = row_words(encounter, creature_id)
    cells: dict[str, Any] = {
        "init": init,
        "name": Text(fit_name(name, widths["name"], (
            pc_name(encounter.creature(other)) for other in encounter.order
            if other != creature_id))),
        "track": Text(fit(track, widths["track"])),
    }
    for key, (said, separator) in words.items():     # Defenses: dropped on a narrow terminal
        if key in widths:
            cells[key] = Text(fit_words(said, widths[key], separator))
    return cells


def find_creature(encounter: Encounter, query: str) -> str | None:
    """The creature a type-ahead ``query`` means, in initiative order, or None.

    A name that starts with the query wins, then a word of a name that does, then any
    name that contains it; case is ignored (``gob 2`` finds "Goblin 2").
    """
    words = query.casefold().split()
    if not words:
        return None
    wanted = " ".join(words)
    names = [(cid, encounter.creature(cid).name.casefold()) for cid in encounter.order]
    tests = (
        lambda name: name.startswith(wanted),
        lambda name: all(any(w.startswith(q) for w in name.split()) for q in words),
        lambda name: wanted in name,
    )
    for test in tests:
        for cid, name in names:
            if test(name):
                return cid
    return None


LAST_HITS = 5
"""Events about a creature on the detail pane."""


def condition_lines(encounter: Encounter, creature_id: str) -> list[str]:
    """Each condition in full: ``frightened 2``, ``stunned 1 (2 turns)`` (RULES §7)."""
    creature = encounter.creature(creature_id)
    lines = []
    for name in encounter.conditions_of(creature_id):
        duration = creature.condition_durations.get(name)
        words = conditions.label(creature, name)
        lines.append(f"{words} ({condition_words.duration_text(duration)})" if duration else words)
    return lines


def detail_text(encounter: Encounter, creature_id: str) -> Text:
    """Everything about one creature, for the detail pane of a big terminal.

    The whole defense line, conditions and persistent damage, and the last events that
    touched it: what the roster's columns cut.
    """
    rules = encounter.rules
    creature = encounter.creature(creature_id)
    out = Text()
    out.append(pc_name(creature), style="bold")
    traits = listing(sorted(creature.traits))
    # RULES §7: without initiative the GM orders the list: its place there
    where = tr("initiative {initiative}", initiative=encounter.initiative(creature_id)) \
        if rules.has_initiative \
        else tr("place {place} on the list", place=encounter.order.index(creature_id) + 1)
    out.append(f"\n{where}" + (f" · {traits}" if traits else ""))
    out.append(f"\n{rules.track_text(creature)}")
    out.append("\n" + tr("status: {status}", status=rules.status(creature)))
    numbers = numbers_lines(encounter, creature_id)     # after conditions, with why
    if numbers:
        out.append("\n\n" + tr("Numbers") + "\n", style="bold")
        out.append("\n".join(numbers))
    out.append("\n\n" + tr("Defenses") + "\n", style="bold")
    out.append(creature.defenses or tr("none"))
    out.append("\n\n" + tr("Conditions") + "\n", style="bold")
    persistent = persistent_text(creature)
    lines = condition_lines(encounter, creature_id) + ([persistent] if persistent else [])
    out.append("\n".join(lines) or tr("none"))
    out.append("\n\n" + tr("Last events") + "\n", style="bold")
    events = [event for event in encounter.log if creature_id in event.changed_ids]
    lines = [event_line(event, rules.counts_rounds) for event in events[-LAST_HITS:]]
    out.append("\n".join(lines) or tr("nothing yet"))
    return out


class RosterTable(DataTable[Any]):
    """The encounter's creatures in initiative order, one row per creature id.

    Rows are added, removed and updated in place (``update_cell``); the table is
    rebuilt only by :meth:`show_encounter`, when the whole roster is replaced.

    | Key | Action |
    | :- | :- |
    | up / down, page up / page down | Move the cursor |
    | home / g | First creature |
    | end / G | Last creature |
    """

    BINDINGS = [
        Binding("home,g", "first_row", N_("First creature"), show=False, id="roster.first_row"),
        Binding("end,G", "last_row", N_("Last creature"), show=False, id="roster.last_row"),
    ]

    DEFAULT_CSS = """
    RosterTable {
        height: 1fr;
    }
    """

    _refreshing_row: int | None = None
    """While one row's cells are updated: the row a bare ``refresh()`` repaints."""

    def __init__(self, **kwargs: Any) -> None:
        """Create an empty table; :meth:`show_encounter` fills it."""
        super().__init__(cursor_type="row", zebra_stripes=False, **kwargs)
        self._encounter: Encounter | None = None
        self._marked: set[str] = set()
        self._active: str | None = None
        self._shown: dict[str, dict[str, Any]] = {}
        self._order: list[str] = []
        self._widths: dict[str, int] = column_widths("")
        self._width = 80
        self._sizes: dict[str, tuple[int, int, int]] = {}
        """A slot track's roster: each creature's name, track and counted track, in cells."""

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
        """Show a whole new roster (the only time rows and columns are rebuilt), the cursor on
        the creature whose turn it is: an encounter opened mid-round acts from there."""
        self._encounter = encounter
        self._marked.clear()
        self._build()
        if encounter.active is not None:
            self.select_creature(encounter.active)

    def fit_width(self, width: int) -> None:
        """Re-fit the columns to ``width`` cells; rebuilt only when a width changes (resize)."""
        self._width = width
        if self._encounter is None:
            return
        if self._fitted_widths() != self._widths:
            self._rebuild()

    def _rebuild(self) -> None:
        """Every row again in new column widths, the cursor on the creature it was on."""
        highlighted = self.highlighted_id
        self._build()
        if highlighted is not None:
            self.select_creature(highlighted)

    def _fitted_widths(self) -> dict[str, int]:
        """The columns for the terminal's width and, with a slot track, what the roster holds."""
        assert self._encounter is not None
        sizes = self._sizes.values()
        widest = Widest(*(max(size[i] for size in sizes) for i in range(3))) if sizes else None
        return column_widths(self._encounter.system, self._width, widest)

    def _measure(self, creature_ids: Iterable[str]) -> None:
        """Remember the cells of ``creature_ids``' names and slot tracks (a slot track only)."""
        encounter = self._encounter
        assert encounter is not None
        rules = encounter.rules
        if _track_has_bar(rules):
            return
        for creature_id in creature_ids:
            if creature_id not in encounter.creatures:
                self._sizes.pop(creature_id, None)
                continue
            creature = encounter.creature(creature_id)
            track = rules.track_text(creature)
            self._sizes[creature_id] = (cell_len(creature.name) + (5 if creature.pc else 0),
                                        cell_len(track), cell_len(counted_slots(track)))

    def _build(self) -> None:
        encounter = self._encounter
        assert encounter is not None
        self._shown.clear()
        self.clear(columns=True)
        self._sizes.clear()
        self._measure(encounter.order)
        self._widths = self._fitted_widths()
        for key, label in COLUMNS:
            if key == "init" and not encounter.rules.has_initiative:
                label = ""  # RULES §7: the column holds only the spotlight ▶ and the mark ✓
            if key in self._widths:
                # a Text, not a str: a str is read as markup, which loads Rich's emoji
                # table (tens of ms of start-up) for words that hold neither
                self.add_column(Text(cut_cells(tr(label), self._widths[key])), key=key,
                                width=self._widths[key])
        self._active = encounter.active
        self._order = encounter.order
        for creature_id in self._order:
            self._add(creature_id)

    def show_changes(self, changed_ids: Iterable[str] | None = None) -> None:
        """Bring the rows of ``changed_ids`` up to date (None: every creature).

        Only those rows are touched, plus the rows whose active marker moved; the
        rows are re-sorted only when the initiative order changed.
        """
        encounter = self._encounter
        if encounter is None:
            return
        creatures = encounter.creatures
        changed = set(self._shown if changed_ids is None else changed_ids)
        if changed_ids is None or creatures.keys() != self._shown.keys():
            changed |= set(creatures)  # a name added or gone may change how another is cut
        active = encounter.active
        if active != self._active:
            changed |= {cid for cid in (active, self._active) if cid is not None}
            self._active = active
        self._measure(changed)
        if self._sizes and self._fitted_widths() != self._widths:
            self._rebuild()  # a slot track or a name grew past its column
            return
        with self.app.batch_update():
            for creature_id in changed:
                shown = creature_id in self._shown
                if creature_id not in creatures:
                    if shown:
                        self.remove_row(creature_id)
                        del self._shown[creature_id]
                        self._marked.discard(creature_id)
                elif shown:
                    self._update_row(creature_id)
                else:
                    self._add(creature_id)
            order = encounter.order
            if order != self._order:
                # a new row, a removed one or a new initiative: the only time rows move
                self._order = order
                index = {cid: i for i, cid in enumerate(order)}
                highlighted = self.highlighted_id
                self.sort("init", key=lambda cell: index[cell.creature_id])
                if highlighted is not None and highlighted in index:
                    self.move_cursor(row=self.get_row_index(highlighted))

    def action_first_row(self) -> None:
        """Jump to the first creature in initiative order."""
        if self.row_count:
            self.move_cursor(row=0, animate=False)

    def action_last_row(self) -> None:
        """Jump to the last creature in initiative order."""
        if self.row_count:
            self.move_cursor(row=self.row_count - 1, animate=False)

    def toggle_mark(self, creature_id: str) -> None:
        """Mark or unmark one creature as a target."""
        if creature_id in self._marked:
            self._marked.discard(creature_id)
        else:
            self._marked.add(creature_id)
        self._update_row(creature_id)

    def mark_all(self, creature_ids: Iterable[str]) -> None:
        """Mark every one of ``creature_ids`` as a target (those marked stay marked)."""
        added = set(creature_ids) - self._marked
        self._marked |= added
        with self.app.batch_update():
            for creature_id in added:
                if creature_id in self._shown:
                    self._update_row(creature_id)

    def clear_marks(self) -> None:
        """Unmark every creature."""
        marked, self._marked = self._marked, set()
        with self.app.batch_update():
            for creature_id in marked:
                if creature_id in self._shown:
                    self._update_row(creature_id)

    def cut_words(self, creature_id: str) -> list[tuple[str, list[str], str]]:
        """What ``creature_id``'s row cannot show whole (:func:`cut_words`)."""
        if self._encounter is None or creature_id not in self._encounter.creatures:
            return []
        return cut_words(self._encounter, creature_id, self._widths)

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
            widths=self._widths,
        )

    def _add(self, creature_id: str) -> None:
        cells = self._cells(creature_id)
        self._shown[creature_id] = cells
        self.add_row(*(cells[key] for key, _ in COLUMNS if key in cells), key=creature_id)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        """Repaint only the row being updated when ``update_cell`` asks for the whole table.

        Over a slow link marking one row wrote every row of the table: 4.5 KB
        for one changed cell. The widths are fixed, so nothing else can move.
        """
        row = self._refreshing_row
        if row is not None and not regions and not layout and not recompose:
            return self.refresh_row(row)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _update_row(self, creature_id: str) -> None:
        """Update only the cells of one row whose text changed (the widths are fixed)."""
        cells = self._cells(creature_id)
        shown = self._shown.get(creature_id, {})
        self._refreshing_row = self.get_row_index(creature_id)
        try:
            for key in cells:
                if shown.get(key) != cells[key]:
                    self.update_cell(creature_id, key, cells[key], update_width=False)
        finally:
            self._refreshing_row = None
        self._shown[creature_id] = cells
