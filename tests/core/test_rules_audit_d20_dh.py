"""Issue 7, d20-3e / Daggerheart / options half: options never reroll, bounds on every number,
settings in the API and in the log in the GM's words, and behaviour that no test pinned."""

from __future__ import annotations

import random
import time

import pytest

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
    with pytest.raises(ValueError, match="at most"):
        enc.set_track(cid, hp_marked=10**12)
    assert len(enc.log) == 1
