"""Daggerheart: damage totalled per move, halved by resistance, read against thresholds."""

from __future__ import annotations

import math
from typing import Any

from core.dice import RandomSource
from core.model import Breakdown, Creature, Outcome, RolledPart
from core.notation import Defenses
from core.systems.base import Application, Dealt, RuleSystem, StatField
from core.table_numbers import minions_defeated

SEVERITY = {0: "none", 1: "Minor", 2: "Major", 3: "Severe", 4: "Massive"}
MIXED = "physical and magic"    # the kind of a hit that deals both (RULES §3 Decision)


class Daggerheart(RuleSystem):
    """Daggerheart's damage thresholds, Hit Point and Armor slots."""

    id = "daggerheart"
    name = "Daggerheart"
    example_name = "Acid Burrower"
    example_defenses = "resistance physical"     # thresholds are the Major and Severe fields
    example_damage = ("2d10+3 physical", "14 magic")
    # Decision: only a successful reaction roll halves; other results leave damage whole.
    save_choices = (None, "critical-success", "success", "failure", "critical-failure")
    has_initiative = False      # RULES §7: the GM orders the list; no rounds, only Fear
    counts_rounds = False
    has_armor_slots = True
    has_direct_damage = True
    has_nonlethal = False       # RULES §3 has no nonlethal damage: the form offers none
    has_stress = True           # RULES §7: Stress slots (a stat field), marked and cleared
    totals_hits = True          # RULES §3: one move's hits are totalled before thresholds
    heal_tracks = ("hp", "armor", "stress")
    rule_options = ("massive_damage",)
    track_slots = True
    track_width = 29
    counted_results = (("hp_marked", "HP marked", True),)
    current_tracks = (("hp_marked", "HP marked", "hp"), ("armor_marked", "Armor marked", "armor"),
                      ("stress_marked", "Stress marked", "stress"))
    stand_in_tracks = ()        # slots are few: calc's stand-in keeps the defaults
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

    def _critical_part(self, rolled: RolledPart, index: int, mult: int, rng: RandomSource,
                       settings: dict[str, Any]) -> RolledPart:
        part = rolled.part
        if part.amount is not None:
            # a critical adds the dice's maximum to a normal roll (modifier once)
            extra = sum(t.sign * t.count * t.sides for t in part.amount.dice)
            return RolledPart(part, rolled.value, rolled.faces, rolled.value + extra, rolled.faces)
        return rolled

    def _deal(self, work: Creature, defenses: Defenses, applied: Application,
              steps: Breakdown) -> Dealt:
        """Total every hit per type, apply immunity/resistance, then thresholds and armor."""
        roll, save, settings = applied.roll, applied.save, applied.settings
        crit = bool(applied.critical) or bool(roll.critical)
        by_kind: dict[str, int] = {}
        for index, hit in enumerate(roll.hits):
            hit_total = self._hit_total(hit, crit, save, steps)
            for k, v in hit_total.items():
                by_kind[k] = by_kind.get(k, 0) + v
            if len(roll.hits) > 1:
                steps.add("note", f"hit {index + 1}: " + ", ".join(f"{v} {k}" for k, v in hit_total.items()))
        if len(roll.hits) > 1:  # RULES §5: several hits are totalled before thresholds
            steps.add("merge", "totalled before thresholds: " + ", ".join(f"{v} {k}" for k, v in by_kind.items()))
        total = sum(self._defend(defenses, kind, value, steps) for kind, value in by_kind.items())
        if len(by_kind) > 1:
            steps.add("total", f"total: {total}")
        severity = self._severity(work, total, settings, steps)
        if applied.armor_slot and severity > 0:
            severity = self._armor_slot(work, severity, applied.direct, steps)
        marked = min(severity, (work.max_hp or 0) - work.hp_marked)
        more = minions_defeated(work, total)
        if "minion" in work.numbers and total > 0:
            marked = self._minion(work, total, more, steps)
        if marked:
            before = work.hp_marked
            work.hp_marked += marked
            steps.add("track", f"mark {marked} HP: {before} → {work.hp_marked} of {work.max_hp}")
            self._all_hp_marked(work, steps)
        dealt = f"{total} {SEVERITY[severity]}"
        summary = f"{dealt}: {marked} HP" + (
            f" ({self.status(work)})" if self.status(work) != "ok" else "")
        return Dealt(total, marked, dealt, summary, more)

    def _hit_total(self, hit: tuple[RolledPart, ...], crit: bool, save: str | None,
                   steps: Breakdown) -> dict[str, int]:
        """One hit's damage per kind (physical, magic, or mixed), a success halving it."""
        hit_total: dict[str, int] = {}
        for rp in hit:
            if rp.part.amount is None:
                continue
            value = self._part_value(rp, crit, steps)
            kind = rp.part.type or "physical"
            hit_total[kind] = hit_total.get(kind, 0) + value
        if len(hit_total) > 1:
            # RULES §3 Decision: one hit dealing physical and magic is one mixed kind
            hit_total = {MIXED: sum(hit_total.values())}
        if save == "success":
            halved = {k: math.ceil(v / 2) for k, v in hit_total.items()}
            steps.add("scale", "reaction roll success: half, rounded up: " + ", ".join(
                f"{k} {hit_total[k]} → {halved[k]}" for k in hit_total))
            hit_total = halved
        return hit_total

    @staticmethod
    def _part_value(rp: RolledPart, crit: bool, steps: Breakdown) -> int:
        """A part's roll (a critical adds the dice's maximum), a negative roll counting as 0."""
        value = rp.crit_value if crit and rp.crit_value is not None else rp.value
        if crit and rp.part.amount is not None and rp.part.amount.is_constant:
            # RULES §1: say what a typed total cannot do
            steps.add("scale", f"critical: no dice known for a typed total ({rp.part.label}), so no "
                      "maximum added; write the dice rolled, e.g. 2d8+1=10")
        elif crit and rp.crit_value is not None:
            faces = f"({', '.join(map(str, rp.faces))}) " if rp.faces else ""
            steps.add("scale", f"critical: {rp.part.label} max {rp.crit_value - rp.value} + "
                      f"roll {faces}{rp.value} = {value}")
        else:
            steps.add("roll", f"roll: {rp.describe()}")
        if value < 0:
            steps.add("floor", f"negative roll {value} counts as 0")
            value = 0
        return value

    @staticmethod
    def _minion(work: Creature, total: int, more: int, steps: Breakdown) -> int:
        """RULES §9 Minion (X): any damage defeats it (every HP marked), and says how many more."""
        steps.add("track", f"Minion ({work.numbers['minion']}): any damage defeats it"
                  + (f"; {total} damage defeats {more} more Minion{'s' if more > 1 else ''} in range"
                     " (you pick them)" if more else ""))
        return (work.max_hp or 0) - work.hp_marked

    @staticmethod
    def _armor_slot(work: Creature, severity: int, direct: bool, steps: Breakdown) -> int:
        """RULES §3: marking an Armor Slot lowers the severity one step (not direct damage)."""
        if direct:
            steps.add("armor", "direct damage: an Armor Slot cannot reduce it")
        elif work.armor_marked >= work.armor:
            steps.add("armor", "no unmarked Armor Slot left")
        else:
            work.armor_marked += 1
            steps.add("armor", f"Armor Slot marked ({work.armor_marked}/{work.armor}): "
                      f"{SEVERITY[severity]} → {SEVERITY[severity - 1]}")
            return severity - 1
        return severity

    @staticmethod
    def _all_hp_marked(work: Creature, steps: Breakdown) -> None:
        """Every HP marked: a PC makes a death move, an adversary is defeated."""
        if work.max_hp and work.hp_marked >= work.max_hp:
            cond = "death-move" if work.pc else "defeated"
            if cond not in work.conditions:
                work.conditions.add(cond)
                steps.add("track", "every HP marked: " + ("make a death move" if work.pc else "defeated"))

    @staticmethod
    def _defend(defenses: Defenses, kind: str, value: int, steps: Breakdown) -> int:
        """Immunity or resistance (half, rounded up) on the move's total of one kind of hit."""
        types = ("physical", "magic") if kind == MIXED else (kind,)
        immune = [any(e.matches(frozenset({t, "all"})) for e in defenses.immunities) for t in types]
        resist = [i or any(e.matches(frozenset({t, "all"})) for e in defenses.resistances)
                  for t, i in zip(types, immune, strict=True)]
        if all(immune):
            steps.add("immunity", f"immune to {kind}: {value} → 0")
            return 0
        if all(resist):
            halved = math.ceil(value / 2)
            steps.add("resistance", f"resistance {kind}: {value} → {halved} (half, rounded up)")
            return halved
        if kind == MIXED and any(resist):
            steps.add("resistance", f"{kind} {value}: physical and magic in one hit, resisted only by a "
                         "creature resistant or immune to both")
        return value

    def _severity(self, work: Creature, total: int, settings: dict[str, Any], steps: Breakdown) -> int:
        """RULES §3 thresholds; §8 Decision: ``None`` (no thresholds) marks 1 HP for any
        damage, and ``4/None`` (no Severe) marks at most 2 HP."""
        major, severe = work.major or 0, work.severe or 0
        if total <= 0:
            steps.add("threshold", "0 damage: nothing marked")
            return 0
        if not major and not severe:
            steps.add("threshold", f"{total}, no thresholds: any damage marks 1 HP")
            return 1
        if settings.get("massive_damage") and severe and total >= 2 * severe:
            steps.add("threshold", f"{total} ≥ twice Severe {severe}: Massive, 4 HP (optional rule)")
            return 4
        if severe and total >= severe:
            steps.add("threshold", f"{total} ≥ Severe {severe}: 3 HP")
            return 3
        if major and total >= major:
            steps.add("threshold", f"{total} ≥ Major {major}: 2 HP" + ("" if severe else " (no Severe threshold)"))
            return 2
        steps.add("threshold", f"{total} below Major {major}: Minor, 1 HP")
        return 1

    def _heal(self, work: Creature, amount: int, track: str | None, steps: Breakdown) -> None:
        track = track or "hp"
        field = {"hp": "hp_marked", "armor": "armor_marked", "stress": "stress_marked"}.get(track)
        if field is None:
            raise ValueError(f"Daggerheart clears hp, armor or stress slots, not {track!r}")
        before = getattr(work, field)
        setattr(work, field, max(0, before - amount))
        cleared = before - getattr(work, field)
        if track == "stress":  # in the words marking Stress uses
            steps.add("track", f"clear {cleared} Stress: {before} → {work.stress_marked} of {work.stress}")
        else:
            steps.add("track", f"clear {cleared} {track} slot(s): {before} → {getattr(work, field)} marked")
        if track == "stress" and before == work.stress and getattr(work, field) < before \
                and "vulnerable" in work.conditions:
            work.conditions.discard("vulnerable")  # RULES §7: Vulnerable until a Stress is cleared
            steps.add("track", "no longer vulnerable")
        if track == "hp" and work.hp_marked < (work.max_hp or 0):
            for cond in ("death-move", "defeated"):
                if cond in work.conditions:
                    work.conditions.discard(cond)
                    steps.add("track", f"no longer {cond}")

    def resolve_stress(self, creature: Creature, amount: int) -> Outcome:
        """Mark Stress (RULES §7): what does not fit marks 1 HP; the last slot makes it Vulnerable."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise ValueError(f"Stress to mark is a whole number of 1 or more, not {amount!r}")
        work = creature.clone()
        steps = Breakdown()
        fits = min(amount, max(0, work.stress - work.stress_marked))
        if fits:
            before = work.stress_marked
            work.stress_marked += fits
            steps.add("track", f"mark {fits} Stress: {before} → {work.stress_marked} of {work.stress}")
            if work.stress_marked == work.stress and "vulnerable" not in work.conditions:
                work.conditions.add("vulnerable")
                steps.add("track", "last Stress marked: vulnerable until a Stress is cleared")
        marked = 0
        if amount > fits:
            # one HP however many Stress did not fit (RULES §7)
            marked = min(1, (work.max_hp or 0) - work.hp_marked)
            before = work.hp_marked
            work.hp_marked += marked
            steps.add("track", f"{amount - fits} Stress with no slot left: mark 1 HP instead: "
                         f"{before} → {work.hp_marked} of {work.max_hp}")
            self._all_hp_marked(work, steps)
        summary = "; ".join(steps.lines())
        return self._outcome(creature, work, 0, steps, hp_marked=marked, summary=summary)

    def resolve_minion_defeat(self, creature: Creature, source: str) -> Outcome:
        """RULES §9 Minion (X): a Minion the GM picked as defeated by the hit on ``source``
        (every HP marked: defeated), not damaged; what it would do, touching nothing."""
        if "minion" not in creature.numbers:
            raise ValueError(f"{creature.name} is not a Minion: only Minions fall to another's hit")
        work = creature.clone()
        steps = Breakdown()
        marked = (work.max_hp or 0) - work.hp_marked
        work.hp_marked += marked
        steps.add("track", f"Minion: defeated by the hit on {source} (Minion ({creature.numbers['minion']}),"
                  " picked by the GM)")
        self._all_hp_marked(work, steps)
        return self._outcome(creature, work, 0, steps, hp_marked=marked, summary="defeated (Minion)",
                             dealt="defeated")

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

    # ------------------------------------------------------------------ status after an edit
    def settle_status(self, work: Creature, before: Creature) -> list[str]:
        """Slots edited (RULES §3, §7): every HP marked is a death move (PC) or defeated
        (adversary), and no longer once one is clear; the last Stress marked is Vulnerable
        until one is clear. Only a change of the slots settles (a GM's own condition stays)."""
        steps = Breakdown()
        if (work.hp_marked, work.max_hp) != (before.hp_marked, before.max_hp):
            if work.max_hp and work.hp_marked >= work.max_hp:
                self._all_hp_marked(work, steps)
            elif before.max_hp and before.hp_marked >= before.max_hp:
                for cond in ("death-move", "defeated"):
                    if cond in work.conditions:
                        work.conditions.discard(cond)
                        steps.add("track", f"an HP slot clear: no longer {cond}")
        if (work.stress_marked, work.stress) != (before.stress_marked, before.stress):
            full = bool(work.stress) and work.stress_marked >= work.stress
            was_full = bool(before.stress) and before.stress_marked >= before.stress
            if full and not was_full and "vulnerable" not in work.conditions:
                work.conditions.add("vulnerable")
                steps.add("track", "last Stress marked: vulnerable until a Stress is cleared")
            elif was_full and not full and "vulnerable" in work.conditions:
                work.conditions.discard("vulnerable")
                steps.add("track", "a Stress cleared: no longer vulnerable")
        return list(steps.lines())
