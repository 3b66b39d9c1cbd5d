"""What mutation testing left alive in core/encounter/turns.py and core/encounter/__init__.py:
a turn passed on in the log's words (RULES §7: the dead and defeated skipped, rounds
counted, immunities expiring), and the next fight keeping the party as it is."""

from __future__ import annotations

import pytest

from core import Encounter


def _three() -> tuple[Encounter, str, str, str]:
    enc = Encounter("pf2e", "Ambush")
    rules = enc.rules
    goblin = enc.add(rules.new_creature("Goblin", hp=15), initiative=20)
    orc = enc.add(rules.new_creature("Orc", hp=15), initiative=15)
    kyra = enc.add(rules.new_creature("Kyra", hp=15, pc=True), initiative=10)
    return enc, goblin, orc, kyra


def test_the_dead_are_skipped_and_said_in_the_turn_that_ended():
    enc, goblin, orc, kyra = _three()
    enc.add_condition(orc, "dead")
    event = enc.next_turn()
    assert (event.kind, event.text, event.details) == ("turn", "Kyra's turn", ("Orc skipped (dead)",))
    assert (event.closing, event.ended) == (1, "Goblin")
    assert (event.meta_before, event.meta_after) == ({"turn": 0}, {"turn": 2})


def test_the_defeated_are_skipped_unless_the_gm_turns_it_off():
    enc, goblin, orc, kyra = _three()
    enc.add_condition(orc, "defeated")
    assert enc.next_turn().details == ("Orc skipped (defeated)",)
    enc.set_setting("skip_defeated", False)
    assert enc.skip_defeated() is False
    enc.next_turn()
    assert enc.active == goblin
    event = enc.next_turn()
    assert (enc.active, event.details, event.closing, event.ended) == (orc, (), 0, "")


def test_a_new_round_is_said_and_expires_the_immunities_that_end_in_it():
    enc, goblin, orc, kyra = _three()
    enc.add_temp_immunity(kyra, "fear", 1)
    enc.add_temp_immunity(goblin, "fire", 2)
    enc.next_turn()
    enc.next_turn()
    event = enc.next_turn()
    assert (event.text, event.details) == ("Goblin's turn (round 2 begins)", ("Kyra: immunity to fear expires",))
    assert (event.meta_before, event.meta_after) == ({"round": 1, "turn": 2}, {"round": 2, "turn": 0})
    assert enc.creature(kyra).temp_immunities == []
    assert [t.effect for t in enc.creature(goblin).temp_immunities] == ["fire"]
    enc.undo()
    assert (enc.round, [t.effect for t in enc.creature(kyra).temp_immunities]) == (1, ["fear"])


def test_frightened_falls_at_the_end_of_its_own_turn_and_is_said_by_name():
    enc, goblin, *_ = _three()
    enc.add_condition(goblin, "frightened", 2)
    event = enc.next_turn()
    assert event.details[0].startswith("Goblin: ") and "frightened" in event.details[0]
    assert enc.conditions_of(goblin) == {"frightened": 1}


def test_the_spotlight_passes_without_rounds():
    enc = Encounter("daggerheart", "Scene")
    enc.add(enc.rules.new_creature("A"))
    enc.add(enc.rules.new_creature("B"))
    assert enc.next_turn().text == "the spotlight passes to B"
    assert enc.next_turn().text == "the spotlight passes to A"
    assert enc.round == 1


def test_no_turn_passes_in_an_empty_encounter():
    with pytest.raises(ValueError, match="^the encounter has no creatures$"):
        Encounter("pf2e").next_turn()


def test_the_next_fight_keeps_the_party_its_fear_and_what_is_left_of_its_immunities():
    enc = Encounter("daggerheart", "Scene")
    rules = enc.rules
    enc.add(rules.new_creature("Bear"))
    kyra = enc.add(rules.new_creature("Kyra", pc=True, hp=6))
    marl = enc.add(rules.new_creature("Marl", pc=True, hp=6))
    enc.gain_fear(4)
    enc.add_temp_immunity(kyra, "fear", 1)
    enc.add_temp_immunity(marl, "fire", 3)
    enc.round = 2                                     # two rounds in: fire has two to go, fear none
    nxt = enc.next_encounter("Next")
    assert (nxt.name, nxt.system, nxt.round, nxt.fear, nxt.log) == ("Next", "daggerheart", 1, 4, [])
    assert [(cid, c.name) for cid, c in nxt.creatures.items()] == [("c1", "Kyra"), ("c2", "Marl")]
    assert nxt.creature("c1").temp_immunities == []
    assert [(t.effect, t.until_round) for t in nxt.creature("c2").temp_immunities] == [("fire", 3)]
    assert nxt.add(rules.new_creature("Wolf")) == "c3"
    assert [c.name for c in enc.creatures.values()] == ["Bear", "Kyra", "Marl"]   # this one unchanged


def test_undoing_a_new_round_gives_back_an_expired_immunity_of_a_creature_not_up():
    enc, goblin, orc, kyra = _three()
    enc.add_temp_immunity(orc, "fear", 1)             # Orc neither ends nor starts the turn
    for _ in range(3):
        enc.next_turn()
    assert (enc.round, enc.creature(orc).temp_immunities) == (2, [])
    enc.undo()
    assert [t.effect for t in enc.creature(orc).temp_immunities] == ["fear"]
