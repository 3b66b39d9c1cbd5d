"""What every stat-block reader reads the same way: bounded numbers, defenses, printed damage, kinds.

A defense section is checked by the notation's parser where the block printed it, printed
damage is split into the parts that read as damage and the words that are the attack's note
(``plus Grab``), and a number beyond core.creature.schema's bounds is an error at its digits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.creature.model import Attack
from core.creature.schema import MAX_MODIFIER
from core.notation import parse_damage, parse_defenses
from core.statblocks.text import Block, Spans, split_outside, strip_at
from core.text.errors import ParseError
from core.text.i18n import tr

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


class DefenseSections:
    """A defense line built section by section, each checked where the stat block printed it."""

    def __init__(self, block: Block, system: str, spans: Spans | None = None) -> None:
        self.block, self.system = block, system
        self.sections: list[str] = []
        self.spans = spans or Spans()

    def add(self, keyword: str, items: list[tuple[str, int]]) -> None:
        """A section ``keyword item, item`` from printed items and their positions."""
        entries: list[str] = []
        notes: list[str] = []
        for printed, at in items:
            printed, at = strip_at(printed, at)
            if not printed:
                continue
            entry, extra = _defense_item(printed)
            self._leave_parentheses(printed, at)
            self.check(f"{keyword} {entry}", at, len(keyword) + 1 if entry == printed else None)
            entries.append(entry)
            for note in extra:
                self.check(note, at)
                notes.append(note)
        if not entries and not notes:
            raise self.block.error(tr("nothing after {keyword!r}", keyword=keyword), items[0][1] if items else 0)
        if entries:
            self.sections.append(f"{keyword} {', '.join(entries)}")
        self.sections += notes

    def _leave_parentheses(self, printed: str, at: int) -> None:
        """The clauses of an entry's parentheses that ``_defense_item`` leaves out of the line
        (neither ``except …`` nor ``double …``: ``(see text)``) are not read."""
        open_at, close_at = printed.find("("), printed.rfind(")")
        if open_at < 0 or close_at < open_at:
            return
        inner = printed[open_at + 1:close_at]
        clauses = list(split_outside(inner, ";"))
        kept = [c for c, _ in clauses if _EXCEPT.match(c.strip()) or c.strip().lower().startswith("double")]
        if not kept:
            self.spans.leave(at + open_at, at + close_at + 1)
            return
        for clause, offset in clauses:
            if clause not in kept:
                self.spans.leave(at + open_at + 1 + offset, at + open_at + 1 + offset + len(clause))

    def add_entry(self, text: str, at: int, as_printed: bool = False) -> None:
        """One whole entry in notation (``damage reduction 15/magical``)."""
        self.check(text, at, 0 if as_printed else None)
        self.sections.append(text)

    def check(self, text: str, at: int, lead: int | None = None) -> None:
        """ParseError at the printed entry if the notation parser refuses it: at its word when
        ``text`` is the entry as printed after ``lead`` characters, else at the entry's start."""
        try:
            parse_defenses(text, self.system)
        except ParseError as exc:
            where = at if lead is None else at + max(0, exc.position - lead)
            raise self.block.error(exc.message, where) from None

    @property
    def line(self) -> str:
        """The whole defense line."""
        return "; ".join(self.sections)


_PARENS = re.compile(r"\([^()]*\)")


def damage_parts(text: str, at: int, system: str, block: Block,
                  separators: re.Pattern[str], spans: Spans | None = None) -> tuple[str, str]:
    """The parts of printed damage that are damage, in notation, and the words that are not
    (``plus Grab``, ``slowing frost``: the attack's note, RULES §8). ``spans``, if given, is
    told what was left out: the note's words and a parenthesis (``(or 2d8+10 two-handed)``).

    The first part must read; ParseError at it otherwise.
    """
    if spans is not None:
        for paren in _PARENS.finditer(text):
            spans.leave(at + paren.start(), at + paren.end())
    kept: list[str] = []
    effects: list[str] = []
    start = 0
    text = _PARENS.sub(lambda m: " " * len(m.group()), text)   # (deadly d10), (or 2d8+10)
    pieces = [(m.start(), m.end()) for m in separators.finditer(text)] + [(len(text), len(text))]
    for index, (end, after) in enumerate(pieces):
        part, where = strip_at(text[start:end], at + start)
        start = after
        if not part:
            continue
        try:
            parse_damage(part, system)
        except ParseError as exc:
            if index == 0:
                raise block.error(exc.message, where + exc.position) from None
            effects.append(part.rstrip(" .;"))  # an effect (Grab, drain life, paralysis), not damage
            if spans is not None:
                spans.leave(where, where + len(part))
            continue
        kept.append(part)
    return ", ".join(kept), ", ".join(e for e in effects if e)


def modifier(text: str, at: int, block: Block, what: str) -> int:
    """A modifier (``+7``) within core.creature.schema's bounds."""
    match = re.match(r"\s*([+-]?\d+)", text)
    if not match:
        raise block.error(tr("{what} should be a number, e.g. {what} +7", what=what),
                          at + len(text) - len(text.lstrip()))
    return bounded(match.group(1), at + match.start(1), block, what, -MAX_MODIFIER, MAX_MODIFIER)


def bounded(number: str, at: int, block: Block, what: str, low: int, high: int) -> int:
    """The digits of a number (``+12``) read, or the block's error at them when out of bounds."""
    digits = number.lstrip("+-")
    if len(digits) > len(str(max(abs(low), high))) or not low <= int(number) <= high:
        shown = number if len(number) <= 24 else tr("{start}… ({count} digits)", start=number[:20],
                                                     count=len(digits))
        raise block.error(tr("{what} {number} is out of bounds: {low:,} to {high:,}", what=what,
                             number=shown, low=low, high=high), at)
    return int(number)


KINDS = ("undead", "construct")


def is_traits_line(line: str) -> bool:
    """Whether ``line`` is a line of traits (``CE Medium Undead Wight``, ``NE 中型 Undead ゾンビ``):
    words none of which starts in lower case; a sentence that mentions the undead is not."""
    words = re.findall(r"[^\W\d_][\w-]*", line)
    return bool(words) and not any(w[0].islower() for w in words) and "。" not in line


def kinds_in(line: str) -> list[str]:
    """``undead`` / ``construct`` if ``line`` is a line of traits (``CE Medium Undead Wight``)."""
    if not is_traits_line(line):
        return []
    words = [w.lower() for w in re.findall(r"[^\W\d_][\w-]*", line)]
    return [k for k in KINDS if k in words]


@dataclass
class Reading:
    """What a reader has found so far, and which lines it read (by start)."""

    stats: dict[str, int] = field(default_factory=dict)
    numbers: dict[str, int] = field(default_factory=dict)
    traits: list[str] = field(default_factory=list)
    attacks: list[Attack] = field(default_factory=list)
    init_mod: int = 0
    read: set[int] = field(default_factory=set)
    rank: str = ""      # d20 Challenge Rating as printed
    spans: Spans = field(default_factory=Spans)     # what acted on the lines read (RULES §10)

