"""core.dice.modifiers.stack: typed stacking per RULES §1."""

from __future__ import annotations

import pytest

from core.dice.modifiers import stack


@pytest.mark.parametrize("mods,total", [
    ([], 0),
    ([("status", 1), ("status", 2), ("untyped", -1)], 1),      # the DESIGN example
    ([("status", 1), ("status", 2)], 2),                       # same-type bonuses: highest
    ([("circumstance", 2), ("status", 1), ("item", 1)], 4),    # different types add
    ([("status", -1), ("status", -3)], -3),                    # same-type penalties: worst
    ([("untyped", -1), ("untyped", -2)], -3),                  # untyped penalties all add
    ([("untyped", 1), ("untyped", 2)], 3),                     # untyped bonuses all add
    ([("status", 2), ("status", -1)], 1),                      # best bonus and worst penalty
    ([("status", 2), ("status", 3), ("status", -1), ("status", -2)], 1),
    ([("item", 1), ("circumstance", -2), ("untyped", 4), ("untyped", -1)], 2),
    ([("status", 0)], 0),
])
def test_stack(mods, total):
    assert stack(mods) == total


@pytest.mark.parametrize("system,kind", [
    ("pf2e", "circumstance"), ("pf2e", "status"), ("pf2e", "item"),
    ("sf2e", "status"),
    ("vitality-wounds", "feat"), ("vitality-wounds", "origin"),
    ("vitality-wounds", "supernatural"), ("vitality-wounds", "item"),
    ("vitality-wounds", "circumstance"),
    ("daggerheart", "anything"), ("d20-3e", "morale"), ("d20-3e", "enhancement"),
])
def test_known_types_per_system(system, kind):
    assert stack([(kind, 2), (kind, 3), ("untyped", 1)], system=system) == 4


@pytest.mark.parametrize("system,kind", [
    ("pf2e", "feat"), ("pf2e", "morale"), ("sf2e", "origin"),
    ("vitality-wounds", "status"),
])
def test_unknown_bonus_type_is_value_error(system, kind):
    with pytest.raises(ValueError):
        stack([(kind, 1)], system=system)


def test_untyped_always_accepted():
    for system in ("pf2e", "sf2e", "vitality-wounds", "daggerheart", "d20-3e"):
        assert stack([("untyped", 2), ("untyped", -3)], system=system) == -1


def test_no_system_accepts_any_type():
    assert stack([("morale", 2), ("morale", 1)]) == 2
