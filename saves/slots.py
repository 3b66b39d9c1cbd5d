"""One autosave per open encounter: each window holds its own autosave file.

Two windows on one data dir must not overwrite each other's unsaved work (issue 8), so
each running app claims an autosave *slot*: ``autosave.toml``, ``autosave-2.toml``…, with
a lock file ``.autosave-2.toml.lock`` holding its process id. A lock whose process is gone
(a crash, a kill) is stale and the slot free again. A free slot that still holds work found
nowhere else (an encounter never saved, or changed since its save) is moved to the trash
before it is reused, and the caller says where.
"""

from __future__ import annotations

import atexit
import os
import re
import tomllib
from pathlib import Path

from saves import codec
from saves.errors import SaveError
from saves.names import AUTOSAVE_STEM, SUFFIX, data_dir
from saves.store import trash_path

_SLOT = re.compile(rf"{AUTOSAVE_STEM}(?:-(\d+))?{re.escape(SUFFIX)}")
#: More windows than this on one data dir is a runaway loop, not a GM.
MAX_SLOTS = 64
#: Slots held by this process (several apps in one process, as in tests, share a pid).
_held: set[Path] = set()


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


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    if os.name == "nt":  # pragma: no cover - os.kill(pid, 0) would end the process there
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's live process
        return True
    return True


def holder(slot: Path) -> int | None:
    """The process id of the running window holding this slot, None if it is free."""
    try:
        text = _lock_path(slot).read_text("ascii", errors="replace")
        pid = int(text.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    if pid == os.getpid():
        return pid if slot.resolve() in _held else None
    return pid if _alive(pid) else None


def claim(slot: Path) -> bool:
    """Hold slot for this window; False if another running window holds it."""
    lock = _lock_path(slot)
    for _attempt in range(2):
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            if holder(slot) is not None:
                return False
            lock.unlink(missing_ok=True)  # stale: its window is gone
            continue
        except OSError:  # a read-only data dir: the autosave will say why it cannot write
            return False
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(f"pid {os.getpid()}\n")
        _held.add(slot.resolve())
        return True
    return False


def release(slot: Path) -> None:
    """Let go of a slot this window holds (the autosave file stays)."""
    resolved = slot.resolve()
    if resolved not in _held:
        return
    _held.discard(resolved)
    lock = _lock_path(slot)
    try:
        if lock.read_text("ascii").split()[1] == str(os.getpid()):
            lock.unlink()
    except (OSError, IndexError):
        pass


@atexit.register
def _release_all() -> None:
    for slot in list(_held):
        release(slot)


def claim_slot(prefer: Path | None = None) -> tuple[Path, Path | None]:
    """A slot for this window, and where earlier work in it was moved (None if nowhere).

    `prefer` (the slot the encounter was resumed from) is taken if it is free; else the
    lowest-numbered free slot. A free slot whose autosave holds work found nowhere else
    is emptied into the trash first.
    """
    if prefer is not None and is_slot(prefer) and claim(prefer):
        return prefer, None
    for number in range(1, MAX_SLOTS + 1):
        slot = slot_path(number)
        if holder(slot) is not None or not claim(slot):
            continue
        if not os.path.lexists(slot) or not holds_unique_work(slot):
            return slot, None
        return slot, set_aside(slot)
    raise SaveError(data_dir(), f"{MAX_SLOTS} windows already hold an autosave here, or the folder is read-only",
                    hint="close a window, or check the folder's permissions")


def holds_unique_work(slot: Path) -> bool:
    """Whether an autosave holds work found nowhere else (unreadable counts as yes).

    No when it belongs to a save in the data dir whose encounter data is the same.
    """
    try:
        with open(slot, "rb", opener=_nonblocking) as handle:
            doc = codec.parse(handle.read(50 * 1024 * 1024), slot)
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
    return target


def resume_candidate() -> tuple[Path | None, int | None]:
    """The newest autosave no running window holds, and the pid holding a newer one if any."""
    busy = None
    for slot in slot_files():
        pid = holder(slot)
        if pid is None:
            return slot, busy
        busy = busy or pid
    return None, busy


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
