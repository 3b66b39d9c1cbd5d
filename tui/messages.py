"""App-wide messages, posted by workers and screens and handled by the app.

Each sets its own attributes and hands the rest to Textual's ``Message``, as Textual's own
messages do (a dataclass per message cost start-up a generated method or two each).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.message import Message

if TYPE_CHECKING:
    from core import Event


class SavesListed(Message):
    """The saves in the data dir were listed in a worker."""

    def __init__(self, entries: list[Any] | None = None, error: Exception | None = None) -> None:
        self.entries: list[Any] = [] if entries is None else entries
        self.error = error
        super().__init__()


class SaveFileChanged(Message):
    """A rename or delete of a save file finished in a worker."""

    def __init__(self, action: str, text: str, error: Exception | None = None,
                 renamed: str = "") -> None:
        self.action = action
        self.text = text
        self.error = error
        self.renamed = renamed
        """The open encounter's new name when its own file was renamed."""
        super().__init__()


class OpenTracker(Message):
    """A screen asks for the persistent-condition tracker (with the turn's event, if any)."""

    def __init__(self, event: Event | None = None) -> None:
        self.event = event
        super().__init__()


class LoadSave(Message):
    """A screen asks to load the save at ``path`` (the current encounter is kept first)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__()


class LoadRefused(Message):
    """Loading the save at ``path`` was refused (the screen on top is told: the saves list
    marks the file)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        super().__init__()


class NewEncounter(Message):
    """A screen asks for a new, empty encounter of ``system`` called ``name``."""

    def __init__(self, system: str, name: str) -> None:
        self.system = system
        self.name = name
        super().__init__()
