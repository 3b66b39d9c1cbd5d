"""Mutation testing of core/catalog/capabilities.py (its sample then killed 30 of 30): each refusal
in its whole words (the tests matched a prefix, which a mutant of the list after it keeps), a
switch of three choices going round, and the numbers a PC alone holds."""

from __future__ import annotations

import pytest

from core.catalog.capabilities import (
    DAGGERHEART_TRAITS,
    PLAYER_VIEW,
    check_settings,
    number_keys,
    setting,
)


@pytest.mark.parametrize("settings,message", [
    ({"crit_mode": "triple"}, "setting crit_mode is one of 'double', 'roll-twice', not 'triple'"),
    ({"massive_damage": 1}, "setting massive_damage is one of False, True, not 1"),
    ({"flat_checks": "ask"}, "unknown setting 'flat_checks'; known: crit_mode, massive_damage"),
    ("roll-twice", "settings must be a dict such as {'crit_mode': 'roll-twice'}, not 'roll-twice'"),
])
def test_a_refused_rule_setting_says_what_is_allowed(settings, message):
    with pytest.raises(ValueError) as refused:
        check_settings(settings)
    assert str(refused.value) == message


def test_settings_left_out_are_none_and_kept_settings_are_a_copy():
    asked = {"crit_mode": "roll-twice", "massive_damage": True}
    kept = check_settings(asked)
    assert kept == asked and kept is not asked
    assert check_settings(None) == {}
    assert check_settings({}) == {}


def test_an_unknown_encounter_setting_lists_every_setting():
    with pytest.raises(ValueError) as refused:
        setting("speed")
    assert str(refused.value) == ("unknown setting 'speed'; known: crit_mode, flat_checks, "
                                  "massive_damage, skip_defeated, player_view")
    assert setting("player_view") is PLAYER_VIEW


def test_a_switch_of_three_choices_goes_round():
    assert [PLAYER_VIEW.other(v).value for v in PLAYER_VIEW.values] == ["numbers", "hidden", "status"]
    assert PLAYER_VIEW.default == "status"
    assert PLAYER_VIEW.choice("hidden").offer == "players see adversaries' names only"


@pytest.mark.parametrize("system,pc,keys", [
    ("daggerheart", None, ("tier", "difficulty", "attack", "minion", "evasion", *DAGGERHEART_TRAITS)),
    ("daggerheart", True, ("tier", "difficulty", "attack", "minion", "evasion", "agility", "strength",
                           "finesse", "instinct", "presence", "knowledge")),
    ("daggerheart", False, ("tier", "difficulty", "attack", "minion")),
    ("pf2e", False, ("level", "ac", "fort", "ref", "will", "perception")),
    ("d20-3e", None, ("ac", "touch", "flat_footed", "fort", "ref", "will", "level")),
    ("d20-3e", False, ("ac", "touch", "flat_footed", "fort", "ref", "will")),  # level: a PC's
    ("a-system-to-come", None, ()),
])
def test_the_numbers_of_each_system_and_the_pcs_own(system, pc, keys):
    assert number_keys(system, pc) == keys
