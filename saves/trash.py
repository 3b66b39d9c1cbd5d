"""The trash: copies of encounters kept before they are replaced, bounded by age and count."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from saves import codec
from saves.files import BACKUP_SUFFIX, _encode, atomic_write, write_lock
from saves.listing import _read_head
from saves.names import SUFFIX, TRASH_DIR, data_dir, private_dir, slugify


def keep_in_trash(enc: Any, *, data: dict[str, Any] | None = None,
                  target: Path | None = None) -> Path:
    """Write enc into data_dir()/trash/ as a save of its own, before it is replaced; returns the Path.

    The encounter keeps the file it belongs to: this is a copy, loadable like any save.
    target= is the copy an earlier call returned, written again (a change made meanwhile)
    rather than one more copy beside it.
    """
    with write_lock:
        fresh = target is None
        if target is None:
            target = trash_path(slugify(enc.name))
        atomic_write(target, _encode(enc, data=data), backup=False)
        if fresh:
            prune_trash()
    return target


def trash_path(stem: str) -> Path:
    """A name not yet taken in data_dir()/trash/ for a file called stem: `STEM YYYYmmdd-HHMMSS.toml`."""
    trash = data_dir() / TRASH_DIR
    private_dir(trash)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = trash / f"{stem} {stamp}{SUFFIX}"
    number = 1
    while os.path.lexists(target):
        number += 1
        target = trash / f"{stem} {stamp}-{number}{SUFFIX}"
    return target


#: The trash keeps at most this many files (the whole folder), and nothing older than this
#: many days except the newest copy of each encounter, kept however old (it grew
#: without end).
TRASH_MAX_FILES = 100
TRASH_MAX_DAYS = 30
# The names trash_path and delete_save give: `STEM YYYYmmdd-HHMMSS[-N].toml`.
_TRASHED = re.compile(rf"(?P<stem>.+) (?P<when>\d{{8}}-\d{{6}})(?:-(?P<n>\d+))?{re.escape(SUFFIX)}")


@dataclass(frozen=True)
class _Trashed:
    path: Path
    when: datetime
    number: int
    encounter: str


def prune_trash(now: datetime | None = None) -> list[Path]:
    """Keep data_dir()/trash/ bounded: remove copies past TRASH_MAX_DAYS (never the newest
    copy of an encounter), then the oldest past TRASH_MAX_FILES for the whole folder — other
    copies first, then the newest copies of the encounters trashed longest ago; returns what
    went.

    A copy's age is the time in its name (when it went to the trash); its encounter is the
    name in its ``[encounter]`` table (the file's stem when it cannot be read). Files with
    names the trash does not give are left alone. Best effort: what cannot be removed stays.
    """
    now = now or datetime.now()
    newest: dict[str, Path] = {}  # each encounter's newest copy, newest encounters first
    spare: list[Path] = []  # copies that may go, newest first
    doomed: list[Path] = []
    for item in sorted(_trashed_files(), key=lambda t: (t.when, t.number), reverse=True):
        if item.encounter not in newest:
            newest[item.encounter] = item.path
        elif (now - item.when).days >= TRASH_MAX_DAYS:
            doomed.append(item.path)
        else:
            spare.append(item.path)
    over = len(newest) + len(spare) - TRASH_MAX_FILES
    if over > 0:
        oldest_first = spare[::-1] + list(newest.values())[::-1]
        doomed += oldest_first[:over]
    return [path for path in doomed if _remove_trashed(path)]


def _trashed_files() -> list[_Trashed]:
    """The copies in the trash with the names it gives them, with when and what they are."""
    try:
        entries = list(os.scandir(data_dir() / TRASH_DIR))
    except OSError:
        return []
    found = []
    seen: dict[_CopyKey, str] = {}
    for entry in entries:
        named = _TRASHED.fullmatch(entry.name)
        if named is None or not entry.is_file(follow_symlinks=False):
            continue
        when = _time_in(named["when"])
        if when is not None:
            found.append(_Trashed(Path(entry.path), when, int(named["n"] or 1),
                                  _encounter_of(Path(entry.path), named["stem"], seen)))
    _KNOWN.clear()
    _KNOWN.update(seen)
    return found


def _time_in(stamp: str) -> datetime | None:
    """When a copy went to the trash, from the stamp in its name; None for no such time."""
    try:
        return datetime.strptime(stamp, "%Y%m%d-%H%M%S")
    except ValueError:
        return None


_CopyKey = tuple[str, int, int, int]
_KNOWN: dict[_CopyKey, str] = {}
"""Which encounter each copy the last pruning saw holds, by path, inode, size and change
time (a copy written again or made readable is another key). Each copy kept prunes the trash,
which read the head of every copy in it: 7,000 TOML heads for 120 replacements;
now each copy is read once."""


def _encounter_of(path: Path, stem: str, seen: dict[_CopyKey, str]) -> str:
    """Which encounter a copy holds: its name, or its file's stem when it cannot be read;
    noted in ``seen``."""
    try:
        st = path.stat()
    except OSError:
        return f"file:{stem}"
    key = (str(path), st.st_ino, st.st_size, st.st_ctime_ns)
    seen[key] = _KNOWN[key] if key in _KNOWN else _name_in(path, st, stem)
    return seen[key]


def _name_in(path: Path, st: os.stat_result, stem: str) -> str:
    """The encounter's name in the copy's head, or its file's stem when it cannot be read."""
    try:
        name = _read_head(path, st)[codec.SUMMARY_TABLE]["name"]
    except Exception:  # noqa: BLE001 - a copy unreadable or without a name is known by its file name
        name = None
    return f"name:{name}" if isinstance(name, str) else f"file:{stem}"


def _remove_trashed(path: Path) -> bool:
    """Remove a copy from the trash, and its .bak; False if it could not be."""
    try:
        path.unlink()
    except OSError:
        return False
    try:
        path.with_name(path.name + BACKUP_SUFFIX).unlink()
    except OSError:  # none there, or it stays
        pass
    return True
