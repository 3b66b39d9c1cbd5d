"""Damage entry: one roll for every target, a per-target preview, and enter applies exactly that.

The form is built in parts, each a module (issue 22): its keys (damage_keys), the targets table
(damage_targets), the preview lines (damage_preview), rolled saves (damage_saves) and the
attack helper (damage_attacks); this module puts them on screen and answers the form's keys.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Static

from core.encounter.draft import DamageDraft, default_actor
from core.table.numbers import roll_rule
from core.text.i18n import ntr, tr
from tui.screens.damage_attacks import AttackHelper
from tui.screens.damage_keys import ACTOR_HELP, DAMAGE_BINDINGS
from tui.screens.damage_targets import SAVE_KEYS, SAVE_LABELS, TargetTable
from tui.screens.dialogs import NumberInput
from tui.widgets.line_table import LineTable
from tui.widgets.log_panel import NOTICE_WIDTH, fit_cells
from tui.widgets.notation_field import NotationField
from tui.widgets.steady_footer import SteadyFooter

if TYPE_CHECKING:
    from collections.abc import Sequence

    from core import Encounter


class DamageScreen(AttackHelper):
    """The damage form over the roster; dismissed with the DamagePreview to commit, or None.

    | Key | Action |
    | :- | :- |
    | enter | Apply exactly what the preview shows (after a miss: deal it, log the miss, or back) |
    | escape | Cancel |
    | tab / down | From the damage field to the targets |
    | up | In the damage field: the damage applied before, newest first |
    | 0–4 | The highlighted target's save: none, crit. success, success, failure, crit. fail |
    | left / right | Change the highlighted target's save |
    | S | Copy the highlighted target's save to every target |
    | v, alt+v, f4 | Roll every target's save against one DC (``ref 20``): each with its own numbers |
    | r, ctrl+r, alt+r | Roll the dice again |
    | c, alt+c | Critical hit on/off |
    | n, alt+n | Nonlethal on/off (where the system has nonlethal damage) |
    | m, alt+m | Critical multiplier ×2/×3/×4 (d20 3.0); the attack's MAP step (Pathfinder family) |
    | t, alt+t | Roll the attack with the helper (d20 3.0) |
    | a, alt+a | Mark an armor slot for the highlighted target (Daggerheart) |
    | i, alt+i | Direct damage on/off (Daggerheart) |
    | f3, +, alt++ | Keep this hit and add another (totalled before thresholds) |
    | f2, alt+b | Who deals the damage (the log names them): type a few letters of the name |
    | alt+1 … alt+9 | The acting creature's attack: rolled against the target's AC, its damage into the field |
    | h, alt+h | Daggerheart Horde (X): the acting Horde's damage X, once half its HP is marked |
    | ? | Help: every key of this screen |

    The letters act on the targets; with alt they work from the damage field too.
    """

    CSS_PATH = "damage.tcss"
    # Focus by AUTO_FOCUS, not in on_mount: a focus call queued at mount could land after
    # a fast typist's tab and pull the cursor back into the field.
    AUTO_FOCUS = "#damage Input"

    BINDINGS = DAMAGE_BINDINGS

    def __init__(self, encounter: Encounter, target_ids: list[str], *, rng: Any = None,
                 last_actor: str | None = None, recent: Sequence[str] = ()) -> None:
        """Damage ``target_ids`` of ``encounter``; dice go through ``rng``; ``last_actor``: who
        acted in the last damage entry (f2 offers them first when nobody acts by default);
        ``recent``: the damage texts applied before, oldest first (``up`` recalls them)."""
        super().__init__()
        self.recent = list(recent)
        self.recalled = 0
        self.encounter = encounter
        self.rules = encounter.rules
        self.target_ids = list(target_ids)
        self.rng = rng if rng is not None else random.Random()
        self.draft = DamageDraft(self.rules, self.target_ids, self.rng,
                                 actor=default_actor(encounter, self.target_ids))
        self.last_actor = last_actor if last_actor in encounter.creatures else None
        """The entry's state and rules (core): the screen only renders it."""
        self.preview: Any = None
        self.preview_error: str = ""
        self._had_preview = False

    def compose(self) -> ComposeResult:
        """Field, roll line, options, targets, steps, helper."""
        count = len(self.target_ids)
        with Vertical(id="damage-box") as box:
            box.border_title = ntr("Damage · {count} target", "Damage · {count} targets", count)
            box.border_subtitle = self._actor_text()
            with Horizontal(id="damage-row"):
                yield Label(tr("Damage"), classes="label")
                yield NotationField(
                    self._check_damage,
                    placeholder=tr("{damage}   ·   {total} = a total already rolled",
                                   damage=self.rules.example_damage[0],
                                   total=self.rules.example_damage[1]),
                    empty_hint=tr("type the damage (rolled once for every target) · f1: every key"),
                    steady=True,
                    on_change=self._damage_changed,
                    id="damage",
                )
            yield Static("", id="roll-line", markup=False)
            yield Static("", id="options", markup=False)
            yield Static("", id="attacks", markup=False)
            yield Static(self._save_hint(), id="save-hint", markup=False)
            table = TargetTable(id="targets")
            yield table
            yield Static("", id="steps", markup=False)
            if self.has_attack_helper:
                with Horizontal(id="attack-row"):
                    yield Label(tr("Atk +"), classes="label")
                    yield NumberInput("0", id="attack-bonus", label="Attack bonus", default=0)
                    yield Label("AC", classes="label short")
                    yield NumberInput("10", id="attack-ac", label="AC", default=10)
                    yield Label(tr("Threat"), classes="label short")
                    yield NumberInput("20", id="attack-threat", label="Threat", default=20)
                # its own line: the verdict and the confirmation must not be cut at 80 columns
                yield Static(tr("alt+t: roll the attack"), id="attack-result", markup=False)
        yield SteadyFooter(compact=True)

    def on_mount(self) -> None:
        """Fill the targets and start in the damage field."""
        self._fill_targets()
        self._show_options()
        self._show_attacks()
        self._show_steps()      # issue 19: the first target's numbers before anything is typed
        self._fill_target_ac()

    # -- events --------------------------------------------------------------------------

    def _damage_changed(self, text: str, valid: bool) -> None:
        """Preview as the damage is typed, painted with the key; an invalid text keeps the
        last valid preview."""
        if self._attack_typed(text):
            return
        if valid:
            self._recompute()
            self._show_options()

    def on_notation_field_submitted(self, event: NotationField.Submitted) -> None:
        """Enter in the damage field applies."""
        event.stop()
        self.action_apply()

    def on_line_table_row_selected(self, event: LineTable.RowSelected) -> None:
        """Enter on the targets applies."""
        event.stop()
        self.action_apply()

    def on_line_table_row_highlighted(self, event: LineTable.RowHighlighted) -> None:
        """Show the steps of the highlighted target."""
        event.stop()
        self._show_steps()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the attack helper rolls the attack."""
        event.stop()
        self.action_roll_attack()

    # -- actions -------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide what this system does not have; grey out what needs a preview."""
        if action in ("cycle_multiplier", "roll_attack"):
            return self.has_attack_helper
        if action == "horde_damage":    # only where a creature is a Horde (Daggerheart)
            return any(c.horde for c in self.encounter.creatures.values())
        if action == "cycle_map":
            return roll_rule(self.encounter.system) == "degrees"
        if action in ("toggle_nonlethal", "no_nonlethal"):
            return self.has_nonlethal == (action == "toggle_nonlethal")
        if action == "toggle_direct":
            return self.has_armor_slots
        if action == "toggle_armor":
            return None if self.draft.direct else self.has_armor_slots
        if action in ("cycle_save", "copy_save", "roll_saves") and not self.draft.has_saves:
            return False
        if action == "set_save":
            index = parameters[0] if parameters else 0
            return isinstance(index, int) and 0 <= index < len(SAVE_KEYS) and (
                self.draft.has_saves and SAVE_KEYS[index] in self.draft.save_cycle)
        if action == "copy_save" and len(self.target_ids) == 1:
            return False  # never applies with one target: hidden, not greyed
        if action in ("reroll", "add_hit") and self.preview is None:
            return None
        return True

    def action_apply(self) -> None:
        """Close with the preview, so the roster commits exactly what was shown."""
        focused = self.focused
        if focused is not None and (focused.id or "").startswith("attack-"):
            self.action_roll_attack()  # enter in the attack helper rolls the attack
            return
        field = self.query_one("#damage", NotationField)
        if not field.valid:
            self.notify(tr("Fix the damage first (nothing applied)."), severity="warning")
            return
        if self.preview is None:
            self.notify(tr("Type the damage first."), severity="warning")
            return
        if self.draft.no_damage:
            self._confirm_after_miss()
            return
        self._finish()

    def _finish(self) -> None:
        """Close with the preview; a hit on a Minion first asks which more Minions it defeats
        (Daggerheart Minion (X), issue 19): they fall with the hit, one undo step."""
        from core.encounter.draft import minion_choices, with_minions
        from tui.screens.minion_picker import MinionPicker

        preview = self.preview
        if preview is None:
            return
        self.count_attack()
        count, candidates = minion_choices(self.encounter, preview)
        if count and not candidates:
            self.notify(tr("Minion: the hit defeats {count} more, but no other Minion is left.", count=count))
        if not candidates:
            self.dismiss(preview)
            return

        def picked(chosen: list[str] | None) -> None:
            if chosen is not None:      # None: back to the form
                self.dismiss(with_minions(self.encounter, preview, chosen))

        self.app.push_screen(MinionPicker(self.encounter, candidates, count), picked)

    def _confirm_after_miss(self) -> None:
        """A miss deals no damage unless the GM says so (issue 9, item 2): ``y`` deals it,
        ``n`` or ``enter`` logs the miss — the attack roll, no damage — and closes the form,
        ``escape`` goes back to the form."""
        from tui.screens.dialogs import ConfirmModal

        attack = self.draft.attack

        def answer(apply: bool | None) -> None:
            if apply is None:
                return  # back to the form
            if apply:
                self.draft.confirm_miss()
                self._recompute()  # the same dice, now dealt
            if self.preview is not None:
                self._finish()  # a miss not confirmed: the attack, no damage

        total = self.preview.roll.total
        question = tr("The attack missed ({attack}). Deal the {total} damage anyway?",
                      attack=attack.text if attack else tr("miss"), total=total)
        self.app.push_screen(ConfirmModal(question, yes=tr("deal it"), no=tr("log the miss"),
                                          back=tr("back")), answer)

    def action_cancel(self) -> None:
        """Close without applying anything."""
        self.dismiss(None)

    def action_reroll(self) -> None:
        """Roll every die again, earlier hits included (typed totals stay as typed)."""
        self._recompute(reroll=True)

    def action_toggle_critical(self) -> None:
        """Critical hit on or off (the same dice, doubled by the rules)."""
        self.draft.toggle_critical()
        self.follow_critical()      # deadly and fatal follow the critical (RULES §10)
        self._show_options()
        self._recompute()

    def action_toggle_nonlethal(self) -> None:
        """Nonlethal on or off."""
        self.draft.toggle_nonlethal()
        self._show_options()
        self._recompute()

    def action_no_nonlethal(self) -> None:
        """alt+n where the rules have no nonlethal damage: say so, change nothing."""
        self.query_one("#steps", Static).update(
            tr("{system} has no nonlethal damage.", system=self.rules.name))

    def action_cycle_multiplier(self) -> None:
        """d20 3.0: ×2 → ×3 → ×4 on a critical (the core's multipliers)."""
        self.draft.cycle_multiplier()
        self._show_options()
        if self.draft.critical:
            self._recompute()

    def action_toggle_direct(self) -> None:
        """Daggerheart: direct damage on or off (no armor slots for direct damage)."""
        self.draft.toggle_direct()
        self._show_options()
        self._recompute()
        self.refresh_bindings()  # the armor-slot key greys out for direct damage


    def action_recall_damage(self) -> None:
        """Put the damage applied before in the field, one further back each time."""
        field = self.query_one("#damage", NotationField)
        if not self.recent or self.focused is not field.query_one(Input):
            return
        self.recalled = self.recalled % len(self.recent) + 1
        field.value = self.recent[-self.recalled]
        field.query_one(Input).cursor_position = len(field.value)

    def action_focus_targets(self) -> None:
        """Move from the damage field to the targets."""
        self.query_one(TargetTable).focus()

    def action_add_hit(self) -> None:
        """Keep the current hit (with its roll) and clear the field for another one."""
        field = self.query_one("#damage", NotationField)
        text = field.value.strip()
        if self.preview is None or not field.valid or not text or not self.draft.add_hit():
            return
        field.value = ""
        field.focus_input()
        self._show_options()
        # one line: the options line says how many hits wait, the roll line shows them
        self.notify(fit_cells(tr("Hit {count} kept: {damage}", count=len(self.draft.hits), damage=text),
                              NOTICE_WIDTH))

    def action_pick_actor(self) -> None:
        """Who deals the damage, found by typing a few letters of the name (issue 18)."""
        from tui.screens.actor_picker import NOBODY, ActorPicker

        def chosen(actor: str | None) -> None:
            if actor is not None:
                self.set_actor(None if actor == NOBODY else actor)

        current = self.draft.actor or self.last_actor
        self.app.push_screen(ActorPicker(self.encounter, self.target_ids, current), chosen)

    def set_actor(self, actor: str | None) -> None:
        """``actor`` (None: nobody) deals the damage; the log names them."""
        self.draft.actor = actor
        self.query_one("#damage-box").border_subtitle = self._actor_text()
        self._show_attacks()
        self._recompute()



__all__ = ["DamageScreen", "TargetTable", "SAVE_KEYS", "SAVE_LABELS", "ACTOR_HELP"]
