"""Where saves live and how an encounter name becomes a safe file name."""

from __future__ import annotations

import errno
import os
import re
import stat
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import platformdirs

#: Environment variable that moves the data dir (tests, portable installs, `--data-dir`).
DATA_DIR_ENV = "HITLEDGER_DATA_DIR"
SUFFIX = ".toml"
AUTOSAVE_STEM = "autosave"
TRASH_DIR = "trash"

# Longest slug in UTF-8 bytes: leaves room for "-999", ".toml.bak" and a temp-file
# prefix inside the 255-byte name limit of ext4, APFS and NTFS.
MAX_SLUG_BYTES = 120

# Names Windows refuses whatever the extension; harmless elsewhere, so refused everywhere
# to keep a data dir portable between machines.
_WINDOWS_RESERVED = frozenset(
    ["con", "prn", "aux", "nul"]
    + [f"com{i}" for i in range(10)]
    + [f"lpt{i}" for i in range(10)]
    + ["com¹", "com²", "com³", "lpt¹", "lpt²", "lpt³"]
)
# Stems the saves layer uses itself.
_OURS = frozenset([AUTOSAVE_STEM, TRASH_DIR])

# autosave-2, autosave-3…: the autosaves of further windows (saves.slots)
_AUTOSAVE_SLOT = re.compile(rf"{AUTOSAVE_STEM}-\d+")
_UNSAFE = re.compile(r'[\x00-\x1f\x7f-\x9f<>:"/\\|?*]+')
_SPACES = re.compile(r"\s+")
_DASHES = re.compile(r"-{2,}")


#: The data folder and the folders in it are the GM's alone (hidden creatures are in the
#: files): rwx for the owner, nothing for anyone else, whatever the umask.
PRIVATE_DIR = 0o700
#: Every file written in the data folder: read and write for the owner only.
PRIVATE_FILE = 0o600
_LOOSE = 0o077
_tightened: list[str] = []


def data_dir() -> Path:
    """The folder holding the saves: $HITLEDGER_DATA_DIR or the platform's user data dir,
    created on demand, private (0700) and tightened if it was not (:func:`tightened` says so)."""
    override = os.environ.get(DATA_DIR_ENV)
    path = Path(override).expanduser() if override else Path(platformdirs.user_data_dir("hitledger"))
    return private_dir(path, parents=True)


def private_dir(path: Path, *, parents: bool = False) -> Path:
    """``path`` made if missing (0700 whatever the umask); an existing one open to others is
    tightened, with the files in it, and the GM told (:func:`tightened`)."""
    try:
        path.mkdir(mode=PRIVATE_DIR, parents=parents, exist_ok=True)
    except FileExistsError:  # a file where the folder should be: say so, not "exists"
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path)) from None
    try:
        st = path.stat()
    except OSError:
        return path
    if os.name != "nt" and st.st_mode & _LOOSE and _mine(st):
        _tighten(path, st.st_mode)
    return path


def _tighten(folder: Path, was: int) -> None:
    """Make ``folder`` 0700 and every file below it 0600 (links are not followed); noted."""
    try:
        os.chmod(folder, PRIVATE_DIR)
    except OSError:
        return
    for root, folders, files in os.walk(folder):
        for name in folders:
            _chmod_quietly(Path(root, name), PRIVATE_DIR)
        for name in files:
            _chmod_quietly(Path(root, name), PRIVATE_FILE)
    from core.text.i18n import tr

    _tightened.append(tr("The data folder {folder} was open to other users ({was}): now 0700, "
                         "its files 0600.", folder=folder, was=f"{stat.S_IMODE(was):04o}"))


def _chmod_quietly(path: Path, mode: int) -> None:
    """chmod a plain file or folder of ours to ``mode``; a link, a FIFO or another's is left."""
    try:
        st = path.lstat()
        if (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)) and _mine(st) \
                and stat.S_IMODE(st.st_mode) & _LOOSE:
            os.chmod(path, stat.S_IMODE(st.st_mode) & mode)
    except OSError:
        pass


def _mine(st: os.stat_result) -> bool:
    """Whether the GM's own user owns the file (another's is never changed)."""
    getuid = getattr(os, "getuid", None)
    return getuid is None or st.st_uid == getuid()


def tightened() -> list[str]:
    """What was tightened since last asked, in the GM's words (each said once)."""
    said = list(_tightened)
    _tightened.clear()
    return said


def slugify(name: str) -> str:
    """A file stem for an encounter name: Unicode kept, no separators, never reserved or empty."""
    text = unicodedata.normalize("NFC", name or "")
    # Bidi controls and zero-width characters (Unicode "format" characters) would make a
    # file name read other than it is ("\u202e" shows the rest reversed): dropped.
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    text = _UNSAFE.sub("-", text)
    text = _SPACES.sub("-", text.strip()).lower()
    text = _DASHES.sub("-", text)
    text = _truncate_utf8(text, MAX_SLUG_BYTES)
    # Leading dots would hide the file (and "." / ".." are directories); trailing dots and
    # spaces are silently dropped by Windows.
    text = text.strip(" .-_")
    if not text:
        return "encounter"
    if text.split(".")[0] in _WINDOWS_RESERVED or text in _OURS or _AUTOSAVE_SLOT.fullmatch(text):
        return f"encounter-{text}"
    return text


def _truncate_utf8(text: str, limit: int) -> str:
    """Cut text to at most limit UTF-8 bytes without splitting a character."""
    return text.encode()[:limit].decode(errors="ignore")  # str's codec is UTF-8


def inside(directory: Path, path: Path) -> bool:
    """Whether path (resolved) is directly inside directory (resolved)."""
    return path.resolve().parent == directory.resolve()


def numbered(path: Path) -> Iterator[Path]:
    """``path``, then ``<stem>-2<suffix>``, ``<stem>-3<suffix>`` …: the names a file may take
    beside one that is there already."""
    yield path
    number = 2
    while True:
        yield path.with_name(f"{path.stem}-{number}{path.suffix}")
        number += 1
