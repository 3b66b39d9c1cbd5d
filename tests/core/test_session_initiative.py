"""RULES §7 initiative and turns: d20 + modifier, the ties of each system, delay and ready,
Daggerheart's GM-ordered spotlight and Fear, and next turn skipping the defeated."""

from __future__ import annotations

import pytest
from core_support import Stats

from core import Encounter, get_system

PF2_FAMILY = ("pf2e", "sf2e", "vitality-wounds")
WITH_INITIATIVE = (*PF2_FAMILY, "d20-3e")


def creature(system, name, pc=False, init_mod=0):
    rs = get_system(system)
    stats: Stats = {"vitality": 20, "wounds": 5} if system == "vitality-wounds" else {"hp": 20}
    return rs.new_creature(name, pc=pc, init_mod=init_mod, **stats)


def roster(system, *specs):
    """(name, pc, init_mod) ... -> encounter, ids by name."""
    enc = Encounter(system, "Ambush")
    ids = {name: enc.add(creature(system, name, pc, mod)) for name, pc, mod in specs}
    return enc, ids


def names(enc):
    return [enc.creature(c).name for c in enc.order]


# ------------------------------------------------------------------ rolling


def test_init_mod_defaults_to_zero_and_is_stored():
    rs = get_system("pf2e")
    assert rs.new_creature("A", hp=5).init_mod == 0
    assert rs.new_creature("B", hp=5, init_mod=7).init_mod == 7
    with pytest.raises(ValueError, match="init_mod"):
        # a str on purpose: the refusal of a non-integer init_mod is what is checked
        rs.new_creature("C", hp=5, init_mod="7")  # type: ignore[arg-type]


@pytest.mark.parametrize("system", WITH_INITIATIVE)
def test_roll_is_d20_plus_modifier_and_sets_the_order(system, R):
    enc, ids = roster(system, ("A", False, 2), ("B", True, -1), ("C", False, 0))
    rolled = enc.roll_initiative(rng=R(5, 17, 10))
    assert rolled == {ids["A"]: 7, ids["B"]: 16, ids["C"]: 10}
    assert names(enc) == ["B", "C", "A"]
    assert enc.initiative(ids["B"]) == 16
    assert enc.active == ids["B"]      # before the first turn the top of the order is up
    assert enc.log[-1].text == "initiative: A 7, B 16, C 10"
    assert enc.log[-1].details[0] == "A: initiative 7 (d20 5 +2)"
    assert enc.log[-1].details[1] == "B: initiative 16 (d20 17 −1)"


@pytest.mark.parametrize("system", PF2_FAMILY)
def test_pf2_family_ties_adversaries_first_then_higher_modifier(system, R):
    enc, ids = roster(system, ("Fighter", True, 5), ("Goblin", False, 3), ("Ogre", False, 5),
                      ("Wizard", True, 5))
    # Fighter 10+5, Goblin 12+3, Ogre 10+5, Wizard 10+5: all 15
    enc.roll_initiative(rng=R(10, 12, 10, 10))
    assert names(enc) == ["Ogre", "Goblin", "Fighter", "Wizard"]
    assert enc.log[-1].details[-1] == (
        "tie at 15: Ogre, Goblin, Fighter, Wizard (adversaries before player characters, "
        "then the higher modifier first, then the order added)")


def test_d20_ties_higher_modifier_then_order_added(R):
    enc, ids = roster("d20-3e", ("Fighter", True, 5), ("Goblin", False, 3), ("Ogre", False, 5),
                      ("Wizard", True, 6))
    enc.roll_initiative(rng=R(10, 12, 10, 9))
    assert names(enc) == ["Wizard", "Fighter", "Ogre", "Goblin"]


def test_rolling_some_creatures_leaves_the_others(R):
    enc, ids = roster("pf2e", ("A", False, 0), ("B", False, 0), ("C", False, 0))
    enc.set_initiative(ids["A"], 12)
    assert enc.roll_initiative([ids["C"]], rng=R(15)) == {ids["C"]: 15}
    assert enc.initiative(ids["A"]) == 12 and enc.initiative(ids["B"]) == 0
    assert names(enc) == ["C", "A", "B"]


def test_a_tie_with_a_creature_rolled_earlier_is_broken_by_the_rule(R):
    enc, ids = roster("pf2e", ("Fighter", True, 0), ("Goblin", False, 0))
    enc.roll_initiative([ids["Fighter"]], rng=R(14))
    enc.roll_initiative([ids["Goblin"]], rng=R(14))
    assert names(enc) == ["Goblin", "Fighter"]


def test_roll_initiative_is_one_undo_step(R):
    enc, ids = roster("pf2e", ("A", False, 0), ("B", True, 0))
    before = enc.to_data()["creatures"]
    enc.roll_initiative(rng=R(3, 3))
    enc.undo()
    assert enc.to_data()["creatures"] == before


def test_roll_initiative_bad_ids():
    enc, ids = roster("pf2e", ("A", False, 0))
    with pytest.raises(KeyError, match="c9"):
        enc.roll_initiative(["c9"])
    with pytest.raises(ValueError, match="no creatures"):
        enc.roll_initiative([])


def test_mid_fight_roll_keeps_the_active_creature(R):
    enc, ids = roster("pf2e", ("A", False, 0), ("B", False, 0))
    enc.roll_initiative(rng=R(10, 5))
    enc.next_turn()
    assert enc.active == ids["B"]
    late = enc.add(creature("pf2e", "Late"))
    enc.roll_initiative([late], rng=R(20))
    assert enc.active == ids["B"]
    assert names(enc) == ["Late", "A", "B"]


# ------------------------------------------------------------------ delay and ready


def test_set_initiative_gives_a_new_place_after_equals(R):
    enc, ids = roster("pf2e", ("A", False, 0), ("B", False, 0), ("C", False, 0))
    enc.roll_initiative(rng=R(15, 10, 5))
    enc.set_initiative(ids["A"], 10)
    assert names(enc) == ["B", "A", "C"]
    assert enc.initiative(ids["A"]) == 10
    assert enc.log[-1].text == "A: initiative 15 → 10"
    enc.undo()
    assert names(enc) == ["A", "B", "C"]


def test_set_initiative_rejects_non_numbers():
    enc, ids = roster("pf2e", ("A", False, 0))
    with pytest.raises(ValueError, match="whole number"):
        enc.set_initiative(ids["A"], "high")


@pytest.mark.parametrize("system", ("pf2e", "daggerheart"))
def test_move_in_order_up_and_down(system):
    enc, ids = roster(system, ("A", False, 0), ("B", False, 0), ("C", False, 0))
    enc.move_in_order(ids["C"], -1)
    assert names(enc) == ["A", "C", "B"]
    enc.move_in_order(ids["A"], 2)
    assert names(enc) == ["C", "B", "A"]
    enc.undo()
    assert names(enc) == ["A", "C", "B"]
    with pytest.raises(ValueError, match="already first"):
        enc.move_in_order(ids["A"], -1)


def test_move_takes_the_neighbours_initiative(R):
    enc, ids = roster("pf2e", ("A", False, 0), ("B", False, 0), ("C", False, 0))
    enc.roll_initiative(rng=R(15, 10, 5))
    enc.move_in_order(ids["A"], 1)   # delays past B
    assert names(enc) == ["B", "A", "C"]
    assert enc.initiative(ids["A"]) == 10


def test_initiative_and_places_survive_save_and_load(R):
    enc, ids = roster("pf2e", ("Fighter", True, 1), ("Goblin", False, 1))
    enc.roll_initiative(rng=R(9, 9))
    again = Encounter.from_data(enc.to_data())
    assert names(again) == ["Goblin", "Fighter"]
    assert again.creature(ids["Fighter"]).init_mod == 1


def test_update_edits_init_mod():
    enc, ids = roster("pf2e", ("A", False, 0))
    enc.update(ids["A"], init_mod=4)
    assert enc.creature(ids["A"]).init_mod == 4
    with pytest.raises(ValueError, match="init_mod"):
        enc.update(ids["A"], init_mod=None)


# ------------------------------------------------------------------ skipping


@pytest.mark.parametrize("system", WITH_INITIATIVE)
def test_next_turn_skips_the_dead(system):
    enc, ids = roster(system, ("A", False, 0), ("B", False, 0), ("C", False, 0))
    enc.add_condition(ids["B"], "dead")
    enc.next_turn()
    assert enc.active == ids["C"]
    assert "B skipped (dead)" in enc.log[-1].details


def test_next_turn_skips_defeated_and_counts_the_round_when_wrapping():
    enc, ids = roster("pf2e", ("A", False, 0), ("B", False, 0), ("C", False, 0))
    enc.add_condition(ids["A"], "defeated")
    for _ in range(3):
        enc.next_turn()
    assert enc.active == ids["B"] and enc.round == 2
    assert enc.log[-1].text == "B's turn (round 2 begins)"
    assert enc.log[-1].details == ("A skipped (defeated)",)


def test_unconscious_and_dying_keep_their_turns():
    enc, ids = roster("pf2e", ("A", False, 0), ("B", True, 0))
    enc.set_condition(ids["B"], "dying", 1)
    enc.next_turn()
    assert enc.active == ids["B"]


def test_skipping_can_be_turned_off():
    enc = Encounter("pf2e", "Ambush", settings={"skip_defeated": False})
    a = enc.add(creature("pf2e", "A"))
    b = enc.add(creature("pf2e", "B"))
    enc.add_condition(b, "dead")
    enc.next_turn()
    assert enc.active == b
    assert enc.skip_defeated() is False
    assert a


def test_when_everyone_is_dead_the_turn_still_passes():
    enc, ids = roster("pf2e", ("A", False, 0), ("B", False, 0))
    for cid in ids.values():
        enc.add_condition(cid, "dead")
    enc.next_turn()
    assert enc.active == ids["B"]


# ------------------------------------------------------------------ Daggerheart


def test_daggerheart_has_no_initiative_and_counts_no_rounds():
    enc, ids = roster("daggerheart", ("A", False, 0), ("B", True, 0))
    with pytest.raises(ValueError, match="no initiative"):
        enc.roll_initiative()
    enc.next_turn()
    enc.next_turn()
    assert enc.round == 1
    assert enc.active == ids["A"]
    assert enc.log[-1].text == "the spotlight passes to A"


def test_daggerheart_joining_names_no_initiative():
    """RULES §7: no initiative, so joining says where on the list, never "(initiative 0)"."""
    enc, ids = roster("daggerheart", ("A", False, 0))
    assert enc.log[-1].text == "A joins"
    enc.add_many([creature("daggerheart", "Rat 1"), creature("daggerheart", "Rat 2")])
    assert enc.log[-1].text == "Rat 1, Rat 2 join"
    enc.add(creature("daggerheart", "Scout"), initiative=20)   # ahead of the others
    assert names(enc)[0] == "Scout"
    assert enc.log[-1].text == "Scout joins at place 1"


def test_systems_with_initiative_still_say_it_when_joining():
    enc, _ = roster("pf2e", ("A", False, 0))
    assert enc.log[-1].text == "A joins (initiative 0)"


def test_fear_gain_and_spend_in_0_to_12():
    enc = Encounter("daggerheart", "Scene")
    assert enc.fear == 0
    assert enc.gain_fear(3) == 3
    assert enc.spend_fear() == 2
    assert enc.gain_fear(20) == 12
    assert enc.log[-1].text == "the GM gains 20 Fear: 2 → 12 (the pool holds 12)"
    with pytest.raises(ValueError, match="only 12 Fear"):
        enc.spend_fear(13)
    with pytest.raises(ValueError, match="1 or more"):
        enc.gain_fear(0)
    enc.undo()
    assert enc.fear == 2
    assert Encounter.from_data(enc.to_data()).fear == 2


def test_fear_is_daggerheart_only():
    with pytest.raises(ValueError, match="Daggerheart"):
        Encounter("pf2e").gain_fear()


# ------------------------------------------------------------------ adding with rolled initiative


def test_adding_with_rolled_initiative_is_one_undo_step(R):
    """The add form and the bestiary add a batch and roll for it in one event."""
    enc, ids = roster("pf2e", ("Fighter", True, 0))
    enc.set_initiative(ids["Fighter"], 12)
    before = enc.to_data()
    goblins = [creature("pf2e", f"Goblin {n}", init_mod=2) for n in (1, 2)]
    added = enc.add_many(goblins, roll=True, rng=R(13, 5))
    assert [enc.initiative(c) for c in added] == [15, 7]
    assert names(enc) == ["Goblin 1", "Fighter", "Goblin 2"]
    assert len(enc.log) == len(before["ledger"]) + 1
    event = enc.log[-1]
    assert event.text == "Goblin 1, Goblin 2 join, initiative rolled: Goblin 1 15, Goblin 2 7"
    assert event.details == ("Goblin 1: initiative 15 (d20 13 +2)", "Goblin 2: initiative 7 (d20 5 +2)")
    assert event.changed_ids == frozenset(added)
    enc.undo()
    assert enc.to_data()["creatures"] == before["creatures"]
    enc.redo()
    assert [enc.initiative(c) for c in added] == [15, 7]


def test_adding_with_rolled_initiative_breaks_ties_as_a_roll_does(R):
    enc, ids = roster("pf2e", ("Fighter", True, 2))
    enc.set_initiative(ids["Fighter"], 15)
    added = enc.add_many([creature("pf2e", "Goblin", init_mod=2)], roll=True, rng=R(13))
    assert enc.initiative(added[0]) == 15
    assert names(enc) == ["Goblin", "Fighter"]  # PF2: adversaries first on a tie (RULES §7)
    assert enc.log[-1].details[-1].startswith("tie at 15: Goblin, Fighter")
    assert enc.log[-1].text == "Goblin joins, initiative rolled: Goblin 15"


def test_adding_with_rolled_initiative_needs_a_system_with_initiative():
    enc = Encounter("daggerheart", "Scene")
    rs = get_system("daggerheart")
    with pytest.raises(ValueError, match="no initiative"):
        enc.add_many([rs.new_creature("Marlow", hp=6)], roll=True)
    assert enc.creatures == {} and enc.log == []
