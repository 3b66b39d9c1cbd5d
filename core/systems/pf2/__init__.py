"""The PF2 family — ``pf2e``, ``sf2e``, ``vitality-wounds`` — one pipeline, small named policies.

Its parts, each module using only those above it:

- ``policy``: where the three systems differ, and the base the parts extend
- ``dying``: 0 HP, the dying value, recovery checks, doomed, death (RULES §7)
- ``track``: the HP track — damage off temp HP then HP, healing, a GM's edit settled
- ``attack``: an attack as the pipeline sees it — its parts sorted, its instances
- ``defenses``: the creature's kind, immunities, weaknesses, vulnerability, resistances
- ``damage``: the pipeline of RULES §2, roll to track, one attack at a time
- ``persistent``: persistent damage conditions, their ticks and flat checks
- ``family``: the parts put together; Pathfinder 2e and Starfinder 2e
- ``vitality_wounds``: Vitality & Wounds, its own track and healing
"""

from __future__ import annotations

from core.systems.pf2.dying import dying_limit
from core.systems.pf2.family import Pathfinder2e, Pf2Family, Starfinder2e
from core.systems.pf2.policy import Pf2Policy
from core.systems.pf2.vitality_wounds import VitalityWounds

__all__ = ["Pathfinder2e", "Starfinder2e", "VitalityWounds", "Pf2Family", "Pf2Policy", "dying_limit"]
