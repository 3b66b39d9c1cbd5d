"""Where saves live and how an encounter name becomes a safe file name."""

from __future__ import annotations

import os
import re
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


def data_dir() -> Path:
    """The folder holding the saves: $HITLEDGER_DATA_DIR or the platform's user data dir, created on demand."""
    override = os.environ.get(DATA_DIR_ENV)
    path = Path(override).expanduser() if override else Path(platformdirs.user_data_dir("hitledger"))
    path.mkdir(parents=True, exist_ok=True)
    return path


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
