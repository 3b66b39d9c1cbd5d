"""Damage and defense notation: the names the rest of the app imports, from the modules that read it.

Damage (``2d8+4 slashing silver magical, 1d6 persistent bleed``) is read by
``core.notation.damage``; a defense line (``immunities poison; weaknesses fire 5;
resistances physical 10 (except silver)``) by ``core.notation.defense_grammar`` into the
values of ``core.notation.defenses``; a mistyped word's hint is ``core.notation.hints``'.
"""

from __future__ import annotations

from core.notation.damage import Damage, DamagePart, parse_damage
from core.notation.defense_grammar import parse_defenses
from core.notation.defenses import (
    DAMAGE_REDUCTION,
    EFFECT,
    IMMUNITY,
    RESISTANCE,
    VULNERABILITY,
    WEAKNESS,
    Applicable,
    DefenseEntry,
    Defenses,
    applicable,
    excepted,
)

__all__ = [
    "Damage", "DamagePart", "parse_damage", "parse_defenses", "Defenses", "DefenseEntry",
    "Applicable", "applicable", "excepted", "IMMUNITY", "WEAKNESS", "RESISTANCE",
    "VULNERABILITY", "DAMAGE_REDUCTION", "EFFECT",
]
