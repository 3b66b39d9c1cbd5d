"""Initiative, the turn order and what a turn does besides damage (RULES §7).

Pure helpers for :class:`core.encounter.Encounter`: they work on creatures (or copies) and
append what they did to a list of steps; the encounter records each call as one undo step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.creature import conditions
from core.creature.conditions import is_defeated
from core.creature.model import Creature
from core.dice.expression import RandomSource, _default_rng
from core.systems.base import RuleSystem
from core.text.i18n import N_, tr

TIE_WORDS = {"adversaries-first": N_("adversaries before player characters"),
             "higher-modifier": N_("the higher modifier first")}


# ---------------------------------------------------------------------- initiative
def tie_key(rules: RuleSystem, creature: Creature, seq: int) -> tuple[int, ...]:
    """How a tie on a rolled initiative breaks (RULES §7); the order added last."""
    key = []
    for rule in rules.initiative_ties:
        if rule == "adversaries-first":
            key.append(1 if creature.pc else 0)
        elif rule == "higher-modifier":
            key.append(-creature.init_mod)
    return (*key, seq)


def tie_words(rules: RuleSystem) -> str:
    """The system's tie rule in words, for the log."""
    return tr(", then ").join([*(tr(TIE_WORDS[r]) for r in rules.initiative_ties),
                               tr("the order added")])


def roll_initiative(ids: Sequence[str], creatures: Mapping[str, Creature],
                    rng: RandomSource | None) -> dict[str, tuple[int, int]]:
    """d20 + initiative modifier for each id, in the order given: {id: (d20, total)}."""
    rng = rng or _default_rng
    out = {}
    for cid in ids:
        d20 = rng.randint(1, 20)
        out[cid] = (d20, d20 + creatures[cid].init_mod)
    return out


def roll_text(creature: Creature, d20: int, total: int) -> str:
    """``Goblin 1: initiative 15 (d20 13 +2)``."""
    mod = creature.init_mod
    return tr("{name}: initiative {total} (d20 {d20} {sign}{modifier})", name=creature.name,
              total=total, d20=d20, sign="+" if mod >= 0 else "−", modifier=abs(mod))


# ---------------------------------------------------------------------- turn order
def next_index(order: Sequence[str], turn: int, creatures: Mapping[str, Creature],
               skip_defeated: bool) -> tuple[int, int, list[str]]:
    """The next turn's index, how many times the order wrapped, and the ids skipped.

    When every creature is defeated nobody is skipped (the turn still has to pass).
    """
    skip = skip_defeated and not all(is_defeated(creatures[c]) for c in order)
    index, wraps, skipped = turn, 0, []
    for _ in range(len(order)):
        index += 1
        if index >= len(order):
            index, wraps = 0, wraps + 1
        if not (skip and is_defeated(creatures[order[index]])):
            break
        skipped.append(order[index])
    return index, wraps, skipped


# ---------------------------------------------------------------------- a turn's steps
def start_of_turn(rules: RuleSystem, work: Creature, settings: Mapping[str, Any],
                  rng: RandomSource | None, steps: list[str]) -> None:
    """After the system's start steps: conditions that end now, the PF2 recovery check."""
    if "dead" in work.conditions:
        return
    conditions.start_of_turn(work, steps)
    if rules.dying_check_at == "start":
        dying_check(rules, work, settings, rng, None, steps)


def end_of_turn(rules: RuleSystem, work: Creature, settings: Mapping[str, Any],
                rng: RandomSource | None, steps: list[str]) -> None:
    """After the system's end steps: d20-3e stabilisation, decrements, durations."""
    if "dead" in work.conditions:
        return
    if rules.dying_check_at == "end":
        dying_check(rules, work, settings, rng, None, steps)
    conditions.end_of_turn(work, rules.id, steps)


def dying_check(rules: RuleSystem, work: Creature, settings: Mapping[str, Any],
                rng: RandomSource | None, roll: int | None, steps: list[str]) -> None:
    """The dying check, rolled, given, or left pending for the GM (the flat_checks setting)."""
    if not rules.needs_dying_check(work):
        return
    if roll is None and settings.get("flat_checks") == "ask":
        work.recovery_check = "pending"
        steps.append(tr("dying check: waiting for the GM's roll"))
        return
    if roll is None:
        roll = (rng or _default_rng).randint(1, rules.dying_check_die)
    outcome = rules.resolve_dying_check(work, roll)
    rules.commit(work, outcome)
    steps.extend(outcome.steps)
