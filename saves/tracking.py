"""Which file each encounter belongs to: the saves layer's notes on encounter objects, and an
autosave's ``autosave_of`` that names its save.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from saves.files import Stamp
from saves.names import SUFFIX, data_dir, inside


@dataclass
class _Tracking:
    path: Path | None = None
    stamp: Stamp | None = None
    autosave: Path | None = None
    as_saved: bool = False  # resumed from an autosave holding what its save holds


_tracking: dict[int, _Tracking] = {}


def _track(enc: Any) -> _Tracking:
    """The saves layer's notes on this encounter object, created on first use."""
    key = id(enc)
    tracking = _tracking.get(key)
    if tracking is None:
        tracking = _tracking[key] = _Tracking()
        try:
            weakref.finalize(enc, _tracking.pop, key, None)
        except TypeError:  # an object without weak references: keep the notes for the process
            pass
    return tracking


def _remember(enc: Any, path: Path | None, stamp: Stamp | None) -> None:
    tracking = _track(enc)
    tracking.path = path
    tracking.stamp = stamp


def save_path(enc: Any) -> Path | None:
    """The file this encounter was loaded from or last saved to (None if never saved)."""
    tracking = _tracking.get(id(enc))
    return tracking.path if tracking else None


def _tracked_encounters(path: Path) -> list[_Tracking]:
    resolved = path.resolve()
    return [t for t in _tracking.values() if t.path is not None and t.path.resolve() == resolved]


def resumed_as_saved(enc: Any) -> bool:
    """Whether enc was resumed from an autosave holding just what its save holds: nothing
    is unsaved (f9 right after a restart kept a copy of nothing in the trash)."""
    tracking = _tracking.get(id(enc))
    return tracking is not None and tracking.as_saved


def autosave_slot_of(enc: Any) -> Path | None:
    """The autosave file this encounter was resumed from, if it was."""
    tracking = _tracking.get(id(enc))
    return tracking.autosave if tracking else None


def _autosave_source(header: dict[str, Any]) -> tuple[Path | None, Stamp | None]:
    """The save an autosave belongs to, trusted only as a plain file name in data_dir().

    `autosave_of = "../victim.toml"` must not make the next save write outside the data dir
   , and a missing or odd hash must not skip the conflict check: an empty stamp
    matches no file, so the first save asks before overwriting.
    """
    source = header.get("autosave_of")
    if not isinstance(source, str) or not _plain_save_name(source):
        return None, None
    digest = header.get("autosave_of_sha256")
    if not (isinstance(digest, str) and len(digest) == 64 and all(c in "0123456789abcdef" for c in digest)):
        digest = ""
    return data_dir() / source, Stamp(digest)


def _plain_save_name(name: str) -> bool:
    """A save's file name directly in data_dir(): no folders, no dot file, ends in .toml."""
    return (bool(name) and name == Path(name).name and "/" not in name and "\\" not in name
            and not name.startswith(".") and name.endswith(SUFFIX)
            and inside(data_dir(), data_dir() / name))


def _portable(path: Path) -> str:
    """A save's name relative to data_dir() if it is in it (the folder may move), else its full path."""
    if inside(data_dir(), path):
        return path.name
    return str(path.resolve())
