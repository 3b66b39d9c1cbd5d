"""The creature record's fields, each declared once: what the writer, the reader and every check derive.

:data:`CREATURE_FIELDS` lists every field a ``[[creatures]]`` table of a save may hold, in the
order a save writes them: its kind, its default, its bounds (by system where they differ), the
systems whose creatures have it, whether the GM sets it (``identity``: the rules never change
it) and how an edit makes it (``printed``). From it come ``Creature.to_state`` and
``from_state`` (:func:`state_of`, :func:`fill`), the checks of every way in and of every load
(core.creature.schema, saves/validate.py), the edit's conversions (``PRINTED``) and saves/FORMAT.md's
table of fields (:func:`markdown_table`; a test refuses a stale one, ``make format-table`` writes it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from core.creature import checks
from core.creature.checks import (
    MAX_CONDITION,
    MAX_HOPE,
    MAX_INITIATIVE,
    MAX_MODIFIER,
    MAX_SLOTS,
    MAX_TRACK,
    FieldCheck,
)
from core.creature.refusal import MAX_INT, MISSING, read
from core.creature.values import (
    Attack,
    PersistentDamage,
    TemporaryImmunity,
    as_attacks,
    printed_numbers,
)
from core.creature.values import texts as _texts
from core.text.plain_text import without_controls

PF2 = frozenset({"pf2e", "sf2e", "vitality-wounds"})
VW = frozenset({"vitality-wounds"})
DH = frozenset({"daggerheart"})
D20 = frozenset({"d20-3e"})
_COUNT = (0, MAX_INT)           # counters the rules add to (subdual, dying): never below 0
_TRACK = (0, MAX_TRACK)
_SLOTS = (0, MAX_SLOTS)


class Field(NamedTuple):
    """One field of the creature record as a save holds it."""

    name: str
    kind: type | tuple[type, ...]
    """What the save holds: int, str, bool, list or dict."""
    default: Any
    """The value when absent; an int field whose default is None is left out only when None."""
    doc: str
    """What it is, for saves/FORMAT.md."""
    bounds: tuple[int, int] | None = None
    by_system: Mapping[str, tuple[int, int]] = MappingProxyType({})
    """Where a system's bounds differ."""
    systems: frozenset[str] | None = None
    """The systems whose creatures have it; None: every system."""
    identity: bool = False
    """What the GM sets, never the rules (a commit of the rules leaves it)."""
    printed: Callable[[Any], Any] | None = None
    """How an edit (``Encounter.update``) makes the value it is given."""
    check: FieldCheck | None = None
    """The check beyond kind and bounds."""
    always: bool = False
    """Written even when empty."""
    dump: Callable[[Any], Any] | None = None
    """The value as a save holds it (None: as it is)."""
    load: Callable[[Any, str], Any] | None = None
    """The value from what a save holds, already of ``kind`` (None: as it is)."""
    on_creature: bool = True
    """False: the roster's (``id``, ``initiative``…), not an attribute of Creature."""

    def skipped(self, value: Any) -> bool:
        """Whether a save leaves the value out (an unset or empty one)."""
        if self.always:
            return False
        return value is None if self.default is None else not value

    def bounds_in(self, system: str) -> tuple[int, int] | None:
        """The field's bounds in a system."""
        return self.by_system.get(system, self.bounds)


def _sorted(value: Iterable[str]) -> list[str]:
    return sorted(value)


def _each(make: Callable[[Any, str], Any]) -> Callable[[Any, str], list[Any]]:
    def load(value: list[Any], where: str) -> list[Any]:
        return [make(item, f"{where}[{i}]") for i, item in enumerate(value)]
    return load


def _table_of(wanted: type | tuple[type, ...]) -> Callable[[Any, str], dict[str, Any]]:
    def load(value: dict[str, Any], where: str) -> dict[str, Any]:
        for name in value:
            read(value, name, wanted, where)
        return dict(value)
    return load


def _text(value: str, where: str) -> str:
    return without_controls(value)


def _traits(value: list[Any], where: str) -> frozenset[str]:
    return frozenset(without_controls(t) for t in _texts(value, where)) or frozenset({"living"})


def _int(name: str, doc: str, bounds: tuple[int, int], systems: frozenset[str] | None,
         default: int | None = 0, **more: Any) -> Field:
    return Field(name, int, default, doc, bounds, systems=systems, **more)


def _printed_word(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


def _printed_text(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


#: Every field of a creature's record, in the order a save writes them.
CREATURE_FIELDS: tuple[Field, ...] = (
    Field("id", str, MISSING, "the creature's id, unique in the encounter (`c2`)", always=True,
          on_creature=False),
    Field("name", str, "", "the name, unique in the encounter", identity=True, always=True,
          check=checks.name, load=_text),
    Field("pc", bool, False, "a player character", identity=True, always=True),
    Field("traits", list, [], "traits (`undead`, `construct` …; `living` when none)", identity=True,
          always=True, check=lambda v, s, w: checks.texts(v, w), dump=_sorted, load=_traits),
    Field("defenses", str, "", "the defense line as typed in the add form", identity=True,
          always=True, check=checks.defenses, load=_text),
    _int("hp", "current HP (d20 3.0: may go below 0)", _TRACK, PF2 | D20, None,
         by_system={"d20-3e": (-MAX_INT - 1, MAX_TRACK)}),
    _int("max_hp", "maximum HP (Daggerheart: HP slots)", _TRACK, PF2 | D20 | DH, None,
         by_system={"daggerheart": _SLOTS}),
    _int("temp_hp", "temporary HP", _TRACK, PF2 | D20),
    _int("vitality", "current Vitality", _TRACK, VW, None),
    _int("max_vitality", "maximum Vitality", _TRACK, VW, None),
    _int("wounds", "current Wounds", _TRACK, VW, None),
    _int("max_wounds", "maximum Wounds", _TRACK, VW, None),
    _int("hp_marked", "HP slots marked", _SLOTS, DH),
    _int("armor", "Armor slots", _SLOTS, DH),
    _int("armor_marked", "Armor slots marked", _SLOTS, DH),
    _int("stress", "Stress slots", _SLOTS, DH),
    _int("stress_marked", "Stress slots marked", _SLOTS, DH),
    _int("major", "the Major threshold", _TRACK, DH, None),
    _int("severe", "the Severe threshold", _TRACK, DH, None),
    _int("subdual", "subdual (nonlethal) damage", _COUNT, D20),
    _int("dying", "the dying value", _COUNT, PF2),
    _int("wounded", "the wounded value", _COUNT, PF2),
    _int("hope", "a Daggerheart PC's Hope", (0, MAX_HOPE), DH),
    Field("conditions", list, [], "every condition's name, the rules' statuses and the GM's own",
          always=True, check=lambda v, s, w: checks.texts(v, w), dump=_sorted,
          load=lambda v, w: set(_texts(v, w))),
    Field("persistent", list, [], "persistent damage, one line each (see below)", always=True,
          check=checks.persistent, dump=lambda v: [p.to_state() for p in v],
          load=_each(PersistentDamage.from_state)),
    Field("temp_immunities", list, [], "temporary immunities, one line each (see below)", always=True,
          check=checks.immunities, dump=lambda v: [t.to_state() for t in v],
          load=_each(TemporaryImmunity.from_state)),
    _int("init_mod", "the initiative modifier", (-MAX_MODIFIER, MAX_MODIFIER), None, identity=True),
    Field("condition_values", dict, {}, "the value of each valued condition (`frightened = 2`)",
          bounds=(0, MAX_CONDITION), check=checks.condition_values, dump=dict, load=_table_of(int)),
    Field("condition_durations", dict, {}, "turns left, or `end-of-next-turn` …",
          bounds=(0, MAX_CONDITION), check=checks.durations, dump=dict, load=_table_of((int, str))),
    Field("recovery_check", str, "", "`pending`, or the last dying check in words"),
    Field("statblock", str, "", "the stat block as pasted, kept whole", identity=True,
          check=checks.statblock, load=lambda v, w: without_controls(v, lines=True)),
    Field("attacks", list, [], "attacks as printed (see below)", identity=True, printed=as_attacks,
          check=checks.attacks, dump=lambda v: [Attack.of(a).to_state() for a in v],
          load=_each(Attack.from_state)),
    Field("hidden", bool, False, "left out of the players' view", identity=True),
    Field("numbers", dict, {}, "the printed numbers: AC, saves … (see below)", identity=True,
          printed=printed_numbers, check=checks.numbers, dump=dict, load=_table_of(int)),
    Field("horde", str, "", "a Daggerheart Horde's damage once half its HP is marked", identity=True,
          printed=lambda value: value),
    Field("role", str, "", "a Daggerheart adversary's type", identity=True, printed=_printed_word,
          check=checks.rank("check_role")),
    Field("cr", str, "", "a d20 3.0 Challenge Rating as printed (`1/2`)", identity=True,
          printed=_printed_text, check=checks.rank("check_cr")),
    _int("initiative", "the initiative", (-MAX_INITIATIVE, MAX_INITIATIVE), None, 0, always=True,
         on_creature=False),
    _int("seq", "tie-break: the order creatures were added (absent: its place)", _COUNT, None, 0,
         always=True, on_creature=False),
    _int("tie", "place among equal initiatives", _COUNT, None, on_creature=False),
)
BY_NAME: dict[str, Field] = {f.name: f for f in CREATURE_FIELDS}
#: The fields of Creature, in save order.
STATE_FIELDS = tuple(f for f in CREATURE_FIELDS if f.on_creature)
#: What the GM sets and the rules never change.
IDENTITY_FIELDS = tuple(f.name for f in STATE_FIELDS if f.identity)
#: The printed fields an edit sets (``Encounter.update``): each value made as the field holds it.
PRINTED: dict[str, Callable[[Any], Any]] = {f.name: f.printed for f in STATE_FIELDS if f.printed}


def numbers(fields: Iterable[Field] = CREATURE_FIELDS) -> dict[str, tuple[int, int]]:
    """Each whole-number field and its bounds."""
    return {f.name: f.bounds for f in fields if f.kind is int and f.bounds is not None}


def state_of(creature: object, fields: Iterable[Field] = STATE_FIELDS) -> dict[str, Any]:
    """A creature's TOML-ready data, field by field (an unset or empty one left out)."""
    out: dict[str, Any] = {}
    for f in fields:
        value = getattr(creature, f.name)
        if not f.skipped(value):
            out[f.name] = f.dump(value) if f.dump is not None else value
    return out


def fill(creature: object, data: Mapping[str, Any], where: str,
         fields: Iterable[Field] = STATE_FIELDS) -> None:
    """Set each field of ``creature`` from a save's data; Invalid names the first bad one."""
    for f in fields:
        value = read(data, f.name, f.kind, where, f.default)
        setattr(creature, f.name, f.load(value, f"{where}.{f.name}") if f.load is not None else value)


def _bounds_words(f: Field) -> str:
    words = []
    if f.bounds is not None and f.bounds != (-MAX_INT - 1, MAX_INT):
        low, high = f.bounds
        words.append(f"{_n(low)} or more (64 bits)" if high == MAX_INT else f"{_n(low)} to {_n(high)}")
    words += [f"{system}: {_n(low)} to {_n(high)}" if low > -MAX_INT - 1 else f"{system}: up to {_n(high)}"
              for system, (low, high) in sorted(f.by_system.items())]
    return "; ".join(words)


def _n(value: int) -> str:
    return f"{value:,}".replace("-", "−")


#: The kinds as saves/FORMAT.md names them (in English, as the file is): both field tables.
KIND_NAMES = {int: "whole number", str: "text", bool: "true/false", list: "list", dict: "table"}


def markdown_table(fields: Iterable[Field] = CREATURE_FIELDS) -> str:
    """saves/FORMAT.md's table of a creature's fields, made from the table above."""
    rows = ["| field | kind | bounds | systems | what | left out when |",
            "|---|---|---|---|---|---|"]
    for f in fields:
        kinds = f.kind if isinstance(f.kind, tuple) else (f.kind,)
        kind = " or ".join(KIND_NAMES[k] for k in kinds)
        systems = ", ".join(sorted(f.systems)) if f.systems else "all"
        if f.always:
            left_out = "never"
        elif f.default is None:
            left_out = "unset"
        else:
            left_out = "empty" if f.kind in (list, dict, str) else "0" if f.kind is int else "false"
        rows.append(f"| `{f.name}` | {kind} | {_bounds_words(f)} | {systems} | {f.doc} | {left_out} |")
    return "\n".join(rows) + "\n"
