"""What each rule system declares it offers, and settings declared once."""

from __future__ import annotations

import pytest

from core import Encounter, get_system
from core.catalog.capabilities import ENCOUNTER_OPTIONS, RULE_OPTIONS, check_settings, setting
from core.systems import SYSTEM_IDS
from core.systems.base import MAX_MULTIPLIER, RULE_SETTINGS
from core.systems.calc import calc_lines, stand_in
from core.systems.rolls import FLAT_CHECK_DC

OFFERS = {
    # id: (attack helper, multipliers, armor slots, direct, heal tracks, nonlethal, options, DC)
    "pf2e": (False, (), False, False, ("hp",), "nonlethal", ("crit_mode", "flat_checks"), FLAT_CHECK_DC),
    "sf2e": (False, (), False, False, ("hp",), "nonlethal", ("crit_mode", "flat_checks"), FLAT_CHECK_DC),
    "vitality-wounds": (False, (), False, False, ("vitality", "wounds"), "nonlethal", ("flat_checks",),
                        FLAT_CHECK_DC),
    "daggerheart": (False, (), True, True, ("hp", "armor", "stress"), "nonlethal", ("massive_damage",),
                    None),
    "d20-3e": (True, (2, 3, 4), False, False, ("hp",), "subdual", (), None),
}


@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_each_system_declares_what_it_offers(system):
    rules = get_system(system)
    assert (rules.attack_helper, rules.critical_multipliers, rules.has_armor_slots, rules.has_direct_damage,
            rules.heal_tracks, rules.nonlethal_word, rules.rule_options, rules.flat_check_dc) == OFFERS[system]
    assert rules.has_persistent_damage is (rules.flat_check_dc is not None)
    assert tuple(s.key for s in rules.settings_offered) == rules.rule_options


def test_only_daggerheart_totals_hits_and_draws_slots():
    assert [s for s in SYSTEM_IDS if get_system(s).totals_hits] == ["daggerheart"]
    assert [s for s in SYSTEM_IDS if get_system(s).track_slots] == ["daggerheart"]


def test_only_daggerheart_has_no_nonlethal_damage():
    # RULES §3 names none: its damage form offers no nonlethal option
    assert [s for s in SYSTEM_IDS if not get_system(s).has_nonlethal] == ["daggerheart"]


@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_each_system_declares_stress_as_its_creatures_have_it(system):
    # RULES §7: Stress is a declaration, like nonlethal and initiative; it matches the form
    rules = get_system(system)
    assert isinstance(rules.has_stress, bool)
    assert rules.has_stress is any(stat.name == "stress" for stat in rules.stat_fields)


def test_only_daggerheart_has_stress():
    assert [s for s in SYSTEM_IDS if get_system(s).has_stress] == ["daggerheart"]


def test_only_d20_hp_goes_below_zero():
    assert [s for s in SYSTEM_IDS if get_system(s).negative_hp] == ["d20-3e"]
    d20 = get_system("d20-3e")
    ogre = d20.new_creature("Ogre", hp=5)
    d20.apply_damage(ogre, "8")
    assert ogre.hp == -3


def test_multipliers_are_within_the_cores_bound():
    assert max(get_system("d20-3e").critical_multipliers) <= MAX_MULTIPLIER


def test_the_attack_helper_is_where_roll_attack_works():
    for system in SYSTEM_IDS:
        rules = get_system(system)
        if not rules.attack_helper:
            with pytest.raises(ValueError, match="attack helper"):
                rules.roll_attack(5, 10)


def test_an_hp_only_npc_heals_hp():
    rules = get_system("vitality-wounds")
    assert rules.heal_tracks_of(rules.new_creature("Hero", vitality=20, wounds=10)) == ("vitality", "wounds")
    assert rules.heal_tracks_of(rules.new_creature("Thug", hp=12)) == ("hp",)
    dh = get_system("daggerheart")
    assert dh.heal_tracks_of(dh.new_creature("PC", hp=6)) == ("hp", "armor", "stress")


def test_result_lines_follow_the_declared_counts():
    dh = get_system("daggerheart")
    outcome = dh.apply_damage(dh.new_creature("PC", hp=6, major=7, severe=14), "3 physical")
    assert dh.result_lines(outcome) == ("HP marked: 1",)
    vw = get_system("vitality-wounds")
    outcome = vw.apply_damage(vw.new_creature("Hero", vitality=20, wounds=10), "3 fire")
    assert vw.result_lines(outcome) == ()                 # no wounds: no line


def test_settings_are_declared_once():
    assert RULE_SETTINGS == {"crit_mode": ("double", "roll-twice"), "massive_damage": (False, True)}
    assert {s.key for s in RULE_OPTIONS} < {s.key for s in ENCOUNTER_OPTIONS}
    enc = Encounter(system="pf2e", name="S")
    assert enc.settings == {s.key: s.default for s in ENCOUNTER_OPTIONS}
    for declared in ENCOUNTER_OPTIONS:
        for choice in declared.choices:
            enc.set_setting(declared.key, choice.value)
            assert enc.log[-1].text == choice.log       # the log's words come from the declaration
    assert setting("crit_mode").other("double").value == "roll-twice"
    assert setting("massive_damage").other(True).value is False


@pytest.mark.parametrize("settings,message", [
    ({"crit_mode": "triple"}, "crit_mode is one of 'double', 'roll-twice', not 'triple'"),
    ({"massive_damage": 1}, "massive_damage is one of False, True, not 1"),
    ({"flat_checks": "ask"}, "unknown setting 'flat_checks'"),
    ("roll-twice", "settings must be a dict"),
])
def test_rule_settings_are_checked_against_the_declaration(settings, message):
    with pytest.raises(ValueError, match=message):
        check_settings(settings)


def test_encounter_settings_take_the_tables_own_and_old_words():
    enc = Encounter(system="pf2e", name="S", settings={"flat_checks": "auto", "skip_defeated": False})
    assert enc.settings["flat_checks"] == "roll" and enc.settings["skip_defeated"] is False
    with pytest.raises(ValueError, match="unknown setting 'speed'"):
        enc.set_setting("speed", 1)


def test_the_stand_in_target_is_bottomless_where_no_stat_is_given():
    vw = get_system("vitality-wounds")
    hero = stand_in(vw, {})
    assert (hero.vitality, hero.wounds, hero.hp) == (1_000_000, 1_000_000, None)
    thug = stand_in(vw, {"hp": 12})                        # --stat hp= asks for an HP-only NPC
    assert (thug.hp, thug.vitality) == (12, None)
    pf2 = stand_in(get_system("pf2e"), {"temp_hp": 3}, defenses="weaknesses fire 5")
    assert (pf2.hp, pf2.temp_hp, pf2.defenses) == (1_000_000, 3, "weaknesses fire 5")
    dh = stand_in(get_system("daggerheart"), {})
    assert (dh.max_hp, dh.major, dh.severe) == (6, 7, 14)  # slots are few: the defaults


def test_calc_lines_stop_at_the_total_without_the_targets_track(R):
    pf2 = get_system("pf2e")
    outcome = pf2.apply_damage(stand_in(pf2, {}), "2d6 fire", rng=R(3, 4))
    assert calc_lines(pf2, outcome, track=False) == ("roll: 2d6 fire (3, 4) = 7", "total: 7")
    assert calc_lines(pf2, outcome)[-1] == "HP 1000000 → 999993"
    dh = get_system("daggerheart")
    outcome = dh.apply_damage(stand_in(dh, {}), "9 physical")
    lines = calc_lines(dh, outcome, track=False)
    assert not any(line.startswith("mark ") for line in lines)
    assert lines[-2:] == ("total: 9", "HP marked: 2")


@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_current_tracks_name_real_fields_and_stats(system):
    from core.creature.model import Creature

    rules = get_system(system)
    stats = {f.name for f in rules.stat_fields}
    fields = set(Creature.__dataclass_fields__)
    for name, label, maximum in rules.current_tracks:
        assert name in fields and label
        assert maximum is None or maximum in stats


@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_each_system_gives_the_add_form_examples_in_its_own_notation(system):
    """The add form's placeholders come from the system: a name, and a defense line its
    own parser reads (not pf2e's ``weaknesses fire 5`` for Daggerheart)."""
    rules = get_system(system)
    assert rules.example_name and rules.example_defenses
    defenses = rules.parse_defenses(rules.example_defenses)
    assert not defenses.unautomated, defenses.unautomated   # every word of it is automated
    creature = rules.new_creature(rules.example_name, defenses=rules.example_defenses)
    assert creature.defenses == rules.example_defenses


def test_the_kinds_that_change_damage_are_declared_where_there_are_any():
    kinds = {s: get_system(s).kind_words for s in SYSTEM_IDS}
    assert kinds["pf2e"] == ("living", "undead", "construct", "bloodless")
    assert kinds["sf2e"] == kinds["vitality-wounds"] == kinds["pf2e"]
    assert kinds["daggerheart"] == kinds["d20-3e"] == ()
    assert "weakness" not in get_system("daggerheart").example_defenses
    assert "DR" in get_system("d20-3e").example_defenses


@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_each_system_gives_the_damage_field_examples_in_its_own_notation(system):
    """Damage entry's placeholder: a roll and a total typed at the table that the system's own
    parser reads (Daggerheart showed pf2e's ``6d6 fire``, a type it does not have)."""
    rules = get_system(system)
    rolled, typed = rules.example_damage
    rolled_amount = rules.parse_damage(rolled).parts[0].amount
    typed_amount = rules.parse_damage(typed).parts[0].amount
    assert rolled_amount is not None and rolled_amount.dice
    assert typed_amount is not None and not typed_amount.dice
