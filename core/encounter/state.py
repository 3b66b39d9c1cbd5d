"""An encounter's state and the one way to change it: the roster, its order, the ledger's steps.

Every part of :class:`core.encounter.Encounter` stands on :class:`EncounterBase`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from core.creature.model import Creature
from core.encounter.ledger import Event, Ledger, Part, Step
from core.encounter.settings import DEFAULT_SETTINGS, _encounter_settings
from core.systems import get_system
from core.text.i18n import clauses, tr
from core.text.plain_text import refuse_controls


class EncounterBase:
    """The roster, the order and the ledger that every part of an encounter uses."""

    def __init__(self, system: str = "pf2e", name: str = "Encounter",
                 settings: Mapping[str, Any] | None = None) -> None:
        self.rules = get_system(system)
        self.system = system
        if isinstance(name, str):
            refuse_controls(name, tr("the name"))
        self.name = name
        self.controls_removed = 0           # texts of the loaded file that held control characters
        self.settings: dict[str, Any] = {**DEFAULT_SETTINGS, **_encounter_settings(settings)}
        self.round = 1
        self.turn = 0
        self._creatures: dict[str, Creature] = {}
        self._initiative: dict[str, int] = {}
        self._seq: dict[str, int] = {}
        self._tie: dict[str, int] = {}      # place among equal initiatives (RULES §7 ties, moves)
        self.fear = 0                       # Daggerheart: the GM's Fear pool
        self.party_level = 0                # the GM's party level where no PC has one (0: unset)
        self._next_id = 1
        self._high_id = 0                   # the highest creature number given, read or named
        self._order: list[str] | None = None
        self._ledger = Ledger()
        self._batch: Step | None = None     # one_step: the calls it records as one event
        # attacks made this turn, by actor (the MAP): not a change, so not in the ledger or a save
        self._strikes: tuple[tuple[int, int], dict[str, int]] = ((1, 0), {})

    # ------------------------------------------------------------------ roster
    @property
    def creatures(self) -> dict[str, Creature]:
        """Creatures by id (do not mutate: go through the encounter's calls)."""
        return self._creatures

    def creature(self, cid: str) -> Creature:
        """The creature with this id; KeyError naming it otherwise."""
        try:
            return self._creatures[cid]
        except KeyError:
            raise KeyError(tr('no creature {cid} in this encounter', cid=repr(cid))) from None

    def initiative(self, cid: str) -> int:
        """The creature's initiative."""
        self.creature(cid)
        return self._initiative[cid]

    @property
    def order(self) -> list[str]:
        """Creature ids by initiative, high to low; ties by place (RULES §7, moves), then as added."""
        if self._order is None:
            self._order = sorted(self._creatures, key=lambda c: (-self._initiative[c], self._tie.get(c, 0),
                                                                 self._seq[c]))
        return list(self._order)

    @property
    def active(self) -> str | None:
        """The id of the creature whose turn it is."""
        order = self.order
        return order[self.turn] if order and 0 <= self.turn < len(order) else None

    def _insert(self, cid: str, creature: Creature, initiative: int, seq: int, tie: int | None = None) -> None:
        self._creatures[cid] = creature
        self._initiative[cid] = initiative
        self._seq[cid] = seq
        self._tie[cid] = self._last_tie(cid) if tie is None else tie
        self._order = None

    def _last_tie(self, cid: str) -> int:
        """A place after every other creature with the same initiative."""
        value = self._initiative[cid]
        return 1 + max((t for c, t in self._tie.items() if c != cid and self._initiative.get(c) == value),
                       default=-1)

    def _keep_active(self, step: Step) -> None:
        """Keep the same creature active when the order changes under it."""
        active = step.active_before
        if self.round == 1 and self.turn == 0:
            self.turn = 0  # before the first turn the top of the order is up
        elif active is not None and active in self._creatures:
            self.turn = self.order.index(active)
        elif self.turn >= len(self._creatures):
            self.turn = 0

    def _known(self, ids: Iterable[str]) -> list[str]:
        """``ids`` once each, every one in the encounter (KeyError naming one that is not)."""
        ids = list(dict.fromkeys([ids] if isinstance(ids, str) else ids))
        for cid in ids:
            self.creature(cid)
        if not ids:
            raise ValueError(tr('no creatures chosen'))
        return ids

    def _replace(self, cid: str, kind: str, text: str, new: Creature, details: tuple[str, ...] = ()) -> Event:
        with self._step(kind, text, details) as step:
            step.touch(cid)
            self._creatures[cid] = new
        return self._recorded()

    # ------------------------------------------------------------------ ledger
    @property
    def log(self) -> list[Event]:
        """Every applied event, oldest first."""
        return list(self._ledger.done)

    @property
    def revision(self) -> int:
        """Counts changes, undo and redo included (a save notes the one it wrote)."""
        return self._ledger.revision

    @property
    def can_undo(self) -> bool:
        """True when there is an event to undo."""
        return bool(self._ledger.done)

    @property
    def can_redo(self) -> bool:
        """True when there is an undone event to redo."""
        return bool(self._ledger.undone)

    def undo(self) -> Event | None:
        """Undo the last event; returns it (None when there is nothing to undo)."""
        return self._ledger.undo(self)

    def redo(self) -> Event | None:
        """Redo the last undone event; returns it (None when there is nothing to redo)."""
        return self._ledger.redo(self)

    @contextmanager
    def one_step(self, short: str) -> Iterator[None]:
        """Record the calls made inside as one change: one undo step, all or nothing (issue 18).

        The event's text is each call's own words, ``; ``-joined; ``short`` is what a notice
        says of it. Whatever fails inside puts back all the calls before it; nothing done
        inside is a ValueError. Inside another ``one_step`` it is part of that one.
        """
        if self._batch is not None:
            yield
            return
        with self._step("", short) as whole:
            self._batch = whole
            try:
                yield
            finally:
                self._batch = None
            if not whole.parts:
                raise ValueError(tr('nothing to do'))
            whole.kind = whole.parts[0].kind
            whole.text = clauses(part.text for part in whole.parts)
            whole.details = tuple(d for part in whole.parts for d in part.details)
            whole.short = short if len(whole.parts) > 1 else whole.parts[0].short

    def _step(self, kind: str, text: str, details: tuple[str, ...] = (), short: str = "",
              actor: str = "") -> Step:
        if self._batch is not None:
            return Part(self._batch, kind, text, details, short, actor)
        return Step(self, self._ledger, kind, text, details, short, actor)

    def _recorded(self) -> Event:
        """The event just recorded (inside :meth:`one_step`: the words of the call just made)."""
        return self._batch.parts[-1] if self._batch is not None else self._ledger.done[-1]

    # what the ledger reads and restores (core.encounter.ledger.Roster)
    def _has(self, cid: str) -> bool:
        return cid in self._creatures

    def _name(self, cid: str) -> str:
        return self._creatures[cid].name

    def _state(self, cid: str) -> dict[str, Any]:
        state = self._creatures[cid].to_state()
        state["initiative"] = self._initiative[cid]
        state["seq"] = self._seq[cid]
        if self._tie.get(cid):
            state["tie"] = self._tie[cid]
        return state

    def _restore(self, cid: str, state: dict[str, Any] | None) -> None:
        if state is None:
            self._drop(cid)
            return
        initiative = state.pop("initiative", 0)
        seq = state.pop("seq", 0)
        tie = state.pop("tie", 0)
        self._insert(cid, Creature.from_state(state, f"creatures.{cid}"), initiative, seq, tie)

    def _drop(self, cid: str) -> None:
        self._creatures.pop(cid, None)
        self._initiative.pop(cid, None)
        self._seq.pop(cid, None)
        self._tie.pop(cid, None)
        self._order = None

    def _meta(self, key: str) -> Any:
        return getattr(self, "_next_id" if key == "next_id" else key)

    def _set_meta(self, key: str, value: Any) -> None:
        setattr(self, "_next_id" if key == "next_id" else key, value)
        self._order = None
