"""The rules core's values: creatures, persistent conditions, rolls and outcomes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, NamedTuple

from core.creature.fields import IDENTITY_FIELDS as IDENTITY_FIELDS
from core.creature.fields import PRINTED as PRINTED
from core.creature.fields import STATE_FIELDS, fill, state_of
from core.creature.refusal import Invalid, read
from core.creature.values import Attack as Attack
from core.creature.values import PersistentDamage as PersistentDamage
from core.creature.values import TemporaryImmunity as TemporaryImmunity
from core.creature.values import as_attack as as_attack
from core.creature.values import as_attacks as as_attacks
from core.creature.values import printed_numbers as printed_numbers
from core.notation import Damage, DamagePart
from core.text.i18n import joined, tr
from core.text.plain_text import without_controls

#: Whole-number fields of a creature written with its track, in save order (core.creature.fields).
INT_FIELDS = tuple(f.name for f in STATE_FIELDS if f.kind is int and f.name != "init_mod")
#: Those left out of a save only when unset (None), not when 0.
OPTIONAL_INT = frozenset(f.name for f in STATE_FIELDS if f.kind is int and f.default is None)


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
    hidden: bool = False                # the players' view leaves it out (ambushers)
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
        """TOML-ready data (no None values), field by field as core.creature.fields declares them."""
        return state_of(self)

    @classmethod
    def from_state(cls, data: Mapping[str, Any], where: str = "creature") -> Creature:
        """Rebuild from :meth:`to_state` data; Invalid names a bad field (and the creature)."""
        name = without_controls(read(data, "name", str, where))
        c = cls(name=name)
        try:
            fill(c, data, where)
        except Invalid as exc:
            exc.creature = exc.creature or name
            raise
        return c


# Derived from the dataclass, so a new field is cloned and committed without a second list.
FIELD_NAMES = tuple(f.name for f in fields(Creature))
CONTAINER_FIELDS = tuple(f.name for f in fields(Creature) if f.default_factory is not MISSING)
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
    kept_dice: tuple[int, ...] = ()   # dice rolled for a critical: the roll keeps them

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
