"""The GM's Daggerheart pools (RULES §7): Fear, 0 to 12."""

from __future__ import annotations

from core.encounter_base import EncounterBase

FEAR_MAX = 12                   # Daggerheart: the GM's Fear pool holds 0-12 (RULES §7)


class PoolsMixin(EncounterBase):
    """The GM's Fear, gained and spent."""

    def gain_fear(self, amount: int = 1) -> int:
        """The GM gains Fear (the pool holds at most 12); returns the pool."""
        return self._fear(amount, +1)

    def spend_fear(self, amount: int = 1) -> int:
        """The GM spends Fear; ValueError when there is not enough."""
        return self._fear(amount, -1)

    def _fear(self, amount: int, sign: int) -> int:
        if self.system != "daggerheart":
            raise ValueError(f"Fear is Daggerheart's, not {self.rules.name}'s")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise ValueError(f"Fear changes by a whole number of 1 or more, not {amount!r}")
        if sign < 0 and amount > self.fear:
            raise ValueError(f"only {self.fear} Fear to spend")
        before = self.fear
        after = min(FEAR_MAX, before + sign * amount)
        full = f" (the pool holds {FEAR_MAX})" if before + amount > FEAR_MAX and sign > 0 else ""
        verb = "gains" if sign > 0 else "spends"
        with self._step("fear", f"the GM {verb} {amount} Fear: {before} → {after}{full}") as step:
            step.meta("fear")
            self.fear = after
        return after
