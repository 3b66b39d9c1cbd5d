"""The roster part: which creatures are in an encounter, their ids, and their places in the order.

Plain state with no ledger: the encounter's parts change it inside a recorded step
(:mod:`core.encounter.state`), and the ledger puts a creature back through
:meth:`Roster.state` and :meth:`Roster.restore`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from core.creature.model import Creature
from core.text.i18n import tr


class Roster:
    """Creatures by id with their initiatives, places among equals (ties) and the order added."""

    def __init__(self) -> None:
        self.creatures: dict[str, Creature] = {}
        self._initiative: dict[str, int] = {}
        self._seq: dict[str, int] = {}
        self._tie: dict[str, int] = {}      # place among equal initiatives (RULES §7 ties, moves)
        self._order: list[str] | None = None
        self.next_id = 1                    # the counter the next creature's id is taken from
        self.high_id = 0                    # the highest creature number given, read or named

    # ------------------------------------------------------------------ reading
    def creature(self, cid: str) -> Creature:
        """The creature with this id; KeyError naming it otherwise."""
        try:
            return self.creatures[cid]
        except KeyError:
            raise KeyError(tr('no creature {cid} in this encounter', cid=repr(cid))) from None

    def has(self, cid: str) -> bool:
        """Whether a creature with this id is in the roster."""
        return cid in self.creatures

    def initiative(self, cid: str) -> int:
        """The creature's initiative."""
        self.creature(cid)
        return self._initiative[cid]

    def seq(self, cid: str) -> int:
        """When the creature was added (its place among equals when no rule decides)."""
        return self._seq[cid]

    @property
    def order(self) -> list[str]:
        """Creature ids by initiative, high to low; ties by place (RULES §7, moves), then as added."""
        if self._order is None:
            self._order = sorted(self.creatures, key=lambda c: (-self._initiative[c], self._tie.get(c, 0),
                                                                self._seq[c]))
        return list(self._order)

    def known(self, ids: Iterable[str]) -> list[str]:
        """``ids`` once each, every one in the roster (KeyError naming one that is not)."""
        ids = list(dict.fromkeys([ids] if isinstance(ids, str) else ids))
        for cid in ids:
            self.creature(cid)
        if not ids:
            raise ValueError(tr('no creatures chosen'))
        return ids

    # ------------------------------------------------------------------ ids
    def fresh_id(self, named: Callable[[], frozenset[str]]) -> str:
        """The id the next creature takes: from the counter, skipping every id the roster
        holds or ``named()`` gives (the ids the history names: a hand-edited or old file's
        counter may lag behind them; a reused id would replace a creature). The counter is
        left on it."""
        seen: frozenset[str] | None = None
        while True:
            cid = f"c{self.next_id}"
            if cid not in self.creatures:
                if self.next_id > self.high_id:
                    break
                if seen is None:
                    seen = named()
                if cid not in seen:
                    break
            self.next_id += 1
        self.high_id = max(self.high_id, self.next_id)
        return cid

    # ------------------------------------------------------------------ changing
    def insert(self, cid: str, creature: Creature, initiative: int, seq: int, tie: int | None = None) -> None:
        """Put a creature in with its initiative, order added and place (None: after its equals)."""
        self.creatures[cid] = creature
        self._initiative[cid] = initiative
        self._seq[cid] = seq
        self._tie[cid] = self.last_tie(cid) if tie is None else tie
        self._order = None

    def drop(self, cid: str) -> None:
        """Take a creature out (nothing when it is not there)."""
        self.creatures.pop(cid, None)
        self._initiative.pop(cid, None)
        self._seq.pop(cid, None)
        self._tie.pop(cid, None)
        self._order = None

    def replace(self, cid: str, creature: Creature) -> None:
        """The creature with this id is now ``creature`` (its place unchanged)."""
        self.creatures[cid] = creature

    def set_initiative(self, cid: str, value: int, last: bool = True) -> None:
        """A new initiative; ``last``: after every other creature with the same value."""
        self._initiative[cid] = value
        if last:
            self._tie[cid] = self.last_tie(cid)
        self._order = None

    def last_tie(self, cid: str) -> int:
        """A place after every other creature with the same initiative."""
        value = self._initiative[cid]
        return 1 + max((t for c, t in self._tie.items() if c != cid and self._initiative.get(c) == value),
                       default=-1)

    def tie(self, cid: str) -> int:
        """The creature's place among those of its initiative."""
        return self._tie.get(cid, 0)

    def place(self, group: list[str]) -> None:
        """Give creatures of one initiative their places in this order."""
        for place, cid in enumerate(group):
            self._tie[cid] = place
        self._order = None

    # ------------------------------------------------------------------ what the ledger keeps
    def state(self, cid: str) -> dict[str, Any]:
        """One creature's whole state, its place in the order included (TOML-ready)."""
        state = self.creatures[cid].to_state()
        state["initiative"] = self._initiative[cid]
        state["seq"] = self._seq[cid]
        if self._tie.get(cid):
            state["tie"] = self._tie[cid]
        return state

    def restore(self, cid: str, state: dict[str, Any] | None) -> None:
        """Put a creature back as :meth:`state` gave it (None: take it out)."""
        if state is None:
            self.drop(cid)
            return
        initiative = state.pop("initiative", 0)
        seq = state.pop("seq", 0)
        tie = state.pop("tie", 0)
        self.insert(cid, Creature.from_state(state, f"creatures.{cid}"), initiative, seq, tie)
