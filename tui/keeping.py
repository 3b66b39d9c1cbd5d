"""Keeping the encounter another takes the place of: written in a worker, then the replace.

Work found nowhere else is never dropped. Before a load or a new encounter takes the
window, unsaved work is copied to the trash; before the next encounter, the finished one is
saved under its name. One keep runs at a time; what the GM does meanwhile (a change, a form
opened) decides what follows (:meth:`Keeper._keep_came_back`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.text.i18n import tr
from tui.file_reports import error_words, kept_where

if TYPE_CHECKING:
    from textual.app import App

    from tui.session import EncounterSession

KeepWriter = Callable[[Any, dict[str, Any], "Path | None"], Path]
"""Writes an encounter's snapshot to be kept: ``write(encounter, data, again)``, where
``again`` is the file an earlier write of the same keep returned (None the first time)."""


@dataclass(eq=False)
class KeepRequest:
    """One keep under way (one at a time): what to write, what follows, and what it was asked on."""

    write: KeepWriter
    kept: Callable[[Path | None], None]
    """Runs on the UI thread once the encounter is kept (the replace)."""
    refused: Callable[[Exception], None]
    encounter: Any
    """The encounter to keep, the one on screen when it was asked."""
    screens: tuple[Any, ...]
    """The screens open when it was asked: one opened since is a form the GM is filling in."""
    revision: int = 0
    """The encounter's revision the last write took."""
    file: Path | None = None
    """Where the last write went: written again there when the GM changed the encounter."""


class Keeper:
    """Keeps the encounter on screen before another takes its place, one keep at a time."""

    def __init__(self, app: App[Any], session: EncounterSession,
                 report: Callable[[Any, Any], None]) -> None:
        """Keep ``session``'s encounter for ``app``; ``report(callback, value)`` runs a
        callback on the UI thread from a worker."""
        self.app = app
        self.session = session
        self._report = report
        self._keeping: KeepRequest | None = None  # the keep under way: one at a time
        self._waiting: KeepRequest | None = None  # a kept one waiting for the GM's form to close

    def start(self) -> None:
        """Follow the screens: a keep waiting for a form goes on once it closes."""
        self.app.screen_change_signal.subscribe(self.app, self._screen_changed)

    def keep_replaced_encounter(self, replace: Callable[[str], None]) -> None:
        """Before another encounter takes this window: keep work found nowhere else.

        An encounter changed since it was saved (or never saved), other than an untouched demo
        or new one, is written into the trash folder in a worker. Then, on the UI thread,
        ``replace(kept)`` runs: ``kept`` tells the GM where (``""`` when nothing was kept), for
        the caller's one notice (a second notice would replace the first at once). When the
        work could not be kept, ``replace`` never runs (the next autosave would write over its
        only copy): the work stays on screen and the GM is told why.
        """
        import saves

        def write(encounter: Any, data: dict[str, Any], again: Path | None) -> Path:
            return saves.keep_in_trash(encounter, data=data, target=again)

        def kept(path: Path | None) -> None:
            replace("" if path is None else tr("Unsaved work kept in {where}.", where=kept_where(path)))

        def refused(error: Exception) -> None:
            self.app.notify(tr("Not replaced: this encounter could not be kept ({error}); "
                               "save it first (ctrl+s).", error=error_words(error)),
                            severity="error", timeout=10)

        self._keep(write, kept, refused)

    def notify_with(self, message: str, kept: str) -> None:
        """``message``, then ``kept`` (where the replaced encounter went), in one notice line;
        ``kept`` alone when both do not fit: the header names the new encounter anyway."""
        from rich.cells import cell_len

        from tui.widgets.log_panel import NOTICE_WIDTH

        if not kept:
            self.app.notify(message)
            return
        line = f"{message} {kept}"
        self.app.notify(kept if cell_len(line) > NOTICE_WIDTH else line, timeout=10)

    def keep_finished_encounter(self, then: Callable[[Path | None], None]) -> None:
        """Before the next encounter: keep this one as a save the saves screen lists (scenario 8).

        Unsaved work is saved under its name (its own file, else a free name: never over
        another file), in a worker; a saved one stays in its file. Then, on the UI thread,
        ``then(file)`` runs (None for an untouched demo or new encounter). When writing failed
        ``then`` never runs: the GM is told why, and the autosave still has the work.
        """
        import saves

        def write(encounter: Any, data: dict[str, Any], again: Path | None) -> Path:
            # written again, it goes back to the same file: the encounter belongs to it now
            return saves.keep_as_save(encounter, data=data)

        def kept(path: Path | None) -> None:
            then(path if path is not None else saves.save_path(self.session.encounter))

        def refused(error: Exception) -> None:
            self.app.notify(tr("Not saved: {error}", error=error_words(error)), severity="error",
                            timeout=10)

        self._keep(write, kept, refused)

    def still_keeping(self) -> bool:
        """A keep is under way: say so (one at a time, so no request runs on the wrong one).

        Check it before asking the GM anything for a request, so nothing typed is thrown away.
        Once the copy is written and the keep only waits for the GM's form to close, say that.
        """
        if self._waiting is not None:
            self.app.notify(tr("{name} is kept; close this screen first.",
                               name=self._waiting.encounter.name),
                        severity="warning")
            return True
        if self._keeping is None:
            return False
        self.app.notify(tr("Still keeping {name}…", name=self._keeping.encounter.name),
                        severity="warning")
        return True

    def _keep(self, write: KeepWriter, kept: Callable[[Path | None], None],
              refused: Callable[[Exception], None]) -> None:
        """Keep unsaved work with ``write`` in a worker (:class:`KeepRequest`), then, on the UI
        thread, ``kept(file)`` (at once with None when there is nothing to keep), or
        ``refused(error)`` when writing failed. Refused while another keep is under way."""
        if self.still_keeping():
            return
        if not self.session.unsaved_work:
            kept(None)
            return
        request = KeepRequest(write, kept, refused, self.session.encounter, tuple(self.app.screen_stack))
        self._keeping = request
        self.app.notify(tr("Keeping {name}…", name=request.encounter.name), timeout=0)  # until it is kept
        self._write_keep(request)

    def _write_keep(self, request: KeepRequest) -> None:
        """Write the encounter as it is now, in a worker; :meth:`_keep_came_back` follows."""
        # the snapshot is taken here, on the UI thread, as for a save (see run_save)
        request.revision = request.encounter.revision
        work = partial(self._keep_worker, request, request.encounter.to_data())
        self.app.run_worker(work, thread=True, group="keep")

    def _keep_worker(self, request: KeepRequest, data: dict[str, Any]) -> None:
        """Write the snapshot ``data``; report the file, or the error, on the UI thread."""
        try:
            path = request.write(request.encounter, data, request.file)
        except Exception as error:  # noqa: BLE001 - said; the work stays on screen
            self._report(partial(self._keep_came_back, request), error)
            return
        self._report(partial(self._keep_came_back, request), path)

    def _keep_came_back(self, request: KeepRequest, result: Path | Exception) -> None:
        """A keep came back. What the GM did meanwhile decides what follows:

        - changed the encounter: it is written again (same file), so no change is lost;
        - another encounter took its place: the request is not run against that one;
        - opened a form: the request waits until the form closes (:meth:`_screen_changed`),
          so what the GM types there is not thrown away.
        """
        if isinstance(result, Exception):
            self._keeping = None
            request.refused(result)
            return
        request.file = result
        if self.session.encounter is not request.encounter:
            self._keeping = None
            self.app.notify(tr("{name} kept in {where}.", name=request.encounter.name,
                               where=kept_where(result)), timeout=10)
        elif request.encounter.revision != request.revision:
            self._write_keep(request)
        elif self.app.screen not in request.screens:
            self._waiting = request
            # what to do first: a toast shows 36 cells (the log screen has no notice line)
            self.app.notify(tr("Close this to go on ({name} is kept).", name=request.encounter.name),
                            timeout=0)
        else:
            self._keeping = None
            request.kept(result)

    def _screen_changed(self, screen: Any) -> None:
        """A screen closed: a keep waiting for the form the GM opened may go on now."""
        request = self._waiting
        if request is None or screen not in request.screens or request.file is None:
            return
        self._waiting = None
        # not inside Textual's pop_screen: going on may close more screens
        self.app.call_later(self._keep_came_back, request, request.file)
