"""The saves list: every save in the data folder, newest first, read from each file's head."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from core.text.i18n import tr
from saves import codec
from saves.errors import SaveError, os_words
from saves.files import _check_regular, _open_nonblocking, clean_temp_files, read_checked
from saves.names import AUTOSAVE_STEM, SUFFIX, data_dir

# autosave.toml, autosave-2.toml…: one per window (saves.slots)
_SLOT_NAME = re.compile(rf"{AUTOSAVE_STEM}(?:-\d+)?{re.escape(SUFFIX)}")


@dataclass(frozen=True)
class SaveEntry:
    """One row of the saves screen; `error` says why a file cannot be read (then other fields are blank)."""

    path: Path
    name: str
    system: str
    round: int
    creatures: int
    modified: datetime
    error: str | None = None
    autosave: bool = False

    @property
    def ok(self) -> bool:
        """Whether the file could be read."""
        return self.error is None


# Files a load refused, by absolute path: (mtime_ns, size, reason) as they were then. The list
# reads a file's head only (fast), so a bad field further down shows only once a load met it.
_refused: dict[str, tuple[int, int, str]] = {}


def list_saves(include_autosave: bool = True) -> list[SaveEntry]:
    """Every save in data_dir(), newest first, read from each file's first lines only
    (a file a load refused is listed with why, until it changes)."""
    directory = data_dir()
    clean_temp_files(directory)
    entries = []
    for path in directory.glob(f"*{SUFFIX}"):
        if path.name.startswith("."):
            continue
        is_autosave = _SLOT_NAME.fullmatch(path.name) is not None
        if is_autosave and not include_autosave:
            continue
        entries.append(_entry(path, is_autosave))
    entries.sort(key=lambda e: (e.modified, e.path.name), reverse=True)
    return entries


def _entry(path: Path, is_autosave: bool) -> SaveEntry:
    try:
        st = path.stat()
    except OSError as exc:
        return _error_entry(path, datetime.now(), tr("cannot read ({why})", why=os_words(exc, with_file=False)), is_autosave)
    modified = datetime.fromtimestamp(st.st_mtime)
    refused = _refused.get(os.path.abspath(path))
    if refused is not None and refused[:2] == (st.st_mtime_ns, st.st_size):
        return _error_entry(path, modified, refused[2], is_autosave)  # unchanged since
    try:
        _check_regular(path, st)
        head = _read_head(path, st)
        codec.check_version(head, path)
        summary = head.get(codec.SUMMARY_TABLE)
        if not isinstance(summary, dict):
            raise SaveError(path, tr("no [encounter] table"), field=codec.SUMMARY_TABLE)
        name, system = summary.get("name"), summary.get("system")
        rnd, count = summary.get("round"), summary.get("creatures")
        if not isinstance(name, str):
            raise SaveError(path, tr("missing or ill-typed"), field=f"{codec.SUMMARY_TABLE}.name")
        if not isinstance(system, str):
            raise SaveError(path, tr("missing or ill-typed"), field=f"{codec.SUMMARY_TABLE}.system")
        if isinstance(rnd, bool) or not isinstance(rnd, int):
            rnd = 0
        if isinstance(count, bool) or not isinstance(count, int):
            count = 0
    except SaveError as exc:
        return _error_entry(path, modified, f"{exc.short} — left untouched", is_autosave)
    except (OSError, ValueError, RecursionError, MemoryError) as exc:  # one odd file never hides the rest
        return _error_entry(path, modified, f"cannot read ({exc}) — left untouched"[:300], is_autosave)
    return SaveEntry(path, name, system, rnd, count, modified, None, is_autosave)


def _error_entry(path: Path, modified: datetime, error: str, is_autosave: bool) -> SaveEntry:
    return SaveEntry(path, path.name, "", 0, 0, modified, error, is_autosave)


def _read_head(path: Path, st: os.stat_result) -> dict[str, Any]:
    raw, _st = read_checked(path) if st.st_size <= codec.HEAD_BYTES else (None, st)
    if raw is not None:
        return codec.parse(raw, path)
    with open(path, "rb", opener=_open_nonblocking) as handle:
        _check_regular(path, os.fstat(handle.fileno()))
        head = handle.read(codec.HEAD_BYTES)
    return codec.read_head(head, lambda: read_checked(path)[0], path)
