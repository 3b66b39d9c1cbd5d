"""The house's shape: one ``resolve`` template, modules of one job.

Every module of ``core/``, ``saves/`` and ``tui/`` is at most 600 lines and its docstring's first
line names its job; the modules still over the limit are listed by name, so the list can only
shrink (each one split later takes its name off it).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from core.systems import SYSTEM_IDS, get_system
from core.systems.base import RuleSystem

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted(p for package in ("core", "saves", "tui") for p in (ROOT / package).rglob("*.py"))
MAX_LINES = 600
# today's modules over MAX_LINES, each to be split by what its parts are about
OVER_THE_LIMIT: set[str] = set()


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_system_resolves_through_the_one_template(system_id):
    rules = get_system(system_id)
    assert type(rules).resolve is RuleSystem.resolve
    assert type(rules)._deal is not RuleSystem._deal


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_each_module_is_at_most_600_lines_and_names_its_job(path):
    text = path.read_text(encoding="utf-8")
    if path.relative_to(ROOT).as_posix() not in OVER_THE_LIMIT:
        assert len(text.splitlines()) <= MAX_LINES
    docstring = ast.get_docstring(ast.parse(text))
    assert docstring and docstring.splitlines()[0].strip()


def test_the_modules_over_the_limit_are_still_over_it():
    """A module split below the limit leaves the list (the list only shrinks)."""
    assert {name for name in OVER_THE_LIMIT if _lines(ROOT / name) > MAX_LINES} == OVER_THE_LIMIT


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


def _system_classes() -> list[type]:
    """Every class defined in a module of ``core.systems``, its subpackages included."""
    import importlib
    import inspect
    import pkgutil

    import core.systems as package

    names = [package.__name__] + [m.name for m in pkgutil.walk_packages(package.__path__,
                                                                        package.__name__ + ".")]
    return [cls for name in names
            for _, cls in inspect.getmembers(importlib.import_module(name), inspect.isclass)
            if cls.__module__ == name]


def test_no_class_chain_in_the_rule_systems_is_deeper_than_two():
    """Composition over chains: a rule system is at most one class over ``RuleSystem``; its
    parts (a track, a list of stages) are objects it holds, not classes it climbs."""
    deep = {f"{cls.__module__}.{cls.__qualname__}": [base.__qualname__ for base in cls.__mro__
                                                     if base.__module__.split(".")[0] in
                                                     ("core", "saves", "tui")]
            for cls in _system_classes()}
    assert deep  # the walk found the systems' classes
    assert {name: chain for name, chain in deep.items() if len(chain) > 2} == {}
