"""Daggerheart: damage totalled per move, halved by resistance, read against thresholds."""

from __future__ import annotations

import math
from typing import Any

from core.model import Creature, Outcome, Roll, RolledPart
from core.systems.base import RuleSystem, StatField

SEVERITY = {0: "none", 1: "Minor", 2: "Major", 3: "Severe", 4: "Massive"}


class Daggerheart(RuleSystem):
    """Daggerheart's damage thresholds, Hit Point and Armor slots."""

    id = "daggerheart"
    name = "Daggerheart"
    # Decision: only a successful reaction roll halves; other results leave damage whole.
    save_choices = (None, "critical-success", "success", "failure", "critical-failure")
    stat_fields = (StatField("hp", "HP slots", 6), StatField("major", "Major", 7),
                   StatField("severe", "Severe", 14), StatField("armor", "Armor slots", 3),
                   StatField("stress", "Stress slots", 6))

    def _set_stats(self, c: Creature, stats: dict[str, int], editing: bool = False) -> None:
        defaults = {"hp": 6, "major": 7, "severe": 14, "armor": 0, "stress": 6}
        for key, default in defaults.items():
            if key in stats or not editing:
                value = stats.get(key, default)
                if key == "hp":
                    c.max_hp = value
                    c.hp_marked = min(c.hp_marked, value)
                else:
                    setattr(c, key, value)
        c.armor_marked = min(c.armor_marked, c.armor)
        c.stress_marked = min(c.stress_marked, c.stress)
        if c.major is not None and c.severe is not None and c.severe < c.major:
            raise ValueError(f"the Severe threshold ({c.severe}) is below Major ({c.major})")

    def _critical_part(self, rolled, index, mult, rng, settings):
        part = rolled.part
        if part.amount is not None:
            # a critical adds the dice's maximum to a normal roll (modifier once)
            extra = sum(t.sign * t.count * t.sides for t in part.amount.dice)
            return RolledPart(part, rolled.value, rolled.faces, rolled.value + extra, rolled.faces)
        return rolled

    def resolve(self, creature: Creature, roll: Roll, critical: bool | int = False,
                save: str | None = None, nonlethal: bool = False, armor_slot: bool = False,
                direct: bool = False, settings: dict[str, Any] | None = None) -> Outcome:
        """Total every hit per type, apply immunity/resistance, then thresholds and armor."""
        self.check_save(save)
        settings = settings or {}
        defenses = self.defenses_of(creature)
        crit = bool(critical) or bool(roll.critical)
        work = creature.clone()
        steps: list[str] = []
        by_type: dict[str, int] = {}
        for index, hit in enumerate(roll.hits):
            hit_total: dict[str, int] = {}
            for rp in hit:
                if rp.part.amount is None:
                    continue
                value = rp.crit_value if crit and rp.crit_value is not None else rp.value
                if crit and rp.part.amount.is_constant:  # RULES §1: say what a typed total cannot do
                    steps.append(f"critical: no dice known for a typed total ({rp.part.label}), so no "
                                 "maximum added; write the dice rolled, e.g. 2d8+1=10")
                elif crit and rp.crit_value is not None:
                    faces = f"({', '.join(map(str, rp.faces))}) " if rp.faces else ""
                    steps.append(f"critical: {rp.part.label} max {rp.crit_value - rp.value} + "
                                 f"roll {faces}{rp.value} = {value}")
                else:
                    steps.append(f"roll: {rp.describe()}")
                if value < 0:
                    steps.append(f"negative roll {value} counts as 0")
                    value = 0
                kind = rp.part.type or "physical"
                hit_total[kind] = hit_total.get(kind, 0) + value
            if save == "success":
                halved = {k: math.ceil(v / 2) for k, v in hit_total.items()}
                steps.append("reaction roll success: half, rounded up: " + ", ".join(
                    f"{k} {hit_total[k]} → {halved[k]}" for k in hit_total))
                hit_total = halved
            for k, v in hit_total.items():
                by_type[k] = by_type.get(k, 0) + v
            if len(roll.hits) > 1:
                steps.append(f"hit {index + 1}: " + ", ".join(f"{v} {k}" for k, v in hit_total.items()))
        if len(roll.hits) > 1:
            steps.append("totalled before thresholds: " + ", ".join(f"{v} {k}" for k, v in by_type.items()))
        total = 0
        for kind, value in by_type.items():
            keys = frozenset({kind, "all"})
            if any(e.matches(keys) for e in defenses.immunities):
                steps.append(f"immune to {kind}: {value} → 0")
                continue
            if any(e.matches(keys) for e in defenses.resistances):
                halved = math.ceil(value / 2)
                steps.append(f"resistance {kind}: {value} → {halved} (half, rounded up)")
                value = halved
            total += value
        if len(by_type) > 1:
            steps.append(f"total: {total}")
        severity = self._severity(work, total, settings, steps)
        if armor_slot and severity > 0:
            if direct:
                steps.append("direct damage: an Armor Slot cannot reduce it")
            elif work.armor_marked >= work.armor:
                steps.append("no unmarked Armor Slot left")
            else:
                work.armor_marked += 1
                steps.append(f"Armor Slot marked ({work.armor_marked}/{work.armor}): "
                             f"{SEVERITY[severity]} → {SEVERITY[severity - 1]}")
                severity -= 1
        marked = min(severity, (work.max_hp or 0) - work.hp_marked)
        if severity:
            before = work.hp_marked
            work.hp_marked += marked
            steps.append(f"mark {marked} HP: {before} → {work.hp_marked} of {work.max_hp}")
        if work.max_hp and work.hp_marked >= work.max_hp and severity:
            cond = "death-move" if work.pc else "defeated"
            if cond not in work.conditions:
                work.conditions.add(cond)
                steps.append("every HP marked: " + ("make a death move" if work.pc else "defeated"))
        summary = f"{total} {SEVERITY[severity]}: {marked} HP" + (
            f" ({self.status(work)})" if self.status(work) != "ok" else "")
        return self._outcome(creature, work, total, steps, hp_marked=marked, summary=summary)

    def _severity(self, work: Creature, total: int, settings: dict[str, Any], steps: list[str]) -> int:
        major, severe = work.major or 0, work.severe or 0
        if total <= 0:
            steps.append("0 damage: nothing marked")
            return 0
        if settings.get("massive_damage") and severe and total >= 2 * severe:
            steps.append(f"{total} ≥ twice Severe {severe}: Massive, 4 HP (optional rule)")
            return 4
        if severe and total >= severe:
            steps.append(f"{total} ≥ Severe {severe}: 3 HP")
            return 3
        if major and total >= major:
            steps.append(f"{total} ≥ Major {major}: 2 HP")
            return 2
        steps.append(f"{total} below Major {major}: Minor, 1 HP")
        return 1

    def _heal(self, work: Creature, amount: int, track: str | None, steps: list[str]) -> None:
        track = track or "hp"
        field = {"hp": "hp_marked", "armor": "armor_marked", "stress": "stress_marked"}.get(track)
        if field is None:
            raise ValueError(f"Daggerheart clears hp, armor or stress slots, not {track!r}")
        before = getattr(work, field)
        setattr(work, field, max(0, before - amount))
        steps.append(f"clear {before - getattr(work, field)} {track} slot(s): {before} → {getattr(work, field)} marked")
        if track == "hp" and work.hp_marked < (work.max_hp or 0):
            for cond in ("death-move", "defeated"):
                if cond in work.conditions:
                    work.conditions.discard(cond)
                    steps.append(f"no longer {cond}")

    def track_text(self, creature: Creature) -> str:
        """``HP ■■□□□□ A ■□□ S ■■□□□□ 7/14``."""
        def slots(marked: int, total: int) -> str:
            return "■" * marked + "□" * max(0, total - marked)
        words = [f"HP {slots(creature.hp_marked, creature.max_hp or 0)}"]
        if creature.armor:
            words.append(f"A {slots(creature.armor_marked, creature.armor)}")
        if creature.stress:
            words.append(f"S {slots(creature.stress_marked, creature.stress)}")
        words.append(f"{creature.major}/{creature.severe}")
        return " ".join(words)

    def track_fraction(self, creature: Creature) -> float:
        """Unmarked HP slots as a fraction."""
        total = creature.max_hp or 0
        return (total - creature.hp_marked) / total if total else 0.0
