"""Composition over chains: no class of tui/, core/ or saves/ stands on more than two of the
project's own classes (itself included), so a screen or a part reads top to bottom in one file,
with its parts held, not inherited. The damage form was a chain of five screens before it was
composed; the encounter was one class over eight mixins and a base before it held its parts."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import typing

import pytest

import core
import saves
import tui

PROJECT = ("core", "saves", "tui")
MOST = 2


def package_classes(package: typing.Any) -> list[type]:
    """Every class defined in a module of ``package`` (and its subpackages)."""
    found: list[type] = []
    modules = [package.__name__] + [info.name for info in
                                    pkgutil.walk_packages(package.__path__, prefix=f"{package.__name__}.")]
    for name in modules:
        if name.endswith("__main__"):
            continue
        module = importlib.import_module(name)
        found += [cls for _, cls in inspect.getmembers(module, inspect.isclass)
                  if cls.__module__ == module.__name__]
    return found


def tui_classes() -> list[type]:
    """Every class defined in a module of tui/ (and its subpackages)."""
    return package_classes(tui)


def project_chain(cls: type) -> list[str]:
    """The project's classes ``cls`` stands on, itself first (its MRO, Textual's left out)."""
    return [base.__qualname__ for base in cls.__mro__ if base.__module__.split(".")[0] in PROJECT]


def test_the_screens_and_the_damage_form_are_found() -> None:
    names = {cls.__qualname__ for cls in tui_classes()}
    assert {"DamageScreen", "RosterScreen", "CreatureForm", "TargetTable", "AttackBar"} <= names


@pytest.mark.parametrize("cls", tui_classes() + package_classes(core) + package_classes(saves),
                         ids=lambda cls: f"{cls.__module__}.{cls.__qualname__}")
def test_no_class_chain_is_deeper_than_two_project_classes(cls: type) -> None:
    chain = project_chain(cls)
    assert len(chain) <= MOST, f"{cls.__qualname__} stands on {' → '.join(chain)}"


def test_the_damage_form_is_one_modal_screen_typed_by_its_result() -> None:
    from textual.screen import ModalScreen

    from core.encounter.damage import DamagePreview
    from tui.screens.damage import DamageScreen

    assert project_chain(DamageScreen) == ["DamageScreen"]
    (base,) = DamageScreen.__orig_bases__  # type: ignore[attr-defined]
    assert typing.get_origin(base) is ModalScreen
    assert typing.get_args(base) == (DamagePreview | None,)


def test_the_encounter_and_its_parts_are_found_in_the_core() -> None:
    names = {cls.__qualname__ for cls in package_classes(core)}
    assert {"Encounter", "EncounterState", "Roster", "Members", "Initiative", "Damage", "Tracks",
            "Turns", "Conditions", "Pools", "Numbers"} <= names


def test_the_encounter_holds_its_parts_and_inherits_none() -> None:
    from core.encounter import Encounter

    assert project_chain(Encounter) == ["Encounter"]
    assert Encounter.__mro__ == (Encounter, object)
    assert not [cls.__qualname__ for cls in package_classes(core) if cls.__qualname__.endswith("Mixin")]
