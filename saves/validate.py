"""Every field of a save checked before it becomes an Encounter (FORMAT.md: "edit freely").

A hand-edited or damaged file must be refused on load with the field and what to fix,
never loaded to crash the app later when it is drawn, undone or redone. The checks
follow the layout in saves/FORMAT.md:

- numbers: whole numbers fit in 64 bits (TOML 1.0), no ``inf``/``nan`` anywhere;
- ``[encounter]``: its field table (core.encounter.fields), and turn inside the roster;
- ``[settings]``: only the encounter's known settings, each of its default's type;
- creatures: ``core.creature.schema``, the checks every way in makes (``new_creature``, a stat
  block, the forms, the library): the track fields of their system, in range; the defense
  line and every persistent condition parsed by the system's own parser;
- ``[[ledger]]`` / ``[[redo]]``: well-typed steps whose changes name creatures that exist
  when undo or redo reaches them, and encounter fields undo may set.

Fields this module does not know are left alone (a newer core may add them); to check a
new creature field, declare it in core.creature.schema (the builders then check it too).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from core.creature.refusal import place, wording
from core.creature.schema import MAX_INT, Invalid, check_creature, check_fields
from core.creature.schema import kind as _kind
from core.creature.schema import whole as _whole
from core.encounter.fields import check_against_roster, check_step_field, read_head
from saves.errors import SaveError

_HINT = "fix that field by hand (see saves/FORMAT.md) or restore the .bak copy"


def validate(doc: Mapping[str, Any], path: Path | None, *, history: bool = True) -> None:
    """SaveError naming the file and the first bad field of a (migrated) save document.

    ``history=False`` leaves out the [[ledger]] and [[redo]] steps: what a save checks of
    the document it is about to write (saves/codec.py), where the steps are the rules' own.
    """
    try:
        if history and not numbers_fit(doc):
            check_numbers(doc)  # the walk again, naming the field
        system = _check_head(doc)
        _check_settings(doc.get("settings", {}))
        ids = _check_creatures(doc.get("creatures", []), system)
        check_against_roster(doc["encounter"], ids)
        if history:
            _check_history(doc, system, ids)
    except Invalid as exc:
        # the one wording (core.creature.refusal): "creature 1 (Goblin) hp must be a whole number"
        name = _creature_name(doc, exc.field)
        gist, said = wording(exc.field, exc.gist or exc.problem, name), wording(exc.field, exc.problem, name)
        raise SaveError(path, exc.problem, field=exc.field,
                        hint=f"{_HINT} — the file was left as it was", gist=gist,
                        said=f"{said} ({exc.field})" if place(exc.field, name) != exc.field else said) from None


def field_words(doc: Mapping[str, Any], field: str) -> str:
    """A field as the GM finds it in the file: ``creatures[0].hp`` is ``creature 1 (Goblin) hp``.

    Other fields keep their TOML name (``encounter.round``), which is what the file shows.
    """
    return place(field, _creature_name(doc, field))


def _creature_name(doc: Mapping[str, Any], field: str) -> str | None:
    """The name of the creature a ``creatures[i]…`` field belongs to, where the file has one."""
    match = re.match(r"creatures\[(\d+)\]", field)
    creatures = doc.get("creatures")
    if match is None or not isinstance(creatures, list) or int(match[1]) >= len(creatures):
        return None
    entry = creatures[int(match[1])]
    name = entry.get("name") if isinstance(entry, dict) else None
    return name if isinstance(name, str) else None


# --- values --------------------------------------------------------------------------------


def numbers_fit(doc: Any) -> bool:
    """Whether every number of the document fits in 64 bits and is finite (a quick walk that
    remembers no path: :func:`check_numbers` names the field when one does not)."""
    low, high, isfinite = -MAX_INT - 1, MAX_INT, math.isfinite
    stack: list[Any] = [doc]
    push, pop = stack.append, stack.pop
    while stack:
        container = pop()
        for value in (container.values() if type(container) is dict else container):
            kind = type(value)
            if kind is str or kind is bool:
                continue
            if kind is int:
                if value < low or value > high:
                    return False
            elif kind is dict or kind is list:
                push(value)
            elif kind is float and not isfinite(value):
                return False
    return True


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


# --- the encounter table and settings ------------------------------------------------------


def _check_head(doc: Mapping[str, Any]) -> str:
    """The system of a document whose ``[encounter]`` table holds what the field table
    (core.encounter.fields) allows: the reader's own check, so its wording."""
    return str(read_head(_kind(_need(doc, "encounter", "encounter"), dict, "encounter"))["system"])


def _check_settings(settings: Any) -> None:
    from core.encounter import DEFAULT_SETTINGS

    for key, value in _kind(settings, dict, "settings").items():
        _check_setting(key, value, f"settings.{key}", DEFAULT_SETTINGS)


def _check_setting(key: str, value: Any, where: str, known: Mapping[str, Any]) -> None:
    """A known setting (core's DEFAULT_SETTINGS) with a value of its default's type."""
    if key not in known:
        raise Invalid(where, f"unknown setting {key!r}; known: {', '.join(sorted(known))}")
    _kind(value, type(known[key]), where)


# --- creatures (their fields: core.creature.schema, as every way in checks them) ----------------


def _check_creatures(creatures: Any, system: str) -> list[str]:
    """The ids of the roster, after checking every creature."""
    ids: list[str] = []
    seen: set[str] = set()
    for i, entry in enumerate(_kind(creatures, list, "creatures")):
        where = f"creatures[{i}]"
        _kind(entry, dict, where)
        cid = _kind(_need(entry, "id", f"{where}.id"), str, f"{where}.id")
        if not cid or cid in seen:
            raise Invalid(f"{where}.id", f"{cid!r} is empty or used twice; ids must be unique")
        ids.append(cid)
        seen.add(cid)
        check_creature(entry, system, where)
    return ids


def _phrase(value: Any, where: str) -> None:
    """A ledger entry's words: text, or a phrase (core.text.phrase; its inside is checked
    where the encounter reads it, core.encounter.data, naming the field as well)."""
    if type(value) not in (list, dict):
        _kind(value, str, where)


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
    """One [[ledger]] or [[redo]] step (a well-formed one is checked without building the
    name of any of its fields: a file holds thousands of steps)."""
    if type(step) is not dict:
        _kind(step, dict, where)
    text, number = step.get("text"), step.get("round")
    if type(text) is not str:
        _phrase(_need(step, "text", f"{where}.text"), f"{where}.text")
    if type(number) is not int or number < 0:
        _whole(_need(step, "round", f"{where}.round"), f"{where}.round", 0)
    if type(step.get("kind", "")) is not str:
        _kind(step["kind"], str, f"{where}.kind")
    for key in ("details", "targets"):
        lines = step.get(key)
        if lines is not None and (type(lines) is not list or any(type(line) is not str for line in lines)):
            for i, line in enumerate(_kind(lines, list, f"{where}.{key}")):
                _phrase(line, f"{where}.{key}[{i}]")
    if "short" in step and type(step["short"]) is not str:
        _phrase(step["short"], f"{where}.short")
    changes = step.get("changes")
    if changes is not None and type(changes) is not list:
        _kind(changes, list, f"{where}.changes")
    for j, change in enumerate(changes or ()):
        _check_change(change, system, f"{where}.changes[{j}]")
    for side in ("meta_before", "meta_after"):
        if side in step:
            _check_meta(step[side], f"{where}.{side}")


def _check_change(change: Any, system: str, at: str) -> None:
    """One creature's part of a step: its id, and the fields of each side (a whole creature
    where it is added or removed)."""
    if type(change) is not dict:
        _kind(change, dict, at)
    if type(change.get("id")) is not str:
        _kind(_need(change, "id", f"{at}.id"), str, f"{at}.id")
    before, after = change.get("before"), change.get("after")
    if before is None and after is None:
        raise Invalid(at, "a change needs `before`, `after` or both")
    whole_creature = (before is None) != (after is None)
    for side, state in (("before", before), ("after", after)):
        if state is None:
            continue
        if type(state) is not dict:
            _kind(state, dict, f"{at}.{side}")
        if whole_creature:
            check_creature(state, system, f"{at}.{side}")
        else:
            check_fields(state, system, f"{at}.{side}")


def _check_meta(meta: Any, where: str) -> None:
    """Encounter fields a step sets on undo/redo: those the field table lets a step set
    (core.encounter.fields), each within its bounds, and the settings."""
    from core.encounter import DEFAULT_SETTINGS

    for key, value in _kind(meta, dict, where).items():
        at = f"{where}.{key}"
        if key == "settings":
            for name, setting in _kind(value, dict, at).items():
                _check_setting(name, setting, f"{at}.{name}", DEFAULT_SETTINGS)
        elif not check_step_field(key, value, at):
            raise Invalid(at, f"{key!r} is not an encounter field a step can change")
