"""Initiative and the order (RULES §7): rolled, typed, tied, delayed and moved."""

from __future__ import annotations

from collections.abc import Iterable

from core.creature.schema import check_initiative
from core.dice.expression import RandomSource
from core.encounter import order as turns
from core.encounter.ledger import Event, Step
from core.encounter.state import EncounterState
from core.text.i18n import listing, tr


class Initiative:
    """Initiative rolled and set, ties broken, creatures moved in the order."""

    def __init__(self, state: EncounterState) -> None:
        self.s = state

    # ------------------------------------------------------------------ initiative (RULES §7)
    def roll_initiative(self, ids: Iterable[str] | None = None,
                        rng: RandomSource | None = None) -> dict[str, int]:
        """Roll d20 + modifier for ``ids`` (None: everyone), as one undo step; ties by RULES §7."""
        self.check_has_initiative()
        roster = self.s.roster
        chosen = sorted(roster.creatures, key=roster.seq) if ids is None else \
            list(dict.fromkeys([ids] if isinstance(ids, str) else ids))
        for cid in chosen:
            roster.creature(cid)
        if not chosen:
            raise ValueError(tr('no creatures to roll initiative for'))
        with self.s.step("initiative", "") as step:
            step.meta("turn")
            rolled = self.roll_into(step, chosen, rng)
            step.text = tr("initiative: {rolls}", rolls=listing(
                f"{roster.creatures[c].name} {total}" for c, total in rolled.items()))
            self.s.keep_active(step)
        return rolled

    def check_has_initiative(self) -> None:
        """ValueError where the system has no initiative (the GM orders the list)."""
        if not self.s.rules.has_initiative:
            raise ValueError(tr('{name} has no initiative: the GM orders the list (move_in_order)', name=self.s.rules.name))

    def roll_into(self, step: Step, ids: list[str], rng: RandomSource | None) -> dict[str, int]:
        """Roll for ``ids`` inside ``step``, break the ties; the rolls and ties go in its details."""
        roster = self.s.roster
        rolled = turns.roll_initiative(ids, roster.creatures, rng)
        step.details += tuple(turns.roll_text(roster.creatures[c], d20, total)
                              for c, (d20, total) in rolled.items())
        for cid, (_, total) in rolled.items():
            step.touch(cid)
            roster.set_initiative(cid, total, last=False)
        step.details += tuple(self._break_ties(step, {t for _, t in rolled.values()}))
        return {cid: total for cid, (_, total) in rolled.items()}

    def _break_ties(self, step: Step, values: set[int]) -> list[str]:
        """Place tied creatures by the system's tie rule (RULES §7); the log's words."""
        lines = []
        for value in sorted(values, reverse=True):
            group = [c for c in self.s.roster.creatures if self.s.roster.initiative(c) == value]
            if len(group) < 2:
                continue
            group.sort(key=self._tie_key)
            self._place(step, group)
            lines.append(self._tie_line(value, group))
        return lines

    def _tie_key(self, cid: str) -> tuple[int, ...]:
        roster = self.s.roster
        return turns.tie_key(self.s.rules, roster.creatures[cid], roster.seq(cid))

    def _tie_line(self, value: int, group: list[str]) -> str:
        """``tie at 15: Orc, Sage, Hero (adversaries before player characters, …)``."""
        return tr("tie at {value}: {names} ({rule})", value=value,
                  names=listing(self.s.roster.creatures[c].name for c in group),
                  rule=turns.tie_words(self.s.rules))

    def sort_in(self, step: Step, ids: list[str]) -> tuple[str, ...]:
        """Place typed initiatives among their equals by the tie rule, as a roll would be
        (RULES §7); the log's tie lines. Daggerheart keeps the GM's order."""
        roster = self.s.roster
        if not self.s.rules.has_initiative:
            return ()
        lines: dict[int, str] = {}
        for cid in ids:
            value = roster.initiative(cid)
            group = [c for c in roster.order if c != cid and roster.initiative(c) == value]
            if not group:
                continue
            place = next((i for i, c in enumerate(group) if self._tie_key(cid) < self._tie_key(c)),
                         len(group))
            group.insert(place, cid)
            self._place(step, group)
            if place < len(group) - 1:   # the rule put it before someone: the log says why
                lines[value] = self._tie_line(value, group)
        return tuple(lines.values())

    def _place(self, step: Step, group: list[str]) -> None:
        """Give creatures of one initiative their places in this order."""
        for place, cid in enumerate(group):
            if self.s.roster.tie(cid) != place:
                step.touch(cid)
        self.s.roster.place(group)

    def set_initiative(self, cid: str, value: int) -> Event:
        """A new initiative (delay, ready): after others with the same value, whatever the tie rule.

        Decision: a delay or ready is the creature choosing to act after those
        already there, so the tie rule of a typed or rolled initiative does not apply.
        """
        roster = self.s.roster
        creature = roster.creature(cid)
        check_initiative(value)
        with self.s.step("initiative", tr("{name}: initiative {before} → {after}", name=creature.name,
                                          before=roster.initiative(cid), after=value)) as step:
            step.meta("turn")
            step.touch(cid)
            roster.set_initiative(cid, value)
            self.s.keep_active(step)
        return self.s.recorded()

    def move_in_order(self, cid: str, places: int) -> Event:
        """Move a creature up (negative) or down the order; it takes its new neighbour's initiative.

        Daggerheart's way to order the spotlight list; delay and ready elsewhere.
        """
        roster = self.s.roster
        creature = roster.creature(cid)
        if isinstance(places, bool) or not isinstance(places, int) or not places:
            raise ValueError(tr('places to move is a whole number other than 0, not {places}', places=repr(places)))
        order = roster.order
        old = order.index(cid)
        new = max(0, min(len(order) - 1, old + places))
        if new == old:
            raise ValueError(tr('{name} is already first', name=creature.name) if places < 0
                             else tr('{name} is already last', name=creature.name))
        neighbour = order[new]
        order.remove(cid)
        order.insert(new, cid)
        value = roster.initiative(neighbour)
        moved = tr("{name} moves up to place {place}", name=creature.name, place=new + 1) \
            if places < 0 else tr("{name} moves down to place {place}", name=creature.name,
                                  place=new + 1)
        with self.s.step("initiative", moved) as step:
            step.meta("turn")
            step.touch(cid)
            roster.set_initiative(cid, value, last=False)
            self._place(step, [c for c in order if roster.initiative(c) == value])
            self.s.keep_active(step)
        return self.s.recorded()
