"""What file work reports: a worker's result for the UI thread, and an error in a notice's words."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple


class SaveFinished(NamedTuple):
    """A save (named, quick or auto) finished in a worker; ``error`` is None on success."""

    kind: str
    path: Path | None = None
    revision: int = 0
    error: Exception | None = None
    name: str | None = None
    encounter: Any = None
    """The encounter written: another may have taken its place meanwhile (a load, a new one)."""


class LoadFinished(NamedTuple):
    """A load finished in a worker: the encounter, or the error that stopped it."""

    source: str
    encounter: Any = None
    path: Path | None = None
    error: Exception | None = None


def kept_where(path: Path) -> str:
    """``trash/test-fight 20260101-120000.toml``: the folder and name of a kept copy."""
    return f"{path.parent.name}/{path.name}"


def error_words(error: BaseException) -> str:
    """An error for a one-line notice: what went wrong, the file's name, then what to do.

    A save error's text starts with the whole path, which left no room on a 70-cell notice
    line for what went wrong; the name is enough there (the saves screen shows the folder).
    """
    from saves import SaveError

    if isinstance(error, SaveError) and error.path is not None:
        hint = f" — {error.hint}" if error.hint else ""
        return f"{error.short}: {error.path.name}{hint}"
    if isinstance(error, OSError):
        from saves.errors import os_words

        return os_words(error)
    return str(error)


def refusal_words(error: BaseException) -> str:
    """Why a save was not loaded, for a one-line notice: the file, then what is wrong in a few
    words (``goblins.toml: creature 1 (Goblin) hp must be a whole number``); the saves list
    has the whole reason (play report 2, S7-1: only ``field creatures[0].hp:…`` showed)."""
    from saves import SaveError

    if isinstance(error, SaveError) and error.path is not None:
        return f"{error.path.name}: {error.gist}"
    return error_words(error)
