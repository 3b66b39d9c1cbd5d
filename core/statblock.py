"""Stat blocks as printed (RULES §8): text pasted from a book or an SRD, read into a creature.

One reader per layout — the PF2 family (pf2e, sf2e, vitality-wounds), Daggerheart's
adversary blocks, the d20 3.0 SRD — each returning a :class:`StatBlock` that
``RuleSystem.from_statblock`` turns into a creature. Lines a reader does not know are
ignored (the whole text is kept on the creature); a line it knows but cannot read is a
``ParseError`` whose position is in the pasted text. Defense wording the notation parser
does not take as printed (``all damage``, ``(except force, or positive; double resistance
vs. non-magical)``, ``fire resistance 10``, ``15/+1``) is rewritten here into the notation
it takes; the stat block itself is kept unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import cast

from core.dice import parse as parse_dice
from core.errors import ParseError
from core.notation import parse_damage, parse_defenses

#: Longest stat block read (a full page of a bestiary is a few thousand characters).
MAX_STATBLOCK = 20_000

# Characters a paste brings that mean a plain space or a plain hyphen; replaced one for one
# so that every position still points into the text as pasted.
_SPACES = dict.fromkeys(map(ord, "\t\u00a0\u2007\u202f\u2009\u200a\u3000\ufeff\u200b"), " ")
_DASHES = dict.fromkeys(map(ord, "\u2212\u2013\u2010\u2011"), "-")
_MARKDOWN_LEAD = re.compile(r"^[ #>]+")


@dataclass(frozen=True)
class StatBlock:
    """What a stat block says, in the words ``new_creature`` takes."""

    name: str
    stats: dict[str, int]
    defenses: str = ""
    traits: tuple[str, ...] = ("living",)
    init_mod: int = 0
    attacks: tuple[tuple[str, str], ...] = ()
    unset: dict[str, None] = field(default_factory=dict)   # stats the block says it has none of


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the cleaned text and where it starts in the pasted text."""

    text: str
    start: int


class _Block:
    """The pasted text, cleaned one character for one, split into lines."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise ParseError("a stat block is text", 0, str(text))
        if len(text) > MAX_STATBLOCK:
            raise ParseError(f"a stat block longer than {MAX_STATBLOCK} characters", MAX_STATBLOCK, text)
        self.original = text
        # Windows line endings: "\r\n" becomes " \n" (same length), a lone "\r" a line break.
        clean = text.replace("\r\n", " \n").replace("\r", "\n").translate(_SPACES).translate(_DASHES)
        clean = clean.replace("*", " ").replace("__", "  ")            # Markdown emphasis
        spans: list[tuple[int, int]] = []      # each printed line's text, lead (#, >) blanked
        pieces: list[str] = []
        start = 0
        for raw in clean.split("\n"):
            lead = _MARKDOWN_LEAD.match(raw)
            cut = lead.end() if lead else 0
            pieces.append(" " * cut + raw[cut:])
            body = raw[cut:].rstrip()
            if body:
                spans.append((start + cut, start + cut + len(body)))
            start += len(raw) + 1
        self.clean = "\n".join(pieces)
        self.lines = [Line(self.clean[s:e].replace("\n", " "), s) for s, e in self._joined(spans)]

    def _joined(self, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Lines a PDF or a narrow column wrapped, put back together (never the name line).

        A line goes on when its parentheses are still open, when it ends with ``,``, ``;``,
        ``plus``, ``and``, ``or`` or a Strike's ``Damage``, or when the next line starts in
        lower case; a blank line always ends it.
        """
        merged: list[tuple[int, int]] = []
        for s, e in spans:
            if len(merged) > 1 and self.clean.count("\n", merged[-1][1], s) == 1 \
                    and _continues(self.clean[merged[-1][0]:merged[-1][1]], self.clean[s:e]):
                merged[-1] = (merged[-1][0], e)
            else:
                merged.append((s, e))
        return merged

    def error(self, message: str, position: int) -> ParseError:
        """A ParseError at ``position`` of the pasted text, its message naming the line."""
        line = self.original.count("\n", 0, position) + 1
        return ParseError(f"line {line}: {message}", position, self.original)

    def name(self, drop: re.Pattern[str] | None = None) -> str:
        """The first line, a trailing level (``Creature 3``) dropped, ALL CAPS made Title Case."""
        if not self.lines:
            raise self.error("the stat block is empty: paste it as printed, name first", 0)
        first = self.lines[0]
        name = " ".join(first.text.replace("|", " ").split())   # a Markdown table's first row too
        name = drop.sub("", name).strip() if drop else name
        if not name:
            raise self.error("the first line should be the creature's name", first.start)
        if name.isupper():  # "ACID BURROWER" as the SRD prints it
            name = name.title()
        return name


# --------------------------------------------------------------------------- shared helpers

_GOES_ON = re.compile(r"(?:[,;]|\bplus|\band|\bor)$", re.IGNORECASE)


def _continues(line: str, following: str) -> bool:
    """Whether ``following`` is the rest of ``line``, wrapped (see ``_Block._joined``)."""
    return (line.count("(") > line.count(")") or bool(_GOES_ON.search(line)) or following[:1].islower()
            or line.endswith(" Damage"))    # a PF2 Strike: its damage on the next line



def split_outside(text: str, separators: str) -> Iterator[tuple[str, int]]:
    """Pieces of ``text`` between separators that stand outside parentheses, with offsets."""
    depth, start = 0, 0
    for i, ch in enumerate(text):
        if ch in "([（":
            depth += 1
        elif ch in ")]）":
            depth = max(0, depth - 1)
        elif ch in separators and depth == 0:
            yield text[start:i], start
            start = i + 1
    yield text[start:], start


def _strip(piece: str, at: int) -> tuple[str, int]:
    """``piece`` without surrounding spaces, and the position of what is left."""
    return piece.strip(), at + len(piece) - len(piece.lstrip())


_EXCEPT = re.compile(r"^(?:except|exc\.?|but not)\s+", re.IGNORECASE)
_JOINER = re.compile(r"^(?:or|and)\s+", re.IGNORECASE)
_ALL_DAMAGE = re.compile(r"\ball damage\b", re.IGNORECASE)


def _defense_item(item: str) -> tuple[str, list[str]]:
    """One printed entry in notation, and entries its parentheses hold beside the exceptions.

    ``all damage 5 (except force, ghost touch, or positive; double resistance vs. non-magical)``
    → ``all 5 (except force, ghost touch, positive)`` and ``double resistance vs. non-magical``.
    A parenthesis that is neither an exception list nor a ``double …`` note is left out of
    the defense line (it stays in the stat block shown to the GM).
    """
    item = _ALL_DAMAGE.sub("all", item)
    open_at = item.find("(")
    close_at = item.rfind(")")
    if open_at < 0 or close_at < open_at:
        return item, []
    inner, outside = item[open_at + 1:close_at], (item[:open_at] + item[close_at + 1:]).strip()
    exceptions: list[str] = []
    extra: list[str] = []
    for clause, _ in split_outside(inner, ";"):
        clause = clause.strip()
        if _EXCEPT.match(clause):
            words = (_JOINER.sub("", w.strip()) for w, _ in split_outside(_EXCEPT.sub("", clause), ","))
            exceptions += [w for w in words if w]
        elif clause.lower().startswith("double"):
            extra.append(clause)
    if exceptions:
        outside += f" (except {', '.join(exceptions)})"
    return outside, extra


class _Defenses:
    """A defense line built section by section, each checked where the stat block printed it."""

    def __init__(self, block: _Block, system: str) -> None:
        self.block, self.system = block, system
        self.sections: list[str] = []

    def add(self, keyword: str, items: list[tuple[str, int]]) -> None:
        """A section ``keyword item, item`` from printed items and their positions."""
        entries: list[str] = []
        notes: list[str] = []
        for printed, at in items:
            printed, at = _strip(printed, at)
            if not printed:
                continue
            entry, extra = _defense_item(printed)
            self.check(f"{keyword} {entry}", len(keyword) + 1, at, entry == printed)
            entries.append(entry)
            for note in extra:
                self.check(note, 0, at, False)
                notes.append(note)
        if not entries and not notes:
            raise self.block.error(f"nothing after {keyword!r}", items[0][1] if items else 0)
        if entries:
            self.sections.append(f"{keyword} {', '.join(entries)}")
        self.sections += notes

    def add_entry(self, text: str, at: int, as_printed: bool = False) -> None:
        """One whole entry in notation (``damage reduction 15/magical``)."""
        self.check(text, 0, at, as_printed)
        self.sections.append(text)

    def check(self, text: str, lead: int, at: int, as_printed: bool) -> None:
        """ParseError at the printed entry if the notation parser refuses it."""
        try:
            parse_defenses(text, self.system)
        except ParseError as exc:
            where = at + max(0, exc.position - lead) if as_printed else at
            raise self.block.error(exc.message, where) from None

    @property
    def line(self) -> str:
        """The whole defense line."""
        return "; ".join(self.sections)


_PARENS = re.compile(r"\([^()]*\)")


def _damage_parts(text: str, at: int, system: str, block: _Block, separators: re.Pattern[str]) -> str:
    """The parts of printed damage that are damage (``plus Grab`` dropped), in notation.

    The first part must read; ParseError at it otherwise.
    """
    kept: list[str] = []
    start = 0
    text = _PARENS.sub(lambda m: " " * len(m.group()), text)   # (deadly d10), (or 2d8+10)
    pieces = [(m.start(), m.end()) for m in separators.finditer(text)] + [(len(text), len(text))]
    for index, (end, after) in enumerate(pieces):
        part, where = _strip(text[start:end], at + start)
        start = after
        if not part:
            continue
        try:
            parse_damage(part, system)
        except ParseError as exc:
            if index == 0:
                raise block.error(exc.message, where + exc.position) from None
            continue  # an effect (Grab, drain life, paralysis), not damage
        kept.append(part)
    return ", ".join(kept)


def _int(text: str, at: int, block: _Block, what: str) -> int:
    match = re.match(r"\s*([+-]?\d+)", text)
    if not match:
        raise block.error(f"{what} should be a number, e.g. {what} +7", at + len(text) - len(text.lstrip()))
    return int(match.group(1))


# --------------------------------------------------------------------------- PF2 family

_LEVEL = re.compile(r"\s+(?:creature|npc|hazard)\s+[+-]?\d+\s*$", re.IGNORECASE)
_TRACK = re.compile(r"^(hp|vitality|wounds|hardness)\s+(\S+)", re.IGNORECASE)
_SECTION = re.compile(r"^(immunities|immunity|immune|weaknesses|weakness|resistances|resistance|"
                      r"vulnerabilities|vulnerable|vulnerability)\b\s*", re.IGNORECASE)
_STRIKE = re.compile(r"^(melee|ranged)\b", re.IGNORECASE)
_ACTIONS = re.compile(r"\[[^\]]*\]|[◆◇⬻⬺⬽↺⟳]|\b(?:single|two|three|free)[ -]actions?\b|\breaction\b",
                      re.IGNORECASE)
_PLUS = re.compile(r"\s+plus\s+|\s+and\s+", re.IGNORECASE)
KINDS = ("undead", "construct")


def kinds_in(line: str) -> list[str]:
    """``undead`` / ``construct`` if ``line`` is a line of traits (``CE Medium Undead Wight``).

    A traits line is a few capitalised words; a sentence that mentions the undead is not.
    """
    words = re.findall(r"[^\W\d_][\w-]*", line)
    if not words or not all(w[0].isupper() for w in words):
        return []
    return [k for k in KINDS if k in (w.lower() for w in words)]


def read_pf2(block: _Block, system: str) -> StatBlock:
    """pf2e / sf2e / vitality-wounds: name, traits, Perception, HP line, defenses, Strikes."""
    name = block.name(_LEVEL)
    stats: dict[str, int] = {}
    defenses = _Defenses(block, system)
    traits: list[str] = []
    init_mod = 0
    attacks: list[tuple[str, str]] = []
    seen_stat = False
    for line in block.lines[1:]:
        low = line.text.lower()
        if low.startswith("perception"):
            init_mod = _int(line.text[len("perception"):], line.start + len("perception"), block,
                            "Perception")
            seen_stat = True
        elif _TRACK.match(line.text) or _SECTION.match(line.text):
            _pf2_track_line(line, block, system, stats, defenses)
            seen_stat = True
        elif strike := _STRIKE.match(line.text):
            attack = _pf2_strike(line, strike.end(), block, system)
            if attack:
                attacks.append(attack)
        elif not seen_stat:  # the traits line(s) come before the statistics
            traits += [k for k in kinds_in(line.text) if k not in traits]
    if not stats:
        raise block.error("no HP line (HP 30, or Vitality 20, Wounds 12): is this a stat block?", 0)
    return StatBlock(name, stats, defenses.line, tuple(traits) or ("living",), init_mod, tuple(attacks))


def _pf2_track_line(line: Line, block: _Block, system: str, stats: dict[str, int],
                    defenses: _Defenses) -> None:
    """``HP 30, negative healing; Immunities …; Weaknesses …; Resistances …`` (or one section)."""
    for segment, offset in split_outside(line.text, ";"):
        segment, at = _strip(segment, line.start + offset)
        section = _SECTION.match(segment)
        if section:
            keyword = section.group(1).lower()
            if keyword == "resistance" and segment.lower().startswith("resistance to critical"):
                defenses.add_entry(segment, at, True)
                continue
            items = [(t, at + section.end() + o) for t, o in split_outside(segment[section.end():], ",")]
            defenses.add(keyword, items)
            continue
        for clause, o in split_outside(segment, ","):
            clause, where = _strip(clause, at + o)
            track = _TRACK.match(clause)
            if not track or (track.group(1).lower() in ("vitality", "wounds") and system != "vitality-wounds"):
                continue  # negative healing, rejuvenation, regeneration …
            key, value = track.group(1).lower(), track.group(2).rstrip(".,;")
            if not value.isdigit():
                raise block.error(f"{track.group(1)} should be a whole number, not {value!r}",
                                  where + track.start(2))
            if key == "hardness":
                defenses.add_entry(f"hardness {value}", where, True)
            elif key == "hp" and system == "vitality-wounds" and not int(value):
                continue
            else:
                stats[key] = int(value)


def _pf2_strike(line: Line, kind_end: int, block: _Block, system: str) -> tuple[str, str] | None:
    """``Melee ◆ claw +12 (agile), Damage 1d6+6 slashing plus Grab`` → (claw, 1d6+6 slashing).

    ``kind_end``: where the line's ``Melee`` or ``Ranged`` ends.
    """
    text = _ACTIONS.sub(lambda m: " " * len(m.group()), line.text)
    damage = re.search(r"\bdamage\s+", text, re.IGNORECASE)
    if not damage:
        return None  # a Strike with an effect only
    bonus = re.search(r"\s[+-]\d+", text)
    label_end = bonus.start() if bonus and bonus.start() < damage.start() else damage.start()
    label = text[kind_end:label_end].strip(" ,") or "Strike"
    notation = _damage_parts(text[damage.end():], line.start + damage.end(), system, block, _PLUS)
    return label, notation


# --------------------------------------------------------------------------- Daggerheart

_DH_TYPES = {"phy": "physical", "physical": "physical", "mag": "magic", "magic": "magic",
             "phy/mag": "physical/magic", "mag/phy": "physical/magic"}
_DH_DAMAGE = re.compile(r"^(\S+)\s+([a-z/]+)$", re.IGNORECASE)
_THRESHOLD = re.compile(r"^(\d+|none)(?:\s*/\s*(\d+|none))?$", re.IGNORECASE)


def _fields(block: _Block) -> list[tuple[str, str, int]]:
    """Every ``Key: value`` field of every line (fields split at ``|``): key, value, position."""
    out: list[tuple[str, str, int]] = []
    for line in block.lines[1:]:
        for piece, offset in split_outside(line.text, "|"):
            piece, at = _strip(piece, line.start + offset)
            key, colon, value = piece.partition(":")
            if colon:
                value_text, value_at = _strip(value, at + len(key) + 1)
                out.append((key.strip(), value_text, value_at))
            elif piece:
                out.append(("", piece, at))
    return out


def read_daggerheart(block: _Block, system: str) -> StatBlock:
    """The SRD adversary: ``Difficulty: 14 | Thresholds: 8/15 | HP: 8 | Stress: 3``, ``ATK: …``."""
    name = block.name()
    stats: dict[str, int] = {"armor": 0}
    unset: dict[str, None] = {}
    attacks: list[tuple[str, str]] = []
    fields = _fields(block)
    found: set[str] = set()
    for index, (printed, value, at) in enumerate(fields):
        key = printed.lower()
        if key in ("hp", "stress"):
            stats[key] = _whole(value, at, block, key.upper())
        elif key == "thresholds":
            _thresholds(value, at, block, stats, unset)
        elif key == "atk":
            _int(value, at, block, "ATK")
            attacks.append(_dh_attack(fields[index + 1:index + 3], at, block))
        else:
            continue
        found.add(key)
    for needed, printed in (("hp", "HP"), ("thresholds", "Thresholds")):
        if needed not in found:
            raise block.error(f"no {printed} field (Difficulty: 14 | Thresholds: 8/15 | HP: 8 | Stress: 3)", 0)
    return StatBlock(name, stats, "", ("living",), 0, tuple(attacks), unset)


def _whole(value: str, at: int, block: _Block, what: str) -> int:
    if not value.isdigit():
        raise block.error(f"{what} should be a whole number, not {value!r}", at)
    return int(value)


def _thresholds(value: str, at: int, block: _Block, stats: dict[str, int], unset: dict[str, None]) -> None:
    """``8/15``; ``None`` (any damage marks 1 HP) or ``4/None`` (nothing reaches Severe).

    RULES §8 Decision: a missing threshold is stored as None; the creature is built with a
    placeholder so that new_creature's checks pass, then the placeholder is unset.
    """
    match = _THRESHOLD.match(value)
    if not match:
        raise block.error(f"thresholds look like 8/15, 4/None or None, not {value!r}", at)
    major, severe = match.group(1).lower(), (match.group(2) or "none").lower()
    if major == "none" and severe != "none":
        raise block.error("a Severe threshold without a Major one", at)
    stats["major"] = 0 if major == "none" else int(major)
    stats["severe"] = stats["major"] if severe == "none" else int(severe)
    if stats["severe"] < stats["major"]:
        raise block.error(f"the Severe threshold is below the Major one in {value!r}", at)
    if major == "none":
        unset["major"] = None
    if severe == "none":
        unset["severe"] = None


def _dh_attack(after: list[tuple[str, str, int]], at: int, block: _Block) -> tuple[str, str]:
    """The two fields after ``ATK: +3``: ``Claws: Very Close`` and ``1d12+2 phy``."""
    usage = "an attack reads ATK: +3 | Claws: Very Close | 1d12+2 phy"
    if len(after) < 2 or not after[0][0]:
        raise block.error(usage, at)
    label = after[0][0]
    _, damage, where = after[1]
    match = _DH_DAMAGE.match(damage)
    if not match or match.group(2).lower() not in _DH_TYPES:
        raise block.error(f"{usage}, not {damage!r}", where)
    try:
        amount = parse_dice(match.group(1))
    except ParseError as exc:
        raise block.error(exc.message, where + exc.position) from None
    return label, f"{amount} {_DH_TYPES[match.group(2).lower()]}"


# --------------------------------------------------------------------------- d20 3.0

_ENERGY = r"(?:acid|cold|electricity|fire|sonic)"
_ENERGY_LIST = rf"{_ENERGY}(?:\s*,\s*(?:and\s+)?{_ENERGY}|\s+and\s+{_ENERGY})*"
_DR = re.compile(r"\b(?:damage reduction|dr)\s+(\d+)\s*/\s*(\+\d+|[-—]|cold[ -]iron|[a-z-]+)", re.IGNORECASE)
_RESIST = re.compile(rf"\b({_ENERGY_LIST})\s+resistance\s+(\d+)|\bresistance to\s+({_ENERGY_LIST})\s+(\d+)",
                     re.IGNORECASE)
_IMMUNE = re.compile(rf"\b({_ENERGY_LIST}|poison)\s+immunity|\bimmun(?:e|ity) to\s+({_ENERGY_LIST}|poison)",
                     re.IGNORECASE)
_DIE = re.compile(r"\d*d\d+(?:\s*[+-]\s*\d+)?(?![\w])", re.IGNORECASE)
_CRIT = re.compile(r"/\s*(?:\d+\s*-\s*20|[x×]\s*\d)")
_AND = re.compile(r"\s+plus\s+|\s+and\s+|\s*\+\s*(?=\d*d\d)", re.IGNORECASE)


def read_d20(block: _Block, system: str) -> StatBlock:
    """The 3.0 SRD layout: ``Hit Dice: 2d8+4 (13 hp)``, ``Initiative: +4 (…)``, ``Damage:``,
    ``Special Qualities:`` with damage reduction and energy resistance."""
    name = block.name()
    stats: dict[str, int] = {}
    defenses = _Defenses(block, system)
    traits: list[str] = []
    init_mod = 0
    attacks: list[tuple[str, str]] = []
    for line in block.lines[1:]:
        printed, colon, value = line.text.replace("|", " ").partition(":")  # Markdown tables too
        key = printed.strip().lower()
        if not stats and (not colon or key in ("size/type", "type")):  # the type line, before Hit Dice
            traits += [k for k in kinds_in(value if colon else line.text) if k not in traits]
        if not colon:
            continue
        value_text, at = _strip(value, line.start + len(printed) + 1)
        if key == "hit dice":
            hp = re.search(r"\(\s*(\d+)\s*hp\s*\)", value_text, re.IGNORECASE)
            if not hp:
                raise block.error("Hit Dice should end with the hit points: 2d8+4 (13 hp)", at)
            stats["hp"] = int(hp.group(1))
        elif key == "initiative":
            init_mod = _int(value_text, at, block, "Initiative")
        elif key == "damage":
            attacks += _d20_damage(value_text, at, block, system)
        elif key == "special qualities":
            _d20_qualities(value_text, at, defenses)
    if "hp" not in stats:
        raise block.error("no Hit Dice line (Hit Dice: 2d8+4 (13 hp)): is this a stat block?", 0)
    return StatBlock(name, stats, defenses.line, tuple(traits) or ("living",), init_mod, tuple(attacks))


def _d20_damage(value: str, at: int, block: _Block, system: str) -> list[tuple[str, str]]:
    """``Bite 1d6+1 and paralysis, 2 claws 1d3`` → (Bite, 1d6+1), (2 claws, 1d3)."""
    attacks: list[tuple[str, str]] = []
    for item, offset in split_outside(value, ",;"):
        item, where = _strip(item, at + offset)
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
            damage = _damage_parts(item[die.start():], where + die.start(), system, block, _AND)
        except ParseError:
            continue  # 3.0 types are optional: dice with other words are ability damage (1d6 Strength)
        attacks.append((label, damage))
    return attacks


def _d20_qualities(value: str, at: int, defenses: _Defenses) -> None:
    """Damage reduction, energy resistance and energy immunity among the Special Qualities."""
    for match in _DR.finditer(value):
        bypass = match.group(2).lower().replace(" ", "-")
        # RULES §4: /+N and /magic are bypassed by a magical part.
        if bypass.startswith("+") or bypass == "magic":
            bypass = "magical"
        defenses.add_entry(f"damage reduction {match.group(1)}/{bypass}", at + match.start(),
                           match.group(2) == bypass)
    for match in _RESIST.finditer(value):
        energies, amount = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        for energy in re.findall(_ENERGY, energies, re.IGNORECASE):
            defenses.add_entry(f"resistances {energy.lower()} {amount}", at + match.start())
    for match in _IMMUNE.finditer(value):
        for energy in re.findall(rf"{_ENERGY}|poison", match.group(1) or match.group(2), re.IGNORECASE):
            defenses.add_entry(f"immunities {energy.lower()}", at + match.start())


# --------------------------------------------------------------------------- dispatch

READERS: dict[str, Callable[[_Block, str], StatBlock]] = {
    "pf2e": read_pf2, "sf2e": read_pf2, "vitality-wounds": read_pf2,
    "daggerheart": read_daggerheart, "d20-3e": read_d20,
}


def read_statblock(text: str, system: str) -> StatBlock:
    """Read a stat block printed for ``system``; ParseError with a position in ``text``."""
    reader = READERS.get(system)
    if reader is None:
        raise ValueError(f"no stat-block layout for {system!r}; known: {', '.join(READERS)}")
    if system in ("pf2e", "sf2e", "vitality-wounds") and isinstance(text, str):
        from core.statblock_ja import is_japanese_layout, read_japanese  # issue 21

        if is_japanese_layout(text):
            return cast(StatBlock, read_japanese(text, lambda t: reader(_Block(t), system)))
    return reader(_Block(text), system)


__all__ = ["StatBlock", "read_statblock", "split_outside", "kinds_in", "READERS", "MAX_STATBLOCK"]
