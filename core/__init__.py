"""hitledger's rules core: pure Python, standard library only."""

from __future__ import annotations

from core.encounter import DamagePreview, Encounter, Event
from core.errors import ParseError, StateError
from core.model import Creature, Outcome, PersistentDamage, Roll, TemporaryImmunity
from core.systems import SYSTEM_IDS, RuleSystem, get_system

__all__ = [
    "get_system", "SYSTEM_IDS", "RuleSystem", "Encounter", "Event", "DamagePreview",
    "ParseError", "StateError", "Creature", "Outcome", "PersistentDamage", "Roll",
    "TemporaryImmunity",
]
