"""The PF2 damage pipeline (RULES §2): roll → floor → merge → double/halve → the creature's
defenses → total → track, one attack at a time."""

from __future__ import annotations

from typing import Any

from core.creature.model import Breakdown, Creature, RolledPart
from core.dice.expression import RandomSource
from core.notation import DamagePart, Defenses, applicable
from core.systems.base import Application, Dealt
from core.systems.pf2.attack import Attack, Instance, part_keys
from core.systems.pf2.defenses import Pf2Defenses
from core.systems.pf2.policy import SAVE_FACTORS, SAVE_WORDS
from core.systems.pf2.track import Pf2Track
from core.text.i18n import tr


def _scale_words(factor: float, crit: bool, save: str | None) -> str:
    """Why an attack is doubled or halved, in the breakdown's words (Step 1b)."""
    if crit and save and SAVE_FACTORS[save] != 1:
        return tr("critical hit and {save}", save=tr(SAVE_WORDS[save]))
    if crit and factor >= 2:
        return tr("critical hit: double")
    return tr(SAVE_WORDS[save]) if save in SAVE_WORDS else f"×{factor:g}"


def _shares(instances: list[Instance], arrow: bool = False, before: list[int] | None = None) -> str:
    """``fire 2, cold 3`` or, with ``before``, ``fire 4 → 2, cold 6 → 3``."""
    if before is None:
        return ", ".join(f"{i.label} {i.amount}" for i in instances)
    return ", ".join(f"{i.label} {b} → {i.amount}"
                     for i, b in zip(instances, before, strict=True))


def _halve_total(amounts: list[int], factor: float) -> list[int]:
    """pf2e (seed 004): halve the total, rounding down once, shared out across the instances:
    half each, the lost points one each to the odd ones in written order (RULES §2 Step 1b,
    a Decision)."""
    shares = [int(v * factor) for v in amounts]
    spare = int(sum(amounts) * factor) - sum(shares)
    for idx, v in enumerate(amounts):
        if spare <= 0:
            break
        if v * factor != int(v * factor):
            shares[idx] += 1
            spare -= 1
    return shares


class Pf2Damage(Pf2Track, Pf2Defenses):
    """Shared pipeline: roll → floor → merge → double/halve → immunity → weakness →
    vulnerability → resistance → track."""

    def _critical_part(self, rolled: RolledPart, index: int, mult: int, rng: RandomSource,
                       settings: dict[str, Any]) -> RolledPart:
        part = rolled.part
        if (settings.get("crit_mode") == "roll-twice" and part.amount is not None
                and not part.persistent and not part.on_crit):
            # the dice rolled twice, the modifier counted twice (once in each total)
            again, faces = part.amount.roll_again(rng)  # a table total (2d4=7): the app rolls again
            return RolledPart(part, rolled.value, rolled.faces, rolled.value + again, rolled.faces + faces)
        return rolled

    def _deal(self, work: Creature, defenses: Defenses, applied: Application,
              steps: Breakdown) -> Dealt:
        """Each hit through the pipeline in turn: a critical unless the creature is immune."""
        roll, settings = applied.roll, applied.settings
        total = 0
        critical_roll = bool(applied.critical) or bool(roll.critical)
        for index, hit in enumerate(roll.hits):
            if len(roll.hits) > 1:
                steps.add("note", tr("hit {number}: {damage}", number=index + 1,
                                     damage=roll.damage[index]))
            crit = critical_roll and not self._immune_to_critical(hit, defenses, steps)
            twice = crit and settings.get("crit_mode") == "roll-twice"
            if twice:
                steps.add("scale", tr("critical hit: the dice rolled twice, the modifiers doubled "
                                      "(encounter setting)"))
            lethal_off = applied.nonlethal or roll.damage[index].nonlethal
            total += self._resolve_hit(work, hit, defenses, crit, twice, applied.save, lethal_off,
                                       steps)
        return Dealt(total)

    def _resolve_hit(self, work: Creature, hit: tuple[RolledPart, ...], defenses: Defenses,
                     crit: bool, twice: bool, save: str | None, nonlethal: bool,
                     steps: Breakdown, tick: bool = False, tick_factor: float = 1.0) -> int:
        """One attack through RULES §2, top to bottom; returns the damage it deals."""
        attack = Attack.sort(hit, crit, tick)
        floored = self._floor(attack.main, twice, steps)                      # Step 1
        instances, by_key = self._merge(attack.main, floored, steps)          # Step 2
        factor = SAVE_FACTORS[save] * (2.0 if crit and not twice else 1.0) * tick_factor
        if factor != 1.0:
            self._scale(instances, factor, crit and not twice, save, steps)   # Step 1b
        self._add_on_crit(attack.on_crit, instances, by_key, steps)           # Step 3.2
        self._kind_filter(work, instances, steps)                             # creature kind
        if self._effect_immunity(attack, hit, defenses, instances, steps):   # Step 3.1
            attack.persistent = []
        for rp in attack.persistent:  # conditions, shown before the total they do not count in
            self._add_condition(work, rp.part, defenses, crit, save, steps)
        looked = [applicable(defenses, inst.keys) for inst in instances]
        if defenses.immunities:
            self._immunities(instances, looked, defenses, self._nonlethal_immunity(
                hit, defenses, nonlethal), steps)                              # Step 3.1
        if defenses.weaknesses:
            self._weaknesses(instances, looked, steps)                         # Step 3.2
        wounds = 0
        if self.policy.uses_wounds and defenses.vulnerabilities:
            wounds = self._vulnerability(work, instances, looked, nonlethal, steps)  # Step 3.3
        if defenses.resistances:
            self._resistances(instances, looked, steps)                        # Step 3.4
        total = self._total(instances, steps)
        if tick or attack.main or attack.on_crit:
            self._track(work, total, wounds, crit or save == "critical-failure", nonlethal, steps,
                        massive_check=True)                                    # Step 4
        return total

    def _floor(self, main: list[RolledPart], twice: bool, steps: Breakdown) -> list[int]:
        """Step 1 and RULES §1: each part's roll, floored at 0; an attack with dice or modifiers
        deals 1 at least, carried by its first such part (a typed 0 stays 0)."""
        if not main:
            return []
        steps.add("roll", tr("roll: {parts}", parts=", ".join(rp.describe(twice) for rp in main)))
        values = [(rp.crit_value if twice and rp.crit_value is not None else rp.value) for rp in main]
        with_amount = [i for i, rp in enumerate(main) if rp.part.amount is not None
                       and (rp.part.amount.dice_count or rp.part.amount.modifier)]
        floored = [max(0, v) if main[i].part.amount is not None else 0 for i, v in enumerate(values)]
        if floored != values and with_amount:
            steps.add("floor", tr("minimum: a part below 0 counts as 0"))  # RULES §1, a Decision
        if with_amount and sum(floored[i] for i in with_amount) <= 0:
            floored[with_amount[0]] = 1
            steps.add("floor", tr("minimum damage: the attack deals 1"))
        return floored

    def _merge(self, main: list[RolledPart], floored: list[int],
               steps: Breakdown) -> tuple[list[Instance], dict[tuple[Any, ...], Instance]]:
        """Step 2: parts of the same type, traits and source word merge into one instance;
        precision joins the first typed one."""
        instances: list[Instance] = []
        by_key: dict[tuple[Any, ...], Instance] = {}
        for rp, value in zip(main, floored, strict=True):
            part = rp.part
            if part.type == "precision":
                continue  # joins an instance next (_add_precision)
            inst = self._instance(part, instances, by_key)
            inst.amount += value
            inst.dice += rp.dice_count
            if inst.typed_total is None and part.amount is not None and part.amount.is_constant:
                inst.typed_total = part.label
        self._add_precision(main, floored, instances, steps)
        if len(main) > len(instances):
            steps.add("merge", tr("merge: {shares}", shares=_shares(instances)))
        return instances, by_key

    def _add_precision(self, main: list[RolledPart], floored: list[int], instances: list[Instance],
                       steps: Breakdown) -> None:
        """Step 2: the precision parts' share joins the attack's first typed instance."""
        shares = [(rp.part, value) for rp, value in zip(main, floored, strict=True)
                  if rp.part.type == "precision"]
        if not shares:
            return
        target = self._precision_target(shares[0][0], instances)
        share = sum(value for _, value in shares)
        target.amount += share
        target.precision += share
        target.precision_traits = target.precision_traits.union(*(part.traits for part, _ in shares))
        steps.add("merge", tr("precision {share} joins {part} → {amount}", share=share,
                              part=target.label, amount=target.amount))

    def _instance(self, part: DamagePart, instances: list[Instance],
                  by_key: dict[tuple[Any, ...], Instance]) -> Instance:
        """The instance a part merges into (same type, traits and source word), made if new."""
        key = (part.type, part.traits, part.source)
        inst = by_key.get(key)
        if inst is None:
            inst = Instance(part, part_keys(self.vocabulary, part))
            by_key[key] = inst
            instances.append(inst)
        return inst

    def _precision_target(self, first: DamagePart, instances: list[Instance]) -> Instance:
        """RULES §2 Step 2: precision joins the attack's first part that has a type (not a bare
        source word such as ``water``); an attack of precision alone is its own instance."""
        for inst in instances:
            if inst.type is not None and inst.type != "precision":
                return inst
        for inst in instances:
            if inst.type == "precision":
                return inst
        target = Instance(first, part_keys(self.vocabulary, first, "precision"))
        instances.insert(0, target)
        return target

    def _scale(self, instances: list[Instance], factor: float, crit: bool, save: str | None,
               steps: Breakdown) -> None:
        """Step 1b: double (critical hit) or halve (basic save), by the system's policy."""
        before = [i.amount for i in instances]
        halving = 0 < factor < 1
        if self.policy.halve_total and halving:
            shares = _halve_total(before, factor)
        else:
            shares = [self._scale_one(v, factor) for v in before]
        for inst, new in zip(instances, shares, strict=True):
            inst.precision = min(int(inst.precision * factor), new)
            inst.amount = new
        pairs = _shares(instances, before=before)
        why = _scale_words(factor, crit, save)
        if self.policy.halve_floor_one and halving and 1 in before:
            steps.add("scale", tr("{why}: {shares} (1 halved stays 1)", why=why, shares=pairs))
        elif self.policy.halve_total and halving and len(instances) > 1:
            steps.add("scale", tr("{why}: {shares} (the total halved, rounded down once)", why=why,
                                  shares=pairs))
        else:
            steps.add("scale", tr("{why}: {shares}", why=why, shares=pairs))

    def _scale_one(self, amount: int, factor: float) -> int:
        """sf2e, vitality-wounds: each instance on its own, rounding down (a Decision); sf2e
        keeps an instance of 1 halved at 1."""
        new = int(amount * factor)
        if self.policy.halve_floor_one and 0 < factor < 1 and amount >= 1 and new == 0:
            return 1
        return new

    def _add_on_crit(self, on_crit: list[RolledPart], instances: list[Instance],
                     by_key: dict[tuple[Any, ...], Instance], steps: Breakdown) -> None:
        """On-crit parts: added after doubling, merged like any other part; on-crit precision
        joins the precision share of the first typed instance (RULES §2 Step 3.2)."""
        for rp in on_crit:
            part = rp.part
            value = max(0, rp.value)
            if part.type == "precision":
                inst = self._precision_target(part, instances)
                inst.precision += value
                inst.precision_traits |= part.traits
            else:
                inst = self._instance(part, instances, by_key)
            inst.amount += value
            if part.crit_rule:      # a Strike's deadly or fatal die (RULES §10)
                steps.add("merge", tr("{rule}: {part} added after doubling, not doubled, to {instance} "
                                      "→ {amount}", rule=part.crit_rule, part=rp.describe(),
                                      instance=inst.label, amount=inst.amount))
                continue
            steps.add("merge", tr("on-crit {part} added to {instance} → {amount}", part=rp.describe(),
                                  instance=inst.label, amount=inst.amount))

    @staticmethod
    def _total(instances: list[Instance], steps: Breakdown) -> int:
        """What the attack deals: its instances after every defense, none below 0."""
        total = sum(max(inst.amount, 0) for inst in instances)
        if len(instances) == 1:
            steps.add("total", tr("total: {total}", total=total))
        else:
            shares = " + ".join(f"{i.label} {i.amount}"
                                for i in instances) or "0"
            steps.add("total", tr("total: {shares} = {total}", shares=shares, total=total))
        return total

    def _add_condition(self, work: Creature, part: DamagePart, defenses: Defenses, crit: bool,
                       save: str | None, steps: Breakdown) -> None:
        """A persistent part of the attack becomes a condition (Pf2Persistent)."""
        raise NotImplementedError
