"""Conditions and dying checks on an encounter's creatures (RULES §7)."""

from __future__ import annotations

from collections.abc import Iterable

from core.catalog import conditions as condition_words
from core.creature import conditions
from core.creature.model import Creature
from core.dice.expression import RandomSource
from core.encounter import order as turns
from core.encounter.ledger import Event
from core.encounter.state import EncounterState
from core.table import numbers as table_numbers
from core.text.i18n import clauses, game_term, tr


def _said(name: str, steps: list[str]) -> str:
    """``Goblin: frightened 2 (falls by 1 each turn); …``: a creature's changes in one line."""
    return tr("{name}: {step}", name=name, step=clauses(steps))

class Conditions:
    """Conditions given, set and taken away; the dying checks the GM rolls."""

    def __init__(self, state: EncounterState) -> None:
        self.s = state

    # ------------------------------------------------------------------ conditions (RULES §7)
    def conditions_of(self, cid: str) -> dict[str, int | None]:
        """Every condition with its value or None: dying, wounded, doomed, statuses, the GM's."""
        return conditions.conditions_of(self.s.roster.creature(cid), self.s.system)

    def add_condition(self, cid: str, name: str, value: int | None = None,
                      duration: int | str | None = None) -> Event:
        """Give a creature a condition with an optional value and duration (one undo step)."""
        name = condition_words.condition_name(name)
        if name in condition_words.TRACK_VALUED:
            if duration is not None:
                raise ValueError(tr('{name} has no duration: it ends by its own rules', name=name))
            return self.set_condition(cid, name, 1 if value is None else value)
        creature = self.s.roster.creature(cid)
        new = creature.clone()
        steps = [conditions.add(new, name, value, duration, self.s.system)]
        steps += self._drained(creature, new)
        self.s.rules.recheck_dying(new, steps)        # doomed can kill a dying creature
        return self.s.replace(cid, "condition", _said(creature.name, steps), new)

    def remove_condition(self, cid: str, name: str) -> Event:
        """Remove a condition (its value and duration with it)."""
        name = condition_words.condition_name(name)
        creature = self.s.roster.creature(cid)
        new = creature.clone()
        conditions.remove(new, name)
        steps = [tr("no longer {condition}", condition=game_term(name)), *self._drained(creature, new)]
        return self.s.replace(cid, "condition", _said(creature.name, steps), new)

    def set_condition(self, cid: str, name: str, value: int) -> Event:
        """Set a condition's value by hand (0 removes it): dying, wounded, doomed, frightened…"""
        name = condition_words.condition_name(name)
        creature = self.s.roster.creature(cid)
        new = creature.clone()
        steps = [conditions.set_value(new, name, value, self.s.system)]
        steps += self._drained(creature, new)
        self.s.rules.recheck_dying(new, steps)
        return self.s.replace(cid, "condition", _said(creature.name, steps), new)

    def _drained(self, creature: Creature, new: Creature) -> list[str]:
        """Drained takes (or gives back) HP and max HP (RULES §9); the status follows."""
        steps = table_numbers.drained_hp(creature, new, self.s.system)
        return steps + self.s.rules.settle_status(new, creature) if steps else steps

    def add_condition_many(self, ids: Iterable[str], name: str, value: int | None = None,
                           duration: int | str | None = None) -> Event:
        """Give each creature a condition, as one undo step: all or nothing."""
        ids = self.s.roster.known(ids)
        shown = condition_words.valued_words(condition_words.condition_name(name), value)
        with self.s.batch(tr("{condition} → {count} creatures", condition=shown, count=len(ids))):
            for cid in ids:
                self.add_condition(cid, name, value, duration)
        return self.s.recorded()

    def remove_condition_many(self, ids: Iterable[str], name: str) -> Event:
        """Take a condition from each creature that has it, as one undo step; ValueError
        when none of them has it."""
        name = condition_words.condition_name(name)
        having = [c for c in self.s.roster.known(ids)
                  if name.casefold() in {n.casefold() for n in self.conditions_of(c)}]
        if not having:
            raise ValueError(tr('no one there is {name}', name=name))
        with self.s.batch(tr("no longer {condition} → {count} creatures",
                             condition=game_term(name), count=len(having))):
            for cid in having:
                self.remove_condition(cid, name)
        return self.s.recorded()

    # ------------------------------------------------------------------ dying checks (RULES §7)
    def pending_dying_checks(self) -> list[str]:
        """Ids of creatures whose dying check waits for the GM's roll."""
        roster = self.s.roster
        return [c for c in roster.order if roster.creatures[c].recovery_check == "pending"]

    def dying_check(self, cid: str, roll: int | None = None, rng: RandomSource | None = None) -> str:
        """Make (or record the GM's roll for) a creature's dying check; returns it in words."""
        creature = self.s.roster.creature(cid)
        if not self.s.rules.needs_dying_check(creature):
            raise ValueError(tr('{name} is not making dying checks', name=creature.name))
        new = creature.clone()
        steps: list[str] = []
        turns.dying_check(self.s.rules, new, {}, rng, roll, steps)
        self.s.replace(cid, "dying-check", tr("{name}: {step}", name=creature.name,
                                             step=new.recovery_check), new, tuple(steps))
        return new.recovery_check
