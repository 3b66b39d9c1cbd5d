"""The one wording of a refused field: where it is, what was wrong, what to type instead.

Every check of a stored or typed field — a load (saves/validate.py), the readers of
``Creature.from_state`` and ``Encounter.from_data``, the forms and a pasted block — refuses
through :class:`Invalid`, whose words :func:`wording` makes: ``creature 1 (Goblin) hp must be a
whole number, not 'lots'``, ``encounter.round must be 1 or more, not 0``. The what-to-type is
said by the problem itself (``must be a whole number``, ``must be at most 99``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, TypeVar

from core.text.errors import StateError
from core.text.i18n import N_, tr

_T = TypeVar("_T")
#: TOML 1.0 integers are 64-bit: nothing bigger is ever written.
MAX_INT = 2**63 - 1
#: Each kind of value in the GM's words (what to type instead).
KIND_WORDS: dict[type, str] = {int: N_("a whole number"), str: N_("text"), list: N_("a list"),
                               dict: N_("a table"), bool: N_("true or false"),
                               float: N_("a number")}
_CREATURE_PATH = re.compile(r"creatures\[(\d+)\]\.?(.*)")
MISSING: Any = object()
"""No default: the field must be there."""


class Invalid(StateError):
    """One bad field: where it is (``field``, a path such as ``creatures[0].hp``; ``creature``,
    the creature's name where known) and what is wrong (``problem``; ``gist``: the problem
    without the value found, read after the field's name: ``must be a whole number``)."""

    def __init__(self, field: str, problem: str, gist: str = "", *, bare: bool = False,
                 creature: str | None = None) -> None:
        super().__init__(field, problem)
        self.problem = problem
        self.gist = gist
        self.bare = bare
        self.creature = creature
        self.args = (str(self),)

    def __str__(self) -> str:
        return self.problem if self.bare else wording(self.field, self.problem, self.creature)


def place(field: str, creature: str | None = None) -> str:
    """A field as the GM finds it: ``creatures[0].hp`` of Goblin is ``creature 1 (Goblin) hp``.

    Other fields keep their TOML name (``encounter.round``), which is what the file shows.
    """
    match = _CREATURE_PATH.fullmatch(field)
    if match is None:
        return f"{field} ({' '.join(creature.split())[:40]})" if creature and creature.strip() else field
    index, rest = int(match[1]), match[2]
    label = tr("creature {number}", number=index + 1)
    if creature and creature.strip():
        label += f" ({' '.join(creature.split())[:40]})"
    return f"{label} {rest}" if rest else label


def wording(field: str, problem: str, creature: str | None = None) -> str:
    """The one sentence of every refusal: where, then what is wrong and what to type instead."""
    return f"{place(field, creature)} {problem}"


def shown(value: Any) -> str:
    """A value found, for a message: cut at 60 characters, a 40-digit number shortened."""
    if type(value) is int:
        return number(value)
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}…"


def number(value: int) -> str:
    """A number for a message: a 40-digit one is cut, not spelled out."""
    return f"{value:,}" if abs(value) < 10**30 else f"{str(value)[:12]}… ({len(str(abs(value)))} digits)"


def kind_words(wanted: type | tuple[type, ...]) -> str:
    """``a whole number``, ``a whole number or text``: what to type, in the GM's words."""
    kinds = wanted if isinstance(wanted, tuple) else (wanted,)
    return tr(" or ").join(tr(KIND_WORDS[k]) if k in KIND_WORDS else k.__name__ for k in kinds)


def must_be(where: str, wanted: str, found: Any = MISSING) -> Invalid:
    """The refusal of a value that is not what the field takes: ``must be {wanted}, not {found}``."""
    gist = tr("must be {wanted}", wanted=wanted)
    if found is MISSING:
        return Invalid(where, gist, gist)
    return Invalid(where, tr("must be {wanted}, not {found}", wanted=wanted, found=shown(found)), gist)


def missing(where: str) -> Invalid:
    """The refusal of a field that must be there."""
    words = tr("is missing")
    return Invalid(where, words, words)


def is_kind(value: Any, wanted: type | tuple[type, ...]) -> bool:
    """Whether value is of that kind (a bool is no whole number)."""
    kinds = wanted if isinstance(wanted, tuple) else (wanted,)
    return isinstance(value, kinds) and (bool in kinds or not isinstance(value, bool))


def kind(value: Any, wanted: type[_T], where: str) -> _T:
    """value itself, once it is of that kind (a bool is no whole number), or Invalid."""
    if not is_kind(value, wanted):
        raise must_be(where, kind_words(wanted), value)
    checked: _T = value
    return checked


def whole(value: Any, where: str, low: int = -MAX_INT - 1, high: int = MAX_INT) -> int:
    """A whole number from low to high, or Invalid saying which."""
    if type(value) is not int:
        kind(value, int, where)
    if value < low:
        raise must_be(where, tr("{low} or more", low=str(low)), value)
    if value > high:
        raise must_be(where, tr("at most {high}", high=number(high)), value)
    return int(value)


def read(data: Any, key: str, wanted: type | tuple[type, ...], where: str,
         default: Any = MISSING) -> Any:
    """``data[key]`` if it is of the kind wanted; ``default`` when absent; Invalid otherwise
    (the one reader of every stored field: a creature's, an attack's, the encounter's)."""
    at = f"{where}.{key}" if where else key
    if not isinstance(data, Mapping):
        raise must_be(where or key, tr(KIND_WORDS[dict]), data)
    if key not in data:
        if default is MISSING:
            raise missing(at)
        return default
    value = data[key]
    if not is_kind(value, wanted):
        raise must_be(at, kind_words(wanted), value)
    return value


__all__ = ["Invalid", "MAX_INT", "KIND_WORDS", "MISSING", "place", "wording", "shown", "number",
           "kind_words", "must_be", "missing", "is_kind", "kind", "whole", "read"]
