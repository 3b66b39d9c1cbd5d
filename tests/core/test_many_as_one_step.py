"""A condition keeps the GM's capitals and is matched without regard to case;
item 8: an action on several marked creatures (a condition, Stress) is one change, one undo
step, all or nothing."""

from __future__ import annotations

import pytest

from core import Encounter, get_system


def pf2(*names):
    enc = Encounter("pf2e")
    rs = enc.rules
    return enc, [enc.add(rs.new_creature(n, hp=20)) for n in names]


def daggerheart(*names, stress=2):
    enc = Encounter("daggerheart")
    rs = get_system("daggerheart")
    return enc, [enc.add(rs.new_creature(n, pc=True, hp=6, stress=stress, major=5, severe=10))
                 for n in names]


# ------------------------------------------------------------------ item 4: capitals


def test_a_typed_condition_keeps_the_gms_capitals():
    enc, (a,) = pf2("A")
    enc.add_condition(a, "  Hex of  the Owl ")
    assert enc.conditions_of(a) == {"Hex of the Owl": None}
    assert enc.log[-1].text == "A: Hex of the Owl (until removed)"


def test_a_typed_condition_is_matched_without_regard_to_case():
    enc, (a,) = pf2("A")
    enc.add_condition(a, "Hex of the Owl", 2)
    enc.set_condition(a, "hex of the owl", 3)
    assert enc.conditions_of(a) == {"Hex of the Owl": 3}
    enc.add_condition(a, "HEX OF THE OWL", 1)
    assert enc.conditions_of(a) == {"Hex of the Owl": 1}
    enc.remove_condition(a, "hex OF the owl")
    assert enc.conditions_of(a) == {}


def test_catalogue_and_rule_names_stay_in_lower_case_so_their_rules_apply():
    enc, (a,) = pf2("A")
    enc.add_condition(a, "Frightened", 2)
    enc.set_condition(a, "Dying", 1)
    assert enc.conditions_of(a) == {"dying": 1, "frightened": 2, "unconscious": None}
    assert enc.creature(a).dying == 1


def test_capitals_survive_save_and_load():
    enc, (a,) = pf2("A")
    enc.add_condition(a, "Hex of the Owl")
    assert Encounter.from_data(enc.to_data()).conditions_of(a) == {"Hex of the Owl": None}


# ------------------------------------------------------------------ item 8: one step


def test_a_condition_on_several_creatures_is_one_undo_step():
    enc, ids = pf2("A", "B", "C")
    before = len(enc.log)
    enc.add_condition_many(ids, "frightened", 2)
    assert len(enc.log) == before + 1
    assert all(enc.conditions_of(c) == {"frightened": 2} for c in ids)
    assert enc.log[-1].changed_ids == frozenset(ids)
    assert "A: frightened 2" in enc.log[-1].text and "C: frightened 2" in enc.log[-1].text
    assert enc.log[-1].headline == "frightened 2 → 3 creatures"
    enc.undo()
    assert all(enc.conditions_of(c) == {} for c in ids)
    enc.redo()
    assert all(enc.conditions_of(c) == {"frightened": 2} for c in ids)


def test_removing_from_several_skips_those_without_it_and_is_one_step():
    enc, ids = pf2("A", "B", "C")
    enc.add_condition_many(ids[:2], "Stunned", 1)
    enc.remove_condition_many(ids, "stunned")
    assert all(enc.conditions_of(c) == {} for c in ids)
    assert enc.log[-1].changed_ids == frozenset(ids[:2])
    enc.undo()
    assert enc.conditions_of(ids[0]) == {"stunned": 1}
    with pytest.raises(ValueError, match="no one"):
        enc.remove_condition_many(ids, "prone")


def test_an_error_on_one_creature_changes_none_of_them():
    enc, ids = pf2("A", "B", "C")
    enc.set_condition(ids[2], "doomed", 1)
    revision, log = enc.revision, len(enc.log)
    with pytest.raises(KeyError):
        enc.add_condition_many([*ids, "c99"], "frightened", 1)
    with pytest.raises(ValueError):
        enc.add_condition_many(ids, "frightened", 1, duration="soon")
    assert all("frightened" not in enc.conditions_of(c) for c in ids)
    assert (enc.revision, len(enc.log)) == (revision, log)


def test_an_error_half_way_keeps_the_redo_stack():
    enc, ids = pf2("A", "B")
    enc.add_condition(ids[0], "prone")
    enc.undo()
    with pytest.raises(ValueError), enc.one_step("two"):
        enc.add_condition(ids[1], "stunned", 1)
        enc.add_condition(ids[0], "frightened", 0)
    assert enc.conditions_of(ids[1]) == {}
    assert enc.redo() is not None


def test_stress_on_several_creatures_is_one_undo_step():
    enc, ids = daggerheart("A", "B", "C")
    outcomes = enc.mark_stress_many(ids, 1)
    assert set(outcomes) == set(ids)
    assert [enc.creature(c).stress_marked for c in ids] == [1, 1, 1]
    assert enc.log[-1].headline == "mark 1 Stress → 3 targets"
    enc.clear_stress_many(ids, 1)
    assert [enc.creature(c).stress_marked for c in ids] == [0, 0, 0]
    enc.undo()
    enc.undo()
    assert [enc.creature(c).stress_marked for c in ids] == [0, 0, 0]
    assert len(enc.log) == 3


def test_one_step_groups_any_calls():
    enc, ids = pf2("A", "B")
    with enc.one_step("prepared"):
        enc.add_condition(ids[0], "prone")
        enc.set_initiative(ids[1], 12)
    assert enc.log[-1].headline == "prepared"
    enc.undo()
    assert enc.conditions_of(ids[0]) == {} and enc.initiative(ids[1]) == 0


def test_healing_or_temporary_hp_for_no_one_is_refused_not_logged():
    enc, _ids = pf2("A", "B")
    log = len(enc.log)
    with pytest.raises(ValueError, match="^nothing to do$"):
        enc.heal_many([], 3)
    with pytest.raises(ValueError, match="^nothing to do$"):
        enc.give_temp_hp([], 3)
    assert len(enc.log) == log
