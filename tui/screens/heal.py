"""Heal: a small modal asking how much, and on which track where a system has several."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

# The tracks healing can restore, per system; the first is the default.
HEAL_TRACKS: dict[str, tuple[str, ...]] = {
    "vitality-wounds": ("vitality", "wounds"),
    "daggerheart": ("hp", "armor", "stress"),
}
TRACK_LABELS = {"hp": "HP", "vitality": "Vitality", "wounds": "Wounds",
                "armor": "Armor slots", "stress": "Stress"}


@dataclass(frozen=True)
class HealRequest:
    """How much to heal and on which track."""

    amount: int
    track: str | None = None


def heal_tracks(system: str, creature: Any) -> tuple[str, ...]:
    """The tracks a creature of ``system`` can be healed on."""
    tracks = HEAL_TRACKS.get(system, ("hp",))
    if system == "vitality-wounds" and getattr(creature, "vitality", None) is None:
        return ("hp",)  # an HP-only NPC
    return tracks


class HealModal(ModalScreen[HealRequest | None]):
    """Ask for an amount; ``tab``/arrows in the track line pick the track where there are several.

    | Key | Action |
    | :- | :- |
    | enter | Heal |
    | escape | Cancel |
    | ctrl+t | Next track (Vitality/Wounds, HP/Armor/Stress) |
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="heal.cancel"),
        Binding("ctrl+t", "next_track", "Track", id="heal.track"),
    ]

    def __init__(self, rules: Any, creature: Any) -> None:
        """Heal ``creature`` by the rules of ``rules``."""
        super().__init__(classes="dialog")
        self.rules = rules
        self.creature = creature
        self.tracks = heal_tracks(rules.id, creature)
        self.track = self.tracks[0]

    def compose(self) -> ComposeResult:
        """Amount, track, error line."""
        with Vertical(classes="dialog-box") as box:
            box.border_title = f"Heal {self.creature.name}"
            yield Static(self.rules.track_text(self.creature), markup=False)
            with Horizontal(classes="dialog-row"):
                yield Label("Amount ")
                yield Input("", id="amount", type="integer", compact=True, placeholder="5")
            yield Static(self._track_line(), id="track", markup=False)
            yield Static("", classes="dialog-error", markup=False)
            yield Label("enter heal · esc cancel", classes="dialog-hint")

    def _track_line(self) -> str:
        if len(self.tracks) == 1:
            return f"Track: {TRACK_LABELS.get(self.track, self.track)}"
        names = "  ".join(
            f"[{TRACK_LABELS.get(t, t)}]" if t == self.track else TRACK_LABELS.get(t, t)
            for t in self.tracks
        )
        return f"Track: {names}   (ctrl+t: next)"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only offer a track choice where there is one."""
        if action == "next_track":
            return len(self.tracks) > 1
        return True

    def action_next_track(self) -> None:
        """Heal the next track instead."""
        index = self.tracks.index(self.track)
        self.track = self.tracks[(index + 1) % len(self.tracks)]
        self.query_one("#track", Static).update(self._track_line())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Heal by the amount typed."""
        event.stop()
        text = event.value.strip()
        try:
            amount = int(text)
        except ValueError:
            self.query_one(".dialog-error", Static).update("Type a whole number.")
            return
        if amount <= 0:
            self.query_one(".dialog-error", Static).update("Healing must be more than 0.")
            return
        # Systems with one track take no track name.
        track = self.track if len(self.tracks) > 1 else None
        self.dismiss(HealRequest(amount, track))

    def action_cancel(self) -> None:
        """Close without healing."""
        self.dismiss(None)
