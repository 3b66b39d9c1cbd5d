"""An evening of play, in the core: a three-round PF2e fight with six goblins, a frightened
fighter and a dying PC making recovery checks, carried into the next encounter; and a
Daggerheart scene with Stress and Fear. Every step undoes back to the start."""

from __future__ import annotations

import random

from core import Encounter, get_system, log_markdown


def test_three_round_pf2e_fight_then_the_next_encounter():
    rs = get_system("pf2e")
    enc = Encounter("pf2e", "Goblin Bridge")
    fighter = enc.add(rs.new_creature("Valeros", pc=True, hp=40, init_mod=5))
    cleric = enc.add(rs.new_creature("Kyra", pc=True, hp=12, init_mod=3))
    goblins = enc.add_many([rs.new_creature(f"Goblin {i}", hp=6, init_mod=2) for i in range(1, 7)])
    start, steps = enc.to_data(), len(enc.log)
    rng = random.Random(11)
    enc.roll_initiative(rng=rng)
    assert len(set(enc.order)) == 8
    enc.add_condition(fighter, "frightened", 2)
    enc.apply_damage([cleric], "12 slashing")               # Kyra drops: dying 1
    assert enc.conditions_of(cleric) == {"dying": 1, "unconscious": None}
    enc.apply_damage(goblins[:2], "2d6 fire", saves={goblins[0]: "success"}, rng=rng)
    while enc.round < 4:
        enc.next_turn(rng=rng)
    text = "\n".join(line for e in enc.log for line in e.details)
    assert "Kyra: recovery check 20 vs DC 11: critical success (natural 20: one step better)" in text
    assert enc.conditions_of(cleric) == {"unconscious": None, "wounded": 1}
    assert "Goblin 2 skipped (dead)" in text
    assert "Valeros: frightened 2 → 1 (end of its turn)" in text
    assert "Valeros: frightened 1 → 0: no longer frightened (end of its turn)" in text
    markdown = log_markdown(enc)
    assert "## Round 1" in markdown and "## Round 3" in markdown
    nxt = enc.next_encounter("The Keep")
    assert sorted(nxt.creature(c).name for c in nxt.order) == ["Kyra", "Valeros"]
    kyra = next(c for c in nxt.order if nxt.creature(c).name == "Kyra")
    assert nxt.conditions_of(kyra) == {"unconscious": None, "wounded": 1}
    while len(enc.log) > steps:
        enc.undo()
    assert {k: v for k, v in enc.to_data().items() if k != "redo"} == \
        {k: v for k, v in start.items() if k != "redo"}


def test_a_daggerheart_scene_with_stress_and_fear():
    rs = get_system("daggerheart")
    enc = Encounter("daggerheart", "Sewers")
    marlow = enc.add(rs.new_creature("Marlow", pc=True, hp=6, stress=2))
    rat = enc.add(rs.new_creature("Giant Rat", hp=1, stress=1, major=3, severe=5))
    enc.move_in_order(rat, -1)
    assert enc.active == rat
    enc.gain_fear(2)
    enc.mark_stress(marlow, 2)
    assert "vulnerable" in enc.conditions_of(marlow)
    enc.mark_stress(marlow)                                 # no slot: 1 HP
    assert enc.creature(marlow).hp_marked == 1
    enc.spend_fear()
    enc.apply_damage([rat], "4")
    assert "defeated" in enc.conditions_of(rat)
    enc.next_turn()
    enc.next_turn()                                          # the rat is skipped
    assert enc.active == marlow and enc.round == 1
    enc.clear_stress(marlow)
    assert "vulnerable" not in enc.conditions_of(marlow)
    nxt = enc.next_encounter("Sewers, deeper")
    assert [nxt.creature(c).name for c in nxt.order] == ["Marlow"] and nxt.fear == 1
