"""The line at the top of the roster: encounter, system, round, threat and whether it is saved."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from core.encounter import FEAR_MAX
from core.text.i18n import N_, tr

if TYPE_CHECKING:
    from core import Encounter

SAVED_STATES = (N_("saved"), N_("autosaved"), N_("saving…"), N_("unsaved"))
"""The header's words for whether the encounter is saved, for the catalogue."""


def threat_of(encounter: Encounter) -> str:
    """The encounter's threat in a few words (RULES §10), or "" while no adversary can be
    priced (none has a level, an adversary type or a CR): a GM who does not use them sees
    nothing new."""
    found = encounter.difficulty()
    return found.text() if found.priced else ""


class EncounterHeader(Static):
    """``hitledger · Goblin Ambush · Pathfinder 2e · Round 2 ·· saved`` — status in words.

    A system without initiative counts no rounds: the GM's Fear stands in their place.
    """

    DEFAULT_CSS = """
    EncounterHeader {
        height: 1;
        padding: 0 1;
        background: $panel;
        color: $foreground;
    }
    """

    encounter_name: reactive[str] = reactive("")
    """The encounter's name."""
    system_name: reactive[str] = reactive("")
    """The rule system's display name."""
    round: reactive[int] = reactive(1)
    """The current round."""
    fear: reactive[int | None] = reactive(None)
    """The GM's Fear (0–12) where the system has no initiative nor rounds (RULES §7), else None."""
    saved_state: reactive[str] = reactive("unsaved")
    """``saved``, ``autosaved``, ``saving…`` or ``unsaved``."""
    threat: reactive[str] = reactive("")
    """The encounter's threat as built (``Moderate 80/80 XP``); "" shows none."""

    def render(self) -> Text:
        """The header line, the saved marker flush right.

        Measured in cells, not characters: a Japanese name is two cells
        a character, and padding by ``len()`` pushed the marker off the line.
        """
        when = tr("Round {round}", round=self.round) if self.fear is None \
            else tr("Fear {fear}/{most}", fear=self.fear, most=FEAR_MAX)
        right = f"[{tr(self.saved_state)}]"
        width = max(self.size.width, cell_len(right) + 2)  # size is inside the padding
        room = width - cell_len(right) - 1
        left = self._left(when, room)
        if cell_len(left) > room:
            left = set_cell_size(left, room - 1).rstrip() + "…"
        return Text(left + " " * (width - cell_len(left) - cell_len(right)) + right)

    def _left(self, when: str, room: int) -> str:
        """Everything but the saved marker. With a threat, what gives way first where room is
        short is the program's name, then the system's; then the encounter's name is cut, so
        that the round and the threat stay in view at 80 columns."""
        name, system, threat = self.encounter_name, self.system_name, self.threat
        if not threat:
            return f"hitledger · {name} · {system} · {when}"
        tail = f" · {when} · {threat}"
        for left in (f"hitledger · {name} · {system}{tail}", f"{name} · {system}{tail}",
                     f"{name}{tail}"):
            if cell_len(left) <= room:
                return left
        keep = room - cell_len(tail) - 1
        return set_cell_size(name, keep).rstrip() + "…" + tail if keep > 3 else f"{when} · {threat}"
