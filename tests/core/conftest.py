"""Shared fixtures for the rules-core tests.

`R` builds a scripted dice source: an object with ``randint(a, b)`` that
returns queued values, so a test can force every die. Values are consumed in
order; ``R(by_size={8: [4, 5], 6: [6]})`` instead queues values per die size
(``randint(1, 8)`` takes from the 8-queue), which keeps a test independent of
the order in which the core rolls different dice. An exhausted script, or a
value outside ``a..b``, fails the test loudly.
"""

from __future__ import annotations

from typing import Any

import pytest
from core_support import ScriptedRng as ScriptedRng  # tests import it from core_support


class CountingRng:
    """A seeded random source that counts the calls made through it."""

    def __init__(self, seed: int = 0):
        import random

        self._r = random.Random(seed)
        self.calls = 0

    def randint(self, a: int, b: int) -> int:
        self.calls += 1
        return self._r.randint(a, b)


@pytest.fixture
def R():
    """Factory for ScriptedRng."""
    return ScriptedRng


@pytest.fixture
def counting_rng():
    return CountingRng


# --------------------------------------------------------------------------
# The PF2-family table (pf2e, sf2e, vitality-wounds).
#
# A test module that sets ``SYSTEM = "pf2e"`` (or sf2e / vitality-wounds) and
# takes the ``family_case`` argument is parametrized with every row below that
# has an expectation for its system. A row is
#     (id, defenses, damage, options, expected)
# where ``expected`` is the total dealt (``out.total``) — one int for all three
# systems, or a dict {system: total} (a system missing from the dict skips the
# row). ``options`` go to ``apply_damage`` except ``rng`` (a tuple of queued
# dice values, or a dict {die size: [values]}) and ``traits`` (the creature's).

_F = ("pf2e", "sf2e", "vitality-wounds")
PF2 = "pf2e"
SF2 = "sf2e"
VW = "vitality-wounds"


def _all(v):
    return dict.fromkeys(_F, v)


FAMILY_CASES = [
    # --- notation: amounts, separators, aliases
    ("plain-number", "", "7 fire", {}, 7),
    ("dice-plus-modifier", "", "2d6+4 slashing", {"rng": (3, 4)}, 11),
    ("bare-d6", "", "d6 fire", {"rng": (5,)}, 5),
    ("comma-parts", "", "2d8+4 slashing silver magical, 1d6 fire",
     {"rng": {8: [1, 2], 6: [3]}}, 10),
    ("plus-separator", "", "5 slashing plus 3 fire", {}, 8),
    ("alias-b", "weaknesses bludgeoning 2", "5 b", {}, 7),
    ("alias-p", "weaknesses piercing 2", "5 p", {}, 7),
    ("alias-s", "weaknesses slashing 2", "5 s", {}, 7),
    ("weakness-uses-alias", "weaknesses s 2", "5 slashing", {}, 7),
    ("subtracted-dice", "", "2d6-1d4+1 fire", {"rng": {6: [3, 4], 4: [2]}}, 6),
    # --- floors (RULES §1 "Minimum damage")
    ("floor-then-weakness", "weaknesses slashing 2", "1d4-5 slashing", {"rng": (1,)}, 3),
    ("floor-part-at-0-no-min-1", "weaknesses slashing 2", "1d4-5 slashing, 3 fire",
     {"rng": (1,)}, 3),
    ("floor-min-1-carried-by-first-part", "resistances fire 5", "1d4-5 slashing, 1d4-5 fire",
     {"rng": (1, 1)}, 1),
    ("floor-min-1-first-part-resisted", "resistances slashing 5",
     "1d4-5 slashing, 1d4-5 fire", {"rng": (1, 1)}, 0),
    ("floor-negative-total", "", "1d4-2 fire", {"rng": (1,)}, 1),
    ("floor-before-doubling", "", "1d4-5 slashing", {"rng": (1,), "critical": True}, 2),
    ("floor-before-halving", "", "1d4-5 slashing", {"rng": (1,), "save": "success"},
     {PF2: 0, SF2: 1, VW: 0}),
    # --- doubling and halving
    ("crit-doubles", "", "7 slashing", {"critical": True}, 14),
    ("crit-doubles-dice", "", "2d6 fire", {"rng": (3, 4), "critical": True}, 14),
    ("crit-before-resistance", "resistances fire 5", "7 fire", {"critical": True}, 9),
    ("crit-before-weakness", "weaknesses fire 5", "7 fire", {"critical": True}, 19),
    ("save-critical-success", "", "7 fire", {"save": "critical-success"}, 0),
    ("save-success", "", "7 fire", {"save": "success"}, 3),
    ("save-failure", "", "7 fire", {"save": "failure"}, 7),
    ("save-critical-failure", "", "7 fire", {"save": "critical-failure"}, 14),
    ("crit-success-no-weakness", "weaknesses fire 5", "7 fire",
     {"save": "critical-success"}, 0),
    ("halve-1", "", "1 fire", {"save": "success"}, {PF2: 0, SF2: 1, VW: 0}),
    ("halve-1-to-0-no-weakness", "weaknesses fire 5", "1 fire", {"save": "success"},
     {PF2: 0, SF2: 6, VW: 0}),
    # decision 1: pf2e halves the total (5+5=10 -> 5), the others per instance (2+2)
    ("halve-total-vs-per-instance", "", "5 slashing, 5 fire", {"save": "success"},
     {PF2: 5, SF2: 4, VW: 4}),
    ("halve-3-and-3", "", "3 slashing, 3 fire", {"save": "success"},
     {PF2: 3, SF2: 2, VW: 2}),
    # decision 1: pf2e leftover point goes to the first odd instance (slashing)
    ("halve-leftover-to-first-odd-weak-fire", "weaknesses fire 5", "1 slashing, 1 fire",
     {"save": "success"}, {PF2: 1, SF2: 7, VW: 0}),
    ("halve-leftover-to-first-odd-weak-slashing", "weaknesses slashing 5",
     "1 slashing, 1 fire", {"save": "success"}, {PF2: 6, SF2: 7, VW: 0}),
    ("halve-leftover-three-instances", "weaknesses fire 5; resistances slashing 2",
     "3 slashing, 3 fire, 3 cold", {"save": "success"}, {PF2: 7, SF2: 7, VW: 7}),
    ("halve-leftover-skips-even-instances", "weaknesses cold 5", "1 slashing, 2 fire, 1 cold",
     {"save": "success"}, {PF2: 2, SF2: 8, VW: 1}),
    ("merge-before-halving", "", "1 fire, 1 fire", {"save": "success"}, 1),
    ("merge-same-type", "weaknesses slashing 2", "3 slashing, 3 slashing", {}, 8),
    ("no-merge-different-traits", "weaknesses slashing 2", "3 slashing silver, 3 slashing",
     {}, {PF2: 10, SF2: 10, VW: 8}),
    # --- on-crit parts
    ("on-crit-absent-on-normal-hit", "", "5 slashing, 4 piercing on-crit", {}, 5),
    ("on-crit-added-not-doubled", "", "5 slashing, 4 piercing on-crit", {"critical": True}, 14),
    ("on-crit-merges", "weaknesses slashing 3", "5 slashing, 2 slashing on-crit",
     {"critical": True}, 15),
    ("on-crit-dice", "", "5 slashing, 1d10 piercing on-crit", {"critical": True, "rng": (7,)},
     17),
    ("immune-crit-normal-damage", "immunities critical hits", "7 fire", {"critical": True}, 7),
    ("immune-crit-no-on-crit", "immunities critical hits", "5 slashing, 4 piercing on-crit",
     {"critical": True}, 5),
    ("immune-crit-keeps-precision", "immunities critical hits", "5 slashing, 3 precision",
     {"critical": True}, 8),
    # --- precision
    ("precision-merges", "", "5 slashing, 3 precision", {}, 8),
    ("precision-immunity-share-only", "immunities precision", "5 slashing, 3 precision", {}, 5),
    ("precision-one-instance-weakness", "weaknesses slashing 2", "5 slashing, 3 precision",
     {}, 10),
    ("precision-resist-capped", "resistances precision 5", "5 slashing, 3 precision", {}, 5),
    ("precision-resist-small", "resistances precision 2", "5 slashing, 3 precision", {}, 6),
    ("precision-weakness-competes", "weaknesses precision 4, slashing 2",
     "5 slashing, 3 precision", {}, 12),
    ("precision-weakness-loses", "weaknesses precision 1, slashing 2",
     "5 slashing, 3 precision", {}, 10),
    ("precision-weakness-needs-precision", "weaknesses precision 4", "5 slashing", {}, 5),
    ("precision-crit-doubled", "", "5 slashing, 3 precision", {"critical": True}, 16),
    ("precision-crit-immune-precision", "immunities precision", "5 slashing, 3 precision",
     {"critical": True}, 10),
    ("precision-resisted-by-physical", "resistances physical 5", "5 slashing, 3 precision",
     {}, 3),
    # RULES: the resistance that removes the most (slashing 5 removes 5; precision 10 only its 3),
    # so adding a resistance never raises damage
    ("resist-removes-the-most", "resistances precision 10, slashing 5",
     "5 slashing, 3 precision", {}, 3),
    # --- immunities
    ("immune-type", "immunities fire", "7 fire, 4 slashing", {}, 4),
    ("immune-category-physical", "immunities physical", "7 fire, 4 slashing", {}, 7),
    ("immune-category-energy", "immunities energy", "7 fire, 4 slashing", {}, 4),
    ("immune-except-adamantine-hit", "immunities physical (except adamantine)",
     "5 slashing adamantine", {}, 5),
    ("immune-except-adamantine-miss", "immunities physical (except adamantine)",
     "5 slashing", {}, 0),
    ("immune-nonlethal-attacks", "immunities nonlethal attacks", "7 slashing, 3 fire",
     {"nonlethal": True}, 0),
    ("immune-nonlethal-lethal-hit", "immunities nonlethal attacks", "7 slashing, 3 fire",
     {}, 10),
    ("immune-persistent-keeps-direct", "immunities persistent damage",
     "5 slashing, 3 persistent fire", {}, 5),
    ("effect-immunities-no-change", "immunities disease, paralyzed, death effects",
     "7 fire", {}, 7),
    ("immunity-singular", "immunity fire", "7 fire", {}, 0),
    ("immune-word", "immune fire", "7 fire", {}, 0),
    ("immunity-before-weakness", "immunities fire; weaknesses fire 5", "7 fire", {}, 0),
    # --- weaknesses
    ("weak-type", "weaknesses fire 5, silver 3", "7 fire", {}, 12),
    ("weak-material", "weaknesses fire 5, silver 3", "5 slashing silver", {}, 8),
    ("weak-no-match", "weaknesses fire 5, silver 3", "5 slashing", {}, 5),
    ("weak-highest-of-type-and-material", "weaknesses slashing 2, silver 3",
     "5 slashing silver", {}, 8),
    ("weak-per-instance-vs-per-attack", "weaknesses physical 3", "5 slashing, 5 piercing",
     {}, {PF2: 16, SF2: 16, VW: 13}),
    ("weak-two-types", "weaknesses slashing 2, fire 5", "5 slashing, 5 fire", {},
     {PF2: 17, SF2: 17, VW: 15}),
    # vitality-wounds: the single weakness goes to the first instance that carries it
    ("weak-per-attack-first-instance", "weaknesses physical 3; resistances slashing 10",
     "5 slashing, 5 piercing", {}, {PF2: 8, SF2: 8, VW: 5}),
    ("weak-bare-source-word", "weaknesses water 5", "water", {}, 5),
    ("weak-bare-source-word-salt", "weaknesses salt 3", "salt", {}, 3),
    ("bare-source-word-no-weakness", "", "water", {}, 0),
    ("weak-bare-source-word-with-damage", "weaknesses water 5", "5 fire, water", {}, 10),
    ("weak-source-word-and-type", "weaknesses water 5, fire 3", "5 fire, water", {},
     {PF2: 13, SF2: 13, VW: 10}),
    ("weak-category", "weaknesses energy 4", "5 fire", {}, 9),
    ("weak-except", "weaknesses physical 5 (except bludgeoning)", "5 bludgeoning", {}, 5),
    ("weak-except-other", "weaknesses physical 5 (except bludgeoning)", "5 slashing", {}, 10),
    ("weak-singular", "weakness fire 5", "7 fire", {}, 12),
    ("weak-short", "weak fire 5", "7 fire", {}, 12),
    ("weak-then-resist", "weaknesses fire 5; resistances fire 5", "7 fire", {}, 7),
    ("weak-then-resist-all", "weaknesses fire 3; resistances all 5", "7 slashing, 4 fire",
     {}, 4),
    # --- resistances
    ("resist-min-0", "resistances fire 5", "3 fire", {}, 0),
    ("resist-except-silver-cold-iron", "resistances physical 10 (except silver, cold-iron)",
     "12 slashing cold-iron", {}, 12),
    ("resist-except-per-part", "resistances physical 10 (except silver)",
     "12 slashing silver, 12 piercing", {}, 14),
    ("resist-all-per-instance", "resistances all 2", "5 slashing, 5 fire", {}, 6),
    ("resist-5-slash-dash", "resistance 5/-", "7 slashing, 4 fire", {}, 2),
    ("resist-non-magical", "resist 5 non-magical bludgeoning", "8 bludgeoning", {}, 3),
    ("resist-non-magical-magical", "resist 5 non-magical bludgeoning",
     "8 bludgeoning magical", {}, 8),
    ("resist-non-magical-other-type", "resist 5 non-magical bludgeoning", "8 piercing", {}, 8),
    ("resist-singular", "resistance fire 5", "7 fire", {}, 2),
    ("resist-short", "resist fire 5", "7 fire", {}, 2),
    ("resist-category-energy", "resistances energy 3", "7 fire, 7 slashing", {}, 11),
    ("resist-highest-value", "resistances fire 5, all 3", "7 fire", {}, 2),
    ("resist-two-entries-one-applies", "resistances fire 2, energy 4", "7 fire", {}, 3),
    # --- stat-block entries that are kept but not automated
    ("hardness-not-automated", "hardness 5", "7 slashing", {}, 7),
    ("resist-crit-not-automated", "resistance to critical hits", "7 slashing",
     {"critical": True}, 14),
    ("double-resistance-not-automated", "double resistance vs. non-magical", "7 slashing",
     {}, 7),
    # --- creature kinds
    ("void-harms-living", "", "10 void", {"traits": "living"}, 10),
    ("void-spares-undead", "", "10 void", {"traits": "undead"}, 0),
    ("vitality-spares-living", "", "10 vitality", {"traits": "living"}, 0),
    ("vitality-harms-undead", "", "10 vitality", {"traits": "undead"}, 10),
    ("vitality-spares-construct", "", "10 vitality", {"traits": "construct"}, 0),
    ("void-spares-construct", "", "10 void", {"traits": "construct"}, 0),
    ("bleed-spares-undead", "", "5 slashing, 3 bleed", {"traits": "undead"}, 5),
    ("mixed-vitality-and-slashing-on-living", "", "5 slashing, 10 vitality",
     {"traits": "living"}, 5),
    ("kind-removed-before-weakness", "weaknesses energy 5", "10 void", {"traits": "undead"}, 0),
    # --- per-system type tables and aliases
    ("pf2e-positive", "", "10 positive", {"traits": "undead"}, {PF2: 10}),
    ("pf2e-negative", "", "10 negative", {"traits": "living"}, {PF2: 10}),
    ("pf2e-positive-spares-living", "", "10 positive", {"traits": "living"}, {PF2: 0}),
    ("pf2e-alias-vitality-is-positive", "weaknesses positive 5", "5 vitality",
     {"traits": "undead"}, {PF2: 10}),
    ("pf2e-alias-void-is-negative", "resistances negative 5", "8 void", {}, {PF2: 3}),
    ("pf2e-alignment-type", "weaknesses good 5", "3 good", {}, {PF2: 8}),
    ("pf2e-japanese-bludgeoning", "weaknesses bludgeoning 2", "5 ［殴打］", {}, {PF2: 7}),
    ("pf2e-japanese-piercing", "weaknesses piercing 2", "5 ［刺突］", {}, {PF2: 7}),
    ("pf2e-japanese-electricity", "weaknesses electricity 2", "5 ［雷撃］", {}, {PF2: 7}),
    ("pf2e-japanese-acid", "weaknesses acid 2", "5 ［強酸］", {}, {PF2: 7}),
    ("pf2e-japanese-slashing", "weaknesses slashing 2", "5 ［斬撃］", {}, {PF2: 7}),
    ("pf2e-japanese-precision", "immunities precision", "5 slashing, 3 ［精密］", {}, {PF2: 5}),
    ("spirit-harms-living", "", "6 spirit", {"traits": "living"}, {SF2: 6, VW: 6}),
    ("spirit-spares-construct", "", "6 spirit", {"traits": "construct"}, {SF2: 0, VW: 0}),
    ("vw-ballistic", "weaknesses physical 2", "5 ballistic", {}, {VW: 7}),
]


def pytest_generate_tests(metafunc):
    """The family table, once per PF2-family system that has an expected total for a row."""
    if "family_case" in metafunc.fixturenames:
        params = []
        for system in (PF2, SF2, VW):
            for case_id, defenses, damage, options, expected in FAMILY_CASES:
                if isinstance(expected, dict):
                    if system not in expected:
                        continue
                    expected = expected[system]
                params.append(pytest.param((system, defenses, damage, options, expected),
                                           id=f"{system}-{case_id}"))
        metafunc.parametrize("family_case", params)


def make_rng(spec):
    if spec is None:
        return ScriptedRng()
    if isinstance(spec, dict):
        return ScriptedRng(by_size=spec)
    return ScriptedRng(*spec)


@pytest.fixture
def rng_from():
    return make_rng


def new_target(rs, defenses="", traits="living", pc=False, **stats: Any):
    """A creature with plenty of track for the system, so totals are not capped."""
    if not stats:
        if rs.id == "vitality-wounds":
            stats = {"vitality": 500, "wounds": 50}
        elif rs.id == "daggerheart":
            stats = {"hp": 12, "major": 10, "severe": 20, "armor": 3, "stress": 6}
        else:
            stats = {"hp": 500}
    return rs.new_creature("Target", pc=pc, defenses=defenses, traits=traits, **stats)


@pytest.fixture
def target():
    return new_target


@pytest.fixture
def cli_home(tmp_path, monkeypatch):
    """A command run as a GM would, on a data folder of its own, with no locale to read the
    language from; English again afterwards."""
    from core.text import i18n

    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    yield tmp_path
    i18n.set_language("en")
