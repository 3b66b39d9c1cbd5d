"""Typed modifier stacking (Step 1 of every source)."""

from __future__ import annotations

from collections.abc import Iterable

from core.text.i18n import tr

UNTYPED = "untyped"

# Typed vocabulary per system; None means any type word is accepted.
BONUS_TYPES: dict[str, frozenset[str] | None] = {
    "pf2e": frozenset({"circumstance", "status", "item"}),
    "sf2e": frozenset({"circumstance", "status", "item"}),
    "vitality-wounds": frozenset({"circumstance", "feat", "origin", "supernatural", "item"}),
    "daggerheart": None,
    "d20-3e": None,
}


def stack(modifiers: Iterable[tuple[str | None, int]], system: str | None = None) -> int:
    """Total of typed modifiers: per type the best bonus and the worst penalty; untyped all add.

    With ``system`` given, a bonus type that system does not know raises ValueError.
    """
    allowed = BONUS_TYPES.get(system) if system else None
    if system and system not in BONUS_TYPES:
        raise ValueError(tr('unknown system {system}; known: {value}', system=repr(system), value=', '.join(BONUS_TYPES)))
    best: dict[str, int] = {}
    worst: dict[str, int] = {}
    total = 0
    for kind, value in modifiers:
        kind = (kind or UNTYPED).lower()
        if kind == UNTYPED:
            total += value
            continue
        if allowed is not None and kind not in allowed:
            raise ValueError(
                tr('{kind} is not a bonus type in {system}; use one of: {value}, untyped', kind=repr(kind), system=system, value=', '.join(sorted(allowed))))
        if value >= 0:
            best[kind] = max(best.get(kind, 0), value)
        else:
            worst[kind] = min(worst.get(kind, 0), value)
    return total + sum(best.values()) + sum(worst.values())
