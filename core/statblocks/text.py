"""A pasted stat block as text: cleaned one character for one, split into lines, errors placed in it.

What a paste brings (tabs, no-break spaces, Markdown emphasis, CR line ends, lines a PDF
wrapped) is cleaned here so that every position still points into the text as pasted; the
:class:`StatBlock` every reader returns, the lines that look like statistics but were not
read, and the words of the lines read that nothing acted on (:class:`Spans`, RULES §10) are
here too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from core.creature.model import Attack
from core.creature.schema import MAX_STATBLOCK
from core.text.errors import ParseError
from core.text.i18n import ntr, tr

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
    role: str = ""                      # Daggerheart adversary type (``Tier 1 Standard``)
    cr: str = ""                        # d20 Challenge Rating as printed (``1/2``)
    not_read: tuple[NotRead, ...] = ()  # words of the lines read that nothing acted on (RULES §10)
    lines_read: tuple[int, ...] = ()    # where each line it read starts: its words are accounted for

    def unread_note(self) -> str:
        """The lines that look like statistics but were not read, said to the GM; "" for none."""
        if not self.unread:
            return ""
        return ntr("{count} line looks like a statistic but was not read: {lines}",
                   "{count} lines look like statistics but were not read: {lines}",
                   len(self.unread), lines=" / ".join(self.unread))


class NotRead(NamedTuple):
    """Words of a line a reader recognised that nothing acted on, as pasted, and where."""

    text: str
    position: int


class Spans:
    """What a reader did with the lines it recognised: the spans of the pasted text that acted
    (a number, a defense, an attack), and spans inside them it left out (``plus Grab``).
    Every other word of those lines is not read (RULES §10: never dropped in silence)."""

    def __init__(self) -> None:
        self.lines: dict[int, Line] = {}
        self.used: list[tuple[int, int]] = []
        self.unused: list[tuple[int, int]] = []

    def line(self, line: Line) -> None:
        """A line the reader recognises: each of its words is accounted for."""
        self.lines[line.start] = line

    def use(self, start: int, end: int) -> None:
        """``start:end`` of the pasted text acted."""
        self.used.append((start, end))

    def leave(self, start: int, end: int) -> None:
        """``start:end`` was not read, though inside a span that acted."""
        self.unused.append((start, end))

    def starts(self) -> tuple[int, ...]:
        """Where each line read starts in the pasted text, in order."""
        return tuple(sorted(self.lines))

    def not_read(self, block: Block) -> tuple[NotRead, ...]:
        """The words of the recognised lines outside every used span, or inside a span left
        out; words next to each other (spaces between) make one phrase."""
        return words_not_read(block.original, self.lines.values(), self.used, self.unused)


_TOKEN = re.compile(r"[^\s,;|、；]+")
# grammar between two things read (``fist +7, Damage 1d6 plus Grab``): a phrase never starts
# or ends with it, and alone it is no word
_GRAMMAR = frozenset({"and", "or", "plus", "&"})


def words_not_read(text: str, lines: Iterable[Line], used: list[tuple[int, int]],
                   unused: list[tuple[int, int]]) -> tuple[NotRead, ...]:
    """The phrases of ``lines`` (positions in ``text``) that no ``used`` span covers or that an
    ``unused`` span touches. Linear in the text and the spans (a difference array each)."""
    used_at, unused_at = _coverage(len(text), used), _coverage(len(text), unused)
    out: list[NotRead] = []
    for line in sorted(lines, key=lambda ln: ln.start):
        phrase: list[tuple[int, int]] = []
        for match in _TOKEN.finditer(line.text):
            start, end = line.start + match.start(), line.start + match.end()
            if not any(ch.isalnum() for ch in match.group()):
                continue        # an action glyph, a dash: layout, not a word
            if any(used_at[start:end]) and not any(unused_at[start:end]):
                out += _phrase(text, phrase)
                phrase = []
            elif phrase and text[phrase[-1][1]:start].strip():
                out += _phrase(text, phrase)
                phrase = [(start, end)]
            else:
                phrase.append((start, end))
        out += _phrase(text, phrase)
    return tuple(out)


def _coverage(length: int, spans: list[tuple[int, int]]) -> list[int]:
    """How many spans cover each character of a text of ``length``."""
    delta = [0] * (length + 1)
    for start, end in spans:
        start, end = max(0, min(start, length)), max(0, min(end, length))
        if start < end:
            delta[start] += 1
            delta[end] -= 1
    count, out = 0, []
    for step in delta[:length]:
        count += step
        out.append(count)
    return out


def _phrase(text: str, words: list[tuple[int, int]]) -> list[NotRead]:
    """One phrase from its words, grammar words at its ends dropped; [] when none is left."""
    while words and text[words[0][0]:words[0][1]].lower() in _GRAMMAR:
        words = words[1:]
    while words and text[words[-1][0]:words[-1][1]].lower() in _GRAMMAR:
        words = words[:-1]
    if not words:
        return []
    start, end = words[0][0], words[-1][1]
    shown = text[start:end]
    if shown.startswith("(") and ")" not in shown:      # "(entangle": the note, not its bracket
        start += 1
    if shown.endswith(")") and "(" not in shown:
        end -= 1
    return [NotRead(text[start:end], start)]


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the cleaned text and where it starts in the pasted text."""

    text: str
    start: int


class BlockError(ParseError):
    """A ParseError in a pasted stat block: its message names the line, ``detail`` says the rest."""

    def __init__(self, detail: str, line: int, position: int, text: str) -> None:
        super().__init__(tr("line {line}: {message}", line=line, message=detail), position, text)
        self.detail = detail
        self.line = line


class Block:
    """The pasted text, cleaned one character for one, split into lines."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise ParseError(tr("a stat block is text"), 0, str(text))
        if len(text) > MAX_STATBLOCK:
            raise ParseError(tr("a stat block longer than {limit} characters", limit=MAX_STATBLOCK),
                             MAX_STATBLOCK, text)
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

    def missing(self, message: str) -> BlockError:
        """A ParseError for a line the block lacks, at the end of what was pasted: half a
        block stops before it (the caret went under the name)."""
        end = len(self.original.rstrip())
        return self.error(tr("{message}: the block stops here (paste the rest)", message=message), end)

    def error(self, message: str, position: int) -> BlockError:
        """A ParseError at ``position`` of the pasted text, its message naming the line."""
        return BlockError(message, self.original.count("\n", 0, position) + 1, position, self.original)

    def name(self, drop: re.Pattern[str] | None = None) -> str:
        """The first line, a trailing level (``Creature 3``) dropped, ALL CAPS made Title Case."""
        if not self.lines:
            raise self.error(tr("the stat block is empty: paste it as printed, name first"), 0)
        first = self.lines[0]
        name = " ".join(first.text.replace("|", " ").split())   # a Markdown table's first row too
        name = drop.sub("", name).strip() if drop else name
        if not name:
            raise self.error(tr("the first line should be the creature's name"), first.start)
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


def unread_lines(block: Block, read: set[int]) -> tuple[str, ...]:
    """Lines (by start) that look like a statistic (``AC 17``, ``Saves: Fort +6``) but were not read."""
    return tuple(line.text.strip() for line in block.lines[1:]
                 if line.start not in read and _STAT_LIKE.match(line.text.strip().replace("|", " ").strip()))


# --------------------------------------------------------------------------- shared helpers

_GOES_ON = re.compile(r"(?:[,;]|\bplus|\band|\bor)$", re.IGNORECASE)
# The PF2 layout's HP line and defense headings (read by core.statblocks.pf2): a line of its own.
TRACK = re.compile(r"^(hp|vitality|wounds|hardness)\s+(\S+)", re.IGNORECASE)
# Only the system's own defense layout is read as defenses (RULES §8): an ability line
# "Vulnerable to Disintegrate …" in a pf2e block is not one.
SECTION = re.compile(r"^(immunities|immunity|weaknesses|weakness|resistances|resistance)\b\s*", re.IGNORECASE)


def _continues(line: str, following: str) -> bool:
    """Whether ``following`` is the rest of ``line``, wrapped (see ``Block._joined``)."""
    # a defense line typed in lower case after the HP line is a line of its own, not the HP
    # line wrapped (prose that wraps onto "weakness 2 to good damage" still joins)
    typed_heading = bool(SECTION.match(following)) and bool(TRACK.match(line) or SECTION.match(line))
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


def strip_at(piece: str, at: int) -> tuple[str, int]:
    """``piece`` without surrounding spaces, and the position of what is left."""
    return piece.strip(), at + len(piece) - len(piece.lstrip())

