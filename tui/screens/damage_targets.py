"""The damage form's targets: a row each with its save, armor slot and result, and the keys that
set a target's save or armor slot."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual.screen import ModalScreen
from textual.widgets import Static

from core.text.cells import cut_cells
from core.text.i18n import N_, ptr, tr
from tui.screens.damage_keys import TARGET_BINDINGS
from tui.widgets.line_table import LineTable
from tui.widgets.log_panel import cells, fit_words

if TYPE_CHECKING:
    from core import Encounter
    from core.encounter.damage import DamagePreview
    from core.encounter.draft import DamageDraft
    from core.systems.base import RuleSystem

SAVE_KEYS: tuple[str | None, ...] = (
    None, "critical-success", "success", "failure", "critical-failure",
)
"""The save set by keys 0–4 on the targets."""
SAVE_LABELS = {
    None: "—",
    "critical-success": N_("crit. success"),
    "success": N_("success"),
    "failure": N_("failure"),
    "critical-failure": N_("crit. fail"),
}
"""A save's words in the Save column, in English (``save_label`` says them in the GM's language)."""
ROLLED_LABELS = {"critical-success": N_("crit. succ"), "critical-failure": N_("crit. fail")}
"""A rolled save's degree after its total (``23 crit. succ``): as wide as the widest label."""
MIN_RESULT = 12


def save_label(save: str | None) -> str:
    """A save's words for the Save column, in the language spoken."""
    return tr(SAVE_LABELS.get(save, str(save)))


class TargetTable(LineTable):
    """The targets with their save and result; keys set the highlighted target's save.

    | Key | Action |
    | :- | :- |
    | 0 1 2 3 4 | No save, critical success, success, failure, critical failure |
    | left / right | Previous / next save result |
    | S | The highlighted target's save for every target |
    """

    BINDINGS = TARGET_BINDINGS


class TargetRows(ModalScreen[Any]):
    """The damage form's state and its targets table: one row a target, kept up to date."""

    encounter: Encounter
    rules: RuleSystem
    target_ids: list[str]
    draft: DamageDraft
    rng: Any
    preview: DamagePreview | None
    result_width: int

    @property
    def has_armor_slots(self) -> bool:
        """Whether targets may mark an armor slot and damage may be direct (the core says)."""
        return self.rules.has_armor_slots

    def _recompute(self, *, reroll: bool = False) -> None:
        """Preview the draft again (the preview part of the form does it)."""
        raise NotImplementedError

    def _fill_targets(self) -> None:
        """One row a target: its name, save, armor slot and track, in columns that fit."""
        table = self.query_one(TargetTable)
        # as narrow as the names and the system's save words allow: the Result is the widest
        # thing here (``2: HP 10/10 sub 8 → HP 10/10 sub 10 staggered``) and must not be cut
        names = [cut_cells(self.encounter.creature(cid).name, 18) for cid in self.target_ids]
        saves = [self._save_label(cid) for cid in self.target_ids[:1]] + [
            save_label(save) for save in self.draft.save_cycle]
        # a rolled save shows its total too (``17 成功``): room for it, never a cut degree
        saves += [f"20 {tr(ROLLED_LABELS.get(save, save))}" for save in self.draft.save_cycle if save]
        widths = [max(map(cell_len, [tr("Target"), *names])), max(map(cell_len, [ptr("saving throw", "Save"), *saves]))]
        table.add_column(tr("Target"), key="target", width=widths[0])
        table.add_column(ptr("saving throw", "Save"), key="save", width=widths[1])
        if self.has_armor_slots:
            table.add_column(tr("Armor"), key="armor", width=6)
            widths.append(6)
        # a fixed width, cut at a word: a column widened only after its cell was drawn, or
        # wider than the box, cut a number mid-way (``HP 14/3``, play report S10-1)
        self.result_width = self._room_for_result(widths)
        table.add_column(tr("Result"), key="result", width=self.result_width)
        for creature_id in self.target_ids:
            creature = self.encounter.creature(creature_id)
            row: list[Any] = [Text(cut_cells(creature.name, 18)), self._save_label(creature_id)]
            if self.has_armor_slots:
                row.append(self._armor_label(creature_id))
            row.append(Text(fit_words(self.rules.track_text(creature), self.result_width)))
            table.add_row(*row, key=creature_id)

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

    def _save_label(self, creature_id: str) -> str:
        """The target's save in its column: the rolled total and degree, or the one set."""
        if not self.draft.has_saves:
            return tr("no saves")
        rolled = self.draft.rolled_save(creature_id)
        if rolled is not None:
            return f"{rolled.total} {tr(ROLLED_LABELS.get(rolled.degree, rolled.degree))}"
        return save_label(self.draft.saves[creature_id])

    def _free_armor_slots(self, creature_id: str) -> int:
        """Daggerheart: the armor slots the creature can still mark (an adversary has none)."""
        creature = self.encounter.creature(creature_id)
        return max(0, (creature.armor or 0) - (creature.armor_marked or 0))

    def _armor_label(self, creature_id: str) -> str:
        """Daggerheart: whether the target marks an armor slot (``—``: it cannot)."""
        # direct damage cannot be reduced by armor; a creature without a free slot has no choice
        if self.draft.direct or not self._free_armor_slots(creature_id):
            return "—"
        return tr("mark") if self.draft.armor_slots[creature_id] else ptr("armor slot", "no")

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

    @property
    def highlighted_id(self) -> str | None:
        """The target under the table cursor."""
        return self.query_one(TargetTable).cursor_key

    def action_toggle_armor(self) -> None:
        """Daggerheart: the highlighted target marks an armor slot, or not."""
        creature_id = self.highlighted_id
        if creature_id is None or self.draft.direct:
            return
        if not self.draft.toggle_armor(creature_id, self._free_armor_slots(creature_id)):
            name = self.encounter.creature(creature_id).name
            self.query_one("#steps", Static).update(tr("{name} has no armor slot to mark.", name=name))
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


__all__ = ["SAVE_KEYS", "SAVE_LABELS", "ROLLED_LABELS", "TargetTable", "TargetRows", "save_label"]
