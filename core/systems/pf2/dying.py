"""Dying in the PF2 family (RULES §7): 0 HP, the dying value, recovery checks, doomed, death.

Plain functions over a creature being worked on; the tracks (core.systems.pf2.track,
.vitality_wounds) and the family (core.systems.pf2.family) call them."""

from __future__ import annotations

from core.creature.model import Breakdown, Creature
from core.text.i18n import N_, game_term, tr

# RULES §7 recovery check: degree (0 critical failure … 3 critical success) -> change in dying
RECOVERY_CHANGE = {3: -2, 2: -1, 1: 1, 0: 2}
RECOVERY_WORDS = {3: N_("critical success"), 2: N_("success"), 1: N_("failure"),
                  0: N_("critical failure")}


def dying_limit(creature: Creature) -> int:
    """The dying value that kills: 4 minus doomed (RULES §7), never below 1."""
    return max(1, 4 - creature.condition_values.get("doomed", 0))


def _doomed_words(creature: Creature) -> str:
    doomed = creature.condition_values.get("doomed", 0)
    return tr(" ({doomed} {value}: dies at dying {limit})", doomed=game_term("doomed"),
              value=doomed, limit=dying_limit(creature)) if doomed else ""


def _dead_at(dying: int, creature: Creature) -> str:
    """``dying 4: dead``, with doomed's part when there is one."""
    return tr("dying {value}{doomed}: dead", value=dying, doomed=_doomed_words(creature))


def wounded_words(creature: Creature) -> str:
    """``no longer dying; wounded 1`` (after a recovery, healing or an HP edit)."""
    return tr("no longer dying; {wounded} {value}", wounded=game_term("wounded"),
              value=creature.wounded)


def dying_words(base: int, creature: Creature) -> str:
    """``0 HP: dying 1 + wounded 1 = dying 2, unconscious``."""
    if creature.wounded:
        return tr("0 HP: dying {base} + {wounded} {value} = dying {dying}, {unconscious}",
                  base=base, wounded=game_term("wounded"), value=creature.wounded,
                  dying=creature.dying, unconscious=game_term("unconscious"))
    return tr("0 HP: dying {base}, {unconscious}", base=base,
              unconscious=game_term("unconscious"))


def at_zero_hp(work: Creature, crit: bool, nonlethal: bool, steps: Breakdown) -> None:
    """RULES §2 Step 4 and §7: damage at 0 HP — dying worsens, or a nonlethal attack knocks
    out, or a non-PC dies, or a PC starts dying (2 on a critical) plus wounded."""
    if "dying" in work.conditions:
        if nonlethal:
            return
        step = 2 if crit else 1
        work.dying += step
        steps.add("track", tr("damage while dying: dying {before} → {after}",
                              before=work.dying - step, after=work.dying))
        if work.dying >= dying_limit(work):
            die(work, steps, _dead_at(dying_limit(work), work))
        return
    if nonlethal:
        if "unconscious" not in work.conditions:
            work.conditions.add("unconscious")
            steps.add("track", tr("nonlethal attack to 0 HP: {unconscious}",
                                  unconscious=game_term("unconscious")))
        return
    if not work.pc:  # a Decision
        die(work, steps, tr("0 HP: dead (a non-PC dies at 0 HP)"))
        return
    base = 2 if crit else 1
    work.dying = base + work.wounded
    work.conditions |= {"dying", "unconscious"}
    steps.add("track", dying_words(base, work))
    if work.dying >= dying_limit(work):
        die(work, steps, _dead_at(work.dying, work))


def is_dying(creature: Creature) -> bool:
    """A dying creature makes a recovery check at the start of its turn."""
    return "dying" in creature.conditions and "dead" not in creature.conditions


def recovery_check(work: Creature, roll: int, steps: Breakdown) -> str:
    """A recovery check on a dying creature: flat DC 10 + dying, four degrees, natural 1 and 20
    shift one step; returns the check in words."""
    dc = 10 + work.dying
    degree = 3 if roll >= dc + 10 else 2 if roll >= dc else 0 if roll <= dc - 10 else 1
    natural = ""
    if roll == 20 and degree < 3:
        degree, natural = degree + 1, tr(" (natural 20: one step better)")
    elif roll == 1 and degree > 0:
        degree, natural = degree - 1, tr(" (natural 1: one step worse)")
    before = work.dying
    work.dying += RECOVERY_CHANGE[degree]
    text = tr("recovery check {roll} vs DC {dc}: {degree}{natural}", roll=roll, dc=dc,
              degree=tr(RECOVERY_WORDS[degree]), natural=natural)
    work.recovery_check = text
    steps.add("track", tr("{check}; dying {before} → {after}", check=text, before=before,
                          after=max(0, work.dying)))
    if work.dying <= 0:
        work.dying = 0
        work.wounded += 1
        work.conditions.discard("dying")
        at_zero = (work.wounds == 0) if work.max_vitality is not None else (work.hp or 0) <= 0
        if at_zero:
            work.conditions.add("unconscious")
        steps.add("track", tr("no longer dying; {wounded} {value}; still {unconscious}",
                              wounded=game_term("wounded"), value=work.wounded,
                              unconscious=game_term("unconscious"))
                  if at_zero else wounded_words(work))
    elif work.dying >= dying_limit(work):
        die(work, steps, _dead_at(work.dying, work))
    return text


def recheck(work: Creature, steps: list[str]) -> None:
    """Dying at or past 4 minus doomed is dead (RULES §7), also when set by hand."""
    if "dying" in work.conditions and work.dying >= dying_limit(work):
        dead = Breakdown()
        die(work, dead, _dead_at(work.dying, work))
        steps.extend(dead.lines())


def die(work: Creature, steps: Breakdown, why: str) -> None:
    """The creature is dead: dying, unconscious and the d20 states end; ``why`` is the step."""
    work.conditions -= {"dying", "unconscious", "staggered", "disabled"}
    work.conditions.add("dead")
    work.dying = 0
    steps.add("track", why)
