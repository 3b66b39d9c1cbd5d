"""hitledger's rules core: pure Python, standard library only."""

from __future__ import annotations

from core.conditions import catalogue as condition_catalogue
from core.encounter import DamagePreview, Encounter, Event
from core.errors import ParseError, StateError
from core.log_export import log_markdown
from core.model import Creature, Outcome, PersistentDamage, Roll, TemporaryImmunity
from core.systems import SYSTEM_IDS, RuleSystem, get_system

__all__ = [
    "get_system", "SYSTEM_IDS", "RuleSystem", "Encounter", "Event", "DamagePreview",
    "ParseError", "StateError", "Creature", "Outcome", "PersistentDamage", "Roll",
    "TemporaryImmunity", "condition_catalogue", "log_markdown",
]
