"""Vitality & Wounds, a PF2-derived game: Vitality then Wounds, and HP for an NPC without them."""

from __future__ import annotations

from core.model import Breakdown, Creature
from core.systems.base import StatField
from core.systems.pf2.family import Pf2Family
from core.systems.pf2.policy import Pf2Policy


class VitalityWounds(Pf2Family):
    """A PF2-derived game with Vitality Points and Wounds."""

    id = "vitality-wounds"
    name = "Vitality & Wounds"
    example_name = "Werewolf"
    example_defenses = "vulnerable silver; resistance 5/-"
    example_damage = ("2d4 ballistic", "9 ballistic")
    policy = Pf2Policy(halve_total=False, halve_floor_one=False, weakness_per_attack=True,
                       persistent_timing="start", persistent_rounds=10, uses_wounds=True,
                       healing_type="vitality", harm_type="void")
    stat_fields = (StatField("vitality", "Vitality", 20), StatField("wounds", "Wounds", 10),
                   StatField("hp", "HP (NPC)", 0))
    rule_options = ("flat_checks",)
    heal_tracks = ("vitality", "wounds")
    track_width = 24
    counted_results = (("wounds", "wounds", False),)
    current_tracks = (("vitality", "Vitality now", "vitality"), ("wounds", "Wounds now", "wounds"),
                      ("hp", "HP now", "hp"))
    stand_in_tracks = (("vitality", "wounds"), ("hp",))

    def _set_stats(self, c: Creature, stats: dict[str, int], editing: bool = False) -> None:
        hp = stats.get("hp")
        if hp:
            c.max_hp, c.hp = hp, (hp if not editing or c.hp is None else min(hp, c.hp))
            c.vitality = c.max_vitality = c.wounds = c.max_wounds = None
            return
        if hp == 0 and editing:
            c.hp = c.max_hp = None
        for name in ("vitality", "wounds"):
            # an HP-only NPC edited to HP 0 becomes a Vitality/Wounds creature: give it a track
            if name in stats or not editing or getattr(c, f"max_{name}") is None:
                value = stats.get(name, 20 if name == "vitality" else 10)
                cur = getattr(c, name)
                setattr(c, f"max_{name}", value)
                setattr(c, name, value if not editing or cur is None else min(value, cur))

    def _track(self, work: Creature, damage: int, wounds: int, crit: bool, nonlethal: bool,
               steps: Breakdown, massive_check: bool = True) -> None:
        if work.max_vitality is None:  # an HP-only NPC
            super()._track(work, damage, 0, crit, nonlethal, steps, massive_check=False)
            return
        if damage <= 0 and not wounds:
            return
        if "dead" in work.conditions:
            steps.add("track", "already dead")
            return
        vit_before = work.vitality or 0
        if nonlethal:
            if damage >= vit_before:
                work.conditions.add("unconscious")
                steps.add("track", f"nonlethal {damage} ≥ Vitality {vit_before}: unconscious "
                             "(nonlethal damage never becomes Wounds)")
            work.vitality = max(0, vit_before - damage)
            steps.add("track", f"Vitality {vit_before} → {work.vitality}")
            return
        # what exceeds Vitality becomes Wounds in the same blow (RULES §2 Step 4, a Decision)
        from_vitality = min(damage, vit_before)
        work.vitality = vit_before - from_vitality
        steps.add("track", f"Vitality {vit_before} → {work.vitality}")
        overflow = damage - from_vitality
        lost = overflow + wounds
        if lost:
            w_before = work.wounds or 0
            work.wounds = max(0, w_before - lost)
            parts = []
            if overflow:
                parts.append(f"{overflow} past Vitality")
            if wounds:
                parts.append(f"{wounds} from vulnerability")
            steps.add("track", f"Wounds {w_before} → {work.wounds} ({' + '.join(parts)})")
            if work.wounds == 0 and "dying" not in work.conditions:
                work.conditions.add("dying")
                work.dying = max(work.dying, 1)
                steps.add("track", "0 Wounds: dying")

    def _heal(self, work: Creature, amount: int, track: str | None, steps: Breakdown) -> None:
        if work.max_vitality is None:
            super()._heal(work, amount, track, steps)
            return
        if "dead" in work.conditions:
            steps.add("track", "dead: healing has no effect")
            return
        if track == "wounds":
            before = work.wounds or 0
            work.wounds = min(work.max_wounds or 0, before + amount)
            steps.add("track", f"heal {amount} Wounds: {before} → {work.wounds}")
            if work.wounds > 0 and "dying" in work.conditions:
                work.conditions.discard("dying")
                work.dying = 0
                steps.add("track", "no longer dying")
            return
        before = work.vitality or 0
        work.vitality = min(work.max_vitality or 0, before + amount)
        steps.add("track", f"heal {amount}: Vitality {before} → {work.vitality}")
        if work.vitality > 0 and "unconscious" in work.conditions and "dying" not in work.conditions:
            work.conditions.discard("unconscious")
            steps.add("track", "wakes up")
        if work.vitality == work.max_vitality:
            for p in [p for p in work.persistent if p.type == "bleed"]:
                work.persistent.remove(p)
                steps.add("note", f"persistent {p.label} ends (healed to full)")

    def track_text(self, creature: Creature) -> str:
        """``V 12/20 W 8/10`` (or HP for an HP-only NPC)."""
        if creature.max_vitality is None:
            return super().track_text(creature)
        return (f"V {creature.vitality}/{creature.max_vitality} "
                f"W {creature.wounds}/{creature.max_wounds}")

    def track_fraction(self, creature: Creature) -> float:
        """Vitality and Wounds together as a fraction."""
        if creature.max_vitality is None:
            return super().track_fraction(creature)
        whole = (creature.max_vitality or 0) + (creature.max_wounds or 0)
        return ((creature.vitality or 0) + (creature.wounds or 0)) / whole if whole else 0.0

    # ------------------------------------------------------------------ status after an edit
    def settle_status(self, work: Creature, before: Creature) -> list[str]:
        """Vitality or Wounds edited (RULES §2 Step 4): 0 Wounds is dying; Wounds above 0 end
        dying; Vitality raised from 0 wakes an unconscious creature that is not dying, as
        healing does. An HP-only NPC follows the HP rules."""
        if work.max_vitality is None:
            return super().settle_status(work, before)
        track = ("vitality", "max_vitality", "wounds", "max_wounds")
        if "dead" in work.conditions or all(getattr(work, k) == getattr(before, k) for k in track):
            return []
        steps = Breakdown()
        if work.wounds == 0 and "dying" not in work.conditions:
            work.conditions.add("dying")
            work.dying = max(work.dying, 1)
            steps.add("track", "0 Wounds: dying")
            dead: list[str] = []
            self.recheck_dying(work, dead)
            for line in dead:
                steps.add("track", line)
        elif (work.wounds or 0) > 0 and "dying" in work.conditions and before.wounds == 0:
            work.conditions.discard("dying")
            work.dying = 0
            steps.add("track", "Wounds above 0: no longer dying")
        if (work.vitality or 0) > 0 and before.vitality == 0 and "unconscious" in work.conditions \
                and "dying" not in work.conditions:
            work.conditions.discard("unconscious")
            steps.add("track", "Vitality above 0: wakes up")
        return list(steps.lines())
