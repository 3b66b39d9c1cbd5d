"""What mutation testing left alive in core/encounter/state.py: the order among
equal initiatives (RULES §7) kept through a delay, an undo and a redo."""

from __future__ import annotations

import pytest

from core import Encounter


def test_a_delay_to_an_initiative_others_hold_goes_after_all_of_them():
    enc = Encounter("pf2e", "Ambush")
    rules = enc.rules
    first = enc.add(rules.new_creature("Scout", hp=5), initiative=10)   # joined before the others
    a = enc.add(rules.new_creature("A", hp=5), initiative=12)
    b = enc.add(rules.new_creature("B", hp=5), initiative=12)
    enc.set_initiative(first, 12)
    assert enc.order == [a, b, first]


def test_the_tie_rules_order_survives_an_undo_and_a_redo_of_a_change_to_one_of_them():
    enc = Encounter("pf2e", "Ambush")
    rules = enc.rules
    hero = enc.add(rules.new_creature("Hero", pc=True, hp=10), initiative=15)
    orc = enc.add(rules.new_creature("Orc", hp=10), initiative=15)
    assert enc.order == [orc, hero]                  # adversaries first, though the hero joined first
    enc.apply_damage([hero], "3 fire")
    enc.undo()
    assert enc.order == [orc, hero]
    enc.redo()
    assert enc.order == [orc, hero]
    again = Encounter.from_data(enc.to_data())
    assert again.order == [orc, hero]
    again.remove(orc)
    again.undo()
    assert again.order == [orc, hero]


def test_the_next_fight_seats_the_party_at_initiative_0_in_their_order_and_keeps_the_settings(R):
    enc = Encounter("pf2e", "Ambush", {"crit_mode": "roll-twice"})
    rules = enc.rules
    kyra = enc.add(rules.new_creature("Kyra", pc=True, hp=10), initiative=20)
    marl = enc.add(rules.new_creature("Marl", pc=True, hp=10), initiative=5)
    enc.add_temp_immunity(kyra, "fear", 1)
    enc.add_temp_immunity(kyra, "sleep", 2)
    enc.next_turn()
    enc.next_turn()                                   # round 2: sleep has one round left, fear none
    nxt = enc.next_encounter("Next")
    assert nxt.settings["crit_mode"] == "roll-twice" and nxt.order == ["c1", "c2"]
    assert [nxt.initiative(c) for c in nxt.order] == [0, 0]
    assert [(t.effect, t.until_round) for t in nxt.creature("c1").temp_immunities] == [("sleep", 2)]
    assert Encounter.from_data(nxt.to_data()).order == ["c1", "c2"]
    assert nxt.roll_initiative(rng=R(3, 9)) == {"c1": 3, "c2": 9}   # in the order they were seated
    assert marl in enc.creatures and enc.round == 2


def test_asking_for_a_creature_not_in_the_encounter_says_which():
    with pytest.raises(KeyError) as caught:
        Encounter(system="pf2e", name="Empty").creature("c9")
    assert caught.value.args == ("no creature 'c9' in this encounter",)
