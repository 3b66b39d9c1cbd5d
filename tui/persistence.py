"""Saving and loading: the app's component for save, quick save and load flows, in workers.

:class:`Persistence` reads and marks the saved state on the :class:`~tui.session.EncounterSession`;
it holds the window's :class:`~tui.autosaving.Autosaver` (autosave after each change the
session announces) and :class:`~tui.keeping.Keeper` (the encounter another takes the place
of). Workers report back on the UI thread (:class:`SaveFinished`, :class:`LoadFinished`); a
SaveConflict becomes a choice, a SaveError a notification — the app keeps running either way.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.text.i18n import tr
from core.text.plain_text import removed_note
from tui.autosaving import AUTOSAVE_DELAY, Autosaver
from tui.file_reports import LoadFinished, SaveFinished, error_words, kept_where, refusal_words
from tui.keeping import Keeper

if TYPE_CHECKING:
    from textual.app import App

    from core import Encounter
    from core.views.player_view import PlayerView
    from tui.session import EncounterSession

__all__ = ["AUTOSAVE_DELAY", "LoadFinished", "Persistence", "SaveFinished", "error_words",
           "kept_where", "refusal_words"]


class Persistence:
    """Save, quick save/load, autosave and load for one app, all off the UI thread."""

    def __init__(self, app: App[Any], session: EncounterSession, *, autosave: bool) -> None:
        """Keep ``session``'s encounter on disk for ``app`` (its notices, dialogs, workers)."""
        self.app = app
        self.session = session
        self.autosaver = Autosaver(app, session, enabled=autosave, report=self._report)
        self.keeper = Keeper(app, session, self._report)
        self.read_only: Encounter | None = None
        """The encounter shown read-only (another window holds it): never written, until
        another encounter takes its place or :meth:`writable` makes it this window's own."""
        self._autosave_wanted = autosave
        self._resumed_as_saved()

    def _resumed_as_saved(self) -> None:
        """An encounter resumed from an autosave that holds what its save holds is saved:
        nothing to keep or ask about when another takes its place.

        Only saves/ reads a file, so before it is imported no encounter came from one: a demo or
        a new encounter starts without importing saves/ (its ~20 modules wait until the first
        frame is on screen: the start-up budget; tests/tui/test_tui_imports.py)."""
        if "saves.tracking" not in sys.modules:
            return
        import saves

        encounter = self.encounter
        if saves.resumed_as_saved(encounter) and self.session.saved_revision is None:
            self.session.saved_revision = encounter.revision
            self.session.quick_path = saves.save_path(encounter)

    @property
    def encounter(self) -> Encounter:
        """The session's encounter."""
        return self.session.encounter

    def notify(self, message: str, **options: Any) -> None:
        """Tell the GM, through the app."""
        self.app.notify(message, **options)

    def read_only_until_replaced(self, encounter: Encounter) -> None:
        """Write nothing of ``encounter``: no autosave, and ctrl+s, f5 say why they refuse."""
        self.read_only = encounter
        self.autosaver.enabled = False

    def writable(self) -> None:
        """The encounter shown is this window's own again: autosaved to a slot of its own
        (never the held one: no file ties it there), and saved as any."""
        self.read_only = None
        self.autosaver.enabled = self._autosave_wanted
        if self.autosaver.enabled:
            self.autosaver.now()

    def _refused_read_only(self) -> bool:
        """True, and why, when the encounter shown is read-only."""
        if self.read_only is None or self.read_only is not self.encounter:
            return False
        self.notify(tr("Read-only: another window has this fight; nothing is saved here. "
                       "ctrl+o: the saves."), severity="warning")
        return True

    def _replaced(self) -> None:
        """Another encounter took the read-only one's place: it is autosaved as any."""
        if self.read_only is not None and self.read_only is not self.encounter:
            self.writable()

    def start(self) -> None:
        """Autosave after every change the session announces; hold an autosave file of our own."""
        self.session.replaced_signal.subscribe(self.app, lambda _: self._replaced(),
                                               immediate=True)
        for signal in (self.session.changed_signal, self.session.replaced_signal):
            signal.subscribe(self.app, lambda _: self.autosaver.schedule(), immediate=True)
        self.keeper.start()
        if self.autosaver.enabled:
            # after the first frame, in a worker: file work the GM need not wait for
            self.app.call_after_refresh(self.claim_autosave)

    def _report(self, callback: Any, report: Any) -> None:
        """From a worker thread: run ``callback(report)`` on the UI thread.

        ``call_later`` posts a message, which Textual makes thread-safe; unlike
        ``call_from_thread`` it never blocks the worker on an app that is closing.
        """
        self.app.call_later(callback, report)

    # -- what the app and the screens ask of the autosave and the keeper --------------------

    @property
    def autosave_file(self) -> Path | None:
        """This window's own autosave, once claimed."""
        return self.autosaver.file

    def claim_autosave(self) -> None:
        """Hold an autosave file of this window's own, claimed in a worker."""
        self.autosaver.claim()

    def autosave_now(self) -> None:
        """Write this window's autosave now, in a worker."""
        self.autosaver.now()

    def autosave_before_exit(self) -> bool:
        """Write the autosave now, on this thread (quitting); False, and say why, if it failed."""
        return self.autosaver.before_exit()

    def release_autosave(self) -> None:
        """Let another window have this window's autosave file."""
        self.autosaver.release()

    def still_keeping(self) -> bool:
        """A keep is under way: say so (see :meth:`tui.keeping.Keeper.still_keeping`)."""
        return self.keeper.still_keeping()

    def keep_finished_encounter(self, then: Callable[[Path | None], None]) -> None:
        """Before the next encounter: keep this one as a save (scenario 8), then ``then(file)``."""
        self.keeper.keep_finished_encounter(then)

    # -- save, quick save ----------------------------------------------------------------

    def save(self) -> None:
        """Save; the first time, ask for a name."""
        import saves
        from tui.screens.save_dialogs import ask_save_name

        if self._refused_read_only():
            return
        if saves.save_path(self.encounter) is not None:
            self.run_save("save")
            return
        ask_save_name(self.app, tr("Save as:"), self.encounter.name,
                      lambda name: self.run_save("save", name=name))

    def quick_save(self) -> None:
        """Save without asking: to this encounter's file (named after it the first time)."""
        if not self._refused_read_only():
            self.run_save("quick")

    def quick_load(self) -> None:
        """Load the last quick save (asks first when there are unsaved changes)."""
        import saves
        from tui.screens.save_dialogs import confirm_quick_load

        path = self.session.quick_path or saves.save_path(self.encounter)
        if path is None:  # a new encounter (--new): offer the last save
            self.app.run_worker(self._find_last_save, thread=True, group="quick-load")
            return
        if self.encounter.revision == self.session.saved_revision:
            self.load_file(path, source="quick")
            return
        confirm_quick_load(self.app, path, lambda: self.load_file(path, source="quick"))

    def _find_last_save(self) -> None:
        """In a worker: the newest save the data dir holds (read or not), for :meth:`_offer_last_save`."""
        import saves

        try:
            last = next((entry for entry in saves.list_saves(include_autosave=False)
                         if entry.ok), None)
        except Exception:  # noqa: BLE001 - an unreadable data dir holds no save to offer
            last = None
        self._report(self._offer_last_save, last)

    def _offer_last_save(self, last: Any) -> None:
        """On the UI thread: ask to load ``last`` (a SaveEntry), or say there is none."""
        from tui.screens.dialogs import ConfirmModal

        if last is None:
            self.notify(tr("Nothing quick-saved yet: f5 saves."), severity="warning")
            return
        question = tr("Nothing saved from {encounter} yet. Load the last save, {save} ({file})?",
                      encounter=self.encounter.name, save=last.name, file=last.path.name)
        self.app.push_screen(ConfirmModal(question, default=True),
                             lambda yes: self.load_file(last.path, source="quick") if yes else None)

    def run_save(self, kind: str, *, name: str | None = None, force: bool = False) -> None:
        """Save in a worker; ``kind`` is ``save`` or ``quick`` (``auto``: the autosaver's)."""
        if kind == "auto":
            self.autosaver.now()
            return
        if self._refused_read_only():
            return
        if name and name != self.encounter.name:
            # The file and the encounter keep one name, so the saves list says what it holds.
            self.session.apply(lambda encounter: encounter.rename(name), ())
        from core.views.player_view import player_view  # at the first save, not at start-up

        # The snapshot is taken here, on the UI thread: the worker must never read the
        # encounter while a key press changes it.
        encounter = self.encounter
        data = encounter.to_data()
        work = partial(self._save_worker, kind, name, force, encounter, encounter.revision, data,
                       player_view(encounter))
        self.app.run_worker(work, thread=True, group="save")

    def _save_worker(self, kind: str, name: str | None, force: bool, encounter: Encounter,
                     revision: int, data: dict[str, Any], view: PlayerView) -> None:
        """Write the snapshot ``data`` of ``encounter``, and the players' ``view`` next to it
        (``hitledger watch NAME`` reads that); report on the UI thread."""
        import saves

        finished = partial(SaveFinished, kind, revision=revision, name=name, encounter=encounter)
        try:
            path = saves.save(encounter, force=force, name=name, data=data)
        except Exception as error:  # noqa: BLE001 - reported to the GM, the app keeps running
            self._report(self.save_finished, finished(error=error))
            return
        self.autosaver.write_players(path, view)
        self._report(self.save_finished, finished(path=path))

    def save_finished(self, message: SaveFinished) -> None:
        """Update the marker, or turn the error into a choice or a notification."""
        import saves

        if message.kind == "auto":
            self.autosaver.written(message)
            return
        if message.encounter is not None and message.encounter is not self.encounter:
            self._replaced_save_finished(message)
            return
        if message.error is None:
            self.session.mark_saved(message.revision, auto=False, path=message.path)
            if message.path is not None:
                self.notify(tr("Saved {file}.", file=message.path.name))
            # The autosave names the save it belongs to, so that after a restart ctrl+s
            # and f5/f9 still know it: write it again even at this revision.
            self.autosaver.schedule()
        elif isinstance(message.error, saves.SaveConflict):
            self._ask_about_conflict(message)
        else:
            self.notify(tr("Not saved: {error}", error=error_words(message.error)), severity="error", timeout=10)

    def _replaced_save_finished(self, message: SaveFinished) -> None:
        """A save of an encounter another has taken the place of: the markers are the new
        one's, so they stay; the save or its error is still said (without a choice: the
        encounter it would save again is gone from the screen)."""
        if message.error is not None:
            self.notify(tr("Not saved: {error}", error=error_words(message.error)), severity="error", timeout=10)
        elif message.path is not None:
            self.notify(tr("Saved {file}.", file=message.path.name))

    def _ask_about_conflict(self, message: SaveFinished) -> None:
        """The save met a changed or foreign file: the GM chooses (overwrite, new name, not)."""
        from tui.screens.save_dialogs import ask_about_conflict

        assert message.error is not None
        ask_about_conflict(self.app, message.error, self.encounter.name,
                           lambda: self.run_save(message.kind, name=message.name, force=True),
                           lambda name: self.run_save(message.kind, name=name))

    # -- load ----------------------------------------------------------------------------

    def load_file(self, path: Path, *, source: str = "saves") -> None:
        """Load a save in a worker; the roster shows it when it arrives."""
        if self.keeper.still_keeping():
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

            self.notify(tr("Not loaded: {error}",
                           error=refusal_words(message.error) if message.error else message.path),
                        severity="error", timeout=10)
            self.app.screen.post_message(LoadRefused(message.path))
            return
        self.keeper.keep_replaced_encounter(partial(self._show_loaded, message))

    def _show_loaded(self, message: LoadFinished, kept: str) -> None:
        """The encounter it replaces is kept (``kept`` says where): show the loaded one."""
        self.session.replace(message.encounter, saved=True, path=message.path)
        loaded = message.encounter
        self.keeper.notify_with(loaded_notice(loaded, message.path), kept)
        self.say_if_held_elsewhere(message.path)

    def say_if_held_elsewhere(self, path: Path | None) -> None:
        """Opening a save another running window holds: say so."""
        from saves import slots

        pid = slots.held_elsewhere(path) if path is not None else None
        if pid is not None and path is not None:
            process = tr(" (process {pid})", pid=pid) if pid else ""
            self.notify(tr("Open in another window too{process}, saving asks first: {file}",
                           process=process, file=path.name), severity="warning", timeout=10)

    def new_encounter(self, system: str, name: str) -> None:
        """Start an empty encounter (the current one is kept, never deleted)."""
        from core import Encounter

        def start(kept: str) -> None:
            self.session.replace(Encounter(system=system, name=name))
            self.keeper.notify_with(tr("New encounter: {name}. a adds creatures.", name=name), kept)

        self.keeper.keep_replaced_encounter(start)


def loaded_notice(loaded: Encounter, path: Path | None) -> str:
    """``Loaded Goblin Ambush, round 3 from goblins.toml.`` (no round where none is counted),
    and whether control characters were removed from its texts."""
    return _loaded_words(loaded, path) + removed_note(getattr(loaded, "controls_removed", 0))


def _loaded_words(loaded: Encounter, path: Path | None) -> str:
    """The notice of :func:`loaded_notice` but for removed control characters."""
    if loaded.rules.counts_rounds:  # RULES §7
        if path:
            return tr("Loaded {name}, round {round} from {file}.", name=loaded.name,
                      round=loaded.round, file=path.name)
        return tr("Loaded {name}, round {round}.", name=loaded.name, round=loaded.round)
    if path:
        return tr("Loaded {name} from {file}.", name=loaded.name, file=path.name)
    return tr("Loaded {name}.", name=loaded.name)
