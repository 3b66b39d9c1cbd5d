"""Paste a stat block as printed (RULES §8): see what was understood, then add it.

The terminal's bracketed paste arrives as one Paste event and the text area takes it whole,
line breaks kept. Each change is read again by the core (``rules.from_statblock``): the
dialog shows what it understood field by field, or where it stopped (line, column and a
caret under the place). ``enter`` closes with the creature (its block kept on it) and the
count; the caller adds it.

Reading is done in a worker thread, one at a time, so that typing never waits for it (a long
block read at every key froze the app): while one reads, later changes only note the newest
text, read as soon as it is done; a result for a text no longer in the box is dropped.
``enter`` while the newest text is being read adds it once read.
"""

from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static, TextArea

from core.text.cells import cells
from core.text.i18n import N_, listing, tr
from core.text.plain_text import without_controls
from tui.screens.creature_fields import read_count, summary
from tui.screens.dialogs import NumberInput

if TYPE_CHECKING:
    from core import Creature, ParseError

EMPTY_HINT = N_("Paste the block as printed (your terminal's paste keeps its lines).")
PATHBUILDER_HINT = N_("Paste the block as printed, or a PC's Pathbuilder 2e JSON export.")


def error_text(error: ParseError, text: str) -> str:
    """Where the reader stopped: ``line 3, column 5: message``, the line and a caret under it.

    The error's position is an index into the pasted text; the GM counts lines. A terminal's
    paste may break lines with CR alone: those count as breaks, one character for one.
    """
    text = text.replace("\r\n", " \n").replace("\r", "\n")
    position = max(0, min(error.position, len(text)))
    start = text.rfind("\n", 0, position) + 1
    end = text.find("\n", position)
    line = text[start:] if end == -1 else text[start:end]
    line = line.rstrip()
    number = text.count("\n", 0, position) + 1
    column = position - start
    message = getattr(error, "detail", None) or re.sub(r"^line \d+: ", "", error.message)  # the line is named here
    head = tr("✗ line {line}, column {column}: {message}", line=number, column=column + 1,
              message=message)
    return f"{head}\n{line}\n{' ' * cells(line[:column])}^"


def unread_in(text: str, system: str) -> tuple[str, ...]:
    """What the block says that nothing read (RULES §10): its lines that look like statistics
    but were not read, then the words of the lines read that nothing acted on, as pasted."""
    from core.statblocks import read_statblock

    try:
        block = read_statblock(text, system)
    except ValueError:      # read once already: a block from_statblock took reads again
        return ()
    return (*block.unread, *(word.text for word in block.not_read))


def paste_summary(rules: Any, creature: Creature, unread: tuple[str, ...] = ()) -> str:
    """What the block gives, a field a line: the bestiary's summary with the numbers read
    (AC, saves, Perception, level) and each attack's bonus, a Daggerheart Horde's
    damage, then every line and word that was not read (RULES §10)."""
    from core.table.numbers import numbers_of

    fields = dict(summary(rules, creature))
    if creature.pc:     # a PC from Pathbuilder's JSON
        fields[tr("Name")] = tr("{name} (PC)", name=creature.name)
    numbers = numbers_of(creature, rules.id)    # a fresh creature: as printed
    from core.table.difficulty import rank_text

    level = [numbers.text(key) for key in ("level", "tier") if key in numbers]
    level = [rank_text(rules.id, creature)] * bool(rank_text(rules.id, creature)) + level  # §10
    attacks = tr("Attacks")
    fields[tr("Numbers")] = " · ".join([*level, numbers.line()] if numbers.line() else level) \
        or tr("none read")
    fields[attacks] = listing(
        f"{a.label}" + (f" {a.bonus:+d}" if a.bonus is not None else "") + f" {a.damage}"
        for a in creature.attacks) or tr("none")
    order = [label for label in fields if label != attacks] + [attacks]
    if creature.horde:      # Horde (X): what its attack deals once half its HP is marked
        fields[tr("Horde")] = tr("{damage} at half HP marked", damage=creature.horde)
        order.append(tr("Horde"))
    lines = [_padded(label) + fields[label] for label in order]
    if unread:
        lines.append(_padded(tr("Not read")) + f"({len(unread)}) " * (len(unread) > 1)
                     + " · ".join(unread))
    return "\n".join(lines)


def read_block(rules: Any, text: str) -> tuple[Creature | None, str, bool]:
    """What the core reads in ``text``: the creature (None if it stopped), the preview to show
    (the fields, or where it stopped) and whether it stopped. Any thread may call it.

    Control characters are removed first (and said); JSON where the system reads it is
    Pathbuilder 2e's export (a PC)."""
    from core import ParseError

    text, pasted = without_controls(text, lines=True), text
    removed = tr("Control characters removed (a terminal would obey them).") + "\n" \
        if text != pasted else ""
    if not text.strip():
        return None, tr(PATHBUILDER_HINT if hasattr(rules, "from_pathbuilder") else EMPTY_HINT), False
    try:
        creature = _reader(rules, text)(text)
    except ValueError as error:  # a ParseError with its position, never a traceback
        return None, removed + (error_text(error, text) if isinstance(error, ParseError)
                                else f"✗ {error}"), True
    # one line a field, cut at the edge (CSS): the Attacks line stays in view under long
    # defenses
    return creature, removed + paste_summary(rules, creature, unread_in(text, rules.id)), False


def _reader(rules: Any, text: str) -> Any:
    """``rules.from_statblock``, or for JSON where the system reads it, Pathbuilder 2e's
    export (a PC)."""
    from core.systems.pathbuilder import is_pathbuilder

    reader = getattr(rules, "from_pathbuilder", None)
    return reader if reader is not None and is_pathbuilder(text) else rules.from_statblock


def _padded(label: str) -> str:
    """A label and the spaces up to the values' column (9 cells; full-width counts 2)."""
    return label + " " * max(9 - cells(label), 1)


class BlockArea(TextArea):
    """The text area of the paste dialog: ``ctrl+j`` (or shift+enter) types a line break,
    since ``enter`` adds the creature."""

    BINDINGS = [Binding("ctrl+j,shift+enter", "newline", N_("New line"), show=False,
                        id="paste.newline")]

    def action_newline(self) -> None:
        """Insert a line break at the cursor."""
        self.insert("\n")


class StatblockPasteScreen(ModalScreen[tuple["Creature", int] | None]):
    """A stat block pasted whole, read as it is typed, added with a count.

    | Key | Action |
    | :- | :- |
    | enter | Add the creature read (count times) |
    | ctrl+j | A line break in the block |
    | tab | To the count |
    | escape | Cancel |
    """

    CSS = """
    StatblockPasteScreen .dialog-row Input { margin: 0; }
    StatblockPasteScreen BlockArea { height: 8; }
    StatblockPasteScreen #paste-preview { height: 8; text-wrap: nowrap; text-overflow: ellipsis; }
    StatblockPasteScreen #paste-preview.-error { color: $text-error; text-wrap: wrap; }
    StatblockPasteScreen .dialog-row { height: 1; }
    """
    AUTO_FOCUS = "BlockArea"
    BINDINGS = [
        Binding("enter", "add", N_("Add"), priority=True, id="paste.add",
                tooltip=N_("Add the creature read from the block (count times)")),
        Binding("escape", "cancel", N_("Cancel"), id="paste.cancel"),
        # a modal screen does not see the app's keys; ? would be typed into a field
    ]

    def __init__(self, rules: Any, count: int | None = 1, text: str = "") -> None:
        """Read blocks by ``rules``; ``count`` starts as the add form's (None: the bestiary
        keeps one template, no count asked)."""
        super().__init__(classes="dialog")
        self.rules = rules
        self.count = count
        self.text = text
        self.creature: Creature | None = None
        self._newest = text           # the text in the box, to be read
        self._reading = False         # a worker is reading (one at a time)
        self._add_when_read = False   # enter came while the newest text was being read

    def compose(self) -> ComposeResult:
        """The block, what it says, the count."""
        with Vertical(id="paste-box", classes="dialog-box wide") as box:
            box.border_title = (tr("Paste a stat block · {system}", system=self.rules.name)
                                if self.count is not None else
                                tr("Paste a stat block into the bestiary · {system}",
                                   system=self.rules.name))
            yield BlockArea(self.text, show_line_numbers=True, id="block")
            yield Static(self._hint(), id="paste-preview", markup=False)
            with Horizontal(classes="dialog-row"):
                if self.count is not None:
                    yield Label(tr("Count") + " ")
                    yield NumberInput(str(self.count), id="paste-count", label=tr("Count"),
                                      default=1, minimum=1, classes="number")
                yield Static("", classes="dialog-error", id="paste-error", markup=False)
            yield Label(tr("enter add · ^j new line · tab count · esc cancel")
                        if self.count is not None
                        else tr("enter keep in the bestiary · ^j new line · esc cancel"),
                        classes="dialog-hint")

    def _hint(self) -> str:
        """What the empty dialog asks for: a block, or also Pathbuilder's JSON where the
        system reads it."""
        return tr(PATHBUILDER_HINT if hasattr(self.rules, "from_pathbuilder") else EMPTY_HINT)

    def on_mount(self) -> None:
        """Read a block given up front."""
        self.read(self.text)

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        """Read the block again at each change."""
        event.stop()
        self.read(event.text_area.text)

    @property
    def pending(self) -> bool:
        """Whether the text in the box is not read yet."""
        return self._reading or self._newest != self.text

    def read(self, text: str) -> None:
        """Read ``text`` in a worker (after the one reading now, if any) and show it then."""
        self._newest = text
        self.creature = None
        if not self._reading:
            self._reading = True
            self.run_worker(partial(self._read_off_screen, text), thread=True,
                            group="paste-read", exit_on_error=False)

    def _read_off_screen(self, text: str) -> None:
        """In the worker: read ``text``, then hand what was read to the screen."""
        try:
            result = read_block(self.rules, text)
        except Exception as error:  # noqa: BLE001 - a reader's bug: said in the box, no traceback
            result = (None, f"✗ {error}", True)
        try:
            self.app.call_from_thread(self._read_done, text, result)
        except RuntimeError:  # the app is gone meanwhile: nothing to show
            pass

    def _read_done(self, text: str, result: tuple[Creature | None, str, bool]) -> None:
        """On the UI thread: show the result if its text is still the box's, else read the
        newest text now."""
        self._reading = False
        if not self.is_attached:
            return
        if text != self._newest:
            self.read(self._newest)
            return
        self.text = text
        self.creature, shown, failed = result
        preview = self.query_one("#paste-preview", Static)
        preview.set_class(failed, "-error")
        preview.update(shown)
        if self._add_when_read:
            self._add_when_read = False
            self.action_add()

    def action_add(self) -> None:
        """Close with the creature read and the count, or say what is missing."""
        error = self.query_one("#paste-error", Static)
        if self.pending:
            self._add_when_read = True  # added as soon as the newest text is read
            return
        if self.creature is None:
            error.update(tr("Nothing read yet: fix the block first."))
            return
        try:
            count = 1 if self.count is None else \
                read_count(self.query_one("#paste-count", NumberInput).value)
        except ValueError as problem:
            error.update(str(problem))
            return
        self.dismiss((self.creature, count))

    def action_cancel(self) -> None:
        """Close without adding."""
        self.dismiss(None)
