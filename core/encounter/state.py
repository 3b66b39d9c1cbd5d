"""An encounter's state and the one way to change it: a recorded step, alone or batched with others.

:class:`EncounterState` holds what a save keeps (the name, system, settings, round, turn,
Fear, party level, the roster part and the ledger) and is what the ledger reads and
restores (:class:`core.encounter.ledger.Roster`). Every part of
:class:`core.encounter.Encounter` changes it inside :meth:`EncounterState.step`; several
calls become one event inside :meth:`EncounterState.batch`, the only way to group them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from core.creature.model import Creature, Outcome
from core.encounter.fields import STEP_FIELDS
from core.encounter.ledger import Event, Ledger, Part, Step
from core.encounter.roster import Roster
from core.encounter.settings import DEFAULT_SETTINGS, _encounter_settings
from core.encounter.strikes import Strikes
from core.systems import get_system
from core.text.i18n import clauses, tr
from core.text.plain_text import refuse_controls

# the encounter fields an event may change, by the name a step notes (next_id: the roster's),
# as the field table declares them, and the settings
_FIELDS = (*(f for f in STEP_FIELDS if f != "next_id"), "settings")


class EncounterState:
    """What one encounter is now, its history, and the step every change goes through."""

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
        self.fear = 0                       # Daggerheart: the GM's Fear pool
        self.party_level = 0                # the GM's party level where no PC has one (0: unset)
        self.roster = Roster()
        self.ledger = Ledger()
        # attacks made this turn, by actor (the MAP): not a change, so not in the ledger
        self.strikes = Strikes()
        self._batch: Step | None = None     # batch: the step its calls are recorded in

    @property
    def active(self) -> str | None:
        """The id of the creature whose turn it is."""
        order = self.roster.order
        return order[self.turn] if order and 0 <= self.turn < len(order) else None

    # ------------------------------------------------------------------ recording
    def step(self, kind: str, text: str, details: tuple[str, ...] = (), short: str = "",
             actor: str = "") -> Step:
        """A step recording one call (``with state.step(...) as step``); inside :meth:`batch`,
        one part of the batch's event."""
        if self._batch is not None:
            return Part(self._batch, kind, text, details, short, actor)
        return Step(self, self.ledger, kind, text, details, short, actor)

    @contextmanager
    def batch(self, short: str, head: str = "", kind: str = "") -> Iterator[None]:
        """Record the calls made inside as one change: one undo step, all or nothing.

        The event's text is each call's own words, ``; ``-joined, after ``head → `` when
        given (``healed 5 → Goblin 15/20; Orc 20/20``); its kind is ``kind`` or the first
        call's; ``short`` is what a notice says of several calls (one keeps its own).
        Whatever fails inside puts back all the calls before it; nothing done inside is a
        ValueError. Inside another batch it is one call of that one.
        """
        with self.step(kind, short) as whole:
            outer, self._batch = self._batch, whole
            try:
                yield
            finally:
                self._batch = outer
            if not whole.parts:
                raise ValueError(tr('nothing to do'))
            joined = clauses(part.text for part in whole.parts)
            whole.kind = kind or whole.parts[0].kind
            whole.text = tr("{what} → {targets}", what=head, targets=joined) if head else joined
            whole.details = tuple(d for part in whole.parts for d in part.details)
            whole.short = short if len(whole.parts) > 1 else whole.parts[0].short

    def recorded(self) -> Event:
        """The event just recorded (inside :meth:`batch`: the words of the call just made)."""
        return self._batch.parts[-1] if self._batch is not None else self.ledger.done[-1]

    def commit(self, cid: str, outcome: Outcome, kind: str, text: str,
               details: tuple[str, ...]) -> Outcome:
        """Apply a resolved outcome to one creature as one step."""
        with self.step(kind, text, details) as step:
            step.touch(cid)
            self.rules.commit(self.roster.creatures[cid], outcome)
        return outcome

    def replace(self, cid: str, kind: str, text: str, new: Creature, details: tuple[str, ...] = ()) -> Event:
        """The creature becomes ``new`` (an edited copy) as one step."""
        with self.step(kind, text, details) as step:
            step.touch(cid)
            self.roster.replace(cid, new)
        return self.recorded()

    def keep_active(self, step: Step) -> None:
        """Keep the same creature active when the order changes under it."""
        active = step.active_before
        if self.round == 1 and self.turn == 0:
            self.turn = 0  # before the first turn the top of the order is up
        elif active is not None and self.roster.has(active):
            self.turn = self.roster.order.index(active)
        elif self.turn >= len(self.roster.creatures):
            self.turn = 0

    # ------------------------------------------------------------------ what the ledger reads and restores
    def _has(self, cid: str) -> bool:
        return self.roster.has(cid)

    def _name(self, cid: str) -> str:
        return self.roster.creatures[cid].name

    def _state(self, cid: str) -> dict[str, Any]:
        return self.roster.state(cid)

    def _restore(self, cid: str, state: dict[str, Any] | None) -> None:
        self.roster.restore(cid, state)

    def _meta(self, key: str) -> Any:
        if key == "next_id":
            return self.roster.next_id
        if key not in _FIELDS:
            raise KeyError(key)
        return getattr(self, key)

    def _set_meta(self, key: str, value: Any) -> None:
        if key == "next_id":
            self.roster.next_id = value
        elif key in _FIELDS:
            setattr(self, key, value)
        else:
            raise KeyError(key)

    # ------------------------------------------------------------------ what a save reads and writes
    @property
    def creatures(self) -> dict[str, Creature]:
        """Creatures by id (the roster's)."""
        return self.roster.creatures

    @property
    def order(self) -> list[str]:
        """Creature ids in turn order (the roster's)."""
        return self.roster.order

    @property
    def _ledger(self) -> Ledger:
        return self.ledger

    @property
    def _next_id(self) -> int:
        return self.roster.next_id

    @_next_id.setter
    def _next_id(self, value: int) -> None:
        self.roster.next_id = value

    @property
    def _high_id(self) -> int:
        return self.roster.high_id

    @_high_id.setter
    def _high_id(self, value: int) -> None:
        self.roster.high_id = value

    def _insert(self, cid: str, creature: Creature, initiative: int, seq: int, tie: int | None = None) -> None:
        self.roster.insert(cid, creature, initiative, seq, tie)

    def strikes_this_turn(self) -> dict[str, int]:
        """The attacks counted toward the MAP this turn, by actor (kept in a save)."""
        return self.strikes.of((self.round, self.turn), self.roster.creatures)

    def keep_strikes(self, counts: dict[str, int]) -> None:
        """A save's attacks counted this turn (RULES §10: quitting mid-turn keeps the MAP)."""
        self.strikes.keep((self.round, self.turn), counts)
