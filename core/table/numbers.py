"""The table's numbers (RULES §9): what conditions do to a creature's printed
numbers, and degrees of success.

:func:`numbers_of` is the one place that applies conditions to numbers (the effects are data:
``core/data/effects.toml``); the attack helper and the rolled saves (:mod:`core.table.rolls`)
read it. Each rule is a Decision named in the lines it writes.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from typing import NamedTuple

from core.catalog.capabilities import DAGGERHEART_TRAITS, NUMBERS
from core.catalog.conditions import valued_words
from core.creature.model import Attack, Creature
from core.data import read_text
from core.dice.modifiers import stack
from core.text.i18n import N_, game_term, listing, tr

DEGREES = ("critical-failure", "failure", "success", "critical-success")
SAVE_WORDS = {"fort": "Fort", "ref": "Ref", "will": "Will", "fortitude": "fort", "reflex": "ref"}
SAVE_KEYS = ("fort", "ref", "will")
"""The keys of the three saves, as a creature's numbers and a save roll name them."""
HOPE_MAX = 6


DEGREE_WORDS = {"critical-success": N_("critical success"), "success": N_("success"),
                "failure": N_("failure"), "critical-failure": N_("critical failure")}
"""A degree in words (大成功 / 成功 / 失敗 / 大失敗 in Japanese)."""

class Effect(NamedTuple):
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
                to = tuple(t for word in row.get("to", ()) for t in (SAVE_KEYS if word == "saves" else (word,)))
                effect = Effect(row["condition"], row.get("type", row["condition"]), row["amount"], to,
                                row.get("ac_from", ""), row.get("note", ""), tuple(row.get("also", ())))
                out[effect.condition] = effect
            return out
    return {}


def roll_rule(system: str) -> str:
    """How the system's d20 rolls are read: ``degrees`` (PF2 family), ``d20`` or ``daggerheart``."""
    return {"d20-3e": "d20", "daggerheart": "daggerheart"}.get(system, "degrees")


class Penalty(NamedTuple):
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
            joined = parts and any(n.key in group and last in group for group in (SAVE_KEYS, DAGGERHEART_TRAITS))
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


__all__ = ["Numbers", "Effect", "Penalty", "effects", "penalties", "numbers_of", "attack_bonus",
           "degree", "d20_save", "degree_of", "roll_rule", "drained_hp", "hope_after",
           "minions_defeated", "DEGREES", "DEGREE_WORDS", "SAVE_WORDS", "SAVE_KEYS", "HOPE_MAX"]
