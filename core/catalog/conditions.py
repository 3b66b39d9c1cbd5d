"""Condition names as data (RULES §7): each system's catalogue, the rule names, durations in words.

What a condition *is called* and how long it lasts in words, read once from
``core/data/conditions.toml``; what a condition *does* to a creature is
:mod:`core.creature.conditions`.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any, NamedTuple

from core.data import read_text
from core.text.i18n import N_, game_term, ntr, tr

END_OF_NEXT = "end-of-next-turn"
START_OF_NEXT = "start-of-next-turn"
END_OF_THIS = "end-of-this-turn"        # an END_OF_NEXT whose turn has started
DURATION_WORDS = {END_OF_NEXT: N_("until the end of its next turn"),
                  START_OF_NEXT: N_("until the start of its next turn"),
                  END_OF_THIS: N_("until the end of this turn")}
TRACK_VALUED = ("dying", "wounded")     # kept in the creature's own fields (the damage pipeline's)
VALUED_FAMILY = ("pf2e", "sf2e", "vitality-wounds")   # dying and wounded carry values


class Catalogue(NamedTuple):
    """One system's condition names, as data (``core/data/conditions.toml``)."""

    names: tuple[str, ...]
    valued: frozenset[str]
    end_of_turn_decrement: tuple[str, ...]
    statuses: tuple[str, ...]


@cache
def _tables() -> dict[str, Any]:
    return tomllib.loads(read_text("conditions.toml"))


@cache
def catalogue(system: str) -> Catalogue:
    """The condition catalogue of a system id; ValueError for an unknown id."""
    for table in _tables().values():
        if system in table["systems"]:
            return Catalogue(tuple(table["names"]), frozenset(table["valued"]),
                             tuple(table["end_of_turn_decrement"]), tuple(table["statuses"]))
    raise ValueError(tr('no condition catalogue for system {system}', system=repr(system)))


@cache
def rule_names() -> frozenset[str]:
    """Every system's catalogue names and rule statuses: the names whose rules the core knows."""
    return frozenset(n for table in _tables().values() for n in (*table["names"], *table["statuses"]))


def condition_name(name: Any) -> str:
    """A condition name as stored: trimmed, single-spaced, with the GM's capitals (RULES §7),
    a catalogue or rule name in lower case (its rules look for it so); ValueError when empty."""
    if not isinstance(name, str) or not name.strip():
        raise ValueError(tr('a condition needs a name'))
    words = " ".join(name.split())
    if words.lower() in rule_names():
        return words.lower()
    return _rule_name_in_japanese(words) or words


def _rule_name_in_japanese(words: str) -> str | None:
    """A condition typed in the glossary's Japanese (恐れ, 不器用状態) as its rule name."""
    if words.isascii():
        return None
    from core.text.japanese import japanese_words

    english = japanese_words().get(words.removesuffix("状態"))
    return english if english in rule_names() else None



def duration_text(duration: int | str | None) -> str:
    """A duration in words: ``3 turns``, ``until the end of its next turn``."""
    if duration is None:
        return tr("until removed")
    if isinstance(duration, int):
        return ntr("{count} turn", "{count} turns", duration)
    return tr(DURATION_WORDS[duration]) if duration in DURATION_WORDS else duration


FALLS = N_("falls by 1 each turn")
"""How long a condition that drops at the end of each of its owner's turns lasts (frightened)."""


def lasts_text(name: str, duration: int | str | None, system: str) -> str:
    """How long a condition lasts, in words: ``falls by 1 each turn`` for frightened with no
    duration of its own (not ``until removed``), else :func:`duration_text`."""
    if duration is None and system and name in catalogue(system).end_of_turn_decrement:
        return tr(FALLS)
    return duration_text(duration)



def valued_words(name: str, value: int | None) -> str:
    """A condition and its value as the GM reads it: ``frightened 2`` (``恐れ2``), ``stunned``."""
    return tr("{condition} {value}", condition=game_term(name), value=value) if value \
        else game_term(name)

