"""The roster: every creature in initiative order, the main screen of hitledger."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.geometry import Size
from textual.widgets import DataTable, Input, Static

from core.creature.conditions import is_defeated
from core.text.i18n import listing, tr
from tui.messages import OpenTracker
from tui.screens.base import HitLedgerScreen
from tui.screens.roster_keys import ROSTER_BINDINGS
from tui.widgets.encounter_header import EncounterHeader, threat_of
from tui.widgets.find_field import FindField, TypeAhead
from tui.widgets.log_panel import LogPanel, fit_cells, short_event
from tui.widgets.numbers_line import NumbersLine
from tui.widgets.roster_table import RosterTable, detail_text, find_creature
from tui.widgets.row_rest import RowRest
from tui.widgets.steady_footer import SteadyFooter

if TYPE_CHECKING:
    from core.encounter import DamagePreview
    from tui.screens.creature_fields import CreatureFormResult
    from tui.session import Change

# The dialogs and damage entry are imported by the actions that open them: the roster is
# the first frame, and it should not wait for screens the GM has not asked for yet.

NEEDS_CREATURE = frozenset({"edit", "remove", "mark", "mark_all", "damage", "heal", "find", "roll_initiative",
                            "set_initiative", "move", "condition", "stress", "hide", "hope"})
WIDE = 120
"""From this many columns the roster shows a detail pane for the highlighted creature."""
DETAIL_WIDTH = 36
TALL = 36
"""From this many lines the log panel shows more events."""
LOG_LINES, TALL_LOG_LINES = 3, 10


class RosterScreen(HitLedgerScreen[None]):
    """Initiative order, tracks, defenses and status; the GM's home screen.

    | Key | Action |
    | :- | :- |
    | a | Add creatures |
    | e | Edit the highlighted creature |
    | delete | Remove the marked creatures (or the highlighted one) |
    | X | Remove every defeated creature |
    | / | Jump to a creature by name (type-ahead) |
    | space | Mark or unmark a target, then move down (space space space marks three) |
    | * / ctrl+a | Mark everyone still in the fight (not the dead) |
    | escape | Clear the marks |
    | d | Damage the marked creatures (or the highlighted one) |
    | h | Heal the marked creatures (or the highlighted one) |
    | n | Next turn (what it did on the notice line; the tracker opens for a check to answer) |
    | p | Persistent-condition tracker (the conditions, where there is no persistent damage) |
    | B | Bestiary: add kept creatures by name with a count |
    | b | Keep the highlighted creature in the bestiary |
    | y | Copy the highlighted creature (fresh, numbered, with a count) |
    | i | Roll initiative (marked, else those not placed yet) |
    | I | New initiative for the highlighted creature (delay, ready: it goes after those already at that initiative) |
    | [ / ] | Move the highlighted creature up / down the order |
    | c | Add, change or remove a condition |
    | s / S | Mark / clear 1 Stress (systems with Stress) |
    | + / - | The GM gains / spends 1 Fear (systems without initiative) |
    | o / O | The PC marks / spends 1 Hope (Daggerheart, 0–6) |
    | F | The GM gains or spends several Fear: +3, -2 (one line, one undo step) |
    | alt+o | The PCs mark or spend several Hope: +2, -1 (one line, one undo step) |
    | K | Next encounter keeping the party (this one is saved: ctrl+o lists it) |
    | M | Export the log as Markdown |
    | H | Hide the marked creatures (or the highlighted one) from the players' view, or show them |
    """

    CSS_PATH = "roster.tcss"
    AUTO_FOCUS = "RosterTable"

    BINDINGS = ROSTER_BINDINGS

    last_actor: str | None = None
    """Who acted in the last damage applied: the next entry's actor when the active one is hit."""
    recent_damage: tuple[str, ...] = ()
    """The damage texts applied so far, oldest first: ``up`` in damage entry recalls them."""

    @property
    def table(self) -> RosterTable:
        """The roster table."""
        return self.query_one(RosterTable)

    @cached_property
    def type_ahead(self) -> TypeAhead:
        """The find line (``/``), made when first asked for, in the footer's place."""
        return TypeAhead(self, lambda: self.query_one(SteadyFooter),
                         lambda: self.check_action("find", ()) is True)

    def compose(self) -> ComposeResult:
        """Header, table, log panel, footer."""
        yield EncounterHeader()
        with Horizontal(id="roster-body"):
            yield RosterTable(id="roster")
            yield Static("", id="detail", markup=False)
        yield RowRest(id="row-rest")            # what the highlighted row cuts, in full
        yield NumbersLine(id="numbers-line")    # AC, saves, Perception after conditions
        yield LogPanel(lines=LOG_LINES)
        yield SteadyFooter(compact=True)  # the type-ahead line comes before it at the first /

    def on_mount(self) -> None:
        """Show the encounter and whether it is saved (a resumed or opened save is); follow
        the session from now on."""
        self._fit_layout(self.app.size)
        self.show_encounter()
        session = self.session
        self.show_saved_state(session.saved_state())
        session.changed_signal.subscribe(self, self._show_change, immediate=True)
        session.replaced_signal.subscribe(self, lambda _: self.show_encounter(), immediate=True)
        session.saved_signal.subscribe(self, self.show_saved_state, immediate=True)

    def on_resize(self, event: events.Resize) -> None:
        """Fit the columns, the detail pane and the log to the new terminal size."""
        self._fit_layout(event.size)

    def _fit_layout(self, size: Size) -> None:
        """At 60x20 Status stays on screen (the table cuts Defenses first);
        at 132x43 wider columns, a detail pane for the highlighted creature, a taller log."""
        wide = size.width >= WIDE
        detail = self.query_one("#detail", Static)
        detail.display = wide
        self.table.fit_width(size.width - (DETAIL_WIDTH if wide else 0))
        log = self.query_one(LogPanel)
        lines = TALL_LOG_LINES if size.height >= TALL else LOG_LINES
        if lines != log.lines:
            log.lines = lines
            log.styles.height = lines + 1
            log.show_events(self.encounter.log, self.encounter.rules.counts_rounds)
        self._show_detail()

    def _show_detail(self) -> None:
        """The detail pane follows the cursor (only drawn on a wide terminal)."""
        detail = self.query_one("#detail", Static)
        creature_id = self.table.highlighted_id
        self.query_one(NumbersLine).show(self.encounter, creature_id)
        cut = self.table.cut_words(creature_id) if creature_id and not detail.display else []
        self.query_one(RowRest).show(cut)
        if detail.display:
            detail.update(detail_text(self.encounter, creature_id) if creature_id else "")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Show the newly highlighted creature on the detail pane."""
        self._show_detail()

    # -- data down ---------------------------------------------------------------------

    def show_encounter(self) -> None:
        """Show a whole (new) encounter: the one time the table is rebuilt."""
        self.last_actor = None  # an id of the last encounter may name another creature here
        self.table.show_encounter(self.encounter)
        self._show_header_and_log()
        self.refresh_bindings()

    def _show_change(self, change: Change) -> None:
        """Update the rows of the creatures that changed, the header and the log panel; after
        a turn the cursor follows the active creature.

        The footer is refreshed once, by the app, after every screen has shown the change.
        """
        self.table.show_changes(change.ids)
        self._show_header_and_log()
        if change.turn and self.encounter.active is not None:
            self.table.select_creature(self.encounter.active)

    def show_saved_state(self, state: str) -> None:
        """Show ``saved`` / ``autosaved`` / ``unsaved`` in the header."""
        self.query_one(EncounterHeader).saved_state = state

    def show_notice(self, message: str, severity: str = "information",
                    timeout: float = 3.0) -> bool:
        """Show a notice on the log panel's border line; False when there is no panel yet."""
        panels = self.query(LogPanel)
        if not panels:
            return False
        panels.first().show_notice(message, severity=severity, timeout=timeout)
        return True

    def _show_header_and_log(self) -> None:
        encounter = self.encounter
        header = self.query_one(EncounterHeader)
        header.encounter_name = encounter.name
        header.system_name = encounter.rules.name
        header.round = encounter.round
        header.fear = None if encounter.rules.has_initiative else encounter.fear
        header.threat = threat_of(encounter)    # RULES §10: follows adds, removals, the defeated
        self.query_one(LogPanel).show_events(encounter.log, encounter.rules.counts_rounds)
        self._show_detail()

    # -- helpers -------------------------------------------------------------------------

    def targets(self) -> list[str]:
        """The marked creatures in initiative order, or else the highlighted one."""
        marked = self.table.marked
        if marked:
            return [cid for cid in self.encounter.order if cid in marked]
        highlighted = self.table.highlighted_id
        return [highlighted] if highlighted else []

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out what needs a creature when the roster is empty."""
        from tui.session_rules import applies

        if not applies(self.encounter.rules, action):
            return False  # not this system's rule: hidden from the footer and help
        if action in NEEDS_CREATURE and self.table.highlighted_id is None:
            return None
        if action == "next_turn" and not self.encounter.order:
            return None
        if action == "clear_marks" and not self.table.marked:
            return None
        return True

    # -- actions -------------------------------------------------------------------------

    def action_add(self) -> None:
        """Open the add-creature form."""
        from tui.screens.creature_form import CreatureForm

        form = CreatureForm(self.encounter.rules, taken=self._names_but(None))
        self.app.push_screen(form, self._add_creatures)

    def _names_but(self, creature_id: str | None) -> list[str]:
        """The names of every creature but ``creature_id`` (the one being edited)."""
        encounter = self.encounter
        return [encounter.creature(cid).name for cid in encounter.order if cid != creature_id]

    def _add_creatures(self, result: CreatureFormResult | None) -> None:
        if result is None:
            return
        encounter = self.encounter
        try:
            creatures = [
                encounter.rules.new_creature(name, pc=result.pc, defenses=result.defenses,
                                             traits=result.traits, init_mod=result.init_mod,
                                             numbers=result.numbers or None, **result.stats)
                for name in result.names()
            ]
            for creature in creatures:      # the adversary type or CR typed (RULES §10)
                for key, value in result.rank.items():
                    setattr(creature, key, value)
                encounter.rules.check_creature(creature)
        except ValueError as error:
            self.notify(tr("Not added: {error}", error=error), severity="error")
            return
        # "Goblin 1…3" is one undo step, their initiatives rolled in it when Init is empty
        #; one ``u`` takes the batch back
        roll = result.initiative is None and encounter.rules.has_initiative
        rng = self.session.rng
        # the cursor stays where the GM was (the table keeps it through the
        # new order), not on the last creature added while the eye follows ▶
        self.session.apply(lambda enc: enc.add_many(
            creatures, initiative=result.initiative or 0, roll=roll, rng=rng))
        self.notify(tr("Added {names}.", names=listing(result.names())))

    def action_rename_encounter(self) -> None:
        """Ask for the encounter's new name (the palette's "Rename encounter")."""
        from tui.screens.dialogs import PromptModal
        from tui.screens.save_dialogs import check_name

        def done(name: str | None) -> None:
            if name and name.strip() != self.encounter.name:
                new = name.strip()
                self.session.apply(lambda encounter: encounter.rename(new), ())

        self.app.push_screen(PromptModal(tr("Rename the encounter to:"),
                                         value=self.encounter.name, check=check_name), done)

    def action_edit(self) -> None:
        """Open the form on the highlighted creature."""
        from tui.screens.creature_form import CreatureForm

        creature_id = self.table.highlighted_id
        if creature_id is None:
            return
        encounter = self.encounter
        form = CreatureForm(
            encounter.rules,
            creature=encounter.creature(creature_id),
            initiative=encounter.initiative(creature_id),
            taken=self._names_but(creature_id),
        )
        self.app.push_screen(form, lambda result: self._edit_creature(creature_id, result))

    def _edit_creature(self, creature_id: str, result: CreatureFormResult | None) -> None:
        if result is None:
            return
        fields = result.changed_fields(self.encounter.creature(creature_id),
                                       self.encounter.initiative(creature_id))
        if not fields:
            return
        try:
            self.session.apply(lambda enc: enc.update(creature_id, **fields), {creature_id})
        except ValueError as error:
            self.notify(tr("Not changed: {error}", error=error), severity="error")
            return
        from tui.screens.creature_fields import edit_notice

        self.notify(edit_notice(self.encounter.rules, result.name, fields))

    def action_remove(self) -> None:
        """Ask, then remove the marked creatures (or the highlighted one): one undo step."""
        self._confirm_removal(self.targets())

    def action_remove_defeated(self) -> None:
        """Ask, then remove every defeated (dead or defeated) non-PC creature: one undo step."""
        encounter = self.encounter
        defeated = [cid for cid in encounter.order
                    if not encounter.creature(cid).pc
                    and is_defeated(encounter.creature(cid))]
        if not defeated:
            self.notify(tr("No defeated creatures to remove."), severity="warning")
            return
        self._confirm_removal(defeated, defeated=True)

    def _confirm_removal(self, creature_ids: list[str], *, defeated: bool = False) -> None:
        """Clean up after a fight in one step (confirm, ``u`` undoes it)."""
        from tui.screens.dialogs import ConfirmModal

        if not creature_ids:
            return
        names = [self.encounter.creature(cid).name for cid in creature_ids]
        listed = fit_cells(listing(names), 160)
        if len(names) == 1:
            what = listed
        elif defeated:
            what = tr("{count} defeated creatures ({names})", count=len(names), names=listed)
        else:
            what = tr("{count} creatures ({names})", count=len(names), names=listed)

        def remove(confirmed: bool | None) -> None:
            if not confirmed:
                return
            if len(creature_ids) == 1:
                self.session.apply(lambda enc: enc.remove(creature_ids[0]), creature_ids)
            else:
                self.session.apply(lambda enc: enc.remove_many(creature_ids), creature_ids)
            self.refresh_bindings()
            self.notify(tr("Removed {what} (u undoes it).", what=what))

        self.app.push_screen(ConfirmModal(tr("Remove {what} from the encounter?", what=what)),
                             remove)

    def action_mark(self) -> None:
        """Mark or unmark the highlighted creature as a target, then move down."""
        creature_id = self.table.highlighted_id
        if creature_id is None:
            return
        # no refresh_bindings(): the footer shows no key that marks enable, and a footer
        # rebuild is 1.2 KB over a slow link; check_action is asked again at each key press
        self.table.toggle_mark(creature_id)
        self.table.action_cursor_down()

    def action_mark_all(self) -> None:
        """Mark every creature still in the fight; the dead and defeated are left out."""
        encounter = self.encounter
        self.table.mark_all(cid for cid in encounter.order
                            if not is_defeated(encounter.creature(cid)))

    def action_clear_marks(self) -> None:
        """Unmark every target."""
        self.table.clear_marks()

    def action_damage(self, creature_id: str | None = None) -> None:
        """Open damage entry for the targets (or one named creature, from the palette)."""
        from tui.screens.damage import DamageScreen

        targets = [creature_id] if creature_id else self.targets()
        if not targets:
            return
        screen = DamageScreen(self.encounter, targets, rng=self.session.rng,
                              last_actor=self.last_actor, recent=self.recent_damage)
        self.app.push_screen(screen, self.commit_damage)

    def commit_damage(self, preview: DamagePreview | None) -> None:
        """Apply the damage entry's ``preview`` (None: cancelled) and clear the marks."""
        if preview is None:
            return
        self.table.clear_marks()
        self.session.apply(lambda enc: enc.commit_damage(preview), preview.outcomes)
        self.last_actor = preview.options.get("actor")  # "nobody" chosen with f2 stays nobody
        self.recent_damage = remember(self.recent_damage, preview.damage)
        # one short line: the roster shows the results, the log panel the detail
        self.notify(short_event(self.encounter.log[-1]))

    def action_heal(self, creature_id: str | None = None) -> None:
        """Heal the marked creatures (or the highlighted one, or one named by the palette)."""
        from tui.screens.heal import open_heal

        open_heal(self.ledger, [creature_id] if creature_id else self.targets(),
                  self.table.clear_marks)

    def action_next_turn(self) -> None:
        """Advance the turn (the cursor follows the active creature); what it did goes on the
        notice line, and the tracker opens only for a check the GM must answer."""
        self.session.next_turn()

    # -- type-ahead (as / in less and vim) ------------------------------

    def on_key(self, event: events.Key) -> None:
        """Letters typed in one burst after ``/`` are the find line's (:class:`TypeAhead`)."""
        self.type_ahead.key(event)

    async def action_find(self) -> None:
        """Open the type-ahead line in place of the footer."""
        self._found_from = self.table.highlighted_id
        await self.type_ahead.open()

    def on_input_changed(self, event: Input.Changed) -> None:
        """Move the cursor to the first creature whose name matches what was typed."""
        if not isinstance(event.input, FindField):
            return
        event.stop()
        found = find_creature(self.encounter, event.value)
        if found is not None:
            self.table.select_creature(found)
        event.input.set_class(found is None and bool(event.value.strip()), "-no-match")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Stay on the creature found."""
        if isinstance(event.input, FindField):
            event.stop()
            self._close_find()

    def on_find_field_cancelled(self, event: FindField.Cancelled) -> None:
        """Back to where the cursor was before ``/``."""
        event.stop()
        found_from = getattr(self, "_found_from", None)
        if found_from is not None:
            self.table.select_creature(found_from)
        self._close_find()

    def _close_find(self) -> None:
        self.type_ahead.close()
        self.table.focus()

    def action_tracker(self) -> None:
        """Open the persistent-condition tracker, with the last turn and what it did."""
        turns = (event for event in reversed(self.encounter.log) if event.kind == "turn")
        self.post_message(OpenTracker(next(turns, None)))

    action_conditions = action_tracker
    """The same screen, where the system has conditions but no persistent damage."""

    # -- the bestiary and copies -------------------------------------------------

    def action_bestiary(self) -> None:
        """Open the bestiary of this encounter's system."""
        from tui.screens.library import LibraryScreen

        self.app.push_screen(LibraryScreen())

    def action_keep(self) -> None:
        """Keep the highlighted creature in the bestiary; ask before replacing one kept."""
        from tui.screens.library import keep_in_library

        creature_id = self.table.highlighted_id
        if creature_id is not None:
            keep_in_library(self.ledger, self.encounter.creature(creature_id))

    def action_copy(self) -> None:
        """Ask how many copies of the highlighted creature, then add them at its initiative."""
        from tui.screens.creature_fields import read_count
        from tui.screens.dialogs import PromptModal
        from tui.screens.library import add_copies

        creature_id = self.table.highlighted_id
        if creature_id is None:
            return
        creature = self.encounter.creature(creature_id)

        def check(text: str) -> str | None:
            try:
                read_count(text)
            except ValueError as error:
                return str(error)
            return None

        def copy(text: str | None) -> None:
            if text is None:
                return
            added = add_copies(self.ledger, creature, read_count(text),
                               initiative=self.encounter.initiative(creature_id))
            names = [self.encounter.creature(cid).name for cid in added]
            self.notify(tr("Copied {name}: {copies}.", name=creature.name, copies=listing(names)))

        self.app.push_screen(PromptModal(tr("How many copies of {name}?", name=creature.name),
                                         value="1",
                                         check=check), copy)

    # -- running a session (the work is in tui/screens/ initiative, conditions, pools,
    # party and markdown_log) ---------------------------------------------------------------

    def action_roll_initiative(self) -> None:
        """Roll initiative for the marked creatures, else for those not placed yet."""
        from tui.screens import initiative

        initiative.roll_initiative(self.ledger, self.targets() if self.table.marked else [])

    def action_set_initiative(self) -> None:
        """Give the highlighted creature a new initiative."""
        from tui.screens import initiative

        initiative.ask_initiative(self.ledger, self.table.highlighted_id)

    def action_move(self, places: int) -> None:
        """Move the highlighted creature up or down the order; the cursor goes with it."""
        from tui.screens import initiative

        creature_id = self.table.highlighted_id
        if initiative.move(self.ledger, creature_id, places) and creature_id is not None:
            self.table.select_creature(creature_id)

    def action_condition(self, creature_id: str | None = None) -> None:
        """Add, change or remove a condition on the targets."""
        from tui.screens import conditions

        conditions.open_conditions(self.ledger, [creature_id] if creature_id else self.targets())

    def action_stress(self, mark: bool) -> None:
        """Mark or clear 1 Stress on the targets."""
        from tui.screens import pools

        pools.stress(self.ledger, self.targets(), mark)

    def action_hope(self, mark: bool) -> None:
        """The targets that are PCs mark or spend 1 Hope."""
        from tui.screens import pools

        pools.hope(self.ledger, self.targets(), mark)
        self._show_detail()     # the numbers line shows Hope

    def action_fear(self, gain: bool) -> None:
        """The GM gains or spends 1 Fear."""
        from tui.screens import pools

        pools.fear(self.ledger, gain)

    def action_fear_by(self) -> None:
        """The GM gains or spends several Fear: ``+3``, ``-2``."""
        from tui.screens import pools

        pools.fear_by(self.ledger)

    def action_hope_by(self) -> None:
        """The targets that are PCs mark or spend several Hope: ``+2``, ``-1``."""
        from tui.screens import pools

        pools.hope_by(self.ledger, self.targets())

    def action_hide(self) -> None:
        """Hide the targets from the players' view; show them again if all are hidden."""
        targets = self.targets()
        if not targets:
            return
        hide = not all(self.encounter.creature(cid).hidden for cid in targets)
        event = self.session.apply(lambda enc: enc.set_hidden(targets, hide), targets)
        self.notify(short_event(event))

    def action_next_encounter(self) -> None:
        """A new encounter keeping the party (this one is saved)."""
        from tui.screens import party

        party.ask_next_encounter(self.ledger)

    def action_export_log(self) -> None:
        """Write the log as Markdown."""
        from tui.screens import markdown_log

        markdown_log.ask_export_log(self.ledger)


RECENT_DAMAGE = 20
"""How many damage texts ``up`` can bring back."""


def remember(recent: tuple[str, ...], texts: tuple[str, ...]) -> tuple[str, ...]:
    """``recent`` with ``texts`` as the newest, each text once, at most RECENT_DAMAGE kept."""
    kept = [text for text in recent if text not in texts] + list(dict.fromkeys(texts))
    return tuple(kept[-RECENT_DAMAGE:])
