"""Daggerheart's adversary block: ``Difficulty: 14 | Thresholds: 8/15 | HP: 8 | Stress: 3``, ``ATK``, Minion and Horde."""

from __future__ import annotations

import re

from core.catalog.ranks import ADVERSARY_COSTS
from core.creature.model import Attack
from core.creature.schema import MAX_TRACK, bounds
from core.dice.expression import parse as parse_dice
from core.notation import parse_defenses
from core.statblocks.fields import Reading, bounded, modifier
from core.statblocks.text import Block, Line, StatBlock, split_outside, strip_at, unread_lines
from core.text.errors import ParseError
from core.text.i18n import tr

_DH_TYPES = {"phy": "physical", "physical": "physical", "mag": "magic", "magic": "magic",
             "phy/mag": "physical/magic", "mag/phy": "physical/magic"}
_DH_DAMAGE = re.compile(r"^(\S+)\s+([a-z/]+)$", re.IGNORECASE)
_THRESHOLD = re.compile(r"^(\d+|none)(?:\s*/\s*(\d+|none))?$", re.IGNORECASE)


def _fields(block: Block) -> list[tuple[str, str, int]]:
    """Every ``Key: value`` field of every line (fields split at ``|``): key, value, position."""
    out: list[tuple[str, str, int]] = []
    for line in block.lines[1:]:
        for piece, offset in split_outside(line.text, "|"):
            piece, at = strip_at(piece, line.start + offset)
            key, colon, value = piece.partition(":")
            if colon:
                value_text, value_at = strip_at(value, at + len(key) + 1)
                out.append((key.strip(), value_text, value_at))
            elif piece:
                out.append(("", piece, at))
    return out


_TIER = re.compile(r"^tier\s+(\d+)\b\s*([a-z]*)", re.IGNORECASE)
_MINION = re.compile(r"^minion\s*\((\d+)\)", re.IGNORECASE)
# Horde (1d4+1), or a flat X (Horde (2)), read alike (RULES §10)
_HORDE = re.compile(r"^horde\s*\((\d*d\d+(?:\s*[+-]\s*\d+)?|\d+)\)", re.IGNORECASE)
# RULES §8: a passive feature saying "The Skull is resistant to magic damage" (not "While …")
_DH_DEFENSE = re.compile(r"^(?:[\w' ]+?\s)?(?:is\s+|has\s+)?(resistant|resistance|immune)\s+to\s+"
                         r"(physical|magic)\s+damage\.?$", re.IGNORECASE)


def read_daggerheart(block: Block, system: str) -> StatBlock:
    """The SRD adversary: ``Tier 1 Solo``, ``Difficulty: 14 | Thresholds: 8/15 | HP: 8 |
    Stress: 3``, ``ATK: +3 | Claws: Very Close | 1d12+2 phy``, Minion (X) and Horde (X)."""
    name = block.name()
    stats: dict[str, int] = {"armor": 0}
    unset: dict[str, None] = {}
    got = Reading()
    fields = _fields(block)
    found: set[str] = set()
    role = ""       # the adversary type after the tier (RULES §10's Battle Points)
    for index, (printed, value, at) in enumerate(fields):
        key = printed.lower()
        if key in ("hp", "stress", "thresholds", "difficulty"):
            got.spans.use(at - len(printed) - 2, at + len(value))   # the whole field acts
        if key in ("hp", "stress"):
            stats[key] = _whole(value, at, block, key.upper(), bounds(system, f"max_{key}")[1]
                                if key == "hp" else bounds(system, key)[1])
        elif key == "thresholds":
            _thresholds(value, at, block, stats, unset)
        elif key in ("difficulty", "atk"):
            got.numbers["difficulty" if key == "difficulty" else "attack"] = modifier(value, at, block, printed)
            if key == "atk":
                got.attacks += _dh_attack(fields[index + 1:index + 3], at, block, got.numbers["attack"])
                (label, _, label_at), (_, damage, damage_at) = fields[index + 1:index + 3]
                # ATK, the attack's name and its damage act; its range (Very Close) is not read
                got.spans.use(at - len(printed) - 2, at + len(value))
                got.spans.use(label_at - len(label) - 2, label_at)
                got.spans.use(damage_at, damage_at + len(damage))
        elif tier := _TIER.match(value if not key else ""):
            got.numbers.setdefault("tier", bounded(tier.group(1), at + tier.start(1), block, "Tier", 1, 99))
            role = role or (tier.group(2).lower() if tier.group(2).lower() in ADVERSARY_COSTS else "")
            known = tier.group(2).lower() in ADVERSARY_COSTS
            # the role acts (RULES §10's Battle Points); one no rule reads (Horde (2/HP)) is not read
            got.spans.use(at, at + (tier.end() if known else tier.end(1)))
        else:
            continue
        found.add(key)
        got.read.add(_line_of(block, at))
        got.spans.line(next(line for line in block.lines if line.start == _line_of(block, at)))
    for needed, printed in (("hp", "HP"), ("thresholds", "Thresholds")):
        if needed not in found:
            raise block.missing(tr("no {field} field (Difficulty: 14 | Thresholds: 8/15 | HP: 8 | Stress: 3)",
                                   field=printed))
    horde, defenses = _dh_features(fields, block, got, system)
    return StatBlock(name, stats, defenses, ("living",), 0, tuple(got.attacks), unset, got.numbers,
                     horde, unread_lines(block, got.read), not_read=got.spans.not_read(block),
                     lines_read=got.spans.starts(), role=role)


def _line_of(block: Block, at: int) -> int:
    """The start of the line holding position ``at``."""
    return max((line.start for line in block.lines if line.start <= at), default=0)


def _dh_features(fields: list[tuple[str, str, int]], block: Block, got: Reading,
                 system: str) -> tuple[str, str]:
    """Minion (X) into ``got.numbers``; Horde (X)'s damage and the defenses a passive feature
    gives (``The Skull is resistant to magic damage``)."""
    horde, defenses = "", []
    damage_type = got.attacks[0].damage.partition(" ")[2] if got.attacks else "physical"  # "1d4 magic"
    for printed, value, at in fields:
        feature = printed.strip()
        if minion := _MINION.match(feature):
            got.numbers["minion"] = bounded(minion.group(1), at, block, "Minion", 1, MAX_TRACK)
        elif horde_dice := _HORDE.match(feature):
            horde = f"{parse_dice(horde_dice.group(1))} {damage_type}"
        elif feature.lower().endswith("passive"):
            for sentence in re.split(r"(?<=\.)\s+", value):
                said = _DH_DEFENSE.match(sentence.strip())
                if said and not sentence.lower().startswith(("while", "when", "if")):
                    kind = "immunities" if said.group(1).lower() == "immune" else "resistances"
                    defenses.append(f"{kind} {said.group(2).lower()}")
    line = "; ".join(dict.fromkeys(defenses))
    if line:
        parse_defenses(line, system)
    return horde, line


def _whole(value: str, at: int, block: Block, what: str, high: int = MAX_TRACK) -> int:
    if not value.isdigit():
        raise block.error(tr("{what} should be a whole number, not {value!r}", what=what, value=value), at)
    return bounded(value, at, block, what, 0, high)


def _thresholds(value: str, at: int, block: Block, stats: dict[str, int], unset: dict[str, None]) -> None:
    """``8/15``; ``None`` (any damage marks 1 HP) or ``4/None`` (nothing reaches Severe).

    RULES §8 Decision: a missing threshold is stored as None; the creature is built with a
    placeholder so that new_creature's checks pass, then the placeholder is unset.
    """
    match = _THRESHOLD.match(value)
    if not match:
        raise block.error(tr("thresholds look like 8/15, 4/None or None, not {value!r}", value=value), at)
    major, severe = match.group(1).lower(), (match.group(2) or "none").lower()
    if major == "none" and severe != "none":
        raise block.error(tr("a Severe threshold without a Major one"), at)
    stats["major"] = 0 if major == "none" else \
        bounded(major, at + match.start(1), block, "Major", 0, MAX_TRACK)
    stats["severe"] = stats["major"] if severe == "none" else \
        bounded(severe, at + match.start(2), block, "Severe", 0, MAX_TRACK)
    if stats["severe"] < stats["major"]:
        raise block.error(tr("the Severe threshold is below the Major one in {value!r}", value=value), at)
    if major == "none":
        unset["major"] = None
    if severe == "none":
        unset["severe"] = None


def read_dh_attack(line: Line, block: Block) -> list[Attack]:
    """``ATK: +3 | Claws: Very Close | 1d12+2 phy`` (or without its ``ATK``: no bonus)."""
    fields: list[tuple[str, str, int]] = []
    for piece, offset in split_outside(line.text, "|"):
        piece, at = strip_at(piece, line.start + offset)
        key, colon, value = piece.partition(":")
        fields.append((key.strip(), *strip_at(value, at + len(key) + 1)) if colon else ("", piece, at))
    if fields and fields[0][0].lower() == "atk":
        _, value, at = fields[0]
        return _dh_attack(fields[1:3], at, block, modifier(value, at, block, "ATK"))
    return _dh_attack(fields[:2], line.start, block, None)


def _dh_attack(after: list[tuple[str, str, int]], at: int, block: Block, bonus: int | None) -> list[Attack]:
    """The two fields after ``ATK: +3``: ``Claws: Very Close`` and ``1d12+2 phy`` (``phy/mag``:
    one attack of each type, RULES §8)."""
    if len(after) < 2 or not after[0][0]:
        raise block.error(tr("an attack reads ATK: +3 | Claws: Very Close | 1d12+2 phy"), at)
    label = after[0][0]
    _, damage, where = after[1]
    match = _DH_DAMAGE.match(damage)
    if not match or match.group(2).lower() not in _DH_TYPES:
        raise block.error(tr("an attack reads ATK: +3 | Claws: Very Close | 1d12+2 phy, not {damage!r}",
                             damage=damage), where)
    try:
        amount = parse_dice(match.group(1))
    except ParseError as exc:
        raise block.error(exc.message, where + exc.position) from None
    kinds = _DH_TYPES[match.group(2).lower()].split("/")
    if len(kinds) == 1:
        return [Attack(label, f"{amount} {kinds[0]}", bonus)]
    return [Attack(f"{label} ({kind})", f"{amount} {kind}", bonus) for kind in kinds]

