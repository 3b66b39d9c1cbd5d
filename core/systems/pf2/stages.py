"""What happens to a PF2-family hit, as a list: each system's stages in RULES §2's order.

A stage is a function over one ``Hit`` (core.systems.pf2.attack), the work record it reads and
writes; a system runs its tuple top to bottom for every hit, and a persistent condition's tick
runs the same tuple (``Hit.tick``). Where the systems differ inside a stage, the stage reads
the system's policy (core.systems.pf2.policy); where they differ by a whole stage, their
tuples differ: Vitality & Wounds lists its vulnerability stage. The track a hit ends on is
the system's track object (core.systems.pf2.track, .vitality_wounds).
"""

from __future__ import annotations

from collections.abc import Callable

from core.systems.pf2.attack import Hit
from core.systems.pf2.damage import add_on_crit, floor, merge, scale, sort_parts, total
from core.systems.pf2.defenses import (
    critical_hit,
    effect_immunity,
    immunities,
    kind_filter,
    match_defenses,
    resistances,
    vulnerability,
    weaknesses,
)
from core.systems.pf2.persistent import persistent

Stage = Callable[[Hit], None]
Stages = tuple[Stage, ...]


def to_track(hit: Hit) -> None:
    """Step 4: the total (and vitality-wounds' Wounds from vulnerability) off the system's
    track; a hit with nothing dealt now (persistent parts only) leaves the track alone."""
    if hit.tick or hit.attack.main or hit.attack.on_crit:
        hit.track.deal(hit.work, hit.total, hit.wounds, hit.crit or hit.save == "critical-failure",
                       hit.nonlethal, hit.steps)


PF2_STAGES: Stages = (
    critical_hit,      # Steps 2, 3.1: immune to critical hits → a normal hit; or rolled twice
    sort_parts,        # dealt now, on a critical only (deadly, fatal: RULES §10), or persistent
    floor,             # Step 1, §1: each part at least 0, the attack at least 1
    merge,             # Step 2: same type and traits (magical, material: RULES §10) merge
    scale,             # Step 1b: double or halve (policy: the total or each instance)
    add_on_crit,       # Step 1b, §10: on-crit, deadly and fatal dice, after doubling
    kind_filter,       # creature kind (before Step 3): vitality/void, bleed, spirit
    effect_immunity,   # Step 3.1: immune to an effect trait → the attack whole
    persistent,        # §2.4: persistent parts become conditions
    match_defenses,    # Step 3: the entries that apply to each instance, looked up once
    immunities,        # Step 3.1
    weaknesses,        # Step 3.2 (policy: per instance, or once per attack)
    resistances,       # Step 3.4
    total,
    to_track,          # Step 4: the system's track
)
"""Pathfinder 2e and Starfinder 2e (they differ by policy only)."""

VW_STAGES: Stages = (
    critical_hit,
    sort_parts,
    floor,
    merge,
    scale,
    add_on_crit,
    kind_filter,
    effect_immunity,
    persistent,
    match_defenses,
    immunities,
    weaknesses,
    vulnerability,     # Step 3.3: Wounds per die (or +5 per die on an HP creature)
    resistances,
    total,
    to_track,          # Step 4: Vitality, then Wounds (its track)
)
"""Vitality & Wounds: the PF2 stages and its vulnerability, with weaknesses (RULES §2 Step 3.3)."""


def run(stages: Stages, hit: Hit) -> int:
    """The hit through the stages, top to bottom; what it dealt (its total)."""
    for stage in stages:
        stage(hit)
    return hit.total
