"""The rules core's values: creatures, persistent conditions, rolls and outcomes."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, NamedTuple

from core.dice.expression import parse as parse_dice
from core.notation import Damage, DamagePart
from core.text.errors import StateError
from core.text.i18n import joined, said_as, tr
from core.text.plain_text import without_controls


@dataclass(frozen=True, slots=True)
class PersistentDamage:
    """A persistent damage condition on a creature (``1d6 bleed``, doubled: factor 2)."""

    formula: str
    type: str
    factor: float = 1.0
    rounds_left: int | None = None
    last_check: str | None = None
    pending_check: bool = False
    timing: str = "end"

    @property
    def average(self) -> float:
        """Expected damage per tick, factor included (compares conditions of one type)."""
        return parse_dice(self.formula.split()[0]).average * self.factor

    @property
    def label(self) -> str:
        """The condition as a GM reads it: ``1d6 bleed ×2``."""
        factor = "" if self.factor == 1 else (" ×2" if self.factor == 2 else f" ×{self.factor:g}")
        amount, *words = self.formula.split() or [""]
        kind = words.pop(0) if words else ""   # in Japanese the seed's words, 1d6［火炎］, when read
        return said_as("damage-label", f"{self.formula}{factor}", amount, False, kind, words, factor)

    def to_state(self) -> str:
        """One readable line: ``1d6 bleed | factor 2 | end | rounds 7 | last 12 failed | pending``."""
        fields = [self.formula, f"factor {self.factor:g}", self.timing]
        if self.rounds_left is not None:
            fields.append(f"rounds {self.rounds_left}")
        if self.last_check is not None:
            fields.append(f"last {self.last_check}")
        if self.pending_check:
            fields.append("pending")
        return " | ".join(fields)

    @classmethod
    def from_state(cls, data: Any, where: str) -> PersistentDamage:
        """Rebuild from :meth:`to_state`'s line; StateError names a bad field."""
        if not isinstance(data, str) or not data.strip():
            raise StateError(where, "expected a line like '1d6 bleed | factor 1 | end'")
        formula, *fields = [f.strip() for f in data.split("|")]
        words = formula.split()
        if len(words) < 2:
            raise StateError(where, f"{formula!r} needs an amount and a type, e.g. '1d6 bleed'")
        try:
            parse_dice(words[0])
        except ValueError as exc:
            raise StateError(where, f"bad amount {words[0]!r}: {exc}") from None
        values: dict[str, Any] = {"factor": 1.0, "timing": "end", "rounds_left": None,
                                  "last_check": None, "pending_check": False}
        for item in fields:
            key, _, rest = item.partition(" ")
            try:
                if key == "factor":
                    values["factor"] = float(rest)
                elif key in ("end", "start"):
                    values["timing"] = key
                elif key == "rounds":
                    values["rounds_left"] = int(rest)
                elif key == "last":
                    values["last_check"] = rest
                elif key == "pending":
                    values["pending_check"] = True
                else:
                    raise ValueError(f"unknown field {item!r}")
            except ValueError as exc:
                raise StateError(where, f"{exc}; fields are factor N, start|end, rounds N, "
                                 "last TEXT, pending") from None
        return cls(formula, words[1], **values)


@dataclass(frozen=True, slots=True)
class TemporaryImmunity:
    """Immunity to an effect until the start of round ``until_round``."""

    effect: str
    until_round: int

    def to_state(self) -> str:
        """One readable line: ``blindness | until round 4``."""
        return f"{self.effect} | until round {self.until_round}"

    @classmethod
    def from_state(cls, data: Any, where: str) -> TemporaryImmunity:
        """Rebuild from :meth:`to_state`'s line."""
        effect, _, rest = (data if isinstance(data, str) else "").partition("|")
        words = rest.split()
        if not effect.strip() or len(words) != 3 or words[:2] != ["until", "round"] or not words[2].isdecimal():
            raise StateError(where, "expected a line like 'blindness | until round 4'")
        return cls(effect.strip(), int(words[2]))


class Attack(NamedTuple):
    """One attack of a creature as its block printed it (RULES §8): ``dagger +8 (agile)``."""

    label: str
    damage: str                     # notation, as printed (``1d4+2 piercing``)
    bonus: int | None = None        # the attack roll's bonus; None: not printed
    traits: tuple[str, ...] = ()    # ``agile``, ``finesse``, ``ranged`` …
    note: str = ""                  # what follows, not automated (``plus Grab``)
    threat: int | None = None       # d20-3e: the threat range's low end (``/18-20``: 18); None: 20
    multiplier: int | None = None   # d20-3e: the critical multiplier printed (``/×3``); None: ×2

    @property
    def ranged(self) -> bool:
        """A ranged attack (``Ranged`` in a PF2 block, or the ``ranged`` trait)."""
        return "ranged" in self.traits

    @classmethod
    def of(cls, value: Attack | tuple[Any, ...]) -> Attack:
        """An Attack from itself or a (label, damage[, bonus, traits, note]) tuple."""
        return value if isinstance(value, Attack) else cls(*value)

    def to_state(self) -> dict[str, Any]:
        """TOML-ready table: label and damage, then what was printed."""
        out: dict[str, Any] = {"label": self.label, "damage": self.damage}
        if self.bonus is not None:
            out["bonus"] = self.bonus
        if self.traits:
            out["traits"] = list(self.traits)
        if self.note:
            out["note"] = self.note
        for key in ("threat", "multiplier"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out

    @classmethod
    def from_state(cls, data: Any, where: str) -> Attack:
        """Rebuild from :meth:`to_state`'s table; StateError names a bad field."""
        return cls(without_controls(_get(data, "label", str, where)),
                   without_controls(_get(data, "damage", str, where)),
                   _get(data, "bonus", int, where, None),
                   tuple(without_controls(t) for t in _str_list(data, "traits", where)),
                   without_controls(_get(data, "note", str, where, "")),
                   _get(data, "threat", int, where, None), _get(data, "multiplier", int, where, None))


def as_attack(value: Any) -> Attack:
    """An Attack from itself or a (label, damage[, bonus, traits, note]) tuple; ValueError
    otherwise (its fields are checked with the creature, core.creature.schema)."""
    try:
        attack = Attack.of(value)
    except TypeError:
        raise ValueError(f"an attack is (label, damage[, bonus, traits]), not {value!r}"[:200]) from None
    traits = attack.traits
    words = traits.replace(",", " ").split() if isinstance(traits, str) else traits
    return attack._replace(traits=tuple(words))


def printed_numbers(numbers: Any) -> dict[str, int]:
    """A creature's numbers as given; ValueError unless a mapping (its keys and values are
    checked with the creature, core.creature.schema)."""
    if numbers is None:
        return {}
    if not isinstance(numbers, Mapping):
        raise ValueError(f"numbers must be a dict such as {{'ac': 17}}, not {numbers!r}"[:200])
    return dict(numbers)


def as_attacks(values: Any) -> list[Attack]:
    """Attacks from Attack or (label, damage[, bonus, traits, note]) items; ValueError otherwise."""
    if isinstance(values, (str, Mapping)) or not hasattr(values, "__iter__"):
        raise ValueError(f"attacks are a list of (label, damage[, bonus, traits]), not {values!r}"[:200])
    return [as_attack(a) for a in values]


#: The printed fields an edit sets (``Encounter.update``): each value made as the field holds it.
PRINTED: dict[str, Callable[[Any], Any]] = {"numbers": printed_numbers, "attacks": as_attacks,
                                            "horde": lambda value: value,
                                            "role": lambda value: value.strip().lower()
                                            if isinstance(value, str) else value,
                                            "cr": lambda value: value.strip()
                                            if isinstance(value, str) else value}

_MISSING = object()


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str,
         default: Any = _MISSING) -> Any:
    if not isinstance(data, Mapping):
        raise StateError(where, "expected a table")
    if key not in data:
        if default is _MISSING:
            raise StateError(f"{where}.{key}", "missing")
        return default
    value = data[key]
    if isinstance(value, bool) and kind is not bool and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise StateError(f"{where}.{key}", f"expected {_kind_name(kind)}, found {value!r}")
    if not isinstance(value, kind):
        raise StateError(f"{where}.{key}", f"expected {_kind_name(kind)}, found {value!r}")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {int: "a whole number", float: "a number", str: "text", bool: "true or false",
             list: "a list", dict: "a table"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


# Fields of a creature, in save order; None-able ints are omitted from saves when unset.
INT_FIELDS = ("hp", "max_hp", "temp_hp", "vitality", "max_vitality", "wounds", "max_wounds",
              "hp_marked", "armor", "armor_marked", "stress", "stress_marked", "major", "severe",
              "subdual", "dying", "wounded", "hope")
OPTIONAL_INT = frozenset({"hp", "max_hp", "vitality", "max_vitality", "wounds", "max_wounds",
                          "major", "severe"})


@dataclass(slots=True)
class Creature:
    """One combatant and its whole state: track, defenses, conditions."""

    name: str
    pc: bool = False
    traits: frozenset[str] = frozenset({"living"})
    defenses: str = ""
    hp: int | None = None
    max_hp: int | None = None
    temp_hp: int = 0
    vitality: int | None = None
    max_vitality: int | None = None
    wounds: int | None = None
    max_wounds: int | None = None
    hp_marked: int = 0
    armor: int = 0
    armor_marked: int = 0
    stress: int = 0
    stress_marked: int = 0
    major: int | None = None
    severe: int | None = None
    subdual: int = 0
    dying: int = 0
    wounded: int = 0
    conditions: set[str] = field(default_factory=set)
    persistent: list[PersistentDamage] = field(default_factory=list)
    temp_immunities: list[TemporaryImmunity] = field(default_factory=list)
    # Turns, initiative, dying and conditions (RULES §7)
    init_mod: int = 0                                   # initiative modifier
    condition_values: dict[str, int] = field(default_factory=dict)       # frightened -> 2
    condition_durations: dict[str, int | str] = field(default_factory=dict)  # see core.creature.conditions
    recovery_check: str = ""                            # "pending" or the last dying check, in words
    statblock: str = ""                 # the stat block as pasted (RULES §8), kept whole
    attacks: list[Attack] = field(default_factory=list)   # as the block printed them
    hidden: bool = False                # issue 20: the players' view leaves it out (ambushers)
    numbers: dict[str, int] = field(default_factory=dict)  # AC, saves… as printed or typed (§8)
    hope: int = 0                       # a Daggerheart PC's Hope, 0..6
    horde: str = ""                     # Daggerheart Horde (X): its damage once half HP is marked
    role: str = ""                      # Daggerheart adversary type (``standard``, ``solo`` …)
    cr: str = ""                        # d20 Challenge Rating as printed (``3``, ``1/2``)

    def clone(self) -> Creature:
        """An independent copy: every field of the dataclass, its containers copied."""
        new = object.__new__(Creature)  # every field is set here: no __init__ defaults to run
        for name in FIELD_NAMES:
            setattr(new, name, getattr(self, name))
        for name in CONTAINER_FIELDS:
            setattr(new, name, getattr(self, name).copy())
        return new

    @property
    def kind(self) -> str:
        """``undead``, ``construct``, ``bloodless`` or ``living``."""
        for kind in ("undead", "construct", "bloodless"):
            if kind in self.traits:
                return kind
        return "living"

    def to_state(self) -> dict[str, Any]:
        """TOML-ready data (no None values)."""
        out: dict[str, Any] = {"name": self.name, "pc": self.pc,
                               "traits": sorted(self.traits), "defenses": self.defenses}
        for name in INT_FIELDS:
            value = getattr(self, name)
            if value is not None and (name in OPTIONAL_INT or value):
                out[name] = value
        out["conditions"] = sorted(self.conditions)
        out["persistent"] = [p.to_state() for p in self.persistent]
        out["temp_immunities"] = [t.to_state() for t in self.temp_immunities]
        # RULES §7 fields, left out when unset so older files and small saves stay alike
        if self.init_mod:
            out["init_mod"] = self.init_mod
        if self.condition_values:
            out["condition_values"] = dict(self.condition_values)
        if self.condition_durations:
            out["condition_durations"] = dict(self.condition_durations)
        if self.recovery_check:
            out["recovery_check"] = self.recovery_check
        if self.statblock:
            out["statblock"] = self.statblock
        if self.attacks:
            out["attacks"] = [Attack.of(a).to_state() for a in self.attacks]
        if self.hidden:
            out["hidden"] = True
        if self.numbers:
            out["numbers"] = dict(self.numbers)
        if self.horde:
            out["horde"] = self.horde
        if self.role:
            out["role"] = self.role
        if self.cr:
            out["cr"] = self.cr
        return out

    @classmethod
    def from_state(cls, data: Mapping[str, Any], where: str = "creature") -> Creature:
        """Rebuild from :meth:`to_state` data; StateError names a bad field."""
        c = cls(name=without_controls(_get(data, "name", str, where)))
        c.pc = _get(data, "pc", bool, where, False)
        c.traits = frozenset(without_controls(t) for t in _str_list(data, "traits", where)) \
            or frozenset({"living"})
        c.defenses = without_controls(_get(data, "defenses", str, where, ""))
        for name in INT_FIELDS:
            default = None if name in OPTIONAL_INT else 0
            setattr(c, name, _get(data, name, int, where, default))
        c.conditions = set(_str_list(data, "conditions", where))
        c.persistent = [PersistentDamage.from_state(p, f"{where}.persistent[{i}]")
                        for i, p in enumerate(_get(data, "persistent", list, where, []))]
        c.temp_immunities = [TemporaryImmunity.from_state(t, f"{where}.temp_immunities[{i}]")
                             for i, t in enumerate(_get(data, "temp_immunities", list, where, []))]
        # RULES §7 fields (absent in older files)
        c.init_mod = _get(data, "init_mod", int, where, 0)
        c.recovery_check = _get(data, "recovery_check", str, where, "")
        c.condition_values = _table(data, "condition_values", int, where)
        c.condition_durations = _table(data, "condition_durations", (int, str), where)
        c.statblock = without_controls(_get(data, "statblock", str, where, ""), lines=True)
        c.attacks = [Attack.from_state(a, f"{where}.attacks[{i}]")
                     for i, a in enumerate(_get(data, "attacks", list, where, []))]
        c.hidden = _get(data, "hidden", bool, where, False)
        c.numbers = _table(data, "numbers", int, where)
        c.horde = _get(data, "horde", str, where, "")
        c.role = _get(data, "role", str, where, "")
        c.cr = _get(data, "cr", str, where, "")
        return c


# Derived from the dataclass, so a new field is cloned and committed without a second list.
FIELD_NAMES = tuple(f.name for f in fields(Creature))
CONTAINER_FIELDS = tuple(f.name for f in fields(Creature) if f.default_factory is not MISSING)
IDENTITY_FIELDS = ("name", "pc", "traits", "defenses", "init_mod", "statblock", "attacks", "hidden",
                   "numbers", "horde", "role", "cr")


def _str_list(data: Mapping[str, Any], key: str, where: str) -> list[str]:
    value = _get(data, key, list, where, [])
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise StateError(f"{where}.{key}[{i}]", f"expected text, found {item!r}")
    return list(value)


def _table(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> dict[str, Any]:
    value = _get(data, key, dict, where, {})
    for name in value:
        _get(value, name, kind, f"{where}.{key}")
    return dict(value)


# Fields commit may set (everything but identity).
TRACK_FIELDS = tuple(f.name for f in fields(Creature) if f.name not in IDENTITY_FIELDS)


class RolledPart(NamedTuple):
    """A damage part as rolled once for every target: its normal and critical values.

    A named tuple rather than a frozen dataclass: as immutable, and made several times
    per application, where a frozen dataclass's ``__init__`` is several times slower.
    """

    part: DamagePart
    value: int
    faces: tuple[int, ...] = ()
    crit_value: int | None = None
    crit_faces: tuple[int, ...] = ()
    kept_dice: tuple[int, ...] = ()   # dice rolled for a critical: the roll keeps them (issue 7)

    @property
    def dice_count(self) -> int:
        """Dice in the part as written (before doubling)."""
        return self.part.amount.dice_count if self.part.amount is not None else 0

    def describe(self, critical: bool = False) -> str:
        """``2d6 fire (3, 4) = 7``."""
        amount = self.part.amount
        if amount is None:
            return self.part.label
        if self.part.persistent:
            return tr("{part} (a condition, rolled at each tick)", part=self.part.label)
        if critical and self.crit_value is not None and amount.rolled is not None \
                and self.crit_faces:
            # rolled at the table (RULES §1): the GM's total, then the dice the app rolled
            again = ", ".join(map(str, self.crit_faces))
            return tr("{part} rolled at the table + the app's roll ({dice}) {added} = {total}",
                      part=self.part.label, dice=again, added=self.crit_value - self.value,
                      total=self.crit_value)
        value = self.crit_value if critical and self.crit_value is not None else self.value
        faces = self.crit_faces if critical and self.crit_value is not None else self.faces
        shown = f" ({', '.join(map(str, faces))})" if faces else ""
        return joined("", [self.part.label, f"{shown} = {value}"])   # the label said when read


@dataclass(frozen=True, slots=True)
class Roll:
    """Damage rolled once, shared by every target of an application."""

    damage: tuple[Damage, ...]
    hits: tuple[tuple[RolledPart, ...], ...]
    critical: int = 0          # 0 = not a critical; else the multiplier (2 = double)

    @property
    def text(self) -> str:
        """Every rolled part in words."""
        return "; ".join(", ".join(p.describe(bool(self.critical)) for p in hit) for hit in self.hits)

    @property
    def total(self) -> int:
        """The sum of the rolled parts that deal damage now (before any rule)."""
        crit = bool(self.critical)
        return sum(
            (p.crit_value if crit and p.crit_value is not None else p.value)
            for hit in self.hits for p in hit if not p.part.persistent and p.part.amount is not None
            and (crit or not p.part.on_crit)
        )


# RULES §5: the kinds of breakdown step, in the order the rules apply them.
STEP_KINDS = ("roll", "floor", "merge", "scale", "immunity", "weakness", "vulnerability",
              "resistance", "total", "threshold", "armor", "track", "note")
_KNOWN_KINDS = frozenset(STEP_KINDS)


class Step(NamedTuple):
    """One line of a breakdown: what kind of rule it is (``STEP_KINDS``) and its words; a track
    line says which track it is ``about`` (``vitality``), so calc can leave out a stand-in's."""

    kind: str
    text: str
    about: str = ""


class Breakdown:
    """The steps of one resolution as they are taken, each a :class:`Step`."""

    __slots__ = ("records",)

    def __init__(self) -> None:
        self.records: list[Step] = []

    def add(self, kind: str, text: str, about: str = "") -> None:
        """Record one step of ``kind`` (one of ``STEP_KINDS``), ``about`` a track if it is one."""
        if kind not in _KNOWN_KINDS:
            raise ValueError(f"unknown breakdown step kind {kind!r}; known: {', '.join(STEP_KINDS)}")
        self.records.append(Step(kind, text, about))

    def add_before(self, before: str, kind: str, texts: Iterable[str]) -> None:
        """Record steps of ``kind`` just before the first step of kind ``before`` (last without one)."""
        at = next((i for i, step in enumerate(self.records) if step.kind == before),
                  len(self.records))
        for text in texts:
            self.add(kind, text)
            self.records.insert(at, self.records.pop())
            at += 1

    def lines(self) -> tuple[str, ...]:
        """Every step as text."""
        return tuple(step.text for step in self.records)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The resolved effect of one application on one creature, and the steps that led there."""

    target: str
    total: int
    records: tuple[Step, ...]
    changes: Mapping[str, Any] = field(default_factory=dict)
    hp_marked: int = 0
    wounds: int = 0
    summary: str = ""
    dealt: str = ""
    """What the damage dealt, in a few words, where the total alone does not say it
    (Daggerheart: ``9 Major``); "" = the total."""
    minions: int = 0
    """Daggerheart Minion (X): how many more Minions this hit defeats (the GM picks them)."""

    @property
    def steps(self) -> tuple[str, ...]:
        """The breakdown in words, in the order applied (DESIGN.md's ``out.steps``)."""
        return tuple(step.text for step in self.records)

    def __str__(self) -> str:
        return "\n".join(self.steps)
