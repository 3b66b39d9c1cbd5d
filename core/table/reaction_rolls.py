"""Daggerheart's reaction rolls (RULES §10): a PC's Duality Dice plus a trait, an adversary's d20.

A player character rolls 2d12 and adds the trait the GM names (+0 when its number is not
known); matching dice are a critical success, and a reaction roll gains no Hope or Fear. An
adversary rolls a d20 (+0 unless the GM gives a bonus). Equal to the Difficulty or more succeeds.
"""

from __future__ import annotations

from core.catalog.capabilities import DAGGERHEART_TRAITS
from core.creature.model import Creature
from core.dice.expression import RandomSource, _default_rng
from core.table.numbers import DEGREE_WORDS, numbers_of
from core.table.rolls import SaveRoll
from core.text.i18n import game_term, tr

REACTION = "reaction"
"""The save word for a reaction roll that names no trait (every roll +0)."""


def reaction_trait(save: str) -> str:
    """The trait named for a reaction roll (``Agility`` → ``agility``); ValueError naming the
    traits for any other word."""
    word = str(save).strip().lower()
    if word not in (*DAGGERHEART_TRAITS, REACTION):
        raise ValueError(tr("a reaction roll names a trait: {traits}, not {save}",
                            traits=", ".join(DAGGERHEART_TRAITS), save=repr(save)))
    return word


def read_reaction(text: str, trait: str = "agility") -> tuple[str, int, int]:
    """The trait, the Difficulty and an adversaries' bonus the GM typed for reaction rolls:
    ``agility 14``, ``14`` (then ``trait``), ``instinct 12 +2``; ValueError saying what is wrong."""
    words = text.replace(",", " ").lower().split()
    numbers = [w for w in words if w.isdigit()]
    bonuses = [w for w in words if w[:1] in "+-" and w[1:].isdigit()]
    named = [w for w in words if w in DAGGERHEART_TRAITS]
    unknown = [w for w in words if w not in (*numbers, *bonuses, *named, "dc", "difficulty")]
    if unknown or len(numbers) != 1 or len(named) > 1 or len(bonuses) > 1:
        raise ValueError(tr("type the trait and the Difficulty, such as agility 14 ({traits}); "
                            "+2 after them is the adversaries' bonus", traits=", ".join(DAGGERHEART_TRAITS)))
    dc, bonus = int(numbers[0]), int(bonuses[0]) if bonuses else 0
    if not 0 <= dc <= 999 or not -99 <= bonus <= 99:
        raise ValueError(tr("a Difficulty is 0 to 999 and a bonus -99 to 99, not {dc} {bonus:+d}",
                            dc=dc, bonus=bonus))
    return (named[0] if named else trait), dc, bonus


def roll_reaction(creature: Creature, trait: str, dc: int, rng: RandomSource | None,
                  bonus: int = 0) -> SaveRoll:
    """One creature's reaction roll against ``dc``: its degree and the words to show and log
    (``bonus``: what the GM gives an adversary's d20)."""
    randint = (rng or _default_rng).randint
    if not creature.pc:
        natural = randint(1, 20)
        got = "success" if natural + bonus >= dc else "failure"
        text = tr("{name}: {save}: d20 {natural}{bonus} = {total} vs DC {dc}: {degree}", name=creature.name,
                  save=tr("reaction roll"), natural=natural, bonus=f"{bonus:+d}", total=natural + bonus,
                  dc=dc, degree=tr(DEGREE_WORDS[got]))
        return SaveRoll(creature.name, natural, bonus, natural + bonus, dc, got, text)
    hope, fear = randint(1, 12), randint(1, 12)
    numbers = numbers_of(creature, "daggerheart")
    bonus = numbers.get(trait, 0)
    shown = numbers.text(trait) if trait in numbers else \
        tr("{trait} not known, +0", trait=game_term(trait.capitalize())) if trait != REACTION \
        else tr("reaction roll")
    total = hope + fear + bonus
    got = "critical-success" if hope == fear else "success" if total >= dc else "failure"
    values = {"name": creature.name, "save": shown, "hope": hope, "fear": fear, "bonus": f"{bonus:+d}",
              "total": total, "dc": dc, "degree": tr(DEGREE_WORDS[got])}
    text = tr("{name}: {save}: Duality Dice {hope}, {fear}{bonus} = {total} vs DC {dc}, no Hope or "
              "Fear: {degree} (matching dice)", **values) if hope == fear else \
        tr("{name}: {save}: Duality Dice {hope}, {fear}{bonus} = {total} vs DC {dc}, no Hope or "
           "Fear: {degree}", **values)
    return SaveRoll(creature.name, hope + fear, bonus, total, dc, got, text)


__all__ = ["REACTION", "reaction_trait", "read_reaction", "roll_reaction"]
