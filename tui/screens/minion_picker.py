"""Which Minions a hit defeats besides its target (Daggerheart Minion (X), RULES §9).

A hit on a Minion defeats one more Minion in range for every X damage; the app says how many,
the GM says which. The other Minions of the encounter are listed in the order, the first ones
marked up to the count; enter applies the hit and their defeat as one change (one undo step).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, SelectionList, Static

from core.text.i18n import ntr, tr

if TYPE_CHECKING:
    from collections.abc import Sequence

    from core import Encounter


class MinionPicker(ModalScreen[list[str] | None]):
    """Mark the Minions the hit defeats; dismissed with their ids, or None (escape: back).

    | Key | Action |
    | :- | :- |
    | space | Mark or unmark the highlighted Minion |
    | up / down | Move in the list |
    | enter | Apply the hit and defeat the marked Minions (one undo step) |
    | escape | Back to the damage form, nothing applied |
    """

    BINDINGS = [
        Binding("enter", "apply", "Apply", priority=True, id="minions.apply"),
        Binding("escape", "cancel", "Back", id="minions.cancel"),
    ]

    def __init__(self, encounter: Encounter, candidates: Sequence[str], count: int) -> None:
        """``candidates``: the Minions the GM may pick, in order; ``count``: how many the hit defeats."""
        super().__init__(classes="dialog")
        self.encounter = encounter
        self.candidates = list(candidates)
        self.count = count

    def compose(self) -> ComposeResult:
        """The count, the Minions (the first ``count`` marked) and the keys."""
        rows = [(self._prompt(cid, n < self.count), cid, n < self.count)
                for n, cid in enumerate(self.candidates)]
        with Vertical(classes="dialog-box"):
            yield Static(ntr("Minion: the hit defeats {count} more Minion in range. Which?",
                             "Minion: the hit defeats {count} more Minions in range. Which?", self.count),
                         markup=False)
            yield SelectionList[str](*rows, id="minion-list")
            yield Static("", id="minion-count", markup=False)
            yield Label(tr("space: mark    enter: apply    escape: back"), classes="dialog-hint")

    def on_mount(self) -> None:
        """Say how many are marked."""
        self._show_count()

    def _prompt(self, creature_id: str, marked: bool) -> str:
        """A row's text: a marked Minion says so in a word and a sign, not by colour alone."""
        name = self.encounter.creature(creature_id).name
        return tr("✓ {name} (defeated)", name=name) if marked else f"  {name}"

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        """Say how many are marked after each space, and on each row whether it is."""
        event.stop()
        rows = self.query_one(SelectionList)
        chosen = set(rows.selected)
        for index, cid in enumerate(self.candidates):
            rows.replace_option_prompt_at_index(index, self._prompt(cid, cid in chosen))
        self._show_count()

    def _show_count(self) -> None:
        marked = len(self.picked)
        over = tr(" (the hit defeats {count})", count=self.count) if marked > self.count else ""
        self.query_one("#minion-count", Static).update(
            tr("{marked} of {count} marked", marked=marked, count=self.count) + over)

    @property
    def picked(self) -> list[str]:
        """The marked Minions, in the order."""
        chosen = set(self.query_one(SelectionList).selected)
        return [cid for cid in self.candidates if cid in chosen]

    def action_apply(self) -> None:
        """Apply the hit with the marked Minions defeated."""
        self.dismiss(self.picked)

    def action_cancel(self) -> None:
        """Back to the damage form."""
        self.dismiss(None)


__all__ = ["MinionPicker"]
