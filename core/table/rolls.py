"""Attacks and saves rolled at the table (RULES §9, §10): a d20 against a defense or a DC.

What the attack helper and the rolled saves of the damage form roll; both read a creature's
numbers after conditions from :func:`core.table.numbers.numbers_of`. Read when the GM first
rolls: a start-up does not import it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from core.creature.model import Attack, Creature
from core.dice.expression import RandomSource, _default_rng
from core.table.attack_traits import dealt
from core.table.numbers import (
    DEGREE_WORDS,
    SAVE_KEYS,
    SAVE_WORDS,
    attack_bonus,
    degree,
    degree_of,
    numbers_of,
    roll_rule,
)
from core.text.i18n import listing, tr

_MAP = {0: (0, 0), 1: (5, 4), 2: (10, 8)}     # MAP step: (penalty, agile penalty)


def _d20(rng: RandomSource | None) -> int:
    return (rng or _default_rng).randint(1, 20)


# ---------------------------------------------------------------------- attacks
@dataclass(frozen=True, slots=True)
class AttackResult:
    """An attack rolled against its target's AC (Evasion, Difficulty) after conditions."""

    actor: str
    target: str
    attack: Attack
    natural: int
    bonus: int                  # after conditions and the MAP
    total: int
    dc: int
    hit: bool
    critical: bool
    degree: str | None          # PF2 family: critical-success … critical-failure
    map_step: int | None        # PF2 family: 0, 1 or 2
    confirm: int | None = None  # d20-3e: the confirmation roll of a threat
    roll_steps: tuple[str, ...] = ()
    hit_damage: str = ""        # the notation a hit deals after the attack's traits (RULES §10)
    crit_damage: str = ""       # and a critical hit (deadly, fatal)
    hit_words: tuple[str, ...] = ()    # what the traits do to a hit's damage, named
    crit_words: tuple[str, ...] = ()
    multiplier: int = 2         # d20-3e: the printed critical multiplier (×2 when none printed)

    @property
    def damage(self) -> str | None:
        """The notation this result deals after the attack's traits; None on a miss."""
        return self.offered if self.hit else None

    @property
    def offered(self) -> str:
        """What the damage form is offered: the damage of a hit or critical hit (a miss too,
        for a GM who says it lands)."""
        return self.crit_damage if self.critical else self.hit_damage

    @property
    def steps(self) -> tuple[str, ...]:
        """The roll, then what the attack's traits do to its damage."""
        return (*self.roll_steps, *(self.crit_words if self.critical else self.hit_words))

    @property
    def result(self) -> str:
        """``"critical"``, ``"hit"`` or ``"miss"`` (the damage form's words)."""
        return "critical" if self.critical else "hit" if self.hit else "miss"


def choose_attack(creature: Creature, which: int | str) -> Attack:
    """The creature's attack by index or label; a Daggerheart adversary's ATK without one."""
    if not creature.attacks and "attack" in creature.numbers and which in (0, "attack"):
        return Attack("attack", "")
    if isinstance(which, str):
        found = [a for a in creature.attacks if a.label.lower() == which.strip().lower()]
        if not found:
            raise ValueError(tr('{name} has no attack {which}; it has {value}', name=creature.name, which=repr(which), value=', '.join(a.label for a in creature.attacks) or 'none'))
        return found[0]
    if isinstance(which, bool) or not isinstance(which, int) or not 0 <= which < len(creature.attacks):
        raise ValueError(tr('{name} has no attack {which} ({value} from its stat block or edit form)', name=creature.name, which=repr(which), value=len(creature.attacks)))
    return creature.attacks[which]


def defense_of(target: Creature, system: str) -> tuple[int, str]:
    """What an attack rolls against: AC, or in Daggerheart a PC's Evasion or an adversary's
    Difficulty, after conditions; and the number as the GM reads it."""
    numbers = numbers_of(target, system)
    key = ("evasion" if target.pc else "difficulty") if roll_rule(system) == "daggerheart" else "ac"
    if key not in numbers:
        word = {"ac": "AC", "evasion": "Evasion", "difficulty": "Difficulty"}[key]
        raise ValueError(tr('{name} has no {word}: type it in the edit form', name=target.name, word=word))
    return numbers[key], numbers.text(key)


def map_penalty(attack: Attack, step: int) -> int:
    """The multiple attack penalty of a MAP step: −5/−10, agile −4/−8 (RULES §9)."""
    if isinstance(step, bool) or step not in _MAP:
        raise ValueError(tr('the MAP step is 0, 1 or 2, not {step}', step=repr(step)))
    return _MAP[step][1 if "agile" in attack.traits else 0]


def roll_attack(system: str, rules: Any, actor: Creature, target: Creature, attack: Attack,
                map_step: int, rng: RandomSource | None, ids: tuple[str, str]) -> AttackResult:
    """Roll the actor's attack against the target (each system's rule, RULES §9)."""
    bonus, reasons = attack_bonus(actor, system, attack)
    dc, shown = defense_of(target, system)
    rule = roll_rule(system)
    steps = [tr("{attack} {bonus} ({reasons})", attack=attack.label, bonus=f"{bonus:+d}",
                reasons=listing(reasons)) if reasons else f"{attack.label} {bonus:+d}"]
    if rule == "degrees":
        penalty = map_penalty(attack, map_step)
        if map_step:
            bonus -= penalty
            steps.append(tr("multiple attack penalty: attack {number} of the turn −{penalty} (agile)",
                            number=map_step + 1, penalty=penalty) if "agile" in attack.traits
                         else tr("multiple attack penalty: attack {number} of the turn −{penalty}",
                                 number=map_step + 1, penalty=penalty))
    if rule == "d20":
        roll = rules.roll_attack(bonus, dc, _threat(attack), rng)
        steps.append(tr("{roll} (target {defense})", roll=roll.text, defense=shown))
        return AttackResult(*ids, attack, roll.roll, bonus, roll.roll + bonus, dc, roll.result != "miss",
                            roll.result == "critical", None, None, roll.confirm,
                            **_damage(system, actor, attack, steps), multiplier=attack.multiplier or 2)
    natural = _d20(rng)
    total = natural + bonus
    if rule == "degrees":
        got = degree(total, dc, natural)
        hit, critical = got in ("success", "critical-success"), got == "critical-success"
    else:   # Daggerheart: equal or more hits, a natural 20 is a critical hit
        got, hit, critical = None, natural == 20 or total >= dc, natural == 20
    steps.append(_attack_words(natural, bonus, total, shown, critical, hit, got,
                               natural == 20 and rule == "daggerheart"))
    steps.extend(n for n in numbers_of(target, system).notes if rule == "daggerheart")
    return AttackResult(*ids, attack, natural, bonus, total, dc, hit, critical, got,
                        map_step if rule == "degrees" else None, None, **_damage(system, actor, attack, steps))


def _attack_words(natural: int, bonus: int, total: int, shown: str, critical: bool, hit: bool,
                  got: str | None, natural_20: bool) -> str:
    """``d20 14+7 = 21 vs AC 18: hit (success)``, and a Daggerheart natural 20."""
    values = {"natural": natural, "bonus": f"{bonus:+d}", "total": total, "defense": shown}
    if critical:
        head = tr("d20 {natural}{bonus} = {total} vs {defense}: critical hit", **values)
    elif hit:
        head = tr("d20 {natural}{bonus} = {total} vs {defense}: hit", **values)
    else:
        head = tr("d20 {natural}{bonus} = {total} vs {defense}: miss", **values)
    if got:
        head = tr("{result} ({degree})", result=head, degree=tr(DEGREE_WORDS[got]))
    return tr("{result} (natural 20)", result=head) if natural_20 else head


def _threat(attack: Attack) -> int:
    """d20-3e: the threat range printed (``/19-20``: 19), or a trait such as ``19-20`` gives;
    20 otherwise (RULES §10)."""
    if attack.threat is not None:
        return attack.threat
    for trait in attack.traits:
        low, dash, high = trait.partition("-")
        if dash and high == "20" and low.isdigit() and 2 <= int(low) <= 20:
            return int(low)
    return 20


def horde_damage(creature: Creature) -> str:
    """Daggerheart Horde (X): X once half or more of its HP is marked, else ``""`` (RULES §9)."""
    halved = creature.horde and creature.max_hp and creature.hp_marked * 2 >= creature.max_hp
    return creature.horde if halved else ""


def _damage(system: str, actor: Creature, attack: Attack, steps: list[str]) -> dict[str, Any]:
    """The damage of a hit and of a critical hit after the attack's traits (RULES §10), or
    Horde (X)'s once half or more of its HP is marked, and the roll's steps."""
    if horde := horde_damage(actor):
        steps.append(tr("Horde ({damage}): half or more of its HP marked, its attack deals {damage}",
                        damage=actor.horde))
        attack = attack._replace(damage=horde)
    hit, hit_words = dealt(system, attack, False)
    crit, crit_words = dealt(system, attack, True)
    return {"roll_steps": tuple(steps), "hit_damage": hit, "crit_damage": crit,
            "hit_words": hit_words, "crit_words": crit_words}


# ---------------------------------------------------------------------- saves
@dataclass(frozen=True, slots=True)
class SaveRoll:
    """One target's rolled save: the die, its bonus after conditions, and the degree."""

    target: str
    natural: int
    bonus: int
    total: int
    dc: int
    degree: str
    text: str


class SaveRolls(dict[str, str]):
    """``{id: degree}`` for ``apply_damage(saves=...)``; ``.rolls`` keeps each roll to show."""

    def __init__(self, rolls: Mapping[str, SaveRoll]) -> None:
        super().__init__((cid, roll.degree) for cid, roll in rolls.items())
        self.rolls = dict(rolls)


def save_key(save: str) -> str:
    """``fort``, ``ref`` or ``will`` from the GM's word (``Reflex`` too)."""
    key = str(save).strip().lower()
    key = {"fortitude": "fort", "reflex": "ref"}.get(key, key)
    if key not in SAVE_KEYS:
        raise ValueError(tr('a save is fort, ref or will, not {save}', save=repr(save)))
    return key


def roll_save(creature: Creature, system: str, save: str, dc: int, rng: RandomSource | None) -> SaveRoll:
    """One creature's save with its numbers after conditions (Daggerheart: a reaction roll)."""
    natural = _d20(rng)
    if roll_rule(system) == "daggerheart":
        bonus, shown = 0, tr("reaction roll")
    else:
        numbers = numbers_of(creature, system)
        if save not in numbers:
            raise ValueError(tr('{name} has no {value} save: type it in the edit form', name=creature.name, value=SAVE_WORDS[save]))
        bonus, shown = numbers[save], numbers.text(save)
    total = natural + bonus
    got = degree_of(system, total, dc, natural)
    text = tr("{name}: {save}: d20 {natural}{bonus} = {total} vs DC {dc}: {degree}", name=creature.name,
              save=shown, natural=natural, bonus=f"{bonus:+d}", total=total, dc=dc,
              degree=tr(DEGREE_WORDS[got]))
    return SaveRoll(creature.name, natural, bonus, total, dc, got, text)


__all__ = ["AttackResult", "SaveRoll", "SaveRolls", "choose_attack", "defense_of", "map_penalty",
           "roll_attack", "horde_damage", "save_key", "roll_save"]
