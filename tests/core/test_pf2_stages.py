"""The PF2 family's hit as a list (RULES §2): each system's tuple of stages, in the rules' order,
is what it runs for a hit and for a persistent tick; the systems differ by their lists."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest
from core_support import pf2_family

from core.systems.pf2.family import Pf2Family

# RULES §2, top to bottom: a critical decided (Steps 2, 3.1), the parts sorted, Step 1 floor,
# Step 2 merge, Step 1b double/halve, on-crit after doubling, the creature's kind, effect
# immunity (3.1), persistent conditions (2.4), Step 3 in its order, the total, Step 4.
PF2 = ["critical_hit", "sort_parts", "floor", "merge", "scale", "add_on_crit", "kind_filter",
       "effect_immunity", "persistent", "match_defenses", "immunities", "weaknesses",
       "resistances", "total", "to_track"]
# Step 3.3: vitality-wounds only, with weaknesses and before resistances
VW = [*PF2[:PF2.index("resistances")], "vulnerability", *PF2[PF2.index("resistances"):]]
EXPECTED = {"pf2e": PF2, "sf2e": PF2, "vitality-wounds": VW}


def _names(rules: Pf2Family) -> list[str]:
    return [stage.__name__ for stage in rules.stages]


@pytest.mark.parametrize("system_id", EXPECTED)
def test_each_system_lists_its_stages_in_the_order_of_the_rules(system_id):
    assert _names(pf2_family(system_id)) == EXPECTED[system_id]


def test_vitality_wounds_differs_by_its_vulnerability_stage_and_its_track():
    pf2, sf2, vw = (pf2_family(s) for s in ("pf2e", "sf2e", "vitality-wounds"))
    assert "vulnerability" in _names(vw) and "vulnerability" not in _names(pf2)
    assert pf2.stages is sf2.stages          # Starfinder differs by policy only
    assert pf2.policy != sf2.policy
    assert type(vw.track) is not type(pf2.track)


def _spied(system_id: str) -> tuple[Pf2Family, list[str]]:
    """The system with each of its stages recording its name when it runs."""
    calls: list[str] = []

    def spy(stage):
        def run(hit):
            calls.append(stage.__name__)
            stage(hit)
        return run

    rules = copy.copy(pf2_family(system_id))
    rules.stages = tuple(spy(stage) for stage in rules.stages)
    return rules, calls


@pytest.mark.parametrize("system_id", EXPECTED)
def test_a_hit_runs_the_systems_stages_top_to_bottom_once_each(system_id):
    rules, calls = _spied(system_id)
    creature = rules.new_creature("Orc", pc=True)
    outcome = rules.resolve(creature, rules.roll(["2d6 fire", "1d4 cold"], rng=random.Random(3)))
    assert calls == EXPECTED[system_id] * 2  # two hits, each through the whole list
    assert outcome.total > 0


@pytest.mark.parametrize("system_id", EXPECTED)
def test_a_persistent_tick_runs_the_same_stages(system_id):
    rules, calls = _spied(system_id)
    creature = rules.new_creature("Orc", pc=True)
    rules.add_persistent(creature, "1d6 fire")
    assert calls == []  # adding a condition by hand deals nothing
    timing = rules.persistent_timing
    assert timing is not None  # the PF2 family ticks persistent damage at a turn's end
    outcome = rules.resolve_turn(creature, timing, rng=random.Random(5))
    assert calls == EXPECTED[system_id]
    assert outcome.total > 0


def test_no_part_of_the_family_waits_for_a_class_above_it_to_fill_a_hook():
    """No upward ``NotImplementedError`` hooks: every stage and part is whole where it is."""
    package = Path(__file__).resolve().parents[2] / "core" / "systems" / "pf2"
    assert [p.name for p in sorted(package.glob("*.py"))
            if "NotImplementedError" in p.read_text(encoding="utf-8")] == []
