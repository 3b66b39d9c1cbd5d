"""The attacks counted toward the MAP this turn, by actor (RULES §9, §10): kept, never a change."""

from __future__ import annotations

from collections.abc import Collection

Turn = tuple[int, int]
"""(round, turn index): which turn the counts belong to."""


class Strikes:
    """Attack counts of one turn; a count from another turn reads as none."""

    def __init__(self) -> None:
        self._turn: Turn = (1, 0)
        self._counts: dict[str, int] = {}

    def counted(self, turn: Turn, actor: str, step: int) -> None:
        """The actor's attack at MAP ``step`` counts on ``turn``."""
        counts = self._counts if self._turn == turn else {}
        self._turn, self._counts = turn, {**counts, actor: step + 1}

    def count(self, turn: Turn, actor: str) -> int:
        """How many attacks the actor made on ``turn``."""
        return self._counts.get(actor, 0) if self._turn == turn else 0

    def of(self, turn: Turn, present: Collection[str]) -> dict[str, int]:
        """The counts of ``turn`` for the creatures ``present`` (not the removed)."""
        if self._turn != turn:
            return {}
        return {cid: count for cid, count in self._counts.items() if cid in present}

    def keep(self, turn: Turn, counts: dict[str, int]) -> None:
        """Counts read back from a save, for ``turn``."""
        self._turn, self._counts = turn, dict(counts)
