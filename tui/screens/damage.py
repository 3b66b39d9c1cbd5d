"""Damage entry: one roll for every target, a per-target preview, and enter applies exactly that.

One ModalScreen composed of widgets (the targets table, the roll and steps lines, the attack
bar): the core's DamageDraft holds the entry and applies the rules; this screen hands the
widgets what to show and answers their messages and the form's keys. The words it shows come
from damage_targets, damage_preview, damage_attacks and damage_saves; its keys from damage_keys.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from core.encounter.damage import DamagePreview
from core.encounter.draft import (
    DamageDraft,
    default_actor,
    minion_choices,
    roll_source,
    with_minions,
)
from core.table.numbers import roll_rule
from core.table.rolls import SaveRoll, SaveRolls
from core.text.i18n import ntr, tr
from tui.screens.damage_attacks import AttackHelper, attack_typed, attacks_line
from tui.screens.damage_keys import ACTOR_HELP, DAMAGE_BINDINGS
from tui.screens.damage_preview import (
    actor_text,
    minions_said,
    not_dealt_said,
    options_line,
    steps_text,
)
from tui.screens.damage_saves import ask_saves, save_hint
from tui.screens.damage_targets import free_armor_slots, save_words, target_rows
from tui.screens.dialogs import NumberInput
from tui.widgets.attack_bar import AttackBar
from tui.widgets.line_table import LineTable
from tui.widgets.log_panel import NOTICE_WIDTH, cells, fit_cells, show_text
from tui.widgets.notation_field import NotationField
from tui.widgets.roll_line import RollLine, StepsView
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.target_table import SAVE_KEYS, SAVE_LABELS, TargetTable

if TYPE_CHECKING:
    from collections.abc import Sequence

    from core import Encounter
    from core.table.rolls import AttackResult


class DamageScreen(ModalScreen[DamagePreview | None]):
    """The damage form over the roster; dismissed with the DamagePreview to commit, or None.

    | Key | Action |
    | :- | :- |
    | enter | Apply exactly what the preview shows (after a miss: log the miss, no damage) |
    | escape | Cancel: nothing applied, nothing logged (a miss included) |
    | y, alt+y | After a miss: deal the damage rolled anyway (then enter applies it) |
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

    One screen composed of widgets: the core's DamageDraft holds the entry and its rules; the
    targets table, the roll and steps lines and the attack bar are handed what to show, and
    say their keys up as messages. Dismissed with the DamagePreview to commit, or None.
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
        """The entry's state and rules (core): the screen only renders it."""
        self.last_actor = last_actor if last_actor in encounter.creatures else None
        self.preview: DamagePreview | None = None
        self.preview_error = ""
        self.attacks = AttackHelper(self)
        """The attack helper: alt+1…9, m, h and the attack bar."""
        self.last_save = "ref"
        """The save asked for last (the prompt offers it again)."""
        self._footer_state = (False, False)

    # -- what the rules say the form has -------------------------------------------------

    @property
    def highlighted_id(self) -> str | None:
        """The target under the table cursor."""
        return self.query_one(TargetTable).cursor_key

    # -- the widgets ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Field, roll line, options, targets, steps, attack bar."""
        count = len(self.target_ids)
        with Vertical(id="damage-box") as box:
            box.border_title = ntr("Damage · {count} target", "Damage · {count} targets", count)
            box.border_subtitle = actor_text(self.encounter, self.draft)
            with Horizontal(id="damage-row"):
                yield Label(tr("Damage"), classes="label")
                yield NotationField(
                    self._check_damage,
                    placeholder=tr("{damage}   ·   {total} = a total already rolled",
                                   damage=tr(self.rules.example_damage[0]),
                                   total=tr(self.rules.example_damage[1])),
                    empty_hint=tr("type the damage (rolled once for every target) · f1: every key"),
                    steady=True,
                    on_change=self._damage_changed,
                    id="damage",
                )
            yield RollLine("", id="roll-line", markup=False)
            yield Static("", id="options", markup=False)
            yield Static("", id="attacks", markup=False)
            yield Static(save_hint(self.rules, self.draft), id="save-hint", markup=False)
            table = TargetTable(id="targets")
            table.offered = self.draft.save_cycle
            yield table
            yield StepsView("", id="steps", markup=False)
            if self.rules.attack_helper:
                yield AttackBar([
                    (tr("Atk +"), "label",
                     NumberInput("0", id="attack-bonus", label="Attack bonus", default=0)),
                    ("AC", "label short", NumberInput("10", id="attack-ac", label="AC", default=10)),
                    (tr("Threat"), "label short",
                     NumberInput("20", id="attack-threat", label="Threat", default=20)),
                ])
        yield SteadyFooter(compact=True)

    def on_mount(self) -> None:
        """Fill the targets and start in the damage field."""
        room = self._inner_width()
        self.query_one(RollLine).fallback_width = self.query_one(StepsView).fallback_width = room
        rows = target_rows(self.encounter, self.draft, None)
        self.query_one(TargetTable).lay_out(rows, save_words(self.encounter, self.draft), room)
        self._show_options()
        self._show_attacks()
        self._show_steps()      # the first target's numbers before anything is typed
        if self.rules.attack_helper:
            self.attacks.fill_target_ac()

    def _inner_width(self) -> int:
        """The cells inside the box: the screen's width up to its max-width (damage.tcss), less
        its border and padding."""
        box = self.query_one("#damage-box")
        width = min(self.app.size.width, cells(box.styles.max_width) or self.app.size.width)
        return width - box.styles.gutter.width

    def _show_options(self) -> None:
        """The options line: critical, nonlethal, multiplier, direct, the hits kept."""
        show_text(self.query_one("#options", Static), options_line(self.encounter, self.draft))

    def _show_preview(self) -> None:
        """The roll line, each target's result, the breakdown; the footer when that changes."""
        self._show_roll_line()
        with self.app.batch_update():
            self.query_one(TargetTable).show(target_rows(self.encounter, self.draft, self.preview))
        self._show_steps()
        state = (self.preview is not None, self.draft.no_damage)
        if state != self._footer_state:
            # reroll and add-hit grey out without a preview, enter and escape say what they do
            # after a miss: refresh the footer only then, not on every keystroke
            self._footer_state = state
            self.refresh_bindings()

    def _show_roll_line(self) -> None:
        """The roll, the error, or the miss: a longer roll is cut at a word, never silently,
        and the total is kept whole."""
        line = self.query_one(RollLine)
        if self.preview_error:
            line.say(f"! {self.preview_error}", bold=True)
        elif self.draft.no_damage and self.preview is not None:
            # the core previews a miss as no damage; the dice stay for a GM who deals them
            line.say(tr("MISS: enter logs it, no damage · alt+y deals {roll}",
                        roll=self.preview.roll.text), bold=True)
        elif self.preview is None:
            empty = tr("nothing rolled yet") + (tr(" · alt+v rolls the targets' saves")
                                                if self.draft.has_saves else "")
            line.say(" · ".join(self.draft.hits) or empty)
        else:
            # the roll's text is in the system's words (d20's ``1d3+1 subdual``): the parser
            # labels each part so
            roll = self.preview.roll
            tail = tr("  ·  total {total}  ·  {source}", total=roll.total, source=roll_source(roll)) \
                + minions_said(self.preview) + not_dealt_said(self.encounter, self.draft, self.last_attack)
            line.say_roll(roll.text, tail)

    def _show_steps(self) -> None:
        """The highlighted target's numbers, or its breakdown once something is rolled."""
        self.query_one(StepsView).say(
            steps_text(self.encounter, self.draft, self.preview, self.highlighted_id))

    def _show_attacks(self) -> None:
        """One line of the actor's attacks and their keys; hidden when it has none."""
        line = self.query_one("#attacks", Static)
        line.styles.text_wrap, line.styles.text_overflow = "nowrap", "ellipsis"  # one line
        words = attacks_line(self.encounter, self.draft)
        line.display = bool(words)
        line.update(words)

    # -- the draft -----------------------------------------------------------------------

    def _check_damage(self, text: str) -> str:
        """Parse the damage as typed; say back what was understood, in the system's words."""
        return "✓ " + str(self.rules.parse_damage(text))  # labels in the system's words

    def _current_text(self) -> str:
        """The damage in the field; while it is wrong, the last valid one (the preview stays)."""
        field = self.query_one("#damage", NotationField)
        if not field.valid:
            return self.draft.text
        return field.value.strip()

    def _recompute(self, *, reroll: bool = False) -> None:
        """Preview the draft again: the core keeps the dice unless the damage changed or a
        reroll was asked ("change an option, keep the dice", core.encounter.draft)."""
        self.draft.set_text(self._current_text())
        if reroll:
            self.draft.reroll()
        self.preview_error = ""
        try:
            self.preview = self.draft.preview(self.encounter)
        except ValueError as error:
            self.preview = None
            self.preview_error = getattr(error, "message", None) or str(error)
        self._show_preview()

    # -- messages from the widgets -------------------------------------------------------

    def _damage_changed(self, text: str, valid: bool) -> None:
        """Preview as the damage is typed, painted with the key; an invalid text keeps the
        last valid preview. alt+N from a terminal reached the field as a character: attack N."""
        typed = attack_typed(text)
        if typed is not None:
            number, rest = typed
            self.query_one("#damage", NotationField).value = rest
            self.attacks.use(number)
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

    def on_target_table_save_chosen(self, event: TargetTable.SaveChosen) -> None:
        """A save key on the targets: that target's save."""
        event.stop()
        self._set_save(event.target, event.index)

    def on_target_table_save_cycled(self, event: TargetTable.SaveCycled) -> None:
        """left / right on the targets: that target's previous or next save."""
        event.stop()
        self._cycle_save(event.target, event.step)

    def on_target_table_save_copied(self, event: TargetTable.SaveCopied) -> None:
        """S on the targets: that target's save for every target."""
        event.stop()
        self._copy_save(event.target)

    def on_attack_bar_requested(self, event: AttackBar.Requested) -> None:
        """Enter in the attack bar rolls the attack."""
        event.stop()
        self.action_roll_attack()

    # -- actions -------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide what this system does not have; grey out what needs a preview."""
        if action in ("cycle_multiplier", "roll_attack"):
            return self.rules.attack_helper
        if action == "horde_damage":    # only where a creature is a Horde (Daggerheart)
            return any(c.horde for c in self.encounter.creatures.values())
        if action == "cycle_map":
            return roll_rule(self.encounter.system) == "degrees"
        if action in ("toggle_nonlethal", "no_nonlethal"):
            return self.rules.has_nonlethal == (action == "toggle_nonlethal")
        if action == "toggle_direct":
            return self.rules.has_armor_slots
        if action == "toggle_armor":
            return None if self.draft.direct else self.rules.has_armor_slots
        if action in ("cycle_save", "copy_save", "roll_saves") and not self.draft.has_saves:
            return False
        if action == "set_save":
            index = parameters[0] if parameters else 0
            return isinstance(index, int) and 0 <= index < len(SAVE_KEYS) and (
                self.draft.has_saves and SAVE_KEYS[index] in self.draft.save_cycle)
        if action == "copy_save" and len(self.target_ids) == 1:
            return False  # never applies with one target: hidden, not greyed
        if action in ("log_miss", "drop_miss", "deal_miss"):
            return self.draft.no_damage and self.preview is not None
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
        self._finish()      # a miss: the attack is logged, no damage (y first deals it)

    def _finish(self) -> None:
        """Close with the preview; a hit on a Minion first asks which more Minions it defeats
        (Daggerheart Minion (X)): they fall with the hit, one undo step."""
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

    def action_log_miss(self) -> None:
        """enter after a miss: log the attack with no damage and close (as apply does)."""
        self.action_apply()

    def action_drop_miss(self) -> None:
        """escape after a miss: close, logging nothing (as cancel does)."""
        self.action_cancel()

    def action_deal_miss(self) -> None:
        """The GM says the missed attack's damage lands: the same dice, now dealt; enter
        applies what the preview then shows."""
        if not self.draft.no_damage:
            return
        self.draft.confirm_miss()
        self._recompute()
        self.refresh_bindings()     # enter applies again, escape cancels

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
        """Who deals the damage, found by typing a few letters of the name."""
        from tui.screens.actor_picker import NOBODY, ActorPicker

        def chosen(actor: str | None) -> None:
            if actor is not None:
                self.set_actor(None if actor == NOBODY else actor)

        current = self.draft.actor or self.last_actor
        self.app.push_screen(ActorPicker(self.encounter, self.target_ids, current), chosen)

    def set_actor(self, actor: str | None) -> None:
        """``actor`` (None: nobody) deals the damage; the log names them."""
        self.draft.actor = actor
        self.query_one("#damage-box").border_subtitle = actor_text(self.encounter, self.draft)
        self._show_attacks()
        self._recompute()

    # -- saves and armor slots -----------------------------------------------------------

    def _set_save(self, creature_id: str | None, index: int) -> None:
        """``creature_id``'s save by its key (0 none … 4 critical failure)."""
        if creature_id is not None and 0 <= index < len(SAVE_KEYS) \
                and self.draft.set_save(creature_id, SAVE_KEYS[index]):
            self._recompute()

    def action_set_save(self, index: int) -> None:
        """Set the highlighted target's save by its key (0 none … 4 critical failure)."""
        self._set_save(self.highlighted_id, index)

    def _cycle_save(self, creature_id: str | None, step: int) -> None:
        """``creature_id``'s previous (-1) or next (1) save result."""
        if creature_id is not None and self.draft.has_saves and self.draft.cycle_save(creature_id, step):
            self._recompute()

    def action_cycle_save(self, step: int) -> None:
        """Change the highlighted target's save result."""
        self._cycle_save(self.highlighted_id, step)

    def action_save_all(self, index: int) -> None:
        """Give every target the save of key ``index`` (0 none … 4 critical failure)."""
        if not 0 <= index < len(SAVE_KEYS):
            return
        changed = [self.draft.set_save(cid, SAVE_KEYS[index]) for cid in self.target_ids]
        if any(changed):
            self._recompute()

    def _copy_save(self, creature_id: str | None) -> None:
        """Give every target ``creature_id``'s save."""
        if creature_id is not None and self.draft.has_saves and self.draft.copy_save(creature_id):
            self._recompute()

    def action_copy_save(self) -> None:
        """Give every target the highlighted target's save."""
        self._copy_save(self.highlighted_id)

    def action_toggle_armor(self) -> None:
        """Daggerheart: the highlighted target marks an armor slot, or not."""
        creature_id = self.highlighted_id
        if creature_id is None or self.draft.direct:
            return
        if not self.draft.toggle_armor(creature_id, free_armor_slots(self.encounter, creature_id)):
            name = self.encounter.creature(creature_id).name
            self.query_one("#steps", Static).update(tr("{name} has no armor slot to mark.", name=name))
            return
        self._recompute()

    def action_roll_saves(self) -> None:
        """Ask the save and the DC once, then roll each target's save with its own numbers
        after conditions; every roll shows before enter, every degree can change."""
        if self.draft.has_saves:
            ask_saves(self.app, self.rules, self.last_save, self.roll_saves)

    def roll_saves(self, save: str, dc: int, bonus: int = 0) -> SaveRolls:
        """Roll ``save`` against ``dc`` for every target that has that save; say who has not
        (``bonus``: Daggerheart adversaries')."""
        self.last_save = save
        rolls: dict[str, SaveRoll] = {}
        missing: list[str] = []
        extra = {"bonus": bonus} if bonus else {}
        for creature_id in self.target_ids:
            try:
                rolls.update(self.encounter.roll_saves([creature_id], save, dc, rng=self.rng, **extra).rolls)
            except ValueError:
                missing.append(self.encounter.creature(creature_id).name)
        result = SaveRolls(rolls)
        self.draft.set_rolled_saves(result)
        self._recompute()
        if missing:
            self.notify(fit_cells(tr("No {save} save known for {names}: set it by hand (0–4) or type it "
                                     "in the edit form", save=save, names=", ".join(missing)), NOTICE_WIDTH),
                        severity="warning")
        return result

    # -- attacks (the helper part does them) ---------------------------------------------

    @property
    def last_attack(self) -> AttackResult | None:
        """The attack rolled last (alt+1…9, m): ``m`` reads it at another MAP step."""
        return self.attacks.last_attack

    def attack_rolled(self) -> None:
        """An attack was rolled into the draft: the options and the preview again."""
        self._show_options()
        self._recompute()

    def follow_critical(self) -> None:
        """Critical turned on or off: the helper's damage in the field follows it."""
        self.attacks.follow_critical()

    def count_attack(self) -> None:
        """The form is applied: the attack rolled counts toward the actor's MAP."""
        self.attacks.count()

    def action_roll_attack(self) -> None:
        """d20 3.0: roll the attack bar's attack (and a confirmation on a threat)."""
        if self.rules.attack_helper:
            self.attacks.roll_bar()

    def action_use_attack(self, number: int) -> None:
        """The actor's attack ``number`` rolled against the highlighted target, its damage
        into the field."""
        self.attacks.use(number)

    def action_horde_damage(self) -> None:
        """Daggerheart: the acting Horde's damage X into the field."""
        self.attacks.horde_into_field()

    def action_cycle_map(self) -> None:
        """The Pathfinder family: the last attack at the next MAP step (0, −5, −10)."""
        self.attacks.cycle_map()


__all__ = ["DamageScreen", "TargetTable", "SAVE_KEYS", "SAVE_LABELS", "ACTOR_HELP"]
