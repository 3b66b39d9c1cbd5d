"""PF2 persistent damage (RULES §2, §5): a condition per damage type, its tick at the start or
end of a turn, and the DC 15 flat check that ends it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core.creature.model import Breakdown, Creature, Outcome, PersistentDamage
from core.dice.expression import RandomSource, _default_rng
from core.notation import Damage, DamagePart, Defenses
from core.systems.base import flat_check
from core.systems.pf2.attack import part_keys
from core.systems.pf2.damage import Pf2Damage
from core.systems.pf2.defenses import bleed_words
from core.systems.pf2.policy import SAVE_FACTORS
from core.text.i18n import clauses, game_term, tr

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


class Pf2Persistent(Pf2Damage):
    """Persistent damage conditions: added by a hit or by hand, ticked, checked, ended."""

    def _add_condition(self, work: Creature, part: DamagePart, defenses: Defenses, crit: bool,
                       save: str | None, steps: Breakdown) -> None:
        """A persistent part becomes a condition: doubled on a critical unless it is on-crit,
        halved by a save, dropped by an immunity; one condition per damage type (RULES §2)."""
        factor = SAVE_FACTORS[save] * (2 if crit and not part.on_crit else 1)
        formula = " ".join(w for w in (str(part.amount), part.type, *sorted(part.traits),
                                       *sorted(part.effects)) if w)
        if factor == 0:
            steps.add("scale", tr("persistent {condition}: none (factor 0)",
                                  condition=_shown(formula, part)))
            return
        why = self._persistent_immunity(work, part, defenses)
        if why is not None:
            steps.add("immunity", tr("persistent {condition}: dropped ({why})",
                                     condition=_shown(formula, part), why=why))
            return
        new = PersistentDamage(formula, part.type or "untyped", factor,
                               self.policy.persistent_rounds, None, False,
                               self.policy.persistent_timing)
        if self._replaces_same_type(work, new, part.amount.average * factor if part.amount else 0.0,
                                    steps):
            return
        work.persistent.append(new)
        steps.add("note", _added_words(new, part))

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
            return bleed_words(work.kind)
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
                steps.add("note", tr("persistent {new} replaces {old} (higher average {average:g} > "
                                     "{old_average:g})", new=new.label, old=old.label,
                                     average=average, old_average=old.average))
            else:
                steps.add("note", tr("persistent {new} ignored: {old} already there (average "
                                     "{old_average:g} ≥ {average:g})", new=new.label, old=old.label,
                                     average=average, old_average=old.average))
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
        """What adding a persistent condition would do, without touching the creature
        (``settings``: the call shape of the other actions; no setting changes what is added)."""
        self.check_save(save)
        damage = self.parse_damage(text)
        work = creature.clone()
        steps = Breakdown()
        defenses = self.defenses_of(creature)
        crit = bool(critical) and not (defenses.immunities and defenses.special_immunity(
            "critical-hits", [part_keys(self.vocabulary, p) for p in damage.parts]))
        for part in damage.parts:
            if part.amount is None:
                continue
            # added as a condition on purpose: no "deals nothing now" note for bleed
            self._add_condition(work, replace(part, implied_persistent=False), defenses, crit, save,
                                steps)
        return self._outcome(creature, work, 0, steps, summary=clauses(steps.lines()))

    def _turn(self, creature: Creature, when: str, rng: RandomSource | None,
              settings: dict[str, Any] | None) -> Outcome:
        settings = settings or {}
        rng = rng or _default_rng
        work = creature.clone()
        steps = Breakdown()
        total = 0
        timing = self.policy.persistent_timing
        if "dead" in work.conditions:
            return self._outcome(creature, work, 0, steps)  # the dead take no turns
        if when == timing:
            for cond in list(work.persistent):
                total += self._tick(work, cond, rng, steps)
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
                    steps.add("note", tr("persistent {condition} ends by itself (its turns ran out)",
                                         condition=cond.label))
                else:
                    work.persistent[idx] = replace(cond, rounds_left=left)
        return self._outcome(creature, work, total, steps, wounds=self._wounds_taken(creature, work),
                             summary=clauses(steps.lines()))

    def tick(self, creature: Creature, index: int, rng: RandomSource | None = None,
             settings: dict[str, Any] | None = None) -> Outcome:
        """Roll one persistent condition's damage now (no flat check) and commit (``settings``:
        the call shape of the other actions; no setting changes a tick)."""
        work = creature.clone()
        steps = Breakdown()
        dealt = self._tick(work, creature.persistent[index], rng or _default_rng, steps)
        outcome = self._outcome(creature, work, dealt, steps, wounds=self._wounds_taken(creature, work),
                                summary=clauses(steps.lines()))
        self.commit(creature, outcome)
        return outcome

    def _tick(self, work: Creature, cond: PersistentDamage, rng: RandomSource,
              steps: Breakdown) -> int:
        damage: Damage = self.parse_damage(cond.formula)
        # a tick is the condition's damage dealt now (``1d6 bleed`` parses as persistent)
        damage = replace(damage, parts=tuple(replace(p, persistent=False) for p in damage.parts))
        rolled = self.roll(damage, rng=rng)  # never critical: the settings shape only criticals
        steps.add("note", tr("persistent {condition} ticks", condition=cond.label))
        return self._resolve_hit(work, rolled.hits[0], self.defenses_of(work), False, False, None,
                                 False, steps, tick=True, tick_factor=cond.factor)

    def flat_check(self, creature: Creature, index: int, roll: int | None = None,
                   rng: RandomSource | None = None, settings: dict[str, Any] | None = None) -> Outcome:
        """Roll (or take the GM's roll for) one condition's DC 15 flat check, and commit."""
        work = creature.clone()
        steps = Breakdown()
        self._check(work, creature.persistent[index], rng, roll, steps, settings={})  # never "ask"
        outcome = self._outcome(creature, work, 0, steps, summary=clauses(steps.lines()))
        self.commit(creature, outcome)
        return outcome

    def _check(self, work: Creature, cond: PersistentDamage, rng: RandomSource | None,
               roll: int | None, steps: Breakdown, settings: dict[str, Any]) -> None:
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
