"""hitledger's rules core: pure Python, standard library only.

The names below are the acceptance API's (DESIGN.md). Each is imported when first asked for
(PEP 562): ``import core.text.i18n`` reads the messages alone, and a start-up loads only
what its first frame draws.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.catalog.conditions import catalogue as condition_catalogue
    from core.creature.model import Creature, Outcome, PersistentDamage, Roll, TemporaryImmunity
    from core.encounter import DamagePreview, Encounter, Event
    from core.systems import SYSTEM_IDS, RuleSystem, get_system
    from core.text.errors import ParseError, StateError
    from core.views.log_export import log_markdown

_HOMES = {
    "get_system": ("core.systems", "get_system"),
    "SYSTEM_IDS": ("core.systems", "SYSTEM_IDS"),
    "RuleSystem": ("core.systems", "RuleSystem"),
    "Encounter": ("core.encounter", "Encounter"),
    "Event": ("core.encounter", "Event"),
    "DamagePreview": ("core.encounter", "DamagePreview"),
    "ParseError": ("core.text.errors", "ParseError"),
    "StateError": ("core.text.errors", "StateError"),
    "Creature": ("core.creature.model", "Creature"),
    "Outcome": ("core.creature.model", "Outcome"),
    "PersistentDamage": ("core.creature.model", "PersistentDamage"),
    "Roll": ("core.creature.model", "Roll"),
    "TemporaryImmunity": ("core.creature.model", "TemporaryImmunity"),
    "condition_catalogue": ("core.catalog.conditions", "catalogue"),
    "log_markdown": ("core.views.log_export", "log_markdown"),
}
"""Each name of the facade: the module it lives in, and its name there."""

__all__ = [
    "get_system", "SYSTEM_IDS", "RuleSystem", "Encounter", "Event", "DamagePreview",
    "ParseError", "StateError", "Creature", "Outcome", "PersistentDamage", "Roll",
    "TemporaryImmunity", "condition_catalogue", "log_markdown",
]


if not TYPE_CHECKING:  # to mypy, the facade's names are the imports above, and no others

    def __getattr__(name: str) -> Any:
        """A name of the facade, imported from its home the first time it is asked for."""
        try:
            module, attribute = _HOMES[name]
        except KeyError:
            raise AttributeError(f"module 'core' has no attribute {name!r}") from None
        value = getattr(import_module(module), attribute)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*globals(), *_HOMES})
