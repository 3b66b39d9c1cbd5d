"""Helpers for the TUI tests: small encounters, a notification recorder, pilot shortcuts."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from core import Encounter, get_system


class Notes:
    """Records what the app told the GM through notifications."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self.timeouts: list[float | None] = []

    def __call__(self, message: str, *args: Any, **kwargs: Any) -> None:
        self.messages.append(str(message))
        self.timeouts.append(kwargs.get("timeout"))

    @property
    def last(self) -> str:
        """The newest notification."""
        return self.messages[-1] if self.messages else ""


def goblins(system: str = "pf2e", **settings: Any) -> Encounter:
    """Two goblins (HP 15, weakness fire 5) and a PC, for damage tests."""
    rules = get_system(system)
    encounter = Encounter(system=system, name="Test Fight", settings=settings or None)
    encounter.add(rules.new_creature("Valeros", pc=True, hp=40), initiative=20)
    for number in (1, 2):
        encounter.add(rules.new_creature(f"Goblin {number}", hp=15,
                                         defenses="weaknesses fire 5"), initiative=15)
    return encounter


def ids_by_name(encounter: Encounter) -> dict[str, str]:
    """Creature ids by creature name."""
    return {encounter.creature(cid).name: cid for cid in encounter.order}


async def type_text(pilot: Pilot, text: str) -> None:
    """Type text key by key, as a GM would."""
    await pilot.press(*[KEY_NAMES.get(char, char) for char in text])


KEY_NAMES = {" ": "space", "+": "plus", "-": "minus", ";": "semicolon", ",": "comma",
             "(": "left_parenthesis", ")": "right_parenthesis", "/": "slash", ".": "full_stop"}


async def settle(pilot: Pilot) -> None:
    """Let workers finish and their messages arrive."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()
