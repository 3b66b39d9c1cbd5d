"""The damage form's preview: the roll line, the options line and the highlighted target's
breakdown, redrawn from the core's DamageDraft after every change."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.content import Content
from textual.widgets import Static

from core.encounter.draft import roll_source
from core.text.i18n import game_term, listing, ntr, tr
from tui.screens.damage_targets import TargetRows
from tui.widgets.log_panel import fit_keeping_tail, fit_lines, most_lines, show_text
from tui.widgets.notation_field import NotationField
from tui.widgets.numbers_line import numbers_summary

if TYPE_CHECKING:
    from collections.abc import Callable


class PreviewLines(TargetRows):
    """The lines that say what the entry would do: the roll, the options, the breakdown."""

    preview_error: str = ""
    _had_preview: bool = False

    @property
    def has_attack_helper(self) -> bool:
        """Whether the system's form shows the attack helper and multiplier (the core says)."""
        return self.rules.attack_helper

    @property
    def has_nonlethal(self) -> bool:
        """Whether damage may be dealt as nonlethal in this system (the core says)."""
        return self.rules.has_nonlethal

    def _actor_text(self) -> Content:
        """Who deals the damage, for the box's bottom border (plain text: a name is no markup)."""
        actor = self.draft.actor
        name = self.encounter.creature(actor).name if actor else tr("nobody")
        return Content(tr("by {name} (f2)", name=name))

    def _show_options(self) -> None:
        """The options line: critical, nonlethal, multiplier, direct, the hits kept."""
        box: Callable[[bool], str] = lambda on: "[x]" if on else "[ ]"  # noqa: E731
        # alt+letter works from the field and the targets alike; the letter on the targets
        # damage typed as nonlethal (``1d3+1 subdual``) checks the box too: what is echoed
        # and what is shown agree (issue 9, item 7)
        parts = [tr("{box} critical (alt+c)", box=box(self.draft.critical))]
        if self.has_nonlethal:
            nonlethal = self.draft.nonlethal or self.draft.typed_nonlethal
            parts.append(f"{box(nonlethal)} {game_term(self.nonlethal_word)} (alt+n)")
        if self.has_attack_helper:
            parts.append(tr("×{multiplier} on a crit (alt+m)", multiplier=self.draft.multiplier))
        if self.has_armor_slots:
            parts.append(tr("{box} direct (alt+i)", box=box(self.draft.direct)))
        if self.draft.hits:
            # short: with Daggerheart's three options "2 earlier hits" was cut at 80 columns
            parts.append(ntr("{count} hit kept", "{count} hits kept", len(self.draft.hits)))
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
            miss = tr("MISS: no damage (enter asks) · if you confirm: {roll}", roll=self.preview.roll.text)
            text = Text(fit_lines(miss, width, lines), style="bold")
        elif self.preview is None:
            empty = tr("nothing rolled yet") + (tr(" · alt+v rolls the targets' saves") if self.draft.has_saves else "")
            text = Text(fit_lines(" · ".join(self.draft.hits) or empty, width, lines))
        else:
            # the roll's text is in the system's words (d20's ``1d3+1 subdual``): the parser
            # labels each part so
            roll = self.preview.roll
            tail = tr("  ·  total {total}  ·  {source}", total=roll.total, source=roll_source(roll)) \
                + self._minions_said() + self._not_dealt_said()
            text = Text(fit_keeping_tail(roll.text, tail, width, lines))
        show_text(roll_line, text, steady=True)

    def _not_dealt_said(self) -> str:
        """RULES §10: the words of the actor's attack that the damage in the field does not deal
        (``plus Grab``, its note), for the roll line; "" when the field is no attack's damage."""
        actor = self.draft.actor
        if not actor:
            return ""
        text = self.draft.text.strip()
        rolled = getattr(self, "last_attack", None)     # the attack helper's last roll
        notes = [a.note for a in self.encounter.creature(actor).attacks
                 if a.note and (a.damage == text or (rolled is not None and rolled.attack == a
                                                     and rolled.damage == text))]
        return tr("  ·  not read: {words}", words=listing(dict.fromkeys(notes))) if notes else ""

    def _minions_said(self) -> str:
        """Daggerheart Minion (X): how many more Minions the hit defeats, for the roll line
        (enter asks which)."""
        more = sum(o.minions for o in self.preview.outcomes.values()) if self.preview else 0
        return ntr("  ·  defeats {count} more Minion", "  ·  defeats {count} more Minions", more) if more else ""

    def _show_steps(self) -> None:
        """The highlighted target's numbers, or its breakdown once something is rolled."""
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
            # RULES §10: what the target's defense line keeps that acts on no damage is said
            creature = self.encounter.creature(creature_id)
            text += "".join(f" · {note}" for note in self.rules.defenses_of(creature).not_acting())
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


__all__ = ["PreviewLines"]
