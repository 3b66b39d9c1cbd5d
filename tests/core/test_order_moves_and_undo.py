"""Moving a creature in the order keeps the active creature up, and undoing the move gives back
both the order and who was active."""

from __future__ import annotations

import pytest
from core_support import Stats

from core import Encounter


def _scene(system: str) -> tuple[Encounter, str, str, str]:
    enc = Encounter(system, "Scene")
    stats: Stats = {"hp": 6}
    if system == "daggerheart":
        ids = [enc.add(enc.rules.new_creature(name, **stats)) for name in "ABC"]
    else:
        ids = [enc.add(enc.rules.new_creature(name, **stats), initiative=init)
               for name, init in zip("ABC", (20, 15, 10), strict=True)]
    a, b, c = ids
    return enc, a, b, c


@pytest.mark.parametrize("system", ["daggerheart", "pf2e"])
def test_moving_the_active_creature_and_undoing_restores_who_is_active(system):
    enc, a, b, c = _scene(system)
    enc.next_turn()
    assert enc.order[enc.turn] == b
    enc.move_in_order(b, 1)                       # the active creature moves below C
    assert enc.order == [a, c, b] and enc.order[enc.turn] == b
    enc.undo()
    assert enc.order == [a, b, c] and enc.order[enc.turn] == b


@pytest.mark.parametrize("system", ["daggerheart", "pf2e"])
def test_moving_another_creature_past_the_active_one_and_undoing_restores_who_is_active(system):
    enc, a, b, c = _scene(system)
    enc.next_turn()
    enc.move_in_order(c, -2)                      # C goes to the top, above the active B
    assert enc.order == [c, a, b] and enc.order[enc.turn] == b
    enc.undo()
    assert enc.order == [a, b, c] and enc.order[enc.turn] == b
