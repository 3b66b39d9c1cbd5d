"""The d20 3.0 SRD's stat block: Hit Dice, Initiative, Armor Class, Saves, Attacks and Damage, Special Qualities."""

from __future__ import annotations

import re

from core.creature.model import Attack
from core.creature.schema import MAX_TRACK
from core.dice.expression import parse as parse_dice
from core.statblocks.fields import (
    DefenseSections,
    Reading,
    bounded,
    damage_parts,
    kinds_in,
    modifier,
)
from core.statblocks.text import Block, StatBlock, split_outside, strip_at, unread_lines
from core.text.errors import ParseError
from core.text.i18n import tr

_ENERGY = r"(?:acid|cold|electricity|fire|sonic)"
_ENERGY_LIST = rf"{_ENERGY}(?:\s*,\s*(?:and\s+)?{_ENERGY}|\s+and\s+{_ENERGY})*"
_BYPASS = r"(?:cold[ -]iron|alchemical silver|magic|silver|adamantine|good|evil|chaotic|lawful|" \
          r"bludgeoning|piercing|slashing|epic)"
_DR = re.compile(rf"\b(?:damage reduction|dr)\s+(\d+)\s*/\s*(\+\d+|[-—]|{_BYPASS}(?:\s+(?:and|or)\s+{_BYPASS})*"
                 r"|[a-z-]+)", re.IGNORECASE)
_RESIST = re.compile(rf"\b({_ENERGY_LIST})\s+resistance\s+(\d+)"
                     rf"|\bresistance to\s+((?:{_ENERGY}\s+\d+(?:\s*,\s*(?:and\s+)?|\s+and\s+)?)+)"
                     rf"|\bresistance to\s+({_ENERGY_LIST})\s+(\d+)", re.IGNORECASE)
_IMMUNE_ONE = r"(?:acid|cold|electricity|fire|sonic|poison)"
_IMMUNE_LIST = rf"{_IMMUNE_ONE}(?:\s*,\s*(?:and\s+)?{_IMMUNE_ONE}|\s+and\s+{_IMMUNE_ONE})*"
_IMMUNE = re.compile(rf"\b({_IMMUNE_LIST})\s+immunity|\bimmun(?:e|ity) to\s+({_IMMUNE_LIST})", re.IGNORECASE)
_DIE = re.compile(r"\d*d\d+(?:\s*[+-]\s*\d+)?(?![\w])", re.IGNORECASE)
_CRIT = re.compile(r"/\s*(?:\d+\s*-\s*20|[x×]\s*\d)|(?<![\w/])[x×]\s*\d\b")
_THREAT = re.compile(r"/\s*(\d+)\s*-\s*20\b")
_MULTIPLIER = re.compile(r"(?<![^\s/(])[x×]\s*(\d)\b")    # /×3, x3; not the x of a word
# a weapon's +1 (magical), its alignment and material, as the label prints them (RULES §10)
_LABEL_TRAITS = {"holy": "holy", "unholy": "unholy", "axiomatic": "axiomatic", "anarchic": "anarchic",
                 "silver": "silver", "alchemical silver": "silver", "cold iron": "cold iron",
                 "adamantine": "adamantine"}
_AND = re.compile(r"\s+plus\s+|\s+and\s+|\s*\+\s*(?=\d*d\d)", re.IGNORECASE)
# 3.0 "Attacks: Huge greatclub +8 melee"; 3.5 "Attack: Claw +6 melee (1d4+2)" (RULES §8)
_D20_ATTACK = re.compile(r"(?P<label>(?:[^,;()]|\([^()]*\))+?)\s+(?P<bonus>[+-] ?\d+)(?:/[+-]\d+)*\s+(?P<kind>melee|ranged)"
                         r"(?:\s+touch)?(?:\s*\((?P<damage>[^()]*)\))?", re.IGNORECASE)
_CR = re.compile(r"^(1/[1-9]\d*|[1-9]\d*)\b")
_D20_SAVE = re.compile(r"\b(Fort|Ref|Will)\s+([+-]?\d+)", re.IGNORECASE)


def read_d20(block: Block, system: str) -> StatBlock:
    """The SRD layouts: ``Hit Dice: 2d8+4 (13 hp)``, ``Initiative: +4 (…)``, ``Armor Class:``,
    ``Saves:``, ``Attacks:`` and ``Damage:`` (3.0) or ``Attack:`` / ``Full Attack:`` (3.5),
    ``Special Qualities:`` with damage reduction and energy resistance."""
    name = block.name()
    got = Reading()
    defenses = DefenseSections(block, system, got.spans)
    rolls: dict[str, list[Attack]] = {}
    damage: list[Attack] = []
    printed_attacks: list[tuple[str, str, int]] = []      # key, value, where: accounted at the end
    for line in block.lines[1:]:
        printed, colon, value = line.text.replace("|", " ").partition(":")  # Markdown tables too
        key = printed.strip().lower()
        if not got.stats and (not colon or key in ("size/type", "type")):  # the type line, before Hit Dice
            got.traits += [k for k in kinds_in(value if colon else line.text) if k not in got.traits]
        if not colon:
            continue
        value_text, at = strip_at(value, line.start + len(printed) + 1)
        if key in ("attacks", "attack", "full attack"):
            rolls[key] = _d20_attacks(value_text, at, block, system)
            printed_attacks.append((key, value_text, at))
        elif key == "damage":
            damage += _d20_damage(value_text, at, block, system)
            printed_attacks.append((key, value_text, at))
        elif not _d20_field(key, value_text, at, block, got, defenses):
            continue
        if key == "challenge rating" and value_text:   # where a reader takes the CR (an EL's)
            got.spans.use(at, at + len(value_text.split()[0]))
        got.spans.use(line.start, line.start + len(printed) + 1)
        got.read.add(line.start)
        got.spans.line(line)
    if "hp" not in got.stats:
        raise block.missing(tr("no Hit Dice line (Hit Dice: 2d8+4 (13 hp))"))
    got.attacks = _d20_pair(rolls.get("attacks", []), damage) or rolls.get("full attack") or rolls.get("attack", [])
    for key, value, at in printed_attacks:
        _account_attacks(key, value, at, got)
    return StatBlock(name, got.stats, defenses.line, tuple(got.traits) or ("living",), got.init_mod,
                     tuple(got.attacks), numbers=got.numbers, unread=unread_lines(block, got.read),
                     not_read=got.spans.not_read(block), lines_read=got.spans.starts(),
                     cr=got.rank)


def _same(printed: str, attack: Attack) -> bool:
    """Whether a printed attack is the one offered, with its bonus and first dice (a 3.5
    ``Attack:`` line repeats its ``Full Attack:``); a different bonus (+33 beside +31) is not."""
    bonus = re.search(r"\s([+-]) ?(\d+)\s", f" {printed} ")   # ``+ 22``: a stray space
    dice = attack.damage.split()[0] if attack.damage else ""
    same_dice = dice in printed or not _DIE.search(printed)     # 3.0's Attacks: print no dice
    return (int(bonus.group(1) + bonus.group(2)) if bonus else None) == attack.bonus and same_dice


def _account_attacks(key: str, value: str, at: int, got: Reading) -> None:
    """RULES §10: each printed attack whose label is among the attacks offered is read (its
    note, ``and paralysis``, is not); an attack not offered (a 3.5 ``Attack:`` line beside
    its ``Full Attack:``, an effect with no dice) is not read."""
    def words(label: str) -> str:   # as _d20_pair names them: "2 claws" is "claw"
        label = re.sub(r"^(?:(?:or|and)\s+)?(?:\d+\s+)?", "", label.strip().lower())
        return " ".join(w.rstrip("s") for w in label.split())

    by_label = {words(a.label): a for a in got.attacks}
    items = ([(m.group("label"), m.start(), m.end()) for m in _D20_ATTACK.finditer(value)]
             if key != "damage" else
             [(_DIE.split(item, maxsplit=1)[0], o, o + len(item)) for item, o in split_outside(value, ",;")])
    for label, start, end in items:
        attack = by_label.get(words(label) or "attack")
        if attack is None or (key != "damage" and not _same(value[start:end], attack)):
            continue
        got.spans.use(at + start, at + end)
        if getattr(attack, "threat", None) is None and getattr(attack, "multiplier", None) is None:
            for threat in _CRIT.finditer(value, start, end):   # a threat range the attack lacks
                got.spans.leave(at + threat.start(), at + threat.end())
        die = _DIE.search(value, start, end) if not attack.damage else None
        if die:   # dice printed that gave no damage (``2d8+10 slashy``, ``1d6 Str``): not read
            close = value.find(")", die.start(), end)
            got.spans.leave(at + die.start(), at + (close if close >= 0 else end))
        note = value.find(attack.note, start, end) if attack.note else -1
        if note >= 0:
            got.spans.leave(at + note, at + note + len(attack.note))


def _d20_field(key: str, value: str, at: int, block: Block, got: Reading, defenses: DefenseSections) -> bool:
    """Hit Dice, Initiative, Armor Class, Saves or Special Qualities; False for another field."""
    if key == "hit dice":
        hp = re.search(r"\(\s*(\d+)\s*(?:hp)?\s*\)", value, re.IGNORECASE)
        if not hp:
            raise block.error(tr("Hit Dice should end with the hit points: 2d8+4 (13 hp)"), at)
        got.stats["hp"] = bounded(hp.group(1), at + hp.start(1), block, "HP", 0, MAX_TRACK)
        got.spans.use(at + hp.start(), at + hp.end())    # the dice it came from are not read
    elif key == "initiative":
        got.init_mod = modifier(value, at, block, "Initiative")
        got.spans.use(at, at + len(value.split()[0]))   # (Dex), how it was made: not read
    elif key in ("armor class", "ac"):
        got.numbers["ac"] = modifier(value, at, block, "Armor Class")
        got.spans.use(at, at + len(value.split()[0]))
        for word, number in (("touch", "touch"), ("flat-footed", "flat_footed")):
            found = re.search(rf"\b{word}\s+(\d+)", value, re.IGNORECASE)
            if found:
                got.numbers[number] = modifier(found.group(1), at + found.start(1), block, word)
                got.spans.use(at + found.start(), at + found.end())
    elif key == "saves":
        for save in _D20_SAVE.finditer(value):
            got.numbers[save.group(1).lower()] = modifier(save.group(2), at + save.start(2), block, save.group(1))
            got.spans.use(at + save.start(), at + save.end())
    elif key == "special qualities":
        _d20_qualities(value, at, defenses)
        got.traits += _evasion(value)
    elif key == "challenge rating" and (cr := _CR.match(value)):   # RULES §10's EL
        got.rank = cr.group(1)
    else:
        return False
    return True


def _d20_attacks(value: str, at: int, block: Block, system: str) -> list[Attack]:
    """``Greatclub +8 melee (2d8+7) or javelin +1 ranged (1d8+5)``: label, bonus, damage if printed."""
    attacks: list[Attack] = []
    for match in _D20_ATTACK.finditer(value):
        label = re.sub(r"^(?:or|and)\s+", "", match.group("label").strip(), flags=re.IGNORECASE)
        traits: tuple[str, ...] = ("ranged",) if match.group("kind").lower() == "ranged" else ()
        traits += _label_traits(label)
        # the damage alone: a die in the label (``Slam+2 melee, (1d6+1) or club``, a source's
        # missing space) must not be taken for the attack's damage
        found = _d20_damage(match.group("damage"), at + match.start("damage"),
                            block, system) if match.group("damage") else []
        bonus = modifier(match.group("bonus").replace(" ", ""), at + match.start("bonus"), block,
                         tr("attack bonus"))  # ``bite + 22 melee``: a source's stray space
        if found:
            attacks.append(found[0]._replace(label=label, bonus=bonus, traits=traits))
        else:
            attacks.append(Attack(label, "", bonus, traits))
    if any(a.damage for a in attacks):
        attacks = [a for a in attacks if a.damage]
    return list(dict.fromkeys(attacks))   # a Full Attack's routines repeat the bite


read_d20_attacks = _d20_attacks


def _label_traits(label: str) -> tuple[str, ...]:
    """``+1 holy composite longbow (+4 Str bonus)`` → magical, holy: the weapon's enhancement
    and properties its name prints (the parenthesis is part of the name)."""
    words = re.sub(r"\([^()]*\)", " ", label.lower())
    found = ["magical"] if re.match(r"\s*\+\d", words) else []
    found += [trait for word, trait in _LABEL_TRAITS.items() if re.search(rf"\b{word}\b", words)]
    return tuple(dict.fromkeys(found))


def _d20_pair(rolls: list[Attack], damage: list[Attack]) -> list[Attack]:
    """3.0: each ``Damage:`` attack with the bonus of the ``Attacks:`` entry it names."""
    def words(label: str) -> str:
        return " ".join(w.rstrip("s") for w in re.sub(r"^\d+\s+", "", label.lower()).split())
    out = []
    for attack in damage:
        named = [r for r in rolls if words(r.label) == words(attack.label)] or \
                [r for r in rolls if words(r.label).endswith(words(attack.label))]
        if not named and len(rolls) == len(damage) == 1:
            named = rolls
        out.append(attack._replace(bonus=named[0].bonus, traits=named[0].traits,
                                   threat=attack.threat or named[0].threat,
                                   multiplier=attack.multiplier or named[0].multiplier)
                   if named else attack)
    return out


def _d20_damage(value: str, at: int, block: Block, system: str) -> list[Attack]:
    """``Bite 1d6+1 and paralysis, 2 claws 1d3`` → (Bite, 1d6+1), (2 claws, 1d3)."""
    attacks: list[Attack] = []
    for item, offset in split_outside(value, ",;"):
        item, where = strip_at(item, at + offset)
        threat, multiplier = _critical_range(item, where, block)
        item = _CRIT.sub(lambda m: " " * len(m.group()), item)
        die = _DIE.search(item)
        if not die:
            continue  # an effect only (energy drain)
        label = re.sub(r"^or\s+", "", item[:die.start()].strip(), flags=re.IGNORECASE) or "attack"
        try:
            parse_dice(die.group())
        except ParseError as exc:
            raise block.error(exc.message, where + die.start() + exc.position) from None
        try:
            damage, note = damage_parts(item[die.start():], where + die.start(), system, block, _AND)
        except ParseError:
            continue  # 3.0 types are optional: dice with other words are ability damage (1d6 Strength)
        attacks.append(Attack(label, damage, None, (), note, threat, multiplier))
    return attacks


def _critical_range(item: str, at: int, block: Block) -> tuple[int | None, int | None]:
    """``2d4+4/18-20``, ``1d8/×3``, ``x3``, ``19-20/×2``: the threat range's low end and the
    multiplier printed (RULES §10); None for what is not printed."""
    threat = _THREAT.search(item)
    times = _MULTIPLIER.search(item)
    low = bounded(threat.group(1), at + threat.start(1), block, tr("threat range"), 2, 20) if threat else None
    many = bounded(times.group(1), at + times.start(1), block, tr("critical multiplier"), 2, 6) if times else None
    return low, many


def _evasion(value: str) -> list[str]:
    """``evasion`` or ``improved-evasion`` among the Special Qualities: a trait (RULES §10)."""
    if re.search(r"\bimproved evasion\b", value, re.IGNORECASE):
        return ["improved-evasion"]
    return ["evasion"] if re.search(r"\bevasion\b", value, re.IGNORECASE) else []


def _d20_qualities(value: str, at: int, defenses: DefenseSections) -> None:
    """Damage reduction, energy resistance and energy immunity among the Special Qualities."""
    for match in (*_DR.finditer(value), *_RESIST.finditer(value), *_IMMUNE.finditer(value)):
        defenses.spans.use(at + match.start(), at + match.end())
    for match in _DR.finditer(value):
        bypass = re.sub(r"\bmagic\b|^\+\d+$", "magical", match.group(2).lower())  # RULES §4
        bypass = bypass.replace("cold iron", "cold-iron")
        defenses.add_entry(f"damage reduction {match.group(1)}/{bypass}", at + match.start(),
                           match.group(2) == bypass)
    for match in _RESIST.finditer(value):
        if match.group(3):     # 3.5: "resistance to acid 10, cold 10, and fire 10"
            pairs = re.findall(rf"({_ENERGY})\s+(\d+)", match.group(3), re.IGNORECASE)
        else:
            energies, amount = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(5))
            pairs = [(energy, amount) for energy in re.findall(_ENERGY, energies, re.IGNORECASE)]
        for energy, amount in pairs:
            defenses.add_entry(f"resistances {energy.lower()} {amount}", at + match.start())
    for match in _IMMUNE.finditer(value):
        for energy in re.findall(_IMMUNE_ONE, match.group(1) or match.group(2), re.IGNORECASE):
            defenses.add_entry(f"immunities {energy.lower()}", at + match.start())
