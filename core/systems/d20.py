"""d20 System 3.0: critical multipliers, subdual damage, disabled/dying/dead."""

from __future__ import annotations

from typing import Any

from core.dice import RandomSource, _default_rng
from core.model import Creature, Outcome, Roll, RolledPart
from core.systems.base import AttackRoll, RuleSystem, StatField


class D20System(RuleSystem):
    """The d20 System 3.0."""

    id = "d20-3e"
    name = "d20 System 3.0"
    save_choices = (None, "success", "failure")
    stat_fields = (StatField("hp", "HP", 10), StatField("temp_hp", "Temp HP", 0))

    def _set_stats(self, c: Creature, stats: dict[str, int], editing: bool = False) -> None:
        if "hp" in stats or not editing:
            value = stats.get("hp", 10)
            old_max = c.max_hp
            c.max_hp = value
            c.hp = value if not editing or c.hp is None or old_max is None else \
                min(value, c.hp + value - old_max)
        if "temp_hp" in stats:
            c.temp_hp = stats["temp_hp"]

    def _critical_part(self, rolled, index, mult, rng, settings):
        part = rolled.part
        if part.amount is None or part.on_crit:
            return rolled
        if index == 0 or part.amount.is_constant:
            # the first part (dice and modifiers) is rolled `mult` times; a flat later part multiplies
            total, faces = rolled.value, list(rolled.faces)
            for _ in range(mult - 1):
                again = part.amount.roll_again(rng)  # 1d8+4=9: the app rolls the extra rolls
                total += again[0]
                faces += again[1]
            return RolledPart(part, rolled.value, rolled.faces, total, tuple(faces))
        return RolledPart(part, rolled.value, rolled.faces, rolled.value, rolled.faces)

    def check_save(self, save: str | None) -> None:
        """Only "success" (half) and "failure" exist in 3.0."""
        if save in ("critical-success", "critical-failure"):
            raise ValueError(f"{save!r} does not exist in d20 System 3.0; use 'success' or 'failure'")
        super().check_save(save)

    def resolve(self, creature: Creature, roll: Roll, critical: bool | int = False,
                save: str | None = None, nonlethal: bool = False, armor_slot: bool = False,
                direct: bool = False, settings: dict[str, Any] | None = None) -> Outcome:
        """Each hit: roll (×multiplier), halve on a save, floor 1, defenses, then HP/subdual."""
        self.check_save(save)
        defenses = self.defenses_of(creature)
        mult = self._multiplier(critical) or roll.critical
        if mult and defenses.has_immunity("critical-hits"):
            mult = 0
        work = creature.clone()
        steps: list[str] = []
        if (critical or roll.critical) and not mult:
            steps.append("immune to critical hits: a normal hit")
        total = 0
        vocab = self.vocabulary
        for index, hit in enumerate(roll.hits):
            subdual = nonlethal or roll.damage[index].nonlethal
            parts = []
            for rp in hit:
                if rp.part.amount is None or (rp.part.on_crit and not mult):
                    continue
                value = rp.crit_value if mult and rp.crit_value is not None else rp.value
                parts.append([rp, value])
            if not parts:
                continue
            if mult:
                steps.append(f"critical ×{mult}: " + ", ".join(
                    f"{rp.part.label} ({', '.join(map(str, rp.crit_faces or rp.faces))}) = {v}"
                    for rp, v in parts))
            else:
                steps.append("roll: " + ", ".join(rp.describe() for rp, _ in parts))
            if save == "success":
                before = sum(v for _, v in parts)
                for entry in parts:
                    entry[1] = entry[1] // 2 if entry[1] > 0 else entry[1]
                steps.append(f"save success: half, rounded down: {before} → {sum(v for _, v in parts)}")
            hit_total = sum(max(0, v) for _, v in parts)
            if hit_total <= 0:
                parts[0][1] = 1
                for entry in parts[1:]:
                    entry[1] = 0
                steps.append("minimum damage: a hit deals at least 1")
            dealt = 0
            for rp, value in parts:
                value = max(0, value)
                keys = vocab.keys_for(rp.part.type, rp.part.traits)
                label = rp.part.type or "damage"
                if any(e.matches(keys) for e in defenses.immunities
                       if e.selector not in ("critical-hits", "nonlethal", "precision", "persistent")):
                    steps.append(f"immune: {label} {value} → 0")
                    continue
                if subdual and defenses.has_immunity("nonlethal"):
                    steps.append(f"immune to subdual damage: {label} {value} → 0")
                    continue
                weak = max((e for e in defenses.weaknesses if e.matches(keys)),
                           key=lambda e: e.value, default=None)
                if weak and value > 0:
                    steps.append(f"{weak.describe()}: {label} {value} → {value + weak.value}")
                    value += weak.value
                res = max((e for e in defenses.resistances if e.matches(keys)),
                          key=lambda e: e.value, default=None)
                if res and value > 0:
                    after = max(0, value - res.value)
                    steps.append(f"{res.describe()}: {label} {value} → {after}")
                    value = after
                dealt += value
            steps.append(f"total: {dealt}" + (" subdual" if subdual else ""))
            total += dealt
            self._track(work, dealt, subdual, steps)
        status = self.status(work)
        summary = f"{total}: {self.track_text(creature)} → {self.track_text(work)}" + (
            "" if status == "ok" else f" {status}")
        return self._outcome(creature, work, total, steps, summary=summary)

    def _track(self, work: Creature, damage: int, subdual: bool, steps: list[str]) -> None:
        if damage <= 0 or "dead" in work.conditions or work.hp is None:
            return
        if subdual:
            before = work.subdual
            work.subdual += damage
            steps.append(f"subdual {before} → {work.subdual}")
        else:
            rest = damage
            if work.temp_hp:
                soak = min(work.temp_hp, rest)
                steps.append(f"temp HP {work.temp_hp} → {work.temp_hp - soak}")
                work.temp_hp -= soak
                rest -= soak
            before = work.hp
            work.hp -= rest
            steps.append(f"HP {before} → {work.hp}")
        self._update_status(work, steps)

    @staticmethod
    def _update_status(work: Creature, steps: list[str]) -> None:
        """0 HP disabled, −1…−9 dying, −10 dead; subdual = HP staggered, > HP unconscious."""
        hp = work.hp or 0
        before = set(work.conditions)
        work.conditions -= {"disabled", "dying", "staggered", "unconscious"}
        if hp <= -10:
            work.conditions.add("dead")
        elif hp < 0:
            work.conditions |= {"dying", "unconscious"}
        elif hp == 0:
            work.conditions.add("disabled")
        if "dead" not in work.conditions and hp >= 0 and work.subdual:
            if work.subdual > hp:
                work.conditions.add("unconscious")
            elif work.subdual == hp:
                work.conditions.add("staggered")
        added = sorted(work.conditions - before)
        removed = sorted(before - work.conditions)
        if added or removed:
            words = [f"now {c}" for c in added] + [f"no longer {c}" for c in removed]
            steps.append(", ".join(words))

    def _heal(self, work: Creature, amount: int, track: str | None, steps: list[str]) -> None:
        if "dead" in work.conditions:
            steps.append("dead: healing has no effect")
            return
        before, sub = work.hp or 0, work.subdual
        work.hp = min(work.max_hp or 0, before + amount)
        work.subdual = max(0, sub - amount)
        steps.append(f"heal {amount}: HP {before} → {work.hp}, subdual {sub} → {work.subdual}")
        self._update_status(work, steps)

    def roll_attack(self, attack_bonus: int, ac: int, threat: int = 20,
                    rng: RandomSource | None = None) -> AttackRoll:
        """Natural 1 misses, natural 20 hits; a threat that hits is confirmed by a second roll."""
        if not 2 <= threat <= 20:
            raise ValueError(f"a threat range starts between 2 and 20, not {threat}")
        rng = rng or _default_rng
        first = rng.randint(1, 20)
        total = first + attack_bonus
        if first == 1:
            return AttackRoll("miss", first, None, f"natural 1 ({total} vs AC {ac}): miss")
        hits = first == 20 or total >= ac
        if not hits:
            return AttackRoll("miss", first, None, f"{first}+{attack_bonus} = {total} vs AC {ac}: miss")
        if first < threat:
            return AttackRoll("hit", first, None, f"{first}+{attack_bonus} = {total} vs AC {ac}: hit")
        confirm = rng.randint(1, 20)
        ctotal = confirm + attack_bonus
        confirmed = confirm == 20 or (confirm != 1 and ctotal >= ac)
        text = (f"{first}+{attack_bonus} = {total}: threat; confirm {confirm}+{attack_bonus} = {ctotal} "
                f"vs AC {ac}: " + ("critical" if confirmed else "hit"))
        return AttackRoll("critical" if confirmed else "hit", first, confirm, text)

    def track_text(self, creature: Creature) -> str:
        """``HP 6/12 sub 4``."""
        temp = f" +{creature.temp_hp}" if creature.temp_hp else ""
        sub = f" sub {creature.subdual}" if creature.subdual else ""
        return f"HP {creature.hp}/{creature.max_hp}{temp}{sub}"

    def track_fraction(self, creature: Creature) -> float:
        """HP as a fraction of max HP (0 below zero)."""
        return max(0, creature.hp or 0) / creature.max_hp if creature.max_hp else 0.0
