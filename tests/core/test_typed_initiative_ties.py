"""A typed initiative breaks ties by RULES §7 exactly as a rolled one does
(PF2 family: adversaries first, then the higher modifier; d20-3e: the higher modifier; then
the order added). A delay or ready (set_initiative) goes after the creatures already there."""

from __future__ import annotations

import pytest
from core_support import Stats

from core import Encounter, get_system

PF2_FAMILY = ("pf2e", "sf2e", "vitality-wounds")


def creature(system, name, pc=False, init_mod=0):
    stats: Stats = {"vitality": 20, "wounds": 5} if system == "vitality-wounds" else {"hp": 20}
    return get_system(system).new_creature(name, pc=pc, init_mod=init_mod, **stats)


def names(enc):
    return [enc.creature(c).name for c in enc.order]


@pytest.mark.parametrize("system", PF2_FAMILY)
def test_typed_ties_put_adversaries_first_then_the_higher_modifier(system):
    enc = Encounter(system)
    enc.add(creature(system, "Hero", True, 1), initiative=15)
    enc.add(creature(system, "Orc", False, 1), initiative=15)
    enc.add(creature(system, "Sage", True, 4), initiative=15)
    assert names(enc) == ["Orc", "Sage", "Hero"]
    assert enc.log[-1].details[-1] == (
        "tie at 15: Orc, Sage, Hero (adversaries before player characters, "
        "then the higher modifier first, then the order added)")


def test_d20_typed_ties_put_the_higher_modifier_first():
    enc = Encounter("d20-3e")
    for name, mod in (("A", 1), ("B", 2), ("C", 0), ("Rogue", 5)):
        enc.add(creature("d20-3e", name, True, mod), initiative=14)
    assert names(enc) == ["Rogue", "B", "A", "C"]


def test_equal_keys_keep_the_order_added():
    enc = Encounter("pf2e")
    enc.add(creature("pf2e", "A", False, 2), initiative=12)
    enc.add(creature("pf2e", "B", False, 2), initiative=12)
    assert names(enc) == ["A", "B"]
    assert not enc.log[-1].details or "tie" in enc.log[-1].details[-1]


def test_add_many_typed_follows_the_tie_rules_and_is_one_undo_step():
    enc = Encounter("pf2e")
    enc.add(creature("pf2e", "Hero", True, 3), initiative=15)
    before = enc.to_data()["creatures"]
    enc.add_many([creature("pf2e", f"Goblin {n}", False, 2) for n in (1, 2)], initiative=15)
    assert names(enc) == ["Goblin 1", "Goblin 2", "Hero"]
    enc.undo()
    assert names(enc) == ["Hero"]
    assert enc.to_data()["creatures"] == before


def test_a_typed_tie_with_a_rolled_one_is_broken_by_the_rule(R):
    enc = Encounter("pf2e")
    hero = enc.add(creature("pf2e", "Hero", True, 0))
    enc.roll_initiative([hero], rng=R(14))
    enc.add(creature("pf2e", "Orc", False, 0), initiative=14)
    assert names(enc) == ["Orc", "Hero"]


def test_editing_a_typed_initiative_follows_the_tie_rules():
    enc = Encounter("pf2e")
    orc = enc.add(creature("pf2e", "Orc", False, 0), initiative=10)
    enc.add(creature("pf2e", "Hero", True, 0), initiative=15)
    enc.update(orc, initiative=15)
    assert names(enc) == ["Orc", "Hero"]


def test_typed_ties_survive_save_and_load_and_undo_redo():
    enc = Encounter("pf2e")
    enc.add(creature("pf2e", "Hero", True, 1), initiative=15)
    enc.add(creature("pf2e", "Orc", False, 1), initiative=15)
    assert names(Encounter.from_data(enc.to_data())) == ["Orc", "Hero"]
    enc.undo()
    enc.redo()
    assert names(enc) == ["Orc", "Hero"]


def test_set_initiative_for_a_delay_goes_after_the_creatures_already_there():
    enc = Encounter("pf2e")
    enc.add(creature("pf2e", "Orc", False, 0), initiative=10)
    hero = enc.add(creature("pf2e", "Hero", True, 5), initiative=20)
    enc.set_initiative(hero, 10)      # a delay: after those already at 10, whatever the rule
    assert names(enc) == ["Orc", "Hero"]
    goblin = enc.add(creature("pf2e", "Goblin", False, 0), initiative=20)
    enc.set_initiative(goblin, 10)
    assert names(enc) == ["Orc", "Hero", "Goblin"]


def test_daggerheart_keeps_the_order_the_gm_gave():
    enc = Encounter("daggerheart")
    rs = get_system("daggerheart")
    enc.add(rs.new_creature("PC", pc=True, hp=6, stress=6, major=5, severe=10))
    enc.add(rs.new_creature("Rat", hp=2, stress=1, major=3, severe=6))
    assert names(enc) == ["PC", "Rat"]
