"""The stages of a PF2 hit that work its damage (RULES §1, §2 Steps 1-2 and the total): its
parts sorted, floor, merge, double or halve, on-crit parts, total.

Each stage is a function over one ``Hit`` (core.systems.pf2.attack); core.systems.pf2.stages
lists them, with the defense stages (core.systems.pf2.defenses), in the order a hit takes them.
"""

from __future__ import annotations

from core.creature.model import RolledPart
from core.notation import DamagePart
from core.systems.pf2.attack import Attack, Hit, Instance
from core.systems.pf2.policy import SAVE_FACTORS, SAVE_WORDS, Pf2Policy
from core.text.i18n import joined, listing, tr


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
        return joined(", ", [joined(" ", [i.label, str(i.amount)]) for i in instances])
    return joined(", ", [joined(" ", [i.label, f"{b} → {i.amount}"])   # labels said when read
                         for i, b in zip(instances, before, strict=True)])


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


def sort_parts(hit: Hit) -> None:
    """Which parts are dealt now, added on a critical only, or become conditions (a tick deals
    its persistent damage now)."""
    hit.attack = Attack.sort(hit.parts, hit.crit, hit.tick)


def floor(hit: Hit) -> None:
    """Step 1 and RULES §1: each part's roll, floored at 0; an attack with dice or modifiers
    deals 1 at least, carried by its first such part (a typed 0 stays 0)."""
    main, twice, steps = hit.attack.main, hit.twice, hit.steps
    if not main:
        return
    steps.add("roll", tr("roll: {parts}", parts=listing(rp.describe(twice) for rp in main)))
    values = [(rp.crit_value if twice and rp.crit_value is not None else rp.value) for rp in main]
    with_amount = [i for i, rp in enumerate(main) if rp.part.amount is not None
                   and (rp.part.amount.dice_count or rp.part.amount.modifier)]
    floored = [max(0, v) if main[i].part.amount is not None else 0 for i, v in enumerate(values)]
    if floored != values and with_amount:
        steps.add("floor", tr("minimum: a part below 0 counts as 0"))  # RULES §1, a Decision
    if with_amount and sum(floored[i] for i in with_amount) <= 0:
        floored[with_amount[0]] = 1
        steps.add("floor", tr("minimum damage: the attack deals 1"))
    hit.floored = floored


def merge(hit: Hit) -> None:
    """Step 2: parts of the same type, traits and source word merge into one instance;
    precision joins the first typed one. A Strike's carried traits (``magical``, a material,
    an alignment: RULES §10) are the parts' own traits here, so they key the instance."""
    main = hit.attack.main
    for rp, value in zip(main, hit.floored, strict=True):
        part = rp.part
        if part.type == "precision":
            continue  # joins an instance next (_add_precision)
        inst = _instance(hit, part)
        inst.amount += value
        inst.dice += rp.dice_count
        if inst.typed_total is None and part.amount is not None and part.amount.is_constant:
            inst.typed_total = part.label
    _add_precision(hit)
    if len(main) > len(hit.instances):
        hit.steps.add("merge", tr("merge: {shares}", shares=_shares(hit.instances)))


def _add_precision(hit: Hit) -> None:
    """Step 2: the precision parts' share joins the attack's first typed instance."""
    shares = [(rp.part, value) for rp, value in zip(hit.attack.main, hit.floored, strict=True)
              if rp.part.type == "precision"]
    if not shares:
        return
    target = _precision_target(hit, shares[0][0])
    share = sum(value for _, value in shares)
    target.amount += share
    target.precision += share
    target.precision_traits = target.precision_traits.union(*(part.traits for part, _ in shares))
    hit.steps.add("merge", tr("precision {share} joins {part} → {amount}", share=share,
                              part=target.label, amount=target.amount))


def _instance(hit: Hit, part: DamagePart) -> Instance:
    """The instance a part merges into (same type, traits and source word), made if new."""
    key = (part.type, part.traits, part.source)
    inst = hit.by_key.get(key)
    if inst is None:
        inst = Instance(part, hit.keys(part))
        hit.by_key[key] = inst
        hit.instances.append(inst)
    return inst


def _precision_target(hit: Hit, first: DamagePart) -> Instance:
    """RULES §2 Step 2: precision joins the attack's first part that has a type (not a bare
    source word such as ``water``); an attack of precision alone is its own instance."""
    for inst in hit.instances:
        if inst.type is not None and inst.type != "precision":
            return inst
    for inst in hit.instances:
        if inst.type == "precision":
            return inst
    target = Instance(first, hit.keys(first, "precision"))
    hit.instances.insert(0, target)
    return target


def scale(hit: Hit) -> None:
    """Step 1b: double (critical hit) or halve (basic save), by the system's policy; a tick by
    its condition's stored factor. Nothing when the factor is 1 (or the critical was rolled
    twice instead)."""
    doubled = hit.crit and not hit.twice
    factor = SAVE_FACTORS[hit.save] * (2.0 if doubled else 1.0) * hit.tick_factor
    if factor == 1.0:
        return
    policy, instances, steps = hit.policy, hit.instances, hit.steps
    before = [i.amount for i in instances]
    halving = 0 < factor < 1
    if policy.halve_total and halving:
        shares = _halve_total(before, factor)
    else:
        shares = [_scale_one(policy, v, factor) for v in before]
    for inst, new in zip(instances, shares, strict=True):
        inst.precision = min(int(inst.precision * factor), new)
        inst.amount = new
    pairs = _shares(instances, before=before)
    why = _scale_words(factor, doubled, hit.save)
    if policy.halve_floor_one and halving and 1 in before:
        steps.add("scale", tr("{why}: {shares} (1 halved stays 1)", why=why, shares=pairs))
    elif policy.halve_total and halving and len(instances) > 1:
        steps.add("scale", tr("{why}: {shares} (the total halved, rounded down once)", why=why,
                              shares=pairs))
    else:
        steps.add("scale", tr("{why}: {shares}", why=why, shares=pairs))


def _scale_one(policy: Pf2Policy, amount: int, factor: float) -> int:
    """sf2e, vitality-wounds: each instance on its own, rounding down (a Decision); sf2e keeps
    an instance of 1 halved at 1."""
    new = int(amount * factor)
    if policy.halve_floor_one and 0 < factor < 1 and amount >= 1 and new == 0:
        return 1
    return new


def add_on_crit(hit: Hit) -> None:
    """On-crit parts, a Strike's ``deadly`` and ``fatal`` dice among them (RULES §10): added
    after doubling, merged like any other part; on-crit precision joins the precision share of
    the first typed instance (RULES §2 Step 3.2). Each names its rule in the breakdown."""
    for rp in hit.attack.on_crit:
        part = rp.part
        value = max(0, rp.value)
        if part.type == "precision":
            inst = _precision_target(hit, part)
            inst.precision += value
            inst.precision_traits |= part.traits
        else:
            inst = _instance(hit, part)
        inst.amount += value
        hit.steps.add("merge", _on_crit_words(rp, inst))


def _on_crit_words(rp: RolledPart, inst: Instance) -> str:
    """``deadly: 1d10 (6) added after doubling, not doubled, to piercing → 20`` or
    ``on-crit 1d6 (4) added to fire → 12``."""
    if rp.part.crit_rule:      # a Strike's deadly or fatal die (RULES §10)
        return tr("{rule}: {part} added after doubling, not doubled, to {instance} → {amount}",
                  rule=rp.part.crit_rule, part=rp.describe(), instance=inst.label,
                  amount=inst.amount)
    return tr("on-crit {part} added to {instance} → {amount}", part=rp.describe(),
              instance=inst.label, amount=inst.amount)


def total(hit: Hit) -> None:
    """What the attack deals: its instances after every defense, none below 0."""
    instances = hit.instances
    hit.total = sum(max(inst.amount, 0) for inst in instances)
    if len(instances) == 1:
        hit.steps.add("total", tr("total: {total}", total=hit.total))
    else:
        shares = " + ".join(f"{i.label} {i.amount}" for i in instances) or "0"
        hit.steps.add("total", tr("total: {shares} = {total}", shares=shares, total=hit.total))
