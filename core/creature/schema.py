"""What a creature may hold, declared once (issue 17: one schema serves both directions).

Every way a creature comes in — ``new_creature``, a pasted stat block, the add and edit
forms, ``Encounter.update``, a library template — and every load of a save
(``saves/validate.py``) checks the same declarations below: a file hitledger writes is
always one it reads back, and a value a load would refuse is refused where it was typed.

- :data:`NUMBERS`: each whole-number field and its bounds (:data:`SYSTEM_NUMBERS` where
  a system differs: Daggerheart's HP slots, d20 3.0's HP below 0);
- :data:`SYSTEM_FIELDS`: the whole-number fields a creature of each system has;
- :data:`TRACKS`: the track each system needs; :data:`AT_MOST`: current within maximum;
- :data:`NUMBER_BOUNDS`: each printed number's bounds (``Creature.numbers``: AC, saves…; the
  keys each system has are core.catalog.capabilities.NUMBERS; Evasion and Hope are a PC's);
- the checks of names, defenses, persistent conditions, conditions and attacks (bonus, traits).

:func:`check_creature` checks a whole creature as ``Creature.to_state`` writes it;
:func:`check_fields` the fields one side of a ledger change holds. Both raise
:class:`Invalid` (a ValueError) naming the field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, TypeVar

from core.catalog import ranks
from core.notation import parse_damage, parse_defenses
from core.text.errors import StateError

#: TOML 1.0 integers are 64-bit: nothing bigger is ever written.
MAX_INT = 2**63 - 1
#: HP, temporary HP, Vitality, Wounds, thresholds: every track a GM types (issue 7).
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

_ANY = (-MAX_INT - 1, MAX_INT)
_COUNT = (0, MAX_INT)           # counters the rules add to (subdual, dying): never below 0
_TRACK = (0, MAX_TRACK)
_SLOTS = (0, MAX_SLOTS)

#: Each whole-number field of a creature: its lowest and highest value.
NUMBERS: dict[str, tuple[int, int]] = {
    "hp": _TRACK, "max_hp": _TRACK, "temp_hp": _TRACK,
    "vitality": _TRACK, "max_vitality": _TRACK, "wounds": _TRACK, "max_wounds": _TRACK,
    "hp_marked": _SLOTS, "armor": _SLOTS, "armor_marked": _SLOTS,
    "stress": _SLOTS, "stress_marked": _SLOTS, "major": _TRACK, "severe": _TRACK,
    "subdual": _COUNT, "dying": _COUNT, "wounded": _COUNT, "hope": (0, MAX_HOPE),
    "init_mod": (-MAX_MODIFIER, MAX_MODIFIER),
    "initiative": (-MAX_INITIATIVE, MAX_INITIATIVE), "seq": _COUNT, "tie": _COUNT,
}
#: Where a system's bounds differ from NUMBERS.
SYSTEM_NUMBERS: dict[str, dict[str, tuple[int, int]]] = {
    "daggerheart": {"max_hp": _SLOTS},              # slots, one cell each on the roster
    "d20-3e": {"hp": (-MAX_INT - 1, MAX_TRACK)},    # disabled at 0, dying below, dead at -10
}
_PF2 = frozenset({"hp", "max_hp", "temp_hp", "dying", "wounded"})
#: The track fields a creature of each system may have (saves/FORMAT.md's table).
SYSTEM_FIELDS: dict[str, frozenset[str]] = {
    "pf2e": _PF2,
    "sf2e": _PF2,
    "vitality-wounds": frozenset({"vitality", "max_vitality", "wounds", "max_wounds", "hp",
                                  "max_hp", "temp_hp", "dying", "wounded"}),
    "daggerheart": frozenset({"max_hp", "hp_marked", "major", "severe", "armor", "armor_marked",
                              "stress", "stress_marked", "hope"}),
    "d20-3e": frozenset({"hp", "max_hp", "temp_hp", "subdual"}),
}
#: Fields every creature may have whatever its system.
COMMON_NUMBERS = frozenset({"init_mod", "initiative", "seq", "tie"})
#: The track a creature needs in each system: any one of the field sets. Daggerheart's
#: thresholds may be absent: ``Thresholds: None`` (no thresholds) or ``4/None`` (no Severe).
TRACKS: dict[str, tuple[tuple[str, ...], ...]] = {
    "pf2e": (("hp", "max_hp"),),
    "sf2e": (("hp", "max_hp"),),
    "d20-3e": (("hp", "max_hp"),),
    "vitality-wounds": (("vitality", "max_vitality", "wounds", "max_wounds"), ("hp", "max_hp")),
    "daggerheart": (("max_hp",),),
}
#: Pairs (current, most) where current may not exceed most.
AT_MOST = (("hp", "max_hp"), ("vitality", "max_vitality"), ("wounds", "max_wounds"),
           ("hp_marked", "max_hp"), ("armor_marked", "armor"), ("stress_marked", "stress"))
#: What a stat of the add form sets: ``hp`` is the maximum (``max_hp``) of a track.
STAT_TARGETS = {"hp": "max_hp", "vitality": "max_vitality", "wounds": "max_wounds"}
#: The value ledger changes give a field that did not exist on one side (TOML has no null).
UNSET = "\u2205unset"
_DURATION_WORDS = frozenset({"end-of-next-turn", "start-of-next-turn", "end-of-this-turn"})

_T = TypeVar("_T")
KIND_WORDS = {int: "a whole number", str: "text", list: "a list", dict: "a table",
              bool: "true or false", float: "a number"}


class Invalid(ValueError):
    """One bad field: where it is and what is wrong (``gist``: the problem without the value
    found, read after the field's name: ``must be a whole number``)."""

    def __init__(self, field: str, problem: str, gist: str = "", *, bare: bool = False) -> None:
        super().__init__(problem if bare else f"{field}: {problem}")
        self.field = field
        self.problem = problem
        self.gist = gist
        self.message = problem


def kind(value: Any, wanted: type[_T], where: str) -> _T:
    """value itself, once it is of that kind (a bool is no whole number), or Invalid."""
    if not isinstance(value, wanted) or (wanted is not bool and isinstance(value, bool)):
        words = KIND_WORDS.get(wanted, wanted.__name__)
        raise Invalid(where, f"must be {words}, not {value!r}"[:200], f"must be {words}")
    return value


def whole(value: Any, where: str, low: int = -MAX_INT - 1, high: int = MAX_INT) -> int:
    """A whole number from low to high, or Invalid saying which."""
    if type(value) is not int:
        kind(value, int, where)
    if value < low:
        raise Invalid(where, f"must be {low} or more, not {_number(value)}", f"must be {low} or more")
    if value > high:
        words = f"must be at most {high:,}"
        raise Invalid(where, f"{words}, not {_number(value)}", words)
    return int(value)


def _number(value: int) -> str:
    """A number for a message: a 40-digit one is cut, not spelled out."""
    return f"{value:,}" if abs(value) < 10**30 else f"{str(value)[:12]}… ({len(str(abs(value)))} digits)"


def bounds(system: str, field: str) -> tuple[int, int]:
    """The lowest and highest value of a whole-number field in a system."""
    return SYSTEM_NUMBERS.get(system, {}).get(field) or NUMBERS[field]


def check_stat(system: str, key: str, value: Any, label: str = "") -> int:
    """A stat of the add/edit form (``hp`` for the HP maximum) within the bounds of the field
    it sets; Invalid naming the label."""
    low, high = bounds(system, STAT_TARGETS.get(key, key))
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise Invalid(key, f"{label or key} must be a whole number of {low} or more, not {value!r}"[:200],
                      bare=True)
    if value > high:
        raise Invalid(key, f"{label or key} must be at most {high:,}, not {_number(value)}", bare=True)
    return value


def check_init_mod(value: Any) -> int:
    """An initiative modifier within bounds; Invalid otherwise."""
    low, high = NUMBERS["init_mod"]
    if isinstance(value, bool) or not isinstance(value, int):
        raise Invalid("init_mod", f"init_mod (the initiative modifier) must be a whole number, not {value!r}"[:200],
                      bare=True)
    if not low <= value <= high:
        raise Invalid("init_mod", f"init_mod (the initiative modifier) must be {low} to {high}, not {_number(value)}",
                      bare=True)
    return value


def check_initiative(value: Any) -> int:
    """An initiative within bounds; Invalid otherwise."""
    low, high = NUMBERS["initiative"]
    if isinstance(value, bool) or not isinstance(value, int):
        raise Invalid("initiative", f"initiative must be a whole number, not {value!r}"[:200], bare=True)
    if not low <= value <= high:
        raise Invalid("initiative", f"initiative must be {low:,} to {high:,}, not {_number(value)}",
                      bare=True)
    return value


# --- whole creatures ---------------------------------------------------------------------


def check_creature(state: Mapping[str, Any], system: str, where: str = "creature") -> None:
    """A whole creature (``Creature.to_state``): its fields, its system's track, values that agree."""
    name = kind(state.get("name") if "name" in state else _missing(f"{where}.name"), str, f"{where}.name")
    if not name.strip():
        raise Invalid(f"{where}.name", "a creature needs a name", "needs a name")
    check_fields(state, system, where)
    tracks = TRACKS.get(system, ())
    if tracks and not any(all(state.get(f) is not None for f in track) for track in tracks):
        wanted = " or ".join(", ".join(track) for track in tracks)
        raise Invalid(where, f"a {system} creature needs {wanted}")
    for current, most in AT_MOST:
        now, top = state.get(current), state.get(most)
        if type(now) is int and type(top) is int and now > top:
            raise Invalid(f"{where}.{current}", f"{now} is more than {most} {top}")
    major, severe = state.get("major"), state.get("severe")
    if type(major) is int and type(severe) is int and severe < major:
        raise Invalid(f"{where}.severe", f"the Severe threshold ({severe}) is below Major ({major})")
    if not state.get("pc"):
        _pc_only(state, system, where)


def _pc_only(state: Mapping[str, Any], system: str, where: str) -> None:
    """The numbers only a PC has (a Daggerheart PC's Evasion and Hope) on an adversary."""
    from core.catalog.capabilities import number_keys

    numbers = state.get("numbers")
    extra = set(numbers) - set(number_keys(system, pc=False)) if isinstance(numbers, dict) else set()
    if extra:
        raise Invalid(f"{where}.numbers.{min(extra)}", f"only a PC has {min(extra)} (an adversary has "
                      f"{', '.join(number_keys(system, pc=False))})", "only a PC has it")
    if state.get("hope"):
        raise Invalid(f"{where}.hope", "only a PC has Hope", "only a PC has it")


def _missing(where: str) -> Any:
    raise Invalid(where, "is missing", "is missing")


def check_fields(state: Mapping[str, Any], system: str, where: str) -> None:
    """Each known field of a creature (or of one side of a ledger change) on its own.

    A field of another system's creatures is refused; a field no system knows is left
    alone (a newer hitledger may have added it).
    """
    checks, numbers = field_checks(system), _number_bounds(system)
    for key, value in state.items():
        bound = numbers.get(key)
        if bound is not None and type(value) is int and bound[0] <= value <= bound[1]:
            continue  # the usual case, without building the field's name
        check = checks.get(key)
        if check is not None and value != UNSET:
            check(value, system, f"{where}.{key}")


FieldCheck = Callable[[Any, str, str], object]


@cache
def field_checks(system: str) -> dict[str, FieldCheck]:
    """The check of every field a creature of ``system`` may hold, and a refusal of the
    track fields of other systems."""
    checks: dict[str, FieldCheck] = dict(_OTHER_CHECKS)
    mine = SYSTEM_FIELDS.get(system, frozenset(NUMBERS)) | COMMON_NUMBERS
    for name in NUMBERS:
        checks[name] = _bounded(*bounds(system, name)) if name in mine else _foreign(system, mine)
    return checks


@cache
def _number_bounds(system: str) -> dict[str, tuple[int, int]]:
    """The bounds of the whole-number fields a creature of ``system`` may hold."""
    mine = SYSTEM_FIELDS.get(system, frozenset(NUMBERS)) | COMMON_NUMBERS
    return {name: bounds(system, name) for name in NUMBERS if name in mine}


def _bounded(low: int, high: int) -> FieldCheck:
    def check(value: Any, system: str, where: str) -> int:
        if type(value) is int and low <= value <= high:
            return value
        return whole(value, where, low, high)
    return check


def _foreign(system: str, mine: frozenset[str]) -> FieldCheck:
    def check(value: Any, _system: str, where: str) -> None:
        field = where.rpartition(".")[2]
        known = ", ".join(sorted(mine - COMMON_NUMBERS))
        raise Invalid(where, f"{system} creatures have no {field} (a field of another system; "
                             f"theirs: {known})", "is a field of another system")
    return check


def _name(value: Any, system: str, where: str) -> None:
    if not kind(value, str, where).strip():
        raise Invalid(where, "a creature needs a name", "needs a name")


def _texts(value: Any, where: str) -> list[str]:
    items: list[str] = kind(value, list, where)
    for i, item in enumerate(items):
        kind(item, str, f"{where}[{i}]")
    return items


def _defenses(value: Any, system: str, where: str) -> None:
    try:
        parse_defenses(kind(value, str, where), system)
    except ValueError as exc:
        raise Invalid(where, f"{exc} (the line as in the add form, e.g. 'weaknesses fire 5')",
                      "is not a defense line") from None


def _persistent(value: Any, system: str, where: str) -> None:
    from core.creature.model import PersistentDamage

    for i, line in enumerate(kind(value, list, where)):
        at = f"{where}[{i}]"
        try:
            cond = PersistentDamage.from_state(line, at)
            parse_damage(cond.formula, system)  # what the tick rolls
        except ValueError as exc:
            raise Invalid(at, getattr(exc, "message", str(exc))) from None
        if not 0 < cond.factor <= MAX_FACTOR:
            raise Invalid(at, f"factor {cond.factor} must be above 0 and at most {MAX_FACTOR:g}")
        if cond.rounds_left is not None and not 0 <= cond.rounds_left <= MAX_CONDITION:
            raise Invalid(at, f"rounds {cond.rounds_left} must be 0 to {MAX_CONDITION}")


def _immunities(value: Any, system: str, where: str) -> None:
    from core.creature.model import TemporaryImmunity

    for i, line in enumerate(kind(value, list, where)):
        try:
            immunity = TemporaryImmunity.from_state(line, f"{where}[{i}]")
        except StateError as exc:
            raise Invalid(f"{where}[{i}]", exc.message) from None
        whole(immunity.until_round, f"{where}[{i}]", 0, MAX_INT)


def _condition_values(value: Any, system: str, where: str) -> None:
    for name, number in kind(value, dict, where).items():
        whole(number, f"{where}.{name}", 0, MAX_CONDITION)


def _durations(value: Any, system: str, where: str) -> None:
    for name, duration in kind(value, dict, where).items():
        at = f"{where}.{name}"
        if isinstance(duration, str):
            if duration not in _DURATION_WORDS:
                raise Invalid(at, f"a duration is a number of turns or one of "
                                  f"{', '.join(sorted(_DURATION_WORDS))}, not {duration!r}"[:200])
        else:
            whole(duration, at, 0, MAX_CONDITION)


def _attacks(value: Any, system: str, where: str) -> None:
    """Label and damage as the stat block printed them: the damage is put in the damage form
    when used (``physical/magic`` is kept as printed), so it is text, not checked notation;
    the bonus a modifier, the traits words, the note text."""
    for i, attack in enumerate(kind(value, list, where)):
        at = f"{where}[{i}]"
        kind(attack, dict, at)
        for key in ("label", "damage"):
            kind(attack[key] if key in attack else _missing(f"{at}.{key}"), str, f"{at}.{key}")
        if "bonus" in attack:
            whole(attack["bonus"], f"{at}.bonus", -MAX_MODIFIER, MAX_MODIFIER)
        if "traits" in attack:
            _texts(attack["traits"], f"{at}.traits")
        if "note" in attack:
            kind(attack["note"], str, f"{at}.note")
        if "threat" in attack:       # d20-3e: 19-20 is 19 (RULES §10)
            whole(attack["threat"], f"{at}.threat", 2, 20)
        if "multiplier" in attack:   # d20-3e: ×2 … ×6 (as a critical= takes)
            whole(attack["multiplier"], f"{at}.multiplier", 2, 6)


def _numbers(value: Any, system: str, where: str) -> None:
    """The printed or typed numbers (RULES §8): only the keys the system has, within bounds."""
    from core.catalog.capabilities import number_keys

    keys = number_keys(system)
    for key, number in kind(value, dict, where).items():
        if key not in keys:
            raise Invalid(f"{where}.{key}", f"{system} creatures have no number {key!r}; theirs: "
                          f"{', '.join(keys) or 'none'}", "is not a number of this system")
        whole(number, f"{where}.{key}", *NUMBER_BOUNDS[key])


def _statblock(value: Any, system: str, where: str) -> None:
    if len(kind(value, str, where)) > MAX_STATBLOCK:
        raise Invalid(where, f"a stat block of at most {MAX_STATBLOCK:,} characters, "
                             f"not {len(value):,}", "is too long")


def _rank(check_name: str) -> FieldCheck:
    """A Daggerheart adversary type or a d20 CR, checked by core.catalog.ranks' words."""
    def check(value: Any, system: str, where: str) -> None:
        try:
            getattr(ranks, check_name)(value)
        except ValueError as exc:
            raise Invalid(where, str(exc), "is not one the rules know") from None
    return check


_OTHER_CHECKS: dict[str, FieldCheck] = {
    "name": _name,
    "pc": lambda value, system, where: kind(value, bool, where),
    "hidden": lambda value, system, where: kind(value, bool, where),
    "traits": lambda value, system, where: _texts(value, where),
    "conditions": lambda value, system, where: _texts(value, where),
    "defenses": _defenses,
    "persistent": _persistent,
    "temp_immunities": _immunities,
    "condition_values": _condition_values,
    "condition_durations": _durations,
    "recovery_check": lambda value, system, where: kind(value, str, where),
    "statblock": _statblock,
    "attacks": _attacks,
    "numbers": _numbers,
    "horde": lambda value, system, where: kind(value, str, where),
    "role": _rank("check_role"),
    "cr": _rank("check_cr"),
}


__all__ = ["Invalid", "check_creature", "check_fields", "check_stat", "check_init_mod",
           "check_initiative", "bounds", "kind", "whole", "NUMBERS", "SYSTEM_NUMBERS",
           "SYSTEM_FIELDS", "TRACKS", "AT_MOST", "MAX_INT", "MAX_TRACK", "MAX_SLOTS",
           "MAX_MODIFIER", "MAX_INITIATIVE", "MAX_CONDITION", "MAX_STATBLOCK", "MAX_FEAR", "MAX_HOPE", "NUMBER_BOUNDS", "UNSET"]
