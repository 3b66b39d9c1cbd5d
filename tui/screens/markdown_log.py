"""The log as a Markdown file the GM names: never written over a file, never a frozen app.

The files are looked at and written in workers; what went wrong is said in the GM's words.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterator
from functools import partial
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.text.i18n import tr

if TYPE_CHECKING:
    from core import Encounter
    from tui.app_protocol import LedgerApp


def default_log_path(encounter: Encounter) -> Path:
    """``<data dir>/<encounter>-log.md``."""
    import saves

    return saves.data_dir() / f"{saves.slugify(encounter.name)}-log.md"


MAX_LOG_NAMES = 1000
"""``notes-2.md`` … ``notes-1000.md``: past these the export says the folder is full of them."""


def free_names(path: Path) -> Iterator[Path]:
    """``path``, then ``<stem>-2<suffix>`` … up to MAX_LOG_NAMES: the names a log may take."""
    from saves.names import numbered

    return islice(numbered(path), MAX_LOG_NAMES)


def free_log_path(path: Path) -> Path:
    """The first of :func:`free_names` that is not there yet (what the prompt offers)."""
    return next((name for name in free_names(path) if not name.exists()), path)


def write_log(encounter: Encounter, path: Path, markdown: str | None = None) -> Path:
    """Write the log as Markdown to ``path`` or, when a file is there, the next free name:
    an export never overwrites (the GM's notes, or an earlier export, are kept). The path
    written is returned; OSError says why none was.

    ``markdown``: the log already written out, on the UI thread, for a worker that must not
    read the encounter while a key press changes it (the encounter gives the file's name).
    """
    from core.views.log_export import log_markdown
    from saves.files import private_opener

    path = Path(os.path.abspath(path.expanduser()))  # a relative path: from the working folder
    if path.is_dir():
        path = path / default_log_path(encounter).name
    check_log_place(path)
    text = log_markdown(encounter) if markdown is None else markdown
    for name in free_names(path):
        try:
            # "x": never over a file there; 0600, as every file the app writes (saves.files)
            with open(name, "x", encoding="utf-8", opener=private_opener) as file:
                file.write(text)
        except FileExistsError:
            continue
        return name
    raise FileExistsError(tr("{name} and {count} numbered copies are there already",
                             name=path.name, count=MAX_LOG_NAMES - 1))


def check_log_place(path: Path) -> None:
    """OSError unless ``path`` may take a log: a folder that is there and writable (none is
    made), and a plain file or nothing at the name (never a device, a FIFO or a link to one:
    item 11)."""
    folder = path.parent
    if not folder.is_dir():
        raise FileNotFoundError(errno.ENOENT,
                                tr("no such folder (a log goes into one that is there)"),
                                str(folder))
    if not os.access(folder, os.W_OK):
        raise PermissionError(errno.EACCES, tr("the folder cannot be written"), str(folder))
    if os.path.lexists(path) and not path.is_file():
        raise OSError(errno.EINVAL, tr("not a plain file (a log is written only into one)"),
                      str(path))


def ask_export_log(app: LedgerApp, encounter: Encounter | None = None, *,
                   say: Callable[..., object] | None = None) -> None:
    """Ask where (the data dir by default), then write the log as Markdown.

    The log of the encounter on screen, or of ``encounter`` (a save the saves screen read).
    The files are looked at (:func:`offer_log_path`) and written (:func:`export_log`) in
    workers: a slow data dir never freezes the app, a broken one never ends it. ``say`` tells
    the GM how it went on the asking screen's own line (the saves screen's, whole) while that
    screen is the one on top; otherwise the app's notice says it.
    """
    encounter = encounter or app.session.encounter
    asking = app.screen

    def tell(message: str, **options: Any) -> None:
        (say if say is not None and app.screen is asking else app.notify)(message, **options)

    app.run_worker(partial(offer_log_path, app, tell, encounter), thread=True,
                   group="export-log")


def offer_log_path(app: LedgerApp, tell: Callable[..., None], encounter: Encounter) -> None:
    """In a worker: find the first free name in the data dir, then, on the UI thread, ask
    where the log goes (:func:`ask_log_path`), or ``tell`` why it cannot be written."""
    try:
        offered = free_log_path(default_log_path(encounter))
    except Exception as error:  # noqa: BLE001 - an unusable data dir: said, the app runs on
        app.call_later(tell, not_written(error), severity="error")
        return
    app.call_later(ask_log_path, app, tell, encounter, offered)


def ask_log_path(app: LedgerApp, tell: Callable[..., None], encounter: Encounter,
                 offered: Path) -> None:
    """On the UI thread: ask where, offering ``offered``; then export in a worker."""
    from core.views.log_export import log_markdown
    from tui.screens.dialogs import PromptModal

    def chosen(text: str | None) -> None:
        if text:
            # the log is written out here, on the UI thread, while the encounter holds still
            work = partial(export_log, app, tell, encounter, Path(text), log_markdown(encounter))
            app.run_worker(work, thread=True, group="export-log")

    app.push_screen(PromptModal(tr("Export the log as Markdown to:"), value=str(offered)), chosen)


def export_log(app: LedgerApp, tell: Callable[..., None], encounter: Encounter, asked: Path,
               markdown: str) -> None:
    """In a worker: write ``markdown`` (see :func:`write_log`), then ``tell`` where, on the UI
    thread; whatever goes wrong (a path such as ``~nobody/log.md`` too) is told, never raised."""
    try:
        asked = Path(os.path.abspath(asked.expanduser()))
        path = write_log(encounter, asked, markdown)
        said = tr("Log written to {path} ({name} was there: kept).", path=path, name=asked.name) \
            if asked.is_file() and path != asked else tr("Log written to {path}.", path=path)
    except Exception as error:  # noqa: BLE001 - said; the app runs on
        app.call_later(tell, not_written(error), severity="error")
        return
    app.call_later(tell, said)


def not_written(error: Exception) -> str:
    """The notice of a log that was not written, and why."""
    return tr("Log not written: {why}", why=log_error_words(error))


def log_error_words(error: Exception) -> str:
    """Why the log was not written: a file error says what and where (``Not a directory:
    /mnt/notes/data``), anything else its own words."""
    if isinstance(error, OSError) and error.strerror:
        return f"{error.strerror}: {error.filename}" if error.filename else error.strerror
    return str(error)
