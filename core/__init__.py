"""hitledger's rules core: pure Python, standard library only."""

from __future__ import annotations

from core.catalog.conditions import catalogue as condition_catalogue
from core.creature.model import Creature, Outcome, PersistentDamage, Roll, TemporaryImmunity
from core.encounter import DamagePreview, Encounter, Event
from core.systems import SYSTEM_IDS, RuleSystem, get_system
from core.text.errors import ParseError, StateError
from core.views.log_export import log_markdown

__all__ = [
    "get_system", "SYSTEM_IDS", "RuleSystem", "Encounter", "Event", "DamagePreview",
    "ParseError", "StateError", "Creature", "Outcome", "PersistentDamage", "Roll",
    "TemporaryImmunity", "condition_catalogue", "log_markdown",
]
