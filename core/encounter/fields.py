"""The encounter's own fields, each declared once: what the writer, the reader and the load derive.

:data:`ENCOUNTER_FIELDS` lists what a save's ``[encounter]`` table holds, in the order a save
writes it: kind, default (:data:`MISSING`: the field must be there), bounds, when it is left out,
and whether an undo step may set it. From it come the encounter's reader
(core.encounter.data, :func:`read_head`), the load's check of the table and of the fields a
ledger step sets (saves/validate.py, :func:`check_step_field`), the fields a step may note
(core.encounter.state) and saves/FORMAT.md's table (:func:`markdown_table`; a test refuses a
stale one, ``make format-table`` writes it). The creature's fields have their own table
(core.creature.fields).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from core.creature.checks import MAX_FEAR
from core.creature.fields import KIND_NAMES
from core.creature.refusal import (
    MAX_INT,
    MISSING,
    Invalid,
    is_kind,
    kind_words,
    must_be,
    read,
    whole,
)
from core.systems import SYSTEM_IDS
from core.table.difficulty import MAX_PARTY_LEVEL
from core.text.i18n import tr
from core.text.plain_text import without_controls

#: An attack count this turn (the multiple attack penalty, RULES §10): first, second, third+.
STRIKES = (1, 3)


class HeadField(NamedTuple):
    """One field of the ``[encounter]`` table of a save."""

    name: str
    kind: type
    """What the save holds: int, str or dict."""
    default: Any
    """The value when absent; MISSING: a save must hold it."""
    doc: str
    """What it is, for saves/FORMAT.md."""
    bounds: tuple[int, int] | None = None
    """A whole number's lowest and highest value; for ``strikes``, each count's."""
    left_out: str = "never"
    """When a save leaves it out: "never", or "empty" (0, {})."""
    step: bool = False
    """A ledger step may set it (undo and redo put it back)."""
    read: bool = True
    """False: written for the saves list, never read back (``creatures``)."""


ENCOUNTER_FIELDS: tuple[HeadField, ...] = (
    HeadField("name", str, MISSING, "the encounter's name, also what the saves list shows",
              step=True),
    HeadField("system", str, MISSING, "the rule system: " + ", ".join(SYSTEM_IDS)),
    HeadField("round", int, MISSING, "the round, from 1", (1, MAX_INT), step=True),
    HeadField("turn", int, 0, "index into the initiative order, from 0; inside the roster",
              (0, MAX_INT), step=True),
    HeadField("next_id", int, 1, 'the number of the id the next creature gets ("c3")',
              (1, MAX_INT), step=True),
    HeadField("creatures", int, 0, "how many creatures, for the saves list; not read back",
              read=False),
    HeadField("fear", int, 0, "daggerheart: the GM's Fear", (0, MAX_FEAR), "empty", step=True),
    HeadField("strikes", dict, {}, "attacks made this turn, by creature id (the multiple attack "
              "penalty)", STRIKES, "empty"),
    HeadField("party_level", int, 0, "the GM's party level where no PC has a level",
              (0, MAX_PARTY_LEVEL), "empty", step=True),
)

FIELD_BY_NAME: dict[str, HeadField] = {f.name: f for f in ENCOUNTER_FIELDS}

#: The encounter fields a ledger step may set, besides its settings.
STEP_FIELDS: tuple[str, ...] = tuple(f.name for f in ENCOUNTER_FIELDS if f.step)


def head_data(values: Mapping[str, Any]) -> dict[str, Any]:
    """The ``[encounter]`` table a save writes, from each field's value (empty ones left out)."""
    return {f.name: values[f.name] for f in ENCOUNTER_FIELDS
            if f.left_out == "never" or values[f.name]}


def read_head(head: Any, where: str = "encounter") -> dict[str, Any]:
    """Every field a save's ``[encounter]`` table holds, checked (kind, bounds, the system known),
    defaults filled in; Invalid naming the first bad field, in the one wording of every refusal.
    The checks that need the roster (``turn`` inside it, ``strikes`` naming its creatures) are the
    reader's, once the roster is read."""
    values: dict[str, Any] = {}
    for f in ENCOUNTER_FIELDS:
        if not f.read:
            continue
        value = read(head, f.name, f.kind, where, f.default)
        values[f.name] = check_value(f, value, f"{where}.{f.name}")
    values["name"] = without_controls(values["name"])
    return values


def check_against_roster(head: Mapping[str, Any], ids: Iterable[str],
                         where: str = "encounter") -> None:
    """The fields that name the roster, once it is read: ``turn`` one of its places, each of
    ``strikes`` one of its creatures; Invalid naming the field otherwise."""
    ids = list(ids)
    turn = head.get("turn", 0)
    if ids and not 0 <= turn < len(ids):
        raise must_be(f"{where}.turn", tr("from 0 to {last} (a place in the roster)",
                                          last=len(ids) - 1), turn)
    for cid in head.get("strikes", {}):
        if cid not in ids:
            raise Invalid(f"{where}.strikes.{cid}", tr("names no creature in the roster"))


def check_value(f: HeadField, value: Any, at: str) -> Any:
    """``value`` (already of the field's kind) within the field's bounds, or Invalid."""
    if f.name == "system" and value not in SYSTEM_IDS:
        raise must_be(at, tr("one of {known}", known=", ".join(SYSTEM_IDS)), value)
    if f.name == "strikes":
        for cid, count in value.items():
            whole(count, f"{at}.{cid}", *STRIKES)
    elif f.bounds is not None:
        whole(value, at, *f.bounds)
    return value


def check_step_field(key: str, value: Any, at: str) -> bool:
    """Whether ``key`` is an encounter field a ledger step may set; Invalid when its value is
    not one the field may hold."""
    f = FIELD_BY_NAME.get(key)
    if f is None or not f.step:
        return False
    if not is_kind(value, f.kind):
        raise must_be(at, kind_words(f.kind), value)
    check_value(f, value, at)
    return True


def markdown_table(fields: Iterable[HeadField] = ENCOUNTER_FIELDS) -> str:
    """saves/FORMAT.md's table of the ``[encounter]`` fields, made from the table above."""
    rows = ["| field | kind | bounds | what | default | left out when | an undo step sets it |",
            "|---|---|---|---|---|---|---|"]
    for f in fields:
        if f.bounds is None:
            bounds = "—"
        else:
            low, high = f.bounds
            bounds = f"{low} to {'2⁶³−1' if high == MAX_INT else high}"
        default = "required" if f.default is MISSING else f"`{f.default!r}`".replace("'", '"')
        left_out = "never" if f.left_out == "never" else ("0" if f.kind is int else "empty")
        rows.append(f"| `{f.name}` | {KIND_NAMES[f.kind]} | {bounds} | {f.doc} | {default} | "
                    f"{left_out} | {'yes' if f.step else 'no'} |")
    return "\n".join(rows) + "\n"
