"""The import paths DESIGN.md's acceptance API names, kept whatever the packages inside core/ are.

house_rewrite: keep (these are the outside suite's paths, not the core's own: never rewritten)
"""

from __future__ import annotations

import importlib

import pytest

import core
from core.dice import expression, modifiers


def test_the_facade_gives_what_the_acceptance_api_imports_from_core():
    from core import Encounter, ParseError, compendium, get_system

    assert get_system("pf2e").id == "pf2e"
    assert Encounter(system="pf2e").system == "pf2e"
    assert issubclass(ParseError, ValueError)
    assert "pf2e" in compendium.systems()


def test_roll_and_parse_come_from_core_dice():
    from core.dice import parse, roll

    assert roll is expression.roll and parse is expression.parse
    assert roll("2d6+3", rng=None) in range(5, 16)
    assert parse("2d6+3").average == 10


def test_stack_comes_from_core_modifiers():
    from core.modifiers import stack

    assert stack is modifiers.stack
    assert stack([("status", 1), ("status", 2), ("untyped", -1)], system=None) == 1


@pytest.mark.parametrize("name", core.__all__)
def test_every_name_the_facade_lists_is_there(name):
    assert getattr(importlib.import_module("core"), name) is not None
