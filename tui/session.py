"""The table's session: the one owner of the encounter, its dice and its saved state.

Every change to the encounter goes through :meth:`EncounterSession.apply` (or a named method
built on it) and is announced on :attr:`EncounterSession.changed_signal`; screens subscribe to
what they show instead of being told by hand::

    session.apply(lambda enc: enc.heal_many(ids, 5), ids)   # mutate, announce, autosave

A whole new encounter (loaded, new) is announced on :attr:`replaced_signal`, and the
``saved`` / ``autosaved`` / ``unsaved`` marker on :attr:`saved_signal`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from textual.signal import Signal

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from core import Encounter, Event
    from core.dice.expression import RandomSource

T = TypeVar("T")


class Change(NamedTuple):
    """One change the GM made: the creatures it touched (None: maybe all) and its log event.

    ``turn`` is True when the turn moved on (the roster's cursor follows the active creature);
    ``tracker`` when that turn left a flat check or a dying check waiting for the GM's roll
    (the tracker opens to ask it).
    """

    ids: frozenset[str] | None = None
    event: Event | None = None
    turn: bool = False
    tracker: bool = False


class EncounterSession:
    """Owns the encounter, the dice and the saved state; applies and announces every change."""

    def __init__(self, owner: DOMNode, encounter: Encounter, *, rng: RandomSource | None = None,
                 resumed: bool = False, saved: bool = False) -> None:
        """Run ``encounter``; dice go through ``rng`` (a seeded Random makes tests repeatable).

        ``saved``: opened from a save file; ``resumed``: from the autosave. Neither: a demo or
        new encounter nobody changed yet, with nothing to keep when it is replaced.
        """
        self.encounter = encounter
        self.rng = rng if rng is not None else random.Random()
        self.saved_revision: int | None = encounter.revision if saved else None
        self.autosaved_revision: int | None = encounter.revision if resumed else None
        self.pristine_revision: int | None = None if resumed or saved else encounter.revision
        self.quick_path: Path | None = None
        self.changed_signal: Signal[Change] = Signal(owner, "changed")
        self.replaced_signal: Signal[Encounter] = Signal(owner, "replaced")
        self.saved_signal: Signal[str] = Signal(owner, "saved")

    # -- change ----------------------------------------------------------------------------

    def apply(self, mutate: Callable[[Encounter], T],
              ids: Iterable[str] | None = None) -> T:
        """Run ``mutate`` on the encounter, announce the change and return what it returned.

        ``ids``: the creatures it touched (None: maybe every one; empty: none, e.g. a setting).
        A ValueError from the core (bad input) propagates and nothing is announced.
        """
        result = mutate(self.encounter)
        event = self.encounter.log[-1] if self.encounter.log else None
        self.announce(Change(frozenset(ids) if ids is not None else None, event))
        return result

    def announce(self, change: Change) -> None:
        """Tell every subscriber about ``change`` and show the new saved state."""
        self.changed_signal.publish(change)
        self.saved_signal.publish(self.saved_state())

    def next_turn(self) -> Event:
        """Advance the turn with the session's dice; returns the turn's event."""
        event = self.encounter.next_turn(rng=self.rng)
        # the tracker opens only for what the GM must answer (a check in
        # "ask" mode); what merely happened goes on the notice line
        tracker = bool(self.encounter.pending_checks() or self.encounter.pending_dying_checks())
        self.announce(Change(event.changed_ids, event, turn=True, tracker=tracker))
        return event

    def undo(self) -> Event | None:
        """Undo the last change; its event, or None when there was nothing to undo."""
        return self._step(self.encounter.undo())

    def redo(self) -> Event | None:
        """Redo the last undone change; its event, or None when there was nothing to redo."""
        return self._step(self.encounter.redo())

    def _step(self, event: Event | None) -> Event | None:
        if event is not None:
            self.announce(Change(event.changed_ids, event))
        return event

    def replace(self, encounter: Encounter, *, saved: bool = False,
                path: Path | None = None, party: bool = False) -> None:
        """Run a whole new encounter: loaded from ``path`` (``saved``), new, or the next one of
        the ``party`` (their PCs as they are now: the GM's work, kept if replaced in turn)."""
        self.encounter = encounter
        self.autosaved_revision = None  # revisions count per encounter: this one is not written
        self.saved_revision = encounter.revision if saved else None
        self.pristine_revision = None if saved or party else encounter.revision
        self.quick_path = path
        self.replaced_signal.publish(encounter)
        self.saved_signal.publish(self.saved_state())

    # -- the saved state -------------------------------------------------------------------

    def saved_state(self) -> str:
        """``saved``, ``autosaved`` or ``unsaved``, in words for the header."""
        revision = self.encounter.revision
        if revision == self.saved_revision:
            return "saved"
        if revision == self.autosaved_revision:
            return "autosaved"
        return "unsaved"

    def mark_saved(self, revision: int, *, auto: bool, path: Path | None = None) -> None:
        """A save (``auto``: the autosave) of ``revision`` reached the disk."""
        if auto:
            self.autosaved_revision = revision
        else:
            self.saved_revision = revision
            self.quick_path = path
            # the autosave names the save it belongs to: it is written again
            self.autosaved_revision = None
        self.saved_signal.publish(self.saved_state())

    @property
    def unsaved_work(self) -> bool:
        """Changed since it was saved (or never saved), other than an untouched demo or new one."""
        return self.encounter.revision not in (self.saved_revision, self.pristine_revision)
