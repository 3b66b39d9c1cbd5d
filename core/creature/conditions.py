"""GM conditions on a creature (RULES §7): added, valued, timed, expired, and whether it is out of the fight.

A creature's conditions are one set of names (``Creature.conditions``: the statuses the
rules set, such as ``dying`` or ``dead``, and the conditions a GM adds). Values live in
``Creature.condition_values`` and durations in ``Creature.condition_durations``, keyed by
name. ``dying`` and ``wounded`` keep their own fields (``Creature.dying``, ``.wounded``),
as the damage pipeline uses them; this module reads and writes them there.

A duration is ``None`` (until removed), a number of the creature's own turns (counted down
at the end of each of its turns, gone at 0), ``"end-of-next-turn"`` or
``"start-of-next-turn"``. ``"end-of-next-turn"`` becomes ``"end-of-this-turn"`` when the
creature's next turn starts, and ends when that turn ends — so a condition given during the
creature's own turn lasts through its following turn.
"""


from __future__ import annotations

from typing import Any

from core.catalog.conditions import (
    END_OF_NEXT,
    END_OF_THIS,
    START_OF_NEXT,
    TRACK_VALUED,
    VALUED_FAMILY,
    catalogue,
    duration_text,
    lasts_text,
    valued_words,
)
from core.creature.model import Creature
from core.creature.schema import MAX_CONDITION
from core.text.i18n import game_term, tr

DEFEATED = ("dead", "defeated")
CANNOT_ACT = (*DEFEATED, "death-move", "dying", "unconscious", "stable", "helpless",
              "paralyzed", "petrified")
"""States in which a creature takes no actions (RULES §7 and the systems' condition rules):
it deals no damage of its own, so it is never who acted by default."""


def is_defeated(creature: Creature) -> bool:
    """Dead or defeated: skipped by next turn when the setting is on (RULES §7)."""
    return any(c in creature.conditions for c in DEFEATED)


def cannot_act(creature: Creature) -> str | None:
    """The state that keeps ``creature`` from acting (``dying``, ``paralyzed`` …), or None."""
    return next((c for c in CANNOT_ACT if c in creature.conditions), None)


def held_name(creature: Creature, name: str) -> str:
    """The creature's own spelling of ``name`` when it has that condition (matched without
    regard to case), else ``name``."""
    key = name.casefold()
    held = (*creature.conditions, *creature.condition_values, *creature.condition_durations)
    return next((have for have in held if have.casefold() == key), name)


def check_duration(duration: Any) -> int | str | None:
    """A valid duration, or ValueError saying which forms exist."""
    if duration is None:
        return None
    if duration in (END_OF_NEXT, START_OF_NEXT):
        return str(duration)
    if isinstance(duration, int) and not isinstance(duration, bool) and 1 <= duration <= MAX_CONDITION:
        return duration
    raise ValueError(tr('a duration is None, a number of turns (1 to {most}), {end} or {start}, not {duration}', most=MAX_CONDITION, end=repr(END_OF_NEXT), start=repr(START_OF_NEXT), duration=repr(duration)))



def conditions_of(creature: Creature, system: str) -> dict[str, int | None]:
    """Every condition by name with its value (None for a plain one), dying and wounded included."""
    out: dict[str, int | None] = {}
    for name in sorted(creature.conditions):
        if name == "dying" and system in VALUED_FAMILY:
            out[name] = creature.dying or None
        else:
            out[name] = creature.condition_values.get(name)
    if creature.wounded:
        out["wounded"] = creature.wounded
    return out


def summary(creature: Creature, system: str) -> str:
    """Every condition in short for a roster cell: ``dying 1 · wounded 1 · frightened 2``.

    The rules' own states (dead, dying, wounded, unconscious …) come first, then the GM's.
    """
    return " · ".join(summary_words(creature, system))


def summary_words(creature: Creature, system: str, after_states: tuple[str, ...] = ()) -> list[str]:
    """The words of :func:`summary`, one a condition; ``after_states`` (a persistent damage)
    go right after the rules' own states, before the GM's conditions."""
    values = conditions_of(creature, system)
    first = [n for n in ("dead", "defeated", "death-move", "dying", "wounded", "doomed", "stable",
                         "unconscious", "disabled", "staggered") if n in values]
    rest = [n for n in values if n not in first]
    return [*(valued_words(n, values[n]) for n in first), *after_states,
            *(valued_words(n, values[n]) for n in rest)]



def label(creature: Creature, name: str) -> str:
    """``frightened 2`` / ``stunned`` / ``dying 1``."""
    value = creature.dying if name == "dying" else creature.wounded if name == "wounded" \
        else creature.condition_values.get(name)
    return valued_words(name, value)


# ---------------------------------------------------------------------- changes on a work copy
def add(work: Creature, name: str, value: int | None, duration: int | str | None,
        system: str = "") -> str:
    """Give ``work`` a condition (replacing the same name, but in the PF2 family a valued one
    keeps the higher value); returns the log's words (``system``: a valued condition that falls
    each turn says so)."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                              or not 1 <= value <= MAX_CONDITION):
        raise ValueError(tr("a condition's value is a whole number from 1 to {most}, not {value}", most=MAX_CONDITION, value=repr(value)))
    duration = check_duration(duration)
    name = held_name(work, name)
    kept = _higher_kept(work, name, value, system)
    if kept:
        return kept
    work.conditions.add(name)
    work.condition_values.pop(name, None)
    work.condition_durations.pop(name, None)
    if value is not None:
        work.condition_values[name] = value
    if duration is not None:
        work.condition_durations[name] = duration
    lasts = lasts_text(name, duration, system) if value is not None else duration_text(duration)
    return tr("{condition} ({lasts})", condition=label(work, name), lasts=lasts)


def _higher_kept(work: Creature, name: str, value: int | None, system: str) -> str:
    """PF2 family (RULES §10): a valued condition added again keeps the higher value; the
    log's words when the one it has is kept (its duration too), else ``""``."""
    held = work.condition_values.get(name)
    if system not in VALUED_FAMILY or name not in catalogue(system).valued or name not in work.conditions \
            or held is None or (value is not None and value >= held):
        return ""
    return tr("{condition} kept: the higher value ({added} added)", condition=label(work, name),
              added=valued_words(name, value or 1))


def remove(work: Creature, name: str) -> None:
    """Remove a condition with its value and duration; ValueError when it is absent."""
    name = held_name(work, name)
    present = name in work.conditions or (name == "wounded" and work.wounded)
    if not present:
        raise ValueError(tr('{name} has no condition {name2}', name=work.name, name2=repr(name)))
    work.conditions.discard(name)
    work.condition_values.pop(name, None)
    work.condition_durations.pop(name, None)
    if name == "dying":
        work.dying = 0
    elif name == "wounded":
        work.wounded = 0


def set_value(work: Creature, name: str, value: int, system: str) -> str:
    """Set a condition's value by hand (0 removes it); returns the log's words."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_CONDITION:
        raise ValueError(tr("a condition's value is a whole number from 0 to {most}, not {value}", most=MAX_CONDITION, value=repr(value)))
    if name in TRACK_VALUED:
        if system not in VALUED_FAMILY:
            raise ValueError(tr('{name} has a value only in the PF2 family, not in {system}', name=name, system=system))
        if name == "wounded":
            work.wounded = value
        else:
            work.dying = value
            if value:
                work.conditions |= {"dying", "unconscious"}  # a dying creature is unconscious
            else:
                work.conditions.discard("dying")
        return valued_words(name, value)
    name = held_name(work, name)
    if value == 0:
        if name in work.conditions:
            remove(work, name)
        return tr("no longer {condition}", condition=game_term(name))
    work.conditions.add(name)
    work.condition_values[name] = value
    return valued_words(name, value)


# ---------------------------------------------------------------------- turns
def start_of_turn(work: Creature, steps: list[str]) -> None:
    """Conditions at the start of the creature's turn: start-of-next-turn ones end."""
    for name, duration in sorted(work.condition_durations.items()):
        if duration == START_OF_NEXT:
            _expire(work, name, tr("its turn starts"), steps)
        elif duration == END_OF_NEXT:
            work.condition_durations[name] = END_OF_THIS


def end_of_turn(work: Creature, system: str, steps: list[str]) -> None:
    """Conditions at the end of its turn: decrements (frightened −1), turn counts, expiries."""
    for name in catalogue(system).end_of_turn_decrement:
        value = work.condition_values.get(name)
        if name in work.conditions and value:
            if value <= 1:
                remove(work, name)
                steps.append(tr("{condition} 1 → 0: no longer {condition} (end of its turn)",
                                condition=game_term(name)))
            else:
                work.condition_values[name] = value - 1
                steps.append(tr("{condition} {before} → {after} (end of its turn)",
                                condition=game_term(name), before=value, after=value - 1))
    for name, duration in sorted(work.condition_durations.items()):
        if name not in work.conditions:
            continue
        if duration == END_OF_THIS:
            _expire(work, name, tr("its turn ends"), steps)
        elif isinstance(duration, int):
            if duration <= 1:
                _expire(work, name, tr("its turns ran out"), steps)
            else:
                work.condition_durations[name] = duration - 1


def _expire(work: Creature, name: str, why: str, steps: list[str]) -> None:
    words = label(work, name)
    remove(work, name)
    steps.append(tr("{condition} ends by itself ({why})", condition=words, why=why))
