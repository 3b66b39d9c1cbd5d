"""D20-3e / Daggerheart / options half: options never reroll, bounds on every number,
settings in the API and in the log in the GM's words, and behaviour that no test pinned."""

from __future__ import annotations

import random
import time

import pytest
from core_support import Stats

from core import Encounter, get_system


def crit_values(roll) -> list[tuple[int | None, tuple[int, ...]]]:
    """Each part's critical value and dice."""
    return [(p.crit_value, p.crit_faces) for hit in roll.hits for p in hit]


# ------------------------------------------------ item 10: options never reroll


def test_d20_critical_off_and_on_gives_the_same_dice(R):
    rs = get_system("d20-3e")
    roll = rs.roll("1d8+3, 1d6 fire", critical=2, rng=R(by_size={8: [4, 5], 6: [6]}))
    exhausted = R()  # any further die fails the test
    off = rs.with_critical(roll, False, exhausted)
    on = rs.with_critical(off, 2, exhausted)
    assert crit_values(on) == crit_values(roll)
    assert on.hits[0][0].crit_value == 7 + 8


def test_d20_multiplier_cycled_back_gives_the_same_dice(R):
    rs = get_system("d20-3e")
    roll = rs.roll("1d8+3", critical=2, rng=R(4, 5))
    x3 = rs.with_critical(roll, 3, R(6))          # one more roll of the first part
    x4 = rs.with_critical(x3, 4, R(7))
    back = rs.with_critical(x4, 2, R())
    assert back.hits[0][0].crit_value == 7 + 8
    again = rs.with_critical(back, 4, R())
    assert again.hits[0][0].crit_value == 7 + 8 + 9 + 10
    assert rs.with_critical(again, 3, R()).hits[0][0].crit_value == 7 + 8 + 9


def test_d20_normal_roll_then_critical_keeps_its_extra_dice(R):
    rs = get_system("d20-3e")
    roll = rs.roll("2d6+1", rng=R(1, 2))
    crit = rs.with_critical(roll, 3, R(3, 4, 5, 6))
    assert crit.hits[0][0].crit_value == 4 + 8 + 12
    toggled = rs.with_critical(rs.with_critical(crit, False, R()), 3, R())
    assert toggled.hits[0][0].crit_value == 4 + 8 + 12
    assert toggled.hits[0][0].faces == (1, 2)


def test_pf2e_roll_twice_toggle_gives_the_same_dice(R):
    rs = get_system("pf2e")
    twice = {"crit_mode": "roll-twice"}
    roll = rs.roll("2d6+4 slashing", rng=R(3, 4))
    crit = rs.with_critical(roll, True, R(5, 6), twice)
    back = rs.with_critical(rs.with_critical(crit, False, R(), twice), True, R(), twice)
    assert back.hits[0][0].crit_value == crit.hits[0][0].crit_value == 11 + 15


def test_with_critical_never_touches_the_normal_dice():
    rs = get_system("d20-3e")
    roll = rs.roll("3d6+2", rng=random.Random(3))
    rng = random.Random(9)
    for mult in (2, 3, 4, 0, 2, 6, 0, 5):
        roll = rs.with_critical(roll, mult or False, rng)
    assert roll.hits[0][0].faces == rs.roll("3d6+2", rng=random.Random(3)).hits[0][0].faces


# ------------------------------------------------ item 11: bounds, and a clear error beyond


@pytest.mark.parametrize("critical", [7, 100_000_000, 3_000_000, 1, 0, -2, 2.0, 3e6, "2"])
def test_critical_multiplier_is_2_to_6(critical):
    rs = get_system("d20-3e")
    c = rs.new_creature("Ogre", hp=50)
    start = time.perf_counter()
    with pytest.raises(ValueError, match="critical"):
        rs.apply_damage(c, "1d8+3", critical=critical, rng=random.Random(1))
    assert time.perf_counter() - start < 0.5
    assert c.hp == 50


@pytest.mark.parametrize("critical,rolls", [(2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (True, 2)])
def test_critical_multipliers_in_bounds(R, critical, rolls):
    rs = get_system("d20-3e")
    out = rs.apply_damage(rs.new_creature("Ogre", hp=100), "1d8", critical=critical,
                          rng=R(*[1] * rolls))
    assert out.total == rolls


@pytest.mark.parametrize("system,stats", [
    ("daggerheart", {"hp": 100}),
    ("daggerheart", {"armor": 10**12}),
    ("daggerheart", {"stress": 100}),
    ("daggerheart", {"major": 1_000_001, "severe": 1_000_002}),
    ("pf2e", {"hp": 1_000_001}),
    ("sf2e", {"temp_hp": 10**12}),
    ("d20-3e", {"hp": 10**12}),
    ("vitality-wounds", {"vitality": 1_000_001, "wounds": 5}),
])
def test_stats_beyond_bounds_are_refused(system, stats):
    rs = get_system(system)
    with pytest.raises(ValueError, match="at most"):
        rs.new_creature("Huge", **stats)


@pytest.mark.parametrize("system,stats", [
    ("daggerheart", {"hp": 99, "armor": 99, "stress": 99, "major": 1_000_000, "severe": 1_000_000}),
    ("pf2e", {"hp": 1_000_000, "temp_hp": 1_000_000}),
    ("d20-3e", {"hp": 1_000_000}),
    ("vitality-wounds", {"vitality": 1_000_000, "wounds": 1_000_000}),
])
def test_stats_at_the_bounds_are_accepted(system, stats):
    c = get_system(system).new_creature("Huge", **stats)
    assert get_system(system).track_text(c)


def test_edit_beyond_bounds_is_refused():
    enc = Encounter(system="daggerheart", name="x")
    cid = enc.add(get_system("daggerheart").new_creature("Bandit"))
    with pytest.raises(ValueError, match="at most 99"):
        enc.update(cid, armor=10**12)
    assert len(enc.log) == 1


# ------------------------------------------------ item 13: settings= in the API


@pytest.mark.parametrize("settings", [
    {"crit_mode": "triple"}, {"crit_mode": True}, {"massive_damage": "yes"}, {"massive_damage": 1},
    {"no_such_rule": True}, {"flat_checks": "ask"}, {"skip_defeated": False}, "roll-twice",
])
def test_apply_damage_refuses_unknown_settings(settings):
    rs = get_system("pf2e")
    c = rs.new_creature("Goblin", hp=20)
    with pytest.raises(ValueError):
        rs.apply_damage(c, "5 fire", settings=settings)
    assert c.hp == 20


@pytest.mark.parametrize("system,settings,damage,options,rng,total", [
    ("pf2e", {"crit_mode": "roll-twice"}, "1d6+2 fire", {"critical": True}, (3, 5), 12),
    ("pf2e", {"crit_mode": "double"}, "1d6+2 fire", {"critical": True}, (3,), 10),
    ("sf2e", {"crit_mode": "roll-twice"}, "1d6+2 fire", {"critical": True}, (3, 5), 12),
    ("pf2e", None, "1d6+2 fire", {"critical": True}, (3,), 10),
    ("daggerheart", {"massive_damage": True}, "28", {}, (), 4),
    ("daggerheart", {"massive_damage": False}, "28", {}, (), 3),
])
def test_apply_damage_takes_the_rule_options(R, system, settings, damage, options, rng, total):
    rs = get_system(system)
    stats: Stats = {"hp": 6, "major": 7, "severe": 14} if system == "daggerheart" else {"hp": 100}
    out = rs.apply_damage(rs.new_creature("T", **stats), damage, rng=R(*rng), settings=settings,
                          **options)
    assert (out.hp_marked if system == "daggerheart" else out.total) == total, out.steps


@pytest.mark.parametrize("settings", [
    {"crit_mode": "triple"}, {"flat_checks": "sometimes"}, {"skip_defeated": "no"},
    {"no_such_rule": 1}, {"massive_damage": None},
])
def test_encounter_refuses_unknown_settings(settings):
    with pytest.raises(ValueError):
        Encounter(system="pf2e", name="x", settings=settings)


def test_encounter_settings_defaults_and_extra_keys():
    enc = Encounter(system="pf2e", name="x", settings=None)
    assert enc.settings == {"crit_mode": "double", "flat_checks": "roll", "massive_damage": False,
                            "skip_defeated": True, "player_view": "status"}
    enc = Encounter(system="pf2e", name="x", settings={"flat_checks": "ask", "skip_defeated": False})
    assert enc.settings["flat_checks"] == "ask" and enc.settings["skip_defeated"] is False
    with pytest.raises(ValueError):
        enc.set_setting("skip_defeated", "maybe")
    with pytest.raises(ValueError):
        enc.set_setting("flat_checks", "auto-ish")


def test_old_flat_checks_word_still_loads():
    # older saves say "auto" for the app rolling flat checks
    enc = Encounter(system="pf2e", name="x", settings={"flat_checks": "auto"})
    assert enc.settings["flat_checks"] == "roll"


# ------------------------------------------------ item 12: steps and log in the GM's words


def test_roll_twice_critical_says_so(R):
    rs = get_system("pf2e")
    out = rs.apply_damage(rs.new_creature("T", hp=50), "1d6+2 fire", critical=True, rng=R(3, 5),
                          settings={"crit_mode": "roll-twice"})
    assert any("rolled twice" in s for s in out.steps), out.steps
    assert out.total == 12


@pytest.mark.parametrize("key,value,words", [
    ("crit_mode", "roll-twice", "critical hits: roll the dice twice, double the modifiers"),
    ("crit_mode", "double", "critical hits: double the damage"),
    ("flat_checks", "ask", "flat checks: the GM rolls them"),
    ("flat_checks", "roll", "flat checks: the app rolls them"),
    ("massive_damage", True, "optional rule on: twice Severe or more marks 4 HP"),
    ("massive_damage", False, "optional rule off: twice Severe or more marks 3 HP"),
    ("skip_defeated", False, "next turn: defeated creatures keep their turns"),
    ("skip_defeated", True, "next turn: defeated creatures are skipped"),
])
def test_settings_reach_the_log_in_the_gms_words(key, value, words):
    enc = Encounter(system="pf2e", name="x")
    enc.set_setting(key, value)
    assert enc.log[-1].text == words
    assert "=" not in enc.log[-1].text and "True" not in enc.log[-1].text


# ------------------------------------------------ turn order, Encounter.apply_damage, flat checks


def _encounter(*names_and_initiatives, system="pf2e", **settings):
    enc = Encounter(system=system, name="Ambush", settings=settings or None)
    rs = enc.rules
    return enc, [enc.add(rs.new_creature(n, hp=30), initiative=i) for n, i in names_and_initiatives]


def test_removing_the_active_creature_passes_the_turn_to_the_next():
    enc, (a, b, c) = _encounter(("A", 20), ("B", 10), ("C", 5))
    enc.next_turn(rng=random.Random(1))
    assert enc.active == b
    enc.remove(b)
    assert enc.active == c and enc.round == 1
    enc.undo()
    assert enc.active == b and enc.order == [a, b, c]


def test_removing_the_active_last_creature_passes_the_turn_to_the_top():
    enc, (a, b, c) = _encounter(("A", 20), ("B", 10), ("C", 5))
    enc.next_turn(rng=random.Random(1))
    enc.next_turn(rng=random.Random(1))
    assert enc.active == c
    enc.remove(c)
    assert enc.active == a, "the removed creature's turn ends; the top of the order is next"
    assert enc.round == 2
    enc.undo()
    assert (enc.active, enc.round) == (c, 1)


def test_removing_another_creature_keeps_the_active_one():
    enc, (a, b, c) = _encounter(("A", 20), ("B", 10), ("C", 5))
    enc.next_turn(rng=random.Random(1))
    enc.remove(a)
    assert enc.active == b


def test_undoing_an_initiative_edit_restores_order_and_turn():
    enc, (a, b, c) = _encounter(("A", 20), ("B", 10), ("C", 5))
    enc.next_turn(rng=random.Random(1))
    enc.update(c, initiative=25)
    assert enc.order == [c, a, b] and enc.active == b
    enc.undo()
    assert enc.order == [a, b, c] and enc.active == b and enc.initiative(c) == 5
    enc.redo()
    assert enc.order == [c, a, b] and enc.active == b


def test_apply_damage_takes_a_single_id_and_nonlethal():
    enc = Encounter(system="pf2e", name="x")
    rs = enc.rules
    ids = [enc.add(rs.new_creature(f"G{i}", hp=10)) for i in range(12)]
    pc = ids[-1]                      # "c12": never read as "c", "1", "2"
    enc.update(pc, pc=True)
    outs = enc.apply_damage(pc, "15 bludgeoning", nonlethal=True)
    assert list(outs) == [pc]
    after = enc.creature(pc)
    assert after.hp == 0 and "unconscious" in after.conditions
    assert "dying" not in after.conditions and "dead" not in after.conditions
    assert "nonlethal" in enc.log[-1].text
    enc.undo()
    assert enc.creature(pc).hp == 10 and not enc.creature(pc).conditions


def test_undo_of_resolved_flat_checks(R):
    enc, (a, b) = _encounter(("A", 10), ("B", 5), flat_checks="ask")
    enc.add_persistent(a, "3 persistent fire")
    enc.add_persistent(b, "2 persistent acid")
    enc.next_turn(rng=R())
    enc.next_turn(rng=R())
    assert sorted(enc.pending_checks()) == sorted([(a, 0), (b, 0)])
    enc.resolve_flat_checks(rolls={(a, 0): 15, (b, 0): 3})
    assert not enc.creature(a).persistent and enc.creature(b).persistent
    assert not enc.pending_checks()
    enc.undo()
    assert sorted(enc.pending_checks()) == sorted([(a, 0), (b, 0)])
    assert enc.creature(a).persistent[0].pending_check
    enc.redo()
    assert not enc.creature(a).persistent and not enc.pending_checks()
