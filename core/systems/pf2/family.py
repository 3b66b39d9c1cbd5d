"""The PF2 family put together from its parts, and Pathfinder 2e and Starfinder 2e in it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.systems.base import StatField
from core.systems.pf2.persistent import Pf2Persistent
from core.systems.pf2.policy import Pf2Policy
from core.text.i18n import N_

if TYPE_CHECKING:
    from core.creature.model import Creature


def _pathbuilder(rules: Pf2Family, text: str) -> Creature:
    """A PC from Pathbuilder 2e's JSON export (core.systems.pathbuilder), read only when pasted."""
    from core.systems.pathbuilder import from_pathbuilder

    return from_pathbuilder(rules, text)


class Pf2Family(Pf2Persistent):
    """What the three PF2-family systems share: saves, stats, initiative and dying rules, and
    (by its parts) dying, the track, defenses, the damage pipeline and persistent damage."""

    save_choices = (None, "critical-success", "success", "failure", "critical-failure")
    has_basic_saves = True
    save_words = N_("basic save")
    stat_fields: tuple[StatField, ...] = (StatField("hp", N_("HP"), 15), StatField("temp_hp", N_("Temp HP"), 0))
    initiative_ties = ("adversaries-first", "higher-modifier")  # RULES §7
    dying_check_at = "start"
    rule_options: tuple[str, ...] = ("crit_mode", "flat_checks")
    kind_words = ("living", "undead", "construct", "bloodless")   # see _kind_filter


class Pathfinder2e(Pf2Family):
    """Pathfinder 2e (Core Rulebook pp. 450–453)."""

    id = "pf2e"
    name = "Pathfinder 2e"
    policy = Pf2Policy(halve_total=True, halve_floor_one=False, weakness_per_attack=False,
                       persistent_timing="end", persistent_rounds=None, uses_wounds=False,
                       healing_type="positive", harm_type="negative")

    def from_pathbuilder(self, text: str) -> Creature:
        """A PC at full health from Pathbuilder 2e's JSON export (the bare build or
        ``{"success": true, "build": …}``); ParseError naming a missing or unknown field."""
        return _pathbuilder(self, text)


class Starfinder2e(Pf2Family):
    """Starfinder 2e (Player Core ch. 8)."""

    id = "sf2e"
    name = "Starfinder 2e"
    example_name = "Sighing Ghost"
    example_defenses = "weaknesses vitality 5; resistances all 5 (except force)"
    policy = Pf2Policy(halve_total=False, halve_floor_one=True, weakness_per_attack=False,
                       persistent_timing="end", persistent_rounds=None, uses_wounds=False,
                       healing_type="vitality", harm_type="void")

    def from_pathbuilder(self, text: str) -> Creature:
        """A PC from Pathbuilder's JSON export, as in Pathfinder 2e (same HP, AC and saves)."""
        return _pathbuilder(self, text)
