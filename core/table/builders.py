"""Damage-roll builders: from a weapon and its wielder to damage notation, per system.

Each returns a notation string the rule systems parse, so the GM sees exactly what
will be rolled (``2d8+4 slashing``) before rolling it.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.catalog.vocabulary import damage_ladder, ladder_aliases
from core.dice.expression import DiceExpr, format_terms, parse
from core.dice.modifiers import stack
from core.text.errors import ParseError

DIE_SIZES = (4, 6, 8, 10, 12)
STRIKING = {"": 0, "none": 0, "striking": 1, "greater": 2, "greater striking": 2,
            "major": 3, "major striking": 3}
# sf2e weapon grades → extra weapon dice. Decision: the seed names the grades but not the
# dice, so they follow pf2e's striking runes paired with its potency steps.
WEAPON_GRADES = {"commercial": 0, "tactical": 1, "advanced": 1, "superior": 2, "elite": 2,
                 "ultimate": 3, "paragon": 3}
DELIVERIES = ("melee", "thrown", "propulsive", "ranged", "spell", "grenade", "firearm")


def increase_die(sides: int) -> int:
    """One die-size step: d4→d6→d8→d10→d12; never past d12."""
    if sides not in DIE_SIZES:
        raise ValueError(f"only d4–d12 weapon dice step up, not d{sides}")
    return DIE_SIZES[min(DIE_SIZES.index(sides) + 1, len(DIE_SIZES) - 1)]


def _die(die: str | int) -> int:
    text = str(die).lower().lstrip("1").lstrip("d") if isinstance(die, str) else str(die)
    if not text.isdigit():
        raise ParseError(f"a weapon die looks like d8, not {die!r}", 0, str(die))
    return int(text)


def strength_for(delivery: str, strength: int, system: str = "pf2e") -> int:
    """The Strength (vitality-wounds: Brawn) a delivery adds to damage.

    Melee and thrown add all of it; propulsive adds half if positive (rounded down), all of
    it if negative (pf2e, sf2e); ranged, spells, grenades and firearms add none.
    """
    if delivery not in DELIVERIES:
        raise ValueError(f"delivery is one of {', '.join(DELIVERIES)}, not {delivery!r}")
    if delivery in ("melee", "thrown"):
        return strength
    if delivery == "propulsive" and system in ("pf2e", "sf2e"):
        return strength // 2 if strength > 0 else strength
    return 0


def pf2_weapon(die: str | int = "d8", damage_type: str = "slashing", *, dice: int = 1,
               striking: str | int = 0, grade: str | None = None, increase: bool = False,
               strength: int = 0, delivery: str = "melee",
               modifiers: Iterable[tuple[str, int]] = (), system: str = "pf2e",
               traits: str = "") -> str:
    """A PF2-family weapon's damage: ``pf2_weapon("d8", "slashing", striking="greater",
    strength=4)`` → ``3d8+4 slashing``."""
    sides = _die(die)
    if increase:
        sides = increase_die(sides)
    extra = STRIKING[striking.lower()] if isinstance(striking, str) else int(striking)
    if grade is not None:
        if grade.lower() not in WEAPON_GRADES:
            raise ValueError(f"weapon grade is one of {', '.join(WEAPON_GRADES)}, not {grade!r}")
        extra += WEAPON_GRADES[grade.lower()]
    modifier = strength_for(delivery, strength, system) + stack(modifiers, system)
    amount = format_terms(parse(f"{dice + extra}d{sides}").dice, modifier)
    return " ".join(w for w in (amount, damage_type, traits) if w)


def damage_step(step: int, add: int = 0) -> str:
    """vitality-wounds: the dice at ``step`` moved up ``add`` steps (past the top: the top)."""
    ladder = damage_ladder()
    if not 1 <= step <= len(ladder):
        raise ValueError(f"damage steps run from 1 to {len(ladder)}, not {step}")
    return ladder[max(0, min(step + add, len(ladder)) - 1)]


def step_of(dice: str) -> int:
    """vitality-wounds: the step of a weapon's dice (``2d4`` → 6)."""
    wanted = str(parse(dice))
    aliases = ladder_aliases()
    if wanted in aliases:
        return aliases[wanted]
    for index, entry in enumerate(damage_ladder(), start=1):
        if str(parse(entry)) == wanted:
            return index
    raise ValueError(f"{dice} is not on the damage-step ladder")


def daggerheart_weapon(weapon: str = "d8+1", proficiency: int = 1, damage_type: str = "physical") -> str:
    """Proficiency × the weapon's dice + its modifier (not multiplied): ``d8+1`` at 2 → ``2d8+1``."""
    if proficiency < 1:
        raise ValueError("proficiency is 1 or more")
    expr: DiceExpr = parse(weapon)
    terms = tuple(type(t)(t.sign, t.count * proficiency, t.sides) for t in expr.dice)
    return f"{format_terms(terms, expr.modifier)} {damage_type}"


def d20_weapon(dice: str = "1d8", strength: int = 0, grip: str = "one-handed", *, light: bool = False,
               unarmed: bool = False, damage_type: str = "", extra: str = "") -> str:
    """A 3.0 weapon: dice + Strength bonus; two-handed 1½×, off-hand ½ (rounded down).

    Decision: a Strength penalty applies in full, never multiplied. Unarmed strikes count as
    light weapons and deal subdual damage.
    """
    if grip not in ("one-handed", "two-handed", "off-hand"):
        raise ValueError(f"grip is one-handed, two-handed or off-hand, not {grip!r}")
    light = light or unarmed
    if strength < 0:
        bonus = strength
    elif grip == "two-handed" and not light:
        bonus = strength * 3 // 2
    elif grip == "off-hand":
        bonus = strength // 2
    else:
        bonus = strength
    amount = format_terms(parse(dice).dice, parse(dice).modifier + bonus)
    words = [amount, damage_type, "subdual" if unarmed else ""]
    text = " ".join(w for w in words if w)
    return f"{text}, {extra}" if extra else text
