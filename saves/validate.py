"""Every field of a save checked before it becomes an Encounter (FORMAT.md: "edit freely").

A hand-edited or damaged file must be refused on load with the field and what to fix,
never loaded to crash the app later when it is drawn, undone or redone. The checks
follow the layout in saves/FORMAT.md:

- numbers: whole numbers fit in 64 bits (TOML 1.0), no ``inf``/``nan`` anywhere;
- ``[encounter]``: a known system, round from 1, turn inside the roster;
- ``[settings]``: only the encounter's known settings, each of its default's type;
- creatures: the track fields of their system, in range; the defense line and every
  persistent condition parsed by the system's own parser;
- ``[[ledger]]`` / ``[[redo]]``: well-typed steps whose changes name creatures that exist
  when undo or redo reaches them, and encounter fields undo may set.

Fields this module does not know are left alone (a newer core may add them); to check a
new one, add it to the tables below.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from saves.errors import SaveError

#: TOML 1.0 integers are 64-bit; a bigger number is damage, not a hit point total.
MAX_INT = 2**63 - 1
#: A persistent condition's multiplier (halved 0.5, doubled 2): anything else is a typo.
MAX_FACTOR = 100.0
#: The creature fields that are whole numbers (core.model.INT_FIELDS) plus initiative order.
_INT_FIELDS = ("hp", "max_hp", "temp_hp", "vitality", "max_vitality", "wounds", "max_wounds",
               "hp_marked", "armor", "armor_marked", "stress", "stress_marked", "major",
               "severe", "subdual", "dying", "wounded")
#: Counters that go below 0 in some system: d20 3.0 HP (dying at -1, dead at -10).
_MAY_BE_NEGATIVE = {"d20-3e": frozenset({"hp"})}
#: The track a creature needs in each system: any one of the field sets (FORMAT.md table).
_TRACKS: dict[str, tuple[tuple[str, ...], ...]] = {
    "pf2e": (("hp", "max_hp"),),
    "sf2e": (("hp", "max_hp"),),
    "d20-3e": (("hp", "max_hp"),),
    "vitality-wounds": (("vitality", "max_vitality", "wounds", "max_wounds"), ("hp", "max_hp")),
    "daggerheart": (("max_hp", "major", "severe"),),
}
#: Pairs (current, most) where current may not exceed most.
_AT_MOST = (("vitality", "max_vitality"), ("wounds", "max_wounds"), ("hp_marked", "max_hp"),
            ("armor_marked", "armor"), ("stress_marked", "stress"))
#: Encounter attributes a ledger step must never set (meta_before / meta_after).
_NOT_META = frozenset({"rules", "system", "revision"})
_UNSET = "\u2205unset"
_HINT = "fix that field by hand (see saves/FORMAT.md) or restore the .bak copy"


_T = TypeVar("_T")
#: A field's check: raises Invalid, or returns (what it returns is not used).
FieldCheck = Callable[[Any, str, str], object]


class Invalid(Exception):
    """One bad field: where it is and what is wrong (``gist``: the problem without the value
    found, read after the field's name: ``must be a whole number``)."""

    def __init__(self, field: str, problem: str, gist: str = "") -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem
        self.gist = gist


def validate(doc: Mapping[str, Any], path: Path | None) -> None:
    """SaveError naming the file and the first bad field of a (migrated) save document."""
    try:
        check_numbers(doc)
        system = _check_head(doc)
        _check_settings(doc.get("settings", {}))
        ids = _check_creatures(doc.get("creatures", []), system)
        head = doc["encounter"]
        turn = head.get("turn", 0)
        if ids and not turn < len(ids):
            raise Invalid("encounter.turn", f"{turn} is outside the roster (0 to {len(ids) - 1})")
        _check_history(doc, system, ids)
    except Invalid as exc:
        place = field_words(doc, exc.field)
        # "creature 1 (Goblin) hp must be a whole number", or "…hp: 99 is more than max_hp 20"
        gist, said = ((f"{place} {exc.gist}", f"{place} {exc.problem}") if exc.gist
                      else (f"{place}: {exc.problem}",) * 2)
        raise SaveError(path, exc.problem, field=exc.field,
                        hint=f"{_HINT} — the file was left as it was", gist=gist,
                        said=f"{said} ({exc.field})" if place != exc.field else said) from None


def field_words(doc: Mapping[str, Any], field: str) -> str:
    """A field as the GM finds it in the file: ``creatures[0].hp`` is ``creature 1 (Goblin) hp``.

    Other fields keep their TOML name (``encounter.round``), which is what the file shows.
    """
    match = re.fullmatch(r"creatures\[(\d+)\]\.?(.*)", field)
    if match is None:
        return field
    index, rest = int(match[1]), match[2]
    creatures = doc.get("creatures")
    entry = creatures[index] if isinstance(creatures, list) and index < len(creatures) else {}
    name = entry.get("name") if isinstance(entry, dict) else None
    label = f"creature {index + 1}"
    if isinstance(name, str) and name.strip():
        label += f" ({' '.join(name.split())[:40]})"
    return f"{label} {rest}" if rest else label


# --- values --------------------------------------------------------------------------------


def check_numbers(doc: Any) -> None:
    """Every number in the document fits in 64 bits and is finite (walked without recursion).

    The path to a value is kept as a chain of (parent, key) and spelled out only for an error:
    this walk visits every value of a file of thousands of ledger steps.
    """
    stack: list[tuple[Any, Any]] = [(None, doc)]
    while stack:
        where, value = stack.pop()
        kind = type(value)
        if kind is dict:
            stack.extend(((where, key), item) for key, item in value.items())
        elif kind is list:
            stack.extend(((where, i), item) for i, item in enumerate(value))
        elif kind is int and not -MAX_INT - 1 <= value <= MAX_INT:
            raise Invalid(_spell(where), "a number too big (more than 64 bits)")
        elif kind is float and not math.isfinite(value):
            raise Invalid(_spell(where), f"{value} is not a number a save can hold")


def _spell(where: Any) -> str:
    """A (parent, key) chain as `creatures[0].hp`."""
    parts: list[str] = []
    while where is not None:
        where, key = where
        parts.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return "".join(reversed(parts)).lstrip(".")


def _need(table: Mapping[str, Any], key: str, where: str) -> Any:
    """table[key], or Invalid saying the field is missing."""
    if key not in table:
        raise Invalid(where, "is missing", "is missing")
    return table[key]


def _kind(value: Any, kind: type[_T], where: str) -> _T:
    """value itself, once it is of that kind (a bool is no whole number), or Invalid."""
    names = {int: "a whole number", str: "text", list: "a list", dict: "a table",
             bool: "true or false"}
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        wanted = names.get(kind, kind.__name__)
        raise Invalid(where, f"must be {wanted}, not {value!r}"[:200], f"must be {wanted}")
    return value


def _whole(value: Any, where: str, low: int = -MAX_INT - 1) -> int:
    number = _kind(value, int, where)
    if number < low:
        raise Invalid(where, f"must be {low} or more, not {number}", f"must be {low} or more")
    return number


def _texts(value: Any, where: str) -> list[str]:
    items: list[str] = _kind(value, list, where)
    for i, item in enumerate(items):
        _kind(item, str, f"{where}[{i}]")
    return items


# --- the encounter table and settings ------------------------------------------------------


def _check_head(doc: Mapping[str, Any]) -> str:
    from core import SYSTEM_IDS

    head = _kind(_need(doc, "encounter", "encounter"), dict, "encounter")
    _kind(_need(head, "name", "encounter.name"), str, "encounter.name")
    system = _kind(_need(head, "system", "encounter.system"), str, "encounter.system")
    if system not in SYSTEM_IDS:
        raise Invalid("encounter.system", f"unknown system {system!r}; known: {', '.join(SYSTEM_IDS)}")
    _whole(_need(head, "round", "encounter.round"), "encounter.round", 1)
    for key, low in (("turn", 0), ("next_id", 1)):
        if key in head:
            _whole(head[key], f"encounter.{key}", low)
    return system


def _check_settings(settings: Any) -> None:
    from core.encounter import DEFAULT_SETTINGS

    for key, value in _kind(settings, dict, "settings").items():
        _check_setting(key, value, f"settings.{key}", DEFAULT_SETTINGS)


def _check_setting(key: str, value: Any, where: str, known: Mapping[str, Any]) -> None:
    """A known setting (core's DEFAULT_SETTINGS) with a value of its default's type."""
    if key not in known:
        raise Invalid(where, f"unknown setting {key!r}; known: {', '.join(sorted(known))}")
    _kind(value, type(known[key]), where)


# --- creatures -----------------------------------------------------------------------------


def _check_creatures(creatures: Any, system: str) -> list[str]:
    """The ids of the roster, after checking every creature."""
    ids: list[str] = []
    for i, entry in enumerate(_kind(creatures, list, "creatures")):
        where = f"creatures[{i}]"
        _kind(entry, dict, where)
        cid = _kind(_need(entry, "id", f"{where}.id"), str, f"{where}.id")
        if not cid or cid in ids:
            raise Invalid(f"{where}.id", f"{cid!r} is empty or used twice; ids must be unique")
        ids.append(cid)
        check_creature(entry, system, where)
    return ids


def check_creature(state: Mapping[str, Any], system: str, where: str) -> None:
    """A whole creature: its fields, the track of its system, and values that agree."""
    name = _kind(_need(state, "name", f"{where}.name"), str, f"{where}.name")
    if not name.strip():
        raise Invalid(f"{where}.name", "a creature needs a name")
    check_fields(state, system, where)
    tracks = _TRACKS.get(system, ())
    if tracks and not any(all(state.get(f) is not None for f in track) for track in tracks):
        wanted = " or ".join(", ".join(track) for track in tracks)
        raise Invalid(where, f"a {system} creature needs {wanted}")
    for current, most in _AT_MOST + ((("hp", "max_hp"),) if system != "daggerheart" else ()):
        if isinstance(state.get(current), int) and isinstance(state.get(most), int) \
                and state[current] > state[most]:
            raise Invalid(f"{where}.{current}", f"{state[current]} is more than {most} {state[most]}")
    major, severe = state.get("major"), state.get("severe")
    if isinstance(major, int) and isinstance(severe, int) and severe < major:
        raise Invalid(f"{where}.severe", f"the Severe threshold ({severe}) is below Major ({major})")


def check_fields(state: Mapping[str, Any], system: str, where: str) -> None:
    """Each known field of a creature (or of one side of a ledger change) on its own."""
    for key, value in state.items():
        check = _FIELD_CHECKS.get(key)
        if check is None and key in _INT_FIELDS:
            low = -MAX_INT - 1 if key in _MAY_BE_NEGATIVE.get(system, ()) else 0
            check = _counter(low)
        if check is not None and value != _UNSET:
            check(value, system, f"{where}.{key}")


def _counter(low: int) -> FieldCheck:
    return lambda value, system, where: _whole(value, where, low)


def _check_defenses(value: Any, system: str, where: str) -> None:
    from core import get_system

    try:
        get_system(system).parse_defenses(_kind(value, str, where))
    except ValueError as exc:
        raise Invalid(where, f"{exc} (the line as in the add form, e.g. 'weaknesses fire 5')") from None


def _check_persistent(value: Any, system: str, where: str) -> None:
    from core import get_system
    from core.model import PersistentDamage

    rules = get_system(system)
    for i, line in enumerate(_kind(value, list, where)):
        at = f"{where}[{i}]"
        try:
            cond = PersistentDamage.from_state(line, at)
            rules.parse_damage(cond.formula)  # what the tick rolls
        except ValueError as exc:
            raise Invalid(at, getattr(exc, "message", str(exc))) from None
        if not 0 < cond.factor <= MAX_FACTOR:
            raise Invalid(at, f"factor {cond.factor} must be above 0 and at most {MAX_FACTOR:g}")
        if cond.rounds_left is not None and cond.rounds_left < 0:
            raise Invalid(at, f"rounds {cond.rounds_left} must be 0 or more")


def _check_immunities(value: Any, system: str, where: str) -> None:
    from core.model import TemporaryImmunity

    for i, line in enumerate(_kind(value, list, where)):
        try:
            TemporaryImmunity.from_state(line, f"{where}[{i}]")
        except ValueError as exc:
            raise Invalid(f"{where}[{i}]", getattr(exc, "message", str(exc))) from None


_FIELD_CHECKS: dict[str, FieldCheck] = {
    "name": lambda value, system, where: _kind(value, str, where),
    "pc": lambda value, system, where: _kind(value, bool, where),
    "hidden": lambda value, system, where: _kind(value, bool, where),
    "traits": lambda value, system, where: _texts(value, where),
    "conditions": lambda value, system, where: _texts(value, where),
    "defenses": _check_defenses,
    "persistent": _check_persistent,
    "temp_immunities": _check_immunities,
    "initiative": lambda value, system, where: _whole(value, where),
    "seq": lambda value, system, where: _whole(value, where, 0),
}


# --- the ledger ----------------------------------------------------------------------------


def _check_history(doc: Mapping[str, Any], system: str, ids: list[str]) -> None:
    """Ledger and redo steps: well typed, and naming creatures that exist when replayed."""
    ledger = _kind(doc.get("ledger", []), list, "ledger")
    redo = _kind(doc.get("redo", []), list, "redo")
    for table, steps in (("ledger", ledger), ("redo", redo)):
        for i, step in enumerate(steps):
            _check_step(step, system, f"{table}[{i}]")
    # Undo walks the ledger newest first, each step's changes last first; redo takes the
    # [[redo]] entries from the end. A change with both sides edits a creature in place:
    # it must be there; one without `before` adds it, one without `after` removes it.
    present = set(ids)
    for i in reversed(range(len(ledger))):
        for j in reversed(range(len(ledger[i].get("changes", [])))):
            _replay(ledger[i]["changes"][j], present, f"ledger[{i}].changes[{j}]", undo=True)
    present = set(ids)
    for i in reversed(range(len(redo))):
        for j in range(len(redo[i].get("changes", []))):
            _replay(redo[i]["changes"][j], present, f"redo[{i}].changes[{j}]", undo=False)


def _replay(change: Mapping[str, Any], present: set[str], where: str, *, undo: bool) -> None:
    cid = change["id"]
    before, after = change.get("before"), change.get("after")
    if before is not None and after is not None:
        if cid not in present:
            raise Invalid(f"{where}.id", f"creature {cid!r} does not exist when this step is "
                          f"{'undone' if undo else 'redone'}; delete the [[ledger]] and [[redo]] "
                          "entries to start the history afresh")
        return
    adds = (before is None) != undo  # redo of an add, or undo of a removal
    if adds:
        present.add(cid)
    else:
        present.discard(cid)


def _check_step(step: Any, system: str, where: str) -> None:
    _kind(step, dict, where)
    _kind(_need(step, "text", f"{where}.text"), str, f"{where}.text")
    _whole(_need(step, "round", f"{where}.round"), f"{where}.round", 0)
    if "kind" in step:
        _kind(step["kind"], str, f"{where}.kind")
    _texts(step.get("details", []), f"{where}.details")
    for j, change in enumerate(_kind(step.get("changes", []), list, f"{where}.changes")):
        at = f"{where}.changes[{j}]"
        _kind(change, dict, at)
        _kind(_need(change, "id", f"{at}.id"), str, f"{at}.id")
        before, after = change.get("before"), change.get("after")
        if before is None and after is None:
            raise Invalid(at, "a change needs `before`, `after` or both")
        for side, state in (("before", before), ("after", after)):
            if state is None:
                continue
            _kind(state, dict, f"{at}.{side}")
            if (before is None) != (after is None):  # a whole creature added or removed
                check_creature(state, system, f"{at}.{side}")
            else:
                check_fields(state, system, f"{at}.{side}")
    for side in ("meta_before", "meta_after"):
        _check_meta(step.get(side, {}), f"{where}.{side}")


def _check_meta(meta: Any, where: str) -> None:
    """Encounter fields a step sets on undo/redo: only plain fields an Encounter has."""
    from core import Encounter
    from core.encounter import DEFAULT_SETTINGS

    blank = Encounter()
    for key, value in _kind(meta, dict, where).items():
        at = f"{where}.{key}"
        attribute = "_next_id" if key == "next_id" else key
        current = getattr(blank, attribute, None) if not key.startswith("_") else None
        if key in _NOT_META or current is None or callable(current) \
                or not isinstance(current, (int, str, dict)):
            raise Invalid(at, f"{key!r} is not an encounter field a step can change")
        if key == "settings":
            for name, setting in _kind(value, dict, at).items():
                _check_setting(name, setting, f"{at}.{name}", DEFAULT_SETTINGS)
        else:
            _kind(value, type(current), at)
        if key in ("round", "next_id"):
            _whole(value, at, 1)
        elif key == "turn":
            _whole(value, at, 0)
