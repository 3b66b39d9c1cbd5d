"""Following the players' file of an encounter from outside, read-only: what ``hitledger watch``
shows, and how fresh.

The GM's window writes what the players may see into a small file of its own next to its
autosave (:mod:`tui.players_file`); the watch reads only that, never a save with its hidden
creatures, stat blocks and history. The window replaces the file atomically, so a file kept
open (or a path watched with inotify) would follow an inode that is gone: the follower asks a
few times a second for the file's identity (device, inode, mtime, size) and reads it, with a
size bound, then closes it, only when that changed. It never writes: no data dir created, no
temp file cleaned, no lock taken.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, replace
from pathlib import Path

import platformdirs

from core.text.i18n import tr
from core.views.player_view import PlayerView
from saves import slots
from saves.names import DATA_DIR_ENV, SUFFIX, slugify
from tui import players_file
from tui.players_file import players_path

RACY_NS = 50_000_000
"""A file changed this close to the moment it was read may have been replaced again within
the same timestamp (and got the freed inode back): it is read once more, as git does."""
Identity = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Watched:
    """What the players' view shows now, and whether it is the latest."""

    view: PlayerView | None
    """The last state read well; None before any was."""
    file: Path | None
    """The players' file followed."""
    stale: str = ""
    """Why the view is not the file's latest ("" when it is): unreadable, gone…"""
    gm_closed: bool = False
    """Following the GM's window (no save named) and no window holds the autosave any more."""


def data_folder(given: str | None = None) -> Path:
    """The data dir as the GM's app finds it (``--data-dir``, the variable, the platform's),
    without creating it: the viewer never writes there."""
    chosen = given or os.environ.get(DATA_DIR_ENV)
    if chosen:
        return Path(chosen).expanduser().absolute()
    return Path(platformdirs.user_data_dir("hitledger"))


def save_file(folder: Path, name: str) -> Path:
    """The file of a save named ``name`` (a path, a file stem or an encounter name's slug)."""
    given = Path(name).expanduser()
    if os.sep in name or name.endswith(SUFFIX) or given.exists():
        return given if given.is_absolute() or given.exists() else folder / given.name
    exact = folder / f"{name}{SUFFIX}"
    return exact if os.path.lexists(exact) else folder / f"{slugify(name)}{SUFFIX}"


class Follower:
    """Polls the players' file of one save (``save``), or of the GM's open window, for changes."""

    def __init__(self, folder: Path, save: Path | None = None) -> None:
        """Follow ``save``'s players' file in ``folder``, or (None) the GM's open window's."""
        self.folder = folder
        self.save = save
        self._slot: Path | None = None
        self._file: Path | None = None
        self._identity: Identity | None = None
        self._read_at = 0
        self._had: Path | None = None  # the players' file read well last (to say it was deleted)
        self._orphan = False  # the save followed is gone, its players' file still there
        self._last = Watched(None, None, tr("waiting for the GM's window") if save is None else "")

    def poll(self) -> Watched | None:
        """The new state when the file, its identity or the GM's window changed, else None."""
        slot, closed = (self.save, False) if self.save is not None else self._gm_file()
        file = players_path(slot) if slot is not None else None
        identity = _identity(file)
        # a followed save gone (trashed, renamed) leaves its players' file: say so
        orphan = self.save is not None and not os.path.lexists(self.save)
        if file == self._file and identity == self._identity and closed == self._last.gm_closed \
                and orphan == self._orphan and not (identity and identity[2] >= self._read_at - RACY_NS):
            return None
        self._slot, self._file, self._identity, self._orphan = slot, file, identity, orphan
        if slot is None or file is None:
            watched = Watched(None, None, tr("waiting for the GM's window"), closed)
        elif identity is None:
            watched = Watched(self._last.view, file, self._missing(slot, file, closed), closed)
        else:
            watched = self._read(file, closed)
            if orphan and not watched.stale:
                watched = replace(watched, stale=tr(
                    "{save} was deleted or renamed: this is the last view it was saved with",
                    save=slot.name))
        if watched == self._last:
            return None
        self._last = watched
        return watched

    def _missing(self, slot: Path, file: Path, closed: bool) -> str:
        """Why there is no players' file to read, and what brings it back."""
        if self._had == file:
            if self.save is not None:
                return tr("{file} was deleted: saving {save} in the GM's window writes it again",
                          file=file.name, save=slot.name)
            if not closed:
                return tr("{file} was deleted: the GM's window writes it again at its next change",
                          file=file.name)
            return tr("{file} was deleted", file=file.name)
        if self.save is not None:
            if os.path.lexists(slot):
                return tr("{save} has no players' view yet: open it in hitledger and save it "
                          "(ctrl+s), and the GM's window writes one", save=slot.name)
            return tr("{file} is not there: no save of that name", file=slot.name)
        return tr("waiting for the GM's window to write {file}", file=file.name)

    def _read(self, file: Path, closed: bool) -> Watched:
        """The file read (bounded) and closed at once; the last good view kept if it is refused."""
        self._read_at = time.time_ns()
        try:
            view, st = players_file.read(file)
        except FileNotFoundError:
            return Watched(self._last.view, file, self._missing(self._slot or file, file, closed),
                           closed)
        except players_file.PlayersFileError as error:
            return Watched(self._last.view, file,
                           tr("{file} unreadable: {why}", file=file.name, why=error), closed)
        self._identity = _stat_identity(st)  # what was read, if it changed since the stat
        self._had = file
        return Watched(view, file, "", closed)

    def _gm_file(self) -> tuple[Path | None, bool]:
        """The autosave slot of an open GM window (the one followed while it stays open, even
        with its files deleted), and whether none is open (then the one followed last, or the
        newest)."""
        if self._slot is not None and slots.holder(self._slot) is not None:
            return self._slot, False
        found = _autosaves(self.folder)
        held = [path for path in found if slots.holder(path) is not None]
        if held:
            return held[0], False
        if self._slot is not None:
            return self._slot, True
        return (found[0] if found else None), True


def _autosaves(folder: Path) -> list[Path]:
    """Every autosave slot in ``folder`` with an autosave or a players' file (an autosave
    deleted under an open window leaves the window's players' file), newest first; none if
    the folder is not there."""
    found: dict[Path, int] = {}
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                name = entry.name
                if name.endswith(players_file.SUFFIX):
                    name = name[:-len(players_file.SUFFIX)] + SUFFIX
                if slots.is_slot(Path(name)):
                    try:
                        mtime = entry.stat().st_mtime_ns
                    except OSError:
                        continue
                    found[folder / name] = max(mtime, found.get(folder / name, 0))
    except OSError:
        return []
    return [path for path, _mtime in sorted(found.items(), key=lambda item: item[1], reverse=True)]


def _identity(file: Path | None) -> Identity | None:
    """The file's identity without opening it; None when it is not there."""
    if file is None:
        return None
    try:
        return _stat_identity(os.stat(file))
    except OSError:
        return None


def _stat_identity(st: os.stat_result) -> Identity:
    return (st.st_dev, st.st_ino, st.st_mtime_ns, st.st_size)
