"""What a creature may hold, checked as one: every way in and every load (one schema serves both directions).

Every way a creature comes in — ``new_creature``, a pasted stat block, the add and edit
forms, ``Encounter.update``, a library template — and every load of a save
(``saves/validate.py``) checks the same declarations: a file hitledger writes is always one
it reads back, and a value a load would refuse is refused where it was typed.

Each field is declared once, in core.creature.fields' table (kind, bounds, systems); its own
check is in core.creature.checks; every refusal is worded by core.creature.refusal. Here:

- :data:`NUMBERS`, :data:`SYSTEM_NUMBERS`, :data:`SYSTEM_FIELDS`: the table's whole-number
  fields, their bounds and the systems that have them, as lookups;
- :data:`TRACKS`: the track each system needs; :data:`AT_MOST`: current within maximum;
- :func:`check_creature` checks a whole creature as ``Creature.to_state`` writes it;
  :func:`check_fields` the fields one side of a ledger change holds. Both raise
  :class:`Invalid` (a ValueError) naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from core.creature.checks import (
    MAX_CONDITION,
    MAX_FACTOR,
    MAX_FEAR,
    MAX_HOPE,
    MAX_INITIATIVE,
    MAX_MODIFIER,
    MAX_NUMBER,
    MAX_SLOTS,
    MAX_STATBLOCK,
    MAX_TRACK,
    NUMBER_BOUNDS,
    UNSET,
    FieldCheck,
    bounded,
    of_kind,
)
from core.creature.fields import CREATURE_FIELDS, numbers
from core.creature.refusal import MAX_INT, Invalid, kind, missing, must_be, whole, wording
from core.text.i18n import tr

#: Each whole-number field of a creature: its lowest and highest value (core.creature.fields).
NUMBERS: dict[str, tuple[int, int]] = numbers()
#: Where a system's bounds differ from NUMBERS.
SYSTEM_NUMBERS: dict[str, dict[str, tuple[int, int]]] = {}
for _field in CREATURE_FIELDS:
    for _system, _bounds in _field.by_system.items():
        SYSTEM_NUMBERS.setdefault(_system, {})[_field.name] = _bounds
#: Fields every creature may have whatever its system.
COMMON_NUMBERS = frozenset(f.name for f in CREATURE_FIELDS if f.kind is int and f.systems is None)
#: The track fields a creature of each system may have (saves/FORMAT.md's table).
SYSTEM_FIELDS: dict[str, frozenset[str]] = {
    system: frozenset(f.name for f in CREATURE_FIELDS if f.kind is int and f.systems and system in f.systems)
    for system in sorted(set().union(*(f.systems or () for f in CREATURE_FIELDS)))
}

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

def bounds(system: str, field: str) -> tuple[int, int]:
    """The lowest and highest value of a whole-number field in a system."""
    return SYSTEM_NUMBERS.get(system, {}).get(field) or NUMBERS[field]


def _typed(key: str, label: str, value: Any, low: int, high: int) -> int:
    """A number typed in a form within bounds; Invalid worded after the form's label."""
    try:
        return whole(value, key, low, high)
    except Invalid as exc:
        raise Invalid(key, wording(label, exc.problem), exc.gist, bare=True) from None


def check_stat(system: str, key: str, value: Any, label: str = "") -> int:
    """A stat of the add/edit form (``hp`` for the HP maximum) within the bounds of the field
    it sets; Invalid naming the label."""
    return _typed(key, label or key, value, *bounds(system, STAT_TARGETS.get(key, key)))


def check_init_mod(value: Any) -> int:
    """An initiative modifier within bounds; Invalid otherwise."""
    return _typed("init_mod", tr("init_mod (the initiative modifier)"), value, *NUMBERS["init_mod"])


def check_initiative(value: Any) -> int:
    """An initiative within bounds; Invalid otherwise."""
    return _typed("initiative", "initiative", value, *NUMBERS["initiative"])


# --- whole creatures ---------------------------------------------------------------------


# --- whole creatures ---------------------------------------------------------------------


def check_creature(state: Mapping[str, Any], system: str, where: str = "creature") -> None:
    """A whole creature (``Creature.to_state``): its fields, its system's track, values that agree."""
    if "name" not in state:
        raise missing(f"{where}.name")
    if not kind(state["name"], str, f"{where}.name").strip():
        raise Invalid(f"{where}.name", tr("must be a name, not empty"), tr("must be a name"))
    check_fields(state, system, where)
    tracks = TRACKS.get(system, ())
    if tracks and not any(all(state.get(f) is not None for f in track) for track in tracks):
        wanted = tr(" or ").join(", ".join(track) for track in tracks)
        raise Invalid(where, tr("must have {wanted} (the track of a {system} creature)", wanted=wanted,
                                system=system))
    for current, most in AT_MOST:
        now, top = state.get(current), state.get(most)
        if type(now) is int and type(top) is int and now > top:
            raise must_be(f"{where}.{current}", tr("at most {most} ({top})", most=most, top=top), now)
    major, severe = state.get("major"), state.get("severe")
    if type(major) is int and type(severe) is int and severe < major:
        raise must_be(f"{where}.severe", tr("Major ({major}) or more", major=major), severe)
    if not state.get("pc"):
        _pc_only(state, system, where)


def _pc_only(state: Mapping[str, Any], system: str, where: str) -> None:
    """The numbers only a PC has (a Daggerheart PC's Evasion and Hope) on an adversary."""
    from core.catalog.capabilities import number_keys

    numbers = state.get("numbers")
    extra = set(numbers) - set(number_keys(system, pc=False)) if isinstance(numbers, dict) else set()
    if extra:
        raise Invalid(f"{where}.numbers.{min(extra)}",
                      tr("must be left out: only a PC has it (an adversary has {keys})",
                         keys=", ".join(number_keys(system, pc=False))), tr("is a PC's only"))
    if state.get("hope"):
        raise Invalid(f"{where}.hope", tr("must be left out: only a PC has Hope"), tr("is a PC's only"))


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

@cache
def field_checks(system: str) -> dict[str, FieldCheck]:
    """The check of every field a creature of ``system`` may hold (core.creature.fields), and a
    refusal of the whole-number fields of other systems."""
    mine = SYSTEM_FIELDS.get(system, frozenset(NUMBERS)) | COMMON_NUMBERS
    checks: dict[str, FieldCheck] = {}
    for f in CREATURE_FIELDS:
        if f.kind is int and f.name in NUMBERS:
            checks[f.name] = bounded(*bounds(system, f.name)) if f.name in mine else _foreign(system, mine)
        elif f.check is not None:
            checks[f.name] = f.check
        elif isinstance(f.kind, type):
            checks[f.name] = of_kind(f.kind)
    return checks


@cache
def _number_bounds(system: str) -> dict[str, tuple[int, int]]:
    """The bounds of the whole-number fields a creature of ``system`` may hold."""
    mine = SYSTEM_FIELDS.get(system, frozenset(NUMBERS)) | COMMON_NUMBERS
    return {name: bounds(system, name) for name in NUMBERS if name in mine}


def _foreign(system: str, mine: frozenset[str]) -> FieldCheck:
    def check(value: Any, _system: str, where: str) -> None:
        known = ", ".join(sorted(mine - COMMON_NUMBERS))
        raise Invalid(where, tr("is a field of another system: {system} creatures have {known}",
                                system=system, known=known), tr("is a field of another system"))
    return check


__all__ = ["Invalid", "check_creature", "check_fields", "check_stat", "check_init_mod",
           "check_initiative", "bounds", "kind", "whole", "NUMBERS", "SYSTEM_NUMBERS",
           "SYSTEM_FIELDS", "TRACKS", "AT_MOST", "MAX_INT", "MAX_TRACK", "MAX_SLOTS",
           "MAX_MODIFIER", "MAX_INITIATIVE", "MAX_CONDITION", "MAX_STATBLOCK", "MAX_FEAR", "MAX_HOPE",
           "MAX_FACTOR", "MAX_NUMBER", "NUMBER_BOUNDS", "UNSET", "COMMON_NUMBERS", "STAT_TARGETS"]
