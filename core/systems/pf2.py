"""The PF2 family — ``pf2e``, ``sf2e``, ``vitality-wounds`` — one pipeline, small named policies."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from core.dice import RandomSource, _default_rng
from core.model import Breakdown, Creature, Outcome, PersistentDamage, Roll, RolledPart
from core.notation import Applicable, Damage, DamagePart, DefenseEntry, Defenses, applicable
from core.systems.base import RuleSystem, StatField, flat_check

SAVE_FACTORS = {None: 1.0, "failure": 1.0, "success": 0.5, "critical-success": 0.0,
                "critical-failure": 2.0}
SAVE_WORDS = {"success": "basic save success: half", "critical-success": "basic save critical success: none",
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

    def __init__(self, part: DamagePart, amount: int, keys: frozenset[str], dice: int) -> None:
        self.type = part.type
        self.traits = part.traits
        self.keys = keys
        self.amount = amount
        self.precision = 0
        self.dice = dice
        self.source = part.source
        self.removed = False
        self.typed_total: str | None = None  # a part written as a bare total: no dice known
        self.precision_traits: frozenset[str] = frozenset()  # traits the precision parts carry
        label = part.type or part.source or "damage"
        extra = sorted(part.traits - {"nonlethal"})
        self.label = f"{label} ({' '.join(extra)})" if extra else label


_KEYS: dict[tuple[str, str | None, frozenset[str], str | None], frozenset[str]] = {}


def _keys(vocab, part: DamagePart, damage_type: str | None = None) -> frozenset[str]:
    """Selector keys of a part (cached): its type, category, traits, source word, ``all``."""
    kind = damage_type or part.type
    key = (vocab.system, kind, part.traits, part.source)
    found = _KEYS.get(key)
    if found is None:
        found = vocab.keys_for(kind, part.traits)
        if part.source:
            found = found | {part.source}
        _KEYS[key] = found
    return found


class Pf2Family(RuleSystem):
    """Shared pipeline: roll → floor → merge → double/halve → immunity → weakness →
    vulnerability → resistance → track."""

    policy: Pf2Policy
    save_choices = (None, "critical-success", "success", "failure", "critical-failure")
    has_basic_saves = True
    stat_fields = (StatField("hp", "HP", 15), StatField("temp_hp", "Temp HP", 0))
    initiative_ties = ("adversaries-first", "higher-modifier")  # RULES §7
    dying_check_at = "start"

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
    def _critical_part(self, rolled, index, mult, rng, settings):
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
                steps.append(f"hit {index + 1}: {roll.damage[index]}")
            crit = critical_roll and not self._immune_to_critical(hit, defenses, steps)
            twice = crit and settings.get("crit_mode") == "roll-twice"
            if twice:
                steps.append("critical hit: the dice rolled twice, the modifiers doubled (encounter setting)")
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
                            steps: list[str]) -> bool:
        """RULES §2 Steps 2 and 3.1: immunity to critical hits makes the hit a normal hit, unless
        its ``(except …)`` or ``non-magical`` spares this attack (decided for the whole attack)."""
        if not defenses.immunities:
            return False
        entry = defenses.special_immunity("critical-hits", self._attack_keys(hit))
        if entry is not None:
            steps.append(f"{entry.describe()}: a normal hit (nothing doubled, no on-crit damage)")
            return True
        qualified = next((e for e in defenses.immunities if e.selector == "critical-hits"), None)
        if qualified is not None:
            steps.append(f"{qualified.describe()} does not apply to this attack: a critical hit")
        return False

    def _attack_keys(self, hit: tuple[RolledPart, ...]) -> list[frozenset[str]]:
        """The selector keys of every part of one attack."""
        return [_keys(self.vocabulary, rp.part) for rp in hit]

    def _resolve_hit(self, work: Creature, hit: tuple[RolledPart, ...], defenses: Defenses,
                     crit: bool, twice: bool, save: str | None, nonlethal: bool,
                     steps: list[str], settings: dict[str, Any], tick: bool = False,
                     tick_factor: float = 1.0) -> int:
        factor = SAVE_FACTORS[save] * (2.0 if crit and not twice else 1.0) * tick_factor
        main: list[RolledPart] = []
        on_crit: list[RolledPart] = []
        persistent: list[RolledPart] = []
        for rp in hit:
            part = rp.part
            if part.on_crit and not crit:
                continue  # an on-crit part exists only on a critical hit
            if part.persistent and not tick:
                persistent.append(rp)  # bleed in pf2e/sf2e too: parsed as persistent (RULES §2)
            elif part.on_crit:
                on_crit.append(rp)
            else:
                main.append(rp)
        floored = self._roll_and_floor(main, twice, steps)
        instances, by_key = self._merge(main, floored, steps)
        # Step 1b: double or halve
        if factor != 1.0:
            self._scale(instances, factor, crit and not twice, save, steps)
        if on_crit:
            self._add_on_crit(on_crit, instances, by_key, steps)
        # Creature kind: damage that cannot harm this creature
        self._kind_filter(work, instances, steps)
        # Step 3.1: an immunity to an effect trait of the attack removes it whole
        immune = defenses.effect_immunity(
            frozenset().union(*(rp.part.effects for rp in (*main, *on_crit, *persistent))),
            self._attack_keys(hit)) if defenses.effect_traits else None
        if immune is not None:
            self._remove_attack(immune, instances, persistent, steps)
            persistent = []
        # Persistent parts become conditions (shown before the total they do not count in)
        for rp in persistent:
            self._add_condition(work, rp.part, defenses, crit, save, steps, settings)
        nonlethal_immunity = defenses.special_immunity("nonlethal", self._attack_keys(hit)) \
            if nonlethal and defenses.immunities else None
        total, wounds = self._defend(work, instances, defenses, nonlethal, nonlethal_immunity, steps)
        if tick or main or on_crit:
            self._track(work, total, wounds, crit or save == "critical-failure", nonlethal, steps,
                        massive_check=True)
        return total

    def _roll_and_floor(self, main: list[RolledPart], twice: bool, steps: list[str]) -> list[int]:
        """Step 1: each part's roll, floored at 0; an attack with dice or modifiers deals 1 at least."""
        values = [(rp.crit_value if twice and rp.crit_value is not None else rp.value) for rp in main]
        if main:
            steps.add("roll: {}", lambda: ", ".join(rp.describe(twice) for rp in main))
        # the minimum of 1 is for an attack that has dice or modifiers (a typed 0 stays 0)
        with_amount = [i for i, rp in enumerate(main) if rp.part.amount is not None
                       and (rp.part.amount.dice_count or rp.part.amount.modifier)]
        floored = [max(0, v) if main[i].part.amount is not None else 0 for i, v in enumerate(values)]
        if floored != values and with_amount:
            steps.append("minimum: a part below 0 counts as 0")  # RULES §1, a Decision
        if with_amount and sum(floored[i] for i in with_amount) <= 0:
            floored[with_amount[0]] = 1
            steps.append("minimum damage: the attack deals 1")
        return floored

    def _merge(self, main: list[RolledPart], floored: list[int],
               steps: list[str]) -> tuple[list[Instance], dict[tuple, Instance]]:
        """Step 2: parts of the same type and traits merge; precision joins the first typed part."""
        instances: list[Instance] = []
        by_key: dict[tuple, Instance] = {}
        precision_parts: list[int] = []
        for i, rp in enumerate(main):
            part = rp.part
            if part.type == "precision":
                precision_parts.append(i)
                continue
            inst = self._instance(part, instances, by_key)
            inst.amount += floored[i]
            inst.dice += rp.dice_count
            if inst.typed_total is None and part.amount is not None and part.amount.is_constant:
                inst.typed_total = part.label
        if precision_parts:
            target = self._precision_target(main[precision_parts[0]].part, instances)
            share = sum(floored[i] for i in precision_parts)
            target.amount += share
            target.precision += share
            target.precision_traits = target.precision_traits.union(
                *(main[i].part.traits for i in precision_parts))
            steps.add("precision {} joins {} → {}", share, target.label, target.amount)
        if len(main) > len(instances):
            merged = tuple((x.label, x.amount) for x in instances)
            steps.add("merge: {}", lambda: ", ".join(f"{x} {y}" for x, y in merged))
        return instances, by_key

    def _instance(self, part: DamagePart, instances: list[Instance],
                  by_key: dict[tuple, Instance]) -> Instance:
        """The instance a part merges into (same type, traits and source word), made if new."""
        key = (part.type, part.traits, part.source)
        inst = by_key.get(key)
        if inst is None:
            inst = Instance(part, 0, _keys(self.vocabulary, part), 0)
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
        target = Instance(first, 0, _keys(self.vocabulary, first, "precision"), 0)
        instances.insert(0, target)
        return target

    def _add_on_crit(self, on_crit: list[RolledPart], instances: list[Instance],
                     by_key: dict[tuple, Instance], steps: list[str]) -> None:
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
            steps.append(f"on-crit {rp.describe()} added to {inst.label} → {inst.amount}")

    @staticmethod
    def _remove_attack(immune: DefenseEntry, instances: list[Instance], persistent: list[RolledPart],
                       steps: list[str]) -> None:
        """Seed 004: an immunity to an effect trait covers the damage of that effect too."""
        shares = ", ".join(f"{i.label} {i.amount} → 0" for i in instances if not i.removed)
        steps.append(f"{immune.describe()}: the attack has the {immune.selector} trait and deals "
                     f"nothing{': ' + shares if shares else ''}")
        for inst in instances:
            inst.amount = inst.precision = 0
            inst.removed = True
        for rp in persistent:
            steps.append(f"persistent {rp.part.label}: dropped ({immune.describe()})")

    def _scale(self, instances: list[Instance], factor: float, crit: bool, save: str | None,
               steps: list[str]) -> None:
        policy = self.policy
        why = "critical hit: double" if crit and factor >= 2 else SAVE_WORDS.get(save, f"×{factor:g}")
        if crit and save and SAVE_FACTORS[save] != 1:
            why = f"critical hit and {SAVE_WORDS[save]}"
        before = [i.amount for i in instances]
        if policy.halve_total and factor < 1 and factor > 0:
            # pf2e (seed 004): halve the total, rounding down once; shared out across the instances
            # half each, the lost points one each to the odd ones in written order (RULES §2
            # Step 1b, a Decision)
            whole = int(sum(before) * factor)
            shares = [int(v * factor) for v in before]
            spare = whole - sum(shares)
            for idx, v in enumerate(before):
                if spare <= 0:
                    break
                if v * factor != int(v * factor):
                    shares[idx] += 1
                    spare -= 1
            for inst, new in zip(instances, shares, strict=True):
                inst.precision = min(int(inst.precision * factor), new)
                inst.amount = new
        else:
            # sf2e, vitality-wounds: each instance separately, rounding down (a Decision)
            for inst in instances:
                new = int(inst.amount * factor)
                if policy.halve_floor_one and 0 < factor < 1 and inst.amount >= 1 and new == 0:
                    new = 1
                inst.precision = min(int(inst.precision * factor), new)
                inst.amount = new
        pairs = ", ".join(f"{i.label} {b} → {i.amount}" for i, b in zip(instances, before, strict=True))
        rounding = (" (the total halved, rounded down once)"
                    if policy.halve_total and 0 < factor < 1 and len(instances) > 1 else "")
        if policy.halve_floor_one and 0 < factor < 1 and any(b == 1 for b in before):
            rounding = " (1 halved stays 1)"
        steps.append(f"{why}: {pairs}{rounding}")

    def _kind_filter(self, work: Creature, instances: list[Instance], steps: list[str]) -> None:
        kind = work.kind
        policy = self.policy
        for inst in instances:
            why = None
            if inst.type == policy.healing_type and kind != "undead":
                why = f"{inst.type} damage harms only undead"
            elif inst.type == policy.harm_type and kind == "undead":
                why = f"{inst.type} damage harms only the living"
            elif inst.type == policy.harm_type and kind == "construct":
                why = f"{inst.type} damage harms only the living"
            elif inst.type == "bleed" and kind in ("undead", "construct", "bloodless"):
                why = f"bleed has no effect on {kind} creatures"
            elif inst.type == "spirit" and kind == "construct":
                why = "spirit damage has no effect on constructs"
            if why and inst.amount:
                steps.append(f"{why}: {inst.label} {inst.amount} → 0")
                inst.amount = 0
                inst.precision = 0
                inst.removed = True

    def _defend(self, work: Creature, instances: list[Instance], defenses: Defenses, nonlethal: bool,
                nonlethal_immunity: DefenseEntry | None, steps: list[str]) -> tuple[int, int]:
        """Step 3: immunities, weaknesses, vulnerability, resistances."""
        policy = self.policy
        looked = [applicable(defenses, inst.keys) for inst in instances]
        if defenses.immunities:
            self._immunities(instances, looked, defenses, nonlethal_immunity, steps)
        # Weaknesses: the highest that applies (a precision weakness only with a precision share)
        if defenses.weaknesses:
            chosen = [self._best_weakness(inst, app) for inst, app in zip(instances, looked, strict=True)]
            if policy.weakness_per_attack:
                best = None
                for inst, entry in zip(instances, chosen, strict=True):
                    if entry and (best is None or entry.value > best[1].value):
                        best = (inst, entry)
                if best:
                    inst, entry = best
                    steps.append(f"{entry.describe()} (highest, once per attack): "
                                 f"{inst.label} {inst.amount} → {inst.amount + entry.value}")
                    inst.amount += entry.value
            else:
                for inst, entry in zip(instances, chosen, strict=True):
                    if entry:
                        steps.add("{}: {} {} → {}", entry.describe(), inst.label, inst.amount,
                                  inst.amount + entry.value)
                        inst.amount += entry.value
        # Vulnerability (vitality-wounds)
        wounds = 0
        if policy.uses_wounds and defenses.vulnerabilities:
            wounds = self._vulnerability(work, instances, looked, nonlethal, steps)
        # Resistances: the one that removes the most. The seeds say "the highest value"; the
        # two differ only for a precision resistance capped at the precision share, and
        # comparing what each removes keeps "a resistance never raises damage" true.
        if defenses.resistances:
            for inst, app in zip(instances, looked, strict=True):
                if inst.amount <= 0:
                    continue
                entry = app.resistance
                prec = app.precision_resistance if inst.precision > 0 else None
                if prec is not None and (entry is None or min(prec.value, inst.precision)
                                         > min(entry.value, inst.amount)):
                    removed = min(prec.value, inst.precision, inst.amount)
                    steps.add("{}: {} {} → {}", prec.describe(), inst.label, inst.amount,
                              inst.amount - removed)
                    inst.amount -= removed
                    inst.precision -= removed
                elif entry is not None:
                    removed = min(entry.value, inst.amount)
                    steps.add("{}: {} {} → {}", entry.describe(), inst.label, inst.amount,
                              inst.amount - removed)
                    inst.amount -= removed
                    inst.precision = min(inst.precision, inst.amount)
        total = 0
        for inst in instances:
            if inst.amount > 0:
                total += inst.amount
        if len(instances) > 1 or not instances:
            shares = tuple((i.label, i.amount) for i in instances)
            steps.add("total: {} = {}", lambda: " + ".join(f"{x} {y}" for x, y in shares) or "0", total)
        else:
            steps.add("total: {}", total)
        return total, wounds

    @staticmethod
    def _immunities(instances: list[Instance], looked: list[Applicable], defenses: Defenses,
                    nonlethal_immunity: DefenseEntry | None, steps: list[str]) -> None:
        """Step 3.1: an immunity removes the instance; precision immunity only the precision share
        (``(except …)`` decided by the instance the share joined); nonlethal immunity every
        instance of a nonlethal attack."""
        for inst, app in zip(instances, looked, strict=True):
            if inst.removed:
                continue
            # (except …): the instance the share joined, or a precision part itself, spares it
            precision = defenses.special_immunity("precision", (inst.keys | inst.precision_traits,)) \
                if inst.precision else None
            if nonlethal_immunity is not None:
                steps.append(f"{nonlethal_immunity.describe()}: {inst.label} {inst.amount} → 0")
                inst.amount = inst.precision = 0
                inst.removed = True
            elif app.immunity is not None:
                steps.append(f"{app.immunity.describe()}: {inst.label} {inst.amount} → 0")
                inst.amount = inst.precision = 0
                inst.removed = True
            elif precision is not None:
                steps.append(f"{precision.describe()}: {inst.label} {inst.amount} → "
                             f"{inst.amount - inst.precision} (precision share removed)")
                inst.amount -= inst.precision
                inst.precision = 0

    @staticmethod
    def _vulnerability(work: Creature, instances: list[Instance], looked: list[Applicable],
                       nonlethal: bool, steps: list[str]) -> int:
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
                steps.append(f"{entry.describe()}: no dice known for a typed total{known}; write 2d4=7 "
                             "(the dice and what they came to)")
            if not inst.dice:
                continue
            if work.max_wounds is not None:
                plural = "s" if inst.dice != 1 else ""
                if nonlethal:
                    steps.append(f"{entry.describe()}: no Wound{plural} — a nonlethal attack deals "
                                 "no Wounds")
                    continue
                wounds += inst.dice  # they skip Vitality (a Decision)
                steps.append(f"{entry.describe()}: {inst.dice} Wound{plural} "
                             f"(one per damage die), skipping Vitality")
            else:
                extra = 5 * inst.dice  # added before resistances (a Decision)
                steps.append(f"{entry.describe()}: +5 per die on a Hit Point creature: "
                             f"{inst.label} {inst.amount} → {inst.amount + extra}")
                inst.amount += extra
        return wounds

    @staticmethod
    def _best_weakness(inst: Instance, app: Applicable) -> DefenseEntry | None:
        if inst.removed or (inst.amount <= 0 and inst.source is None):
            return None
        best = app.weakness
        prec = app.precision_weakness if inst.precision > 0 else None
        if prec is not None and (best is None or prec.value > best.value):
            return prec
        return best

    # ------------------------------------------------------------------ persistent damage
    def _add_condition(self, work: Creature, part: DamagePart, defenses: Defenses, crit: bool,
                       save: str | None, steps: list[str], settings: dict[str, Any]) -> None:
        factor = SAVE_FACTORS[save]
        if crit and not part.on_crit:
            factor *= 2
        formula = " ".join(w for w in (str(part.amount), part.type, *sorted(part.traits),
                                       *sorted(part.effects)) if w)
        if factor == 0:
            steps.append(f"persistent {formula}: none (factor 0)")
            return
        keys = self.vocabulary.keys_for(part.type, part.traits)
        # RULES §2 Step 3.1: immunity to persistent damage, its (except …) decided part by part
        immune = defenses.special_immunity("persistent", (keys,)) if defenses.immunities else None
        if immune is not None:
            steps.append(f"persistent {formula}: dropped ({immune.describe()})")
            return
        immune = next((e for e in defenses.immunities if e.selector not in ("persistent", "critical-hits",
                       "precision", "nonlethal") and e.matches(keys)), None)
        if immune:
            steps.append(f"persistent {formula}: dropped ({immune.describe()})")
            return
        if part.type == "bleed" and work.kind in ("undead", "construct", "bloodless"):
            steps.append(f"persistent {formula}: dropped (bleed has no effect on {work.kind} creatures)")
            return
        average = part.amount.average * factor if part.amount else 0.0
        new = PersistentDamage(formula, part.type or "untyped", factor,
                               self.policy.persistent_rounds, None, False,
                               self.policy.persistent_timing)
        for i, old in enumerate(work.persistent):
            if old.type == new.type:
                if average > old.average:
                    work.persistent[i] = new
                    steps.append(f"persistent {new.label} replaces {old.label} (higher average "
                                 f"{average:g} > {old.average:g})")
                else:
                    steps.append(f"persistent {new.label} ignored: {old.label} already there "
                                 f"(average {old.average:g} ≥ {average:g})")
                return
        work.persistent.append(new)
        when = "start" if new.timing == "start" else "end"
        always = f" ({part.type} is always persistent damage: it deals nothing now)" \
            if part.implied_persistent else ""
        steps.append(f"persistent {new.label} added (at the {when} of its turn){always}")

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
            return self._outcome(creature, work, 0, [], summary="")  # the dead take no turns
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
                    steps.append(f"persistent {cond.label} ends by itself (its turns ran out)")
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

    def _tick(self, work: Creature, cond: PersistentDamage, rng: RandomSource, steps: list[str],
              settings: dict[str, Any]) -> int:
        damage: Damage = self.parse_damage(cond.formula)
        # a tick is the condition's damage dealt now (``1d6 bleed`` parses as persistent)
        damage = replace(damage, parts=tuple(replace(p, persistent=False) for p in damage.parts))
        rolled = self.roll(damage, False, rng, settings)
        steps.append(f"persistent {cond.label} ticks")
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
               roll: int | None, steps: list[str], settings: dict[str, Any]) -> None:
        if cond not in work.persistent:
            return  # ended already (bleed healed away)
        idx = work.persistent.index(cond)
        if roll is None and settings.get("flat_checks") == "ask":
            work.persistent[idx] = replace(cond, pending_check=True)
            steps.append(f"flat check for {cond.label}: waiting for the GM's roll")
            return
        value, ok = flat_check(rng, roll)
        if ok:
            work.persistent.pop(idx)
            steps.append(f"flat check {value} (DC 15) for {cond.label}: ends")
        else:
            work.persistent[idx] = replace(cond, last_check=f"{value} failed", pending_check=False)
            steps.append(f"flat check {value} (DC 15) for {cond.label}: continues")

    # ------------------------------------------------------------------ track
    def _track(self, work: Creature, damage: int, wounds: int, crit: bool, nonlethal: bool,
               steps: list[str], massive_check: bool = True) -> None:
        if damage <= 0 and not wounds:
            return
        if "dead" in work.conditions:
            steps.append("already dead")
            return
        if work.hp is None:
            return
        before_hp, before_temp = work.hp, work.temp_hp
        rest = damage
        if work.temp_hp and rest > 0:
            soak = min(work.temp_hp, rest)
            work.temp_hp -= soak
            rest -= soak
            steps.add("temp HP {} → {} (absorbs {})", before_temp, work.temp_hp, soak)
        work.hp = max(0, work.hp - rest)
        steps.add("HP {} → {}{}", before_hp, work.hp,
                  f" (overflow {rest - before_hp})" if rest > before_hp else "")
        if massive_check and not nonlethal and work.max_hp and damage >= 2 * work.max_hp:
            self._die(work, steps, f"massive damage ({damage} ≥ twice max HP {work.max_hp}): dead")
            return
        if work.hp > 0 or damage <= 0:
            return
        if "dying" in work.conditions:
            if nonlethal:
                return
            step = 2 if crit else 1
            work.dying += step
            steps.append(f"damage while dying: dying {work.dying - step} → {work.dying}")
            if work.dying >= dying_limit(work):
                self._die(work, steps, f"dying {dying_limit(work)}{_doomed_words(work)}: dead")
            return
        if nonlethal:
            if "unconscious" not in work.conditions:
                work.conditions.add("unconscious")
                steps.append("nonlethal attack to 0 HP: unconscious")
            return
        if not work.pc:  # RULES §2 Step 4, a Decision
            self._die(work, steps, "0 HP: dead (a non-PC dies at 0 HP)")
            return
        base = 2 if crit else 1
        work.dying = base + work.wounded
        work.conditions |= {"dying", "unconscious"}
        extra = f" + wounded {work.wounded}" if work.wounded else ""
        steps.append(f"0 HP: dying {base}{extra} = dying {work.dying}, unconscious")
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
        steps.append(f"{text}; dying {before} → {max(0, work.dying)}")
        if work.dying <= 0:
            work.dying = 0
            work.wounded += 1
            work.conditions.discard("dying")
            at_zero = (work.wounds == 0) if work.max_vitality is not None else (work.hp or 0) <= 0
            if at_zero:
                work.conditions.add("unconscious")
            steps.append(f"no longer dying; wounded {work.wounded}"
                         + ("; still unconscious" if at_zero else ""))
        elif work.dying >= dying_limit(work):
            self._die(work, steps, f"dying {work.dying}{_doomed_words(work)}: dead")
        return self._outcome(creature, work, 0, steps, summary=text)

    def recheck_dying(self, work: Creature, steps: list[str]) -> None:
        """Dying at or past 4 minus doomed is dead (RULES §7), also when set by hand."""
        if "dying" in work.conditions and work.dying >= dying_limit(work):
            self._die(work, steps, f"dying {work.dying}{_doomed_words(work)}: dead")

    @staticmethod
    def _die(work: Creature, steps: list[str], why: str) -> None:
        work.conditions -= {"dying", "unconscious", "staggered", "disabled"}
        work.conditions.add("dead")
        work.dying = 0
        steps.append(why)

    def _heal(self, work: Creature, amount: int, track: str | None, steps: list[str]) -> None:
        if "dead" in work.conditions:
            steps.append("dead: healing has no effect")
            return
        if work.hp is None:
            return
        before = work.hp
        work.hp = min(work.max_hp or 0, work.hp + amount)
        steps.append(f"heal {amount}: HP {before} → {work.hp}")
        if work.hp > 0 and "dying" in work.conditions:
            work.conditions -= {"dying", "unconscious"}
            work.dying = 0
            work.wounded += 1
            steps.append(f"no longer dying; wounded {work.wounded}")
        elif work.hp > 0 and "unconscious" in work.conditions:
            work.conditions.discard("unconscious")
            steps.append("wakes up")
        if work.hp == work.max_hp:  # bleed ends at full HP (sf2e's text, applied to pf2e too)
            bleeds = [p for p in work.persistent if p.type == "bleed"]
            for p in bleeds:
                work.persistent.remove(p)
                steps.append(f"persistent {p.label} ends (healed to full HP)")

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
        steps: list[str] = []
        if "dead" in work.conditions or work.hp is None \
                or (work.hp, work.max_hp) == (before.hp, before.max_hp):
            return []
        if work.hp <= 0 and not work.conditions & {"dying", "unconscious"}:
            if not work.pc:
                self._die(work, steps, "0 HP: dead (a non-PC dies at 0 HP)")
                return steps
            work.dying = 1 + work.wounded
            work.conditions |= {"dying", "unconscious"}
            extra = f" + wounded {work.wounded} = dying {work.dying}" if work.wounded else ""
            steps.append(f"0 HP: dying 1{extra}, unconscious")
            self.recheck_dying(work, steps)
        elif work.hp > 0 and before.hp is not None and before.hp <= 0:
            if "dying" in work.conditions:
                work.conditions -= {"dying", "unconscious"}
                work.dying = 0
                work.wounded += 1
                steps.append(f"above 0 HP: no longer dying; wounded {work.wounded}")
            elif "unconscious" in work.conditions:
                work.conditions.discard("unconscious")
                steps.append("above 0 HP: wakes up")
        return steps


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
    policy = Pf2Policy(halve_total=False, halve_floor_one=True, weakness_per_attack=False,
                       persistent_timing="end", persistent_rounds=None, uses_wounds=False,
                       healing_type="vitality", harm_type="void")


class VitalityWounds(Pf2Family):
    """A PF2-derived game with Vitality Points and Wounds."""

    id = "vitality-wounds"
    name = "Vitality & Wounds"
    policy = Pf2Policy(halve_total=False, halve_floor_one=False, weakness_per_attack=True,
                       persistent_timing="start", persistent_rounds=10, uses_wounds=True,
                       healing_type="vitality", harm_type="void")
    stat_fields = (StatField("vitality", "Vitality", 20), StatField("wounds", "Wounds", 10),
                   StatField("hp", "HP (NPC)", 0))

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
               steps: list[str], massive_check: bool = True) -> None:
        if work.max_vitality is None:  # an HP-only NPC
            super()._track(work, damage, 0, crit, nonlethal, steps, massive_check=False)
            return
        if damage <= 0 and not wounds:
            return
        if "dead" in work.conditions:
            steps.append("already dead")
            return
        vit_before = work.vitality or 0
        if nonlethal:
            if damage >= vit_before:
                work.conditions.add("unconscious")
                steps.append(f"nonlethal {damage} ≥ Vitality {vit_before}: unconscious "
                             "(nonlethal damage never becomes Wounds)")
            work.vitality = max(0, vit_before - damage)
            steps.append(f"Vitality {vit_before} → {work.vitality}")
            return
        # what exceeds Vitality becomes Wounds in the same blow (RULES §2 Step 4, a Decision)
        from_vitality = min(damage, vit_before)
        work.vitality = vit_before - from_vitality
        steps.append(f"Vitality {vit_before} → {work.vitality}")
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
            steps.append(f"Wounds {w_before} → {work.wounds} ({' + '.join(parts)})")
            if work.wounds == 0 and "dying" not in work.conditions:
                work.conditions.add("dying")
                work.dying = max(work.dying, 1)
                steps.append("0 Wounds: dying")

    def _heal(self, work: Creature, amount: int, track: str | None, steps: list[str]) -> None:
        if work.max_vitality is None:
            super()._heal(work, amount, track, steps)
            return
        if "dead" in work.conditions:
            steps.append("dead: healing has no effect")
            return
        if track == "wounds":
            before = work.wounds or 0
            work.wounds = min(work.max_wounds or 0, before + amount)
            steps.append(f"heal {amount} Wounds: {before} → {work.wounds}")
            if work.wounds > 0 and "dying" in work.conditions:
                work.conditions.discard("dying")
                work.dying = 0
                steps.append("no longer dying")
            return
        before = work.vitality or 0
        work.vitality = min(work.max_vitality or 0, before + amount)
        steps.append(f"heal {amount}: Vitality {before} → {work.vitality}")
        if work.vitality > 0 and "unconscious" in work.conditions and "dying" not in work.conditions:
            work.conditions.discard("unconscious")
            steps.append("wakes up")
        if work.vitality == work.max_vitality:
            for p in [p for p in work.persistent if p.type == "bleed"]:
                work.persistent.remove(p)
                steps.append(f"persistent {p.label} ends (healed to full)")

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
        steps: list[str] = []
        if work.wounds == 0 and "dying" not in work.conditions:
            work.conditions.add("dying")
            work.dying = max(work.dying, 1)
            steps.append("0 Wounds: dying")
            self.recheck_dying(work, steps)
        elif (work.wounds or 0) > 0 and "dying" in work.conditions and before.wounds == 0:
            work.conditions.discard("dying")
            work.dying = 0
            steps.append("Wounds above 0: no longer dying")
        if (work.vitality or 0) > 0 and before.vitality == 0 and "unconscious" in work.conditions \
                and "dying" not in work.conditions:
            work.conditions.discard("unconscious")
            steps.append("Vitality above 0: wakes up")
        return steps
