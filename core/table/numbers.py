"""The table's numbers (RULES §9): what conditions do to a creature's printed
numbers, degrees of success, attack rolls and rolled saves.

:func:`numbers_of` is the one place that applies conditions to numbers (the effects are data:
``core/data/effects.toml``); the attack helper and the rolled saves read it. Each rule is a
Decision named in the lines it writes.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from core.catalog.capabilities import DAGGERHEART_TRAITS, NUMBERS
from core.catalog.conditions import valued_words
from core.creature.model import Attack, Creature
from core.data import read_text
from core.dice.expression import RandomSource, _default_rng
from core.dice.modifiers import stack
from core.table.attack_traits import dealt
from core.text.i18n import N_, game_term, listing, tr

DEGREES = ("critical-failure", "failure", "success", "critical-success")
SAVE_WORDS = {"fort": "Fort", "ref": "Ref", "will": "Will", "fortitude": "fort", "reflex": "ref"}
_SAVES = ("fort", "ref", "will")
_MAP = {0: (0, 0), 1: (5, 4), 2: (10, 8)}     # MAP step: (penalty, agile penalty)
HOPE_MAX = 6


DEGREE_WORDS = {"critical-success": N_("critical success"), "success": N_("success"),
                "failure": N_("failure"), "critical-failure": N_("critical failure")}
"""A degree in words (大成功 / 成功 / 失敗 / 大失敗 in Japanese)."""

@dataclass(frozen=True, slots=True)
class Effect:
    """One row of RULES §9's table: a condition's penalty to some numbers."""

    condition: str
    type: str
    amount: int | str           # a number, or "value" (the condition's value)
    to: tuple[str, ...]
    ac_from: str = ""
    note: str = ""
    also: tuple[str, ...] = ()


@cache
def effects(system: str) -> dict[str, Effect]:
    """The effects of the system's conditions by name (``core/data/effects.toml``)."""
    data = tomllib.loads(read_text("effects.toml"))
    for table in data.values():
        if system in table["systems"]:
            out: dict[str, Effect] = {}
            for row in table["effects"]:
                to = tuple(t for word in row.get("to", ()) for t in (_SAVES if word == "saves" else (word,)))
                effect = Effect(row["condition"], row.get("type", row["condition"]), row["amount"], to,
                                row.get("ac_from", ""), row.get("note", ""), tuple(row.get("also", ())))
                out[effect.condition] = effect
            return out
    return {}


def roll_rule(system: str) -> str:
    """How the system's d20 rolls are read: ``degrees`` (PF2 family), ``d20`` or ``daggerheart``."""
    return {"d20-3e": "d20", "daggerheart": "daggerheart"}.get(system, "degrees")


@dataclass(frozen=True, slots=True)
class Penalty:
    """One condition's penalty to one number, typed (PF2: status, circumstance)."""

    type: str
    amount: int
    reason: str                 # ``frightened 2``


def penalties(creature: Creature, system: str) -> dict[str, list[Penalty]]:
    """Every penalty the creature's conditions give, by the number it lowers."""
    table = effects(system)
    out: dict[str, list[Penalty]] = {}
    for name in sorted(creature.conditions):
        effect = table.get(name)
        if effect is None:
            continue
        value = creature.condition_values.get(name) or 1
        amount = value if effect.amount == "value" else int(effect.amount)
        reason = valued_words(name, value if name in creature.condition_values else None)
        for target in effect.to:
            out.setdefault(target, []).append(Penalty(effect.type, amount, reason))
        for other in effect.also:    # prone brings off-guard (a fixed amount)
            if other not in creature.conditions and other in table:
                brought = table[other]
                for target in brought.to:
                    out.setdefault(target, []).append(Penalty(brought.type, int(brought.amount),
                                                                    tr("{condition}: {brings}",
                                                                       condition=game_term(name),
                                                                       brings=game_term(other))))
    return out


def applied(found: list[Penalty]) -> tuple[int, tuple[str, ...]]:
    """The total of penalties (of one type only the worst, RULES §9) and the ones that apply."""
    total = stack((p.type, -p.amount) for p in found)
    worst: dict[str, Penalty] = {}
    for p in found:
        if p.amount and (p.type not in worst or p.amount > worst[p.type].amount):
            worst[p.type] = p
    return total, tuple(p.reason for p in found if p.amount and worst.get(p.type) is p)


class Numbers(dict[str, int]):
    """A creature's numbers after its conditions, each saying why (``AC 15 (17, frightened 2)``)."""

    def __init__(self, system: str, printed: Mapping[str, int], why: Mapping[str, tuple[str, ...]],
                 notes: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.system = system
        self.printed = dict(printed)
        self.why = dict(why)
        self.notes = notes

    def text(self, key: str, *, reasons: bool = True) -> str:
        """One number as the GM reads it: ``AC 15 (17, frightened 2)``, ``Ref +6 (+8, clumsy 2)``;
        without ``reasons`` the printed number alone in brackets: ``AC 15 (17)``."""
        word = next((n for n in NUMBERS.get(self.system, ()) if n.key == key), None)
        label, signed = (game_term(word.label), word.signed) if word else (key, False)
        show = (lambda v: f"{v:+d}") if signed else str
        why = self.why.get(key)
        if not why:
            return f"{label} {show(self[key])}"
        if not reasons:
            return tr("{number} {value} ({printed})", number=label, value=show(self[key]),
                      printed=show(self.printed[key]))
        return tr("{number} {value} ({printed}, {reasons})", number=label, value=show(self[key]),
                  printed=show(self.printed[key]), reasons=listing(why))

    def line(self) -> str:
        """The numbers of play in one line: ``AC 15 (17, frightened 2) · Fort +5 Ref +8 Will +4 · Per +6``
        (the level and tier, which no condition changes, are left to the detail pane)."""
        parts: list[str] = []
        last = ""
        for n in NUMBERS.get(self.system, ()):
            if n.key not in self or n.key in ("level", "tier"):
                continue
            # the saves share a group, and a Daggerheart PC's traits
            joined = parts and any(n.key in group and last in group for group in (_SAVES, DAGGERHEART_TRAITS))
            parts.append(f"{parts.pop()} {self.text(n.key)}" if joined else self.text(n.key))
            last = n.key
        return " · ".join(parts)


def numbers_of(creature: Creature, system: str) -> Numbers:
    """The creature's printed numbers after its conditions (RULES §9's table)."""
    found = penalties(creature, system)
    why: dict[str, tuple[str, ...]] = {}
    values: dict[str, int] = {}
    for key, printed in creature.numbers.items():
        total, reasons = applied(found.get(key, []))
        values[key], why[key] = printed + total, reasons
    if "ac" in creature.numbers:
        ac = values["ac"]
        values["ac"], why["ac"] = _ac_from(creature, system, ac, why["ac"])
        if "touch" in creature.numbers and values["ac"] != ac:
            values["touch"], why["touch"] = _touch_from(creature, values["ac"] - ac,
                                                        values["touch"], why["touch"])
    out = Numbers(system, creature.numbers, {k: v for k, v in why.items() if v}, _notes(creature, system))
    out.update(values)
    return out


def _ac_from(creature: Creature, system: str, ac: int, why: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
    """d20-3e: flat-footed makes the AC its flat-footed AC, stunned and blinded that −2."""
    table = effects(system)
    found = [table[c] for c in sorted(creature.conditions) if c in table and table[c].ac_from]
    if not found:
        return ac, why
    worst = max(found, key=lambda e: int(e.amount))
    base = creature.numbers.get(worst.ac_from)
    if base is None:
        return ac, why + (tr("{condition}: flat-footed AC not known",
                             condition=game_term(worst.condition)),)
    if worst.amount:
        return base - int(worst.amount), why + (tr("{condition}: flat-footed AC {base} −{amount}",
                                                   condition=game_term(worst.condition), base=base,
                                                   amount=worst.amount),)
    return base, why + (tr("{condition}: flat-footed AC {base}", condition=game_term(worst.condition),
                           base=base),)


def _touch_from(creature: Creature, lost: int, touch: int,
                why: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
    """d20-3e: what the flat-footed AC loses (the Dex bonus, AC − flat-footed AC, and a
    stunned creature's −2) the touch AC loses too; ``lost`` is that change to the AC."""
    if "flat_footed" not in creature.numbers:
        return touch, why
    return touch + lost, why + (tr("flat-footed: no Dex bonus ({change:+d})", change=lost),)


def _notes(creature: Creature, system: str) -> tuple[str, ...]:
    """What the conditions do that is shown, not applied (damage, advantage)."""
    table = effects(system)
    return tuple(tr("{condition}: {note}", condition=game_term(c), note=tr(table[c].note))
                 for c in sorted(creature.conditions) if c in table and table[c].note)


NOTES = (N_("and its melee damage (not added)"), N_("and its damage (not added)"),
         N_("rolls against it have advantage (not rolled)"))
"""The notes of ``effects.toml``, for the catalogue (a new note there needs its line here)."""


def attack_bonus(creature: Creature, system: str, attack: Attack) -> tuple[int, tuple[str, ...]]:
    """The attack's bonus after the attacker's conditions (attack, melee or ranged penalties)."""
    bonus = attack.bonus if attack.bonus is not None else creature.numbers.get("attack")
    if bonus is None:
        raise ValueError(tr("{name}'s {label} has no attack bonus: type it in the edit form", name=creature.name, label=attack.label))
    found = penalties(creature, system)
    # RULES §10: clumsy lowers ranged and finesse melee attacks, enfeebled the other melee ones
    kind = "ranged" if attack.ranged or "finesse" in attack.traits else "melee"
    total, reasons = applied(found.get("attack", []) + found.get(kind, []))
    return bonus + total, reasons


# ---------------------------------------------------------------------- degrees
def degree(total: int, dc: int, natural: int | None = None) -> str:
    """PF2 family: DC+10 a critical success, DC a success, below a failure, DC−10 a critical
    failure; a natural 20 one step better, a natural 1 one step worse (RULES §9)."""
    step = 3 if total >= dc + 10 else 2 if total >= dc else 0 if total <= dc - 10 else 1
    if natural == 20:
        step = min(3, step + 1)
    elif natural == 1:
        step = max(0, step - 1)
    return DEGREES[step]


def d20_save(total: int, dc: int, natural: int | None = None) -> str:
    """d20-3e: a save succeeds on the DC or more; a natural 1 fails, a natural 20 succeeds."""
    if natural in (1, 20):
        return "success" if natural == 20 else "failure"
    return "success" if total >= dc else "failure"


def degree_of(system: str, total: int, dc: int, natural: int | None = None) -> str:
    """The degree a roll has in the system: PF2 family degrees, else success or failure."""
    if roll_rule(system) == "degrees":
        return degree(total, dc, natural)
    return d20_save(total, dc, natural) if roll_rule(system) == "d20" else \
        "success" if total >= dc else "failure"


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
    if key not in _SAVES:
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


# ---------------------------------------------------------------------- drained, Hope, Minions
def drained_hp(before: Creature, after: Creature, system: str) -> list[str]:
    """PF2 family: drained X more takes level × X HP and as much max HP (level at least 1);
    drained less gives the max HP back, not the HP lost (Player Core). Changes ``after``."""
    if roll_rule(system) != "degrees" or not any("drained" in c.conditions for c in (before, after)):
        return []
    old, new = (c.condition_values.get("drained", 1) if "drained" in c.conditions else 0
                for c in (before, after))
    track = "hp" if after.max_hp is not None else "vitality"
    now, most = getattr(after, track), getattr(after, f"max_{track}")
    if old == new or now is None or most is None:
        return []
    level = max(1, after.numbers.get("level", 1))
    change = level * (new - old)
    word = "HP" if track == "hp" else game_term("Vitality")
    if change > 0:
        top = max(0, most - change)
        setattr(after, f"max_{track}", top)
        setattr(after, track, max(0, min(now - change, top)))
        return [tr("{drained} {value}: loses level {level} × {more} = {change} {track} and max {track}: "
                   "{now}/{most} → {after}/{top}", drained=game_term("drained"), value=new, level=level,
                   more=new - old, change=change, track=word, now=now, most=most,
                   after=getattr(after, track), top=top)]
    setattr(after, f"max_{track}", most - change)
    return [tr("{drained} {before} → {after}: max {track} {most} → {top} (the {track} lost is not "
               "regained)", drained=game_term("drained"), before=old, after=new, track=word,
               most=most, top=most - change)]


def hope_after(creature: Creature, amount: int, sign: int) -> tuple[int, str]:
    """A Daggerheart PC's Hope after marking (past 6 keeps 6) or spending (more than it has:
    ValueError); and the log's words."""
    if not creature.pc:
        raise ValueError(tr('{name} is an adversary: only PCs have Hope', name=creature.name))
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        raise ValueError(tr('Hope changes by a whole number of 1 or more, not {amount}', amount=repr(amount)))
    if sign < 0 and amount > creature.hope:
        raise ValueError(tr('{name} has only {hope} Hope to spend', name=creature.name, hope=creature.hope))
    after = min(HOPE_MAX, creature.hope + sign * amount)
    values = {"name": creature.name, "amount": amount, "before": creature.hope, "after": after,
              "most": HOPE_MAX}
    if sign < 0:
        return after, tr("{name} spends {amount} Hope: {before} → {after}", **values)
    if creature.hope + amount > HOPE_MAX:
        return after, tr("{name} marks {amount} Hope: {before} → {after} (at most {most})", **values)
    return after, tr("{name} marks {amount} Hope: {before} → {after}", **values)


def minions_defeated(creature: Creature, total: int) -> int:
    """Daggerheart Minion (X): for every X damage of the hit one more Minion is defeated."""
    each = creature.numbers.get("minion")
    return total // each if each and total > 0 else 0


__all__ = ["Numbers", "Effect", "Penalty", "AttackResult", "SaveRoll", "SaveRolls", "effects", "penalties",
           "numbers_of", "attack_bonus", "degree", "d20_save", "degree_of", "roll_rule", "choose_attack",
           "defense_of", "map_penalty", "roll_attack", "roll_save", "save_key", "drained_hp", "hope_after", "minions_defeated", "horde_damage", "DEGREES", "HOPE_MAX"]
