"""Save files on disk: atomic writes, backups, conflict checks, autosave, listing and trash."""

from __future__ import annotations

import hashlib
import os
import re
import stat
import tempfile
import threading
import time
import unicodedata
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from saves import codec
from saves.errors import SaveConflict, SaveError, write_hint
from saves.names import AUTOSAVE_STEM, SUFFIX, TRASH_DIR, data_dir, inside, numbered, slugify

#: Files bigger than this are refused unread: no encounter comes near it, a runaway file might.
MAX_FILE_BYTES = 50 * 1024 * 1024
BACKUP_SUFFIX = ".bak"
# A temp file this old belongs to a writer that died: list_saves() clears it away.
_STALE_TEMP_SECONDS = 60.0

write_lock = threading.RLock()
# autosave.toml, autosave-2.toml…: one per window (saves.slots)
_SLOT_NAME = re.compile(rf"{AUTOSAVE_STEM}(?:-\d+)?{re.escape(SUFFIX)}")


def _read_umask() -> int:
    # os.umask can only be read by setting it; done once, at import, before any thread writes.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# mkstemp makes 0600 files; a save gets the mode a plain open() would give it.
_FILE_MODE = 0o666 & ~_read_umask()


# --- what we remember about the file an encounter came from -------------------------------


@dataclass(frozen=True)
class Stamp:
    """What a file looked like when an encounter was loaded from it or saved to it."""

    sha256: str
    size: int | None = None
    mtime_ns: int | None = None
    inode: tuple[int, int] | None = None

    @classmethod
    def of(cls, raw: bytes, st: os.stat_result) -> Stamp:
        """The stamp of bytes just read from, or written to, a file with this stat."""
        return cls(hashlib.sha256(raw).hexdigest(), st.st_size, st.st_mtime_ns, (st.st_dev, st.st_ino))

    def matches(self, path: Path) -> bool:
        """Whether the file is still what this stamp saw (a quick stat, then a hash if unsure)."""
        try:
            st = path.stat()
        except FileNotFoundError:
            return False
        if (st.st_size, st.st_mtime_ns, (st.st_dev, st.st_ino)) == (self.size, self.mtime_ns, self.inode):
            return True
        if (self.size is not None and st.st_size != self.size) or st.st_size > MAX_FILE_BYTES:
            return False
        try:
            return hashlib.sha256(path.read_bytes()).hexdigest() == self.sha256
        except OSError:
            return False


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


# --- low-level file operations ------------------------------------------------------------


def _fsync_dir(directory: Path) -> None:
    """Make a rename in directory durable; best effort where the OS or file system cannot."""
    if os.name == "nt":  # directories cannot be opened for fsync on Windows
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:  # some network file systems refuse; the file itself was fsync'd already
        pass
    finally:
        os.close(fd)


def atomic_write(path: Path, raw: bytes, *, backup: bool = True) -> Stamp:
    """Write raw to path so that a crash leaves the old or the new file, never half of one."""
    directory = path.parent
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            if hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), _FILE_MODE)
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
            st = os.fstat(handle.fileno())
        if backup and path.exists():
            _keep_backup(path)
        os.replace(tmp, path)
        _fsync_dir(directory)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return Stamp.of(raw, st)


def _keep_backup(path: Path) -> None:
    """Make NAME.toml.bak the current NAME.toml, atomically (a hard link, or a copy)."""
    bak = path.with_name(path.name + BACKUP_SUFFIX)
    link = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.bak.tmp")
    link.unlink(missing_ok=True)
    try:
        os.link(path, link)
    except OSError:  # no hard links here (some network or FAT file systems): copy instead
        data = path.read_bytes()
        with open(link, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    os.replace(link, bak)


def read_checked(path: Path) -> tuple[bytes, os.stat_result]:
    """The bytes and stat of a save, refusing a missing, unreadable, special or oversized file.

    Only regular files are read, and never more than MAX_FILE_BYTES: opened non-blocking so
    that a FIFO called autosave.toml cannot hang start-up, and a link to /dev/zero is refused
    before a byte is read.
    """
    try:
        with open(path, "rb", opener=_open_nonblocking) as handle:
            st = os.fstat(handle.fileno())
            _check_regular(path, st)
            raw = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise SaveError(path, "no such save", hint="check the name in the saves list") from None
    except IsADirectoryError:
        raise SaveError(path, "is a folder, not a save file", hint="pick a .toml file") from None
    except PermissionError:
        raise SaveError(path, "permission denied", hint="check the file's permissions") from None
    except OSError as exc:
        raise SaveError(path, f"cannot read ({exc.strerror or exc})", hint="check the disk") from None
    if len(raw) > MAX_FILE_BYTES:
        _check_regular(path, st, size=len(raw))
    return raw, st


def _open_nonblocking(path: str, flags: int) -> int:
    """open()'s opener: a FIFO opens at once instead of waiting for a writer."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def _check_regular(path: Path, st: os.stat_result, size: int | None = None) -> None:
    """SaveError unless st is a regular file within MAX_FILE_BYTES."""
    if stat.S_ISDIR(st.st_mode):
        raise SaveError(path, "is a folder, not a save file", hint="pick a .toml file")
    if not stat.S_ISREG(st.st_mode):
        kind = "a FIFO" if stat.S_ISFIFO(st.st_mode) else "a device or socket"
        raise SaveError(path, f"not a regular file ({kind})",
                        hint="a save is a plain .toml file; this one was not read and was left as it was")
    size = st.st_size if size is None else size
    if size > MAX_FILE_BYTES:
        raise SaveError(
            path,
            f"file is {size / 1024 / 1024:.0f} MB, over the {MAX_FILE_BYTES // 1024 // 1024} MB limit",
            hint="this is not an encounter save; it was not read and was left as it was",
        )


# --- naming -------------------------------------------------------------------------------


def path_for(name: str) -> Path:
    """The file in data_dir() a save called `name` would have (its slug, unnumbered)."""
    directory = data_dir()
    path = directory / f"{slugify(name)}{SUFFIX}"
    if path.parent != directory:  # slugify allows no separators; this is the belt to its braces
        raise SaveError(path, "would be outside the data folder", hint="choose another name")
    return path


def _free_path(name: str, owned: Path | None = None) -> Path:
    """path_for(name), numbered NAME-2, NAME-3... if that file belongs to another encounter."""
    return next(path for path in numbered(path_for(name)) if path == owned or not path.exists())


def resolve(path_or_name: Path | str) -> Path:
    """A Path as given, or the save in data_dir() with that file stem, slug or encounter name."""
    if isinstance(path_or_name, Path):
        return path_or_name
    text = str(path_or_name)
    if os.sep in text or (os.altsep and os.altsep in text) or text.endswith(SUFFIX):
        given = Path(text).expanduser()
        if given.is_absolute() or given.exists():
            return given
        return data_dir() / given.name
    # An exact match wins over a near one (issue 8): the file stem, then the encounter name
    # as typed, then the name in another case or Unicode normalization, then the slug.
    directory = data_dir()
    exact = directory / f"{text}{SUFFIX}"
    if os.path.lexists(exact):  # even a FIFO or a link: load says why it is not a save
        return exact
    named = [entry for entry in list_saves(include_autosave=False) if entry.error is None]
    folded = _fold(text)
    for matches in (lambda name: name == text,
                    lambda name: unicodedata.normalize("NFC", name) == unicodedata.normalize("NFC", text),
                    lambda name: _fold(name) == folded):
        found = sorted(entry.path for entry in named if matches(entry.name))
        if found:
            return found[0]
    return path_for(text)


def _fold(text: str) -> str:
    """A name compared loosely: NFC, case-folded."""
    return unicodedata.normalize("NFC", text).casefold()


# --- the public operations ------------------------------------------------------------------


def save(
    enc: Any,
    force: bool = False,
    name: str | None = None,
    path: Path | str | None = None,
    *,
    data: dict[str, Any] | None = None,
) -> Path:
    """Write enc atomically and return its Path; SaveConflict if the file changed on disk since.

    Without name or path, the encounter goes back to the file it came from, or to a new file
    named after enc.name (numbered if another encounter has that name). name= or path= saves
    under another name ("save as"); from then on the encounter belongs to that file.
    force=True overwrites a changed or foreign file on purpose. data= is enc.to_data() taken
    on the thread that changes enc, so that a save run in a worker writes one consistent state.
    """
    tracking = _track(enc)
    with write_lock:
        target = _save_target(tracking, name, path, enc)
        if not force:
            _refuse_overwrite(tracking, target)
        raw = _encode(enc, data=data)
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            stamp = atomic_write(through_link(target), raw)
        except OSError as exc:
            raise SaveError(
                target,
                f"could not write ({exc.strerror or exc})",
                hint=f"nothing was changed; {write_hint(exc)} and try again",
            ) from exc
        _remember(enc, target, stamp)
    clean_temp_files(target.parent)
    return target


def _save_target(tracking: _Tracking, name: str | None, path: Path | str | None, enc: Any) -> Path:
    """Where a save goes: the path or name asked for, else the encounter's file, else a new one."""
    if path is not None:
        return Path(path).expanduser()
    if name is not None:
        return path_for(name)
    if tracking.path is not None:
        return tracking.path
    return _free_path(enc.name)


def _refuse_overwrite(tracking: _Tracking, target: Path) -> None:
    """SaveConflict if ``target`` is another encounter's file, or ours changed on disk since."""
    if not target.exists():
        return
    ours = tracking.path is not None and target.resolve() == tracking.path.resolve()
    if not ours:
        raise SaveConflict(
            target,
            "another save already has this name",
            hint="choose another name, or overwrite it on purpose",
        )
    if tracking.stamp is not None and not tracking.stamp.matches(target):
        raise SaveConflict(
            target,
            "changed on disk since it was loaded or saved (another window?)",
            hint="save under another name, reload it, or overwrite it on purpose",
        )


def through_link(path: Path) -> Path:
    """Where a write to path goes: the target of a link inside data_dir(), else path itself.

    Replacing a link with a plain file would silently stop updating a linked folder
    (issue 8), and following one out of the data dir would write where no save belongs:
    a link to a file inside data_dir() (or a folder below it) is written through, any
    other link is refused with the reason.
    """
    if not path.is_symlink():
        return path
    real = path.resolve()
    home = data_dir().resolve()
    if real.is_relative_to(home) and real != home and not real.is_dir():
        return real
    raise SaveError(path, f"is a link to {real}, outside the data folder: not followed",
                    hint="save under another name, or move that file into the data folder and link to it there")


def _encode(enc: Any, extra: dict[str, Any] | None = None, data: dict[str, Any] | None = None) -> bytes:
    return codec.encode(enc.to_data() if data is None else data, extra).encode("utf-8")


def load(path_or_name: Path | str) -> Any:
    """The Encounter in a save file (a Path, or a save name in data_dir()); SaveError if unreadable."""
    path = resolve(path_or_name)
    raw, st = read_checked(path)
    try:
        enc, header = codec.decode(raw, path)
    except SaveError as exc:
        _refused[os.path.abspath(path)] = (st.st_mtime_ns, st.st_size, exc.reason)
        raise
    if _SLOT_NAME.fullmatch(path.name) and path.parent == data_dir():
        # an autosave opened from the saves list belongs to its named save, not to itself
        _remember(enc, *_autosave_source(header))
    else:
        _remember(enc, path, Stamp.of(raw, st))
    return enc


def autosave_path() -> Path:
    """data_dir()/autosave.toml."""
    return data_dir() / f"{AUTOSAVE_STEM}{SUFFIX}"


def autosave(enc: Any, *, data: dict[str, Any] | None = None, path: Path | None = None) -> Path:
    """Rewrite the autosave with enc (atomic, never a conflict); a no-op if nothing changed since.

    path= is the autosave slot of the window (saves.slots); without it, autosave.toml.
    data= is enc.to_data() taken on the thread that changes enc (see save).
    """
    global _last_autosave
    target = autosave_path() if path is None else path
    tracking = _track(enc)
    # With a snapshot the revision it was taken at is unknown: never skip on its account.
    revision = getattr(enc, "revision", None) if data is None else None
    with write_lock:
        # skipped only when the same state went to the same file, naming the same save
        key = (revision, tracking.path, tracking.stamp, target)
        last_enc, last_key = _last_autosave
        if revision is not None and last_enc() is enc and last_key == key and target.exists():
            return target
        extra: dict[str, Any] = {}
        if tracking.path is not None:
            extra["autosave_of"] = _portable(tracking.path)
            if tracking.stamp is not None:
                extra["autosave_of_sha256"] = tracking.stamp.sha256
        raw = _encode(enc, extra, data)
        try:
            atomic_write(through_link(target), raw, backup=False)
        except OSError as exc:
            raise SaveError(target, f"could not write ({exc.strerror or exc})", hint=write_hint(exc)) from exc
        _last_autosave = (_weak(enc), key)
        return target


def _portable(path: Path) -> str:
    """A save's name relative to data_dir() if it is in it (the folder may move), else its full path."""
    if inside(data_dir(), path):
        return path.name
    return str(path.resolve())


def _weak(enc: Any) -> Callable[[], Any]:
    try:
        return weakref.ref(enc)
    except TypeError:
        return lambda: None


# The encounter (weakly) and revision autosave.toml holds, to skip rewriting the same state.
_last_autosave: tuple[Callable[[], Any], Any] = (lambda: None, None)


def load_autosave(path: Path | None = None) -> Any | None:
    """The encounter in an autosave (the newest one without path=), None if there is none.

    SaveError if it is unreadable. If the autosave was of a named save, the encounter
    belongs to that file again: a later save() goes there, and raises SaveConflict if that
    file changed in the meantime. autosave_slot_of(enc) is then the file it came from.
    """
    from saves.slots import slot_files

    clean_temp_files()
    if path is None:
        newest = slot_files()
        path = newest[0] if newest else autosave_path()
    if not os.path.lexists(path):
        return None
    raw, _st = read_checked(path)
    enc, header = codec.decode(raw, path)
    _remember(enc, *_autosave_source(header))
    tracking = _track(enc)
    tracking.autosave = path
    if tracking.path is not None and tracking.stamp is not None:
        saved = _as_saved(raw, tracking.path, tracking.stamp)
        tracking.as_saved = saved is not None
        tracking.stamp = saved or tracking.stamp
    return enc


def _as_saved(autosave_raw: bytes, source: Path, stamp: Stamp) -> Stamp | None:
    """The stamp of ``source`` when the autosave holds what it holds (saved, no change since:
    the file is as the autosave last saw it, and the encounter in both is the same), else None."""
    try:
        raw, st = read_checked(source)
    except SaveError:
        return None
    if hashlib.sha256(raw).hexdigest() != stamp.sha256 or _body(raw) != _body(autosave_raw):
        return None
    return Stamp.of(raw, st)


def _body(raw: bytes) -> bytes:
    """A save's bytes without the header's lines (the keys the saves layer owns, first)."""
    head, table, rest = raw.partition(b"\n[")
    lines = [line for line in head.split(b"\n")
             if line.split(b"=")[0].strip().decode("utf-8", "replace") not in codec.HEADER_KEYS]
    return b"\n".join(lines) + table + rest


def resumed_as_saved(enc: Any) -> bool:
    """Whether enc was resumed from an autosave holding just what its save holds: nothing
    is unsaved (issue 17: f9 right after a restart kept a copy of nothing in the trash)."""
    tracking = _tracking.get(id(enc))
    return tracking is not None and tracking.as_saved


def autosave_slot_of(enc: Any) -> Path | None:
    """The autosave file this encounter was resumed from, if it was."""
    tracking = _tracking.get(id(enc))
    return tracking.autosave if tracking else None


def _autosave_source(header: dict[str, Any]) -> tuple[Path | None, Stamp | None]:
    """The save an autosave belongs to, trusted only as a plain file name in data_dir().

    `autosave_of = "../victim.toml"` must not make the next save write outside the data dir
    (issue 8), and a missing or odd hash must not skip the conflict check: an empty stamp
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
        return _error_entry(path, datetime.now(), f"cannot read ({exc.strerror or exc})", is_autosave)
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
            raise SaveError(path, "no [encounter] table", field=codec.SUMMARY_TABLE)
        name, system = summary.get("name"), summary.get("system")
        rnd, count = summary.get("round"), summary.get("creatures")
        if not isinstance(name, str):
            raise SaveError(path, "missing or ill-typed", field=f"{codec.SUMMARY_TABLE}.name")
        if not isinstance(system, str):
            raise SaveError(path, "missing or ill-typed", field=f"{codec.SUMMARY_TABLE}.system")
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


def clean_temp_files(directory: Path | None = None) -> None:
    """Remove temp files left by writes killed mid-way (older than a minute: no live writer).

    Run at start-up (load_autosave), after each save and when the saves are listed, so that
    they cannot pile up (issue 8).
    """
    directory = data_dir() if directory is None else directory
    cutoff = time.time() - _STALE_TEMP_SECONDS
    for tmp in directory.glob(".*.tmp"):
        try:
            if tmp.stat().st_mtime < cutoff:
                tmp.unlink()
        except OSError:
            pass


def _tracked_encounters(path: Path) -> list[_Tracking]:
    resolved = path.resolve()
    return [t for t in _tracking.values() if t.path is not None and t.path.resolve() == resolved]


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


def keep_as_save(enc: Any, *, data: dict[str, Any] | None = None) -> Path:
    """Write enc as a normal save before another encounter takes its place; returns the Path.

    Scenario 8: a finished fight stays where the saves screen lists it. It goes back to the
    file it belongs to when that file is as it was loaded or saved, else to a new file named
    after it (NAME-2 … when the name is taken): another file is never overwritten.
    """
    with write_lock:
        try:
            return save(enc, data=data)
        except SaveConflict:
            return save(enc, path=_free_path(enc.name), data=data)


def trash_path(stem: str) -> Path:
    """A name not yet taken in data_dir()/trash/ for a file called stem: `STEM YYYYmmdd-HHMMSS.toml`."""
    trash = data_dir() / TRASH_DIR
    trash.mkdir(exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = trash / f"{stem} {stamp}{SUFFIX}"
    number = 1
    while os.path.lexists(target):
        number += 1
        target = trash / f"{stem} {stamp}-{number}{SUFFIX}"
    return target


#: The trash keeps at most this many files, and nothing older than this many days, except
#: the newest copy of each encounter, kept however old (issue 17: it grew without end).
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
    """Keep data_dir()/trash/ bounded: remove copies past TRASH_MAX_DAYS, then the oldest past
    TRASH_MAX_FILES, never the newest copy of an encounter; returns what went.

    A copy's age is the time in its name (when it went to the trash); its encounter is the
    name in its ``[encounter]`` table (the file's stem when it cannot be read). Files with
    names the trash does not give are left alone. Best effort: what cannot be removed stays.
    """
    now = now or datetime.now()
    newest: set[str] = set()
    spare: list[Path] = []  # copies that may go, newest first
    doomed: list[Path] = []
    for item in sorted(_trashed_files(), key=lambda t: (t.when, t.number), reverse=True):
        if item.encounter not in newest:
            newest.add(item.encounter)
        elif (now - item.when).days >= TRASH_MAX_DAYS:
            doomed.append(item.path)
        else:
            spare.append(item.path)
    over = len(newest) + len(spare) - TRASH_MAX_FILES
    if over > 0:
        doomed += spare[-over:]  # the oldest
    return [path for path in doomed if _remove_trashed(path)]


def _trashed_files() -> list[_Trashed]:
    """The copies in the trash with the names it gives them, with when and what they are."""
    try:
        entries = list(os.scandir(data_dir() / TRASH_DIR))
    except OSError:
        return []
    found = []
    for entry in entries:
        named = _TRASHED.fullmatch(entry.name)
        if named is None or not entry.is_file(follow_symlinks=False):
            continue
        try:
            when = datetime.strptime(named["when"], "%Y%m%d-%H%M%S")
        except ValueError:
            continue
        found.append(_Trashed(Path(entry.path), when, int(named["n"] or 1),
                              _encounter_of(Path(entry.path), named["stem"])))
    return found


def _encounter_of(path: Path, stem: str) -> str:
    """Which encounter a copy holds: its name, or its file's stem when it cannot be read."""
    try:
        name = _read_head(path, path.stat()).get(codec.SUMMARY_TABLE, {}).get("name")
    except Exception:  # noqa: BLE001 - an unreadable copy is known by its file name
        name = None
    return f"name:{name}" if isinstance(name, str) else f"file:{stem}"


def _remove_trashed(path: Path) -> bool:
    """Remove a copy from the trash, and its .bak; False if it could not be."""
    try:
        path.unlink()
    except OSError:
        return False
    try:
        path.with_name(path.name + BACKUP_SUFFIX).unlink(missing_ok=True)
    except OSError:
        pass
    return True


def delete_save(path: Path | str) -> Path:
    """Move a save (and its .bak) into data_dir()/trash/ under a name not yet taken; returns the new Path."""
    source = resolve(path)
    if not source.is_file():
        raise SaveError(source, "no such save", hint="refresh the saves list")
    trash = data_dir() / TRASH_DIR
    trash.mkdir(exist_ok=True)
    with write_lock:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = trash / f"{source.stem} {stamp}{SUFFIX}"
        number = 1
        while target.exists() or target.with_name(target.name + BACKUP_SUFFIX).exists():
            number += 1
            target = trash / f"{source.stem} {stamp}-{number}{SUFFIX}"
        os.replace(source, target)
        bak = source.with_name(source.name + BACKUP_SUFFIX)
        if bak.exists():
            os.replace(bak, target.with_name(target.name + BACKUP_SUFFIX))
        _fsync_dir(trash)
        _fsync_dir(source.parent)
        for tracking in _tracked_encounters(source):
            tracking.path, tracking.stamp = None, None
        prune_trash()
    return target


def rename_save(path: Path | str, new_name: str) -> Path:
    """Give a save a new encounter name and the file name that goes with it; returns the new Path."""
    source = resolve(path)
    raw, st = read_checked(source)
    enc, _header = codec.decode(raw, source)  # a file we could not load is not renamed
    enc.name = new_name  # a plain attribute: renaming a file is not a step in the encounter's ledger
    with write_lock:
        target = _free_path(new_name, owned=source)
        new_raw = _encode(enc)
        if target == source:
            if not Stamp.of(raw, st).matches(source):
                raise SaveConflict(source, "changed on disk while renaming", hint="try again")
            stamp = atomic_write(source, new_raw)
        else:
            stamp = atomic_write(target, new_raw, backup=False)
            bak = source.with_name(source.name + BACKUP_SUFFIX)
            if bak.exists():
                os.replace(bak, target.with_name(target.name + BACKUP_SUFFIX))
            source.unlink()
            _fsync_dir(source.parent)
        for tracking in _tracked_encounters(source):
            tracking.path, tracking.stamp = target, stamp
    return target
