"""The stages of a PF2 hit that are the creature's side (RULES §2 Step 3): immunity to critical
hits, its kind, effect immunities, immunities, weaknesses, vulnerability and resistances.

Each stage is a function over one ``Hit`` (core.systems.pf2.attack), each instance at a time;
core.systems.pf2.stages lists them in the order a hit takes them.
"""

from __future__ import annotations

from core.notation import Applicable, DefenseEntry, applicable
from core.systems.pf2.attack import Hit, Instance
from core.systems.pf2.policy import Pf2Policy
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


def critical_hit(hit: Hit) -> None:
    """RULES §2 Steps 2 and 3.1: immunity to critical hits makes the hit a normal hit, unless
    its ``(except …)`` or ``non-magical`` spares this attack (decided for the whole attack); a
    critical the encounter rolls twice (its setting) doubles nothing later."""
    if not hit.crit:
        return
    if hit.defenses.immunities:
        entry = hit.defenses.special_immunity("critical-hits", hit.attack_keys())
        if entry is not None:
            hit.steps.add("immunity", tr("{defense}: a normal hit (nothing doubled, no on-crit "
                                         "damage)", defense=entry.describe()))
            hit.crit = hit.twice = False
            return
        qualified = next((e for e in hit.defenses.immunities if e.selector == "critical-hits"),
                         None)
        if qualified is not None:
            hit.steps.add("immunity", tr("{defense} does not apply to this attack: a critical hit",
                                         defense=qualified.describe()))
    if hit.twice:
        hit.steps.add("scale", tr("critical hit: the dice rolled twice, the modifiers doubled "
                                  "(encounter setting)"))


def kind_filter(hit: Hit) -> None:
    """Damage that cannot harm a creature of this kind (undead, construct, bloodless)."""
    for inst in hit.instances:
        why = harmless(hit.policy, inst.type, hit.work.kind)
        if why and inst.amount:
            hit.steps.add("immunity", changed(why, inst.label, inst.amount, 0))
            inst.remove()


def harmless(policy: Pf2Policy, damage_type: str | None, kind: str) -> str | None:
    """Why damage of this type does not harm a creature of this kind, or None."""
    if damage_type == policy.healing_type and kind != "undead":
        return tr("{type} damage harms only undead", type=game_term(damage_type))
    if damage_type == policy.harm_type and kind in ("undead", "construct"):
        return tr("{type} damage harms only the living", type=game_term(damage_type))
    if damage_type == "bleed" and kind in ("undead", "construct", "bloodless"):
        return bleed_words(kind)
    if damage_type == "spirit" and kind == "construct":
        return tr("{spirit} damage has no effect on constructs", spirit=game_term("spirit"))
    return None


def effect_immunity(hit: Hit) -> None:
    """Step 3.1 and seed 004: an immunity to an effect trait of the attack removes it whole,
    its persistent parts too (they add no condition)."""
    if not hit.defenses.effect_traits:
        return
    immune = hit.defenses.effect_immunity(hit.attack.effects, hit.attack_keys())
    if immune is None:
        return
    steps = hit.steps
    shares = ", ".join(f"{i.label} {i.amount} → 0" for i in hit.instances if not i.removed)
    trait = game_term(immune.selector)
    if shares:
        steps.add("immunity", tr("{defense}: the attack has the {trait} trait and deals "
                                 "nothing: {shares}", defense=immune.describe(), trait=trait,
                                 shares=shares))
    else:
        steps.add("immunity", tr("{defense}: the attack has the {trait} trait and deals nothing",
                                 defense=immune.describe(), trait=trait))
    for inst in hit.instances:
        inst.remove()
    for rp in hit.attack.persistent:
        steps.add("immunity", tr("persistent {condition}: dropped ({why})",
                                 condition=rp.part.label, why=immune.describe()))
    hit.attack.persistent = []


def match_defenses(hit: Hit) -> None:
    """Step 3: the defense entries that apply to each instance, looked up once for the steps
    that follow (by the instance's keys: its type, traits — a Strike's carried ``magical``,
    material or alignment among them (RULES §10) — and source word)."""
    hit.looked = [applicable(hit.defenses, inst.keys) for inst in hit.instances]


def _nonlethal_immunity(hit: Hit) -> DefenseEntry | None:
    """Immunity to nonlethal attacks, when this attack is nonlethal (Step 3.1)."""
    if not hit.nonlethal:
        return None
    return hit.defenses.special_immunity("nonlethal", hit.attack_keys())


def immunities(hit: Hit) -> None:
    """Step 3.1: an immunity removes the instance; precision immunity only the precision share
    (``(except …)`` decided by the instance the share joined); nonlethal immunity every
    instance of a nonlethal attack."""
    defenses, steps = hit.defenses, hit.steps
    if not defenses.immunities:
        return
    nonlethal_immunity = _nonlethal_immunity(hit)
    for inst, app in zip(hit.instances, hit.looked, strict=True):
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


def weaknesses(hit: Hit) -> None:
    """Step 3.2: each instance takes the highest weakness that applies (a precision weakness
    only with a precision share); vitality-wounds: only the highest, once per attack."""
    if not hit.defenses.weaknesses:
        return
    steps = hit.steps
    chosen = [(inst, entry) for inst, app in zip(hit.instances, hit.looked, strict=True)
              if (entry := _best_weakness(inst, app)) is not None]
    if hit.policy.weakness_per_attack and chosen:
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


def vulnerability(hit: Hit) -> None:
    """Step 3.3 (vitality-wounds): one Wound per damage die as rolled, skipping Vitality, or
    +5 per die on a Hit Point creature. None from a removed instance; none at all from a
    nonlethal attack (a Decision); a bare typed total has no dice to count, and says so."""
    if not hit.defenses.vulnerabilities:
        return
    steps = hit.steps
    for inst, app in zip(hit.instances, hit.looked, strict=True):
        entry = app.vulnerability
        if inst.removed or entry is None:
            continue
        if inst.typed_total is not None:
            steps.add("vulnerability", _no_dice_words(entry, inst))
        if not inst.dice:
            continue
        if hit.work.max_wounds is None:
            extra = 5 * inst.dice  # added before resistances (a Decision)
            steps.add("vulnerability", tr("{defense}: +5 per die on a Hit Point creature: "
                                          "{part} {before} → {after}", defense=entry.describe(),
                                          part=inst.label, before=inst.amount,
                                          after=inst.amount + extra))
            inst.amount += extra
        elif hit.nonlethal:
            steps.add("vulnerability", ntr(
                "{defense}: no Wound — a nonlethal attack deals no Wounds",
                "{defense}: no Wounds — a nonlethal attack deals no Wounds", inst.dice,
                defense=entry.describe()))
        else:
            hit.wounds += inst.dice  # they skip Vitality (a Decision)
            steps.add("vulnerability", ntr(
                "{defense}: {count} Wound (one per damage die), skipping Vitality",
                "{defense}: {count} Wounds (one per damage die), skipping Vitality", inst.dice,
                defense=entry.describe()))


def resistances(hit: Hit) -> None:
    """Step 3.4: the resistance that removes the most. The seeds say "the highest value"; the
    two differ only for a precision resistance capped at the precision share, and comparing
    what each removes keeps "a resistance never raises damage" true."""
    if not hit.defenses.resistances:
        return
    steps = hit.steps
    for inst, app in zip(hit.instances, hit.looked, strict=True):
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
