"""The creature's side of a PF2 hit (RULES §2 Step 3): its kind, immunities, weaknesses,
vulnerability and resistances, each instance at a time."""

from __future__ import annotations

from core.creature.model import Breakdown, Creature, RolledPart
from core.notation import Applicable, DefenseEntry, Defenses
from core.systems.pf2.attack import Attack, Instance, part_keys
from core.systems.pf2.policy import Pf2Rules
from core.text.i18n import game_term, ntr, tr


def _best_weakness(inst: Instance, app: Applicable) -> DefenseEntry | None:
    """The highest weakness that applies to an instance (precision only with a share)."""
    if inst.removed or (inst.amount <= 0 and inst.source is None):
        return None
    best = app.weakness
    prec = app.precision_weakness if inst.precision > 0 else None
    if prec is not None and (best is None or prec.value > best.value):
        return prec
    return best


def bleed_words(kind: str) -> str:
    """Why bleed does nothing to a creature of this kind (undead, construct, bloodless)."""
    return tr("{bleed} has no effect on {kind} creatures", bleed=game_term("bleed"),
              kind=game_term(kind))


def changed(entry: str, label: str, before: int, after: int) -> str:
    """One defense's step: ``weaknesses fire 5: fire 2 → 7``."""
    return tr("{defense}: {part} {before} → {after}", defense=entry, part=label, before=before,
              after=after)


def _no_dice_words(entry: DefenseEntry, inst: Instance) -> str:
    """Vulnerability on a typed total (``7 fire``): no dice to count, and how to write them."""
    if inst.dice:
        return tr("{defense}: no dice known for a typed total ({typed}), counted as no dice; write "
                  "2d4=7 (the dice and what they came to)", defense=entry.describe(),
                  typed=inst.typed_total)
    return tr("{defense}: no dice known for a typed total; write 2d4=7 (the dice and what they "
              "came to)", defense=entry.describe())


class Pf2Defenses(Pf2Rules):
    """What the creature's kind and defenses do to an attack's instances, step by step."""

    def _immune_to_critical(self, hit: tuple[RolledPart, ...], defenses: Defenses,
                            steps: Breakdown) -> bool:
        """RULES §2 Steps 2 and 3.1: immunity to critical hits makes the hit a normal hit, unless
        its ``(except …)`` or ``non-magical`` spares this attack (decided for the whole attack)."""
        if not defenses.immunities:
            return False
        entry = defenses.special_immunity("critical-hits", self._attack_keys(hit))
        if entry is not None:
            steps.add("immunity", tr("{defense}: a normal hit (nothing doubled, no on-crit damage)",
                                     defense=entry.describe()))
            return True
        qualified = next((e for e in defenses.immunities if e.selector == "critical-hits"), None)
        if qualified is not None:
            steps.add("immunity", tr("{defense} does not apply to this attack: a critical hit",
                                     defense=qualified.describe()))
        return False

    def _attack_keys(self, hit: tuple[RolledPart, ...]) -> list[frozenset[str]]:
        """The selector keys of every part of one attack."""
        return [part_keys(self.vocabulary, rp.part) for rp in hit]

    def _kind_filter(self, work: Creature, instances: list[Instance], steps: Breakdown) -> None:
        """Damage that cannot harm a creature of this kind (undead, construct, bloodless)."""
        for inst in instances:
            why = self._harmless(inst.type, work.kind)
            if why and inst.amount:
                steps.add("immunity", changed(why, inst.label, inst.amount, 0))
                inst.remove()

    def _harmless(self, damage_type: str | None, kind: str) -> str | None:
        """Why damage of this type does not harm a creature of this kind, or None."""
        policy = self.policy
        if damage_type == policy.healing_type and kind != "undead":
            return tr("{type} damage harms only undead", type=game_term(damage_type))
        if damage_type == policy.harm_type and kind in ("undead", "construct"):
            return tr("{type} damage harms only the living", type=game_term(damage_type))
        if damage_type == "bleed" and kind in ("undead", "construct", "bloodless"):
            return bleed_words(kind)
        if damage_type == "spirit" and kind == "construct":
            return tr("{spirit} damage has no effect on constructs", spirit=game_term("spirit"))
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
        shares = ", ".join(f"{i.label} {i.amount} → 0"
                           for i in instances if not i.removed)
        trait = game_term(immune.selector)
        if shares:
            steps.add("immunity", tr("{defense}: the attack has the {trait} trait and deals "
                                     "nothing: {shares}", defense=immune.describe(), trait=trait,
                                     shares=shares))
        else:
            steps.add("immunity", tr("{defense}: the attack has the {trait} trait and deals nothing",
                                     defense=immune.describe(), trait=trait))
        for inst in instances:
            inst.remove()
        for rp in attack.persistent:
            steps.add("immunity", tr("persistent {condition}: dropped ({why})",
                                     condition=rp.part.label, why=immune.describe()))
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
                steps.add("immunity", changed(whole.describe(), inst.label, inst.amount, 0))
                inst.remove()
                continue
            # (except …): the instance the share joined, or a precision part itself, spares it
            precision = defenses.special_immunity("precision", (inst.keys | inst.precision_traits,)) \
                if inst.precision else None
            if precision is not None:
                steps.add("immunity", tr("{defense}: {part} {before} → {after} (precision share "
                                         "removed)", defense=precision.describe(), part=inst.label,
                                         before=inst.amount, after=inst.amount - inst.precision))
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
            steps.add("weakness", tr("{defense} (highest, once per attack): {part} {before} → "
                                     "{after}", defense=entry.describe(), part=inst.label,
                                     before=inst.amount, after=inst.amount + entry.value))
            inst.amount += entry.value
            return
        for inst, entry in chosen:
            steps.add("weakness", changed(entry.describe(), inst.label, inst.amount,
                                          inst.amount + entry.value))
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
                steps.add("vulnerability", _no_dice_words(entry, inst))
            if not inst.dice:
                continue
            if work.max_wounds is None:
                extra = 5 * inst.dice  # added before resistances (a Decision)
                steps.add("vulnerability", tr("{defense}: +5 per die on a Hit Point creature: "
                                              "{part} {before} → {after}", defense=entry.describe(),
                                              part=inst.label, before=inst.amount,
                                              after=inst.amount + extra))
                inst.amount += extra
            elif nonlethal:
                steps.add("vulnerability", ntr(
                    "{defense}: no Wound — a nonlethal attack deals no Wounds",
                    "{defense}: no Wounds — a nonlethal attack deals no Wounds", inst.dice,
                    defense=entry.describe()))
            else:
                wounds += inst.dice  # they skip Vitality (a Decision)
                steps.add("vulnerability", ntr(
                    "{defense}: {count} Wound (one per damage die), skipping Vitality",
                    "{defense}: {count} Wounds (one per damage die), skipping Vitality", inst.dice,
                    defense=entry.describe()))
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
                steps.add("resistance", changed(prec.describe(), inst.label, inst.amount,
                                                inst.amount - removed))
                inst.amount -= removed
                inst.precision -= removed
            elif entry is not None:
                removed = min(entry.value, inst.amount)
                steps.add("resistance", changed(entry.describe(), inst.label, inst.amount,
                                                inst.amount - removed))
                inst.amount -= removed
                inst.precision = min(inst.precision, inst.amount)
