"""What a printed attack deals once its traits act (RULES §10): each trait carried, acting, of no effect on damage, or not read.

A Strike's ``magical``, material and alignment traits are carried into every part of its
damage (so ``resistances physical 10 (except magical)`` does not reduce it); ``deadly dX``
and ``fatal dX`` act on a critical hit only, as ``deadly`` / ``fatal`` parts the damage
pipeline adds after doubling; the traits that change no damage are named so, and a trait
nobody knows is listed as not read. Each rule names itself in the words it returns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from core.catalog.vocabulary import TRAITS_WITHOUT_DAMAGE, Vocabulary, vocabulary
from core.creature.model import Attack
from core.dice.expression import format_terms
from core.dice.expression import parse as parse_dice
from core.notation import DamagePart, parse_damage
from core.text.errors import ParseError
from core.text.i18n import listing, tr

#: Words a Strike carries into every part of its damage (RULES §10), as the notation writes them.
CARRIED = {"magical": "magical", "magic": "magical", "silver": "silver", "cold iron": "cold-iron",
           "cold-iron": "cold-iron", "adamantine": "adamantine", "orichalcum": "orichalcum",
           "mithral": "mithral", "good": "good", "evil": "evil", "lawful": "lawful",
           "chaotic": "chaotic", "holy": "holy", "unholy": "unholy", "nonlethal": "nonlethal"}
#: d20-3e: a weapon's holy, unholy, axiomatic, anarchic is its alignment (RULES §10).
D20_ALIGNMENT = {"holy": "good", "unholy": "evil", "axiomatic": "lawful", "anarchic": "chaotic"}

NO_EFFECT = TRAITS_WITHOUT_DAMAGE
#: d20-3e: the legacy ``18-20`` trait (a threat range a GM typed as a trait) acts in the roll.
_THREAT_TRAIT = re.compile(r"^(\d+)-20$")
_DIE_TRAIT = re.compile(r"^(deadly|fatal)\s+(\d*)d(\d+)$")


@dataclass(frozen=True, slots=True)
class TraitReading:
    """An attack's traits sorted by what they do to its damage."""

    carried: tuple[str, ...] = ()              # notation words, carried into every part
    deadly: tuple[int, int] | None = None      # (dice, sides): ``deadly 2d10`` → (2, 10)
    fatal: int | None = None                   # sides: ``fatal d12`` → 12
    no_effect: tuple[str, ...] = ()            # as printed
    unread: tuple[str, ...] = ()               # as printed
    die_words: tuple[str, ...] = ()            # ``deadly d10`` as printed
    carried_words: tuple[str, ...] = ()        # the carried traits as printed (``holy``)


def read_traits(system: str, attack: Attack) -> TraitReading:
    """Sort ``attack``'s traits for ``system`` (PF2 family and d20-3e carry; PF2 family
    deadly and fatal); a carried word the system's notation cannot hold is not read."""
    vocab = vocabulary(system)
    family = system in ("pf2e", "sf2e", "vitality-wounds")
    carried: list[str] = []
    no_effect: list[str] = []
    unread: list[str] = []
    die_words: list[str] = []
    printed_carried: list[str] = []
    deadly: tuple[int, int] | None = None
    fatal: int | None = None
    for printed in attack.traits:
        trait = " ".join(printed.lower().split())
        word = (D20_ALIGNMENT if system == "d20-3e" else {}).get(trait) or CARRIED.get(trait)
        die = _DIE_TRAIT.match(trait)
        if word and _holds(system, word) and system != "daggerheart":
            carried.append(word)
            printed_carried.append(printed if word == trait else f"{printed} ({word})")
        elif die and family:
            die_words.append(printed)
            if die.group(1) == "deadly":
                deadly = (int(die.group(2) or 1), int(die.group(3)))
            else:
                fatal = int(die.group(3))
        elif trait.split(" ")[0] in NO_EFFECT or (system == "d20-3e" and _THREAT_TRAIT.match(trait)):
            no_effect.append(printed)
        elif vocab.canonical(trait) in vocab.types:
            no_effect.append(printed)   # ``fire`` on a Strike of fire damage
        else:
            unread.append(printed)
    return TraitReading(tuple(dict.fromkeys(carried)), deadly, fatal, tuple(no_effect), tuple(unread),
                        tuple(die_words), tuple(printed_carried))


def _holds(system: str, word: str) -> bool:
    """The system's damage notation holds ``word`` on a part (a trait, a material or, PF2, an
    alignment next to the part's type)."""
    vocab = vocabulary(system)
    if word in vocab.types:
        return vocab.types[word] == "alignment"
    return word in vocab.traits or word in vocab.materials


def dealt(system: str, attack: Attack, critical: bool) -> tuple[str, tuple[str, ...]]:
    """The notation ``attack`` deals as a hit (or a critical hit) after its traits, and the
    words naming each trait's rule. Printed damage the notation cannot read is offered as
    printed (the damage form says what is wrong with it), its traits then not read."""
    reading = read_traits(system, attack)
    if not attack.damage or not (reading.carried or (critical and (reading.deadly or reading.fatal))):
        return attack.damage, _words(reading, critical)
    vocab = vocabulary(system)
    try:
        parts = [_carry(p, reading.carried, vocab) for p in parse_damage(attack.damage, system).parts]
    except ParseError:
        return attack.damage, _words(_unacted(reading, reading.carried_words + reading.die_words), critical)
    first = next((p for p in parts if p.amount is not None and p.type and not p.persistent
                  and p.type != "precision"), None)
    if first is None or first.amount is None:      # nothing typed to add a die of that type to
        return ", ".join(p.make_label(vocab) for p in parts), \
            _words(_unacted(reading, reading.die_words, keep_carried=True), critical)
    extra: list[str] = []
    if critical and reading.fatal and first.amount.dice:
        dice = tuple(replace(t, sides=reading.fatal) for t in first.amount.dice)
        amount = parse_dice(format_terms(dice, first.amount.modifier))
        parts[parts.index(first)] = replace(first, amount=amount, shown="")
        extra.append(_die_part(1, reading.fatal, first, "fatal", vocab))
    if critical and reading.deadly:
        extra.append(_die_part(*reading.deadly, first, "deadly", vocab))
    return ", ".join([*(p.make_label(vocab) for p in parts), *extra]), _words(reading, critical)


def _unacted(reading: TraitReading, words: tuple[str, ...], keep_carried: bool = False) -> TraitReading:
    """``reading`` with ``words`` moved to the traits not read (they could not act)."""
    carried = reading.carried if keep_carried else ()
    shown = reading.carried_words if keep_carried else ()
    return TraitReading(carried, None, None, reading.no_effect, (*words, *reading.unread), (), shown)


def _carry(part: DamagePart, carried: tuple[str, ...], vocab: Vocabulary) -> DamagePart:
    """``part`` with the carried words among its traits (an alignment not on a part that is
    itself of an alignment, nor on a bare source word)."""
    if part.amount is None:
        return part
    kinds = vocab.types
    adding = {w for w in carried if not (kinds.get(w) == "alignment" and
                                         kinds.get(part.type or "") == "alignment")}
    adding.discard(part.type or "")
    return replace(part, traits=part.traits | adding, shown="") if adding - part.traits else part


def _die_part(count: int, sides: int, first: DamagePart, rule: str, vocab: Vocabulary) -> str:
    """``1d10 piercing magical deadly``: the die a trait adds after doubling."""
    part = DamagePart(parse_dice(f"{count}d{sides}"), first.type, traits=first.traits,
                      on_crit=True, crit_rule=rule)
    return part.make_label(vocab)


def _words(reading: TraitReading, critical: bool) -> tuple[str, ...]:
    """The breakdown's words for the traits: carried, acting, only on a critical, no effect,
    not read."""
    out: list[str] = []
    if reading.carried:
        out.append(tr("{traits}: carried into every part of its damage",
                      traits=listing(reading.carried_words)))
    printed = {word.split()[0].lower(): word for word in reading.die_words}
    if critical and reading.fatal:
        out.append(tr("{trait}: the damage dice become d{sides} before doubling, and 1d{sides} "
                      "is added after doubling", trait=printed["fatal"], sides=reading.fatal))
    if critical and reading.deadly:
        count, sides = reading.deadly
        out.append(tr("{trait}: {dice} added after doubling, not doubled", trait=printed["deadly"],
                      dice=f"{count}d{sides}"))
    if reading.die_words and not critical:
        out.append(tr("{traits}: on a critical hit only", traits=listing(reading.die_words)))
    if reading.no_effect:
        out.append(tr("{traits}: no effect on damage", traits=listing(reading.no_effect)))
    if reading.unread:
        out.append(tr("{traits}: not read (not automated)", traits=listing(reading.unread)))
    return tuple(out)


__all__ = ["TraitReading", "read_traits", "dealt", "CARRIED", "NO_EFFECT"]
