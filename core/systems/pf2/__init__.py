"""The PF2 family — ``pf2e``, ``sf2e``, ``vitality-wounds`` — one rule system made of parts.

What happens to a hit is a list of stages (``stages``), read top to bottom in RULES §2's
order; each system is one ``Pf2Family`` holding its policy, its stages and its track. Its
parts, each module using only those above it:

- ``policy``: where the three systems differ inside a stage, by name
- ``dying``: 0 HP, the dying value, recovery checks, doomed, death (RULES §7)
- ``track``: the HP track — damage off temp HP then HP, healing, a GM's edit settled
- ``attack``: an attack as the stages see it — its parts sorted, its instances, ``Hit``
- ``damage``: the stages that work the damage — sort, floor, merge, double/halve, on-crit, total
- ``defenses``: the creature's stages — critical immunity, kind, immunities, weaknesses,
  vulnerability, resistances
- ``persistent``: the stage that adds persistent conditions, their ticks and flat checks
- ``stages``: each system's tuple of stages, and the track stage
- ``family``: ``Pf2Family``, the parts put together; Pathfinder 2e and Starfinder 2e
- ``vitality_wounds``: Vitality & Wounds, its own track and its stages
"""

from __future__ import annotations

from core.systems.pf2.dying import dying_limit
from core.systems.pf2.family import PATHFINDER_2E, STARFINDER_2E, Pf2Family
from core.systems.pf2.policy import Pf2Policy
from core.systems.pf2.vitality_wounds import VITALITY_WOUNDS

__all__ = ["PATHFINDER_2E", "STARFINDER_2E", "VITALITY_WOUNDS", "Pf2Family", "Pf2Policy",
           "dying_limit"]
