"""sf2e: the PF2-family table (conftest.FAMILY_CASES) plus what sf2e does
differently. The HP track and persistent rules it shares with pf2e run in
test_pf2e.py for both systems."""

from __future__ import annotations

import pytest

from core import ParseError, get_system

SYSTEM = "sf2e"




@pytest.mark.parametrize("text,word", [
    ("5 chaotic", "chaotic"),     # pf2e alignment types do not exist in sf2e
    ("5 good", "good"),
    ("5 ballistic", "ballistic"),  # vitality-wounds only
    ("7 fyre", "fyre"),
])
def test_bad_damage(text, word):
    with pytest.raises(ParseError) as info:
        get_system(SYSTEM).parse_damage(text)
    start = text.index(word)
    assert start <= info.value.position < start + len(word)


def test_vulnerable_is_parse_error_outside_vitality_wounds():
    with pytest.raises(ParseError):
        get_system(SYSTEM).parse_defenses("vulnerable silver")


@pytest.mark.parametrize("text", [
    "5 vitality, 5 void, 5 spirit, 5 force, 5 mental, 5 poison, 5 sonic",
    "1d6 fire plus 1d4 persistent acid",
])
def test_sf2e_types_parse(text):
    get_system(SYSTEM).parse_damage(text)


@pytest.mark.parametrize("damage,save,expected", [
    ("1 fire", "success", 1),           # an instance of 1 halved stays 1
    ("1 fire, 1 cold", "success", 2),   # per instance
    ("3 fire", "success", 1),
    ("1 fire", "critical-success", 0),  # a critical success still leaves nothing
])
def test_sf2e_halving_one_stays_one(damage, save, expected):
    rs = get_system(SYSTEM)
    c = rs.new_creature("T", hp=40)
    assert rs.apply_damage(c, damage, save=save).total == expected


def test_sf2e_bleed_is_always_persistent(R):
    # decision 5 (seed 000): "1d6 bleed" in an sf2e attack adds a persistent condition
    rs = get_system(SYSTEM)
    c = rs.new_creature("T", hp=40)
    out = rs.apply_damage(c, "5 slashing, 1d6 bleed", rng=R(6))  # the core may roll it now
    assert out.total == 5
    assert [p.type for p in c.persistent] == ["bleed"]
    rs.end_turn(c, rng=R(4, 3))
    assert c.hp == 40 - 5 - 4


@pytest.mark.parametrize("traits", ["undead", "construct"])
def test_sf2e_bleed_has_no_effect_on_nonliving(traits):
    rs = get_system(SYSTEM)
    c = rs.new_creature("T", hp=40, traits=traits)
    out = rs.apply_damage(c, "5 slashing, 1d6 bleed")
    assert out.total == 5
    assert len(c.persistent) == 0


def test_sf2e_persistent_one_halved_stays_one(R):
    rs = get_system(SYSTEM)
    c = rs.new_creature("T", hp=40)
    rs.apply_damage(c, "2 fire, 1 persistent acid", save="success")
    assert c.hp == 39
    assert len(c.persistent) == 1
    rs.end_turn(c, rng=R(1))
    assert c.hp == 38


def test_sf2e_spirit_spares_construct_shown():
    rs = get_system(SYSTEM)
    c = rs.new_creature("Robot", hp=40, traits="construct")
    out = rs.apply_damage(c, "6 spirit, 2 fire")
    assert out.total == 2
    assert any("construct" in s.lower() for s in out.steps), out.steps


def test_sf2e_void_on_undead_says_why():
    rs = get_system(SYSTEM)
    c = rs.new_creature("Ghoul", hp=40, traits="undead")
    out = rs.apply_damage(c, "6 void")
    assert out.total == 0
    assert any("void" in s.lower() for s in out.steps), out.steps
