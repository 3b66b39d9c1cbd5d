"""Breakdown steps are records with a kind (RULES §5 order) and text; ``out.steps`` is the text."""

from __future__ import annotations

import pytest

from core import get_system
from core.creature.model import STEP_KINDS, Breakdown, Outcome, Step


def test_breakdown_records_kind_and_text() -> None:
    steps = Breakdown()
    steps.add("roll", "roll: 7 fire = 7")
    steps.add("weakness", "weakness fire 5: fire 7 → 12")
    assert steps.records == [Step("roll", "roll: 7 fire = 7"),
                             Step("weakness", "weakness fire 5: fire 7 → 12")]
    assert steps.lines() == ("roll: 7 fire = 7", "weakness fire 5: fire 7 → 12")


def test_an_unknown_step_kind_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown breakdown step kind 'weaknes'"):
        Breakdown().add("weaknes", "weakness fire 5")


def test_outcome_records_and_steps() -> None:
    rs = get_system("pf2e")
    c = rs.new_creature("Goblin", hp=15, defenses="weaknesses fire 5")
    out = rs.apply_damage(c, "7 fire")
    assert out.steps == ("roll: 7 fire = 7", "weakness fire 5: fire 7 → 12", "total: 12", "HP 15 → 3")
    assert [r.kind for r in out.records] == ["roll", "weakness", "total", "track"]
    assert all(isinstance(step, str) for step in out.steps)
    plain = Outcome("Goblin", 12, (Step("note", "a"), Step("note", "b")))
    assert plain.steps == ("a", "b")


@pytest.mark.parametrize("system, damage, defenses, critical, kinds", [
    ("pf2e", "1d4-5 slashing, 1d6 precision, 1d6 fire", "immunities fire; weaknesses slashing 2; "
     "resistances all 1", True,
     ["roll", "floor", "merge", "merge", "scale", "immunity", "weakness", "resistance", "total",
      "track"]),
    ("daggerheart", "2d6+3 physical", "resistance physical", False,
     ["roll", "resistance", "threshold", "track"]),
    ("d20-3e", "1d8+2 fire", "fire resistance 5", False,
     ["roll", "resistance", "total", "track"]),
])
def test_step_kinds_follow_rules_section_5(system, damage, defenses, critical, kinds, R) -> None:
    rs = get_system(system)
    c = rs.new_creature("Target", hp=40, defenses=defenses)
    out = rs.apply_damage(c, damage, critical=critical, rng=R(by_size={4: [1], 6: [3, 3], 8: [5]}))
    assert [r.kind for r in out.records] == kinds
    order = [STEP_KINDS.index(k) for k in kinds]
    assert order == sorted(order)
