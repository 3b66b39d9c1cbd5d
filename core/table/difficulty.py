"""The encounter's threat as the GM builds it, from its PCs and the rest (RULES §10).

PF2 family (pf2e, sf2e and vitality-wounds, whose creatures print a level the same way):
each adversary's XP by its level minus the party level, against the budget of each threat
band for the party's size. Daggerheart: Battle Points spent by adversary type against
3 × PCs + 2. d20-3e: the Encounter Level of the adversaries' Challenge Ratings, shown
against the party's average level.

Defeated adversaries still count: the budget measures the fight as built, and a goblin
falling does not make the encounter the GM planned an easier one. What is still standing
is said beside it (``standing``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from core.catalog.ranks import ADVERSARY_COSTS, check_cr
from core.creature.conditions import is_defeated
from core.text.i18n import N_, listing, ptr, tr

if TYPE_CHECKING:
    from core.creature.model import Creature

PF2_FAMILY = ("pf2e", "sf2e", "vitality-wounds")
"""The systems counted in XP against the party level."""
CREATURE_XP = {-4: 10, -3: 15, -2: 20, -1: 30, 0: 40, 1: 60, 2: 80, 3: 120, 4: 160}
"""RULES §10: a creature's XP by its level minus the party level (below -4: 0)."""
THREATS = (("trivial", 10), ("low", 15), ("moderate", 20), ("severe", 30), ("extreme", 40))
"""RULES §10: each threat band and its XP budget per PC (4 PCs: 40/60/80/120/160)."""
STANDARD_PARTY = 4
"""The party the rules' tables are written for: the size counted when no PC is in the roster."""
MAX_PARTY_LEVEL = 30
"""The highest party level the GM may set (PF2 levels 1–20 and d20 epic levels fit)."""
COUNTED = {
    "pf2e": N_("Each adversary's XP by its level against the party level (−4: 10, −3: 15, "
               "−2: 20, −1: 30, 0: 40, +1: 60, +2: 80, +3: 120, +4: 160; below −4: 0), against "
               "10/15/20/30/40 XP a PC for trivial/low/moderate/severe/extreme. The party level "
               "is the PCs' Level (their average); ctrl+p Party level sets it where no PC has one. "
               "With no PC in the roster a party of 4 is assumed."),
    "daggerheart": N_("Battle Points: 3 a PC + 2 to spend. Minions cost 1 a group the size of "
                      "the party; Social and Support 1; Horde, Ranged, Skulk and Standard 2; "
                      "Leader 3; Bruiser 4; Solo 5. The type is read from the block (Tier 1 "
                      "Standard) or typed in Numbers (Standard)."),
    "d20-3e": N_("Encounter Level = 2 × log2 of the sum of 2^(CR/2) (two of one CR: CR + 2), "
                 "against the PCs' average Level (typed in a PC's Numbers; ctrl+p Party level "
                 "where no PC has one). The CR is read from the block (Challenge Rating) or "
                 "typed in Numbers (CR 1/2)."),
}
"""How the threat is counted in each system (RULES §10), for help."""
DEFEATED = N_("Defeated adversaries still count: the budget is for building the fight. "
              "\"standing\" says what those not defeated are worth; \"uncounted\" adversaries "
              "lack a level, a type or a CR (e: type it in Numbers).")
RANK_EXAMPLES = {"daggerheart": "Standard", "d20-3e": "CR 1"}
"""What the add form's Numbers example shows first: the adversary type or the CR."""


def threat_help(system: str) -> str:
    """How the threat is counted in ``system``, in the GM's words (help, ``?``)."""
    counted = COUNTED.get("pf2e" if system in PF2_FAMILY else system)
    return "" if counted is None else f"{tr(counted)} {tr(DEFEATED)}"


def rank_example(system: str) -> str:
    """The adversary type or CR as an example to type (``Standard``, ``CR 1``); "" elsewhere."""
    return RANK_EXAMPLES.get(system, "")


def counts_party_level(system: str) -> bool:
    """Whether the system's threat is counted against a party level (not Daggerheart's)."""
    return system in PF2_FAMILY or system == "d20-3e"


@dataclass(frozen=True, slots=True)
class Difficulty:
    """The threat of an encounter as built: DESIGN.md's ``label``, ``spent`` and ``budget``."""

    system: str
    label: str
    """pf2e/sf2e: ``trivial`` … ``extreme``; daggerheart ``battle points``; d20-3e ``EL 5``;
    "" where it cannot be counted (``problem`` says why)."""
    spent: int
    """XP, Battle Points, or the Encounter Level."""
    budget: int
    """The budget of the band reached, the Battle Points to spend, or the party's level."""
    standing: int = 0
    """What the adversaries not defeated are worth (the same measure as ``spent``)."""
    party: int = 0
    """The PCs counted (``STANDARD_PARTY`` when there are none: ``assumed``)."""
    assumed: bool = False
    level: int | None = None
    """The party level (PF2) or average party level (d20); None where it is not known."""
    uncounted: tuple[str, ...] = ()
    """Adversaries left out: no level (PF2), no type (Daggerheart) or no CR (d20)."""
    beyond: tuple[str, ...] = ()
    """PF2: adversaries more than 4 levels above the party, beyond the XP table."""
    problem: str = ""
    priced: bool = False
    """Whether any adversary can be priced (has a level, an adversary type or a CR)."""

    def text(self) -> str:
        """The threat in a few words for the header: ``Moderate 80/80 XP``."""
        if self.problem:
            return self.problem
        if self.system == "daggerheart":
            words = tr("Battle Points {spent}/{budget}", spent=self.spent, budget=self.budget)
        elif self.system == "d20-3e":
            words = tr("EL {el} vs party level {level}", el=self.spent, level=self.budget)
        else:
            words = tr("{threat} {spent}/{budget} XP", threat=threat_word(self.label),
                       spent=self.spent, budget=self.budget)
        more = []
        if self.standing != self.spent:
            more.append(tr("{standing} standing", standing=self.standing))
        if self.beyond:
            more.append(tr("{names} beyond +4", names=listing(self.beyond)))
        if self.uncounted:
            more.append(tr("{count} uncounted", count=len(self.uncounted)))
        if self.assumed:
            more.append(tr("{count} PCs assumed", count=self.party))
        return " · ".join([words, *more])


def threat_word(label: str) -> str:
    """A PF2 threat band in the GM's words (``Moderate``); "severe" here is no Daggerheart
    threshold, hence the context."""
    return {"trivial": ptr("threat", "Trivial"), "low": ptr("threat", "Low"),
            "moderate": ptr("threat", "Moderate"), "severe": ptr("threat", "Severe"),
            "extreme": ptr("threat", "Extreme")}[label]


_TYPED_CR = re.compile(r"\bcr\s*(\S*)", re.IGNORECASE)
_TYPED_ROLE = re.compile(rf"\b({'|'.join(ADVERSARY_COSTS)})\b(?!\s*[+-]?\d)", re.IGNORECASE)


def split_rank(system: str, text: str) -> tuple[str, dict[str, str]]:
    """The adversary type (Daggerheart: ``Standard``) or CR (d20: ``CR 1/2``) typed among a
    creature's numbers, and the rest of the text; ValueError for a CR typed wrong."""
    pattern = {"daggerheart": _TYPED_ROLE, "d20-3e": _TYPED_CR}.get(system)
    found = pattern.search(text) if pattern is not None else None
    if found is None:
        return text, {}
    rest = text[:found.start()] + text[found.end():]
    if system == "d20-3e":
        if not found.group(1):
            raise ValueError(tr("CR needs its rating: CR 3 or CR 1/2"))
        return rest, {"cr": check_cr(found.group(1))}
    return rest, {"role": found.group(1).lower()}


def rank_text(system: str, creature: Creature) -> str:
    """The type or CR as the GM types it among the numbers: ``Standard``, ``CR 1/2``."""
    return rank_words(system, {"role": creature.role, "cr": creature.cr})


def rank_words(system: str, rank: dict[str, str]) -> str:
    """:func:`split_rank`'s ``rank`` as the GM types it: ``Standard``, ``CR 1/2``."""
    if system == "daggerheart" and rank.get("role"):
        return rank["role"].title()
    return f"CR {rank['cr']}" if system == "d20-3e" and rank.get("cr") else ""


def party_level_checked(value: object) -> int:
    """A party level the GM sets (0: unset); ValueError saying what to type."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_PARTY_LEVEL:
        raise ValueError(tr("the party level is a whole number from 1 to {most} (0 clears it), "
                            "not {value}", most=MAX_PARTY_LEVEL, value=repr(value)))
    return value


def half_up(value: float) -> int:
    """``value`` rounded to the nearest whole number, a half up (4.5 → 5)."""
    return math.floor(value + 0.5 + 1e-9)


def difficulty(system: str, creatures: Iterable[Creature], party_level: int = 0) -> Difficulty:
    """The threat of ``creatures`` (PCs and the rest) under ``system``; ``party_level`` is the
    GM's, used when no PC has a level (0: none set)."""
    everyone = list(creatures)
    pcs = [c for c in everyone if c.pc]
    foes = [c for c in everyone if not c.pc]
    size = len(pcs) or STANDARD_PARTY
    levels = [c.numbers["level"] for c in pcs if "level" in c.numbers]
    level = half_up(sum(levels) / len(levels)) if levels else party_level or None
    if system == "daggerheart":
        found = _battle_points(foes, size, not pcs)
    elif system == "d20-3e":
        found = _encounter_level(foes, size, not pcs, level)
    else:
        found = _xp(system, foes, size, not pcs, level)
    return replace(found, priced=any(_priced(system, foe) for foe in foes))


def _priced(system: str, creature: Creature) -> bool:
    """Whether the adversary carries what its system prices it by."""
    if system == "daggerheart":
        return bool(role_of(creature))
    return bool(creature.cr) if system == "d20-3e" else "level" in creature.numbers


def _no_level(system: str, size: int, assumed: bool) -> Difficulty:
    return Difficulty(system, "", 0, 0, party=size, assumed=assumed,
                      problem=tr("threat: party level? (ctrl+p Party level)"))


def _xp(system: str, foes: list[Creature], size: int, assumed: bool,
        level: int | None) -> Difficulty:
    if level is None:
        return _no_level(system, size, assumed)
    spent = standing = 0
    uncounted, beyond = [], []
    for foe in foes:
        if "level" not in foe.numbers:
            uncounted.append(foe.name)
            continue
        step = foe.numbers["level"] - level
        if step > 4:
            beyond.append(foe.name)
            continue
        xp = CREATURE_XP.get(step, 0)
        spent += xp
        standing += 0 if is_defeated(foe) else xp
    label, per_pc = THREATS[0]
    for band, cost in THREATS:
        if spent >= cost * size:
            label, per_pc = band, cost
    if beyond:
        label, per_pc = THREATS[-1]
    return Difficulty(system, label, spent, per_pc * size, standing, size, assumed, level,
                      tuple(uncounted), tuple(beyond))


def role_of(creature: Creature) -> str:
    """The adversary type: as set, else Minion (X) or Horde (X) printed; "" when unknown."""
    if creature.role:
        return creature.role
    if "minion" in creature.numbers:
        return "minion"
    return "horde" if creature.horde else ""


def _battle_points(foes: list[Creature], size: int, assumed: bool) -> Difficulty:
    spent = standing = 0
    minions = minions_standing = 0
    uncounted = []
    for foe in foes:
        role = role_of(foe)
        if not role:
            uncounted.append(foe.name)
        elif role == "minion":
            minions += 1
            minions_standing += 0 if is_defeated(foe) else 1
        else:
            spent += ADVERSARY_COSTS[role]
            standing += 0 if is_defeated(foe) else ADVERSARY_COSTS[role]
    groups = ADVERSARY_COSTS["minion"] * -(-minions // size)
    spent += groups
    standing += ADVERSARY_COSTS["minion"] * -(-minions_standing // size)
    return Difficulty("daggerheart", "battle points", spent, 3 * size + 2, standing, size,
                      assumed, None, tuple(uncounted))


def _encounter_level(foes: list[Creature], size: int, assumed: bool,
                     level: int | None) -> Difficulty:
    if level is None:
        return _no_level("d20-3e", size, assumed)
    rated = [(foe, Fraction(foe.cr)) for foe in foes if foe.cr]
    uncounted = tuple(foe.name for foe in foes if not foe.cr)
    spent = _el(cr for _, cr in rated)
    standing = _el(cr for foe, cr in rated if not is_defeated(foe))
    return Difficulty("d20-3e", f"EL {spent}", spent, level, standing, size, assumed, level,
                      uncounted)


def _el(crs: Iterable[Fraction]) -> int:
    """RULES §10: round(2 × log2(Σ 2^(CR/2))); 0 for no creature."""
    total = sum(2 ** (float(cr) / 2) for cr in crs)
    return half_up(2 * math.log2(total)) if total else 0


__all__ = ["Difficulty", "difficulty", "split_rank", "rank_text", "rank_words", "threat_word", "threat_help", "rank_example", "counts_party_level", "party_level_checked",
           "role_of", "half_up", "PF2_FAMILY", "CREATURE_XP", "THREATS",
           "STANDARD_PARTY", "MAX_PARTY_LEVEL"]
