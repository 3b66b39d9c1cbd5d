"""App-wide messages, posted by workers and screens and handled by the app.

Textual's Message runs ``__post_init__`` itself, so plain dataclasses work as messages;
``eq=False`` keeps them hashable the way Textual expects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.message import Message

if TYPE_CHECKING:
    from core import Event


@dataclass(eq=False)
class SavesListed(Message):
    """The saves in the data dir were listed in a worker."""

    entries: list[Any] = field(default_factory=list)
    error: Exception | None = None


@dataclass(eq=False)
class SaveFileChanged(Message):
    """A rename or delete of a save file finished in a worker."""

    action: str
    text: str
    error: Exception | None = None
    renamed: str = ""
    """The open encounter's new name when its own file was renamed."""


@dataclass(eq=False)
class OpenTracker(Message):
    """A screen asks for the persistent-condition tracker (with the turn's event, if any)."""

    event: Event | None = None


@dataclass(eq=False)
class LoadSave(Message):
    """A screen asks to load the save at ``path`` (the current encounter is kept first)."""

    path: Path


@dataclass(eq=False)
class LoadRefused(Message):
    """Loading the save at ``path`` was refused (the screen on top is told: the saves list
    marks the file)."""

    path: Path | None


@dataclass(eq=False)
class NewEncounter(Message):
    """A screen asks for a new, empty encounter of ``system`` called ``name``."""

    system: str
    name: str
