"""Initiative and the order (RULES §7): rolled, typed, tied, delayed and moved."""

from __future__ import annotations

from collections.abc import Iterable

from core.creature.schema import check_initiative
from core.dice.expression import RandomSource
from core.encounter import order as turns
from core.encounter.ledger import Event, Step
from core.encounter.state import EncounterBase
from core.text.i18n import listing, tr


class InitiativeMixin(EncounterBase):
    """Initiative rolled and set, ties broken, creatures moved in the order."""

    # ------------------------------------------------------------------ initiative (RULES §7)
    def roll_initiative(self, ids: Iterable[str] | None = None,
                        rng: RandomSource | None = None) -> dict[str, int]:
        """Roll d20 + modifier for ``ids`` (None: everyone), as one undo step; ties by RULES §7."""
        self._check_has_initiative()
        chosen = sorted(self._creatures, key=self._seq.__getitem__) if ids is None else \
            list(dict.fromkeys([ids] if isinstance(ids, str) else ids))
        for cid in chosen:
            self.creature(cid)
        if not chosen:
            raise ValueError(tr('no creatures to roll initiative for'))
        with self._step("initiative", "") as step:
            step.meta("turn")
            rolled = self._roll_into(step, chosen, rng)
            step.text = tr("initiative: {rolls}", rolls=listing(
                f"{self._creatures[c].name} {total}" for c, total in rolled.items()))
            self._keep_active(step)
        return rolled

    def _check_has_initiative(self) -> None:
        if not self.rules.has_initiative:
            raise ValueError(tr('{name} has no initiative: the GM orders the list (move_in_order)', name=self.rules.name))

    def _roll_into(self, step: Step, ids: list[str], rng: RandomSource | None) -> dict[str, int]:
        """Roll for ``ids`` inside ``step``, break the ties; the rolls and ties go in its details."""
        rolled = turns.roll_initiative(ids, self._creatures, rng)
        step.details += tuple(turns.roll_text(self._creatures[c], d20, total)
                              for c, (d20, total) in rolled.items())
        for cid, (_, total) in rolled.items():
            step.touch(cid)
            self._initiative[cid] = total
        self._order = None
        step.details += tuple(self._break_ties(step, {t for _, t in rolled.values()}))
        return {cid: total for cid, (_, total) in rolled.items()}

    def _break_ties(self, step: Step, values: set[int]) -> list[str]:
        """Place tied creatures by the system's tie rule (RULES §7); the log's words."""
        lines = []
        for value in sorted(values, reverse=True):
            group = [c for c in self._creatures if self._initiative[c] == value]
            if len(group) < 2:
                continue
            group.sort(key=self._tie_key)
            self._place(step, group)
            lines.append(self._tie_line(value, group))
        return lines

    def _tie_key(self, cid: str) -> tuple[int, ...]:
        return turns.tie_key(self.rules, self._creatures[cid], self._seq[cid])

    def _tie_line(self, value: int, group: list[str]) -> str:
        """``tie at 15: Orc, Sage, Hero (adversaries before player characters, …)``."""
        return tr("tie at {value}: {names} ({rule})", value=value,
                  names=listing(self._creatures[c].name for c in group),
                  rule=turns.tie_words(self.rules))

    def _sort_in(self, step: Step, ids: list[str]) -> tuple[str, ...]:
        """Place typed initiatives among their equals by the tie rule, as a roll would be
        (RULES §7, issue 18); the log's tie lines. Daggerheart keeps the GM's order."""
        if not self.rules.has_initiative:
            return ()
        lines: dict[int, str] = {}
        for cid in ids:
            value = self._initiative[cid]
            group = [c for c in self.order if c != cid and self._initiative[c] == value]
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
            if self._tie.get(cid, 0) != place:
                step.touch(cid)
                self._tie[cid] = place
        self._order = None

    def set_initiative(self, cid: str, value: int) -> Event:
        """A new initiative (delay, ready): after others with the same value, whatever the tie rule.

        Decision (issue 18): a delay or ready is the creature choosing to act after those
        already there, so the tie rule of a typed or rolled initiative does not apply.
        """
        creature = self.creature(cid)
        check_initiative(value)
        with self._step("initiative", tr("{name}: initiative {before} → {after}", name=creature.name,
                                         before=self._initiative[cid], after=value)) as step:
            step.meta("turn")
            step.touch(cid)
            self._initiative[cid] = value
            self._tie[cid] = self._last_tie(cid)
            self._order = None
            self._keep_active(step)
        return self._recorded()

    def move_in_order(self, cid: str, places: int) -> Event:
        """Move a creature up (negative) or down the order; it takes its new neighbour's initiative.

        Daggerheart's way to order the spotlight list; delay and ready elsewhere.
        """
        creature = self.creature(cid)
        if isinstance(places, bool) or not isinstance(places, int) or not places:
            raise ValueError(tr('places to move is a whole number other than 0, not {places}', places=repr(places)))
        order = self.order
        old = order.index(cid)
        new = max(0, min(len(order) - 1, old + places))
        if new == old:
            raise ValueError(tr('{name} is already first', name=creature.name) if places < 0
                             else tr('{name} is already last', name=creature.name))
        neighbour = order[new]
        order.remove(cid)
        order.insert(new, cid)
        value = self._initiative[neighbour]
        moved = tr("{name} moves up to place {place}", name=creature.name, place=new + 1) \
            if places < 0 else tr("{name} moves down to place {place}", name=creature.name,
                                  place=new + 1)
        with self._step("initiative", moved) as step:
            step.meta("turn")
            step.touch(cid)
            self._initiative[cid] = value
            self._place(step, [c for c in order if self._initiative[c] == value])
            self._keep_active(step)
        return self._recorded()
