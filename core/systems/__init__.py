"""The registry of rule systems."""

from __future__ import annotations

from core.systems.base import AttackRoll, RuleSystem, StatField
from core.systems.d20 import D20System
from core.systems.daggerheart import Daggerheart
from core.systems.pf2 import PATHFINDER_2E, STARFINDER_2E, VITALITY_WOUNDS
from core.text.i18n import tr

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


def pathbuilder_systems() -> tuple[str, ...]:
    """The systems whose PCs Pathbuilder 2e builds (their rules have ``from_pathbuilder``)."""
    return tuple(s for s in SYSTEM_IDS if hasattr(get_system(s), "from_pathbuilder"))


__all__ = ["get_system", "pathbuilder_systems", "SYSTEM_IDS", "DEFAULT_SYSTEM", "RuleSystem", "StatField", "AttackRoll"]
