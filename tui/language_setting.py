"""Which language the app speaks (issue 21, item 5): ``--lang``, the saved setting, ``LANG``.

``--lang ja`` (anywhere on the command line, for the app and every subcommand) speaks Japanese
and is saved in the data dir (the file ``language``), so the next start speaks it too; with no
``--lang`` the saved setting decides, then ``LC_ALL`` / ``LC_MESSAGES`` / ``LANG``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import platformdirs

from core.i18n import check_language, language_from_environment, set_language, tr

SETTING_FILE = "language"


def _data_dir() -> Path:
    """The data dir as saves/ names it, without creating it (``calc`` writes nothing)."""
    override = os.environ.get("HITLEDGER_DATA_DIR")
    return Path(override).expanduser() if override else Path(platformdirs.user_data_dir("hitledger"))


def saved_language() -> str | None:
    """The language saved by an earlier ``--lang``, or None."""
    try:
        return check_language((_data_dir() / SETTING_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None


def save_language(code: str) -> None:
    """Keep ``code`` for the next start; a data dir that cannot be written is no error."""
    try:
        folder = _data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        (folder / SETTING_FILE).write_text(code + "\n", encoding="utf-8")
    except OSError:
        pass


def take_language(argv: Sequence[str]) -> list[str]:
    """Set the language from ``--lang X`` / ``--lang=X`` (removed from the arguments), the
    saved setting or the environment; ValueError for an unknown language."""
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
        save_language(set_language(asked))
    else:
        set_language(saved_language() or language_from_environment(os.environ))
    return rest
