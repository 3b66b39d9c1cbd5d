"""A player character from Pathbuilder 2e's JSON export: name, level, HP, AC, saves, Strikes.

The export is the bare build or ``{"success": true, "build": {…}}``. Only the fields the
tracker needs are read; one that is missing or holds what the rules do not know is named
in a ParseError (``build.attributes.classhp is missing``), never guessed.

- HP = ancestry HP + bonus HP + level × (class HP + bonus HP per level + Con modifier)
- AC = ``acTotal.acTotal``
- a save or Perception = ability modifier + proficiency (+ level when trained) + item bonus
- a Strike = ``weapons[].attack``; its dice (``die``, one more per striking rune), damage
  bonus and type, then any extra damage it prints (``1d6 fire``)
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from core.creature.model import Attack
from core.text.errors import ParseError
from core.text.i18n import tr

if TYPE_CHECKING:
    from core.creature.model import Creature
    from core.systems.base import RuleSystem

SAVES = (("fort", "fortitude", "con"), ("ref", "reflex", "dex"), ("will", "will", "wis"),
         ("perception", "perception", "wis"))
"""Each number read: its key on the creature, Pathbuilder's proficiency and its ability."""
MOD_NAMES = {"fortitude": "Fortitude", "reflex": "Reflex", "will": "Will",
             "perception": "Perception"}
"""How Pathbuilder's ``mods`` name each of them."""
PROFICIENCIES = (0, 2, 4, 6, 8)
"""Untrained, trained, expert, master, legendary as Pathbuilder writes them."""
STRIKING = {"": 1, "striking": 2, "greaterStriking": 3, "majorStriking": 4}
"""A weapon's damage dice by its striking rune."""
DAMAGE_LETTERS = {"S": "slashing", "P": "piercing", "B": "bludgeoning"}
_DIE = re.compile(r"^d(4|6|8|10|12)$")


class _Reader:
    """The export's fields, each read with the path a refusal names."""

    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, where: str, problem: str) -> ParseError:
        """A ParseError naming the field, placed at its key in the text where it is found."""
        key = where.rsplit(".", 1)[-1].split("[")[0]
        at = self.text.find(f'"{key}"')
        return ParseError(tr("Pathbuilder export: {field} {problem}", field=where,
                             problem=problem), max(at, 0), self.text)

    def get(self, data: Any, key: str, where: str) -> Any:
        if not isinstance(data, dict):
            raise self.fail(where, tr("should be a table"))
        if key not in data:
            raise self.fail(f"{where}.{key}", tr("is missing"))
        return data[key]

    def number(self, data: Any, key: str, where: str) -> int:
        value = self.get(data, key, where)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"{where}.{key}", tr("should be a whole number, not {value}",
                                                  value=repr(value)))
        return value

    def text_of(self, data: Any, key: str, where: str) -> str:
        value = self.get(data, key, where)
        if not isinstance(value, str):
            raise self.fail(f"{where}.{key}", tr("should be text, not {value}", value=repr(value)))
        return value


def build_of(text: str) -> tuple[_Reader, dict[str, Any]]:
    """The build in ``text`` (bare or wrapped) and its reader; ParseError for what is not one."""
    reader = _Reader(text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(tr("not Pathbuilder's JSON export: {problem} (line {line}, column "
                            "{column})", problem=exc.msg, line=exc.lineno, column=exc.colno),
                         exc.pos, text) from None
    if isinstance(data, dict) and "build" in data:
        if data.get("success") is False:
            raise reader.fail("success", tr("is false: Pathbuilder exported no character"))
        data = data["build"]
    elif isinstance(data, dict) and data.get("success") is False:
        raise reader.fail("success", tr("is false: Pathbuilder exported no character"))
    if not isinstance(data, dict):
        raise reader.fail("build", tr("should be a table"))
    return reader, data


def is_pathbuilder(text: str) -> bool:
    """Whether ``text`` looks like a JSON export rather than a printed stat block."""
    return text.lstrip().startswith("{")


def from_pathbuilder(rules: RuleSystem, text: str) -> Creature:
    """A PC of ``rules`` (pf2e or sf2e) at full health from Pathbuilder's JSON ``text``."""
    read, build = build_of(text)
    where = "build"
    name = read.text_of(build, "name", where).strip()
    if not name:
        raise read.fail("build.name", tr("is empty"))
    level = read.number(build, "level", where)
    attributes = read.get(build, "attributes", where)
    abilities = read.get(build, "abilities", where)
    score = {key: read.number(abilities, key, f"{where}.abilities")
             for key in ("str", "dex", "con", "int", "wis", "cha")}
    modifier = {key: (value - 10) // 2 for key, value in score.items()}
    at = f"{where}.attributes"
    hp = read.number(attributes, "ancestryhp", at) + read.number(attributes, "bonushp", at) + \
        level * (read.number(attributes, "classhp", at)
                 + read.number(attributes, "bonushpPerLevel", at) + modifier["con"])
    numbers = {"level": level,
               "ac": read.number(read.get(build, "acTotal", where), "acTotal", f"{where}.acTotal")}
    proficiencies = read.get(build, "proficiencies", where)
    mods = build.get("mods") or {}
    for key, proficiency, ability in SAVES:
        rank = read.number(proficiencies, proficiency, f"{where}.proficiencies")
        if rank not in PROFICIENCIES:
            raise read.fail(f"{where}.proficiencies.{proficiency}",
                            tr("is {value}, not a proficiency (0, 2, 4, 6 or 8)", value=rank))
        numbers[key] = modifier[ability] + (rank + level if rank else 0) + \
            _item_bonus(read, mods, MOD_NAMES[proficiency])
    attacks = [_strike(read, rules, weapon, f"{where}.weapons[{i}]")
               for i, weapon in enumerate(_list(read, build, "weapons", where))]
    try:
        creature = rules.new_creature(name, pc=True, init_mod=numbers["perception"],
                                      numbers=numbers, attacks=attacks, hp=hp)
    except ValueError as exc:      # a number beyond the bounds of play
        raise ParseError(tr("Pathbuilder export: {problem}", problem=exc), 0, text) from None
    return creature


def _list(read: _Reader, data: dict[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise read.fail(f"{where}.{key}", tr("should be a list"))
    return value


def _item_bonus(read: _Reader, mods: Any, name: str) -> int:
    """The item bonus Pathbuilder's ``mods`` give ``name`` (``{"Perception": {"Item Bonus": 1}}``)."""
    if not isinstance(mods, dict) or not isinstance(mods.get(name), dict):
        return 0
    bonus = mods[name].get("Item Bonus", 0)
    if isinstance(bonus, bool) or not isinstance(bonus, int):
        raise read.fail(f"build.mods.{name}", tr("has an item bonus of {value}, not a whole "
                                                  "number", value=repr(bonus)))
    return bonus


def _strike(read: _Reader, rules: RuleSystem, weapon: Any, where: str) -> Attack:
    """One weapon as a Strike: ``Longsword +12: 2d8+4 slashing``."""
    label = read.text_of(weapon, "name", where)
    bonus = read.number(weapon, "attack", where)
    die = read.text_of(weapon, "die", where)
    if not _DIE.match(die):
        raise read.fail(f"{where}.die", tr("is {value}, not a damage die (d4 … d12)",
                                           value=repr(die)))
    rune = weapon.get("str") or ""
    if rune not in STRIKING:
        raise read.fail(f"{where}.str", tr("is {value}, not a striking rune ({known})",
                                           value=repr(rune), known=", ".join(k for k in STRIKING if k)))
    extra = read.number(weapon, "damageBonus", where)
    kind = read.text_of(weapon, "damageType", where)
    kind = DAMAGE_LETTERS.get(kind.upper(), kind.lower())
    parts = [f"{STRIKING[rune]}{die}{extra:+d}" if extra else f"{STRIKING[rune]}{die}"]
    parts[0] += f" {kind}"
    _checked(read, rules, parts[0], f"{where}.damageType")
    for i, more in enumerate(_list(read, weapon, "extraDamage", where)):
        if not isinstance(more, str):
            raise read.fail(f"{where}.extraDamage[{i}]", tr("should be text"))
        parts.append(_checked(read, rules, more.strip().lower(), f"{where}.extraDamage[{i}]"))
    return Attack(label, ", ".join(parts), bonus)


def _checked(read: _Reader, rules: RuleSystem, damage: str, where: str) -> str:
    """``damage`` once the system reads it as damage; else a ParseError naming the field."""
    try:
        rules.parse_damage(damage)
    except ValueError as exc:
        raise read.fail(where, tr("gives {damage}, which is not damage here: {problem}",
                                  damage=repr(damage), problem=getattr(exc, "message", exc))) from None
    return damage


__all__ = ["from_pathbuilder", "build_of", "is_pathbuilder", "STRIKING", "DAMAGE_LETTERS"]
