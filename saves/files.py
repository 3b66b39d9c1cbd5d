"""One save file on disk: written whole or not at all, read only when it is a plain file of save size.

Atomic writes with a .bak of the file replaced, the stamp that tells whether a file changed since,
links followed only inside the data folder, and the temp files a killed write leaves cleared away.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.text.i18n import tr
from saves import codec
from saves.errors import SaveError, os_words
from saves.names import PRIVATE_FILE, data_dir

#: Files bigger than this are refused unread: no encounter comes near it, a runaway file might.
MAX_FILE_BYTES = 50 * 1024 * 1024
BACKUP_SUFFIX = ".bak"
# A temp file this old belongs to a writer that died: list_saves() clears it away.
_STALE_TEMP_SECONDS = 60.0

write_lock = threading.RLock()


#: Every file written here is the GM's alone (0600), whatever the umask: hidden creatures.
_FILE_MODE = PRIVATE_FILE


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
        if os.name != "nt":  # a file from before the 0600 rule: its .bak is private too
            os.chmod(link, _FILE_MODE)
    except OSError:  # no hard links here (some network or FAT file systems): copy instead
        data = path.read_bytes()
        with open(link, "wb", opener=private_opener) as handle:
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
        raise SaveError(path, tr("no such save"), hint=tr("check the name in the saves list")) from None
    except IsADirectoryError:
        raise SaveError(path, tr("is a folder, not a save file"), hint=tr("pick a .toml file")) from None
    except PermissionError:
        raise SaveError(path, tr("permission denied"), hint=tr("check the file's permissions")) from None
    except OSError as exc:
        raise SaveError(path, tr("cannot read ({why})", why=os_words(exc, with_file=False)), hint=tr("check the disk")) from None
    if len(raw) > MAX_FILE_BYTES:
        _check_regular(path, st, size=len(raw))
    return raw, st


def private_opener(path: str, flags: int) -> int:
    """open()'s opener for a new file only the GM may read (0600, whatever the umask)."""
    fd = os.open(path, flags, _FILE_MODE)
    if hasattr(os, "fchmod"):
        os.fchmod(fd, _FILE_MODE)
    return fd


def _open_nonblocking(path: str, flags: int) -> int:
    """open()'s opener: a FIFO opens at once instead of waiting for a writer."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def _check_regular(path: Path, st: os.stat_result, size: int | None = None) -> None:
    """SaveError unless st is a regular file within MAX_FILE_BYTES."""
    if stat.S_ISDIR(st.st_mode):
        raise SaveError(path, tr("is a folder, not a save file"), hint=tr("pick a .toml file"))
    if not stat.S_ISREG(st.st_mode):
        kind = "a FIFO" if stat.S_ISFIFO(st.st_mode) else "a device or socket"
        raise SaveError(path, tr("not a regular file ({kind})", kind=kind),
                        hint=tr("a save is a plain .toml file; this one was not read and was left as it was"))
    size = st.st_size if size is None else size
    if size > MAX_FILE_BYTES:
        raise SaveError(
            path,
            tr("file is {size} MB, over the {limit} MB limit", size=f"{size / 1024 / 1024:.0f}",
               limit=MAX_FILE_BYTES // 1024 // 1024),
            hint=tr("this is not an encounter save; it was not read and was left as it was"),
        )


def through_link(path: Path) -> Path:
    """Where a write to path goes: the target of a link inside data_dir(), else path itself.

    Replacing a link with a plain file would silently stop updating a linked folder
   , and following one out of the data dir would write where no save belongs:
    a link to a file inside data_dir() (or a folder below it) is written through, any
    other link is refused with the reason.
    """
    if not path.is_symlink():
        return path
    real = path.resolve()
    home = data_dir().resolve()
    if real.is_relative_to(home) and real != home and not real.is_dir():
        return real
    raise SaveError(path, tr("is a link to {target}, outside the data folder: not followed", target=real),
                    hint=tr("save under another name, or move that file into the data folder and link to it there"))


def _encode(enc: Any, extra: dict[str, Any] | None = None, data: dict[str, Any] | None = None) -> bytes:
    return codec.encode(enc.to_data() if data is None else data, extra).encode("utf-8")


def clean_temp_files(directory: Path | None = None) -> None:
    """Remove temp files left by writes killed mid-way (older than a minute: no live writer).

    Run at start-up (load_autosave), after each save and when the saves are listed, so that
    they cannot pile up.
    """
    directory = data_dir() if directory is None else directory
    cutoff = time.time() - _STALE_TEMP_SECONDS
    for tmp in directory.glob(".*.tmp"):
        try:
            if tmp.stat().st_mtime < cutoff:
                tmp.unlink()
        except OSError:
            pass
