"""Saving and loading: a component the app owns; file work runs in thread workers.

Only quitting writes on the UI thread: the last autosave (and a claim of the autosave slot,
when quitting came first), then letting go of the slot.

:class:`Persistence` reads and marks the saved state on the :class:`~tui.session.EncounterSession`
and autosaves after each change the session announces. Workers report back on the UI thread
(:class:`SaveFinished`, :class:`LoadFinished`); a SaveConflict becomes a choice, a SaveError a
notification — the app keeps running either way.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

    from tui.session import EncounterSession

AUTOSAVE_DELAY = 0.3
"""Seconds from the first unsaved change to the autosave (issue 8: a change the GM saw is on
disk within about half a second whatever follows). The timer is never restarted, so a burst
of keys is written once and a steady pace cannot postpone the write."""


@dataclass(frozen=True)
class SaveFinished:
    """A save (named, quick or auto) finished in a worker; ``error`` is None on success."""

    kind: str
    path: Path | None = None
    revision: int = 0
    error: Exception | None = None
    name: str | None = None
    encounter: Any = None
    """The encounter written: another may have taken its place meanwhile (a load, a new one)."""


@dataclass(frozen=True)
class LoadFinished:
    """A load finished in a worker: the encounter, or the error that stopped it."""

    source: str
    encounter: Any = None
    path: Path | None = None
    error: Exception | None = None


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


def kept_where(path: Path) -> str:
    """``trash/test-fight 20260101-120000.toml``: the folder and name of a kept copy."""
    return f"{path.parent.name}/{path.name}"


def error_words(error: BaseException) -> str:
    """An error for a one-line notice: what went wrong, the file's name, then what to do.

    A save error's text starts with the whole path, which left no room on a 70-cell notice
    line for what went wrong; the name is enough there (the saves screen shows the folder).
    """
    from saves import SaveError

    if isinstance(error, SaveError) and error.path is not None:
        hint = f" — {error.hint}" if error.hint else ""
        return f"{error.short}: {error.path.name}{hint}"
    return str(error)


def refusal_words(error: BaseException) -> str:
    """Why a save was not loaded, for a one-line notice: the file, then what is wrong in a few
    words (``goblins.toml: creature 1 (Goblin) hp must be a whole number``); the saves list
    has the whole reason (play report 2, S7-1: only ``field creatures[0].hp:…`` showed)."""
    from saves import SaveError

    if isinstance(error, SaveError) and error.path is not None:
        return f"{error.path.name}: {error.gist}"
    return error_words(error)


class Persistence:
    """Save, quick save/load, autosave and load for one app, all off the UI thread."""

    def __init__(self, app: App[Any], session: EncounterSession, *, autosave: bool) -> None:
        """Keep ``session``'s encounter on disk for ``app`` (its notices, dialogs, workers)."""
        self.app = app
        self.session = session
        self.autosave_enabled = autosave
        self.autosave_file: Path | None = None  # this window's own autosave, once claimed
        self._claim_lock = threading.Lock()  # one claim for the worker and the quit alike
        self._claim: tuple[Path, Path | None] | Exception | None = None  # its result
        self._released = False  # the slot is let go (quitting): no claim after that
        self._autosave_timer: Any = None
        self._keeping: KeepRequest | None = None  # the keep under way: one at a time
        self._waiting: KeepRequest | None = None  # a kept one waiting for the GM's form to close

    @property
    def encounter(self) -> Any:
        """The session's encounter."""
        return self.session.encounter

    def notify(self, message: str, **options: Any) -> None:
        """Tell the GM, through the app."""
        self.app.notify(message, **options)

    def start(self) -> None:
        """Autosave after every change the session announces; hold an autosave file of our own."""
        for signal in (self.session.changed_signal, self.session.replaced_signal):
            signal.subscribe(self.app, lambda _: self.schedule_autosave(), immediate=True)
        self.app.screen_change_signal.subscribe(self.app, self._screen_changed)
        if self.autosave_enabled:
            # after the first frame, in a worker: file work the GM need not wait for (issue 10)
            self.app.call_after_refresh(self.claim_autosave)

    def _report(self, callback: Any, report: Any) -> None:
        """From a worker thread: run ``callback(report)`` on the UI thread.

        ``call_later`` posts a message, which Textual makes thread-safe; unlike
        ``call_from_thread`` it never blocks the worker on an app that is closing.
        """
        self.app.call_later(callback, report)

    # -- autosave ------------------------------------------------------------------------

    def schedule_autosave(self) -> None:
        """Autosave AUTOSAVE_DELAY after the first change not yet written (a pending timer stays)."""
        if not self.autosave_enabled or self._autosave_timer is not None:
            return
        self._autosave_timer = self.app.set_timer(AUTOSAVE_DELAY, self.autosave_now)

    def autosave_before_exit(self) -> bool:
        """Write the autosave now, on this thread (quitting); False, and say why, if it failed."""
        import saves

        if not self.autosave_enabled or self.encounter.revision == self.session.autosaved_revision:
            return True
        if self.autosave_file is None:  # quitting before the claim came back: claim here
            claim = self._claim_once(saves.autosave_slot_of(self.encounter))
            if isinstance(claim, Exception):  # the changes are written nowhere: the GM decides
                self.autosave_enabled = False  # so the second q quits, and the worker is quiet
                return self._not_autosaved(claim)
            self._claimed(claim, write=False)
            if self.autosave_file is None:
                return True  # the slot is let go already: quitting
        try:
            saves.autosave(self.encounter, path=self.autosave_file)
        except Exception as error:  # noqa: BLE001 - the GM decides: the app is still running
            return self._not_autosaved(error)
        self.session.autosaved_revision = self.encounter.revision
        return True

    def _not_autosaved(self, error: Exception) -> bool:
        """Quitting, the autosave could not be written: say why, and that q again quits (False)."""
        self.notify(f"Autosave failed, q again quits anyway: {error_words(error)}",
                    severity="error", timeout=10)
        return False

    def autosave_now(self) -> None:
        """Write this window's autosave file now, in a worker (unless it holds this revision)."""
        self._autosave_timer = None
        if self.autosave_file is None or self.encounter.revision == self.session.autosaved_revision:
            return  # not claimed yet: the claim writes it first
        self.run_save("auto")

    def claim_autosave(self) -> None:
        """Hold an autosave file of this window's own (issue 8: two windows never share one),
        claimed in a worker (:meth:`_claimed` follows), unless the GM is quitting already."""
        import saves

        if self.autosave_file is not None or not self._app_runs_on():
            return
        work = partial(self._claim_worker, saves.autosave_slot_of(self.encounter))
        self.app.run_worker(work, thread=True, group="claim")

    def _app_runs_on(self) -> bool:
        """Not quitting: a claim then would take a slot, and may move another window's
        leftover autosave aside, for nothing."""
        exiting = self.app.return_code is not None  # set by App.exit
        return self.app.is_running and not exiting and not self._released

    def _claim_worker(self, prefer: Path | None) -> None:
        """Claim the slot (``prefer``: the one the encounter was resumed from); report it."""
        self._report(self._claimed, self._claim_once(prefer))

    def _claim_once(self, prefer: Path | None) -> tuple[Path, Path | None] | Exception | None:
        """Claim a slot, once per window (the worker's claim and a quit's share it): the slot and
        where its earlier work was moved, or the error; None once the slot is let go."""
        from saves import slots

        with self._claim_lock:
            if self._claim is None and not self._released:
                try:
                    self._claim = slots.claim_slot(prefer)
                except Exception as error:  # noqa: BLE001 - autosave off, said by _claimed
                    self._claim = error
            return self._claim

    def _claimed(self, claim: tuple[Path, Path | None] | Exception | None, *,
                 write: bool = True) -> None:
        """On the UI thread: hold the claimed slot, and write it at once (``write``), so other
        windows see which save this one holds; or turn autosave off and say why."""
        if claim is None or self.autosave_file is not None or not self.autosave_enabled:
            return
        if isinstance(claim, Exception):
            self.autosave_enabled = False
            self.notify(f"Autosave off: {error_words(claim)}", severity="error", timeout=10)
            return
        self.autosave_file, kept = claim
        if kept is not None:
            # after the first frame and the opening notice: the roster's notice line shows
            # the whole line there, where a toast over the header cut off the file name
            self.app.call_after_refresh(
                self.notify, f"Previous autosave moved to {kept_where(kept)}.",
                timeout=10)
        if write and self.encounter.revision != self.session.autosaved_revision:
            self.autosave_now()

    def release_autosave(self) -> None:
        """Let another window have this window's autosave file (it stays on disk); no claim
        is made after this."""
        from saves import slots

        with self._claim_lock:
            self._released = True
            claim = self._claim
        if isinstance(claim, tuple):
            slots.release(claim[0])

    # -- keeping the encounter another takes the place of ---------------------------------

    def keep_replaced_encounter(self, replace: Callable[[str], None]) -> None:
        """Before another encounter takes this window: keep work found nowhere else (issue 8).

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
            replace("" if path is None else f"Unsaved work kept in {kept_where(path)}.")

        def refused(error: Exception) -> None:
            self.notify(f"Not replaced: this encounter could not be kept ({error_words(error)}); "
                        "save it first (ctrl+s).", severity="error", timeout=10)

        self._keep(write, kept, refused)

    def notify_with(self, message: str, kept: str) -> None:
        """``message``, then ``kept`` (where the replaced encounter went), in one notice line;
        ``kept`` alone when both do not fit: the header names the new encounter anyway."""
        from rich.cells import cell_len

        from tui.widgets.log_panel import NOTICE_WIDTH

        if not kept:
            self.notify(message)
            return
        line = f"{message} {kept}"
        self.notify(kept if cell_len(line) > NOTICE_WIDTH else line, timeout=10)

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
            then(path if path is not None else saves.save_path(self.encounter))

        def refused(error: Exception) -> None:
            self.notify(f"Not saved: {error_words(error)}", severity="error", timeout=10)

        self._keep(write, kept, refused)

    def still_keeping(self) -> bool:
        """A keep is under way: say so (one at a time, so no request runs on the wrong one).

        Check it before asking the GM anything for a request, so nothing typed is thrown away.
        Once the copy is written and the keep only waits for the GM's form to close, say that.
        """
        if self._waiting is not None:
            self.notify(f"{self._waiting.encounter.name} is kept; close this screen first.",
                        severity="warning")
            return True
        if self._keeping is None:
            return False
        self.notify(f"Still keeping {self._keeping.encounter.name}…", severity="warning")
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
        request = KeepRequest(write, kept, refused, self.encounter, tuple(self.app.screen_stack))
        self._keeping = request
        self.notify(f"Keeping {request.encounter.name}…", timeout=0)  # until it is kept
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
        if self.encounter is not request.encounter:
            self._keeping = None
            self.notify(f"{request.encounter.name} kept in {kept_where(result)}.", timeout=10)
        elif request.encounter.revision != request.revision:
            self._write_keep(request)
        elif self.app.screen not in request.screens:
            self._waiting = request
            # what to do first: a toast shows 36 cells (the log screen has no notice line)
            self.notify(f"Close this to go on ({request.encounter.name} is kept).", timeout=0)
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

    # -- save, quick save ----------------------------------------------------------------

    def save(self) -> None:
        """Save; the first time, ask for a name."""
        import saves
        from tui.screens.dialogs import PromptModal
        from tui.screens.saves_browser import check_name

        if saves.save_path(self.encounter) is not None:
            self.run_save("save")
            return

        def named(name: str | None) -> None:
            if name:
                self.run_save("save", name=name)

        self.app.push_screen(
            PromptModal("Save as:", value=self.encounter.name, check=check_name), named
        )

    def quick_save(self) -> None:
        """Save without asking: to this encounter's file (named after it the first time)."""
        self.run_save("quick")

    def quick_load(self) -> None:
        """Load the last quick save (asks first when there are unsaved changes)."""
        import saves
        from tui.screens.dialogs import ConfirmModal

        path = self.session.quick_path or saves.save_path(self.encounter)
        if path is None:
            self.notify("Nothing quick-saved yet: f5 saves.", severity="warning")
            return
        if self.encounter.revision == self.session.saved_revision:
            self.load_file(path, source="quick")
            return

        def confirmed(answer: bool | None) -> None:
            if answer:
                self.load_file(path, source="quick")

        self.app.push_screen(
            ConfirmModal(f"Load {path.name}? Changes since it was saved are lost."), confirmed
        )

    def run_save(self, kind: str, *, name: str | None = None, force: bool = False) -> None:
        """Save in a worker; ``kind`` is ``save``, ``quick`` or ``auto``."""
        if name and name != self.encounter.name:
            # The file and the encounter keep one name, so the saves list says what it holds.
            self.session.apply(lambda encounter: encounter.rename(name), ())
        # The snapshot is taken here, on the UI thread: the worker must never read the
        # encounter while a key press changes it.
        encounter = self.encounter
        data = encounter.to_data()
        work = partial(self._save_worker, kind, name, force, encounter, encounter.revision, data)
        self.app.run_worker(work, thread=True, group="save")

    def _save_worker(self, kind: str, name: str | None, force: bool, encounter: Any,
                     revision: int, data: dict[str, Any]) -> None:
        """Write the snapshot ``data`` of ``encounter``; report on the UI thread."""
        import saves

        finished = partial(SaveFinished, kind, revision=revision, name=name, encounter=encounter)
        try:
            if kind == "auto":
                path = saves.autosave(encounter, data=data, path=self.autosave_file)
            else:
                path = saves.save(encounter, force=force, name=name, data=data)
        except Exception as error:  # noqa: BLE001 - reported to the GM, the app keeps running
            self._report(self.save_finished, finished(error=error))
            return
        self._report(self.save_finished, finished(path=path))

    def save_finished(self, message: SaveFinished) -> None:
        """Update the marker, or turn the error into a choice or a notification."""
        import saves

        if message.encounter is not None and message.encounter is not self.encounter:
            self._replaced_save_finished(message)
            return
        if message.error is None:
            auto = message.kind == "auto"
            self.session.mark_saved(message.revision, auto=auto, path=message.path)
            if not auto:
                if message.path is not None:
                    self.notify(f"Saved {message.path.name}.")
                # The autosave names the save it belongs to, so that after a restart ctrl+s
                # and f5/f9 still know it (issue 8): write it again even at this revision.
                self.schedule_autosave()
            return
        error = message.error
        if isinstance(error, saves.SaveConflict):
            self._ask_about_conflict(message)
        elif message.kind == "auto":
            self.notify(f"Autosave failed: {error_words(error)}", severity="error", timeout=10)
        else:
            self.notify(f"Not saved: {error_words(error)}", severity="error", timeout=10)

    def _replaced_save_finished(self, message: SaveFinished) -> None:
        """A save of an encounter another has taken the place of: the markers are the new
        one's, so they stay; a named save or an error is still said (without a choice: the
        encounter it would save again is gone from the screen)."""
        if message.kind == "auto" and message.error is None:
            # it may have reached the slot after the new one's autosave: write that again
            self.session.autosaved_revision = None
            self.schedule_autosave()
        if message.error is not None:
            what = "Autosave failed" if message.kind == "auto" else "Not saved"
            self.notify(f"{what}: {error_words(message.error)}", severity="error", timeout=10)
        elif message.kind != "auto" and message.path is not None:
            self.notify(f"Saved {message.path.name}.")

    def _ask_about_conflict(self, message: SaveFinished) -> None:
        from tui.screens.dialogs import ChoiceModal, PromptModal
        from tui.screens.saves_browser import check_name

        problem = getattr(message.error, "short", str(message.error))
        path = getattr(message.error, "path", None)
        label = path.name if isinstance(path, Path) else "the save"

        def chosen(choice: str | None) -> None:
            if choice == "overwrite":
                self.run_save(message.kind, name=message.name, force=True)
            elif choice == "new":
                self.app.push_screen(
                    PromptModal("Save as a new save called:",
                                value=f"{self.encounter.name} 2", check=check_name),
                    lambda name: self.run_save(message.kind, name=name) if name else None,
                )
            else:
                self.notify("Not saved.", severity="warning")

        self.app.push_screen(
            ChoiceModal(
                f"{label}: {problem}.",
                [("overwrite", "Overwrite it"), ("new", "Save as a new save"),
                 ("cancel", "Cancel")],
            ),
            chosen,
        )

    # -- load ----------------------------------------------------------------------------

    def load_file(self, path: Path, *, source: str = "saves") -> None:
        """Load a save in a worker; the roster shows it when it arrives."""
        if self.still_keeping():
            return
        work = partial(self._load_worker, path, source)
        self.app.run_worker(work, thread=True, exclusive=True, group="load")

    def _load_worker(self, path: Path, source: str) -> None:
        """Read and build the encounter; report on the UI thread."""
        import saves

        try:
            encounter = saves.load(path)
        except Exception as error:  # noqa: BLE001 - reported to the GM, the app keeps running
            self._report(self.load_finished, LoadFinished(source, None, path, error))
            return
        self._report(self.load_finished, LoadFinished(source, encounter, path))

    def load_finished(self, message: LoadFinished) -> None:
        """Show the loaded encounter, or say why it could not be loaded."""
        if message.error is not None or message.encounter is None:
            from tui.messages import LoadRefused

            self.notify(f"Not loaded: {refusal_words(message.error) if message.error else message.path}",
                        severity="error", timeout=10)
            self.app.screen.post_message(LoadRefused(message.path))
            return
        self.keep_replaced_encounter(partial(self._show_loaded, message))

    def _show_loaded(self, message: LoadFinished, kept: str) -> None:
        """The encounter it replaces is kept (``kept`` says where): show the loaded one."""
        self.session.replace(message.encounter, saved=True, path=message.path)
        loaded = message.encounter
        when = f", round {loaded.round}" if loaded.rules.counts_rounds else ""  # RULES §7
        where = f" from {message.path.name}" if message.path else ""
        self.notify_with(f"Loaded {loaded.name}{when}{where}.", kept)
        self.say_if_held_elsewhere(message.path)

    def say_if_held_elsewhere(self, path: Path | None) -> None:
        """Opening a save another running window holds: say so (issue 8)."""
        from saves import slots

        pid = slots.held_elsewhere(path) if path is not None else None
        if pid is not None and path is not None:
            self.notify(f"Open in another window too (process {pid}), saving asks first: "
                        f"{path.name}", severity="warning", timeout=10)

    def new_encounter(self, system: str, name: str) -> None:
        """Start an empty encounter (issue 8: the current one is kept, never deleted)."""
        from core import Encounter

        def start(kept: str) -> None:
            self.session.replace(Encounter(system=system, name=name))
            self.notify_with(f"New encounter: {name}. a adds creatures.", kept)

        self.keep_replaced_encounter(start)
