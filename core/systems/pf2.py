"""The PF2 family — ``pf2e``, ``sf2e``, ``vitality-wounds`` — one pipeline, small named policies."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from core.dice import RandomSource, _default_rng
from core.model import Breakdown, Creature, Outcome, PersistentDamage, Roll, RolledPart
from core.notation import Applicable, Damage, DamagePart, DefenseEntry, Defenses, applicable
from core.systems.base import RuleSystem, StatField, flat_check
from core.vocabulary import Vocabulary, vocabulary

SAVE_FACTORS: dict[str | None, float] = {None: 1.0, "failure": 1.0, "success": 0.5, "critical-success": 0.0,
                "critical-failure": 2.0}
SAVE_WORDS: dict[str | None, str] = {"success": "basic save success: half", "critical-success": "basic save critical success: none",
              "critical-failure": "basic save critical failure: double"}


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


# Immunities that name a rule, not a damage type: they never drop a persistent part by type
_SPECIAL_IMMUNITIES = ("persistent", "critical-hits", "precision", "nonlethal")

# RULES §7 recovery check: degree (0 critical failure … 3 critical success) -> change in dying
RECOVERY_CHANGE = {3: -2, 2: -1, 1: 1, 0: 2}
RECOVERY_WORDS = {3: "critical success", 2: "success", 1: "failure", 0: "critical failure"}


def dying_limit(creature: Creature) -> int:
    """The dying value that kills: 4 minus doomed (RULES §7), never below 1."""
    return max(1, 4 - creature.condition_values.get("doomed", 0))


def _doomed_words(creature: Creature) -> str:
    doomed = creature.condition_values.get("doomed", 0)
    return f" (doomed {doomed}: dies at dying {dying_limit(creature)})" if doomed else ""


class Instance:
    """One damage instance in the pipeline (parts of the same type and traits merged)."""

    __slots__ = ("type", "traits", "keys", "amount", "precision", "dice", "source", "removed", "label",
                 "typed_total", "precision_traits")

    def __init__(self, part: DamagePart, keys: frozenset[str]) -> None:
        self.type = part.type
        self.traits = part.traits
        self.keys = keys
        self.amount = 0
        self.precision = 0
        self.dice = 0
        self.source = part.source
        self.removed = False
        self.typed_total: str | None = None  # a part written as a bare total: no dice known
        self.precision_traits: frozenset[str] = frozenset()  # traits the precision parts carry
        label = part.type or part.source or "damage"
        extra = sorted(part.traits - {"nonlethal"})
        self.label = f"{label} ({' '.join(extra)})" if extra else label

    def remove(self) -> None:
        """Nothing of this instance is dealt (an immunity, the creature's kind, an effect)."""
        self.amount = self.precision = 0
        self.removed = True


def _keys(vocab: Vocabulary, part: DamagePart, damage_type: str | None = None) -> frozenset[str]:
    """Selector keys of a part: its type, category, traits, source word, ``all``."""
    return _selector_keys(vocab.system, damage_type or part.type, part.traits, part.source)


@cache  # a handful of distinct parts per table; this runs for every part of every preview
def _selector_keys(system: str, damage_type: str | None, traits: frozenset[str],
                   source: str | None) -> frozenset[str]:
    keys = vocabulary(system).keys_for(damage_type, traits)
    return keys | {source} if source else keys


def _scale_words(factor: float, crit: bool, save: str | None) -> str:
    """Why an attack is doubled or halved, in the breakdown's words (Step 1b)."""
    if crit and save and SAVE_FACTORS[save] != 1:
        return f"critical hit and {SAVE_WORDS[save]}"
    if crit and factor >= 2:
        return "critical hit: double"
    return SAVE_WORDS.get(save, f"×{factor:g}")


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


def _best_weakness(inst: Instance, app: Applicable) -> DefenseEntry | None:
    """The highest weakness that applies to an instance (precision only with a share)."""
    if inst.removed or (inst.amount <= 0 and inst.source is None):
        return None
    best = app.weakness
    prec = app.precision_weakness if inst.precision > 0 else None
    if prec is not None and (best is None or prec.value > best.value):
        return prec
    return best


@dataclass
class Attack:
    """One hit's parts, sorted by what the pipeline does with them (RULES §2)."""

    main: list[RolledPart]         # dealt now: rolled, floored, merged, doubled or halved
    on_crit: list[RolledPart]      # added after doubling (Step 3.2)
    persistent: list[RolledPart]   # become conditions, deal nothing now

    @classmethod
    def sort(cls, hit: tuple[RolledPart, ...], crit: bool, tick: bool) -> Attack:
        """A tick deals its persistent damage now; an on-crit part exists only on a critical."""
        attack = cls([], [], [])
        for rp in hit:
            part = rp.part
            if part.on_crit and not crit:
                continue
            if part.persistent and not tick:
                attack.persistent.append(rp)  # bleed in pf2e/sf2e too: parsed as persistent
            elif part.on_crit:
                attack.on_crit.append(rp)
            else:
                attack.main.append(rp)
        return attack

    @property
    def effects(self) -> frozenset[str]:
        """The effect traits every part of the attack carries (Step 3.1)."""
        return frozenset().union(*(rp.part.effects for rp in (*self.main, *self.on_crit,
                                                              *self.persistent)))


class Pf2Family(RuleSystem):
    """Shared pipeline: roll → floor → merge → double/halve → immunity → weakness →
    vulnerability → resistance → track."""

    policy: Pf2Policy
    save_choices = (None, "critical-success", "success", "failure", "critical-failure")
    has_basic_saves = True
    save_words = "basic save"
    stat_fields: tuple[StatField, ...] = (StatField("hp", "HP", 15), StatField("temp_hp", "Temp HP", 0))
    initiative_ties = ("adversaries-first", "higher-modifier")  # RULES §7
    dying_check_at = "start"
    rule_options: tuple[str, ...] = ("crit_mode", "flat_checks")
    kind_words = ("living", "undead", "construct", "bloodless")   # see _kind_filter

    @property
    def persistent_timing(self) -> str:  # type: ignore[override]
        return self.policy.persistent_timing

    # ------------------------------------------------------------------ creatures
    def _set_stats(self, c: Creature, stats: dict[str, int], editing: bool = False) -> None:
        if "hp" in stats:
            old_max = c.max_hp
            c.max_hp = stats["hp"]
            c.hp = stats["hp"] if not editing or c.hp is None or old_max is None else \
                max(0, min(stats["hp"], c.hp + stats["hp"] - old_max))
        elif not editing and c.hp is None:
            c.hp = c.max_hp = 10
        if "temp_hp" in stats:
            c.temp_hp = stats["temp_hp"]

    # ------------------------------------------------------------------ rolling
    def _critical_part(self, rolled: RolledPart, index: int, mult: int, rng: RandomSource,
                       settings: dict[str, Any]) -> RolledPart:
        part = rolled.part
        if (settings.get("crit_mode") == "roll-twice" and part.amount is not None
                and not part.persistent and not part.on_crit):
            # the dice rolled twice, the modifier counted twice (once in each total)
            again, faces = part.amount.roll_again(rng)  # a table total (2d4=7): the app rolls again
            return RolledPart(part, rolled.value, rolled.faces, rolled.value + again, rolled.faces + faces)
        return rolled

    # ------------------------------------------------------------------ resolve
    def resolve(self, creature: Creature, roll: Roll, critical: bool | int = False,
                save: str | None = None, nonlethal: bool = False, armor_slot: bool = False,
                direct: bool = False, settings: dict[str, Any] | None = None) -> Outcome:
        """What the roll does to the creature, step by step, without touching it."""
        self.check_save(save)
        settings = settings or {}
        defenses = self.defenses_of(creature)
        work = creature.clone()
        steps = Breakdown()
        total = 0
        critical_roll = bool(critical) or bool(roll.critical)
        for index, hit in enumerate(roll.hits):
            if len(roll.hits) > 1:
                steps.add("note", f"hit {index + 1}: {roll.damage[index]}")
            crit = critical_roll and not self._immune_to_critical(hit, defenses, steps)
            twice = crit and settings.get("crit_mode") == "roll-twice"
            if twice:
                steps.add("scale", "critical hit: the dice rolled twice, the modifiers doubled "
                          "(encounter setting)")
            lethal_off = nonlethal or roll.damage[index].nonlethal
            total += self._resolve_hit(work, hit, defenses, crit, twice, save, lethal_off, steps,
                                       settings)
        summary = self._summary(creature, work, total)
        return self._outcome(creature, work, total, steps, wounds=self._wounds_taken(creature, work),
                             summary=summary)

    def _summary(self, before: Creature, after: Creature, total: int) -> str:
        status = self.status(after)
        return f"{total}: {self.track_text(before)} → {self.track_text(after)}" + \
            ("" if status == "ok" else f" {status}")

    @staticmethod
    def _wounds_taken(before: Creature, after: Creature) -> int:
        """``out.wounds``: every Wound the application took = the change of the Wounds track
        (overflow past Vitality plus vulnerability Wounds; RULES §2 Step 4)."""
        if before.wounds is None or after.wounds is None:
            return 0
        return max(0, before.wounds - after.wounds)

    def _immune_to_critical(self, hit: tuple[RolledPart, ...], defenses: Defenses,
                            steps: Breakdown) -> bool:
        """RULES §2 Steps 2 and 3.1: immunity to critical hits makes the hit a normal hit, unless
        its ``(except …)`` or ``non-magical`` spares this attack (decided for the whole attack)."""
        if not defenses.immunities:
            return False
        entry = defenses.special_immunity("critical-hits", self._attack_keys(hit))
        if entry is not None:
            steps.add("immunity", f"{entry.describe()}: a normal hit (nothing doubled, no on-crit "
                      "damage)")
            return True
        qualified = next((e for e in defenses.immunities if e.selector == "critical-hits"), None)
        if qualified is not None:
            steps.add("immunity", f"{qualified.describe()} does not apply to this attack: a "
                      "critical hit")
        return False

    def _attack_keys(self, hit: tuple[RolledPart, ...]) -> list[frozenset[str]]:
        """The selector keys of every part of one attack."""
        return [_keys(self.vocabulary, rp.part) for rp in hit]

    def _resolve_hit(self, work: Creature, hit: tuple[RolledPart, ...], defenses: Defenses,
                     crit: bool, twice: bool, save: str | None, nonlethal: bool,
                     steps: Breakdown, settings: dict[str, Any], tick: bool = False,
                     tick_factor: float = 1.0) -> int:
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
            self._add_condition(work, rp.part, defenses, crit, save, steps, settings)
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
        steps.add("roll", "roll: " + ", ".join(rp.describe(twice) for rp in main))
        values = [(rp.crit_value if twice and rp.crit_value is not None else rp.value) for rp in main]
        with_amount = [i for i, rp in enumerate(main) if rp.part.amount is not None
                       and (rp.part.amount.dice_count or rp.part.amount.modifier)]
        floored = [max(0, v) if main[i].part.amount is not None else 0 for i, v in enumerate(values)]
        if floored != values and with_amount:
            steps.add("floor", "minimum: a part below 0 counts as 0")  # RULES §1, a Decision
        if with_amount and sum(floored[i] for i in with_amount) <= 0:
            floored[with_amount[0]] = 1
            steps.add("floor", "minimum damage: the attack deals 1")
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
            merged = ", ".join(f"{x.label} {x.amount}" for x in instances)
            steps.add("merge", f"merge: {merged}")
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
        steps.add("merge", f"precision {share} joins {target.label} → {target.amount}")

    def _instance(self, part: DamagePart, instances: list[Instance],
                  by_key: dict[tuple[Any, ...], Instance]) -> Instance:
        """The instance a part merges into (same type, traits and source word), made if new."""
        key = (part.type, part.traits, part.source)
        inst = by_key.get(key)
        if inst is None:
            inst = Instance(part, _keys(self.vocabulary, part))
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
        target = Instance(first, _keys(self.vocabulary, first, "precision"))
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
        pairs = ", ".join(f"{i.label} {b} → {i.amount}" for i, b in zip(instances, before, strict=True))
        rounding = ""
        if self.policy.halve_total and halving and len(instances) > 1:
            rounding = " (the total halved, rounded down once)"
        if self.policy.halve_floor_one and halving and 1 in before:
            rounding = " (1 halved stays 1)"
        steps.add("scale", f"{_scale_words(factor, crit, save)}: {pairs}{rounding}")

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
            steps.add("merge", f"on-crit {rp.describe()} added to {inst.label} → {inst.amount}")

    def _kind_filter(self, work: Creature, instances: list[Instance], steps: Breakdown) -> None:
        """Damage that cannot harm a creature of this kind (undead, construct, bloodless)."""
        for inst in instances:
            why = self._harmless(inst.type, work.kind)
            if why and inst.amount:
                steps.add("immunity", f"{why}: {inst.label} {inst.amount} → 0")
                inst.remove()

    def _harmless(self, damage_type: str | None, kind: str) -> str | None:
        """Why damage of this type does not harm a creature of this kind, or None."""
        policy = self.policy
        if damage_type == policy.healing_type and kind != "undead":
            return f"{damage_type} damage harms only undead"
        if damage_type == policy.harm_type and kind in ("undead", "construct"):
            return f"{damage_type} damage harms only the living"
        if damage_type == "bleed" and kind in ("undead", "construct", "bloodless"):
            return f"bleed has no effect on {kind} creatures"
        if damage_type == "spirit" and kind == "construct":
            return "spirit damage has no effect on constructs"
        return None

    def _effect_immunity(self, attack: Attack, hit: tuple[RolledPart, ...], defenses: Defenses,
                         instances: list[Instance], steps: Breakdown) -> bool:
        """Step 3.1 and seed 004: an immunity to an effect trait of the attack removes it whole,
        its persistent parts too."""
        if not defenses.effect_traits:
            return False
        immune = defenses.effect_immunity(attack.effects, self._attack_keys(hit))
        if immune is None:
            return False
        shares = ", ".join(f"{i.label} {i.amount} → 0" for i in instances if not i.removed)
        steps.add("immunity", f"{immune.describe()}: the attack has the {immune.selector} trait "
                  f"and deals nothing{': ' + shares if shares else ''}")
        for inst in instances:
            inst.remove()
        for rp in attack.persistent:
            steps.add("immunity", f"persistent {rp.part.label}: dropped ({immune.describe()})")
        return True

    def _nonlethal_immunity(self, hit: tuple[RolledPart, ...], defenses: Defenses,
                            nonlethal: bool) -> DefenseEntry | None:
        """Immunity to nonlethal attacks, when this attack is nonlethal (Step 3.1)."""
        if not nonlethal or not defenses.immunities:
            return None
        return defenses.special_immunity("nonlethal", self._attack_keys(hit))

    @staticmethod
    def _immunities(instances: list[Instance], looked: list[Applicable], defenses: Defenses,
                    nonlethal_immunity: DefenseEntry | None, steps: Breakdown) -> None:
        """Step 3.1: an immunity removes the instance; precision immunity only the precision share
        (``(except …)`` decided by the instance the share joined); nonlethal immunity every
        instance of a nonlethal attack."""
        for inst, app in zip(instances, looked, strict=True):
            if inst.removed:
                continue
            whole = nonlethal_immunity if nonlethal_immunity is not None else app.immunity
            if whole is not None:
                steps.add("immunity", f"{whole.describe()}: {inst.label} {inst.amount} → 0")
                inst.remove()
                continue
            # (except …): the instance the share joined, or a precision part itself, spares it
            precision = defenses.special_immunity("precision", (inst.keys | inst.precision_traits,)) \
                if inst.precision else None
            if precision is not None:
                steps.add("immunity", f"{precision.describe()}: {inst.label} {inst.amount} → "
                          f"{inst.amount - inst.precision} (precision share removed)")
                inst.amount -= inst.precision
                inst.precision = 0

    def _weaknesses(self, instances: list[Instance], looked: list[Applicable],
                    steps: Breakdown) -> None:
        """Step 3.2: each instance takes the highest weakness that applies (a precision weakness
        only with a precision share); vitality-wounds: only the highest, once per attack."""
        chosen = [(inst, entry) for inst, app in zip(instances, looked, strict=True)
                  if (entry := _best_weakness(inst, app)) is not None]
        if self.policy.weakness_per_attack and chosen:
            inst, entry = max(chosen, key=lambda pair: pair[1].value)  # the first of equals
            steps.add("weakness", f"{entry.describe()} (highest, once per attack): "
                      f"{inst.label} {inst.amount} → {inst.amount + entry.value}")
            inst.amount += entry.value
            return
        for inst, entry in chosen:
            steps.add("weakness", f"{entry.describe()}: {inst.label} {inst.amount} → "
                      f"{inst.amount + entry.value}")
            inst.amount += entry.value

    @staticmethod
    def _vulnerability(work: Creature, instances: list[Instance], looked: list[Applicable],
                       nonlethal: bool, steps: Breakdown) -> int:
        """Step 3.3 (vitality-wounds): one Wound per damage die as rolled, skipping Vitality, or
        +5 per die on a Hit Point creature. None from a removed instance; none at all from a
        nonlethal attack (a Decision); a bare typed total has no dice to count, and says so."""
        wounds = 0
        for inst, app in zip(instances, looked, strict=True):
            entry = app.vulnerability
            if inst.removed or entry is None:
                continue
            if inst.typed_total is not None:
                known = f" ({inst.typed_total}), counted as no dice" if inst.dice else ""
                steps.add("vulnerability", f"{entry.describe()}: no dice known for a typed "
                          f"total{known}; write 2d4=7 (the dice and what they came to)")
            if not inst.dice:
                continue
            plural = "s" if inst.dice != 1 else ""
            if work.max_wounds is None:
                extra = 5 * inst.dice  # added before resistances (a Decision)
                steps.add("vulnerability", f"{entry.describe()}: +5 per die on a Hit Point "
                          f"creature: {inst.label} {inst.amount} → {inst.amount + extra}")
                inst.amount += extra
            elif nonlethal:
                steps.add("vulnerability", f"{entry.describe()}: no Wound{plural} — a nonlethal "
                          "attack deals no Wounds")
            else:
                wounds += inst.dice  # they skip Vitality (a Decision)
                steps.add("vulnerability", f"{entry.describe()}: {inst.dice} Wound{plural} "
                          "(one per damage die), skipping Vitality")
        return wounds

    @staticmethod
    def _resistances(instances: list[Instance], looked: list[Applicable], steps: Breakdown) -> None:
        """Step 3.4: the resistance that removes the most. The seeds say "the highest value"; the
        two differ only for a precision resistance capped at the precision share, and comparing
        what each removes keeps "a resistance never raises damage" true."""
        for inst, app in zip(instances, looked, strict=True):
            if inst.amount <= 0:
                continue
            entry = app.resistance
            prec = app.precision_resistance if inst.precision > 0 else None
            if prec is not None and (entry is None or min(prec.value, inst.precision)
                                     > min(entry.value, inst.amount)):
                removed = min(prec.value, inst.precision, inst.amount)
                steps.add("resistance", f"{prec.describe()}: {inst.label} {inst.amount} → "
                          f"{inst.amount - removed}")
                inst.amount -= removed
                inst.precision -= removed
            elif entry is not None:
                removed = min(entry.value, inst.amount)
                steps.add("resistance", f"{entry.describe()}: {inst.label} {inst.amount} → "
                          f"{inst.amount - removed}")
                inst.amount -= removed
                inst.precision = min(inst.precision, inst.amount)

    @staticmethod
    def _total(instances: list[Instance], steps: Breakdown) -> int:
        """What the attack deals: its instances after every defense, none below 0."""
        total = sum(inst.amount for inst in instances if inst.amount > 0)
        if len(instances) == 1:
            steps.add("total", f"total: {total}")
        else:
            shares = " + ".join(f"{i.label} {i.amount}" for i in instances) or "0"
            steps.add("total", f"total: {shares} = {total}")
        return total

    # ------------------------------------------------------------------ persistent damage
    def _add_condition(self, work: Creature, part: DamagePart, defenses: Defenses, crit: bool,
                       save: str | None, steps: Breakdown, settings: dict[str, Any]) -> None:
        """A persistent part becomes a condition: doubled on a critical unless it is on-crit,
        halved by a save, dropped by an immunity; one condition per damage type (RULES §2)."""
        factor = SAVE_FACTORS[save] * (2 if crit and not part.on_crit else 1)
        formula = " ".join(w for w in (str(part.amount), part.type, *sorted(part.traits),
                                       *sorted(part.effects)) if w)
        if factor == 0:
            steps.add("scale", f"persistent {formula}: none (factor 0)")
            return
        why = self._persistent_immunity(work, part, defenses)
        if why is not None:
            steps.add("immunity", f"persistent {formula}: dropped ({why})")
            return
        new = PersistentDamage(formula, part.type or "untyped", factor,
                               self.policy.persistent_rounds, None, False,
                               self.policy.persistent_timing)
        if self._replaces_same_type(work, new, part.amount.average * factor if part.amount else 0.0,
                                    steps):
            return
        work.persistent.append(new)
        when = "start" if new.timing == "start" else "end"
        always = f" ({part.type} is always persistent damage: it deals nothing now)" \
            if part.implied_persistent else ""
        steps.add("note", f"persistent {new.label} added (at the {when} of its turn){always}")

    def _persistent_immunity(self, work: Creature, part: DamagePart, defenses: Defenses) -> str | None:
        """Why a persistent part is dropped (RULES §2 Step 3.1), or None."""
        keys = self.vocabulary.keys_for(part.type, part.traits)
        if defenses.immunities:
            # immunity to persistent damage, its (except …) decided part by part
            immune = defenses.special_immunity("persistent", (keys,))
            if immune is None:
                immune = next((e for e in defenses.immunities if e.selector not in _SPECIAL_IMMUNITIES
                               and e.matches(keys)), None)
            if immune is not None:
                return immune.describe()
        if part.type == "bleed" and work.kind in ("undead", "construct", "bloodless"):
            return f"bleed has no effect on {work.kind} creatures"
        return None

    @staticmethod
    def _replaces_same_type(work: Creature, new: PersistentDamage, average: float,
                            steps: Breakdown) -> bool:
        """One condition per damage type: the higher average stays (RULES §2). True when a
        condition of the type was there already."""
        for i, old in enumerate(work.persistent):
            if old.type != new.type:
                continue
            if average > old.average:
                work.persistent[i] = new
                steps.add("note", f"persistent {new.label} replaces {old.label} (higher average "
                          f"{average:g} > {old.average:g})")
            else:
                steps.add("note", f"persistent {new.label} ignored: {old.label} already there "
                          f"(average {old.average:g} ≥ {average:g})")
            return True
        return False

    def add_persistent(self, creature: Creature, text: str, critical: bool = False,
                       save: str | None = None, settings: dict[str, Any] | None = None) -> Outcome:
        """Add a persistent condition and commit; ``"1d6 bleed"`` or ``"1d6 persistent bleed"``."""
        outcome = self.resolve_persistent(creature, text, critical, save, settings)
        self.commit(creature, outcome)
        return outcome

    def resolve_persistent(self, creature: Creature, text: str, critical: bool = False,
                           save: str | None = None, settings: dict[str, Any] | None = None) -> Outcome:
        """What adding a persistent condition would do, without touching the creature."""
        self.check_save(save)
        damage = self.parse_damage(text)
        work = creature.clone()
        steps = Breakdown()
        defenses = self.defenses_of(creature)
        crit = bool(critical) and not (defenses.immunities and defenses.special_immunity(
            "critical-hits", [_keys(self.vocabulary, p) for p in damage.parts]))
        for part in damage.parts:
            if part.amount is None:
                continue
            # added as a condition on purpose: no "deals nothing now" note for bleed
            self._add_condition(work, replace(part, implied_persistent=False), defenses, crit, save,
                                steps, settings or {})
        return self._outcome(creature, work, 0, steps, summary="; ".join(steps.lines()))

    def _turn(self, creature: Creature, when: str, rng: RandomSource | None,
              settings: dict[str, Any] | None) -> Outcome:
        settings = settings or {}
        rng = rng or _default_rng
        work = creature.clone()
        steps = Breakdown()
        total = 0
        timing = self.policy.persistent_timing
        if "dead" in work.conditions:
            return self._outcome(creature, work, 0, steps, summary="")  # the dead take no turns
        if when == timing:
            for cond in list(work.persistent):
                total += self._tick(work, cond, rng, steps, settings)
                if "dead" in work.conditions:
                    break  # nothing more to check on the dead
                if timing == "end":
                    self._check(work, cond, rng, None, steps, settings)
        if when == "end" and timing == "start":
            for cond in list(work.persistent):
                self._check(work, cond, rng, None, steps, settings)
            for cond in list(work.persistent):
                if cond.rounds_left is None:
                    continue
                idx = work.persistent.index(cond)
                left = cond.rounds_left - 1
                if left <= 0:
                    work.persistent.pop(idx)
                    steps.add("note", f"persistent {cond.label} ends by itself (its turns ran out)")
                else:
                    work.persistent[idx] = replace(cond, rounds_left=left)
        return self._outcome(creature, work, total, steps, wounds=self._wounds_taken(creature, work),
                             summary="; ".join(steps.lines()))

    def tick(self, creature: Creature, index: int, rng: RandomSource | None = None,
             settings: dict[str, Any] | None = None) -> Outcome:
        """Roll one persistent condition's damage now (no flat check) and commit."""
        work = creature.clone()
        steps = Breakdown()
        dealt = self._tick(work, creature.persistent[index], rng or _default_rng, steps, settings or {})
        outcome = self._outcome(creature, work, dealt, steps, wounds=self._wounds_taken(creature, work),
                                summary="; ".join(steps.lines()))
        self.commit(creature, outcome)
        return outcome

    def _tick(self, work: Creature, cond: PersistentDamage, rng: RandomSource, steps: Breakdown,
              settings: dict[str, Any]) -> int:
        damage: Damage = self.parse_damage(cond.formula)
        # a tick is the condition's damage dealt now (``1d6 bleed`` parses as persistent)
        damage = replace(damage, parts=tuple(replace(p, persistent=False) for p in damage.parts))
        rolled = self.roll(damage, False, rng, settings)
        steps.add("note", f"persistent {cond.label} ticks")
        return self._resolve_hit(work, rolled.hits[0], self.defenses_of(work), False, False, None,
                                 False, steps, settings, tick=True, tick_factor=cond.factor)

    def flat_check(self, creature: Creature, index: int, roll: int | None = None,
                   rng: RandomSource | None = None, settings: dict[str, Any] | None = None) -> Outcome:
        """Roll (or take the GM's roll for) one condition's DC 15 flat check, and commit."""
        work = creature.clone()
        steps = Breakdown()
        self._check(work, creature.persistent[index], rng, roll, steps, {"flat_checks": "auto"})
        outcome = self._outcome(creature, work, 0, steps, summary="; ".join(steps.lines()))
        self.commit(creature, outcome)
        return outcome

    def _check(self, work: Creature, cond: PersistentDamage, rng: RandomSource | None,
               roll: int | None, steps: Breakdown, settings: dict[str, Any]) -> None:
        if cond not in work.persistent:
            return  # ended already (bleed healed away)
        idx = work.persistent.index(cond)
        if roll is None and settings.get("flat_checks") == "ask":
            work.persistent[idx] = replace(cond, pending_check=True)
            steps.add("note", f"flat check for {cond.label}: waiting for the GM's roll")
            return
        value, ok = flat_check(rng, roll)
        if ok:
            work.persistent.pop(idx)
            steps.add("note", f"flat check {value} (DC 15) for {cond.label}: ends")
        else:
            work.persistent[idx] = replace(cond, last_check=f"{value} failed", pending_check=False)
            steps.add("note", f"flat check {value} (DC 15) for {cond.label}: continues")

    # ------------------------------------------------------------------ track
    def _track(self, work: Creature, damage: int, wounds: int, crit: bool, nonlethal: bool,
               steps: Breakdown, massive_check: bool = True) -> None:
        """Step 4: temp HP first, then HP; massive damage; 0 HP: dying, unconscious or dead."""
        if damage <= 0 and not wounds:
            return
        if "dead" in work.conditions:
            steps.add("track", "already dead")
            return
        if work.hp is None:
            return
        self._lose_hp(work, damage, steps)
        if massive_check and not nonlethal and work.max_hp and damage >= 2 * work.max_hp:
            self._die(work, steps, f"massive damage ({damage} ≥ twice max HP {work.max_hp}): dead")
            return
        if work.hp == 0 and damage > 0:
            self._at_zero_hp(work, crit, nonlethal, steps)

    @staticmethod
    def _lose_hp(work: Creature, damage: int, steps: Breakdown) -> None:
        """Temp HP absorb damage first; the rest comes off HP, never below 0."""
        hp = work.hp or 0
        rest = damage
        if work.temp_hp and rest > 0:
            soak = min(work.temp_hp, rest)
            steps.add("track", f"temp HP {work.temp_hp} → {work.temp_hp - soak} (absorbs {soak})")
            work.temp_hp -= soak
            rest -= soak
        work.hp = max(0, hp - rest)
        overflow = f" (overflow {rest - hp})" if rest > hp else ""
        steps.add("track", f"HP {hp} → {work.hp}{overflow}")

    def _at_zero_hp(self, work: Creature, crit: bool, nonlethal: bool, steps: Breakdown) -> None:
        """RULES §2 Step 4 and §7: damage at 0 HP — dying worsens, or a nonlethal attack knocks
        out, or a non-PC dies, or a PC starts dying (2 on a critical) plus wounded."""
        if "dying" in work.conditions:
            if nonlethal:
                return
            step = 2 if crit else 1
            work.dying += step
            steps.add("track", f"damage while dying: dying {work.dying - step} → {work.dying}")
            if work.dying >= dying_limit(work):
                self._die(work, steps, f"dying {dying_limit(work)}{_doomed_words(work)}: dead")
            return
        if nonlethal:
            if "unconscious" not in work.conditions:
                work.conditions.add("unconscious")
                steps.add("track", "nonlethal attack to 0 HP: unconscious")
            return
        if not work.pc:  # a Decision
            self._die(work, steps, "0 HP: dead (a non-PC dies at 0 HP)")
            return
        base = 2 if crit else 1
        work.dying = base + work.wounded
        work.conditions |= {"dying", "unconscious"}
        extra = f" + wounded {work.wounded} = dying {work.dying}" if work.wounded else ""
        steps.add("track", f"0 HP: dying {base}{extra}, unconscious")
        if work.dying >= dying_limit(work):
            self._die(work, steps, f"dying {work.dying}{_doomed_words(work)}: dead")

    # ------------------------------------------------------------------ dying (RULES §7)
    def needs_dying_check(self, creature: Creature) -> bool:
        """A dying creature makes a recovery check at the start of its turn."""
        return "dying" in creature.conditions and "dead" not in creature.conditions

    def resolve_dying_check(self, creature: Creature, roll: int) -> Outcome:
        """A recovery check: flat DC 10 + dying, four degrees, natural 1 and 20 shift one step."""
        if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 20:
            raise ValueError(f"a recovery check is a d20 roll from 1 to 20, not {roll!r}")
        if not self.needs_dying_check(creature):
            raise ValueError(f"{creature.name} is not dying")
        work = creature.clone()
        steps = Breakdown()
        dc = 10 + work.dying
        degree = 3 if roll >= dc + 10 else 2 if roll >= dc else 0 if roll <= dc - 10 else 1
        natural = ""
        if roll == 20 and degree < 3:
            degree, natural = degree + 1, " (natural 20: one step better)"
        elif roll == 1 and degree > 0:
            degree, natural = degree - 1, " (natural 1: one step worse)"
        before = work.dying
        work.dying += RECOVERY_CHANGE[degree]
        text = f"recovery check {roll} vs DC {dc}: {RECOVERY_WORDS[degree]}{natural}"
        work.recovery_check = text
        steps.add("track", f"{text}; dying {before} → {max(0, work.dying)}")
        if work.dying <= 0:
            work.dying = 0
            work.wounded += 1
            work.conditions.discard("dying")
            at_zero = (work.wounds == 0) if work.max_vitality is not None else (work.hp or 0) <= 0
            if at_zero:
                work.conditions.add("unconscious")
            steps.add("track", f"no longer dying; wounded {work.wounded}"
                         + ("; still unconscious" if at_zero else ""))
        elif work.dying >= dying_limit(work):
            self._die(work, steps, f"dying {work.dying}{_doomed_words(work)}: dead")
        return self._outcome(creature, work, 0, steps, summary=text)

    def recheck_dying(self, work: Creature, steps: list[str]) -> None:
        """Dying at or past 4 minus doomed is dead (RULES §7), also when set by hand."""
        if "dying" in work.conditions and work.dying >= dying_limit(work):
            dead = Breakdown()
            self._die(work, dead, f"dying {work.dying}{_doomed_words(work)}: dead")
            steps.extend(dead.lines())

    @staticmethod
    def _die(work: Creature, steps: Breakdown, why: str) -> None:
        work.conditions -= {"dying", "unconscious", "staggered", "disabled"}
        work.conditions.add("dead")
        work.dying = 0
        steps.add("track", why)

    def _heal(self, work: Creature, amount: int, track: str | None, steps: Breakdown) -> None:
        if "dead" in work.conditions:
            steps.add("track", "dead: healing has no effect")
            return
        if work.hp is None:
            return
        before = work.hp
        work.hp = min(work.max_hp or 0, work.hp + amount)
        steps.add("track", f"heal {amount}: HP {before} → {work.hp}")
        if work.hp > 0 and "dying" in work.conditions:
            work.conditions -= {"dying", "unconscious"}
            work.dying = 0
            work.wounded += 1
            steps.add("track", f"no longer dying; wounded {work.wounded}")
        elif work.hp > 0 and "unconscious" in work.conditions:
            work.conditions.discard("unconscious")
            steps.add("track", "wakes up")
        if work.hp == work.max_hp:  # bleed ends at full HP (sf2e's text, applied to pf2e too)
            bleeds = [p for p in work.persistent if p.type == "bleed"]
            for p in bleeds:
                work.persistent.remove(p)
                steps.add("note", f"persistent {p.label} ends (healed to full HP)")

    def track_text(self, creature: Creature) -> str:
        """``38/45 +5``."""
        temp = f" +{creature.temp_hp}" if creature.temp_hp else ""
        return f"{creature.hp}/{creature.max_hp}{temp}"

    def track_fraction(self, creature: Creature) -> float:
        """HP as a fraction of max HP."""
        return (creature.hp or 0) / creature.max_hp if creature.max_hp else 0.0

    # ------------------------------------------------------------------ status after an edit
    def settle_status(self, work: Creature, before: Creature) -> list[str]:
        """HP edited (RULES §2 Step 4, issue 9 item 4): brought to 0, a PC is dying 1 plus its
        wounded value and unconscious, a non-PC dead (the Decision for lethal damage); raised
        above 0, dying ends with wounded +1 and an unconscious creature wakes, as healing does."""
        steps = Breakdown()
        if "dead" in work.conditions or work.hp is None \
                or (work.hp, work.max_hp) == (before.hp, before.max_hp):
            return []
        if work.hp <= 0 and not work.conditions & {"dying", "unconscious"}:
            if not work.pc:
                self._die(work, steps, "0 HP: dead (a non-PC dies at 0 HP)")
                return list(steps.lines())
            work.dying = 1 + work.wounded
            work.conditions |= {"dying", "unconscious"}
            extra = f" + wounded {work.wounded} = dying {work.dying}" if work.wounded else ""
            steps.add("track", f"0 HP: dying 1{extra}, unconscious")
            dead: list[str] = []
            self.recheck_dying(work, dead)
            for line in dead:
                steps.add("track", line)
        elif work.hp > 0 and before.hp is not None and before.hp <= 0:
            if "dying" in work.conditions:
                work.conditions -= {"dying", "unconscious"}
                work.dying = 0
                work.wounded += 1
                steps.add("track", f"above 0 HP: no longer dying; wounded {work.wounded}")
            elif "unconscious" in work.conditions:
                work.conditions.discard("unconscious")
                steps.add("track", "above 0 HP: wakes up")
        return list(steps.lines())


class Pathfinder2e(Pf2Family):
    """Pathfinder 2e (Core Rulebook pp. 450–453)."""

    id = "pf2e"
    name = "Pathfinder 2e"
    policy = Pf2Policy(halve_total=True, halve_floor_one=False, weakness_per_attack=False,
                       persistent_timing="end", persistent_rounds=None, uses_wounds=False,
                       healing_type="positive", harm_type="negative")


class Starfinder2e(Pf2Family):
    """Starfinder 2e (Player Core ch. 8)."""

    id = "sf2e"
    name = "Starfinder 2e"
    example_name = "Sighing Ghost"
    example_defenses = "weaknesses vitality 5; resistances all 5 (except force)"
    policy = Pf2Policy(halve_total=False, halve_floor_one=True, weakness_per_attack=False,
                       persistent_timing="end", persistent_rounds=None, uses_wounds=False,
                       healing_type="vitality", harm_type="void")


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
