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
from core.model import Attack
from core.notation import parse_damage, parse_defenses
from core.schema import MAX_MODIFIER, MAX_STATBLOCK, MAX_TRACK, bounds

# The longest stat block read (a full page of a bestiary is a few thousand characters) and
# every number's bounds are core.schema's: what a paste gives, a load accepts (issue 17).

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
    attacks: tuple[Attack, ...] = ()
    unset: dict[str, None] = field(default_factory=dict)   # stats the block says it has none of
    numbers: dict[str, int] = field(default_factory=dict)  # AC, saves… as printed (RULES §8)
    horde: str = ""                     # Daggerheart Horde (X): its damage once half HP is marked
    unread: tuple[str, ...] = ()        # lines that look like statistics but were not read


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

    def missing(self, message: str) -> ParseError:
        """A ParseError for a line the block lacks, at the end of what was pasted: half a
        block stops before it (the caret went under the name, issue 18 item 11)."""
        end = len(self.original.rstrip())
        return self.error(f"{message}: the block stops here (paste the rest)", end)

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
            name = title_case(name)
        return name

    def level(self, pattern: re.Pattern[str]) -> int | None:
        """The level the first line prints after the name (``Creature 3``, ``Creature10``)."""
        match = pattern.search(self.lines[0].text) if self.lines else None
        return int(match.group(1)) if match else None


_SMALL_WORDS = frozenset({"a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"})


def title_case(name: str) -> str:
    """``DEMON OF AVARICE`` → ``Demon of Avarice`` (short words small, but never the first)."""
    words = name.title().split(" ")
    return " ".join(w.lower() if i and w.lower() in _SMALL_WORDS else w for i, w in enumerate(words))


_STAT_LIKE = re.compile(   # a keyword and its number (AC 17), or a keyword that lists numbers
    r"^(?:(?:AC|Armor Class|Fort|Ref|Will|HP|Perception|Difficulty|ATK|Initiative|Hit Dice)\s*:?\s*[+-]?\d"
    r"|(?:Saves|Senses|Melee|Ranged|Attacks?|Full Attack|Damage|Thresholds|Immunities|Weaknesses|"
    r"Resistances|Special Qualities)\b.*\d)", re.IGNORECASE)


def unread_lines(block: _Block, read: set[int]) -> tuple[str, ...]:
    """Lines (by start) that look like a statistic (``AC 17``, ``Saves: Fort +6``) but were not read."""
    return tuple(line.text.strip() for line in block.lines[1:]
                 if line.start not in read and _STAT_LIKE.match(line.text.strip().replace("|", " ").strip()))


# --------------------------------------------------------------------------- shared helpers

_GOES_ON = re.compile(r"(?:[,;]|\bplus|\band|\bor)$", re.IGNORECASE)


def _continues(line: str, following: str) -> bool:
    """Whether ``following`` is the rest of ``line``, wrapped (see ``_Block._joined``)."""
    # a defense line typed in lower case after the HP line is a line of its own, not the HP
    # line wrapped (prose that wraps onto "weakness 2 to good damage" still joins)
    typed_heading = bool(_SECTION.match(following)) and bool(_TRACK.match(line) or _SECTION.match(line))
    starts_lower = following[:1].islower() and not typed_heading
    return (line.count("(") > line.count(")") or bool(_GOES_ON.search(line)) or starts_lower
            or bool(re.match(r"[+-]\d", following))       # "Will" / "+26; +1 status …"
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


def _damage_parts(text: str, at: int, system: str, block: _Block,
                  separators: re.Pattern[str]) -> tuple[str, str]:
    """The parts of printed damage that are damage, in notation, and the words that are not
    (``plus Grab``, ``slowing frost``: the attack's note, RULES §8).

    The first part must read; ParseError at it otherwise.
    """
    kept: list[str] = []
    effects: list[str] = []
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
            effects.append(part.rstrip(" .;"))  # an effect (Grab, drain life, paralysis), not damage
            continue
        kept.append(part)
    return ", ".join(kept), ", ".join(e for e in effects if e)


def _int(text: str, at: int, block: _Block, what: str) -> int:
    """A modifier (``+7``) within core.schema's bounds."""
    match = re.match(r"\s*([+-]?\d+)", text)
    if not match:
        raise block.error(f"{what} should be a number, e.g. {what} +7", at + len(text) - len(text.lstrip()))
    return _bounded(match.group(1), at + match.start(1), block, what, -MAX_MODIFIER, MAX_MODIFIER)


def _bounded(number: str, at: int, block: _Block, what: str, low: int, high: int) -> int:
    """The digits of a number (``+12``) read, or the block's error at them when out of bounds."""
    digits = number.lstrip("+-")
    if len(digits) > len(str(max(abs(low), high))) or not low <= int(number) <= high:
        shown = number if len(number) <= 24 else f"{number[:20]}… ({len(digits)} digits)"
        raise block.error(f"{what} {shown} is out of bounds: {low:,} to {high:,}", at)
    return int(number)


# --------------------------------------------------------------------------- PF2 family

_LEVEL = re.compile(r"\s*\b(?:creature|npc|hazard)\s*([+-]?\d+)\s*$", re.IGNORECASE)
_LEVEL_LINE = re.compile(r"^\s*creature\s*([+-]?\d+)\s*$", re.IGNORECASE)
_TRACK = re.compile(r"^(hp|vitality|wounds|hardness)\s+(\S+)", re.IGNORECASE)
# Only the system's own defense layout is read as defenses (RULES §8): an ability line
# "Vulnerable to Disintegrate …" in a pf2e block is not one.
_SECTION = re.compile(r"^(immunities|immunity|weaknesses|weakness|resistances|resistance)\b\s*", re.IGNORECASE)
_VW_SECTION = re.compile(r"^(immunities|immunity|immune|weaknesses|weakness|resistances|resistance|"
                         r"vulnerabilities|vulnerable|vulnerability)\b\s*", re.IGNORECASE)
_STRIKE = re.compile(r"^(melee|ranged)\b", re.IGNORECASE)
_ACTIONS = re.compile(r"\[[^\]]*\]|[◆◇⬻⬺⬽↺⟳]|\b(?:single|two|three|free)[ -]actions?\b|\breaction\b",
                      re.IGNORECASE)
_PLUS = re.compile(r"\s+plus\s+|\s*,\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)
_PF2_NUMBER = re.compile(r"(?:^|[;,]\s*)(AC|Fort|Ref|Will)\s+([+-]?\d+)", re.IGNORECASE)
_PERCEPTION = re.compile(r"^(?:senses\s+)?perception\s+", re.IGNORECASE)
KINDS = ("undead", "construct")


def kinds_in(line: str) -> list[str]:
    """``undead`` / ``construct`` if ``line`` is a line of traits (``CE Medium Undead Wight``).

    A traits line is a few capitalised words; a sentence that mentions the undead is not.
    """
    words = re.findall(r"[^\W\d_][\w-]*", line)
    if not words or not all(w[0].isupper() for w in words):
        return []
    return [k for k in KINDS if k in (w.lower() for w in words)]


@dataclass
class _Read:
    """What a reader has found so far, and which lines it read (by start)."""

    stats: dict[str, int] = field(default_factory=dict)
    numbers: dict[str, int] = field(default_factory=dict)
    traits: list[str] = field(default_factory=list)
    attacks: list[Attack] = field(default_factory=list)
    init_mod: int = 0
    read: set[int] = field(default_factory=set)


def read_pf2(block: _Block, system: str) -> StatBlock:
    """pf2e / sf2e / vitality-wounds: name and level, traits, Perception, AC and saves, HP line,
    defenses, Strikes."""
    name = block.name(_LEVEL)
    got = _Read()
    level = block.level(_LEVEL)
    if level is None and len(block.lines) > 1 and (alone := _LEVEL_LINE.match(block.lines[1].text)):
        level = int(alone.group(1))   # "LICH" then "CREATURE 12" on a line of its own
    if level is not None:
        got.numbers["level"] = _bounded(str(level), block.lines[0].start, block, "level", -1, MAX_MODIFIER)
    defenses = _Defenses(block, system)
    sections = _VW_SECTION if system == "vitality-wounds" else _SECTION
    seen_stat = False
    for line in block.lines[1:]:
        if not _pf2_line(line, block, system, got, defenses, sections):
            if not seen_stat:  # the traits line(s) come before the statistics
                got.traits += [k for k in kinds_in(line.text) if k not in got.traits]
            continue
        got.read.add(line.start)
        seen_stat = True
    if not got.stats:
        raise block.missing("no HP line (HP 30, or Vitality 20, Wounds 12)")
    return StatBlock(name, got.stats, defenses.line, tuple(got.traits) or ("living",), got.init_mod,
                     tuple(got.attacks), numbers=got.numbers, unread=unread_lines(block, got.read))


def _pf2_line(line: Line, block: _Block, system: str, got: _Read, defenses: _Defenses,
              sections: re.Pattern[str]) -> bool:
    """Read one line of a PF2-family block into ``got``; False if it is not a statistic."""
    perception = _PERCEPTION.match(line.text)
    if perception and (re.match(r"[+-]?\d", line.text[perception.end():]) or
                       not line.text.lower().startswith("senses")):
        got.init_mod = _int(line.text[perception.end():], line.start + perception.end(), block, "Perception")
        got.numbers["perception"] = got.init_mod
    elif re.match(r"^senses\b", line.text, re.IGNORECASE) and (p := re.search(
            r"\bperception\s+([+-]\d+)", line.text, re.IGNORECASE)):
        got.init_mod = got.numbers["perception"] = _int(p.group(1), line.start + p.start(1), block, "Perception")
    elif re.match(r"^AC\s+\d", line.text):
        for match in _PF2_NUMBER.finditer(line.text):
            got.numbers[match.group(1).lower()] = _int(match.group(2), line.start + match.start(2), block,
                                                       match.group(1))
    elif _TRACK.match(line.text) or sections.match(line.text):
        _pf2_track_line(line, block, system, got.stats, defenses, sections)
    elif strike := _STRIKE.match(line.text):
        attack = _pf2_strike(line, strike.end(), block, system)
        if attack:
            got.attacks.append(attack)
    else:
        return False
    return True


def _pf2_track_line(line: Line, block: _Block, system: str, stats: dict[str, int],
                    defenses: _Defenses, sections: re.Pattern[str]) -> None:
    """``HP 30, negative healing; Immunities …; Weaknesses …; Resistances …`` (or one section)."""
    for segment, offset in split_outside(line.text, ";"):
        segment, at = _strip(segment, line.start + offset)
        section = sections.match(segment)
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
                continue
            number = _bounded(value, where + track.start(2), block, track.group(1), 0, MAX_TRACK)
            if number or key != "hp" or system != "vitality-wounds":
                stats[key] = number


def _pf2_strike(line: Line, kind_end: int, block: _Block, system: str) -> Attack | None:
    """``Melee ◆ claw +12 (agile), Damage 1d6+6 slashing plus Grab`` → claw, +12, (agile),
    ``1d6+6 slashing``, note ``Grab``. ``kind_end``: where the line's ``Melee`` or ``Ranged`` ends."""
    text = _ACTIONS.sub(lambda m: " " * len(m.group()), line.text)
    damage = re.search(r"\bdamage\s+", text, re.IGNORECASE)
    if not damage:
        return None  # a Strike with an effect only
    bonus = re.search(r"\s([+-]\d+)", text)
    if bonus and bonus.start() > damage.start():
        bonus = None
    label_end = bonus.start() if bonus else damage.start()
    label = text[kind_end:label_end].strip(" ,") or "Strike"
    traits = _strike_traits(text[label_end:damage.start()])
    if line.text[:kind_end].lower() == "ranged" and "ranged" not in traits:
        traits = ("ranged", *traits)
    notation, note = _damage_parts(text[damage.end():], line.start + damage.end(), system, block, _PLUS)
    number = _int(bonus.group(1), line.start + bonus.start(1), block, "attack bonus") if bonus else None
    return Attack(label, notation, number, traits, note)


def _strike_traits(text: str) -> tuple[str, ...]:
    """The traits in a Strike's parentheses: ``+8 (agile, finesse),`` → (agile, finesse)."""
    inner = re.search(r"\(([^()]*)\)", text)
    if not inner:
        return ()
    return tuple(t.strip().lower() for t, _ in split_outside(inner.group(1), ",") if t.strip())


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


_TIER = re.compile(r"^tier\s+(\d+)\b", re.IGNORECASE)
_MINION = re.compile(r"^minion\s*\((\d+)\)", re.IGNORECASE)
_HORDE = re.compile(r"^horde\s*\((\d*d\d+(?:\s*[+-]\s*\d+)?)\)", re.IGNORECASE)
# RULES §8: a passive feature saying "The Skull is resistant to magic damage" (not "While …")
_DH_DEFENSE = re.compile(r"^(?:[\w' ]+?\s)?(?:is\s+|has\s+)?(resistant|resistance|immune)\s+to\s+"
                         r"(physical|magic)\s+damage\.?$", re.IGNORECASE)


def read_daggerheart(block: _Block, system: str) -> StatBlock:
    """The SRD adversary: ``Tier 1 Solo``, ``Difficulty: 14 | Thresholds: 8/15 | HP: 8 |
    Stress: 3``, ``ATK: +3 | Claws: Very Close | 1d12+2 phy``, Minion (X) and Horde (X)."""
    name = block.name()
    stats: dict[str, int] = {"armor": 0}
    unset: dict[str, None] = {}
    got = _Read()
    fields = _fields(block)
    found: set[str] = set()
    for index, (printed, value, at) in enumerate(fields):
        key = printed.lower()
        if key in ("hp", "stress"):
            stats[key] = _whole(value, at, block, key.upper(), bounds(system, f"max_{key}")[1]
                                if key == "hp" else bounds(system, key)[1])
        elif key == "thresholds":
            _thresholds(value, at, block, stats, unset)
        elif key in ("difficulty", "atk"):
            got.numbers["difficulty" if key == "difficulty" else "attack"] = _int(value, at, block, printed)
            if key == "atk":
                got.attacks += _dh_attack(fields[index + 1:index + 3], at, block, got.numbers["attack"])
        elif tier := _TIER.match(value if not key else ""):
            got.numbers.setdefault("tier", _bounded(tier.group(1), at + tier.start(1), block, "Tier", 1, 99))
        else:
            continue
        found.add(key)
        got.read.add(_line_of(block, at))
    for needed, printed in (("hp", "HP"), ("thresholds", "Thresholds")):
        if needed not in found:
            raise block.missing(f"no {printed} field (Difficulty: 14 | Thresholds: 8/15 | HP: 8 | Stress: 3)")
    horde, defenses = _dh_features(fields, block, got, system)
    return StatBlock(name, stats, defenses, ("living",), 0, tuple(got.attacks), unset, got.numbers,
                     horde, unread_lines(block, got.read))


def _line_of(block: _Block, at: int) -> int:
    """The start of the line holding position ``at``."""
    return max((line.start for line in block.lines if line.start <= at), default=0)


def _dh_features(fields: list[tuple[str, str, int]], block: _Block, got: _Read,
                 system: str) -> tuple[str, str]:
    """Minion (X) into ``got.numbers``; Horde (X)'s damage and the defenses a passive feature
    gives (``The Skull is resistant to magic damage``)."""
    horde, defenses = "", []
    damage_type = got.attacks[0].damage.split()[-1] if got.attacks else "physical"
    for printed, value, at in fields:
        feature = printed.strip()
        if minion := _MINION.match(feature):
            got.numbers["minion"] = _bounded(minion.group(1), at, block, "Minion", 1, MAX_TRACK)
        elif horde_dice := _HORDE.match(feature):
            horde = f"{parse_dice(horde_dice.group(1))} {damage_type.split('/')[0]}"
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


def _whole(value: str, at: int, block: _Block, what: str, high: int = MAX_TRACK) -> int:
    if not value.isdigit():
        raise block.error(f"{what} should be a whole number, not {value!r}", at)
    return _bounded(value, at, block, what, 0, high)


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
    stats["major"] = 0 if major == "none" else \
        _bounded(major, at + match.start(1), block, "Major", 0, MAX_TRACK)
    stats["severe"] = stats["major"] if severe == "none" else \
        _bounded(severe, at + match.start(2), block, "Severe", 0, MAX_TRACK)
    if stats["severe"] < stats["major"]:
        raise block.error(f"the Severe threshold is below the Major one in {value!r}", at)
    if major == "none":
        unset["major"] = None
    if severe == "none":
        unset["severe"] = None


def _dh_attack(after: list[tuple[str, str, int]], at: int, block: _Block, bonus: int) -> list[Attack]:
    """The two fields after ``ATK: +3``: ``Claws: Very Close`` and ``1d12+2 phy`` (``phy/mag``:
    one attack of each type, RULES §8)."""
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
    kinds = _DH_TYPES[match.group(2).lower()].split("/")
    if len(kinds) == 1:
        return [Attack(label, f"{amount} {kinds[0]}", bonus)]
    return [Attack(f"{label} ({kind})", f"{amount} {kind}", bonus) for kind in kinds]


# --------------------------------------------------------------------------- d20 3.0

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
_CRIT = re.compile(r"/\s*(?:\d+\s*-\s*20|[x×]\s*\d)")
_AND = re.compile(r"\s+plus\s+|\s+and\s+|\s*\+\s*(?=\d*d\d)", re.IGNORECASE)
# 3.0 "Attacks: Huge greatclub +8 melee"; 3.5 "Attack: Claw +6 melee (1d4+2)" (RULES §8)
_D20_ATTACK = re.compile(r"(?P<label>[^,;()]+?)\s+(?P<bonus>[+-]\d+)(?:/[+-]\d+)*\s+(?P<kind>melee|ranged)"
                         r"(?:\s+touch)?(?:\s*\((?P<damage>[^()]*)\))?", re.IGNORECASE)
_D20_SAVE = re.compile(r"\b(Fort|Ref|Will)\s+([+-]?\d+)", re.IGNORECASE)


def read_d20(block: _Block, system: str) -> StatBlock:
    """The SRD layouts: ``Hit Dice: 2d8+4 (13 hp)``, ``Initiative: +4 (…)``, ``Armor Class:``,
    ``Saves:``, ``Attacks:`` and ``Damage:`` (3.0) or ``Attack:`` / ``Full Attack:`` (3.5),
    ``Special Qualities:`` with damage reduction and energy resistance."""
    name = block.name()
    got = _Read()
    defenses = _Defenses(block, system)
    rolls: dict[str, list[Attack]] = {}
    damage: list[Attack] = []
    for line in block.lines[1:]:
        printed, colon, value = line.text.replace("|", " ").partition(":")  # Markdown tables too
        key = printed.strip().lower()
        if not got.stats and (not colon or key in ("size/type", "type")):  # the type line, before Hit Dice
            got.traits += [k for k in kinds_in(value if colon else line.text) if k not in got.traits]
        if not colon:
            continue
        value_text, at = _strip(value, line.start + len(printed) + 1)
        if key in ("attacks", "attack", "full attack"):
            rolls[key] = _d20_attacks(value_text, at, block, system)
        elif key == "damage":
            damage += _d20_damage(value_text, at, block, system)
        elif not _d20_field(key, value_text, at, block, got, defenses):
            continue
        got.read.add(line.start)
    if "hp" not in got.stats:
        raise block.missing("no Hit Dice line (Hit Dice: 2d8+4 (13 hp))")
    got.attacks = _d20_pair(rolls.get("attacks", []), damage) or rolls.get("full attack") or rolls.get("attack", [])
    return StatBlock(name, got.stats, defenses.line, tuple(got.traits) or ("living",), got.init_mod,
                     tuple(got.attacks), numbers=got.numbers, unread=unread_lines(block, got.read))


def _d20_field(key: str, value: str, at: int, block: _Block, got: _Read, defenses: _Defenses) -> bool:
    """Hit Dice, Initiative, Armor Class, Saves or Special Qualities; False for another field."""
    if key == "hit dice":
        hp = re.search(r"\(\s*(\d+)\s*(?:hp)?\s*\)", value, re.IGNORECASE)
        if not hp:
            raise block.error("Hit Dice should end with the hit points: 2d8+4 (13 hp)", at)
        got.stats["hp"] = _bounded(hp.group(1), at + hp.start(1), block, "HP", 0, MAX_TRACK)
    elif key == "initiative":
        got.init_mod = _int(value, at, block, "Initiative")
    elif key in ("armor class", "ac"):
        got.numbers["ac"] = _int(value, at, block, "Armor Class")
        for word, number in (("touch", "touch"), ("flat-footed", "flat_footed")):
            found = re.search(rf"\b{word}\s+(\d+)", value, re.IGNORECASE)
            if found:
                got.numbers[number] = _int(found.group(1), at + found.start(1), block, word)
    elif key == "saves":
        for save in _D20_SAVE.finditer(value):
            got.numbers[save.group(1).lower()] = _int(save.group(2), at + save.start(2), block, save.group(1))
    elif key == "special qualities":
        _d20_qualities(value, at, defenses)
    else:
        return False
    return True


def _d20_attacks(value: str, at: int, block: _Block, system: str) -> list[Attack]:
    """``Greatclub +8 melee (2d8+7) or javelin +1 ranged (1d8+5)``: label, bonus, damage if printed."""
    attacks: list[Attack] = []
    for match in _D20_ATTACK.finditer(value):
        label = re.sub(r"^(?:or|and)\s+", "", match.group("label").strip(), flags=re.IGNORECASE)
        traits = ("ranged",) if match.group("kind").lower() == "ranged" else ()
        damage, note = "", ""
        if match.group("damage"):
            found = _d20_damage(f"{label} {match.group('damage')}", at + match.start("damage"), block, system)
            if found:
                damage, note = found[0].damage, found[0].note
        bonus = _int(match.group("bonus"), at + match.start("bonus"), block, "attack bonus")
        attacks.append(Attack(label, damage, bonus, traits, note))
    if any(a.damage for a in attacks):
        attacks = [a for a in attacks if a.damage]
    return list(dict.fromkeys(attacks))   # a Full Attack's routines repeat the bite


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
        out.append(attack._replace(bonus=named[0].bonus, traits=named[0].traits) if named else attack)
    return out


def _d20_damage(value: str, at: int, block: _Block, system: str) -> list[Attack]:
    """``Bite 1d6+1 and paralysis, 2 claws 1d3`` → (Bite, 1d6+1), (2 claws, 1d3)."""
    attacks: list[Attack] = []
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
            damage, note = _damage_parts(item[die.start():], where + die.start(), system, block, _AND)
        except ParseError:
            continue  # 3.0 types are optional: dice with other words are ability damage (1d6 Strength)
        attacks.append(Attack(label, damage, None, (), note))
    return attacks


def _d20_qualities(value: str, at: int, defenses: _Defenses) -> None:
    """Damage reduction, energy resistance and energy immunity among the Special Qualities."""
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
