"""The ledger: every change as one event, with undo and redo.

An event keeps only what its call changed — for each affected creature the fields before
and after, and the encounter fields it named — so memory and save size grow with the
number of events, not with events × roster size. The ledger reads and restores an
encounter through :class:`Roster`, the few calls it needs; the file format of events is
in :mod:`core.encounter.data`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Protocol

from core.text.i18n import kept_said, now, now_kept, render, said_now
from core.text.phrase import Phrase, phrase_of

UNSET = "\u2205unset"           # a field absent on one side of a change (TOML has no null)


@dataclass(frozen=True, slots=True)
class Change:
    """One creature's part of an event: changed fields before and after (None = absent)."""

    id: str
    before: Mapping[str, Any] | None
    after: Mapping[str, Any] | None


class Event:
    """One ledger entry: what a call did, as phrases (data), and what it changed.

    Its words are kept as phrases (:mod:`core.text.phrase`) and said when read: ``text``,
    ``details``, ``short`` and ``targets`` in the language of the moment, :meth:`text_in` and
    the like in a reader's own (an export, the players' view). Words given as plain text (an
    old save's) are kept as they are.
    """

    __slots__ = ("phrase", "round", "kind", "detail_phrases", "changes", "meta_before",
                 "meta_after", "actor", "short_phrase", "ended", "closing", "target_phrases",
                 "about", "_said")

    phrase: Phrase
    round: int
    kind: str
    detail_phrases: tuple[Phrase, ...]
    changes: tuple[Change, ...]
    meta_before: Mapping[str, Any]
    meta_after: Mapping[str, Any]
    actor: str
    """Who acted, where the call named one (damage: the form's actor); "" for the GM's own
    steps (a condition, an initiative, a turn)."""
    short_phrase: Phrase
    """The event in a few words, where the call that said it made one: several targets
    counted (``6d6 fire → 2 targets``), one named with its damage. "" = the text."""
    ended: str
    """A turn step: whose turn ended, when lines belong to it (see ``closing``)."""
    closing: int
    """A turn step: how many of the first details close the turn that ended (its end-of-turn
    steps, the dead skipped after it); the rest open the new turn."""
    target_phrases: tuple[Phrase, ...]
    """Every creature the call aimed at, in words, changed or not (damage: ``Goblin 1
    (success) 3``, 0 included). () = the creatures in ``changes``."""
    _said: tuple[str, tuple[str, ...]] | None
    about: tuple[str, ...]
    """Ids of every creature the event's words may name: those the call touched (changed or
    not) and who acted; a turn step, whose turn it opened. What the players may read is
    decided by these ids, never by names in the words. () = not known (a file from before)."""

    def __init__(self, text: Phrase, round: int, kind: str,  # noqa: A002 - the ledger's word
                 details: Iterable[Phrase] = (), changes: tuple[Change, ...] = (),
                 meta_before: Mapping[str, Any] | None = None,
                 meta_after: Mapping[str, Any] | None = None, actor: str = "",
                 short: Phrase = "", ended: str = "", closing: int = 0,
                 targets: Iterable[Phrase] = (), about: tuple[str, ...] = ()) -> None:
        setter = object.__setattr__
        setter(self, "phrase", phrase_of(text))
        setter(self, "round", round)
        setter(self, "kind", kind)
        setter(self, "detail_phrases", tuple(phrase_of(d) for d in details))
        setter(self, "changes", changes)
        setter(self, "meta_before", {} if meta_before is None else meta_before)
        setter(self, "meta_after", {} if meta_after is None else meta_after)
        setter(self, "actor", actor)
        setter(self, "short_phrase", phrase_of(short))
        setter(self, "ended", ended)
        setter(self, "closing", closing)
        setter(self, "target_phrases", tuple(phrase_of(t) for t in targets))
        setter(self, "about", about)
        # (language, text and details said in it): read at each draw; words just said are it
        setter(self, "_said", said_now((text, *details)) if not isinstance(details, Iterator) else None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"an Event is not changed once recorded ({name})")

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__[:-1])

    def _said_now(self) -> tuple[str, ...]:
        """Text and details in the language of the moment, kept until it changes."""
        kept = now_kept((self.phrase, *self.detail_phrases), self._said)
        if kept is not self._said:
            object.__setattr__(self, "_said", kept)
        return kept[1]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # its tables are not hashable

    def __repr__(self) -> str:
        return f"Event({self.text!r}, {self.round!r}, {self.kind!r})"

    # the words in the language of the moment (the app's)
    @property
    def text(self) -> str:
        """What the call did, in the language of the moment."""
        return kept_said(self._said_now()[0], self.phrase)

    @property
    def details(self) -> tuple[str, ...]:
        """The breakdown lines, in the language of the moment."""
        return tuple(map(kept_said, self._said_now()[1:], self.detail_phrases))

    @property
    def plain_lines(self) -> tuple[str, ...]:
        """The text and then the breakdown lines as plain words in the language of the moment,
        kept, not made again: what a screen measures over thousands of events (words built
        from these remember no phrase; :attr:`text` and :attr:`details` do)."""
        return self._said_now()

    @property
    def short(self) -> str:
        """The event in a few words ("" = the text), in the language of the moment."""
        return now(self.short_phrase)

    @property
    def targets(self) -> tuple[str, ...]:
        """Every creature aimed at, in words, in the language of the moment."""
        return tuple(now(t) for t in self.target_phrases)

    @property
    def headline(self) -> str:
        """What a notice says of the event: its short form, else its text."""
        return now(self.short_phrase or self.phrase)

    # the words in a reader's language
    def text_in(self, language: str | None) -> str:
        """What the call did, said in ``language`` (None: the current one)."""
        return render(self.phrase, language)

    def details_in(self, language: str | None) -> tuple[str, ...]:
        """The breakdown lines, said in ``language`` (None: the current one)."""
        return tuple(render(d, language) for d in self.detail_phrases)

    def targets_in(self, language: str | None) -> tuple[str, ...]:
        """Every creature aimed at, said in ``language`` (None: the current one)."""
        return tuple(render(t, language) for t in self.target_phrases)

    def headline_in(self, language: str | None) -> str:
        """What a notice says of the event, said in ``language`` (None: the current one)."""
        return render(self.short_phrase or self.phrase, language)

    @property
    def changed_ids(self) -> frozenset[str]:
        """Ids of the creatures this event touched."""
        return frozenset(c.id for c in self.changes)


class Roster(Protocol):
    """What the ledger reads and restores of an encounter (:class:`core.encounter.Encounter`)."""

    round: int

    @property
    def active(self) -> str | None:
        """The id of the creature whose turn it is."""

    def _has(self, cid: str) -> bool:
        """Whether a creature with this id is in the roster."""

    def _name(self, cid: str) -> str:
        """The creature's name."""

    def _state(self, cid: str) -> dict[str, Any]:
        """One creature's whole state, its place in the order included (TOML-ready)."""

    def _restore(self, cid: str, state: dict[str, Any] | None) -> None:
        """Put a creature back as :meth:`_state` gave it (None: take it out)."""

    def _meta(self, key: str) -> Any:
        """An encounter field an event may change (round, turn, next_id, settings, …)."""

    def _set_meta(self, key: str, value: Any) -> None:
        """Set such a field back."""


class Ledger:
    """The events done (oldest first) and undone, and a revision that counts changes."""

    def __init__(self) -> None:
        self.done: list[Event] = []
        self.undone: list[Event] = []
        self.revision = 0

    def record(self, event: Event) -> None:
        """A new event: it is done, and what was undone can no longer be redone."""
        self.done.append(event)
        self.undone.clear()
        self.revision += 1

    def undo(self, roster: Roster) -> Event | None:
        """Undo the last event on ``roster``; returns it (None when there is nothing to undo)."""
        return self._replay(roster, self.done, self.undone, forward=False)

    def redo(self, roster: Roster) -> Event | None:
        """Redo the last undone event; returns it (None when there is nothing to redo)."""
        return self._replay(roster, self.undone, self.done, forward=True)

    def _replay(self, roster: Roster, source: list[Event], target: list[Event],
                forward: bool) -> Event | None:
        """Move the newest event of ``source`` to ``target``, playing it on ``roster``."""
        if not source:
            return None
        event = source.pop()
        apply(roster, event, forward=forward)
        target.append(event)
        self.revision += 1
        return event


def apply(roster: Roster, event: Event, forward: bool) -> None:
    """Play ``event`` forward (redo) or backward (undo) on ``roster``."""
    changes = event.changes if forward else tuple(reversed(event.changes))
    for change in changes:
        want = change.after if forward else change.before
        have = change.before if forward else change.after
        if want is None or have is None:
            roster._restore(change.id, None if want is None else dict(want))
            continue
        state = roster._state(change.id)
        for key, value in want.items():
            if value == UNSET:
                state.pop(key, None)
            else:
                state[key] = value
        roster._restore(change.id, state)
    for key, value in (event.meta_after if forward else event.meta_before).items():
        roster._set_meta(key, dict(value) if isinstance(value, Mapping) else value)


def _copy(value: Any) -> Any:
    return dict(value) if isinstance(value, dict) else value


class Step:
    """Records one event: touched creatures' state before and after, and encounter fields.

    Used as ``with Step(...) as step``: a call notes each creature (:meth:`touch`) and
    encounter field (:meth:`meta`) before changing it; on leaving, what changed is recorded
    as one event, or, if the call failed, everything it half did is put back.
    """

    def __init__(self, roster: Roster, ledger: Ledger, kind: str, text: str,
                 details: tuple[str, ...], short: str = "", actor: str = "") -> None:
        self.roster = roster
        self.ledger = ledger
        self.kind = kind
        self.text = text
        self.details = details
        self.short = short
        self.actor = actor
        self.ended = ""
        self.closing = 0
        self.targets: tuple[str, ...] = ()
        self.named: dict[str, None] = {}  # ids the words name beyond those touched (the actor)
        self.about: tuple[str, ...] | None = None  # set: exactly whom the words name (a turn)
        self.before: dict[str, dict[str, Any] | None] = {}
        self.meta_keys: tuple[str, ...] = ()
        self.meta_before: dict[str, Any] = {}
        self.active_before = roster.active
        self.parts: list[Event] = []    # the calls recorded as this one event (Part)

    def touch(self, cid: str) -> None:
        """Note a creature about to change (before changing it)."""
        if cid not in self.before:
            self.before[cid] = self.roster._state(cid) if self.roster._has(cid) else None

    def names(self, *cids: str) -> None:
        """Note creatures the event's words name without touching them (who acted)."""
        self.named.update(dict.fromkeys(cids))

    def meta(self, *keys: str) -> None:
        """Note encounter fields about to change (the first note of a field counts)."""
        for key in keys:
            if key not in self.meta_before:
                self.meta_keys += (key,)
                self.meta_before[key] = _copy(self.roster._meta(key))

    def __enter__(self) -> Step:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if exc_type is not None:
            self._roll_back()
            return
        meta_before, meta_after = self._meta_changes()
        self.ledger.record(Event(self.text, self.roster.round, self.kind, tuple(self.details),
                                 self._changes(), meta_before, meta_after, self.actor,
                                 self.short, self.ended, self.closing, self.targets,
                                 self._about()))

    def _about(self) -> tuple[str, ...]:
        """Whom the event is about: as set (a turn), else every creature touched or named."""
        if self.about is not None:
            return self.about
        return tuple(dict.fromkeys([*self.before, *self.named]))

    def _roll_back(self) -> None:
        """Put back whatever a failed call half did, so it changes nothing."""
        for cid, state in self.before.items():
            self.roster._restore(cid, None if state is None else dict(state))
        for key, value in self.meta_before.items():
            self.roster._set_meta(key, value)

    def _changes(self) -> tuple[Change, ...]:
        """Each touched creature's changed fields, before and after."""
        changes = []
        for cid, before in self.before.items():
            after = self.roster._state(cid) if self.roster._has(cid) else None
            if before is None or after is None:
                if before is not after:
                    changes.append(Change(cid, before, after))
                continue
            b, a = {}, {}
            for key in before.keys() | after.keys():
                old, new = before.get(key, UNSET), after.get(key, UNSET)
                if old != new:
                    b[key], a[key] = old, new
            if b:
                changes.append(Change(cid, b, a))
        return tuple(changes)

    def _meta_changes(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The noted encounter fields that changed: (before, after)."""
        meta_before: dict[str, Any] = {}
        meta_after: dict[str, Any] = {}
        for key in self.meta_keys:
            value = self.roster._meta(key)
            if value != self.meta_before[key]:
                meta_before[key] = self.meta_before[key]
                meta_after[key] = _copy(value)
        return meta_before, meta_after


class Part(Step):
    """One call among several that a :class:`Step` records as one event.

    What the call touches is noted on the whole step; its words (an Event without changes)
    are added to the whole's ``parts`` when it succeeds; a failure leaves the whole step to put everything back.
    """

    def __init__(self, whole: Step, kind: str, text: str, details: tuple[str, ...],
                 short: str = "", actor: str = "") -> None:
        super().__init__(whole.roster, whole.ledger, kind, text, details, short, actor)
        self.whole = whole

    def touch(self, cid: str) -> None:
        """Note a creature about to change, on the whole step."""
        self.whole.touch(cid)

    def meta(self, *keys: str) -> None:
        """Note encounter fields about to change, on the whole step."""
        self.whole.meta(*keys)

    def names(self, *cids: str) -> None:
        """Note creatures the words name, on the whole step."""
        self.whole.names(*cids)

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if exc_type is None:
            self.whole.parts.append(Event(self.text, self.roster.round, self.kind,
                                          tuple(self.details), (), {}, {}, self.actor, self.short))
