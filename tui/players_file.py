"""The players' file: what the players may see of one encounter, as the GM's window decided it.

The GM's window writes :func:`core.views.player_view.player_view` of its encounter next to its
autosave (``autosave.toml`` → ``autosave.players.json``) after each autosave, and next to a
save when it saves one (``goblin-ambush.players.json``, for ``hitledger watch NAME``).
``watch`` and ``serve`` read these files only, never a save: what they can show is already
filtered, a refusal cannot quote a hidden creature's numbers, and the cost of a read does not
grow with the fight. The file is JSON, written whole through a temporary file (mode 0600
whatever the umask: it is the GM's), and read with a size bound and every field's type checked.

Its words are phrases (:mod:`core.text.phrase`), not prose in the GM's language: a watcher says
them in the language it runs in (``hitledger --lang en watch``), whatever the GM's window
speaks. Names are the GM's text, as typed. A file of format 1 (words as text) still reads.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from core.text.i18n import render, tr
from core.text.phrase import phrase_of, problem
from core.text.plain_text import without_controls
from core.views.player_view import PlayerView, SeenCreature

SUFFIX = ".players.json"
FORMAT = 2
READS = (1, FORMAT)
"""Format 1 held the words as text in the GM's language; format 2 holds phrases."""
WHAT = "hitledger players' view"
"""The file says what it is, so a stray JSON file is never shown as a fight."""
MAX_BYTES = 1024 * 1024
"""Bigger than any view of a fight (200 creatures with long names are ~40 KB): refused unread."""
_OPEN = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


class PlayersFileError(ValueError):
    """A players' file that cannot be shown: why, in the GM's words, never its content."""


def players_path(save: Path) -> Path:
    """The players' file of a save or an autosave slot: its stem, then ``.players.json``."""
    return save.with_name(save.stem + SUFFIX)


def encode(view: PlayerView) -> bytes:
    """The file's bytes for ``view``: no id, nothing the view does not hold."""
    data = {"format": FORMAT, "what": WHAT, "system": view.system, "round": view.round,
            "up": view.up, "turn": phrase_of(view.turn),
            "creatures": [{"name": c.name, "pc": c.pc, "health": phrase_of(c.health),
                           "conditions": phrase_of(c.conditions), "up": c.up}
                          for c in view.creatures],
            "log": [phrase_of(line) for line in view.log]}
    return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")


def decode(raw: bytes) -> PlayerView:
    """The view a players' file holds; PlayersFileError naming the field that is wrong."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise PlayersFileError(tr("not a players' view (cut short or damaged)")) from None
    if not isinstance(data, dict) or data.get("what") != WHAT:
        raise PlayersFileError(tr("not a players' view"))
    if data.get("format") not in READS:
        raise PlayersFileError(tr("a players' view of another version of hitledger"))
    round_ = data.get("round")
    if round_ is not None and (not isinstance(round_, int) or isinstance(round_, bool)):
        raise PlayersFileError(tr("not a players' view (field {field})", field="round"))
    creatures = _list(data, "creatures")
    seen = tuple(SeenCreature(_text(c, "name"), _flag(c, "pc"), _said(c, "health"),
                              _said(c, "conditions"), _flag(c, "up"))
                 for c in (_table(c, "creatures") for c in creatures))
    log = tuple(_said({"log": line}, "log") for line in _list(data, "log"))
    return PlayerView(_text(data, "system"), round_, _text(data, "up"), _said(data, "turn"),
                      seen, log)


def _table(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise PlayersFileError(tr("not a players' view (field {field})", field=field))
    return value


def _list(data: dict[str, Any], field: str) -> list[Any]:
    value = data.get(field)
    if not isinstance(value, list):
        raise PlayersFileError(tr("not a players' view (field {field})", field=field))
    return value


def _text(data: dict[str, Any], field: str) -> str:
    """A text of the file without control characters: whatever wrote it, no watcher's
    terminal obeys a name (the GM's app keeps them out where they enter, too)."""
    value = data.get(field)
    if not isinstance(value, str):
        raise PlayersFileError(tr("not a players' view (field {field})", field=field))
    return without_controls(value)


def _said(data: dict[str, Any], field: str) -> str:
    """A phrase of the file said in this process's language (text as it is), without control
    characters; PlayersFileError naming the field when it is no phrase."""
    value: Any = data.get(field)
    if problem(value):
        raise PlayersFileError(tr("not a players' view (field {field})", field=field))
    return without_controls(render(value, None))


def _flag(data: dict[str, Any], field: str) -> bool:
    value = data.get(field)
    if not isinstance(value, bool):
        raise PlayersFileError(tr("not a players' view (field {field})", field=field))
    return value


def write(path: Path, view: PlayerView) -> bool:
    """Write ``view`` to ``path`` whole or not at all (a temporary file in the same folder,
    flushed and renamed over it), readable by the GM's user only whatever the umask. False,
    touching nothing, when the file already holds exactly this view (a watcher polling its
    stat then reads nothing new)."""
    raw = encode(view)
    if _holds(path, raw):
        return False
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:  # mkstemp: 0600 from the start
            if hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), 0o600)
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    return True


def _holds(path: Path, raw: bytes) -> bool:
    """Whether ``path`` is a plain file of the GM's, readable by the GM only, holding ``raw``."""
    try:
        fd = os.open(path, os.O_RDONLY | _OPEN)
    except OSError:
        return False
    with os.fdopen(fd, "rb") as handle:
        st = os.fstat(handle.fileno())
        if (not stat.S_ISREG(st.st_mode) or stat.S_IMODE(st.st_mode) != 0o600
                or st.st_size != len(raw) or st.st_uid != getattr(os, "getuid", lambda: st.st_uid)()):
            return False
        return handle.read(len(raw) + 1) == raw


def read(path: Path) -> tuple[PlayerView, os.stat_result]:
    """The view in ``path`` and the file's stat; PlayersFileError saying why it is refused (too
    big, not a plain file, damaged), FileNotFoundError when it is not there. Never more than
    MAX_BYTES is read, a FIFO never waited on, a link never followed."""
    try:
        fd = os.open(path, os.O_RDONLY | _OPEN)
    except OSError as error:
        if isinstance(error, FileNotFoundError):
            raise
        if error.errno == errno.ELOOP:
            raise PlayersFileError(tr("a link: not followed")) from None
        if isinstance(error, PermissionError):
            raise PlayersFileError(tr("permission denied")) from None
        raise PlayersFileError(tr("cannot be read ({why})", why=error.strerror or error)) from None
    with os.fdopen(fd, "rb") as handle:
        st = os.fstat(handle.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise PlayersFileError(tr("not a plain file: not read"))
        if st.st_size > MAX_BYTES:
            raise PlayersFileError(_too_big(st.st_size))
        raw = handle.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise PlayersFileError(_too_big(len(raw)))
    return decode(raw), st


def _too_big(size: int) -> str:
    return tr("{size} MB, over the {limit} MB limit of a players' view: not read",
              size=f"{size / 1024 / 1024:.0f}", limit=MAX_BYTES // 1024 // 1024)
