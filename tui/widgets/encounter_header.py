"""The line at the top of the roster: encounter, system, round and whether it is saved."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static


class EncounterHeader(Static):
    """``hitledger · Goblin Ambush · Pathfinder 2e · Round 2 ·· saved`` — status in words."""

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
    saved_state: reactive[str] = reactive("unsaved")
    """``saved``, ``autosaved``, ``saving…`` or ``unsaved``."""

    def render(self) -> Text:
        """The header line, the saved marker flush right."""
        left = f"hitledger · {self.encounter_name} · {self.system_name} · Round {self.round}"
        right = f"[{self.saved_state}]"
        width = max(self.size.width - 2, len(left) + len(right) + 1)
        if len(left) + len(right) + 1 > width:
            left = left[: width - len(right) - 2] + "…"
        return Text(left + " " * (width - len(left) - len(right)) + right)
