"""The registry of rule systems."""

from __future__ import annotations

from core.i18n import tr
from core.systems.base import AttackRoll, RuleSystem, StatField
from core.systems.d20 import D20System
from core.systems.daggerheart import Daggerheart
from core.systems.pf2 import PATHFINDER_2E, STARFINDER_2E, VITALITY_WOUNDS

_SYSTEMS: dict[str, RuleSystem] = {
    rules.id: rules for rules in (PATHFINDER_2E, STARFINDER_2E, VITALITY_WOUNDS, Daggerheart(), D20System())
}
SYSTEM_IDS: tuple[str, ...] = tuple(_SYSTEMS)
DEFAULT_SYSTEM = SYSTEM_IDS[0]
"""The system of a demo when none is named (Pathfinder 2e)."""


def get_system(system_id: str) -> RuleSystem:
    """The rule system with this id; ValueError naming the known ids otherwise."""
    try:
        return _SYSTEMS[system_id]
    except (KeyError, TypeError):
        raise ValueError(tr('unknown system {system_id}; known: {value}', system_id=repr(system_id), value=', '.join(SYSTEM_IDS))) from None


__all__ = ["get_system", "SYSTEM_IDS", "DEFAULT_SYSTEM", "RuleSystem", "StatField", "AttackRoll"]
