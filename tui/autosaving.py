"""The window's autosave: its slot claimed and written off the UI thread, soon after each change.

With each autosave goes the players' file next to it (:mod:`tui.players_file`): what the
players may see, decided here from the encounter on screen, and all that ``watch`` reads.
Only quitting (or a hang-up) writes on the UI thread: the last autosave (and a claim of the
slot, when quitting came first), then letting go of the slot. A claim or a write the disk
refused is tried again at the next change.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.text.i18n import tr
from tui.file_reports import SaveFinished, error_words, kept_where

if TYPE_CHECKING:
    from textual.app import App

    from core import Encounter
    from core.views.player_view import PlayerView
    from tui.session import EncounterSession

AUTOSAVE_DELAY = 0.3
"""Seconds from the first unsaved change to the autosave (a change the GM saw is on
disk within about half a second whatever follows). The timer is never restarted, so a burst
of keys is written once and a steady pace cannot postpone the write."""

Claim = tuple[Path, "Path | None"]
"""A claimed slot, and where the earlier work in it was moved (None: nowhere)."""


def player_view(encounter: Encounter) -> PlayerView:
    """What the players may see of ``encounter``, read at the first autosave, not at start-up."""
    from core.views.player_view import player_view as seen

    return seen(encounter)


class Autosaver:
    """Holds this window's autosave slot and keeps the session's encounter written there."""

    def __init__(self, app: App[Any], session: EncounterSession, *, enabled: bool,
                 report: Callable[[Any, Any], None]) -> None:
        """Autosave ``session``'s encounter for ``app``; ``report(callback, value)`` runs a
        callback on the UI thread from a worker."""
        self.app = app
        self.session = session
        self.enabled = enabled
        self.file: Path | None = None  # this window's own autosave, once claimed
        self._report = report
        self._claim_lock = threading.Lock()  # one claim for the worker and the quit alike
        self._claim: Claim | Exception | None = None  # its result
        self._claiming = False  # a claim worker is under way
        self._released = False  # the slot is let go (quitting): no claim after that
        self._timer: Any = None

    def schedule(self) -> None:
        """Autosave AUTOSAVE_DELAY after the first change not yet written (a pending timer stays)."""
        if not self.enabled or self._timer is not None:
            return
        self._timer = self.app.set_timer(AUTOSAVE_DELAY, self.now)

    def before_exit(self) -> bool:
        """Write the autosave now, on this thread (quitting); False, and say why, if it failed."""
        import saves

        if not self.enabled or self.session.encounter.revision == self.session.autosaved_revision:
            return True
        if self.file is None:  # no claim back yet, or none held: claim here
            claim = self._claim_once(saves.autosave_slot_of(self.session.encounter))
            if isinstance(claim, Exception):  # the changes are written nowhere: the GM decides
                self.enabled = False  # so the second q quits, and the worker is quiet
                return self._not_autosaved(claim)
            self._claimed(claim, write=False)
            if self.file is None:
                return True  # the slot is let go already: quitting
        try:
            self._write(self.session.encounter, None, player_view(self.session.encounter))
        except Exception as error:  # noqa: BLE001 - the GM decides: the app is still running
            return self._not_autosaved(error)
        self.session.autosaved_revision = self.session.encounter.revision
        return True

    def _not_autosaved(self, error: Exception) -> bool:
        """Quitting, the autosave could not be written: say why, and that q again quits (False)."""
        self.app.notify(tr("Autosave failed, q again quits anyway: {error}", error=error_words(error)),
                    severity="error", timeout=10)
        return False

    def now(self) -> None:
        """Write this window's autosave file now, in a worker (unless it holds this revision);
        with none held yet (a full or read-only disk at start-up), claim one first."""
        self._timer = None
        if not self.enabled or self.session.encounter.revision == self.session.autosaved_revision:
            return
        if self.file is None:
            self.claim()  # the claim writes it once held
            return
        # the snapshot is taken here, on the UI thread: the worker must never read the
        # encounter while a key press changes it
        encounter = self.session.encounter
        work = partial(self._worker, encounter, encounter.revision, encounter.to_data(),
                       player_view(encounter))
        self.app.run_worker(work, thread=True, group="save")

    def _worker(self, encounter: Encounter, revision: int, data: dict[str, Any], view: PlayerView) -> None:
        """Write the snapshot ``data`` of ``encounter`` and the players' ``view`` of it; report
        on the UI thread."""
        finished = partial(SaveFinished, "auto", revision=revision, encounter=encounter)
        try:
            path = self._write(encounter, data, view)
        except Exception as error:  # noqa: BLE001 - reported to the GM, the app keeps running
            self._report(self.written, finished(error=error))
            return
        self._report(self.written, finished(path=path))

    def _write(self, encounter: Encounter, data: dict[str, Any] | None, view: PlayerView) -> Path:
        """Write the autosave slot this window holds, then the players' file next to it. A
        data dir deleted meanwhile is made again, and the slot held again, first (then said)."""
        import saves
        from saves import slots

        slot = self.file
        assert slot is not None
        gone = not slot.parent.is_dir()
        if not slots.hold_again(slot):
            raise saves.SaveError(slot, "another window took this autosave while the data folder was gone",
                                  hint="quit and start again; the encounter on screen is kept till then")
        path = saves.autosave(encounter, data=data, path=slot)
        if gone:
            self._report(self.app.notify, tr("The data folder was gone: made again, {file} written.",
                                             file=slot.name))
        self.write_players(slot, view)
        return path

    def write_players(self, slot: Path, view: PlayerView) -> None:
        """Write the players' file of ``slot``; a failure is said (the autosave stands)."""
        from tui import players_file

        path = players_file.players_path(slot)
        try:
            players_file.write(path, view)
        except OSError as error:
            self._report(partial(self.app.notify, severity="warning", timeout=10),
                         tr("The players' view was not updated ({file}): {error}", file=path.name,
                            error=error_words(error)))

    def _players_now(self) -> None:
        """Write only the players' file of the slot held, in a worker (a slot just claimed
        whose autosave is up to date: its players' file may be an earlier encounter's)."""
        slot = self.file
        if slot is None:
            return
        work = partial(self.write_players, slot, player_view(self.session.encounter))
        self.app.run_worker(work, thread=True, group="save")

    def written(self, message: SaveFinished) -> None:
        """On the UI thread: mark the autosave written, or say why not (the next change tries
        again). One of an encounter another took the place of may have reached the slot after
        the new one's: that is written again."""
        if message.error is not None:
            self.app.notify(tr("Autosave failed: {error}", error=error_words(message.error)),
                            severity="error", timeout=10)
        elif message.encounter is not None and message.encounter is not self.session.encounter:
            self.session.autosaved_revision = None
            self.schedule()
        else:
            self.session.mark_saved(message.revision, auto=True, path=message.path)

    def claim(self) -> None:
        """Hold an autosave file of this window's own (two windows never share one),
        claimed in a worker (:meth:`_claimed` follows), unless the GM is quitting already or a
        claim is under way."""
        import saves

        if self.file is not None or self._claiming or not self._app_runs_on():
            return
        self._claiming = True
        work = partial(self._claim_worker, saves.autosave_slot_of(self.session.encounter))
        self.app.run_worker(work, thread=True, group="claim")

    def _app_runs_on(self) -> bool:
        """Not quitting: a claim then would take a slot, and may move another window's
        leftover autosave aside, for nothing."""
        exiting = self.app.return_code is not None  # set by App.exit
        return self.app.is_running and not exiting and not self._released

    def _claim_worker(self, prefer: Path | None) -> None:
        """Claim the slot (``prefer``: the one the encounter was resumed from); report it."""
        self._report(self._claimed, self._claim_once(prefer))

    def _claim_once(self, prefer: Path | None) -> Claim | Exception | None:
        """Claim a slot, once per window (the worker's claim and a quit's share it): the slot and
        where its earlier work was moved, or the error (tried again next time); None once the
        slot is let go."""
        from saves import slots

        with self._claim_lock:
            if not isinstance(self._claim, tuple) and not self._released:
                try:
                    self._claim = slots.claim_slot(prefer)
                except Exception as error:  # noqa: BLE001 - said by _claimed
                    self._claim = error
            return self._claim

    def _claimed(self, claim: Claim | Exception | None, *, write: bool = True) -> None:
        """On the UI thread: hold the claimed slot, and write it at once (``write``), so other
        windows see which save this one holds; or say why not: the next change tries again."""
        self._claiming = False
        if claim is None or self.file is not None or not self.enabled:
            return
        if isinstance(claim, Exception):
            self.app.notify(tr("Autosave not written, tried again at the next change: {error}",
                               error=error_words(claim)),
                        severity="error", timeout=10)
            return
        self.file, kept = claim
        if kept is not None:
            # after the first frame and the opening notice: the roster's notice line shows
            # the whole line there, where a toast over the header cut off the file name
            self.app.call_after_refresh(
                self.app.notify, tr("Previous autosave moved to {where}.", where=kept_where(kept)),
                timeout=10)
        if write and self.session.encounter.revision != self.session.autosaved_revision:
            self.now()
        elif write:
            self._players_now()

    def release(self) -> None:
        """Let another window have this window's autosave file (it stays on disk); no claim
        is made after this."""
        from saves import slots

        with self._claim_lock:
            self._released = True
            claim = self._claim
        if isinstance(claim, tuple):
            slots.release(claim[0])
