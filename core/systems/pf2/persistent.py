"""PF2 persistent damage (RULES §2, §2.4, §5): the stage that makes a hit's persistent parts
conditions, one condition per damage type, a turn's ticks and the DC 15 flat check that ends one.

A tick itself runs the system's own stages (``Pf2Family._tick``): this module asks for it by a
function, and reaches no system.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from core.catalog.vocabulary import Vocabulary
from core.creature.model import Breakdown, Creature, PersistentDamage
from core.dice.expression import RandomSource
from core.notation import DamagePart, Defenses
from core.systems.base import flat_check
from core.systems.pf2.attack import Hit
from core.systems.pf2.defenses import bleed_words
from core.systems.pf2.policy import SAVE_FACTORS, Pf2Policy
from core.text.i18n import game_term, tr

Tick = Callable[[Creature, PersistentDamage, RandomSource, Breakdown], int]
"""One condition's damage dealt now, through the system's stages; returns what it dealt."""

# Immunities that name a rule, not a damage type: they never drop a persistent part by type
_SPECIAL_IMMUNITIES = ("persistent", "critical-hits", "precision", "nonlethal")


def _shown(formula: str, part: DamagePart) -> str:
    """A persistent part as its condition reads (``1d6 fire``; ``1d6［火炎］`` in Japanese)."""
    return PersistentDamage(formula, part.type or "untyped").label


def _added_words(new: PersistentDamage, part: DamagePart) -> str:
    """``persistent 1d6 fire added (at the end of its turn)``, and why bleed deals nothing now."""
    kind = game_term(part.type or "")
    if new.timing == "start":
        if part.implied_persistent:
            return tr("persistent {condition} added (at the start of its turn) ({type} is always "
                      "persistent damage: it deals nothing now)", condition=new.label, type=kind)
        return tr("persistent {condition} added (at the start of its turn)", condition=new.label)
    if part.implied_persistent:
        return tr("persistent {condition} added (at the end of its turn) ({type} is always "
                  "persistent damage: it deals nothing now)", condition=new.label, type=kind)
    return tr("persistent {condition} added (at the end of its turn)", condition=new.label)


def persistent(hit: Hit) -> None:
    """RULES §2.4: each persistent part of the hit becomes a condition, shown before the total
    it does not count in; a tick (its damage dealt now) has none left here."""
    for rp in hit.attack.persistent:
        add_condition(hit.policy, hit.vocabulary, hit.work, rp.part, hit.defenses, hit.crit,
                      hit.save, hit.steps)


def add_condition(policy: Pf2Policy, vocab: Vocabulary, work: Creature, part: DamagePart,
                  defenses: Defenses, crit: bool, save: str | None, steps: Breakdown) -> None:
    """A persistent part becomes a condition: doubled on a critical unless it is on-crit,
    halved by a save, dropped by an immunity; one condition per damage type (RULES §2)."""
    factor = SAVE_FACTORS[save] * (2 if crit and not part.on_crit else 1)
    formula = " ".join(w for w in (str(part.amount), part.type, *sorted(part.traits),
                                   *sorted(part.effects)) if w)
    if factor == 0:
        steps.add("scale", tr("persistent {condition}: none (factor 0)",
                              condition=_shown(formula, part)))
        return
    why = _persistent_immunity(vocab, work, part, defenses)
    if why is not None:
        steps.add("immunity", tr("persistent {condition}: dropped ({why})",
                                 condition=_shown(formula, part), why=why))
        return
    new = PersistentDamage(formula, part.type or "untyped", factor, policy.persistent_rounds, None,
                           False, policy.persistent_timing)
    if _replaces_same_type(work, new, part.amount.average * factor if part.amount else 0.0, steps):
        return
    work.persistent.append(new)
    steps.add("note", _added_words(new, part))


def _persistent_immunity(vocab: Vocabulary, work: Creature, part: DamagePart,
                         defenses: Defenses) -> str | None:
    """Why a persistent part is dropped (RULES §2 Step 3.1), or None."""
    keys = vocab.keys_for(part.type, part.traits)
    if defenses.immunities:
        # immunity to persistent damage, its (except …) decided part by part
        immune = defenses.special_immunity("persistent", (keys,))
        if immune is None:
            immune = next((e for e in defenses.immunities if e.selector not in _SPECIAL_IMMUNITIES
                           and e.matches(keys)), None)
        if immune is not None:
            return immune.describe()
    if part.type == "bleed" and work.kind in ("undead", "construct", "bloodless"):
        return bleed_words(work.kind)
    return None


def _replaces_same_type(work: Creature, new: PersistentDamage, average: float,
                        steps: Breakdown) -> bool:
    """One condition per damage type: the higher average stays (RULES §2). True when a
    condition of the type was there already."""
    for i, old in enumerate(work.persistent):
        if old.type != new.type:
            continue
        if average > old.average:
            work.persistent[i] = new
            steps.add("note", tr("persistent {new} replaces {old} (higher average {average:g} > "
                                 "{old_average:g})", new=new.label, old=old.label,
                                 average=average, old_average=old.average))
        else:
            steps.add("note", tr("persistent {new} ignored: {old} already there (average "
                                 "{old_average:g} ≥ {average:g})", new=new.label, old=old.label,
                                 average=average, old_average=old.average))
        return True
    return False


def run_turn(policy: Pf2Policy, work: Creature, when: str, tick: Tick, rng: RandomSource,
             steps: Breakdown, settings: dict[str, Any]) -> int:
    """The ``"start"`` or ``"end"`` of a creature's turn: the conditions tick in the order they
    were added (each tick, then its flat check, where both come at the end: pf2e, sf2e); where
    they tick at the start (vitality-wounds) the end checks each and counts its turns down.
    Returns the damage the ticks dealt."""
    total = 0
    timing = policy.persistent_timing
    if when == timing:
        for cond in list(work.persistent):
            total += tick(work, cond, rng, steps)
            if "dead" in work.conditions:
                break  # nothing more to check on the dead
            if timing == "end":
                check_condition(work, cond, rng, None, steps, settings)
    if when == "end" and timing == "start":
        for cond in list(work.persistent):
            check_condition(work, cond, rng, None, steps, settings)
        for cond in list(work.persistent):
            if cond.rounds_left is None:
                continue
            idx = work.persistent.index(cond)
            left = cond.rounds_left - 1
            if left <= 0:
                work.persistent.pop(idx)
                steps.add("note", tr("persistent {condition} ends by itself (its turns ran out)",
                                     condition=cond.label))
            else:
                work.persistent[idx] = replace(cond, rounds_left=left)
    return total


def check_condition(work: Creature, cond: PersistentDamage, rng: RandomSource | None, roll: int | None,
          steps: Breakdown, settings: dict[str, Any]) -> None:
    """One condition's DC 15 flat check: it ends, continues, or (setting ``flat_checks`` =
    ``ask``) waits for the GM's roll."""
    if cond not in work.persistent:
        return  # ended already (bleed healed away)
    idx = work.persistent.index(cond)
    if roll is None and settings.get("flat_checks") == "ask":
        work.persistent[idx] = replace(cond, pending_check=True)
        steps.add("note", tr("flat check for {condition}: waiting for the GM's roll",
                             condition=cond.label))
        return
    value, ok = flat_check(rng, roll)
    if ok:
        work.persistent.pop(idx)
        steps.add("note", tr("flat check {roll} (DC 15) for {condition}: ends", roll=value,
                             condition=cond.label))
    else:
        work.persistent[idx] = replace(cond, last_check=f"{value} failed", pending_check=False)
        steps.add("note", tr("flat check {roll} (DC 15) for {condition}: continues",
                             roll=value, condition=cond.label))
