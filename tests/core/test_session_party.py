"""RULES §7 Daggerheart Stress (overflow into 1 HP, Vulnerable at the last slot), carrying
the party into the next encounter, and the log exported as Markdown."""

from __future__ import annotations

import pytest

from core import Encounter, get_system
from core.views.log_export import escape, log_markdown

# ------------------------------------------------------------------ Stress


def scene(stress=3, hp=6, pc=True):
    enc = Encounter("daggerheart", "Scene")
    cid = enc.add(get_system("daggerheart").new_creature("Marlow", pc=pc, hp=hp, stress=stress))
    return enc, cid


def test_marking_stress_fills_slots():
    enc, cid = scene()
    out = enc.mark_stress(cid, 2)
    c = enc.creature(cid)
    assert (c.stress_marked, c.hp_marked) == (2, 0)
    assert out.steps == ("mark 2 Stress: 0 → 2 of 3",)
    assert "vulnerable" not in c.conditions


def test_marking_the_last_stress_makes_vulnerable_until_one_is_cleared():
    enc, cid = scene()
    enc.mark_stress(cid, 3)
    assert enc.conditions_of(cid) == {"vulnerable": None}
    assert enc.log[-1].text == ("Marlow: mark 3 Stress: 0 → 3 of 3; "
                                "last Stress marked: vulnerable until a Stress is cleared")
    enc.clear_stress(cid)
    c = enc.creature(cid)
    assert c.stress_marked == 2 and "vulnerable" not in c.conditions


@pytest.mark.parametrize(("marked", "amount", "stress_after", "hp_after"), [
    (3, 1, 3, 1),     # no slot left: 1 HP instead
    (3, 4, 3, 1),     # however many did not fit: still 1 HP
    (2, 3, 3, 1),     # one fits, two do not: the slot and 1 HP
])
def test_stress_that_does_not_fit_marks_one_hp(marked, amount, stress_after, hp_after):
    enc, cid = scene()
    enc.mark_stress(cid, marked)
    out = enc.mark_stress(cid, amount)
    c = enc.creature(cid)
    assert (c.stress_marked, c.hp_marked) == (stress_after, hp_after)
    assert out.hp_marked == 1
    assert f"{amount - (3 - marked)} Stress with no slot left: mark 1 HP instead: 0 → 1 of 6" in out.steps


def test_a_creature_without_stress_slots_marks_hp():
    enc, cid = scene(stress=0)
    enc.mark_stress(cid, 2)
    assert enc.creature(cid).hp_marked == 1


def test_stress_overflow_on_the_last_hp_defeats_an_adversary():
    enc, cid = scene(stress=1, hp=1, pc=False)
    enc.mark_stress(cid, 2)
    assert enc.conditions_of(cid) == {"defeated": None}     # Vulnerable: PCs only (RULES §7)


def test_stress_is_one_undo_step_and_checked():
    enc, cid = scene()
    enc.mark_stress(cid, 3)
    enc.undo()
    c = enc.creature(cid)
    assert (c.stress_marked, c.conditions) == (0, set())
    with pytest.raises(ValueError, match="1 or more"):
        enc.mark_stress(cid, 0)


def test_stress_is_daggerheart_only():
    enc = Encounter("pf2e")
    cid = enc.add(get_system("pf2e").new_creature("A", hp=5))
    with pytest.raises(ValueError, match="no Stress"):
        enc.mark_stress(cid)
    with pytest.raises(ValueError, match="no Stress"):
        enc.clear_stress(cid)


# ------------------------------------------------------------------ the next encounter


def test_next_encounter_keeps_the_pcs_as_they_are(R):
    enc = Encounter("pf2e", "Act 1", settings={"crit_mode": "roll-twice", "flat_checks": "ask"})
    rs = enc.rules
    kyra = enc.add(rs.new_creature("Kyra", pc=True, hp=30, temp_hp=5, init_mod=3))
    gob = enc.add(rs.new_creature("Goblin", hp=10))
    ezren = enc.add(rs.new_creature("Ezren", pc=True, hp=20))
    enc.apply_damage([kyra], "12 fire", rng=R())
    enc.add_persistent(kyra, "1d6 bleed")
    enc.add_condition(kyra, "frightened", 2)
    enc.set_condition(ezren, "wounded", 1)
    enc.next_turn(rng=R(5))          # Kyra's bleed: 5; its flat check waits for the GM
    nxt = enc.next_encounter("Act 2")
    assert (nxt.name, nxt.system, nxt.round, nxt.turn, nxt.log) == ("Act 2", "pf2e", 1, 0, [])
    assert nxt.settings == enc.settings
    names = [nxt.creature(c).name for c in nxt.order]
    assert names == ["Kyra", "Ezren"]
    k = nxt.creature(nxt.order[0])
    assert (k.hp, k.temp_hp, k.init_mod) == (18, 0, 3)
    assert [p.formula for p in k.persistent] == ["1d6 bleed"]
    assert nxt.conditions_of(nxt.order[0]) == {"frightened": 1}   # fell at the end of her turn
    assert nxt.conditions_of(nxt.order[1]) == {"wounded": 1}
    # the encounter it came from is untouched, and the two do not share creatures
    assert enc.creature(gob).name == "Goblin" and len(enc.log) == 8
    nxt.apply_damage([nxt.order[0]], "5 fire")
    assert enc.creature(kyra).hp == 18
    assert nxt.can_undo and not nxt.can_redo


def test_next_encounter_keeps_the_rounds_a_temporary_immunity_has_left():
    enc = Encounter("pf2e", "Act 1")
    kyra = enc.add(get_system("pf2e").new_creature("Kyra", pc=True, hp=10))
    enc.add_temp_immunity(kyra, "frightened", 2)      # until round 3
    enc.add_temp_immunity(kyra, "sickened", 1)        # until round 2
    enc.next_turn()                                   # round 2: sickened expires
    enc.add_temp_immunity(kyra, "stunned", 1)         # until round 3
    nxt = enc.next_encounter("Act 2")
    left = [(t.effect, t.until_round) for t in nxt.creature(nxt.order[0]).temp_immunities]
    assert left == [("frightened", 2), ("stunned", 2)]


def test_next_encounter_survives_save_and_load():
    enc = Encounter("daggerheart", "Scene 1")
    marlow = enc.add(get_system("daggerheart").new_creature("Marlow", pc=True, stress=3))
    enc.mark_stress(marlow, 3)
    enc.gain_fear(4)
    nxt = enc.next_encounter("Scene 2")
    assert nxt.fear == 4              # the GM's Fear outlasts a scene
    again = Encounter.from_data(nxt.to_data())
    assert again.conditions_of(again.order[0]) == {"vulnerable": None}
    assert again.creature(again.order[0]).stress_marked == 3


# ------------------------------------------------------------------ log export


def test_log_markdown_round_by_round_with_actors_targets_saves_and_rolls(R):
    enc = Encounter("pf2e", "Bridge Fight")
    rs = enc.rules
    kyra = enc.add(rs.new_creature("Kyra", pc=True, hp=30, init_mod=2))
    gob = enc.add(rs.new_creature("Goblin_1", hp=10))
    enc.roll_initiative(rng=R(15, 3))
    enc.apply_damage([gob], "2d6 fire", saves={gob: "success"}, rng=R(3, 4), actor=kyra)
    enc.add_condition(gob, "frightened", 1)
    enc.next_turn()
    text = log_markdown(enc)
    assert text == """# Bridge Fight

Pathfinder 2e — the log, oldest first.

## Round 1

- Kyra joins (initiative 0)
- Goblin\\_1 joins (initiative 0)
- initiative: Kyra 17, Goblin\\_1 3
  - Kyra: initiative 17 (d20 15 +2)
  - Goblin\\_1: initiative 3 (d20 3 +0)
- **Kyra** · 2d6 fire → Goblin\\_1 (success) 3: 10/10 → 7/10
  - targets: Goblin\\_1 (success) 3
  - Goblin\\_1: save success
  - Goblin\\_1: roll: 2d6 fire (3, 4) = 7
  - Goblin\\_1: basic save success: half: fire 7 → 3
  - Goblin\\_1: total: 3
  - Goblin\\_1: HP 10 → 7
- Goblin\\_1: frightened 1 (falls by 1 each turn)
  - targets: Goblin\\_1
- **Goblin\\_1's turn**
"""


def test_log_markdown_rounds_and_empty_logs(R):
    enc = Encounter("d20-3e", "Empty")
    assert log_markdown(enc).endswith("Nothing has happened yet.\n")
    a = enc.add(get_system("d20-3e").new_creature("A", hp=5))
    enc.next_turn()
    assert "## Round 2\n\n- **A's turn (round 2 begins)**" in log_markdown(enc)
    enc.remove(a)
    assert "- A removed" in log_markdown(enc)


def test_log_markdown_daggerheart_is_one_scene():
    enc = Encounter("daggerheart", "Scene")
    enc.add(get_system("daggerheart").new_creature("A"))
    enc.next_turn()
    enc.gain_fear()
    text = log_markdown(enc)
    assert "## The scene" in text and "Round" not in text
    assert "- the GM gains 1 Fear: 0 → 1\n" in text


def test_log_markdown_names_a_removed_target(R):
    enc = Encounter("pf2e", "X")
    a = enc.add(get_system("pf2e").new_creature("Ghost", hp=5))
    enc.apply_damage([a], "2 fire")
    enc.remove(a)
    assert "  - targets: c1" not in log_markdown(enc)
    assert "  - targets: Ghost" in log_markdown(enc)


def test_escape():
    assert escape("*a* _b_ `c` [d] <e> #f |g| \\") == \
        "\\*a\\* \\_b\\_ \\`c\\` \\[d\\] \\<e\\> \\#f \\|g\\| \\\\"


def test_only_who_acted_is_recorded_and_saved():
    """Play report 2: the active creature is not the actor of a condition the GM set, nor of
    damage nobody was named for; the damage form's actor is."""
    enc = Encounter("pf2e", "X")
    a = enc.add(get_system("pf2e").new_creature("A", hp=5))
    b = enc.add(get_system("pf2e").new_creature("B", hp=5))
    enc.add_condition(b, "prone")
    enc.apply_damage([b], "1 fire")
    enc.apply_damage([a], "1 fire", actor=b)
    assert [event.actor for event in enc.log[-3:]] == ["", "", "B"]
    again = Encounter.from_data(enc.to_data())
    assert [event.actor for event in again.log[-3:]] == ["", "", "B"]
    markdown = log_markdown(again)
    assert "- B: prone" in markdown
    assert "- 1 fire → B" in markdown
    assert "- **B** · 1 fire → A" in markdown  # named once, not "**B** · B: 1 fire"


def test_end_of_turn_steps_are_logged_under_the_turn_that_ended():
    """Play report 2: frightened falling and the dead skipped belong to the turn that ended
    (in its round), not to the next creature's turn."""
    rs = get_system("pf2e")
    enc = Encounter("pf2e", "Bridge")
    valeros = enc.add(rs.new_creature("Valeros", pc=True, hp=30), initiative=20)
    enc.add(rs.new_creature("Goblin 1", hp=10), initiative=15)
    goblin = enc.add(rs.new_creature("Goblin 2", hp=10), initiative=10)
    enc.add_condition(valeros, "frightened", 2)
    enc.apply_damage([goblin], "20 fire")
    first = enc.next_turn()
    second = enc.next_turn()
    assert (first.ended, first.details[:first.closing]) == (
        "Valeros", ("Valeros: frightened 2 → 1 (end of its turn)",))
    assert (second.ended, second.details[:second.closing]) == (
        "Goblin 1", ("Goblin 2 skipped (dead)",))
    again = Encounter.from_data(enc.to_data())
    assert [(e.ended, e.closing) for e in again.log[-2:]] == [("Valeros", 1), ("Goblin 1", 1)]
    text = log_markdown(again)
    assert """- end of Valeros's turn
  - Valeros: frightened 2 → 1 (end of its turn)
- **Goblin 1's turn**
- end of Goblin 1's turn
  - Goblin 2 skipped (dead)

## Round 2

- **Valeros's turn (round 2 begins)**
""" in text


def test_a_turn_saved_before_end_of_turn_lines_were_told_apart_still_loads():
    """Old saves have no ``ended``/``closing``: every line stays under the new turn."""
    enc = Encounter("pf2e", "X")
    valeros = enc.add(get_system("pf2e").new_creature("Valeros", hp=30))
    enc.add(get_system("pf2e").new_creature("Goblin", hp=10))
    enc.add_condition(valeros, "frightened", 2)
    enc.next_turn()
    data = enc.to_data()
    for entry in data["ledger"]:
        entry.pop("ended", None)
        entry.pop("closing", None)
    again = Encounter.from_data(data)
    assert (again.log[-1].ended, again.log[-1].closing) == ("", 0)
    assert "- **Goblin's turn**\n  - Valeros: frightened 2 → 1" in log_markdown(again)


def test_clearing_stress_is_logged_as_clearing_stress_not_as_a_heal():
    """The S key's event says what happened, as marking Stress does."""
    enc, cid = scene()
    enc.mark_stress(cid, 3)
    enc.clear_stress(cid)
    event = enc.log[-1]
    assert (event.kind, event.text) == ("stress", "Marlow: clear 1 Stress: 3 → 2 of 3; no longer vulnerable")
    assert "heal" not in event.text


def test_clearing_stress_from_the_heal_modal_is_logged_as_clearing_stress():
    enc, cid = scene()
    enc.mark_stress(cid, 2)
    enc.heal_many([cid], 2, "stress")
    event = enc.log[-1]
    assert event.kind == "stress"
    assert event.text.startswith("clear 2 Stress → Marlow ")
    enc.heal(cid, 1, "stress")
    assert (enc.log[-1].kind, enc.log[-1].text) == ("stress", "Marlow: clear 0 Stress: 0 → 0 of 3")
