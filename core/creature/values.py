"""A creature's values kept whole inside it: persistent damage, temporary immunities, attacks.

Each is one readable line or table in a save (``to_state``) and is rebuilt by ``from_state``,
refusing in the one wording of core.creature.refusal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from core.creature.refusal import Invalid, kind_words, must_be, read
from core.dice.expression import parse as parse_dice
from core.text.i18n import said_as, tr
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
        """Rebuild from :meth:`to_state`'s line; Invalid names a bad field."""
        if not isinstance(data, str) or not data.strip():
            raise must_be(where, tr("a line like {example}", example="'1d6 bleed | factor 1 | end'"), data)
        formula, *fields = [f.strip() for f in data.split("|")]
        words = formula.split()
        if len(words) < 2:
            raise must_be(where, tr("an amount and a type, like {example}", example="'1d6 bleed'"), formula)
        try:
            parse_dice(words[0])
        except ValueError as exc:
            raise Invalid(where, tr("must be an amount of dice, not {found}: {why}", found=repr(words[0]), why=exc)) from None
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
                raise Invalid(where, tr("must have the fields factor N, start|end, rounds N, last TEXT, "
                                          "pending ({why})", why=exc)) from None
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
            raise must_be(where, tr("a line like {example}", example="'blindness | until round 4'"), data)
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
        """Rebuild from :meth:`to_state`'s table; Invalid names a bad field."""
        return cls(without_controls(read(data, "label", str, where)),
                   without_controls(read(data, "damage", str, where)),
                   read(data, "bonus", int, where, None),
                   tuple(without_controls(t) for t in texts(read(data, "traits", list, where, []),
                                                            f"{where}.traits")),
                   without_controls(read(data, "note", str, where, "")),
                   read(data, "threat", int, where, None), read(data, "multiplier", int, where, None))


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



def texts(value: list[Any], where: str) -> list[str]:
    """A list of texts (each item checked), or Invalid naming the first that is not."""
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise must_be(f"{where}[{i}]", kind_words(str), item)
    return list(value)
