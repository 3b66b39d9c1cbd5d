"""What mutation testing left alive in core/encounter/conditions.py: conditions
given, set and taken away in the log's words (drained's HP, doomed on the dying, RULES §7 and §9),
several creatures as one step, the GM's dying check, each refusal in words."""

from __future__ import annotations

from core_support import refused, said

from core import Encounter


def _two() -> tuple[Encounter, str, str]:
    enc = Encounter("pf2e", "Ambush")
    goblin = enc.add(enc.rules.new_creature("Goblin", hp=15, numbers={"level": 2}))
    orc = enc.add(enc.rules.new_creature("Orc", hp=15))
    return enc, goblin, orc


def test_a_condition_given_by_any_spelling_is_said_with_what_it_does():
    enc, goblin, _ = _two()
    enc.add_condition(goblin, "Frightened", 2)
    assert said(enc) == ("condition", "Goblin: frightened 2 (falls by 1 each turn)", "")
    assert enc.conditions_of(goblin) == {"frightened": 2}
    enc.set_condition(goblin, "frightened", 0)
    assert said(enc)[1] == "Goblin: no longer frightened"
    assert enc.conditions_of(goblin) == {}


def test_a_track_condition_without_a_value_is_1_and_takes_no_duration():
    enc, goblin, _ = _two()
    enc.add_condition(goblin, "wounded")
    assert (said(enc)[1], enc.creature(goblin).wounded) == ("Goblin: wounded 1", 1)
    enc.add_condition(goblin, "wounded", 3)
    assert enc.creature(goblin).wounded == 3
    assert refused(enc.add_condition, goblin, "dying", duration=2) == \
        "dying has no duration: it ends by its own rules"


def test_drained_takes_hp_and_max_hp_and_gives_back_only_the_max():
    enc, goblin, _ = _two()
    enc.add_condition(goblin, "drained", 1)
    assert said(enc)[1] == ("Goblin: drained 1 (until removed); drained 1: loses level 2 × 1 = 2 HP "
                             "and max HP: 15/15 → 13/13")
    enc.remove_condition(goblin, "Drained")
    assert said(enc)[1] == ("Goblin: no longer drained; drained 1 → 0: max HP 13 → 15 "
                             "(the HP lost is not regained)")
    assert (enc.creature(goblin).hp, enc.creature(goblin).max_hp) == (13, 15)


def test_drained_without_a_value_is_drained_1():
    enc, goblin, _ = _two()
    enc.add_condition(goblin, "drained")
    assert said(enc)[1] == ("Goblin: drained (until removed); drained 1: loses level 2 × 1 = 2 HP "
                             "and max HP: 15/15 → 13/13")
    enc.remove_condition(goblin, "drained")
    assert (enc.creature(goblin).hp, enc.creature(goblin).max_hp) == (13, 15)


def test_doomed_kills_a_creature_dying_at_its_limit():
    enc, _, orc = _two()
    enc.add_condition(orc, "dying", 3)
    enc.add_condition(orc, "doomed", 1)
    assert said(enc)[1] == "Orc: doomed 1 (until removed); dying 3 (doomed 1: dies at dying 3): dead"
    assert "dead" in enc.creature(orc).conditions


def test_several_creatures_take_a_condition_as_one_step_and_lose_it_as_one():
    enc, goblin, orc = _two()
    enc.add_condition_many([goblin, orc, goblin], "clumsy", 2, 3)
    assert said(enc) == ("condition", "Goblin: clumsy 2 (3 turns); Orc: clumsy 2 (3 turns)",
                          "clumsy 2 → 2 creatures")
    enc.remove_condition(goblin, "clumsy")
    enc.remove_condition_many([goblin, orc], "Clumsy")          # only Orc still has it
    assert said(enc) == ("condition", "Orc: no longer clumsy", "")      # one part: its own words
    enc.undo()
    assert enc.conditions_of(orc) == {"clumsy": 2}
    assert refused(enc.remove_condition_many, [goblin], "clumsy") == "no one there is clumsy"
    assert refused(enc.add_condition_many, [], "prone") == "no creatures chosen"


def test_several_creatures_losing_a_condition_are_counted_in_the_short_form():
    enc, goblin, orc = _two()
    enc.add_condition_many([goblin, orc], "prone")
    enc.remove_condition_many([goblin, orc], "prone")
    assert said(enc) == ("condition", "Goblin: no longer prone; Orc: no longer prone",
                          "no longer prone → 2 creatures")


def test_the_gms_dying_check_roll_is_recorded_in_words():
    enc, _, orc = _two()
    enc.add_condition(orc, "dying", 2)
    assert enc.dying_check(orc, roll=5) == "recovery check 5 vs DC 12: failure"
    event = enc.log[-1]
    assert (event.kind, event.text, event.details) == (
        "dying-check", "Orc: recovery check 5 vs DC 12: failure",
        ("recovery check 5 vs DC 12: failure; dying 2 → 3",))
    assert enc.creature(orc).dying == 3
    enc.undo()
    assert enc.creature(orc).dying == 2


def test_only_the_dying_make_dying_checks():
    enc, goblin, _ = _two()
    assert refused(enc.dying_check, goblin, roll=10) == "Goblin is not making dying checks"
    assert enc.pending_dying_checks() == []
