"""What mutation testing left alive in core/encounter/initiative.py: moving in
the order (Daggerheart's spotlight list), a delay after its equals, refusals in words."""

from __future__ import annotations

import pytest
from core_support import refused

from core import Encounter


def _spotlight() -> tuple[Encounter, str, str, str]:
    enc = Encounter("daggerheart", "Scene")
    a, b, c = (enc.add(enc.rules.new_creature(name)) for name in "ABC")
    return enc, a, b, c


def test_moving_up_or_down_says_the_new_place_and_stops_at_the_ends():
    enc, a, b, c = _spotlight()
    event = enc.move_in_order(c, -5)
    assert (event.kind, event.text, enc.order) == ("initiative", "C moves up to place 1", [c, a, b])
    assert enc.move_in_order(a, 1).text == "A moves down to place 3"
    assert enc.order == [c, b, a]
    assert enc.move_in_order(c, 9).text == "C moves down to place 3"
    assert enc.order == [b, a, c]
    enc.undo()
    assert enc.order == [c, b, a]


def test_moving_past_an_end_is_refused_by_name():
    enc, a, _, c = _spotlight()
    assert refused(enc.move_in_order, a, -1) == "A is already first"
    assert refused(enc.move_in_order, c, 2) == "C is already last"


@pytest.mark.parametrize("places", [0, True, 1.0, "1"])
def test_places_to_move_is_a_whole_number_other_than_zero(places):
    enc, a, *_ = _spotlight()
    assert refused(enc.move_in_order, a, places) == \
        f"places to move is a whole number other than 0, not {places!r}"


def test_a_move_takes_the_new_neighbours_initiative():
    enc = Encounter("pf2e", "Ambush")
    rules = enc.rules
    a = enc.add(rules.new_creature("A", hp=5), initiative=20)
    b = enc.add(rules.new_creature("B", hp=5), initiative=15)
    c = enc.add(rules.new_creature("C", hp=5), initiative=10)
    enc.move_in_order(c, -1)
    assert (enc.order, enc.initiative(c)) == ([a, c, b], 15)


def test_a_delay_goes_after_its_equals_and_keeps_the_active_creature_up():
    enc = Encounter("pf2e", "Ambush")
    rules = enc.rules
    goblin = enc.add(rules.new_creature("Goblin", hp=5), initiative=12)
    orc = enc.add(rules.new_creature("Orc", hp=5), initiative=10)
    event = enc.set_initiative(orc, 12)
    assert (event.kind, event.text, enc.order) == ("initiative", "Orc: initiative 10 → 12", [goblin, orc])
    enc.next_turn()
    assert enc.active == orc
    enc.set_initiative(goblin, 5)
    assert (enc.order, enc.active) == ([orc, goblin], orc)
    enc.undo()
    assert (enc.order, enc.active, enc.initiative(goblin)) == ([goblin, orc], orc, 12)


def test_rolling_for_no_one_or_where_there_is_no_initiative_is_refused():
    enc = Encounter("pf2e", "Ambush")
    assert refused(enc.roll_initiative, []) == "no creatures to roll initiative for"
    spot, *_ = _spotlight()
    assert refused(spot.roll_initiative) == \
        "Daggerheart has no initiative: the GM orders the list (move_in_order)"


def test_rolling_for_one_names_only_it_and_says_each_roll(R):
    enc = Encounter("pf2e", "Ambush")
    rules = enc.rules
    goblin = enc.add(rules.new_creature("Goblin", hp=5, init_mod=3), initiative=12)
    orc = enc.add(rules.new_creature("Orc", hp=5), initiative=10)
    assert enc.roll_initiative(orc, rng=R(4)) == {orc: 4}
    event = enc.log[-1]
    assert (event.text, event.details) == ("initiative: Orc 4", ("Orc: initiative 4 (d20 4 +0)",))
    assert enc.roll_initiative(rng=R(9, 15)) == {goblin: 12, orc: 15}   # everyone, in the order added


def test_a_tie_rolled_is_broken_by_the_rule_and_said(R):
    enc = Encounter("pf2e", "Ambush")
    rules = enc.rules
    hero = enc.add(rules.new_creature("Hero", pc=True, hp=5))
    orc = enc.add(rules.new_creature("Orc", hp=5))
    enc.roll_initiative(rng=R(15, 15))
    assert enc.order == [orc, hero]
    assert enc.log[-1].details[-1].startswith("tie at 15: Orc, Hero (")
