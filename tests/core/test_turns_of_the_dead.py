"""A dead creature's persistent damage stops: no ticks, no flat checks."""

from __future__ import annotations

import random

from core import Encounter, get_system


def test_persistent_damage_that_kills_stops_there() -> None:
    rs = get_system("pf2e")
    goblin = rs.new_creature("Goblin", hp=1)
    rs.add_persistent(goblin, "5 bleed")
    rs.add_persistent(goblin, "5 fire")
    out = rs.end_turn(goblin, rng=random.Random(1))
    assert "dead" in goblin.conditions
    assert out.total == 5  # the bleed killed it; the fire never ticked
    assert not any("flat check" in step for step in out.steps)


def test_the_dead_take_no_turns() -> None:
    enc = Encounter("pf2e", "Aftermath")
    rs = enc.rules
    cid = enc.add(rs.new_creature("Goblin", hp=10), initiative=10)
    enc.add(rs.new_creature("Valeros", hp=30, pc=True), initiative=5)
    enc.add_persistent(cid, "1d6 bleed")
    enc.apply_damage([cid], "20 slashing")
    hp_before = enc.creature(cid).to_state()
    event = enc.next_turn(rng=random.Random(2))
    assert enc.creature(cid).to_state() == hp_before
    assert event.text == "Valeros's turn"
