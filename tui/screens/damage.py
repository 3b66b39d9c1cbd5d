"""Damage entry: one roll for every target, a per-target preview, and enter applies exactly that."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Label, Static

from core.cells import cut_cells
from core.draft import (
    DamageDraft,
    default_actor,
    read_save_and_dc,
    restep,
    roll_source,
    shown_attack,
)
from core.model import Attack
from core.table_numbers import AttackResult, SaveRoll, SaveRolls, roll_rule
from tui.screens.dialogs import NumberInput
from tui.widgets.line_table import LineTable
from tui.widgets.log_panel import (
    NOTICE_WIDTH,
    cells,
    fit_cells,
    fit_keeping_tail,
    fit_lines,
    fit_words,
    most_lines,
    show_text,
)
from tui.widgets.notation_field import NotationField
from tui.widgets.numbers_line import numbers_summary

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from core import Encounter

SAVE_KEYS: tuple[str | None, ...] = (
    None, "critical-success", "success", "failure", "critical-failure",
)
"""The save set by keys 0–4 on the targets."""
SAVE_LABELS = {
    None: "—",
    "critical-success": "crit. success",
    "success": "success",
    "failure": "failure",
    "critical-failure": "crit. fail",
}
ROLL_SAVES_HINT = " · alt+v roll"
HINT_ROOM = 76
"""The cells of the save hint's line inside the box at 80 columns."""
ROLLED_LABELS = {"critical-success": "crit. succ", "critical-failure": "crit. fail"}
"""A rolled save's degree after its total (``23 crit. succ``): as wide as the widest label."""


SAVE_GROUP = Binding.Group("Save", compact=True)
ACTOR_HELP = "Who deals the damage: a few letters of the name, then enter"
MIN_RESULT = 12

# Textual reads ESC+digit (what a terminal sends for alt+1 … alt+9) as the characters macOS's
# Option key types (textual/_ansi_sequences.py): ¡ ™ £ ¢ ∞ § ¶ • ª. The attack keys bind their
# names (the targets table), and the damage field, which types them, hands them over.
ALT_DIGIT_CHARS = "¡™£¢∞§¶•ª"
ALT_DIGIT_KEYS = ("inverted_exclamation_mark", "trade_mark_sign", "pound_sign", "cent_sign",
                  "infinity", "section_sign", "pilcrow_sign", "bullet", "ª")


class TargetTable(LineTable):
    """The targets with their save and result; keys set the highlighted target's save.

    | Key | Action |
    | :- | :- |
    | 0 1 2 3 4 | No save, critical success, success, failure, critical failure |
    | left / right | Previous / next save result |
    | S | The highlighted target's save for every target |
    """

    BINDINGS = [
        Binding("0", "screen.set_save(0)", "No save", group=SAVE_GROUP, id="damage.save_0"),
        Binding("1", "screen.set_save(1)", "Critical success", group=SAVE_GROUP,
                id="damage.save_1"),
        Binding("2", "screen.set_save(2)", "Success", group=SAVE_GROUP, id="damage.save_2"),
        Binding("3", "screen.set_save(3)", "Failure", group=SAVE_GROUP, id="damage.save_3"),
        Binding("4", "screen.set_save(4)", "Critical failure", group=SAVE_GROUP,
                id="damage.save_4"),
        Binding("S", "screen.copy_save", "Save to all", key_display="S",
                id="damage.save_all"),
        Binding("left", "screen.cycle_save(-1)", "Save −", show=False, id="damage.save_prev"),
        Binding("right", "screen.cycle_save(1)", "Save +", show=False, id="damage.save_next"),
    ]


class DamageScreen(ModalScreen[Any]):
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
    | ? | Help: every key of this screen |

    The letters act on the targets; with alt they work from the damage field too.
    """

    CSS_PATH = "damage.tcss"
    # Focus by AUTO_FOCUS, not in on_mount: a focus call queued at mount could land after
    # a fast typist's tab and pull the cursor back into the field.
    AUTO_FOCUS = "#damage Input"

    BINDINGS = [
        # priority: enter applies from the field and the table alike, and shows in the footer
        Binding("enter", "apply", "Apply", priority=True, id="damage.apply"),
        Binding("escape", "cancel", "Cancel", id="damage.cancel"),
        # Letters act on the targets; the same actions with alt (and ^r) work from the damage
        # field too, where letters are notation (issue 9, item 14). The footer shows only
        # keys that work in both places, so it stays the same when the focus moves.
        Binding("r", "reroll", "Reroll", show=False, id="damage.reroll"),
        Binding("c", "toggle_critical", "Critical", show=False, id="damage.critical"),
        Binding("n", "toggle_nonlethal", "Nonlethal", show=False, id="damage.nonlethal"),
        Binding("m", "cycle_multiplier", "×2/×3/×4", show=False, id="damage.multiplier"),
        Binding("t", "roll_attack", "Attack", show=False, id="damage.attack"),
        Binding("a", "toggle_armor", "Armor slot", show=False, id="damage.armor"),
        Binding("i", "toggle_direct", "Direct", show=False, id="damage.direct"),
        Binding("plus", "add_hit", "Add hit", key_display="+", show=False, id="damage.add_hit"),
        # issue 19: an area's saves rolled by the app, each target with its own numbers
        Binding("v", "roll_saves", "Roll saves", show=False, id="damage.roll_saves"),
        Binding("alt+v", "roll_saves", "Roll saves", priority=True, key_display="alt+v", show=False,
                id="damage.roll_saves_alt", tooltip="Roll every target's save against one DC"),
        Binding("f4", "roll_saves", "Roll saves", priority=True, show=False,
                id="damage.roll_saves_f4"),
        # priority: a terminal sends alt+t with the character "t", which the field would
        # type before a non-priority binding is looked at
        Binding("ctrl+r", "reroll", "Reroll", priority=True, id="damage.reroll_anywhere"),
        Binding("alt+r", "reroll", "Reroll", priority=True, show=False, id="damage.reroll_alt"),
        Binding("alt+c", "toggle_critical", "Critical", priority=True, show=False,
                id="damage.critical_alt"),
        Binding("alt+n", "toggle_nonlethal", "Nonlethal", priority=True, show=False,
                id="damage.nonlethal_alt"),
        # where the rules have no nonlethal damage: alt+n says so, and the field does not
        # type its "n" (no description: help and the footer do not offer it)
        Binding("alt+n", "no_nonlethal", "", priority=True, show=False,
                id="damage.no_nonlethal"),
        Binding("alt+m", "cycle_multiplier", "×2/×3/×4", priority=True, show=False,
                id="damage.multiplier_alt"),
        # issue 19: the Pathfinder family's multiple attack penalty step of the attack rolled
        Binding("m", "cycle_map", "MAP step", show=False, id="damage.map"),
        Binding("alt+m", "cycle_map", "MAP step", priority=True, show=False, id="damage.map_alt"),
        Binding("alt+t", "roll_attack", "Attack", priority=True, key_display="alt+t",
                id="damage.attack_alt"),
        Binding("alt+a", "toggle_armor", "Armor slot", priority=True, show=False,
                id="damage.armor_alt"),
        Binding("alt+i", "toggle_direct", "Direct", priority=True, show=False,
                id="damage.direct_alt"),
        Binding("alt+plus,alt+equals_sign", "add_hit", "Add hit", priority=True,
                key_display="alt++", show=False,
                id="damage.add_hit_alt"),
        Binding("alt+b", "pick_actor", "By", priority=True, show=False, id="damage.actor",
                tooltip=ACTOR_HELP),
        # a real terminal sends alt+b as ESC b, which Textual reads as ctrl+left, and alt++ as a
        # plain "+": function keys reach the app from any terminal, the field included
        Binding("f3", "add_hit", "Add hit", priority=True, id="damage.add_hit_f3"),
        Binding("f2", "pick_actor", "By", priority=True, id="damage.actor_f2", tooltip=ACTOR_HELP),
        # down from the damage field: type, down, 2, enter (the table uses down itself)
        Binding("down", "focus_targets", "To the targets", show=False, id="damage.to_targets"),
        # up in the damage field, as in a shell: the damage applied before, newest first
        Binding("up", "recall_damage", "Earlier damage", show=False, id="damage.recall",
                tooltip="Bring back the damage applied before"),
        # a modal screen does not see the app's keys: "?" is offered here again (F1 is the
        # app's priority key, from the field too)
        Binding("question_mark", "app.help", "Help", key_display="?", show=False,
                id="damage.help"),
        # issue 12: the acting creature's attacks read from its stat block; help lists one line
        Binding("alt+1", "use_attack(1)", "Attack from the block",
                priority=True, show=False, key_display="alt+1…9", id="damage.use_attack",
                tooltip="The acting creature's attack 1–9 (from its stat block) into the field"),
        *(Binding(f"alt+{n}", f"use_attack({n})", "", priority=True,
                  show=False, id=f"damage.use_attack_{n}") for n in range(2, 10)),
        # one binding a key: Textual keeps one key of a binding with an id
        *(Binding(key, f"use_attack({n})", "", priority=True, show=False,
                  id=f"damage.use_attack_esc_{n}") for n, key in enumerate(ALT_DIGIT_KEYS, 1)),
    ]

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

    @property
    def has_attack_helper(self) -> bool:
        """Whether the system's form shows the attack helper and multiplier (the core says)."""
        return self.rules.attack_helper

    @property
    def has_nonlethal(self) -> bool:
        """Whether damage may be dealt as nonlethal in this system (the core says)."""
        return self.rules.has_nonlethal

    @property
    def has_armor_slots(self) -> bool:
        """Whether targets may mark an armor slot and damage may be direct (the core says)."""
        return self.rules.has_armor_slots

    def compose(self) -> ComposeResult:
        """Field, roll line, options, targets, steps, helper."""
        count = len(self.target_ids)
        with Vertical(id="damage-box") as box:
            box.border_title = f"Damage · {count} target{'s' if count != 1 else ''}"
            box.border_subtitle = self._actor_text()
            with Horizontal(id="damage-row"):
                yield Label("Damage", classes="label")
                yield NotationField(
                    self._check_damage,
                    placeholder="{}   ·   {} = a total already rolled".format(
                        *self.rules.example_damage),
                    empty_hint="type the damage (rolled once for every target) · f1: every key",
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
                    yield Label("Atk +", classes="label")
                    yield NumberInput("0", id="attack-bonus", label="Attack bonus", default=0)
                    yield Label("AC", classes="label short")
                    yield NumberInput("10", id="attack-ac", label="AC", default=10)
                    yield Label("Threat", classes="label short")
                    yield NumberInput("20", id="attack-threat", label="Threat", default=20)
                # its own line: the verdict and the confirmation must not be cut at 80 columns
                yield Static("alt+t: roll the attack", id="attack-result", markup=False)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        """Fill the targets and start in the damage field."""
        table = self.query_one(TargetTable)
        # as narrow as the names and the system's save words allow: the Result is the widest
        # thing here (``2: HP 10/10 sub 8 → HP 10/10 sub 10 staggered``) and must not be cut
        names = [cut_cells(self.encounter.creature(cid).name, 18) for cid in self.target_ids]
        saves = [self._save_label(cid) for cid in self.target_ids[:1]] + [
            SAVE_LABELS.get(save, str(save)) for save in self.draft.save_cycle]
        widths = [max(map(cell_len, ["Target", *names])), max(map(cell_len, ["Save", *saves]))]
        table.add_column("Target", key="target", width=widths[0])
        table.add_column("Save", key="save", width=widths[1])
        if self.has_armor_slots:
            table.add_column("Armor", key="armor", width=6)
            widths.append(6)
        # a fixed width, cut at a word: a column widened only after its cell was drawn, or
        # wider than the box, cut a number mid-way (``HP 14/3``, play report S10-1)
        self.result_width = self._room_for_result(widths)
        table.add_column("Result", key="result", width=self.result_width)
        for creature_id in self.target_ids:
            creature = self.encounter.creature(creature_id)
            cells: list[Any] = [Text(cut_cells(creature.name, 18)), self._save_label(creature_id)]
            if self.has_armor_slots:
                cells.append(self._armor_label(creature_id))
            cells.append(Text(fit_words(self.rules.track_text(creature), self.result_width)))
            table.add_row(*cells, key=creature_id)
        self._show_options()
        self._show_attacks()
        self._show_steps()      # issue 19: the first target's numbers before anything is typed
        self._fill_target_ac()

    # -- state to screen -----------------------------------------------------------------

    def _fill_target_ac(self) -> None:
        """d20 3.0's helper starts on the first target's AC after conditions (issue 19)."""
        if not self.has_attack_helper:
            return
        numbers = self.encounter.numbers_of(self.target_ids[0])
        if "ac" in numbers:
            self.query_one("#attack-ac", NumberInput).value = str(numbers["ac"])

    def _inner_width(self) -> int:
        """The cells inside the box: the screen's width up to its max-width (damage.tcss), less
        its border and padding."""
        box = self.query_one("#damage-box")
        width = min(self.app.size.width, cells(box.styles.max_width) or self.app.size.width)
        return width - box.styles.gutter.width

    def _room_for_result(self, others: list[int]) -> int:
        """The Result column's cells: the box's inner width less the ``others`` columns, their
        padding and a scrollbar."""
        return max(MIN_RESULT, self._inner_width() - sum(others) - 2 * (len(others) + 1) - 2)

    def _save_hint(self) -> str:
        """How to set saves, from the moment the form opens (issue 18: the Save column showed
        ``—`` and nothing said how): ``Basic save: ↓ then 1 crit. success … · S all``."""
        keys = [f"{key} {SAVE_LABELS[save]}" for key, save in enumerate(SAVE_KEYS)
                if save is not None and save in self.draft.save_cycle]
        if not keys:
            return ""
        words = self.rules.save_words
        hint = f"{words[:1].upper()}{words[1:]}: ↓ then {' '.join(keys)} · S all"
        # issue 19: the rolled saves' key, where the line has room (else the roll line says it)
        return hint + ROLL_SAVES_HINT if cell_len(hint + ROLL_SAVES_HINT) <= HINT_ROOM else hint

    def _save_label(self, creature_id: str) -> str:
        if not self.draft.has_saves:
            return "no saves"
        rolled = self.draft.rolled_save(creature_id)
        if rolled is not None:
            return f"{rolled.total} {ROLLED_LABELS.get(rolled.degree, rolled.degree)}"
        return SAVE_LABELS.get(self.draft.saves[creature_id], str(self.draft.saves[creature_id]))

    def _free_armor_slots(self, creature_id: str) -> int:
        """Daggerheart: the armor slots the creature can still mark (an adversary has none)."""
        creature = self.encounter.creature(creature_id)
        return max(0, (creature.armor or 0) - (creature.armor_marked or 0))

    def _armor_label(self, creature_id: str) -> str:
        # direct damage cannot be reduced by armor; a creature without a free slot has no choice
        if self.draft.direct or not self._free_armor_slots(creature_id):
            return "—"
        return "mark" if self.draft.armor_slots[creature_id] else "no"

    def _actor_text(self) -> Content:
        """Who deals the damage, for the box's bottom border (plain text: a name is no markup)."""
        actor = self.draft.actor
        name = self.encounter.creature(actor).name if actor else "nobody"
        return Content(f"by {name} (f2)")

    def _show_options(self) -> None:
        box: Callable[[bool], str] = lambda on: "[x]" if on else "[ ]"  # noqa: E731
        # alt+letter works from the field and the targets alike; the letter on the targets
        # damage typed as nonlethal (``1d3+1 subdual``) checks the box too: what is echoed
        # and what is shown agree (issue 9, item 7)
        parts = [f"{box(self.draft.critical)} critical (alt+c)"]
        if self.has_nonlethal:
            nonlethal = self.draft.nonlethal or self.draft.typed_nonlethal
            parts.append(f"{box(nonlethal)} {self.nonlethal_word} (alt+n)")
        if self.has_attack_helper:
            parts.append(f"×{self.draft.multiplier} on a crit (alt+m)")
        if self.has_armor_slots:
            parts.append(f"{box(self.draft.direct)} direct (alt+i)")
        if self.draft.hits:
            # short: with Daggerheart's three options "2 earlier hits" was cut at 80 columns
            parts.append(f"{len(self.draft.hits)} hit{'s' if len(self.draft.hits) > 1 else ''} kept")
        show_text(self.query_one("#options", Static), "  ".join(parts))

    def _show_preview(self) -> None:
        """The roll line, each target's result, the breakdown; the footer when that changes."""
        self._show_roll_line()
        self._show_results()
        self._show_steps()
        has_preview = self.preview is not None
        if has_preview != self._had_preview:
            # reroll and add-hit grey out without a preview: refresh the footer only then,
            # not on every keystroke
            self._had_preview = has_preview
            self.refresh_bindings()

    def _show_roll_line(self) -> None:
        """The roll, the error, or the miss, in the lines damage.tcss gives it: a longer roll is
        cut at a word, never silently, and the total is kept whole."""
        roll_line = self.query_one("#roll-line", Static)
        width = roll_line.content_region.width or self._inner_width()
        lines = most_lines(roll_line) or 1
        if self.preview_error:
            text = Text(fit_lines(f"! {self.preview_error}", width, lines), style="bold")
        elif self.draft.no_damage and self.preview is not None:
            # the core previews a miss as no damage; the dice stay for a GM who confirms
            miss = f"MISS: no damage (enter asks) · if you confirm: {self.preview.roll.text}"
            text = Text(fit_lines(miss, width, lines), style="bold")
        elif self.preview is None:
            empty = "nothing rolled yet" + (" · alt+v rolls the targets' saves" if self.draft.has_saves else "")
            text = Text(fit_lines(" · ".join(self.draft.hits) or empty, width, lines))
        else:
            # the roll's text is in the system's words (d20's ``1d3+1 subdual``): the parser
            # labels each part so
            roll = self.preview.roll
            tail = f"  ·  total {roll.total}  ·  {roll_source(roll)}"
            text = Text(fit_keeping_tail(roll.text, tail, width, lines))
        show_text(roll_line, text, steady=True)

    def _show_results(self) -> None:
        """Each target's save, armor slot and result, or its track while nothing is rolled."""
        table = self.query_one(TargetTable)
        outcomes = self.preview.outcomes if self.preview is not None else {}
        with self.app.batch_update():
            for creature_id in self.target_ids:
                table.update_cell(creature_id, "save", self._save_label(creature_id))
                if self.has_armor_slots:
                    table.update_cell(creature_id, "armor", self._armor_label(creature_id))
                outcome = outcomes.get(creature_id)
                text = (
                    outcome.summary
                    if outcome is not None
                    else self.rules.track_text(self.encounter.creature(creature_id))
                )
                table.update_cell(creature_id, "result", Text(fit_words(text, self.result_width)))

    def _show_steps(self) -> None:
        steps = self.query_one("#steps", Static)
        creature_id = self.highlighted_id
        outcome = None
        if self.preview is not None and creature_id is not None:
            outcome = self.preview.outcomes.get(creature_id)
        if creature_id is None:
            show_text(steps, "", steady=True)
            return
        text = self._target_head(creature_id)
        if outcome is not None:
            text += ": " + " → ".join(outcome.steps)
        width = steps.content_region.width or self._inner_width()
        show_text(steps, Text(fit_lines(text, width, most_lines(steps) or 1)), steady=True)

    def _target_head(self, creature_id: str) -> str:
        """The target as the steps line names it: its rolled save, or its numbers after
        conditions (issue 19: ``Goblin Pyro (AC 15 (17, frightened 2) · Ref +6 …)``)."""
        rolled = self.draft.rolled_save(creature_id)
        if rolled is not None:
            return rolled.text
        name = self.encounter.creature(creature_id).name
        numbers = numbers_summary(self.encounter, creature_id)
        return f"{name} ({numbers})" if numbers else name

    @property
    def highlighted_id(self) -> str | None:
        """The target under the table cursor."""
        return self.query_one(TargetTable).cursor_key

    # -- rolling and previewing ----------------------------------------------------------

    @property
    def nonlethal_word(self) -> str:
        """``nonlethal``, or the system's own term for it (the core says)."""
        return self.rules.nonlethal_word

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
        reroll was asked ("change an option, keep the dice", core.draft)."""
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
            self.notify("Fix the damage first (nothing applied).", severity="warning")
            return
        if self.preview is None:
            self.notify("Type the damage first.", severity="warning")
            return
        if self.draft.no_damage:
            self._confirm_after_miss()
            return
        self.dismiss(self.preview)

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
                self.dismiss(self.preview)  # a miss not confirmed: the attack, no damage

        total = self.preview.roll.total
        question = f"The attack missed ({attack.text if attack else 'miss'}). " \
                   f"Deal the {total} damage anyway?"
        self.app.push_screen(ConfirmModal(question, yes="deal it", no="log the miss",
                                          back="back"), answer)

    def action_cancel(self) -> None:
        """Close without applying anything."""
        self.dismiss(None)

    def action_reroll(self) -> None:
        """Roll every die again, earlier hits included (typed totals stay as typed)."""
        self._recompute(reroll=True)

    def action_toggle_critical(self) -> None:
        """Critical hit on or off (the same dice, doubled by the rules)."""
        self.draft.toggle_critical()
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
            f"{self.rules.name} has no nonlethal damage.")

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

    def action_toggle_armor(self) -> None:
        """Daggerheart: the highlighted target marks an armor slot, or not."""
        creature_id = self.highlighted_id
        if creature_id is None or self.draft.direct:
            return
        if not self.draft.toggle_armor(creature_id, self._free_armor_slots(creature_id)):
            name = self.encounter.creature(creature_id).name
            self.query_one("#steps", Static).update(f"{name} has no armor slot to mark.")
            return
        self._recompute()

    def action_cycle_save(self, step: int) -> None:
        """Change the highlighted target's save result."""
        creature_id = self.highlighted_id
        if creature_id is None or not self.draft.has_saves:
            return
        if self.draft.cycle_save(creature_id, step):
            self._recompute()

    def action_set_save(self, index: int) -> None:
        """Set the highlighted target's save by its key (0 none … 4 critical failure)."""
        creature_id = self.highlighted_id
        if creature_id is None or not 0 <= index < len(SAVE_KEYS):
            return
        if self.draft.set_save(creature_id, SAVE_KEYS[index]):
            self._recompute()

    def action_save_all(self, index: int) -> None:
        """Give every target the save of key ``index`` (0 none … 4 critical failure)."""
        if not 0 <= index < len(SAVE_KEYS):
            return
        changed = [self.draft.set_save(cid, SAVE_KEYS[index]) for cid in self.target_ids]
        if any(changed):
            self._recompute()

    def action_copy_save(self) -> None:
        """Give every target the highlighted target's save."""
        creature_id = self.highlighted_id
        if creature_id is None or not self.draft.has_saves:
            return
        if self.draft.copy_save(creature_id):
            self._recompute()

    def action_roll_saves(self) -> None:
        """Ask the save and the DC once, then roll each target's save with its own numbers
        after conditions (issue 19); every roll shows before enter, every degree can change."""
        from tui.screens.dialogs import PromptModal

        if not self.draft.has_saves:
            return

        def check(text: str) -> str | None:
            try:
                read_save_and_dc(text, self.last_save)
            except ValueError as error:
                return str(error)
            return None

        def chosen(text: str | None) -> None:
            if text is not None:
                self.roll_saves(*read_save_and_dc(text, self.last_save))

        question = "Roll every target's save: the save and the DC (fort, ref or will)"
        self.app.push_screen(PromptModal(question, value=f"{self.last_save} ", check=check), chosen)

    last_save = "ref"
    """The save asked for last (the prompt offers it again)."""

    def roll_saves(self, save: str, dc: int) -> SaveRolls:
        """Roll ``save`` against ``dc`` for every target that has that save; say who has not."""
        self.last_save = save
        rolls: dict[str, SaveRoll] = {}
        missing: list[str] = []
        for creature_id in self.target_ids:
            try:
                rolls.update(self.encounter.roll_saves([creature_id], save, dc, rng=self.rng).rolls)
            except ValueError:
                missing.append(self.encounter.creature(creature_id).name)
        result = SaveRolls(rolls)
        self.draft.set_rolled_saves(result)
        self._recompute()
        if missing:
            self.notify(fit_cells(f"No {save} save known for {', '.join(missing)}: set it by hand "
                                  "(0–4) or type it in the edit form", NOTICE_WIDTH), severity="warning")
        return result

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
        self.notify(fit_cells(f"Hit {len(self.draft.hits)} kept: {text}", NOTICE_WIDTH))

    def action_roll_attack(self) -> None:
        """d20 3.0: roll the attack (and a confirmation on a threat); a critical sets ×N."""
        if not self.has_attack_helper:
            return
        try:
            bonus, ac, threat = (self.query_one(f"#attack-{name}", NumberInput).number()
                                 for name in ("bonus", "ac", "threat"))
        except ValueError as error:
            self.query_one("#attack-result", Static).update(str(error))
            return
        try:
            attack = self.rules.roll_attack(bonus, ac, threat=threat, rng=self.rng)
        except ValueError as error:
            self.query_one("#attack-result", Static).update(str(error))
            return
        # the verdict first, in capitals: a long confirmation roll must not hide it
        self.draft.set_attack(attack)
        self.query_one("#attack-result", Static).update(f"{attack.result.upper()}: {attack.text}")
        self._show_options()
        self._recompute()
        if (self.focused is not None and (self.focused.id or "").startswith("attack-")):
            # rolled from the helper: the next enter applies what the preview now shows,
            # it does not roll again (a critical must not turn into a hit by a second enter)
            self.query_one("#damage", NotationField).focus_input()

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

    # -- the acting creature's attacks (issue 12) ------------------------------------------

    def actor_attacks(self) -> list[Attack]:
        """The attacks read from the acting creature's stat block."""
        actor = self.draft.actor
        return list(self.encounter.creature(actor).attacks) if actor else []

    def _show_attacks(self) -> None:
        """One line of the actor's attacks and their keys; hidden when it has none."""
        attacks = self.actor_attacks()[:9]
        line = self.query_one("#attacks", Static)
        line.styles.text_wrap, line.styles.text_overflow = "nowrap", "ellipsis"  # one line
        words = [f"alt+{n} {a.label}" + (f" {a.bonus:+d}" if a.bonus is not None else "") + f" {a.damage}"
                 for n, a in enumerate(attacks, 1)]
        actor = self.draft.actor
        atk = self.encounter.creature(actor).numbers.get("attack") if actor else None
        if not attacks and atk is not None:     # a Daggerheart adversary's ATK (issue 19)
            words = [f"alt+1 ATK {atk:+d}"]
        line.display = bool(words)
        line.update(" · ".join(words))

    def _attack_typed(self, text: str) -> bool:
        """alt+N from a terminal reached the field as a character (ALT_DIGIT_CHARS): use attack N."""
        for number, char in enumerate(ALT_DIGIT_CHARS, 1):
            if char in text:
                self.query_one("#damage", NotationField).value = text.replace(char, "")
                self.action_use_attack(number)
                return True
        return False

    last_attack: AttackResult | None = None
    """The attack the helper rolled last (issue 19): ``m`` reads it at another MAP step."""

    def action_use_attack(self, number: int) -> None:
        """Roll the actor's attack ``number`` against the highlighted target's AC (Evasion,
        Difficulty) after conditions and put its damage into the field (issue 19); an attack
        without a bonus only fills the field."""
        attacks = self.actor_attacks()
        actor = self.draft.actor
        atk = actor is not None and number == 1 and "attack" in self.encounter.creature(actor).numbers
        if not 1 <= number <= len(attacks) and not atk:
            self.notify(f"The acting creature has no attack {number} from a stat block.",
                        severity="warning")
            return
        rolled = self._roll_attack_of(number - 1)
        damage = rolled.damage if rolled is not None else attacks[number - 1].damage
        field = self.query_one("#damage", NotationField)
        if damage:
            field.value = damage
        field.focus_input()
        if rolled is not None:
            self._show_attack(rolled)

    def _roll_attack_of(self, index: int) -> AttackResult | None:
        """The actor's attack ``index`` rolled against the highlighted target; None (and why)
        when a number is missing."""
        target = self.highlighted_id or self.target_ids[0]
        try:
            return self.encounter.attack(self.draft.actor or "", target, index, rng=self.rng)
        except (KeyError, ValueError) as error:
            self.notify(fit_cells(f"Not rolled: {error}", NOTICE_WIDTH), severity="warning")
            return None

    def _show_attack(self, rolled: AttackResult) -> None:
        """The roll, the verdict, the degree and the MAP step on the attacks line; a critical
        hit sets critical, a miss asks before enter (as the d20 3.0 helper does)."""
        self.last_attack = rolled
        shown = shown_attack(rolled)
        self.draft.set_attack(shown)
        line = self.query_one("#attacks", Static)
        line.display = True
        line.update(shown.text + (" · m: MAP step" if rolled.map_step is not None else ""))
        self._show_options()
        self._recompute()

    def action_cycle_map(self) -> None:
        """The Pathfinder family: read the last attack at the next MAP step (0, −5, −10)."""
        rolled = self.last_attack
        if rolled is None or rolled.map_step is None:
            self.notify("Roll an attack first (alt+1…9).", severity="warning")
            return
        self._show_attack(restep(rolled, (rolled.map_step + 1) % 3))
