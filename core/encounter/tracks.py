"""A creature's tracks outside damage: healing, temporary HP and Daggerheart's Stress."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.creature.model import Breakdown, Creature, Outcome
from core.creature.schema import MAX_TRACK
from core.encounter.state import EncounterState
from core.text.i18n import clauses, tr


class Tracks:
    """Healing, temporary HP and Stress, one creature or several in one undo step."""

    def __init__(self, state: EncounterState) -> None:
        self.s = state

    def heal(self, cid: str, amount: int, track: str | None = None) -> Outcome:
        """Heal a creature (Daggerheart: clear ``track`` slots: hp, armor, stress)."""
        if track == "stress":
            return self.clear_stress(cid, amount)  # logged as clearing Stress, not as a heal
        creature = self.s.roster.creature(cid)
        outcome = self.s.rules.resolve_heal(creature, amount, track)
        text = tr("{name} healed {amount} {track}: {summary}", name=creature.name, amount=amount,
                  track=track, summary=outcome.summary) if track else \
            tr("{name} healed {amount}: {summary}", name=creature.name, amount=amount,
               summary=outcome.summary)
        return self.s.commit(cid, outcome, "heal", text,
                             outcome.steps)

    def heal_many(self, ids: Iterable[str], amount: int, track: str | None = None,
                  how: str = "") -> dict[str, Outcome]:
        """Heal each creature by ``amount`` as one undo step (``how``: the roll, for the log)."""
        ids = list(dict.fromkeys(ids))
        outcomes = {cid: self.s.rules.resolve_heal(self.s.roster.creature(cid), amount, track) for cid in ids}
        rolled = f" ({how})" if how else ""
        if track == "stress":  # clearing Stress is no heal (Daggerheart)
            return self._commit_many(tr("clear {amount} Stress{rolled}", amount=amount, rolled=rolled),
                                     outcomes, "stress")
        if track:
            return self._commit_many(tr("healed {amount} {track}{rolled}", amount=amount, track=track,
                                        rolled=rolled), outcomes)
        return self._commit_many(tr("healed {amount}{rolled}", amount=amount, rolled=rolled), outcomes)

    def give_temp_hp(self, ids: Iterable[str], amount: int, how: str = "") -> dict[str, Outcome]:
        """Temporary HP to each creature as one undo step, like heal_many."""
        ids = list(dict.fromkeys(ids))
        outcomes = {cid: resolve_temp_hp(self.s.rules, self.s.roster.creature(cid), amount) for cid in ids}
        rolled = f" ({how})" if how else ""
        return self._commit_many(tr("temp HP {amount}{rolled}", amount=amount, rolled=rolled), outcomes)

    def _commit_many(self, what: str, outcomes: dict[str, Outcome],
                     kind: str = "heal") -> dict[str, Outcome]:
        """Commit resolved outcomes as one batch: ``what → name summary; …``."""
        creatures = self.s.roster.creatures
        short = tr("{what} → {count} targets", what=what, count=len(outcomes)) \
            if len(outcomes) > 1 else ""
        with self.s.batch(short, head=what, kind=kind):
            for cid, o in outcomes.items():
                name = creatures[cid].name
                self.s.commit(cid, o, kind, tr("{name} {summary}", name=name, summary=o.summary),
                              tuple(tr("{name}: {step}", name=name, step=s) for s in o.steps))
        return outcomes

    # ------------------------------------------------------------------ Daggerheart (RULES §7)
    def mark_stress(self, cid: str, amount: int = 1) -> Outcome:
        """Mark Stress; what does not fit marks 1 HP, the last slot makes it Vulnerable."""
        creature = self.s.roster.creature(cid)
        outcome = self.s.rules.resolve_stress(creature, amount)
        return self.s.commit(cid, outcome, "stress", tr("{name}: {step}", name=creature.name, step=outcome.summary), outcome.steps)

    def mark_stress_many(self, ids: Iterable[str], amount: int = 1) -> dict[str, Outcome]:
        """Mark Stress on each creature as one undo step, like :meth:`mark_stress`."""
        ids = self.s.roster.known(ids)
        if len(ids) == 1:
            return {ids[0]: self.mark_stress(ids[0], amount)}   # the log's words for one
        outcomes = {cid: self.s.rules.resolve_stress(self.s.roster.creatures[cid], amount) for cid in ids}
        return self._commit_many(tr("mark {amount} Stress", amount=amount), outcomes, "stress")

    def clear_stress_many(self, ids: Iterable[str], amount: int = 1) -> dict[str, Outcome]:
        """Clear Stress on each creature as one undo step, like :meth:`clear_stress`."""
        if self.s.system != "daggerheart":
            raise ValueError(tr('{name} has no Stress', name=self.s.rules.name))
        ids = self.s.roster.known(ids)
        if len(ids) == 1:
            return {ids[0]: self.clear_stress(ids[0], amount)}
        return self.heal_many(ids, amount, "stress")

    def clear_stress(self, cid: str, amount: int = 1) -> Outcome:
        """Clear Stress (ends the Vulnerable that marking the last one gave)."""
        if self.s.system != "daggerheart":
            raise ValueError(tr('{name} has no Stress', name=self.s.rules.name))
        creature = self.s.roster.creature(cid)
        outcome = self.s.rules.resolve_heal(creature, amount, "stress")
        return self.s.commit(cid, outcome, "stress", tr("{name}: {step}", name=creature.name, step=clauses(outcome.steps)),
                             outcome.steps)


def has_temp_hp(rules: Any) -> bool:
    """Whether the system's creatures have temporary HP (pf2e, sf2e, d20-3e)."""
    return any(stat.name == "temp_hp" for stat in rules.stat_fields)


def resolve_temp_hp(rules: Any, creature: Creature, amount: int) -> Outcome:
    """What giving ``amount`` temporary HP would do, without touching the creature.

    Decision (the sources are silent): temporary HP do not stack — the creature keeps the
    higher of what it has and the new amount (PF2 lets the creature choose; the higher is
    what a GM chooses). A dead creature gains none.
    """
    if not has_temp_hp(rules):
        raise ValueError(tr('{name} creatures have no temporary HP', name=rules.name))
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount <= MAX_TRACK:
        raise ValueError(tr('temporary HP is a whole number from 1 to {most:,}, not {amount}', most=MAX_TRACK, amount=repr(amount)))
    work = creature.clone()
    steps = Breakdown()
    if "dead" in work.conditions:
        steps.add("track", tr("dead: temporary HP have no effect"))
    elif amount > work.temp_hp:
        steps.add("track", tr("temp HP {before} → {after}", before=work.temp_hp, after=amount))
        work.temp_hp = amount
    else:
        steps.add("track", tr("temp HP {value} kept: temporary HP do not stack, the higher stays",
                              value=work.temp_hp))
    outcome: Outcome = rules._outcome(creature, work, amount, steps, summary=rules.track_text(work))
    return outcome
