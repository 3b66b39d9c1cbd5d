"""The condition dialog (RULES §7): give, change or take a condition, with its value and
duration, on one creature or the marked ones, as one change; and the dying checks the tracker
answers like flat checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, Static

from core.catalog import conditions as condition_words
from core.text.i18n import N_, clauses, game_term, listing, tr
from tui.notices import say_error
from tui.screens.dialogs import NumberInput
from tui.widgets.roster_table import condition_lines

if TYPE_CHECKING:
    from core import Encounter
    from tui.app_protocol import LedgerApp

# The duration forms of RULES §7 as the GM types them; a number is that many of its turns.
# The words are English ids: the GM may type them, or the current language's words for them.
DURATION_WORDS = {
    "": None,
    N_("until removed"): None,
    N_("end of next turn"): condition_words.END_OF_NEXT,
    N_("start of next turn"): condition_words.START_OF_NEXT,
}
DURATION_HINTS = ("until removed", "end of next turn", "start of next turn", "1", "2", "3", "10")


def duration_hints() -> list[str]:
    """The suggestions of the duration field, in the current language."""
    return [tr(hint) if hint in DURATION_WORDS else hint for hint in DURATION_HINTS]


def duration_words() -> dict[str, int | str | None]:
    """The duration words the GM may type: the English ones and their current translation."""
    translated = {" ".join(tr(word).lower().split()): value
                  for word, value in DURATION_WORDS.items() if word}
    return {**translated, **DURATION_WORDS}


def parse_duration(text: str) -> int | str | None:
    """A duration as typed: empty / ``until removed``, ``end of next turn``, ``start …``, ``3``.

    ValueError in the GM's words otherwise.
    """
    words = " ".join(text.strip().lower().split())
    known = duration_words()
    if words in known:
        return known[words]
    for prefix in ("end", "start"):  # "end", "start of next" … are enough
        if words.startswith(prefix):
            return DURATION_WORDS[f"{prefix} of next turn"]
    words = words.removesuffix(" turns").removesuffix(" turn")
    if words.isdigit() and int(words) >= 1:
        return int(words)
    raise ValueError(tr("Duration: a number of turns, end of next turn, start of next turn, "
                        "or empty (until removed)."))


# Every change goes through the session (tui/session.py): it applies, announces and autosaves.


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
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="condition.cancel")]

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
        offered = list(dict.fromkeys([*present, *condition_words.catalogue(encounter.system).names]))
        with Vertical(classes="dialog-box wide") as box:
            # names, not markup
            box.border_title = Content(tr("Condition · {names}", names=listing(names)))
            if len(self.creature_ids) == 1:
                now = clauses(condition_lines(encounter, self.creature_ids[0])) or tr("none")
                yield Static(tr("Now: {now}", now=now), id="condition-now", markup=False)
            with Horizontal(classes="dialog-row"):
                yield Label(padded(tr("Condition")))
                # the name as the rules know it (frightened), which the GM types in any language
                yield Input(self.name_value, id="condition-name", placeholder=game_term("frightened"),
                            suggester=SuggestFromList(offered, case_sensitive=False),
                            compact=True)
            with Horizontal(classes="dialog-row"):
                yield Label(padded(tr("Value")))
                yield NumberInput("", id="condition-value", label=tr("Value"), minimum=0,
                                  placeholder=tr("none"), classes="number")
                yield Label(" " + tr("Duration") + " ")
                yield Input("", id="condition-duration", placeholder=tr("until removed"),
                            suggester=SuggestFromList(duration_hints(), case_sensitive=False),
                            compact=True)
            yield Static("", classes="dialog-error", markup=False)
            yield Label(tr("enter set · value 0 removes · esc cancel · → takes the suggestion"),
                        classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Check the fields and close with the choice."""
        event.stop()
        error = self.query_one(".dialog-error", Static)
        try:
            name = condition_words.condition_name(self.query_one("#condition-name", Input).value)
        except ValueError:
            error.update(tr("Type a condition (frightened, stunned …)."))
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


def padded(label: str, cells: int = 10) -> str:
    """``label`` and spaces to ``cells`` cells (a wide character takes two), one at least."""
    return label + " " * max(1, cells - cell_len(label))


def open_conditions(app: LedgerApp, creature_ids: list[str], name: str = "") -> None:
    """Ask for a condition, then give it to (or take it from) each creature."""
    if not creature_ids:
        return

    def apply(choice: ConditionChoice | None) -> None:
        if choice is not None:
            apply_condition(app, creature_ids, choice)

    app.push_screen(ConditionModal(app.session.encounter, creature_ids, name), apply)


def apply_condition(app: LedgerApp, creature_ids: list[str], choice: ConditionChoice) -> None:
    """RULES §7: value 0 removes; dying, wounded and doomed are set by hand like any other.

    On several creatures it is one change, one undo step, all or nothing.
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


# -- dying checks (RULES §7), answered on the tracker like flat checks ---------------------------


def dying_check(app: LedgerApp, creature_id: str, roll: int | None) -> str:
    """Record the GM's roll (or roll it); returns the result in words."""
    session = app.session
    return session.apply(lambda enc: enc.dying_check(creature_id, roll=roll, rng=session.rng),
                         {creature_id})
