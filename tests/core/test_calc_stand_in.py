"""``calc``'s stand-in target: a living non-PC with the stats the GM gave and a bottomless
track where none was given; the first of the system's stand-in tracks the stats name."""

from __future__ import annotations

from core import get_system
from core.creature.schema import MAX_TRACK
from core.systems.calc import stand_in, stand_in_unknown


def test_the_stand_in_is_a_living_non_pc_with_a_bottomless_track():
    target = stand_in(get_system("pf2e"), {})
    assert (target.name, target.pc, target.init_mod, target.traits) == ("target", False, 0, frozenset({"living"}))
    assert target.hp == target.max_hp == MAX_TRACK


def test_the_stand_in_keeps_the_traits_and_the_defenses_given():
    target = stand_in(get_system("pf2e"), {"hp": 30}, defenses="resistances fire 5", traits="undead")
    assert (target.hp, target.traits, target.defenses) == (30, frozenset({"undead"}), "resistances fire 5")


def test_a_vitality_and_wounds_npc_given_hp_follows_the_hp_track():
    rules = get_system("vitality-wounds")
    assert stand_in_unknown(rules, {"hp": 30}) == ()
    target = stand_in(rules, {"hp": 30})
    assert (target.hp, target.max_vitality, target.max_wounds) == (30, None, None)


def test_only_wounds_given_leaves_vitality_bottomless_and_unknown():
    rules = get_system("vitality-wounds")
    assert stand_in_unknown(rules, {"wounds": 10}) == ("vitality",)
    assert stand_in_unknown(rules, {}) == ("vitality", "wounds")
    target = stand_in(rules, {"wounds": 10})
    assert (target.vitality, target.wounds) == (MAX_TRACK, 10)


def test_daggerheart_has_no_bottomless_track():
    assert stand_in_unknown(get_system("daggerheart"), {}) == ()
