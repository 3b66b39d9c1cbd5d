"""Running a session from the roster (issue 11): initiative, conditions, Stress, Fear, the party.

The roster's keys call the functions here, so the roster keeps one small block of
bindings. Which keys apply is asked of the rules, never of a system id: initiative where
``rules.has_initiative``, Fear where it has none (RULES §7: the GM orders the spotlight list),
Stress where ``rules.has_stress``.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, Static

from core import conditions
from tui.screens.dialogs import NumberInput
from tui.session_rules import has_fear
from tui.widgets.roster_table import condition_lines

if TYPE_CHECKING:
    from core import Encounter
    from tui.app import HitLedgerApp

# The duration forms of RULES §7 as the GM types them; a number is that many of its turns.
DURATION_WORDS = {
    "": None,
    "until removed": None,
    "end of next turn": conditions.END_OF_NEXT,
    "start of next turn": conditions.START_OF_NEXT,
}
DURATION_HINTS = ("until removed", "end of next turn", "start of next turn", "1", "2", "3", "10")


def parse_duration(text: str) -> int | str | None:
    """A duration as typed: empty / ``until removed``, ``end of next turn``, ``start …``, ``3``.

    ValueError in the GM's words otherwise.
    """
    words = " ".join(text.strip().lower().split())
    if words in DURATION_WORDS:
        return DURATION_WORDS[words]
    for prefix in ("end", "start"):  # "end", "start of next" … are enough
        if words.startswith(prefix):
            return DURATION_WORDS[f"{prefix} of next turn"]
    words = words.removesuffix(" turns").removesuffix(" turn")
    if words.isdigit() and int(words) >= 1:
        return int(words)
    raise ValueError("Duration: a number of turns, end of next turn, start of next turn, "
                     "or empty (until removed).")


# Every change goes through the session (tui/session.py): it applies, announces and autosaves.


def say_error(app: HitLedgerApp, error: ValueError) -> None:
    """A rule said no: one line in the GM's words, nothing changed."""
    text = str(error)
    app.notify(f"Not changed: {text[:1].upper()}{text[1:]}.".replace("..", "."), severity="error")


# -- conditions -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ConditionChoice:
    """What the GM typed: a condition, its value (None: plain, 0: remove) and duration."""

    name: str
    value: int | None = None
    duration: int | str | None = None


class ConditionModal(ModalScreen[ConditionChoice | None]):
    """Add, change or remove a condition; names come from the system's catalogue or as typed.

    | Key | Action |
    | :- | :- |
    | enter | Set the condition (value 0 removes it) |
    | escape | Cancel |
    | tab | Next field (→ takes the suggested name) |
    """

    # F1: a modal screen does not see the app's keys, and ? is typed into its field
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="condition.cancel")]

    def __init__(self, encounter: Encounter, creature_ids: list[str], name: str = "") -> None:
        """For ``creature_ids`` (one or the marked set); ``name`` fills the name field."""
        super().__init__(classes="dialog")
        self.encounter = encounter
        self.creature_ids = creature_ids
        self.name_value = name

    def compose(self) -> ComposeResult:
        """What the creatures have now, then name, value and duration."""
        encounter = self.encounter
        names = [encounter.creature(cid).name for cid in self.creature_ids]
        present = sorted({n for cid in self.creature_ids for n in encounter.conditions_of(cid)})
        offered = list(dict.fromkeys([*present, *conditions.catalogue(encounter.system).names]))
        with Vertical(classes="dialog-box wide") as box:
            box.border_title = Content("Condition · " + ", ".join(names))  # names, not markup
            if len(self.creature_ids) == 1:
                now = "; ".join(condition_lines(encounter, self.creature_ids[0])) or "none"
                yield Static(f"Now: {now}", id="condition-now", markup=False)
            with Horizontal(classes="dialog-row"):
                yield Label("Condition ")
                yield Input(self.name_value, id="condition-name", placeholder="frightened",
                            suggester=SuggestFromList(offered, case_sensitive=False),
                            compact=True)
            with Horizontal(classes="dialog-row"):
                yield Label("Value     ")
                yield NumberInput("", id="condition-value", label="Value", minimum=0,
                                  placeholder="none", classes="number")
                yield Label(" Duration ")
                yield Input("", id="condition-duration", placeholder="until removed",
                            suggester=SuggestFromList(DURATION_HINTS, case_sensitive=False),
                            compact=True)
            yield Static("", classes="dialog-error", markup=False)
            yield Label("enter set · value 0 removes · esc cancel · → takes the suggestion",
                        classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Check the fields and close with the choice."""
        event.stop()
        error = self.query_one(".dialog-error", Static)
        try:
            name = conditions.condition_name(self.query_one("#condition-name", Input).value)
        except ValueError:
            error.update("Type a condition (frightened, stunned …).")
            return
        field = self.query_one("#condition-value", NumberInput)
        try:
            value = field.number() if field.value.strip() else None
            duration = parse_duration(self.query_one("#condition-duration", Input).value)
        except ValueError as problem:
            error.update(str(problem))
            return
        self.dismiss(ConditionChoice(name, value, duration))

    def action_cancel(self) -> None:
        """Close without a change."""
        self.dismiss(None)


def open_conditions(app: HitLedgerApp, creature_ids: list[str], name: str = "") -> None:
    """Ask for a condition, then give it to (or take it from) each creature."""
    if not creature_ids:
        return

    def apply(choice: ConditionChoice | None) -> None:
        if choice is not None:
            apply_condition(app, creature_ids, choice)

    app.push_screen(ConditionModal(app.session.encounter, creature_ids, name), apply)


def apply_condition(app: HitLedgerApp, creature_ids: list[str], choice: ConditionChoice) -> None:
    """RULES §7: value 0 removes; dying, wounded and doomed are set by hand like any other.

    On several creatures it is one change, one undo step, all or nothing (issue 18).
    """
    session = app.session
    try:
        if choice.value == 0:
            event = session.apply(lambda enc: enc.remove_condition_many(creature_ids, choice.name),
                                  creature_ids)
        else:
            event = session.apply(lambda enc: enc.add_condition_many(
                creature_ids, choice.name, choice.value, choice.duration), creature_ids)
    except ValueError as error:
        say_error(app, error)
        return
    app.notify(event.headline)


# -- initiative (RULES §7) ----------------------------------------------------------------------


def unplaced(encounter: Encounter) -> list[str]:
    """Creatures whose initiative was never rolled nor set: still at 0, untouched by a roll."""
    touched = {cid for event in encounter.log if event.kind == "initiative"
               for cid in event.changed_ids}
    return [cid for cid in encounter.order
            if encounter.initiative(cid) == 0 and cid not in touched]


def roll_initiative(app: HitLedgerApp, marked: list[str]) -> None:
    """Roll for the marked creatures, else those not placed yet, else (asked) everyone."""
    encounter = app.session.encounter
    if not encounter.rules.has_initiative:
        app.notify(f"{encounter.rules.name} has no initiative: [ and ] order the spotlight list.",
                   severity="warning")
        return
    ids = marked or unplaced(encounter)
    if ids:
        _roll(app, ids)
        return
    if not encounter.order:
        return
    from tui.screens.dialogs import ConfirmModal

    app.push_screen(ConfirmModal("Everyone has an initiative. Roll again for everyone?"),
                    lambda yes: _roll(app, list(encounter.order)) if yes else None)


def _roll(app: HitLedgerApp, ids: list[str]) -> None:
    session = app.session
    encounter = session.encounter
    rolled = session.apply(lambda enc: enc.roll_initiative(ids, rng=session.rng), ids)
    app.notify(encounter.log[-1].text if len(rolled) <= 3
               else f"Initiative rolled for {len(rolled)} creatures (l shows the dice).")


def ask_initiative(app: HitLedgerApp, creature_id: str | None) -> None:
    """Give the highlighted creature a new initiative (delay, ready, a late arrival)."""
    from tui.screens.dialogs import PromptModal, read_number

    if creature_id is None:
        return
    session = app.session
    encounter = session.encounter
    creature = encounter.creature(creature_id)

    def check(text: str) -> str | None:
        try:
            read_number(text, "Initiative")
        except ValueError as error:
            return str(error)
        return None

    def done(text: str | None) -> None:
        if text is None:
            return
        session.apply(lambda enc: enc.set_initiative(creature_id, int(text)), None)
        app.notify(encounter.log[-1].text)

    app.push_screen(PromptModal(f"New initiative for {creature.name} (now "
                                f"{encounter.initiative(creature_id)}; a delay or ready goes "
                                "after those already at it):",
                                value=str(encounter.initiative(creature_id)), check=check), done)


def move(app: HitLedgerApp, creature_id: str | None, places: int) -> bool:
    """Move a creature up (−1) or down (+1) the order; False when it cannot go further."""
    if creature_id is None:
        return False
    try:
        app.session.apply(lambda enc: enc.move_in_order(creature_id, places), None)
    except ValueError as error:
        app.notify(str(error)[:1].upper() + str(error)[1:] + ".", severity="warning")
        return False
    return True


# -- Daggerheart: Stress and Fear (RULES §7) ---------------------------------------------------


def stress(app: HitLedgerApp, creature_ids: list[str], mark: bool) -> None:
    """Mark (or clear) 1 Stress on each creature, as one undo step; with no slot left it marks
    1 HP instead."""
    session = app.session
    encounter = session.encounter
    if not encounter.rules.has_stress:
        app.notify(f"{encounter.rules.name} has no Stress.", severity="warning")
        return
    if not creature_ids:
        return
    try:
        session.apply(lambda enc: (enc.mark_stress_many if mark else enc.clear_stress_many)(
            creature_ids, 1), creature_ids)
    except ValueError as error:
        say_error(app, error)
        return
    app.notify(encounter.log[-1].headline)


def hope(app: HitLedgerApp, creature_ids: list[str], mark: bool) -> None:
    """Each PC among ``creature_ids`` marks (or spends) 1 Hope (0–6), as one undo step."""
    encounter = app.session.encounter
    pcs = [cid for cid in creature_ids if encounter.creature(cid).pc]
    if not pcs:
        app.notify("Only PCs have Hope: highlight or mark a PC.", severity="warning")
        return
    verb = "marks" if mark else "spends"

    def change(enc: Any) -> None:
        with enc.one_step(f"Hope: {len(pcs)} PC{'s' if len(pcs) > 1 else ''} {verb} 1"):
            for cid in pcs:
                (enc.mark_hope if mark else enc.spend_hope)(cid, 1)

    try:
        app.session.apply(change, pcs)
    except ValueError as error:
        say_error(app, error)
        return
    app.notify(encounter.log[-1].headline)


def fear(app: HitLedgerApp, gain: bool) -> None:
    """The GM gains or spends 1 Fear (0–12)."""
    session = app.session
    encounter = session.encounter
    if not has_fear(encounter.rules):
        app.notify(f"{encounter.rules.name} has no Fear.", severity="warning")
        return
    try:
        session.apply(lambda enc: (enc.gain_fear if gain else enc.spend_fear)(1), ())
    except ValueError as error:
        say_error(app, error)
        return
    app.notify(encounter.log[-1].text)


# -- dying checks (RULES §7), answered on the tracker like flat checks ---------------------------


def dying_check(app: HitLedgerApp, creature_id: str, roll: int | None) -> str:
    """Record the GM's roll (or roll it); returns the result in words."""
    session = app.session
    return session.apply(lambda enc: enc.dying_check(creature_id, roll=roll, rng=session.rng),
                         {creature_id})


# -- the party and the log -------------------------------------------------------------------


def next_encounter_keeping_party(app: HitLedgerApp, name: str) -> None:
    """A new encounter with the PCs as they are; the finished one is kept as a save first
    (in a worker: when that fails the GM is told why and the fight stays on screen)."""
    app.persistence.keep_finished_encounter(partial(carry_party, app, name))


def carry_party(app: HitLedgerApp, name: str, kept: Path | None) -> None:
    """Start ``name`` with the PCs of the encounter on screen; the finished one is in the
    save ``kept`` (None: an untouched demo or new encounter, in no file)."""
    session = app.session
    old = session.encounter
    party = [cid for cid in old.order if old.creature(cid).pc]
    new = old.next_encounter(name)
    session.replace(new, party=True)
    # one notice (a second would replace it at once), the file name last, in 70 cells
    if kept is not None:
        then = f"The last one is in {kept.name}."
    else:
        then = "i rolls initiative." if new.rules.has_initiative else ""
    app.notify(f"{name}: {pcs(len(party))} carried over. {then}".rstrip(), timeout=10)


def pcs(count: int) -> str:
    """``1 PC``, ``4 PCs``, ``no PCs``."""
    return "no PCs" if count == 0 else f"{count} PC" + ("s" if count > 1 else "")


def ask_next_encounter(app: HitLedgerApp) -> None:
    """Ask the new encounter's name, then start it with the party (not while a keep is under
    way: the name typed would be refused)."""
    from tui.screens.dialogs import PromptModal
    from tui.screens.saves_browser import check_name

    if app.persistence.still_keeping():
        return
    name = app.session.encounter.name
    app.push_screen(PromptModal(f"Next encounter keeping the PCs ({name} is saved, ctrl+o lists "
                                "it). Its name:", value="Next encounter", check=check_name),
                    lambda name: next_encounter_keeping_party(app, name) if name else None)


def default_log_path(encounter: Encounter) -> Path:
    """``<data dir>/<encounter>-log.md``."""
    import saves

    return saves.data_dir() / f"{saves.slugify(encounter.name)}-log.md"


MAX_LOG_NAMES = 1000
"""``notes-2.md`` … ``notes-1000.md``: past these the export says the folder is full of them."""


def free_names(path: Path) -> Iterator[Path]:
    """``path``, then ``<stem>-2<suffix>`` … up to MAX_LOG_NAMES: the names a log may take."""
    from saves.names import numbered

    return islice(numbered(path), MAX_LOG_NAMES)


def free_log_path(path: Path) -> Path:
    """The first of :func:`free_names` that is not there yet (what the prompt offers)."""
    return next((name for name in free_names(path) if not name.exists()), path)


def write_log(encounter: Encounter, path: Path, markdown: str | None = None) -> Path:
    """Write the log as Markdown to ``path`` or, when a file is there, the next free name:
    an export never overwrites (the GM's notes, or an earlier export, are kept). The path
    written is returned; OSError says why none was.

    ``markdown``: the log already written out, on the UI thread, for a worker that must not
    read the encounter while a key press changes it (the encounter gives the file's name).
    """
    from core.log_export import log_markdown

    path = Path(os.path.abspath(path.expanduser()))  # a relative path: from the working folder
    if path.is_dir():
        path = path / default_log_path(encounter).name
    check_log_place(path)
    text = log_markdown(encounter) if markdown is None else markdown
    for name in free_names(path):
        try:
            with name.open("x", encoding="utf-8") as file:  # "x": never over a file there
                file.write(text)
        except FileExistsError:
            continue
        return name
    raise FileExistsError(f"{path.name} and {MAX_LOG_NAMES - 1} numbered copies are there already")


def check_log_place(path: Path) -> None:
    """OSError unless ``path`` may take a log: a folder that is there and writable (none is
    made), and a plain file or nothing at the name (never a device, a FIFO or a link to one:
    issue 17, item 11)."""
    folder = path.parent
    if not folder.is_dir():
        raise FileNotFoundError(errno.ENOENT, "no such folder (a log goes into one that is there)",
                                str(folder))
    if not os.access(folder, os.W_OK):
        raise PermissionError(errno.EACCES, "the folder cannot be written", str(folder))
    if os.path.lexists(path) and not path.is_file():
        raise OSError(errno.EINVAL, "not a plain file (a log is written only into one)",
                                str(path))


def ask_export_log(app: HitLedgerApp, encounter: Encounter | None = None, *,
                   say: Callable[..., object] | None = None) -> None:
    """Ask where (the data dir by default), then write the log as Markdown.

    The log of the encounter on screen, or of ``encounter`` (a save the saves screen read).
    The files are looked at (:func:`offer_log_path`) and written (:func:`export_log`) in
    workers: a slow data dir never freezes the app, a broken one never ends it. ``say`` tells
    the GM how it went on the asking screen's own line (the saves screen's, whole) while that
    screen is the one on top; otherwise the app's notice says it.
    """
    encounter = encounter or app.session.encounter
    asking = app.screen

    def tell(message: str, **options: Any) -> None:
        (say if say is not None and app.screen is asking else app.notify)(message, **options)

    app.run_worker(partial(offer_log_path, app, tell, encounter), thread=True,
                   group="export-log")


def offer_log_path(app: HitLedgerApp, tell: Callable[..., None], encounter: Encounter) -> None:
    """In a worker: find the first free name in the data dir, then, on the UI thread, ask
    where the log goes (:func:`ask_log_path`), or ``tell`` why it cannot be written."""
    try:
        offered = free_log_path(default_log_path(encounter))
    except Exception as error:  # noqa: BLE001 - an unusable data dir: said, the app runs on
        app.call_later(tell, f"Log not written: {log_error_words(error)}", severity="error")
        return
    app.call_later(ask_log_path, app, tell, encounter, offered)


def ask_log_path(app: HitLedgerApp, tell: Callable[..., None], encounter: Encounter,
                 offered: Path) -> None:
    """On the UI thread: ask where, offering ``offered``; then export in a worker."""
    from core.log_export import log_markdown
    from tui.screens.dialogs import PromptModal

    def chosen(text: str | None) -> None:
        if text:
            # the log is written out here, on the UI thread, while the encounter holds still
            work = partial(export_log, app, tell, encounter, Path(text), log_markdown(encounter))
            app.run_worker(work, thread=True, group="export-log")

    app.push_screen(PromptModal("Export the log as Markdown to:", value=str(offered)), chosen)


def export_log(app: HitLedgerApp, tell: Callable[..., None], encounter: Encounter, asked: Path,
               markdown: str) -> None:
    """In a worker: write ``markdown`` (see :func:`write_log`), then ``tell`` where, on the UI
    thread; whatever goes wrong (a path such as ``~nobody/log.md`` too) is told, never raised."""
    try:
        asked = Path(os.path.abspath(asked.expanduser()))
        path = write_log(encounter, asked, markdown)
        kept = f" ({asked.name} was there: kept)" if asked.is_file() and path != asked else ""
    except Exception as error:  # noqa: BLE001 - said; the app runs on
        app.call_later(tell, f"Log not written: {log_error_words(error)}", severity="error")
        return
    app.call_later(tell, f"Log written to {path}{kept}.")


def log_error_words(error: Exception) -> str:
    """Why the log was not written: a file error says what and where (``Not a directory:
    /mnt/notes/data``), anything else its own words."""
    if isinstance(error, OSError) and error.strerror:
        return f"{error.strerror}: {error.filename}" if error.filename else error.strerror
    return str(error)
