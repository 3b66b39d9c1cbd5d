"""RULES §7 conditions: values, the four duration forms, frightened falling at the end of its
owner's turn (PF2 family only), the catalogue as data, and conditions_of."""

from __future__ import annotations

import pytest

from core import Encounter, get_system
from core.catalog.conditions import catalogue, duration_text
from core.creature.conditions import summary

PF2_FAMILY = ("pf2e", "sf2e", "vitality-wounds")
ALL = (*PF2_FAMILY, "daggerheart", "d20-3e")


def stats(system):
    return {"vitality-wounds": {"vitality": 20, "wounds": 5},
            "daggerheart": {"hp": 6, "stress": 3}}.get(system, {"hp": 20})


def two(system="pf2e"):
    """A (acts first) and B, with A active."""
    enc = Encounter(system, "Ambush")
    rs = get_system(system)
    a = enc.add(rs.new_creature("A", **stats(system)))
    b = enc.add(rs.new_creature("B", pc=True, **stats(system)))
    return enc, a, b


# ------------------------------------------------------------------ add, remove, set


@pytest.mark.parametrize("system", ALL)
def test_add_and_remove_a_condition_with_a_value(system):
    enc, a, b = two(system)
    enc.add_condition(b, "Frightened", value=2)
    assert enc.conditions_of(b) == {"frightened": 2}
    assert "frightened" in enc.creature(b).conditions
    falls = system in ("pf2e", "sf2e", "vitality-wounds")  # it says so
    assert enc.log[-1].text == \
        f"B: frightened 2 ({'falls by 1 each turn' if falls else 'until removed'})"
    enc.remove_condition(b, "frightened")
    assert enc.conditions_of(b) == {}
    assert enc.log[-1].text == "B: no longer frightened"


def test_any_name_is_accepted_as_typed():
    enc, a, b = two()
    enc.add_condition(a, "  Hexed  by the  Witch ")
    assert enc.conditions_of(a) == {"Hexed by the Witch": None}   # the GM's capitals (RULES §7)


def test_adding_again_a_higher_value_replaces_value_and_duration():
    enc, a, b = two()
    enc.add_condition(a, "stunned", 1, duration=2)
    enc.add_condition(a, "stunned", 3)
    assert enc.conditions_of(a) == {"stunned": 3}
    assert enc.creature(a).condition_durations == {}
    enc.add_condition(a, "stunned", 1)      # RULES §10: a valued condition keeps the higher value
    assert enc.conditions_of(a) == {"stunned": 3}


@pytest.mark.parametrize("bad", [0, -1, "2", True, 1.5])
def test_a_bad_value_is_a_clear_error(bad):
    enc, a, b = two()
    with pytest.raises(ValueError, match="value"):
        enc.add_condition(a, "frightened", bad)
    assert len(enc.log) == 2 and enc.conditions_of(a) == {}


@pytest.mark.parametrize("bad", [0, -2, "next turn", 1.5, False])
def test_a_bad_duration_is_a_clear_error(bad):
    enc, a, b = two()
    with pytest.raises(ValueError, match="duration"):
        enc.add_condition(a, "stunned", duration=bad)


def test_empty_name_and_missing_condition():
    enc, a, b = two()
    with pytest.raises(ValueError, match="needs a name"):
        enc.add_condition(a, "  ")
    with pytest.raises(ValueError, match="no condition 'prone'"):
        enc.remove_condition(a, "prone")


def test_set_condition_changes_a_value_and_zero_removes_it():
    enc, a, b = two()
    enc.add_condition(a, "clumsy", 1, duration=3)
    enc.set_condition(a, "clumsy", 2)
    assert enc.conditions_of(a) == {"clumsy": 2}
    assert enc.creature(a).condition_durations == {"clumsy": 3}
    enc.set_condition(a, "clumsy", 0)
    assert enc.conditions_of(a) == {}
    assert enc.creature(a).condition_durations == {}


@pytest.mark.parametrize("system", PF2_FAMILY)
def test_conditions_of_reports_dying_wounded_doomed_and_statuses(system):
    enc, a, b = two(system)
    enc.set_condition(b, "wounded", 1)
    enc.set_condition(b, "doomed", 1)
    enc.set_condition(b, "dying", 2)
    assert enc.conditions_of(b) == {"doomed": 1, "dying": 2, "unconscious": None, "wounded": 1}
    c = enc.creature(b)
    assert (c.dying, c.wounded) == (2, 1)     # one representation: the pipeline's fields
    enc.set_condition(b, "dying", 0)
    assert enc.conditions_of(b) == {"doomed": 1, "unconscious": None, "wounded": 1}


def test_conditions_of_after_damage_matches_the_pipeline():
    enc, a, b = two()
    enc.apply_damage([b], "20 fire", critical=True)  # 40 ≥ 2 × 20: massive damage
    assert enc.conditions_of(b) == {"dead": None}
    enc.undo()
    enc.apply_damage([b], "20 fire")
    assert enc.conditions_of(b) == {"dying": 1, "unconscious": None}


def test_dying_is_valued_only_in_the_pf2_family():
    enc, a, b = two("d20-3e")
    with pytest.raises(ValueError, match="PF2 family"):
        enc.set_condition(b, "dying", 1)


def test_add_condition_dying_goes_to_the_dying_field():
    enc, a, b = two()
    enc.add_condition(b, "dying", 2)
    assert enc.creature(b).dying == 2
    assert enc.conditions_of(b) == {"dying": 2, "unconscious": None}


def test_removing_clears_value_and_duration():
    enc, a, b = two()
    enc.add_condition(a, "frightened", 2, duration=3)
    enc.remove_condition(a, "frightened")
    c = enc.creature(a)
    assert (c.conditions, c.condition_values, c.condition_durations) == (set(), {}, {})


# ------------------------------------------------------------------ frightened


@pytest.mark.parametrize("system", PF2_FAMILY)
def test_frightened_falls_by_one_at_the_end_of_its_owners_turn(system):
    enc, a, b = two(system)
    enc.add_condition(a, "frightened", 2)
    enc.add_condition(b, "frightened", 2)
    enc.next_turn()                              # A's turn ends
    assert enc.conditions_of(a) == {"frightened": 1}
    assert enc.conditions_of(b) == {"frightened": 2}
    assert "A: frightened 2 → 1 (end of its turn)" in enc.log[-1].details
    enc.next_turn()                              # B's ends
    enc.next_turn()                              # A's ends again
    assert enc.conditions_of(a) == {}
    assert "A: frightened 1 → 0: no longer frightened (end of its turn)" in enc.log[-1].details


@pytest.mark.parametrize("system", ("daggerheart", "d20-3e"))
def test_frightened_does_not_fall_outside_the_pf2_family(system):
    enc, a, b = two(system)
    enc.add_condition(a, "frightened", 2)
    enc.next_turn()
    assert enc.conditions_of(a) == {"frightened": 2}


# ------------------------------------------------------------------ durations


@pytest.mark.parametrize("system", ALL)
def test_a_number_of_turns_counts_down_at_the_end_of_each_of_its_turns(system):
    enc, a, b = two(system)
    enc.add_condition(b, "slowed", 1, duration=2)
    enc.next_turn()                              # A ends: B's count untouched
    assert enc.creature(b).condition_durations == {"slowed": 2}
    enc.next_turn()                              # B ends: 1 left
    assert enc.creature(b).condition_durations == {"slowed": 1}
    enc.next_turn()
    enc.next_turn()                              # B ends: gone
    assert enc.conditions_of(b) == {}
    assert "B: slowed 1 ends by itself (its turns ran out)" in enc.log[-1].details


@pytest.mark.parametrize("system", ALL)
def test_end_of_next_turn_given_by_another_creature(system):
    enc, a, b = two(system)
    enc.add_condition(b, "off-guard", duration="end-of-next-turn")   # on A's turn
    enc.next_turn()                              # B's turn starts
    assert "off-guard" in enc.conditions_of(b)
    enc.next_turn()                              # B's turn ends
    assert "off-guard" not in enc.conditions_of(b)
    assert "B: off-guard ends by itself (its turn ends)" in enc.log[-1].details


@pytest.mark.parametrize("system", ALL)
def test_end_of_next_turn_given_on_its_own_turn_lasts_through_the_next(system):
    enc, a, b = two(system)
    enc.add_condition(a, "quickened", duration="end-of-next-turn")   # A is active
    enc.next_turn()                              # A's current turn ends: still there
    assert "quickened" in enc.conditions_of(a)
    enc.next_turn()                              # A's next turn starts
    assert "quickened" in enc.conditions_of(a)
    enc.next_turn()                              # ... and ends
    assert "quickened" not in enc.conditions_of(a)


@pytest.mark.parametrize("system", ALL)
def test_start_of_next_turn(system):
    enc, a, b = two(system)
    enc.add_condition(a, "hidden", duration="start-of-next-turn")
    enc.next_turn()                              # A ends, B starts
    assert "hidden" in enc.conditions_of(a)
    enc.next_turn()                              # A starts: gone
    assert "hidden" not in enc.conditions_of(a)
    assert "A: hidden ends by itself (its turn starts)" in enc.log[-1].details


def test_until_removed_stays():
    enc, a, b = two()
    enc.add_condition(a, "prone")
    for _ in range(6):
        enc.next_turn()
    assert enc.conditions_of(a) == {"prone": None}


def test_durations_do_not_run_on_the_dead():
    enc, a, b = two()
    enc.add_condition(a, "slowed", 1, duration=1)
    enc.add_condition(a, "dead")
    enc.next_turn()
    assert "slowed" in enc.conditions_of(a)


def test_duration_words():
    assert duration_text(None) == "until removed"
    assert duration_text(1) == "1 turn"
    assert duration_text(3) == "3 turns"
    assert duration_text("end-of-next-turn") == "until the end of its next turn"
    assert duration_text("start-of-next-turn") == "until the start of its next turn"


def test_conditions_and_durations_survive_save_and_load():
    enc, a, b = two()
    enc.add_condition(a, "frightened", 2, duration="end-of-next-turn")
    enc.add_condition(a, "stunned", duration=3)
    again = Encounter.from_data(enc.to_data())
    assert again.conditions_of(a) == {"frightened": 2, "stunned": None}
    assert again.creature(a).condition_durations == {"frightened": "end-of-next-turn", "stunned": 3}
    again.undo()
    assert again.conditions_of(a) == {"frightened": 2}


# ------------------------------------------------------------------ catalogue


@pytest.mark.parametrize("system", PF2_FAMILY)
def test_pf2_catalogue(system):
    cat = catalogue(system)
    for name in ("blinded", "clumsy", "doomed", "frightened", "off-guard", "stunned", "undetected"):
        assert name in cat.names
    assert "frightened" in cat.valued and "prone" not in cat.valued
    assert cat.end_of_turn_decrement == ("frightened",)


def test_daggerheart_and_d20_catalogues():
    assert catalogue("daggerheart").names == ("hidden", "restrained", "vulnerable")
    d20 = catalogue("d20-3e")
    for name in ("cowering", "flat-footed", "nauseated", "pinned", "shaken"):
        assert name in d20.names
    assert d20.end_of_turn_decrement == ()
    with pytest.raises(ValueError, match="no condition catalogue"):
        catalogue("gurps")


def test_summary_for_the_roster():
    enc, a, b = two()
    enc.add_condition(b, "stunned")
    enc.add_condition(b, "frightened", 2)
    enc.set_condition(b, "wounded", 1)
    enc.set_condition(b, "dying", 1)
    assert summary(enc.creature(b), "pf2e") == "dying 1 · wounded 1 · unconscious · frightened 2 · stunned"
    assert summary(enc.creature(a), "pf2e") == ""
