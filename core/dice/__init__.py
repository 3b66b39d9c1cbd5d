"""Dice: expressions parsed and rolled through an injected source, and typed modifier stacking.

The acceptance API's ``from core.dice.expression import roll, parse`` is this package's face; the
code of the core imports :mod:`core.dice.expression` and :mod:`core.dice.modifiers`.
"""

from __future__ import annotations

from core.dice.expression import DiceExpr, RandomSource, parse, roll, roll_detailed

__all__ = ["roll", "parse", "roll_detailed", "DiceExpr", "RandomSource"]
