"""Where the three PF2-family systems differ (their policy), and the base each part builds on."""

from __future__ import annotations

from dataclasses import dataclass

from core.systems.base import RuleSystem
from core.text.i18n import N_

# RULES §2 Step 1b: what a basic save does to the damage, and the breakdown's words for it
SAVE_FACTORS: dict[str | None, float] = {None: 1.0, "failure": 1.0, "success": 0.5, "critical-success": 0.0,
                "critical-failure": 2.0}
SAVE_WORDS: dict[str | None, str] = {"success": N_("basic save success: half"),
              "critical-success": N_("basic save critical success: none"),
              "critical-failure": N_("basic save critical failure: double")}


@dataclass(frozen=True)
class Pf2Policy:
    """Where the three PF2-family systems differ, by name."""

    halve_total: bool            # pf2e: double/halve the total, round down once (seed 004)
    halve_floor_one: bool        # sf2e: an instance of 1 halved stays 1
    weakness_per_attack: bool    # vitality-wounds: only the highest weakness, once per attack
    persistent_timing: str       # "end" (pf2e, sf2e) or "start" (vitality-wounds)
    persistent_rounds: int | None
    uses_wounds: bool            # vitality-wounds: Vitality then Wounds, vulnerability
    healing_type: str            # positive (pf2e) / vitality
    harm_type: str               # negative (pf2e) / void


class Pf2Rules(RuleSystem):
    """A system of the PF2 family: the rule system its parts (dying, track, defenses, damage,
    persistent damage) extend, with the policy that names where it differs."""

    policy: Pf2Policy

    @property
    def persistent_timing(self) -> str:  # type: ignore[override]
        return self.policy.persistent_timing
