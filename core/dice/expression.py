"""Dice expressions: parse, roll through an injected ``randint`` source, average.

Grammar: terms joined by ``+`` or ``-``; a term is ``NdM``, ``dM`` or an integer; then
optionally ``=TOTAL``, dice the GM rolled at the table and what they came to (``2d4=7``,
RULES §1 "Rolled at the table"). Parsing is cached, so rolling the same expression again
costs only the dice.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from core.text.errors import ParseError
from core.text.i18n import tr

MAX_COUNT = 1000
MAX_SIDES = 1000
MAX_DICE = 10_000
MAX_LENGTH = 500

_TERM = re.compile(r"\s*([+-])?\s*(?:(\d*)\s*[dD]\s*(\d+)|(\d+))\s*")
_ROLLED = re.compile(r"\s*=\s*([+-]?)\s*(\d+)\s*$")


class RandomSource(Protocol):
    """Anything with ``randint(a, b)``, such as ``random.Random``."""

    def randint(self, a: int, b: int) -> int: ...


_default_rng = random.Random()


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``count`` dice of ``sides`` sides, added (sign 1) or subtracted (sign -1)."""

    sign: int
    count: int
    sides: int

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """A parsed dice expression: dice terms plus a flat modifier."""

    dice: tuple[DiceTerm, ...]
    modifier: int
    text: str
    dice_count: int = 0         # how many dice the expression rolls
    rolled: int | None = None   # ``2d4=7``: the total the GM rolled at the table (RULES §1)

    @property
    def average(self) -> float:
        """The expected total (a total rolled at the table is known: that total)."""
        if self.rolled is not None:
            return float(self.rolled)
        return self.modifier + sum(t.sign * t.count * (t.sides + 1) / 2 for t in self.dice)

    @property
    def minimum(self) -> int:
        """The lowest possible total."""
        return self.modifier + sum(
            t.count if t.sign > 0 else -t.count * t.sides for t in self.dice
        )

    @property
    def maximum(self) -> int:
        """The highest possible total."""
        return self.modifier + sum(
            t.count * t.sides if t.sign > 0 else -t.count for t in self.dice
        )

    @property
    def is_constant(self) -> bool:
        """True when no dice are rolled (a total typed as already rolled)."""
        return not self.dice

    @property
    def fresh(self) -> DiceExpr:
        """The same dice without the table total: for dice a rule rolls beyond the GM's roll."""
        if self.rolled is None:
            return self
        return DiceExpr(self.dice, self.modifier, format_terms(self.dice, self.modifier),
                        self.dice_count)

    def roll(self, rng: RandomSource | None = None) -> RollResult:
        """Roll every die once through ``rng`` (a total rolled at the table is that total)."""
        if self.rolled is not None:
            return RollResult(self, self.rolled, ())
        randint = (rng or _default_rng).randint
        rolls: list[tuple[int, int]] = []
        total = self.modifier
        for term in self.dice:
            sides = term.sides
            sub = 0
            for _ in range(term.count):
                value = randint(1, sides)
                rolls.append((sides, value))
                sub += value
            total += term.sign * sub
        return RollResult(self, total, tuple(rolls))

    def roll_values(self, rng: RandomSource) -> tuple[int, tuple[int, ...]]:
        """Roll through ``rng``: the total and each die's face (the fast path for damage).

        A total rolled at the table (``2d4=7``) is that roll: 7, no dice rolled, no faces.
        """
        if self.rolled is not None:
            return self.rolled, ()
        randint = rng.randint
        total = self.modifier
        faces: list[int] = []
        for term in self.dice:
            sub = 0
            for _ in range(term.count):
                value = randint(1, term.sides)
                faces.append(value)
                sub += value
            total += sub if term.sign > 0 else -sub
        return total, tuple(faces)

    def roll_again(self, rng: RandomSource) -> tuple[int, tuple[int, ...]]:
        """A new roll of the same dice, even after a table total: extra critical rolls."""
        return self.fresh.roll_values(rng)

    def __str__(self) -> str:
        text = format_terms(self.dice, self.modifier)
        return text if self.rolled is None else f"{text}={self.rolled}"


def format_terms(dice: tuple[DiceTerm, ...], modifier: int) -> str:
    """Canonical text for dice terms plus a modifier: ``2d6+3``."""
    out = ""
    for term in dice:
        if out or term.sign < 0:
            out += "+" if term.sign > 0 else "-"
        out += str(term)
    if modifier or not out:
        if out:
            out += f"{modifier:+d}"
        else:
            out = str(modifier)
    return out


@dataclass(frozen=True, slots=True)
class RollResult:
    """A rolled expression that remembers each die as (sides, value)."""

    expr: DiceExpr
    total: int
    rolls: tuple[tuple[int, int], ...]

    @property
    def values(self) -> tuple[int, ...]:
        """The face of each die, in the order rolled."""
        return tuple(v for _, v in self.rolls)

    def __str__(self) -> str:
        if not self.rolls:
            return str(self.total)
        faces = ", ".join(str(v) for v in self.values)
        return f"{self.expr} ({faces}) = {self.total}"


def parse(expr: str) -> DiceExpr:
    """Parse a dice expression such as ``2d8+4``, ``d6`` or ``1d4-6``; raises ParseError."""
    if not isinstance(expr, str):
        raise ParseError(tr("a dice expression must be text"), 0, str(expr))
    if len(expr) > MAX_LENGTH:
        raise ParseError(tr("expression longer than {limit} characters", limit=MAX_LENGTH), MAX_LENGTH, expr)
    return _parse_cached(expr)


@lru_cache(maxsize=4096)
def _parse_cached(expr: str) -> DiceExpr:
    """Terms up to a table total (``=7``), each a number or dice; ParseError says where."""
    text = expr
    if not text.strip():
        raise ParseError(tr("empty dice expression"), 0, text)
    table = _ROLLED.search(text)
    n = table.start() if table else len(text)
    pos = 0
    dice: list[DiceTerm] = []
    modifier = 0
    total_dice = 0
    while pos < n:
        m = _next_term(text, pos, n)
        sign = -1 if m.group(1) == "-" else 1
        if m.group(4) is not None:
            value = int(m.group(4))
            if value > 10**9:
                raise ParseError(tr("number too large"), m.start(4), text)
            modifier += sign * value
        else:
            term = _die_term(m, sign, text)
            total_dice += term.count
            if total_dice > MAX_DICE:
                raise ParseError(tr("more than {limit} dice", limit=MAX_DICE), _count_at(m), text)
            dice.append(term)
        pos = m.end()
    if pos == 0:
        raise ParseError(tr("no dice before '=': write the dice rolled, e.g. 2d4=7"), 0, text)
    expr_value = DiceExpr(tuple(dice), modifier, text, total_dice)
    if table is None:
        return expr_value
    return _rolled_at_table(expr_value, table, text)


def _next_term(text: str, pos: int, end: int) -> re.Match[str]:
    """The term at ``pos`` (``+2d6``, ``-1``; the first needs no sign); ParseError otherwise."""
    m = _TERM.match(text, pos, end)
    if not m or m.end() == pos:
        if text[pos:pos + 1] in ("d", "D"):
            raise ParseError(tr("a die needs a size after 'd' (d4, d6, d8 …)"), pos, text)
        raise ParseError(tr("unexpected {text} in dice expression",
                                text=repr(text[pos:pos + 8].strip()) if text[pos:pos + 8].strip()
                                else repr(tr("end"))), pos, text)
    if pos and m.group(1) is None:
        raise ParseError(tr("expected + or - between terms"), m.start(), text)
    return m


def _count_at(m: re.Match[str]) -> int:
    """Where a dice term's count is written (its ``d`` when the count is left out)."""
    return m.start(2) if m.group(2) else m.start(3)


def _die_term(m: re.Match[str], sign: int, text: str) -> DiceTerm:
    """``3d6``: the count and the die size, each within its limits."""
    count = int(m.group(2)) if m.group(2) else 1
    sides = int(m.group(3))
    if not 1 <= count <= MAX_COUNT:
        raise ParseError(tr("dice count {count} outside 1..{limit}", count=count, limit=MAX_COUNT), _count_at(m), text)
    if not 2 <= sides <= MAX_SIDES:
        raise ParseError(tr("die size d{sides} outside d2..d{limit}", sides=sides, limit=MAX_SIDES), m.start(3), text)
    return DiceTerm(sign, count, sides)


def _rolled_at_table(expr: DiceExpr, table: re.Match[str], text: str) -> DiceExpr:
    """``2d4=7``: the dice and the total they came to; a total they cannot make is an error."""
    where = table.start(2)
    if not expr.dice:
        raise ParseError(tr("'=' follows dice rolled at the table (e.g. 2d4=7); "
                            "a plain total needs no '='"), table.start(), text)
    total = int(table.group(2)) * (-1 if table.group(1) == "-" else 1)
    if not expr.minimum <= total <= expr.maximum:
        dice = format_terms(expr.dice, expr.modifier)
        raise ParseError(tr("{dice} cannot come to {total} (it makes {minimum} to {maximum})", dice=dice,
                            total=total, minimum=expr.minimum, maximum=expr.maximum),
                         where, text)
    return DiceExpr(expr.dice, expr.modifier, text, expr.dice_count, total)


def roll(expr: str, rng: RandomSource | None = None) -> int:
    """Roll ``expr`` and return the raw total (it can be negative)."""
    return parse(expr).roll(rng).total


def roll_detailed(expr: str, rng: RandomSource | None = None) -> RollResult:
    """Roll ``expr`` and return the result with each die."""
    return parse(expr).roll(rng)
