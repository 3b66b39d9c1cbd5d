"""The rule systems' shape (issue 22, items 3 and 6): one ``resolve`` template, modules of one job."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from core.systems import SYSTEM_IDS, get_system
from core.systems.base import RuleSystem

SYSTEMS = Path(__file__).resolve().parents[2] / "core" / "systems"
MODULES = sorted(SYSTEMS.rglob("*.py"))


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_system_resolves_through_the_one_template(system_id):
    rules = get_system(system_id)
    assert type(rules).resolve is RuleSystem.resolve
    assert type(rules)._deal is not RuleSystem._deal


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SYSTEMS)))
def test_each_systems_module_is_at_most_600_lines_and_names_its_job(path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 600
    docstring = ast.get_docstring(ast.parse(text))
    assert docstring and docstring.splitlines()[0].strip()


def test_a_bad_save_is_refused_before_the_creature_is_read():
    rules = get_system("d20-3e")
    creature = rules.new_creature("Orc", hp=10)
    creature.defenses = "not a defense line ;;"  # never read: the save is checked first
    with pytest.raises(ValueError, match="does not exist in d20 System 3.0"):
        rules.resolve(creature, rules.roll("5"), save="critical-success")


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_resolve_leaves_the_creature_as_it_was(system_id):
    rules = get_system(system_id)
    creature = rules.new_creature("Orc", pc=True)
    before = creature.clone()
    outcome = rules.resolve(creature, rules.roll(rules.example_damage[1]))
    assert creature == before
    assert outcome.changes and outcome.target == "Orc"
