"""Monsters from the box: the open-licensed compendium, searched by name and built into creatures.

The data (core/data/compendium/<system>.json, made by tools/build_compendium.py from the
sources NOTICE names) holds per creature its name, level as printed, HP, AC, source and a
stat block in the system's printed layout (RULES §8). A creature from the box is the one a
paste of that block makes: ``get`` reads it with the system's own reader. A file is read at
its system's first search or get, never at start-up.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from core.creature.model import Creature
from core.data import read_text, shipped
from core.text.i18n import N_, tr

SYSTEMS = ("pf2e", "daggerheart", "d20-3e")
"""The systems a compendium may be shipped for, in the order they are offered."""

_LEVEL_WORDS = {"pf2e": N_("Lvl"), "daggerheart": N_("Tier"), "d20-3e": N_("CR")}
_AC_WORDS = {"daggerheart": N_("Diff")}


def level_word(system: str) -> str:
    """What the system's list calls a level, short: Lvl, Tier, CR."""
    return tr(_LEVEL_WORDS.get(system, "Lvl"))


def ac_word(system: str) -> str:
    """What the list's AC column holds: AC, or Daggerheart's Difficulty (Diff)."""
    return tr(_AC_WORDS.get(system, "AC"))


_FILTER = re.compile(r"^(lvl|level|tier|cr):(\S*)$", re.IGNORECASE)
_RANGE = re.compile(r"^(-?\d+(?:/\d+)?)(?:-(-?\d+(?:/\d+)?))?$")
_FILTER_HINT = "lvl:1-3, tier:1, cr:1/2"


@dataclass(frozen=True, slots=True)
class Entry:
    """One creature of the box as a search lists it."""

    name: str
    level: int | str          # as printed: -1, 1, "1/2" (a d20 CR below 1)
    source: str
    hp: int | None
    ac: int | None            # Daggerheart: the Difficulty
    system: str
    role: str = ""            # Daggerheart: Solo, Minion, Horde (3/HP)…; d20: the type

    @property
    def rank(self) -> Fraction:
        """The level as a number (a CR of 1/2 is one half)."""
        return Fraction(str(self.level))


@dataclass(frozen=True, slots=True)
class _Box:
    """One system's data: its entries and their blocks, by folded name."""

    entries: tuple[Entry, ...]
    folded: tuple[str, ...]
    words: tuple[tuple[str, ...], ...]
    raw: dict[str, dict[str, Any]]


def systems() -> tuple[str, ...]:
    """The systems with a compendium shipped (at least pf2e, daggerheart and d20-3e)."""
    return tuple(s for s in SYSTEMS if shipped(f"compendium/{s}.json"))


def _fold(text: str) -> str:
    return " ".join(text.casefold().replace("-", " ").replace(",", " ").split())


@cache
def _box(system: str) -> _Box:
    if system not in systems():
        raise ValueError(tr("no compendium for {system}; there is one for {known}", system=system,
                            known=", ".join(systems())))
    text = read_text(f"compendium/{system}.json")
    data = json.loads(text)
    entries, raw = [], {}
    for item in data["entries"]:
        entries.append(Entry(item["name"], item["level"], item["source"], item.get("hp"),
                             item.get("ac"), system, item.get("role", "")))
        raw[item["name"].casefold()] = item
    folded = tuple(_fold(e.name) for e in entries)
    return _Box(tuple(entries), folded, tuple(tuple(f.split()) for f in folded), raw)


def entries(system: str) -> tuple[Entry, ...]:
    """Every creature of the system's box, by name."""
    return _box(system).entries


def record(system: str, name: str) -> dict[str, Any]:
    """The data file's record of one creature (its block and the source's numbers)."""
    box = _box(system)
    found = box.raw.get(name.casefold())
    if found is None:
        raise KeyError(_absent(system, name))
    return found


def _bounds(key: str, value: str) -> tuple[Fraction, Fraction]:
    match = _RANGE.match(value)
    if not match:
        raise ValueError(tr("{key}:{value} is not a level; type e.g. {hint}", key=key, value=value,
                            hint=_FILTER_HINT))
    low = Fraction(match.group(1))
    high = Fraction(match.group(2)) if match.group(2) else low
    return (low, high) if low <= high else (high, low)


def _parse(query: str) -> tuple[str, list[tuple[Fraction, Fraction]]]:
    """The words of the name and the level filters (``lvl:1-3``, ``tier:1``, ``cr:1/2``)."""
    words, filters = [], []
    for word in query.split():
        found = _FILTER.match(word)
        if found:
            filters.append(_bounds(found.group(1).lower(), found.group(2)))
        elif ":" in word and word.split(":")[0].isalpha():
            raise ValueError(tr("{word} is not a filter; type e.g. {hint}", word=word,
                                hint=_FILTER_HINT))
        else:
            words.append(word)
    return _fold(" ".join(words)), filters


def _word_prefixes(query: tuple[str, ...], name: tuple[str, ...]) -> bool:
    """Every query word starts a word of the name, in order (``gob war`` → goblin warrior)."""
    at = 0
    for word in query:
        while at < len(name) and not name[at].startswith(word):
            at += 1
        if at == len(name):
            return False
        at += 1
    return True


def _any_order(query: tuple[str, ...], name: tuple[str, ...]) -> bool:
    """Every query word starts a different word of the name, in any order."""
    left = list(name)
    for word in query:
        found = next((w for w in left if w.startswith(word)), None)
        if found is None:
            return False
        left.remove(found)
    return True


def _score(query: str, words: tuple[str, ...], name: str, name_words: tuple[str, ...]) -> float | None:
    """How well a name matches: 0 exact, 1 prefix, 2 word prefixes, 3 inside, 4+ fuzzy; None: not."""
    if name == query:
        return 0
    if name.startswith(query):
        return 1
    if _word_prefixes(words, name_words):
        return 2
    if _any_order(words, name_words):
        return 2.5    # ``brown bear`` → Bear, Brown
    if query in name:
        return 3
    best = 0.0
    for candidate in (name, *name_words):
        matcher = difflib.SequenceMatcher(None, query, candidate)
        if matcher.real_quick_ratio() >= 0.7 and matcher.quick_ratio() >= 0.7:
            best = max(best, matcher.ratio())
    return 5 - best if best >= 0.7 else None


def ranked(system: str, query: str, limit: int = 10) -> list[tuple[float, Entry]]:
    """As :func:`search`, each entry with how well it matched: 0 exact, 1 prefix, 2 word
    prefixes, 3 inside the name, 4 to 5 fuzzy (its level where the query is only filters)."""
    box = _box(system)
    text, filters = _parse(query)
    words = tuple(text.split())
    scored: list[tuple[float, int, str, Entry]] = []
    for entry, name, name_words in zip(box.entries, box.folded, box.words, strict=True):
        if filters and not all(low <= entry.rank <= high for low, high in filters):
            continue
        score = _score(text, words, name, name_words) if text else float(entry.rank)
        if score is not None:
            scored.append((score, len(name), name, entry))
    scored.sort(key=lambda item: item[:3])
    return [(item[0], item[3]) for item in scored[:max(limit, 0)]]


def search(system: str, query: str, limit: int = 10) -> list[Entry]:
    """Entries whose name matches ``query``: exact, then prefix, then fuzzy; ``lvl:1-3``,
    ``tier:1`` or ``cr:1/2`` in the query keeps the levels in range. ValueError for an unknown
    system or a filter that is not one."""
    return [entry for _, entry in ranked(system, query, limit)]


def ranked_names(query: str, names: list[str], limit: int = 10) -> list[tuple[float, str]]:
    """As :func:`rank_names`, each name with how well it matched (as :func:`ranked` says)."""
    text, filters = _parse(query)
    if filters or not text:
        return []
    words = tuple(text.split())
    scored = []
    for name in names:
        folded = _fold(name)
        score = _score(text, words, folded, tuple(folded.split()))
        if score is not None:
            scored.append((score, len(folded), folded, name))
    scored.sort(key=lambda item: item[:3])
    return [(item[0], item[3]) for item in scored[:max(limit, 0)]]


def rank_names(query: str, names: list[str], limit: int = 10) -> list[str]:
    """Other names (the GM's library) ranked as ``search`` ranks the box's; a level filter in
    the query keeps none of them (their level is not listed)."""
    return [name for _, name in ranked_names(query, names, limit)]


def _absent(system: str, name: str) -> str:
    try:
        closest = [e.name for e in search(system, name, 3)]
    except ValueError:   # a name with a colon is not a filter here
        closest = []
    closest = closest or difflib.get_close_matches(name, [e.name for e in _box(system).entries], 3, 0.3)
    if closest:
        return tr("no {name} in the {system} compendium; closest: {names}", name=repr(name),
                  system=system, names=", ".join(closest))
    return tr("no {name} in the {system} compendium", name=repr(name), system=system)


def get(system: str, name: str) -> Creature:
    """A fresh creature at full health as a paste of its printed block makes it; KeyError
    naming the closest names if the box has none of that name."""
    from core.systems import get_system

    return get_system(system).from_statblock(record(system, name)["block"])


__all__ = ["Entry", "SYSTEMS", "systems", "entries", "record", "search", "ranked", "get",
           "rank_names", "ranked_names", "level_word", "ac_word"]
