"""Who acted, found by typing a few letters of a name (f2 in damage entry).

f2 used to pass the turn to the next creature one press at a time: with ten or more
creatures, naming the right one cost up to N keys. Here the GM types letters (``gob 3``,
``3``, ``ky``) and the list narrows, best match first; enter takes the highlighted row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from core.encounter.draft import find_actors
from core.text.i18n import N_, tr

if TYPE_CHECKING:
    from collections.abc import Sequence

    from core import Encounter

NOBODY = "-nobody"
"""The row (and the answer) for "nobody acted"; a creature id never starts with ``-``."""


class ActorPicker(ModalScreen[str | None]):
    """Choose who deals the damage: type to narrow the list, enter takes the highlighted one.

    Dismissed with a creature id, :data:`NOBODY`, or None (escape: unchanged).

    | Key | Action |
    | :- | :- |
    | letters | Narrow the list to the names that match (best first) |
    | up / down | Move in the list |
    | enter | Take the highlighted creature |
    | escape | Back, unchanged |
    """

    BINDINGS = [
        Binding("escape", "cancel", N_("Back"), id="actor.cancel"),
        Binding("down", "move(1)", N_("Next"), show=False, id="actor.next"),
        Binding("up", "move(-1)", N_("Previous"), show=False, id="actor.previous"),
    ]

    def __init__(self, encounter: Encounter, target_ids: Sequence[str], current: str | None) -> None:
        """For a damage entry against ``target_ids``; ``current``: who acts now (highlighted)."""
        super().__init__(classes="dialog")
        self.encounter = encounter
        self.target_ids = list(target_ids)
        self.current = current

    def compose(self) -> ComposeResult:
        """A question, the field, the list and the keys."""
        with Vertical(classes="dialog-box"):
            yield Static(tr("Who deals the damage? Type a few letters of the name."), markup=False)
            yield Input(placeholder=tr("name (empty: everyone)"), compact=True, id="actor-query")
            yield OptionList(id="actor-list")
            yield Label(tr("enter: take    ↑↓: move    escape: back"), classes="dialog-hint")

    def on_mount(self) -> None:
        """Everyone listed, the one who acts now highlighted."""
        self._fill("")

    def _fill(self, query: str) -> None:
        """List the creatures ``query`` matches (and nobody while nothing is typed)."""
        found = find_actors(self.encounter, query, self.target_ids)
        rows = [] if query.strip() else [Option(tr("nobody"), id=NOBODY)]
        for cid in found:
            name = self.encounter.creature(cid).name
            rows.append(Option(tr("{name} (target)", name=name) if cid in self.target_ids else name,
                               id=cid))
        listing = self.query_one(OptionList)
        listing.set_options(rows)
        if not rows:
            listing.highlighted = None
            return
        ids = [row.id for row in rows]
        wanted = self.current if not query.strip() else None
        listing.highlighted = ids.index(wanted or NOBODY) if (wanted or NOBODY) in ids else 0

    def on_input_changed(self, event: Input.Changed) -> None:
        """Narrow the list as the GM types."""
        event.stop()
        self._fill(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Take the highlighted row (nothing matches: stay)."""
        event.stop()
        listing = self.query_one(OptionList)
        if listing.highlighted is not None:
            self.dismiss(listing.get_option_at_index(listing.highlighted).id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A row chosen in the list itself."""
        event.stop()
        self.dismiss(event.option.id)

    def action_move(self, step: int) -> None:
        """Move the highlight, the focus staying in the field."""
        listing = self.query_one(OptionList)
        if listing.option_count:
            index = listing.highlighted if listing.highlighted is not None else -step
            listing.highlighted = (index + step) % listing.option_count

    def action_cancel(self) -> None:
        """Back to the damage form, who acts unchanged."""
        self.dismiss(None)
