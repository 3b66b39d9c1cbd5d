"""The persistent-condition tracker: every persistent damage and temporary immunity, and their checks."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Label, Select, Static

from core.text.cells import cells as cell_count
from core.text.i18n import N_, tr
from tui.screens.base import HitLedgerScreen
from tui.screens.dialogs import NumberInput, PromptModal
from tui.session_rules import tracker_applies
from tui.widgets.log_panel import NoticeLine, cells, event_line, show_text
from tui.widgets.roster_table import fit, fit_name
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.word_checkbox import WordCheckbox

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.content import Content

    from core import Encounter, Event
    from tui.session import Change

WHEN = {"start": N_("start of turn"), "end": N_("end of turn")}
SECTIONS = {"immunities": N_("Temporary immunities"),
            "conditions": N_("Conditions and dying checks")}
"""The tables with a section line above it, and that line's words."""
ABOVE_CONDITIONS = ("persistent", "immunities")
"""The tables above the conditions table, which takes the lines they leave."""
FIXED_LINES = 1 + 1 + 3
"""The title, the footer and the last event (its rule and two lines)."""


def rows_below(table: DataTable[Any]) -> int:
    """Rows of ``table`` below what it shows (0 before it is laid out)."""
    if table.size.height == 0:
        return 0
    shown = max(table.size.height - 1, 0)  # the header line aside
    return max(table.row_count - int(table.scroll_y) - shown, 0)


def padded(label: str, width: int) -> str:
    """``label`` and spaces to ``width`` cells (at least one space after it)."""
    return label + " " * max(width - cell_count(label), 1)


def factor_text(factor: float) -> str:
    """``1``, ``2`` or ``½``."""
    if factor == 0.5:
        return "½"
    return str(int(factor)) if float(factor).is_integer() else str(factor)


def check_words(last_check: str) -> str:
    """The last flat check in the language spoken: ``12 failed`` (stored in English) → ``12 失敗``."""
    value, _, outcome = last_check.partition(" ")
    if outcome == "failed":
        return tr("{value} failed", value=value)
    return last_check


def condition_row(name: str, condition: Any) -> tuple[Text, ...]:
    """One persistent condition as table cells."""
    left = "—" if condition.rounds_left is None else str(condition.rounds_left)
    check = check_words(condition.last_check) if condition.last_check else "—"
    if condition.pending_check:
        check = tr("{check} · check due", check=check) if condition.last_check \
            else tr("check due")
    return (
        Text(fit_name(name, 18)),
        Text(fit(replace(condition, factor=1.0).label, 14)),   # the factor has its column
        Text(factor_text(condition.factor)),
        Text(fit(tr(WHEN[condition.timing]) if condition.timing in WHEN else condition.timing,
                 13)),
        Text(left),
        Text(check),
    )


@dataclass(frozen=True)
class TrackerAddition:
    """What to add: persistent damage (``text``) or an immunity (``effect`` for ``rounds``)."""

    creature_id: str
    text: str = ""
    critical: bool = False
    effect: str = ""
    rounds: int = 0


class AddConditionModal(ModalScreen[TrackerAddition | None]):
    """Add persistent damage (``1d6 bleed``) or a temporary immunity to a creature."""

    # F1: a modal screen does not see the app's keys, and ? is typed into its field
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="tracker_add.cancel")]

    def __init__(self, encounter: Encounter, creature_id: str | None) -> None:
        """Offer the encounter's creatures, ``creature_id`` first."""
        super().__init__(classes="dialog")
        self.encounter = encounter
        self.creature_id = creature_id or (encounter.order[0] if encounter.order else None)

    def compose(self) -> ComposeResult:
        """Creature, persistent damage, or immunity and rounds."""
        options = [(self.encounter.creature(cid).name, cid) for cid in self.encounter.order]
        with Vertical(classes="dialog-box wide") as box:
            box.border_title = tr("Add a persistent condition")
            yield Select(options, value=self.creature_id or Select.BLANK, allow_blank=False,
                         id="creature", compact=True)
            with Horizontal(classes="dialog-row"):
                yield Label(padded(tr("Damage"), 9))
                yield Input("", id="text", placeholder=tr("1d6 bleed"), compact=True)
                yield WordCheckbox(tr("critical"), id="critical", compact=True)
            yield Label(tr("or a temporary immunity:"))
            with Horizontal(classes="dialog-row"):
                yield Label(padded(tr("Immune to"), 10))
                yield Input("", id="effect", placeholder=tr("frightened"), compact=True)
                yield Label(" " + tr("rounds") + " ")
                yield NumberInput("10", id="rounds", label=tr("Rounds"), minimum=1,
                                  classes="number")
            yield Static("", classes="dialog-error", markup=False)
            yield Label(tr("enter add · esc cancel · tab next"), classes="dialog-hint")

    def on_input_changed(self, event: Input.Changed) -> None:
        """The rounds field says at once what is wrong with it."""
        if isinstance(event.input, NumberInput):
            event.stop()
            self.query_one(".dialog-error", Static).update(event.input.problem())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in any field adds."""
        event.stop()
        self.action_add()

    def on_word_checkbox_submitted(self, event: WordCheckbox.Submitted) -> None:
        """Enter on the critical box adds too (space toggles it)."""
        event.stop()
        self.action_add()

    def action_add(self) -> None:
        """Check and close with the addition."""
        creature_id = self.query_one("#creature", Select).value
        text = self.query_one("#text", Input).value.strip()
        effect = self.query_one("#effect", Input).value.strip()
        error = self.query_one(".dialog-error", Static)
        if not isinstance(creature_id, str):
            error.update(tr("Pick a creature."))
            return
        if text:
            try:
                self.encounter.rules.parse_damage(text)
            except ValueError as problem:
                error.update(f"{getattr(problem, 'message', problem)}")
                return
            critical = self.query_one("#critical", WordCheckbox).value
            self.dismiss(TrackerAddition(creature_id, text=text, critical=critical))
        elif effect:
            try:
                rounds = self.query_one("#rounds", NumberInput).number()
            except ValueError as problem:
                error.update(str(problem))
                return
            self.dismiss(TrackerAddition(creature_id, effect=effect, rounds=rounds))
        else:
            error.update(tr("Type persistent damage (1d6 bleed) or an effect to be immune to."))

    def action_cancel(self) -> None:
        """Close without adding."""
        self.dismiss(None)


class TrackerScreen(HitLedgerScreen[None]):
    """Persistent damage and temporary immunities of the whole encounter.

    | Key | Action |
    | :- | :- |
    | a | Add persistent damage or an immunity |
    | x | Remove the highlighted condition |
    | t | Tick the highlighted condition now |
    | f | Flat check or dying check (roll it, or type the roll from the table) |
    | F | Resolve every pending flat check and dying check |
    | c | Add, change or remove a condition (value and duration) |
    | n | Next turn |
    | escape | Back to the roster |
    """

    CSS_PATH = "tracker.tcss"
    AUTO_FOCUS = "#persistent"

    # the footer shows what fits 80 columns beside the app's u and ?; help lists them all
    BINDINGS = [
        Binding("a", "add", N_("Add"), id="tracker.add",
                tooltip=N_("Add persistent damage or a temporary immunity")),
        Binding("x", "remove", N_("Remove"), id="tracker.remove"),
        Binding("t", "tick", N_("Tick"), show=False, id="tracker.tick",
                tooltip=N_("Roll the highlighted persistent damage now")),
        Binding("f", "flat_check", N_("Check"), id="tracker.flat_check",
                tooltip=N_("Flat check or dying check (roll it, or type the roll from the table)")),
        Binding("F", "resolve_all", N_("Check all"), key_display="F", show=False,
                id="tracker.resolve_all", tooltip=N_("Roll every pending flat check and dying check")),
        Binding("c", "condition", N_("Condition"), id="tracker.condition",
                tooltip=N_("Add, change or remove a condition (value and duration)")),
        Binding("n", "next_turn", N_("Next turn"), show=False, id="tracker.next_turn"),
        Binding("escape", "back", N_("Back"), id="tracker.back"),
    ]

    def __init__(self, last_event: Event | None = None, near: str | None = None) -> None:
        """The tracker reads the session's encounter each time it changes; ``last_event``: the
        turn that opened it; ``near``: the creature under the roster's cursor (``a`` adds to it)."""
        super().__init__()
        self.last_event = last_event
        self.near = near
        self._notice_line = NoticeLine(self, self._put_notice)

    def compose(self) -> ComposeResult:
        """Title, conditions, immunities, what happened last."""
        yield Static("", id="tracker-title", markup=False)
        yield DataTable(cursor_type="row", id="persistent")
        yield Static(tr(SECTIONS["immunities"]), classes="section", id="immunities-section")
        yield DataTable(cursor_type="row", id="immunities")
        yield Static(tr(SECTIONS["conditions"]), classes="section", id="conditions-section")
        yield DataTable(cursor_type="row", id="conditions")
        yield Static("", id="last-event", markup=False)
        yield SteadyFooter(compact=True)

    def on_mount(self) -> None:
        """Set up columns and show the conditions."""
        persistent = self.query_one("#persistent", DataTable)
        columns = {
            "#persistent": ((N_("Creature"), 18), (N_("Damage"), 14), ("×", 2), (N_("When"), 13),
                            (N_("Left"), 4), (N_("Last check"), None)),
            "#immunities": ((N_("Creature"), 18), (N_("Immune to"), 20), (N_("Until"), None)),
            "#conditions": ((N_("Creature"), 18), (N_("Condition"), 20),
                            (N_("Lasts / check"), None)),
        }
        for table_id, labels in columns.items():
            table = self.query_one(table_id, DataTable)
            for label, width in labels:
                words = tr(label)
                table.add_column(words if width is None else fit(words, width), width=width)
        persistent = self.query_one("#persistent", DataTable)
        # only the tables the rules have: persistent damage, immunities that end in a round
        rules = self.encounter.rules
        persistent.display = tracker_applies(rules, "tick")
        for part in ("#immunities-section", "#immunities"):
            self.query_one(part).display = rules.counts_rounds
        self.show_conditions()
        self.session.changed_signal.subscribe(self, self._show_change, immediate=True)

    def _show_change(self, change: Change) -> None:
        """Any change: refill; a change that is the newest in the log (made here or by a
        dialog over this screen, a turn, a redo) shows what happened; an undo does not."""
        log = self.encounter.log
        self.show_conditions(change.event if log and change.event is log[-1] else None)

    def show_conditions(self, event: Event | None = None) -> None:
        """Show every condition; ``event`` (a turn's result) goes in the last line.

        These tables hold a handful of rows, and a tick can end or renumber conditions,
        so they are refilled rather than patched cell by cell as the roster is.
        """
        if event is not None:
            self.last_event = event
        encounter = self.encounter
        rules = encounter.rules
        # RULES §7: a system without rounds (Daggerheart) names none; without persistent
        # damage the screen holds the GM's conditions only
        what = tr("Persistent conditions") if rules.has_persistent_damage else tr("Conditions")
        self.title_text = f"{what} · {encounter.name}"
        if rules.counts_rounds:
            self.title_text += " · " + tr("Round {round}", round=encounter.round)
        show_text(self.query_one("#tracker-title", Static), self.title_text)
        persistent = self.query_one("#persistent", DataTable)
        immunities = self.query_one("#immunities", DataTable)
        cursor_p, cursor_i = persistent.cursor_row, immunities.cursor_row
        persistent.clear()
        immunities.clear()
        for creature_id in encounter.order:
            creature = encounter.creature(creature_id)
            for index, condition in enumerate(creature.persistent):
                persistent.add_row(*condition_row(creature.name, condition),
                                   key=f"{creature_id}|{index}")
            for index, immunity in enumerate(creature.temp_immunities):
                immunities.add_row(Text(fit_name(creature.name, 18)),
                                   Text(fit(immunity.effect, 20)),
                                   Text(tr("round {round}", round=immunity.until_round)),
                                   key=f"{creature_id}|{index}")
        if persistent.row_count == 0:
            persistent.add_row(Text(tr("none")), *[Text("")] * 5, key="none")
        self._show_gm_conditions()
        persistent.move_cursor(row=min(cursor_p, persistent.row_count - 1))
        immunities.move_cursor(row=min(cursor_i, max(immunities.row_count - 1, 0)))
        self.query_one("#last-event", Static).update(self._event_text())
        self._fit_conditions()
        self.refresh_bindings()

    # -- rows that do not fit (play report S8-2: 5 of 8 rows showed, and no sign of the rest) --

    def _fit_conditions(self) -> None:
        """The conditions table takes the lines the other tables leave; then say what is hidden."""
        tables = [self.query_one(f"#{table_id}", DataTable) for table_id in ABOVE_CONDITIONS]
        # what shows: a system without persistent damage or rounds hides those tables
        used = sum(min(table.row_count + 1, cells(table.styles.max_height) or table.row_count + 1)
                   for table in tables if table.display)
        used += sum(1 for section in self.query(".section") if section.display)
        room = self.size.height - FIXED_LINES - used
        self.query_one("#conditions", DataTable).styles.max_height = max(room, 3)
        self.call_after_refresh(self._show_hidden_rows)

    def _show_hidden_rows(self) -> None:
        """``+3 more ↓`` after a table's title when rows are below what it shows."""
        def hint(table_id: str) -> str:
            below = rows_below(self.query_one(f"#{table_id}", DataTable))
            return tr(" · +{count} more ↓", count=below) if below else ""

        # each key that moves a cursor asks again: show_text draws only a line that changed
        show_text(self.query_one("#tracker-title", Static), self.title_text + hint("persistent"))
        for table_id, words in SECTIONS.items():
            show_text(self.query_one(f"#{table_id}-section", Static), tr(words) + hint(table_id))

    def on_resize(self) -> None:
        """Another terminal size: the conditions table gets the lines there are now."""
        self._fit_conditions()

    def on_data_table_row_highlighted(self) -> None:
        """The cursor scrolled a table: the hints count again."""
        self.call_after_refresh(self._show_hidden_rows)

    def _show_gm_conditions(self) -> None:
        """RULES §7: every condition with its duration; a dying creature's check beside it."""
        from core.catalog import conditions as condition_words
        from core.creature import conditions

        encounter = self.encounter
        table = self.query_one("#conditions", DataTable)
        cursor = table.cursor_row
        table.clear()
        self.condition_names: dict[str, str] = {}
        for creature_id in encounter.order:
            creature = encounter.creature(creature_id)
            for index, name in enumerate(encounter.conditions_of(creature_id)):
                duration = creature.condition_durations.get(name)
                lasts = condition_words.lasts_text(name, duration, encounter.system) \
                    if creature.condition_values.get(name) else condition_words.duration_text(duration)
                if name == "dying" and creature.recovery_check:
                    lasts = tr("check due") if creature.recovery_check == "pending" \
                        else creature.recovery_check
                key = f"{creature_id}|{index}"
                self.condition_names[key] = name
                table.add_row(Text(fit_name(creature.name, 18)),
                              Text(fit(conditions.label(creature, name), 20)),
                              Text(lasts), key=key)
        table.move_cursor(row=min(cursor, max(table.row_count - 1, 0)))

    def _selected_gm_condition(self) -> tuple[str, str] | None:
        """(creature id, condition name) under the cursor of the conditions table."""
        selected = self._selected()
        if selected is None or selected[0] != "conditions":
            return None
        return selected[1], self.condition_names[f"{selected[1]}|{selected[2]}"]

    def _dying_check_due(self) -> str | None:
        """The creature under the cursor when its dying check waits for the GM's roll."""
        selected = self._selected()
        if selected is None or selected[0] != "conditions":
            return None
        creature_id = selected[1]
        return creature_id if creature_id in self.encounter.pending_dying_checks() else None

    def _event_text(self) -> Text:
        event = self.last_event
        if event is None:
            return Text(tr("n: next turn · the turn's ticks and checks show here"))
        lines = [event_line(event, self.encounter.rules.counts_rounds),
                 *(f"  {detail}" for detail in event.details)]
        return Text("\n".join(lines))

    def _selected(self) -> tuple[str, str, int] | None:
        """(table id, creature id, index) under the cursor of the focused table."""
        focused = self.focused
        table = focused if isinstance(focused, DataTable) else self.query_one("#persistent",
                                                                              DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        if not key or "|" not in key:
            return None
        creature_id, index = key.rsplit("|", 1)
        return table.id or "", creature_id, int(index)

    def _selected_condition(self) -> tuple[str, int] | None:
        selected = self._selected()
        if selected is None or selected[0] != "persistent":
            return None
        return selected[1], selected[2]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide what the system has no rule for; grey out what needs a condition, a pending
        check or a creature."""
        if not tracker_applies(self.encounter.rules, action):
            return False
        if action == "flat_check":
            due = self._selected_condition() is not None or self._dying_check_due() is not None
            return True if due else None
        if action == "tick":
            return True if self._selected_condition() is not None else None
        if action == "remove":
            return True if self._selected() is not None else None
        if action == "resolve_all":
            encounter = self.encounter
            due = bool(encounter.pending_checks() or encounter.pending_dying_checks())
            return True if due else None
        if action in ("add", "next_turn", "condition"):
            return True if self.encounter.order else None
        return True

    def _apply(self, mutate: Callable[[Encounter], object], creature_id: str | None) -> None:
        """Apply a change to ``creature_id`` (None: maybe several): :meth:`_show_change`
        shows it and its log event."""
        self.session.apply(mutate, {creature_id} if creature_id else None)

    def action_add(self) -> None:
        """Ask what to add, to which creature."""
        selected = self._selected()
        creature_id = selected[1] if selected else self.near
        self.app.push_screen(AddConditionModal(self.encounter, creature_id), self._add)

    def _add(self, addition: TrackerAddition | None) -> None:
        if addition is None:
            return
        try:
            if addition.text:
                self._apply(lambda enc: enc.add_persistent(addition.creature_id, addition.text,
                                                           critical=addition.critical),
                            addition.creature_id)
            else:
                self._apply(lambda enc: enc.add_temp_immunity(addition.creature_id,
                                                              addition.effect, addition.rounds),
                            addition.creature_id)
        except ValueError as error:
            self.notify(str(error), severity="error")

    def action_remove(self) -> None:
        """Remove the highlighted condition (u undoes it)."""
        selected = self._selected()
        if selected is None:
            return
        table, creature_id, index = selected
        if table == "conditions":
            gm_condition = self._selected_gm_condition()
            if gm_condition is not None:
                self._apply(lambda enc: enc.remove_condition(*gm_condition), creature_id)
        elif table == "persistent":
            self._apply(lambda enc: enc.remove_persistent(creature_id, index), creature_id)
        else:
            self._apply(lambda enc: enc.remove_temp_immunity(creature_id, index), creature_id)

    def action_tick(self) -> None:
        """Roll the highlighted condition's damage now."""
        selected = self._selected_condition()
        if selected is None:
            return
        rng = self.session.rng
        self._apply(lambda enc: enc.tick_persistent(*selected, rng=rng), selected[0])

    def action_flat_check(self) -> None:
        """Ask for the GM's roll (empty: the app rolls), then check."""
        dying = self._dying_check_due()
        if dying is not None:
            self._ask_dying_check(dying)
            return
        selected = self._selected_condition()
        if selected is None:
            return

        def check(text: str) -> str | None:
            if not text:
                return None
            if not text.isdigit() or not 1 <= int(text) <= 20:
                return tr("A d20 roll: a whole number from 1 to 20 (or empty to roll).")
            return None

        def done(text: str | None) -> None:
            if text is None:
                return
            roll = int(text) if text else None
            rng = self.session.rng
            self._apply(lambda enc: enc.flat_check(*selected, roll=roll, rng=rng), selected[0])

        # name the creature and the condition: with two checks due the GM must tell them apart
        creature_id, index = selected
        creature = self.encounter.creature(creature_id)
        condition = creature.persistent[index]
        prompt = PromptModal(tr("Flat check DC {dc} for {name}'s persistent {condition}: type the "
                                "d20 roll, or leave empty to roll it.",
                                dc=self.encounter.rules.flat_check_dc, name=creature.name,
                                condition=condition.label),
                             placeholder=tr("empty: the app rolls"), check=check)
        self.app.push_screen(prompt, done)

    def _ask_dying_check(self, creature_id: str) -> None:
        """RULES §7: a dying check, asked like a flat check (the GM's roll, or empty to roll)."""
        from tui.screens import conditions

        die = self.encounter.rules.dying_check_die
        creature = self.encounter.creature(creature_id)

        def check(text: str) -> str | None:
            if text and (not text.isdigit() or not 1 <= int(text) <= die):
                return tr("A d{die} roll: a whole number from 1 to {die} (or empty to roll).",
                          die=die)
            return None

        def done(text: str | None) -> None:
            if text is None:
                return
            result = conditions.dying_check(self.ledger, creature_id,
                                            int(text) if text else None)
            self.notify(tr("{name}: {result}", name=creature.name, result=result))

        self.app.push_screen(PromptModal(tr("Dying check for {name}: type the d{die} roll, "
                                            "or leave empty to roll it.", name=creature.name,
                                            die=die),
                                         placeholder=tr("empty: the app rolls"), check=check),
                             done)

    def action_resolve_all(self) -> None:
        """Roll every pending flat check and dying check at once."""
        rng = self.session.rng

        def resolve(enc: Encounter) -> None:
            if enc.pending_checks():
                enc.resolve_flat_checks(rng=rng)
            for creature_id in enc.pending_dying_checks():  # RULES §7, one step each
                enc.dying_check(creature_id, rng=rng)

        self._apply(resolve, None)

    def action_condition(self) -> None:
        """Add, change or remove a condition of the highlighted row's creature."""
        from tui.screens import conditions

        selected = self._selected()
        creature_id = selected[1] if selected else self.near
        gm_condition = self._selected_gm_condition()
        if creature_id is not None:
            conditions.open_conditions(self.ledger, [creature_id],
                                       gm_condition[1] if gm_condition else "")

    def action_next_turn(self) -> None:
        """Next turn, from here."""
        self.session.next_turn()

    def action_back(self) -> None:
        """Back to the roster."""
        self.app.pop_screen()

    def show_notice(self, message: str, severity: str = "information",
                    timeout: float = 3.0) -> bool:
        """A notice on the rule above the last event, a line that hides nothing.

        The tracker is a whole screen: a toast at the top right wrote over its title and
        round (play report 2, S8-3: ``· Roun Ezren's turn``).
        """
        if not self.query("#last-event"):
            return False
        self._notice_line.show(message, severity, timeout)
        return True

    def _put_notice(self, notice: Content | None) -> None:
        for rule in self.query("#last-event"):
            rule.border_title = notice
