"""The key tables in docstrings say what the bindings bind.

Help and the footer are generated from the bindings; the ``| Key | Action |`` tables in the
docstrings of screens and widgets, and the palette's ``LONGER_NAMES``, restate them by hand.
These tests read every such table: each key it names is bound by the class (or is one of the
few keys a class leaves to Textual, listed below with why), and each binding of the class's
own is named by at least one of its keys.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re

import pytest
from textual.binding import Binding
from textual.dom import DOMNode
from textual.keys import _character_to_key

import tui.screens
import tui.widgets
from tui.app import HitLedgerApp
from tui.commands import LONGER_NAMES, NOT_IN_PALETTE
from tui.screens.roster import RosterScreen

TABLE_HEAD = "| Key | Action |"
ROW = re.compile(r"^\s*\|\s*(?P<keys>[^|]+?)\s*\|\s*(?P<action>[^|]+?)\s*\|\s*$")
SPELLED = {"↑": "up", "↓": "down", "←": "left", "→": "right", "page up": "pageup",
           "page down": "pagedown", "␣": "space"}
"""How the tables spell keys that Textual names otherwise."""

FOCUS = "Textual's focus chain"
SUBMIT = "its text field's enter (Input.Submitted)"
NOT_BOUND: dict[str, dict[str, str]] = {
    "CreatureForm": {"tab": FOCUS, "shift+tab": FOCUS, "enter": SUBMIT},
    "ConditionModal": {"tab": FOCUS, "enter": SUBMIT},
    "HealModal": {"enter": SUBMIT},
    "StatblockPasteScreen": {"tab": FOCUS, "ctrl+j": "the TextArea's own line break"},
    "DamageScreen": {"tab": FOCUS},
    "ActorPicker": {"letters": "its text field types them", "enter": SUBMIT},
}
"""Keys a table names that no binding of its class binds: Textual handles them."""
PARTS = {"DamageScreen": "tui.screens.damage.TargetTable",
         "MinionPicker": "textual.widgets.SelectionList"}
"""A screen whose table also names the keys of a widget it holds (its own table says them)."""


def key_names(cell: str) -> set[str]:
    """Textual's names for the keys of a table cell: ``* / ctrl+a``, ``0–4``, ``alt+1 … alt+9``."""
    names: set[str] = set()
    for part in re.split(r"\s+/\s+|,\s+", cell.strip()):
        part = SPELLED.get(part, part)
        if span := re.fullmatch(r"(\S*?)(\d)\s*[–…]\s*\1(\d)", part):
            prefix, first, last = span.groups()
            names |= {f"{prefix}{n}" for n in range(int(first), int(last) + 1)}
        elif " " in part:
            names |= key_names(part.replace(" ", " / "))
        else:
            modifiers, plus, key = part.rpartition("+") if len(part) > 1 else ("", "", part)
            if not key:  # "alt++"
                modifiers, plus, key = part[:-2], "+", "+"
            key = SPELLED.get(key, key)
            names.add(modifiers + plus + (key if len(key) > 1 else _character_to_key(key)))
    return names


def table_rows(doc: str) -> list[tuple[str, str]]:
    """The (keys, action) rows of the key table in ``doc``."""
    rows: list[tuple[str, str]] = []
    lines = doc.splitlines()
    start = next(n for n, line in enumerate(lines) if TABLE_HEAD in line)
    for line in lines[start + 2:]:
        match = ROW.match(line)
        if match is None:
            break
        rows.append((match["keys"].replace("`", ""), match["action"]))
    return rows


def own_bindings(cls: type[DOMNode]) -> list[Binding]:
    """The bindings ``cls`` declares itself (tuples made Bindings)."""
    declared = cls.__dict__.get("BINDINGS", [])
    return [b if isinstance(b, Binding) else Binding(*b) for b in declared]


def bound_keys(cls: type[DOMNode]) -> set[str]:
    """Every key a binding of ``cls`` or its bases binds."""
    return {key.strip() for base in cls.__mro__ if isinstance(base, type)
            for binding in (own_bindings(base) if issubclass(base, DOMNode) else [])
            for key in binding.key.split(",")}


def classes_with_key_tables() -> list[type[DOMNode]]:
    """Every screen and widget of tui/ whose docstring has a key table."""
    found = []
    for package in (tui.screens, tui.widgets):
        for module_info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{module_info.name}")
            for _, cls in inspect.getmembers(module, inspect.isclass):
                if cls.__module__ == module.__name__ and issubclass(cls, DOMNode) \
                        and TABLE_HEAD in (cls.__doc__ or ""):
                    found.append(cls)
    return found


TABLED = classes_with_key_tables()


def test_the_tables_are_found() -> None:
    assert len(TABLED) >= 16
    assert RosterScreen in TABLED


def part_keys(cls: type[DOMNode]) -> set[str]:
    """The keys of the widget ``cls``'s table speaks for too (:data:`PARTS`)."""
    if cls.__name__ not in PARTS:
        return set()
    module, _, name = PARTS[cls.__name__].rpartition(".")
    return bound_keys(getattr(importlib.import_module(module), name))


@pytest.mark.parametrize("cls", TABLED, ids=lambda cls: cls.__name__)
def test_each_key_a_table_names_is_bound(cls: type[DOMNode]) -> None:
    bound = bound_keys(cls) | part_keys(cls) | set(NOT_BOUND.get(cls.__name__, {}))
    unbound = [f"{keys!r} ({action}): {sorted(key_names(keys) - bound)}"
               for keys, action in table_rows(cls.__doc__ or "") if key_names(keys) - bound]
    assert not unbound, f"{cls.__name__}'s key table names keys nothing binds: {unbound}"


@pytest.mark.parametrize("cls", TABLED, ids=lambda cls: cls.__name__)
def test_each_binding_is_in_the_table(cls: type[DOMNode]) -> None:
    named = set().union(*(key_names(keys) for keys, _ in table_rows(cls.__doc__ or "")))
    missing = [f"{binding.key} ({binding.description})" for binding in own_bindings(cls)
               if binding.description
               and not {key.strip() for key in binding.key.split(",")} & named]
    assert not missing, f"{cls.__name__}'s key table leaves out {missing}"


def test_the_palettes_longer_names_are_of_bindings_it_offers() -> None:
    ids = {binding.id for cls in (RosterScreen, HitLedgerApp) for binding in own_bindings(cls)}
    assert set(LONGER_NAMES) <= ids, set(LONGER_NAMES) - ids
    assert NOT_IN_PALETTE <= ids, NOT_IN_PALETTE - ids
    assert not set(LONGER_NAMES) & NOT_IN_PALETTE


def test_table_cells_are_read_as_textual_names_keys() -> None:
    assert key_names("* / ctrl+a") == {"asterisk", "ctrl+a"}
    assert key_names("0–4") == {"0", "1", "2", "3", "4"}
    assert key_names("0 1 2") == {"0", "1", "2"}
    assert key_names("alt+1 … alt+3") == {"alt+1", "alt+2", "alt+3"}
    assert key_names("f3, +, alt++") == {"f3", "plus", "alt+plus"}
    assert key_names("up / down, page up / page down") == {"up", "down", "pageup", "pagedown"}
    assert key_names("↑ / ↓") == {"up", "down"}
    assert key_names("escape / ? / q") == {"escape", "question_mark", "q"}
