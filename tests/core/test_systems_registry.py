"""The registry of systems and the dice they share, at their edges (the
survivors of a mutmut sample of core/systems/__init__.py and core/systems/rolls.py): the
message naming an unknown system, the DC 15 flat check's bounds and its message, a total
halved once and shared out, and kept dice replayed in order."""

from __future__ import annotations

import pytest

from core.systems import SYSTEM_IDS, get_system
from core.systems.rolls import flat_check, halve_shared


@pytest.mark.parametrize("asked,shown", [("pf3e", "'pf3e'"), (None, "None"), (["pf2e"], "['pf2e']")])
def test_an_unknown_system_is_named_with_every_known_one(asked, shown):
    with pytest.raises(ValueError) as info:
        get_system(asked)
    assert str(info.value) == (f"unknown system {shown}; known: "
                               "pf2e, sf2e, vitality-wounds, daggerheart, d20-3e")
    assert SYSTEM_IDS == ("pf2e", "sf2e", "vitality-wounds", "daggerheart", "d20-3e")


@pytest.mark.parametrize("roll,ok", [(1, False), (14, False), (15, True), (20, True)])
def test_a_flat_check_takes_any_d20_and_succeeds_from_15(roll, ok):
    assert flat_check(None, roll) == (roll, ok)


@pytest.mark.parametrize("roll", [0, 21, -3, True, "15", 15.0])
def test_a_flat_check_refuses_what_is_not_a_d20_roll(roll):
    with pytest.raises(ValueError) as info:
        flat_check(None, roll)
    assert str(info.value) == f"a flat check is a d20 roll from 1 to 20, not {roll!r}"


def test_a_flat_check_rolls_a_d20_when_no_roll_is_given(R):
    rng = R(15)
    assert flat_check(rng, None) == (15, True)
    assert rng.calls == [(1, 20)]


@pytest.mark.parametrize("values,shares", [
    ([3, 3], [2, 1]),            # RULES §2 Step 1b: 6 halved is 3, the spare point to the first
    ([1, 1, 1, 1], [1, 1, 0, 0]),  # two points lost to rounding, one each in written order
    ([2, 3, 3], [1, 2, 1]),      # an even amount takes no spare point
    ([5], [2]),
    ([4, 6], [2, 3]),
    ([], []),
])
def test_a_total_is_halved_once_and_shared_in_the_order_written(values, shares):
    assert halve_shared(values) == shares
    assert sum(halve_shared(values)) == sum(values) // 2
