"""The Daggerheart pools (RULES §7): the GM's Fear, 0 to 12, and a PC's Hope."""

from __future__ import annotations

from core.creature.schema import MAX_FEAR
from core.encounter.state import EncounterState
from core.table import numbers as table_numbers
from core.text.i18n import tr

FEAR_MAX = MAX_FEAR             # Daggerheart: the GM's Fear pool holds 0-12 (RULES §7)


class Pools:
    """The GM's Fear, gained and spent; a PC's Hope, marked and spent."""

    def __init__(self, state: EncounterState) -> None:
        self.s = state

    def gain_fear(self, amount: int = 1) -> int:
        """The GM gains Fear (the pool holds at most 12); returns the pool."""
        return self._fear(amount, +1)

    def spend_fear(self, amount: int = 1) -> int:
        """The GM spends Fear; ValueError when there is not enough."""
        return self._fear(amount, -1)

    def _fear(self, amount: int, sign: int) -> int:
        s = self.s
        if s.system != "daggerheart":
            raise ValueError(tr("Fear is Daggerheart's, not {name}'s", name=s.rules.name))
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise ValueError(tr('Fear changes by a whole number of 1 or more, not {amount}', amount=repr(amount)))
        if sign < 0 and amount > s.fear:
            raise ValueError(tr('only {fear} Fear to spend', fear=s.fear))
        before = s.fear
        after = min(FEAR_MAX, before + sign * amount)
        values = {"amount": amount, "before": before, "after": after, "most": FEAR_MAX}
        if sign < 0:
            text = tr("the GM spends {amount} Fear: {before} → {after}", **values)
        elif before + amount > FEAR_MAX:
            text = tr("the GM gains {amount} Fear: {before} → {after} (the pool holds {most})", **values)
        else:
            text = tr("the GM gains {amount} Fear: {before} → {after}", **values)
        with s.step("fear", text) as step:
            step.meta("fear")
            s.fear = after
        return after

    def mark_hope(self, cid: str, amount: int = 1) -> int:
        """A Daggerheart PC marks Hope (at most 6; past 6 keeps 6): one undo step."""
        return self._hope(cid, amount, +1)

    def spend_hope(self, cid: str, amount: int = 1) -> int:
        """A Daggerheart PC spends Hope (more than it has is refused): one undo step."""
        return self._hope(cid, amount, -1)

    def _hope(self, cid: str, amount: int, sign: int) -> int:
        if self.s.system != "daggerheart":
            raise ValueError(tr("Hope is Daggerheart's, not {name}'s", name=self.s.rules.name))
        creature = self.s.roster.creature(cid)
        after, text = table_numbers.hope_after(creature, amount, sign)
        new = creature.clone()
        new.hope = after
        self.s.replace(cid, "hope", text, new)
        return after
