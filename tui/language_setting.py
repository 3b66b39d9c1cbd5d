"""Which language the app speaks: ``--lang``, the GM's choice, ``LANG``.

``--lang ja`` (anywhere on the command line) speaks Japanese for that run. Given to the app
itself it is the GM choosing a language, kept for the next start in the user's config folder
(``platformdirs.user_config_dir``, or ``$HITLEDGER_CONFIG_DIR``), apart from the encounters;
given to ``calc``, ``roll``, ``log``, ``library``, ``watch``, ``serve``, ``compendium`` or
``import`` it is kept for nothing. Without ``--lang`` the kept choice decides (an older
hitledger kept it in the data folder: read there when the config folder has none), then
``LC_ALL`` / ``LC_MESSAGES`` / ``LANG``. The setting is read as saves are: a plain file of a
few bytes, opened without waiting (a FIFO) and never read past its size (a link to
``/dev/zero``); one that is not is left unread, and :func:`notes` says so.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Sequence
from pathlib import Path

import platformdirs

from core.text.i18n import (
    ENGLISH,
    check_language,
    language,
    language_from_environment,
    problems,
    set_language,
    tr,
)

SETTING_FILE = "language"
#: Moves the config folder (tests, portable installs), as HITLEDGER_DATA_DIR moves the data.
CONFIG_DIR_ENV = "HITLEDGER_CONFIG_DIR"
#: A language setting is a code and a line break; anything longer is not one.
MAX_SETTING_BYTES = 64
#: The commands whose ``--lang`` is for that run only (the rest of the line opens the app).
COMMANDS = ("calc", "roll", "library", "log", "watch", "serve", "compendium", "import", "-h",
            "--help")
_NOTES: list[str] = []


def config_dir() -> Path:
    """The user's config folder for hitledger, not created (``calc`` writes nothing)."""
    override = os.environ.get(CONFIG_DIR_ENV)
    return Path(override).expanduser() if override else Path(platformdirs.user_config_dir("hitledger"))


def _data_dir() -> Path:
    """The data dir as saves/ names it, without creating it: where older versions kept it."""
    override = os.environ.get("HITLEDGER_DATA_DIR")
    return Path(override).expanduser() if override else Path(platformdirs.user_data_dir("hitledger"))


def read_setting(path: Path) -> str | None:
    """The text of a setting file; None when there is none, or it is not a plain file of at
    most MAX_SETTING_BYTES of UTF-8 (then :func:`notes` says so)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        from saves.errors import os_words

        _NOTES.append(tr("The language setting {file} cannot be read ({why}): not used.",
                         file=path, why=os_words(exc, with_file=False)))
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            _NOTES.append(tr("The language setting {file} is not a plain file: not read. Remove "
                             "it; choose a language with --lang.", file=path))
            return None
        raw = os.read(fd, MAX_SETTING_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    if len(raw) > MAX_SETTING_BYTES:
        _NOTES.append(tr("The language setting {file} is over {limit} bytes: not read. Remove "
                         "it; choose a language with --lang.", file=path, limit=MAX_SETTING_BYTES))
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def saved_language() -> str | None:
    """The language the GM chose in the app, or None (the config folder's, else the old
    data-folder file's)."""
    for folder in (config_dir(), _data_dir()):
        text = read_setting(folder / SETTING_FILE)
        if text is not None:
            try:
                return check_language(text)
            except ValueError:
                return None
    return None


def save_language(code: str) -> None:
    """Keep the GM's choice for the next start (0600 in a 0700 folder); a config folder that
    cannot be written only leaves it unkept, and :func:`notes` says so."""
    from saves.files import atomic_write
    from saves.names import private_dir

    folder = config_dir()
    try:
        private_dir(folder, parents=True)
        target = folder / SETTING_FILE
        if os.path.lexists(target) and not target.is_file():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(target))
        atomic_write(target, (code + "\n").encode("utf-8"), backup=False)
    except OSError as exc:
        from saves.errors import os_words

        _NOTES.append(tr("The language was not kept for the next start ({why}).",
                         why=os_words(exc, with_file=False)))


#: What a terminal must be able to show for Japanese to be spoken on it.
JAPANESE_SAMPLE = "日本語［火炎］：、。"


def shows_japanese(stream: object) -> bool:
    """Whether text written to ``stream`` can carry Japanese (its encoding can encode it)."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        JAPANESE_SAMPLE.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def fit_terminal() -> None:
    """On a terminal that cannot show Japanese (``LANG=C`` without UTF-8, an ASCII stdout):
    what cannot be shown is replaced rather than stopping the command, and English is spoken
    instead of Japanese (:func:`notes` says why and what to set)."""
    for stream in (sys.stdout, sys.stderr):
        if not shows_japanese(stream):
            try:
                stream.reconfigure(errors="replace")  # type: ignore[union-attr]
            except (AttributeError, ValueError, OSError):
                pass
    if language() == "ja" and not shows_japanese(sys.stdout):
        set_language(ENGLISH)
        _NOTES.append(tr("This terminal's encoding ({encoding}) cannot show Japanese: English is "
                         "used. For Japanese, use a UTF-8 locale (LANG=ja_JP.UTF-8).",
                         encoding=getattr(sys.stdout, "encoding", None) or "?"))


def notes() -> list[str]:
    """What went wrong with the setting or a catalogue since last asked (each said once)."""
    said = [*_NOTES, *problems()]
    _NOTES.clear()
    return said


def take_language(argv: Sequence[str]) -> list[str]:
    """Set the language from ``--lang X`` / ``--lang=X`` (removed from the arguments), the
    saved setting or the environment; ValueError for an unknown language. Only ``--lang``
    given to the app itself is kept for the next start."""
    rest: list[str] = []
    asked: str | None = None
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--lang":
            if not args:
                raise ValueError(tr("--lang needs a language: en or ja"))
            asked = args.pop(0)
        elif arg.startswith("--lang="):
            asked = arg.removeprefix("--lang=")
        else:
            rest.append(arg)
    if "--data-dir" in rest[:-1]:
        os.environ["HITLEDGER_DATA_DIR"] = os.path.abspath(
            os.path.expanduser(rest[rest.index("--data-dir") + 1]))
    if asked is not None:
        set_language(asked)
        if not rest or rest[0] not in COMMANDS:
            save_language(check_language(asked))  # the choice, even while its catalogue is broken
    else:
        set_language(saved_language() or language_from_environment(os.environ))
    return rest
