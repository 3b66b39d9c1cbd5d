"""Where the three PF2-family systems differ, as named settings the stages read."""

from __future__ import annotations

from typing import NamedTuple

from core.text.i18n import N_

# RULES §2 Step 1b: what a basic save does to the damage, and the breakdown's words for it
SAVE_FACTORS: dict[str | None, float] = {None: 1.0, "failure": 1.0, "success": 0.5, "critical-success": 0.0,
                "critical-failure": 2.0}
SAVE_WORDS: dict[str | None, str] = {"success": N_("basic save success: half"),
              "critical-success": N_("basic save critical success: none"),
              "critical-failure": N_("basic save critical failure: double")}


class Pf2Policy(NamedTuple):
    """Where the three PF2-family systems differ inside a stage, by name. Where they differ by
    a whole stage (Vitality & Wounds' vulnerability) or by a track, their stage lists and track
    objects say so instead (core.systems.pf2.stages, .track, .vitality_wounds)."""

    halve_total: bool            # pf2e: double/halve the total, round down once (seed 004)
    halve_floor_one: bool        # sf2e: an instance of 1 halved stays 1
    weakness_per_attack: bool    # vitality-wounds: only the highest weakness, once per attack
    persistent_timing: str       # "end" (pf2e, sf2e) or "start" (vitality-wounds)
    persistent_rounds: int | None
    healing_type: str            # positive (pf2e) / vitality
    harm_type: str               # negative (pf2e) / void
