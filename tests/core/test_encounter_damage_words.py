"""What mutation testing left alive in core/encounter/damage.py: a damage
event's words (who acted, the attack, critical, nonlethal, direct, each save), its short form,
flat checks and temporary immunities, each refusal in words."""

from __future__ import annotations

import random

import pytest
from core_support import refused

from core import Encounter


def _two(settings=None) -> tuple[Encounter, str, str]:
    enc = Encounter("pf2e", "Ambush", settings)
    goblin = enc.add(enc.rules.new_creature("Goblin", hp=50), initiative=12)
    orc = enc.add(enc.rules.new_creature("Orc", hp=50), initiative=10)
    return enc, goblin, orc


def test_a_hit_says_who_acted_the_attack_and_how_then_each_target_and_its_save():
    enc, goblin, orc = _two()
    preview = enc.preview_damage([goblin, orc, goblin], "3 fire", saves={goblin: "critical-failure"},
                                 critical=3, nonlethal=True, direct=True, actor=orc,
                                 attack="Sword +7 vs AC 18: hit")
    assert list(preview.outcomes) == [goblin, orc]          # a target named twice is hit once
    enc.commit_damage(preview)
    event = enc.log[-1]
    head = "Orc: Sword +7 vs AC 18: hit; 3 fire critical ×3 nonlethal direct"
    assert event.text.startswith(head + " → Goblin (critical failure) ")
    assert (event.short, event.actor, event.kind) == (head + " → 2 targets", "Orc", "damage")
    assert event.details[0] == "Goblin: save critical failure"
    assert len(event.targets) == 2 and event.targets[1].startswith("Orc ")


@pytest.mark.parametrize("critical,said", [(True, "3 fire critical"), (2, "3 fire critical"),
                                           (4, "3 fire critical ×4"), (False, "3 fire")])
def test_a_critical_is_said_with_its_multiplier_unless_it_doubles(critical, said):
    enc, goblin, _ = _two()
    enc.apply_damage([goblin], "3 fire", critical=critical)
    assert enc.log[-1].text.startswith(said + " → Goblin ")


def test_one_target_is_named_in_the_short_form_with_what_it_took():
    enc, goblin, _ = _two()
    enc.apply_damage(goblin, ["3 fire", "2 cold"], saves={goblin: "success"})
    event = enc.log[-1]
    assert event.short == "3 fire + 2 cold → Goblin (success) 2"
    assert event.details[0] == "Goblin: save success" and event.actor == ""


def test_a_d20_save_is_said_in_the_logs_words():
    enc = Encounter("d20-3e", "Ambush")
    goblin = enc.add(enc.rules.new_creature("Goblin", hp=50))
    enc.apply_damage([goblin], "4 fire", saves={goblin: "success"})
    assert enc.log[-1].text.startswith("4 fire → Goblin (success) ")


def test_a_hit_on_no_one_or_from_no_one_there_is_refused():
    enc, goblin, _ = _two()
    assert refused(enc.preview_damage, [], "3 fire") == "no targets"
    with pytest.raises(KeyError):
        enc.preview_damage([goblin], "3 fire", actor="c9")
    with pytest.raises(KeyError):
        enc.preview_damage([goblin, "c9"], "3 fire")


def test_a_previewed_roll_is_reused_and_nothing_changes_until_committed():
    enc, goblin, _ = _two()
    first = enc.preview_damage([goblin], "2d6 fire", rng=random.Random(1))
    again = enc.preview_damage([goblin], "2d6 fire", roll=first.roll, rng=None)
    assert again.roll is first.roll
    assert (enc.creature(goblin).hp, len(enc.log)) == (50, 2)
    assert dict(enc.commit_damage(again)) == dict(again.outcomes)
    assert enc.creature(goblin).hp == 50 - first.outcomes[goblin].total


def test_the_gms_flat_check_rolls_are_taken_last_condition_first():
    enc, goblin, orc = _two({"flat_checks": "ask"})
    enc.add_persistent(goblin, "1d6 bleed")
    enc.add_persistent(goblin, "1d6 fire")
    enc.add_persistent(orc, "1d6 acid")
    enc.next_turn(rng=random.Random(1))                # the goblin's turn ends: its checks wait
    assert enc.pending_checks() == [(goblin, 0), (goblin, 1)]
    lines = enc.resolve_flat_checks(rolls={(goblin, 0): 20, (goblin, 1): 2})
    assert lines == ["Goblin: flat check 2 (DC 15) for 1d6 fire: continues",
                     "Goblin: flat check 20 (DC 15) for 1d6 bleed: ends"]
    assert enc.log[-1].text == "2 flat check(s) resolved" and enc.log[-1].details == tuple(lines)
    assert [p.label for p in enc.creature(goblin).persistent] == ["1d6 fire"]
    assert enc.pending_checks() == []


def test_persistent_damage_added_ticked_checked_and_removed_in_the_log():
    enc, goblin, _ = _two()
    enc.add_persistent(goblin, "1d6 bleed")
    assert enc.log[-1].text == "Goblin: persistent 1d6 bleed added (at the end of its turn)"
    assert enc.tick_persistent(goblin, 0, rng=random.Random(2)).total == 1
    assert (enc.log[-1].kind, enc.log[-1].text) == ("tick", "Goblin: persistent 1d6 bleed deals 1")
    assert enc.creature(goblin).hp == 49
    enc.flat_check(goblin, 0, roll=3)
    assert enc.log[-1].text == "Goblin: flat check 3 (DC 15) for 1d6 bleed: continues"
    assert enc.remove_persistent(goblin, 0).text == "Goblin: persistent 1d6 bleed removed"
    assert enc.creature(goblin).persistent == []


def test_a_temporary_immunity_lasts_its_rounds_from_now_and_is_said():
    enc, goblin, _ = _two()
    enc.next_turn()
    enc.next_turn()                                      # round 2
    event = enc.add_temp_immunity(goblin, " fire ", 2)
    assert (event.kind, event.text) == ("immunity", "Goblin: immune to fire for 2 round(s)")
    assert [(t.effect, t.until_round) for t in enc.creature(goblin).temp_immunities] == [("fire", 4)]
    assert enc.add_temp_immunity(goblin, "fear", 999).text == "Goblin: immune to fear for 999 round(s)"
    assert enc.remove_temp_immunity(goblin, 0).text == "Goblin: immunity to fire removed"
    assert [t.effect for t in enc.creature(goblin).temp_immunities] == ["fear"]


@pytest.mark.parametrize("effect,rounds", [("fire", 0), ("fire", 1000), ("  ", 1), ("fire", True),
                                           ("fire", 1.0)])
def test_a_temporary_immunity_needs_an_effect_and_1_to_999_rounds(effect, rounds):
    enc, goblin, _ = _two()
    assert refused(enc.add_temp_immunity, goblin, effect, rounds) == \
        "a temporary immunity needs an effect and 1 to 999 rounds"
    assert enc.creature(goblin).temp_immunities == []
