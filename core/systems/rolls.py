"""The dice every system shares: kept dice replayed, a total halved once and shared, the flat check."""

from __future__ import annotations

from collections.abc import Sequence

from core.dice.expression import RandomSource, _default_rng
from core.text.i18n import tr

FLAT_CHECK_DC = 15


class _KeptDice:
    """A dice source that replays the dice a part already rolled, then rolls and keeps more."""

    __slots__ = ("kept", "at", "rng")

    def __init__(self, kept: tuple[int, ...], rng: RandomSource) -> None:
        self.kept = list(kept)
        self.at = 0
        self.rng = rng

    def randint(self, a: int, b: int) -> int:
        """The next kept die, or a new one (kept from now on)."""
        if self.at == len(self.kept):
            self.kept.append(self.rng.randint(a, b))
        self.at += 1
        return self.kept[self.at - 1]


def halve_shared(values: Sequence[int]) -> list[int]:
    """Half of the total, rounded down once, shared out: each gets half its own amount rounded
    down, then the points the rounding lost go one each to the odd amounts, in the order written
    (RULES §2 Step 1b Decision, pf2e; §4 for d20-3e's Reflex half): 3 and 3 → 2 and 1."""
    shares = [v // 2 for v in values]
    spare = sum(values) // 2 - sum(shares)
    for index, value in enumerate(values):
        if spare <= 0:
            break
        if value % 2:
            shares[index] += 1
            spare -= 1
    return shares


def flat_check(rng: RandomSource | None, roll: int | None) -> tuple[int, bool]:
    """A DC 15 flat check: the d20 (rolled or given) and whether it succeeded."""
    value = roll if roll is not None else (rng or _default_rng).randint(1, 20)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 20:
        raise ValueError(tr('a flat check is a d20 roll from 1 to 20, not {value}', value=repr(value)))
    return value, value >= FLAT_CHECK_DC
