"""Turns: the next creature up, and what each system and RULES §7 do as a turn starts and ends."""

from __future__ import annotations

from core.dice.expression import RandomSource
from core.encounter import order as turns
from core.encounter.ledger import Event, Step
from core.encounter.state import EncounterState
from core.text.i18n import game_term, tr


class Turns:
    """The turn passed on, rounds counted, the defeated skipped."""

    def __init__(self, state: EncounterState) -> None:
        self.s = state

    # ------------------------------------------------------------------ turns
    def skip_defeated(self) -> bool:
        """The ``skip_defeated`` setting (RULES §7: on unless the GM turns it off)."""
        return bool(self.s.settings.get("skip_defeated", True))

    def next_turn(self, rng: RandomSource | None = None) -> Event:
        """End the active creature's turn, start the next one's; run each system's steps.

        RULES §7 too: recovery checks, frightened −1, condition durations, and dead or
        defeated creatures skipped (the ``skip_defeated`` setting).
        """
        s = self.s
        creatures = s.roster.creatures
        order = s.roster.order
        if not order:
            raise ValueError(tr('the encounter has no creatures'))
        details: list[str] = []
        with s.step("turn", "") as step:
            step.meta("round", "turn")
            ending = order[s.turn] if s.turn < len(order) else order[0]
            self._turn_steps(step, ending, "end", rng, details)
            s.turn, wraps, skipped = turns.next_index(order, s.turn, creatures,
                                                      self.skip_defeated())
            details.extend(tr("{name} skipped (dead)", name=creatures[c].name)
                           if "dead" in creatures[c].conditions
                           else tr("{name} skipped (defeated)", name=creatures[c].name)
                           for c in skipped)
            # what happened so far closes the turn that ended, in its round (the log files it
            # there); the rest opens the new turn
            step.closing = len(details)
            step.ended = creatures[ending].name if details else ""
            for _ in range(wraps if s.rules.counts_rounds else 0):
                s.round += 1
                self._expire_immunities(step, details)
            starting = order[s.turn]
            self._turn_steps(step, starting, "start", rng, details)
            name = creatures[starting].name
            step.about = (starting,)  # the words name only whose turn it is
            if not s.rules.counts_rounds:
                step.text = tr("the spotlight passes to {name}", name=name)
            elif wraps:
                step.text = tr("{name}'s turn (round {round} begins)", name=name, round=s.round)
            else:
                step.text = tr("{name}'s turn", name=name)
            step.details = tuple(details)
        return s.recorded()

    def _turn_steps(self, step: Step, cid: str, when: str, rng: RandomSource | None,
                    details: list[str]) -> None:
        """The system's start/end steps, then RULES §7's (conditions, dying checks)."""
        step.touch(cid)
        rules, settings, creature = self.s.rules, self.s.settings, self.s.roster.creatures[cid]
        outcome = rules.resolve_turn(creature, when, rng, settings)
        rules.commit(creature, outcome)
        steps = list(outcome.steps)
        hook = turns.start_of_turn if when == "start" else turns.end_of_turn
        hook(rules, creature, settings, rng, steps)
        details.extend(tr("{name}: {step}", name=creature.name, step=s) for s in steps)

    def _expire_immunities(self, step: Step, details: list[str]) -> None:
        for cid, c in self.s.roster.creatures.items():
            expired = [t for t in c.temp_immunities if t.until_round <= self.s.round]
            if expired:
                step.touch(cid)
                c.temp_immunities = [t for t in c.temp_immunities if t not in expired]
                details.extend(tr("{name}: immunity to {effect} expires", name=c.name,
                                  effect=game_term(t.effect)) for t in expired)
