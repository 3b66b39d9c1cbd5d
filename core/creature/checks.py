"""Each field's own check, beyond its kind and bounds, and the bounds of play.

A check takes ``(value, system, where)`` and raises :class:`core.creature.refusal.Invalid`
naming ``where``; the field table (core.creature.fields) says which field each checks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.catalog import ranks
from core.creature.refusal import MAX_INT, Invalid, kind, missing, must_be, whole
from core.creature.values import PersistentDamage, TemporaryImmunity
from core.notation import parse_damage, parse_defenses
from core.text.i18n import tr

#: HP, temporary HP, Vitality, Wounds, thresholds: every track a GM types.
MAX_TRACK = 1_000_000
#: Daggerheart's HP, Armor and Stress slots (drawn one cell each).
MAX_SLOTS = 99
#: An initiative modifier (Perception +40 at level 25): a bigger one is a garbled paste.
MAX_MODIFIER = 999
#: An initiative typed or rolled.
MAX_INITIATIVE = MAX_TRACK
#: A condition's value (frightened 2) and a duration in turns.
MAX_CONDITION = 999
#: A stat block kept whole, as pasted.
MAX_STATBLOCK = 20_000
#: The most a persistent condition's factor may be.
MAX_FACTOR = 100.0
#: Daggerheart's Fear (DESIGN: 0..12).
MAX_FEAR = 12
#: A Daggerheart PC's Hope (DESIGN: 0..6).
MAX_HOPE = 6
#: A printed level, AC, DC, Difficulty, Evasion or tier (RULES §8 "Numbers read").
MAX_NUMBER = 999
#: A creature's printed numbers (``Creature.numbers``): a modifier may be negative.
NUMBER_BOUNDS: dict[str, tuple[int, int]] = {
    "level": (-1, MAX_NUMBER), "tier": (1, 99), "minion": (1, MAX_TRACK),
    "ac": (0, MAX_NUMBER), "touch": (0, MAX_NUMBER), "flat_footed": (0, MAX_NUMBER),
    "difficulty": (0, MAX_NUMBER), "evasion": (0, MAX_NUMBER),
    "fort": (-MAX_MODIFIER, MAX_MODIFIER), "ref": (-MAX_MODIFIER, MAX_MODIFIER),
    "will": (-MAX_MODIFIER, MAX_MODIFIER), "perception": (-MAX_MODIFIER, MAX_MODIFIER),
    "attack": (-MAX_MODIFIER, MAX_MODIFIER),
    # a Daggerheart PC's traits (RULES §10)
    **dict.fromkeys(("agility", "strength", "finesse", "instinct", "presence", "knowledge"),
                    (-MAX_MODIFIER, MAX_MODIFIER)),
}

#: The value ledger changes give a field that did not exist on one side (TOML has no null).
UNSET = "\u2205unset"
_DURATION_WORDS = frozenset({"end-of-next-turn", "start-of-next-turn", "end-of-this-turn"})

FieldCheck = Callable[[Any, str, str], object]
"""A field's check: (value, system, where); Invalid naming ``where``."""


def name(value: Any, system: str, where: str) -> None:
    if not kind(value, str, where).strip():
        raise Invalid(where, tr("must be a name, not empty"), tr("must be a name"))


def texts(value: Any, where: str) -> list[str]:
    items: list[str] = kind(value, list, where)
    for i, item in enumerate(items):
        kind(item, str, f"{where}[{i}]")
    return items


def defenses(value: Any, system: str, where: str) -> None:
    try:
        parse_defenses(kind(value, str, where), system)
    except ValueError as exc:
        raise Invalid(where, tr("must be a defense line as in the add form, like {example}: {why}",
                                example="'weaknesses fire 5'", why=exc),
                      tr("must be a defense line")) from None


def persistent(value: Any, system: str, where: str) -> None:
    for i, line in enumerate(kind(value, list, where)):
        at = f"{where}[{i}]"
        try:
            cond = PersistentDamage.from_state(line, at)
            parse_damage(cond.formula, system)  # what the tick rolls
        except ValueError as exc:
            raise Invalid(at, getattr(exc, "problem", getattr(exc, "message", str(exc)))) from None
        if not 0 < cond.factor <= MAX_FACTOR:
            raise Invalid(at, tr("must have a factor above 0 and at most {most}, not {factor}", most=f"{MAX_FACTOR:g}",
                                 factor=cond.factor), tr("must have a factor above 0"))
        if cond.rounds_left is not None and not 0 <= cond.rounds_left <= MAX_CONDITION:
            raise Invalid(at, tr("must have rounds 0 to {most}, not {rounds}", most=MAX_CONDITION,
                                 rounds=cond.rounds_left), tr("must have rounds 0 to {most}", most=MAX_CONDITION))


def immunities(value: Any, system: str, where: str) -> None:
    for i, line in enumerate(kind(value, list, where)):
        try:
            immunity = TemporaryImmunity.from_state(line, f"{where}[{i}]")
        except Invalid as exc:
            raise Invalid(f"{where}[{i}]", exc.problem, exc.gist) from None
        whole(immunity.until_round, f"{where}[{i}]", 0, MAX_INT)


def condition_values(value: Any, system: str, where: str) -> None:
    for name, number in kind(value, dict, where).items():
        whole(number, f"{where}.{name}", 0, MAX_CONDITION)


def durations(value: Any, system: str, where: str) -> None:
    for name, duration in kind(value, dict, where).items():
        at = f"{where}.{name}"
        if isinstance(duration, str):
            if duration not in _DURATION_WORDS:
                raise must_be(at, tr("a number of turns or one of {words}",
                                     words=", ".join(sorted(_DURATION_WORDS))), duration)
        else:
            whole(duration, at, 0, MAX_CONDITION)


def attacks(value: Any, system: str, where: str) -> None:
    """Label and damage as the stat block printed them: the damage is put in the damage form
    when used (``physical/magic`` is kept as printed), so it is text, not checked notation;
    the bonus a modifier, the traits words, the note text."""
    for i, attack in enumerate(kind(value, list, where)):
        at = f"{where}[{i}]"
        kind(attack, dict, at)
        for key in ("label", "damage"):
            if key not in attack:
                raise missing(f"{at}.{key}")
            kind(attack[key], str, f"{at}.{key}")
        if "bonus" in attack:
            whole(attack["bonus"], f"{at}.bonus", -MAX_MODIFIER, MAX_MODIFIER)
        if "traits" in attack:
            texts(attack["traits"], f"{at}.traits")
        if "note" in attack:
            kind(attack["note"], str, f"{at}.note")
        if "threat" in attack:       # d20-3e: 19-20 is 19 (RULES §10)
            whole(attack["threat"], f"{at}.threat", 2, 20)
        if "multiplier" in attack:   # d20-3e: ×2 … ×6 (as a critical= takes)
            whole(attack["multiplier"], f"{at}.multiplier", 2, 6)


def numbers(value: Any, system: str, where: str) -> None:
    """The printed or typed numbers (RULES §8): only the keys the system has, within bounds."""
    from core.catalog.capabilities import number_keys

    keys = number_keys(system)
    for key, number in kind(value, dict, where).items():
        if key not in keys:
            raise Invalid(f"{where}.{key}", tr("is not a number {system} creatures have; theirs: {keys}",
                                               system=system, keys=", ".join(keys) or tr("none")),
                          tr("is not a number of this system"))
        whole(number, f"{where}.{key}", *NUMBER_BOUNDS[key])


def statblock(value: Any, system: str, where: str) -> None:
    if len(kind(value, str, where)) > MAX_STATBLOCK:
        raise Invalid(where, tr("must be at most {most:,} characters, not {count:,}", most=MAX_STATBLOCK,
                                count=len(value)), tr("is too long"))


def rank(check_name: str) -> FieldCheck:
    """A Daggerheart adversary type or a d20 CR, checked by core.catalog.ranks' words."""
    def check(value: Any, system: str, where: str) -> None:
        try:
            getattr(ranks, check_name)(value)
        except ValueError as exc:
            raise Invalid(where, str(exc), tr("is not one the rules know")) from None
    return check


def bounded(low: int, high: int) -> FieldCheck:
    """The check of a whole number from low to high."""
    def check(value: Any, system: str, where: str) -> int:
        if type(value) is int and low <= value <= high:
            return value
        return whole(value, where, low, high)
    return check


def of_kind(wanted: type) -> FieldCheck:
    """The check of a value of one kind (text, true or false …)."""
    def check(value: Any, system: str, where: str) -> object:
        return kind(value, wanted, where)
    return check
