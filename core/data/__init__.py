"""The game data the rules read: the TOML and JSON files beside this module, read as text.

The files are read through this module's own folder, not ``importlib.resources``: hitledger is
installed as files (a wheel or an editable install), and ``importlib.resources`` with the
``zipfile`` it brings costs about 2 ms of every start-up, before the first frame.
"""

from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).resolve().parent
"""Where the data files are."""


def read_text(name: str) -> str:
    """The text of the data file ``name`` (``types.toml``, ``compendium/pf2e.json``)."""
    return (FOLDER / name).read_text(encoding="utf-8")


def shipped(name: str) -> bool:
    """Whether the data file ``name`` was shipped."""
    return (FOLDER / name).is_file()
