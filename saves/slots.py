"""One autosave per open encounter: each window holds its own autosave file.

Two windows on one data dir must not overwrite each other's unsaved work, so
each running app claims an autosave *slot*: ``autosave.toml``, ``autosave-2.toml``…, by
holding its lock file ``.autosave-2.toml.lock`` with the kernel (``flock``) while it runs.
The kernel lets go when the process ends, however it ends: a lock never outlives its window
(a process id in a file named a stranger after a reboot), and of two windows
claiming at once only one gets the slot. The file also says ``pid N``, for the GM's notice
only: what it says decides nothing, and no more than its first bytes are read. A lock file
that cannot be one (a folder, a FIFO, a link) is never read or removed: its slot is skipped.
A free slot that still holds work found nowhere else (an encounter never saved, or changed
since its save) is moved to the trash before it is reused, and the caller says where.
"""

from __future__ import annotations

import atexit
import errno
import os
import re
import stat
import threading
import tomllib
from pathlib import Path

from core.text.i18n import tr
from saves import codec
from saves.errors import SaveError, os_words, write_hint
from saves.files import MAX_FILE_BYTES
from saves.names import AUTOSAVE_STEM, PRIVATE_FILE, SUFFIX, data_dir, private_dir
from saves.trash import prune_trash, trash_path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: msvcrt locks a byte instead
    fcntl = None  # type: ignore[assignment]

_SLOT = re.compile(rf"{AUTOSAVE_STEM}(?:-(\d+))?{re.escape(SUFFIX)}")
#: More windows than this on one data dir is a runaway loop, not a GM.
MAX_SLOTS = 64
#: What a lock file says: ``pid N``. Only this much of it is ever read.
_PID = re.compile(rb"pid (\d{1,10})\s*")
_PID_BYTES = 32
#: Never follow a link, never wait on a FIFO, never leak into a child process.
_OPEN = (getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
         | getattr(os, "O_CLOEXEC", 0))
#: The slots this process holds, and the open lock file holding each (several apps in one
#: process, as in tests, hold a slot each).
_held: dict[Path, int] = {}
_held_guard = threading.Lock()


def slot_path(number: int) -> Path:
    """The autosave slot with that number: 1 is autosave.toml, 2 autosave-2.toml…"""
    suffix = "" if number == 1 else f"-{number}"
    return data_dir() / f"{AUTOSAVE_STEM}{suffix}{SUFFIX}"


def is_slot(path: Path) -> bool:
    """Whether a file name is an autosave slot's."""
    return _SLOT.fullmatch(path.name) is not None


def slot_files() -> list[Path]:
    """Every autosave slot on disk, newest first."""
    found = []
    for path in data_dir().glob(f"{AUTOSAVE_STEM}*{SUFFIX}"):
        if is_slot(path):
            try:
                found.append((path.lstat().st_mtime, path))
            except OSError:
                continue
    return [path for _mtime, path in sorted(found, reverse=True)]


def _nonblocking(path: str, flags: int) -> int:
    """open()'s opener: a FIFO where an autosave should be cannot hang start-up."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def _lock_path(slot: Path) -> Path:
    return slot.with_name(f".{slot.name}.lock")


def _open_lock(slot: Path, *, create: bool) -> int | None:
    """The slot's lock file, opened; None when there is none, or it cannot be a lock (a
    folder, a FIFO, a link…: never read). OSError when the folder cannot take one."""
    flags = (os.O_RDWR | os.O_CREAT) if create else os.O_RDONLY
    try:
        fd = os.open(_lock_path(slot), flags | _OPEN, PRIVATE_FILE)
    except FileNotFoundError:
        if create:
            raise  # the data dir is gone
        return None
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EISDIR, errno.ENXIO, errno.EOPNOTSUPP):
            return None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        return None
    if create and hasattr(os, "fchmod"):
        try:
            os.fchmod(fd, PRIVATE_FILE)  # one left by an older hitledger, open to others
        except OSError:
            pass
    return fd


def _lock(fd: int, *, exclusive: bool) -> bool:
    """Take the kernel's lock on an open lock file without waiting; False if another has it."""
    try:
        if fcntl is not None:
            fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
        else:  # pragma: no cover - Windows
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError as exc:
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, errno.EDEADLK):
            return False
        raise
    return True


def _still_there(fd: int, slot: Path) -> bool:
    """Whether the open lock file is still the one at the slot's lock path (a window letting
    go removes its lock file while it still holds it, so a claim that won the lock of a
    removed file tries again)."""
    try:
        there = os.stat(_lock_path(slot), follow_symlinks=False)
    except OSError:
        return False
    here = os.fstat(fd)
    return (there.st_dev, there.st_ino) == (here.st_dev, here.st_ino)


def _pid_in(fd: int) -> int:
    """The process id a lock file names, 0 if it names none (read: its first bytes only)."""
    try:
        found = _PID.fullmatch(os.pread(fd, _PID_BYTES, 0))
    except OSError:
        return 0
    return int(found.group(1)) if found else 0


def holder(slot: Path) -> int | None:
    """The process id of the running window holding this slot, None if it is free.

    0: held, by a window whose lock file names no process. The kernel's lock says whether
    it is held; the number in the file only says by whom.
    """
    try:
        fd = _open_lock(slot, create=False)
    except OSError:
        return None
    if fd is None:
        return None
    try:
        if _lock(fd, exclusive=False):
            return None  # nobody holds it: closing lets go of the look
        return _pid_in(fd)
    except OSError:
        return None
    finally:
        os.close(fd)


def claim(slot: Path) -> bool:
    """Hold slot for this window; False if another window holds it, or its lock file cannot
    be one. OSError when the data dir cannot take a lock file (read-only, full, gone)."""
    for _attempt in range(3):
        fd = _open_lock(slot, create=True)
        if fd is None:
            return False
        try:
            if not _lock(fd, exclusive=True):
                os.close(fd)
                return False
        except OSError:
            os.close(fd)
            raise
        if _still_there(fd, slot):
            _say_pid(fd)
            with _held_guard:
                _held[slot.resolve()] = fd
            return True
        os.close(fd)  # removed by the window that let go of it: try the new one
    return False


def _say_pid(fd: int) -> None:
    """Write ``pid N`` into a lock file this window holds; a full disk only leaves it unsaid."""
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()}\n".encode("ascii"), 0)
    except OSError:
        pass


def release(slot: Path) -> None:
    """Let go of a slot this window holds (the autosave file stays)."""
    with _held_guard:
        fd = _held.pop(slot.resolve(), None)
    if fd is None:
        return
    try:
        if _still_there(fd, slot):
            os.unlink(_lock_path(slot))  # while still held: no other window can have it
    except OSError:
        pass
    os.close(fd)


def hold_again(slot: Path) -> bool:
    """Whether this window still holds slot. A lock file removed under it (the data dir
    deleted while it ran) is made again, and the slot held again, unless another window
    took it meanwhile; the data dir is made again too."""
    with _held_guard:
        fd = _held.get(slot.resolve())
    if fd is not None and _still_there(fd, slot):
        return True
    release(slot)
    private_dir(slot.parent, parents=True)
    return claim(slot)


@atexit.register
def _release_all() -> None:
    for slot in list(_held):
        release(slot)


def newer_format(path: Path) -> int | None:
    """The format version of a file written by a newer hitledger, None for any other file.

    Read from its first bytes (``format = N`` comes first), without reading more.
    """
    try:
        with open(path, "rb", opener=_nonblocking) as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            head = handle.read(256)
    except OSError:
        return None
    top = re.split(rb"(?m)^\s*\[", head, maxsplit=1)[0]  # before the first table only
    found = re.search(rb"(?m)^\s*format\s*=\s*(\d{1,9})\s*(?:#.*)?$", top)
    version = int(found.group(1)) if found else None
    return version if version is not None and version > codec.FORMAT_VERSION else None


def claim_slot(prefer: Path | None = None) -> tuple[Path, Path | None]:
    """A slot for this window, and where earlier work in it was moved (None if nowhere).

    `prefer` (the slot the encounter was resumed from) is taken if it is free; else the
    lowest-numbered free slot. A free slot whose autosave holds work found nowhere else
    is emptied into the trash first; one holding a newer hitledger's file is left to it.
    SaveError, saying why, when no slot can be held.
    """
    numbered = [slot_path(number) for number in range(1, MAX_SLOTS + 1)]
    first = [prefer] if prefer is not None and is_slot(prefer) else []
    problem: OSError | None = None
    for slot in first + numbered:
        try:
            taken = _take(slot, resumed=slot in first)
        except OSError as exc:  # the folder refused; the next slot may fare no better
            release(slot)
            problem = problem or exc
            continue
        if taken is not None:
            return taken
    if problem is not None:
        raise SaveError(data_dir(), tr("no autosave can be held here ({why})", why=os_words(problem, with_file=False)),
                        hint=write_hint(problem))
    raise SaveError(data_dir(), tr("{count} windows already hold an autosave here", count=MAX_SLOTS),
                    hint=tr("close a window"))


def _take(slot: Path, resumed: bool = False) -> tuple[Path, Path | None] | None:
    """Claim slot and empty it if it holds unique work; None if it cannot be this window's.
    The slot the encounter was ``resumed`` from is kept as it is: its work is on screen."""
    if not claim(slot):
        return None
    if newer_format(slot) is not None:  # a newer hitledger's autosave: not ours to move
        release(slot)
        return None
    if resumed or not os.path.lexists(slot) or not holds_unique_work(slot):
        return slot, None
    return slot, set_aside(slot)


def holds_unique_work(slot: Path) -> bool:
    """Whether an autosave holds work found nowhere else (unreadable counts as yes).

    No when it belongs to a save in the data dir whose encounter data is the same.
    """
    try:
        with open(slot, "rb", opener=_nonblocking) as handle:
            doc = codec.parse(handle.read(MAX_FILE_BYTES), slot)
        source = doc.get("autosave_of")
        if not isinstance(source, str) or "/" in source or "\\" in source or source.startswith("."):
            return True
        named = data_dir() / source
        if not named.is_file():
            return True
        other = tomllib.loads(named.read_text("utf-8"))
    except Exception:  # noqa: BLE001 - whatever is wrong with it, keep it
        return True
    for key in codec.HEADER_KEYS:
        doc.pop(key, None)
        other.pop(key, None)
    return doc != other


def set_aside(path: Path) -> Path:
    """Move a file into data_dir()/trash/ under a new name; returns where it went."""
    target = trash_path(path.stem)
    os.replace(path, target)
    prune_trash()
    return target


def resume_candidate() -> tuple[Path | None, int | None]:
    """The newest autosave no running window holds, and the pid holding a newer one if any."""
    busy = None
    for slot in slot_files():
        pid = holder(slot)
        if pid is None:
            return slot, busy
        busy = pid if busy is None else busy
    return None, busy


def newest_held() -> tuple[Path, int] | None:
    """The newest autosave a running window holds, and that window's process id (0: its lock
    file names none); None when no window holds one."""
    for slot in slot_files():
        pid = holder(slot)
        if pid is not None:
            return slot, pid
    return None


def process_note(pid: int) -> str:
    """`` (process 42)`` for a notice; nothing when the holder's lock file names no process."""
    return f" (process {pid})" if pid else ""


def held_elsewhere(save: Path) -> int | None:
    """The pid of another running window whose encounter belongs to `save`, if any."""
    for slot in slot_files():
        pid = holder(slot)
        if pid is None or slot.resolve() in _held:
            continue
        try:
            with open(slot, "rb", opener=_nonblocking) as handle:
                head = codec.read_head(handle.read(codec.HEAD_BYTES), lambda: b"", slot)
        except Exception:  # noqa: BLE001 - an unreadable autosave names no save
            continue
        if head.get("autosave_of") == save.name:
            return pid
    return None
