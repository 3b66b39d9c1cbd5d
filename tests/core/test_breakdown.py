"""The breakdown is recorded as templates and formatted only when read — same words either way."""

from __future__ import annotations

from core import get_system
from core.model import Breakdown, Outcome


def test_breakdown_formats_templates_and_callables_on_reading() -> None:
    steps = Breakdown()
    steps.append("roll: 7 fire = 7")
    steps.add("{}: {} {} → {}", "weakness fire 5", "fire", 7, 12)
    steps.add("total: {}", lambda: "12")
    assert steps.lines() == ("roll: 7 fire = 7", "weakness fire 5: fire 7 → 12", "total: 12")


def test_outcome_steps_are_text_and_read_once() -> None:
    rs = get_system("pf2e")
    c = rs.new_creature("Goblin", hp=15, defenses="weaknesses fire 5")
    out = rs.apply_damage(c, "7 fire")
    assert out.steps == ("roll: 7 fire = 7", "weakness fire 5: fire 7 → 12", "total: 12", "HP 15 → 3")
    assert out.steps is out.steps  # formatted the first time, kept after
    assert all(isinstance(step, str) for step in out.steps)
    plain = Outcome("Goblin", 12, ("a", "b"))
    assert plain.steps == ("a", "b")
