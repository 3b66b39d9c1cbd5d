"""Damage and defense notation: text a GM types or a stat block prints, parsed into values.

Damage: ``2d8+4 slashing silver magical, 1d6 fire, 1d6 persistent bleed, 1d10 piercing on-crit``.
Defenses: ``immunities poison, critical hits; weaknesses fire 5; resistances physical 10 (except silver)``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache

from core.dice import MAX_LENGTH, DiceExpr
from core.dice import parse as parse_dice
from core.errors import ParseError
from core.i18n import language
from core.notation_ja import (
    damage_label,
    defense_line,
    defense_text,
    normalise,
    typed_position,
)
from core.vocabulary import Vocabulary, vocabulary

# --------------------------------------------------------------------------- damage


@dataclass(frozen=True, slots=True)
class DamagePart:
    """One part of a damage roll: an amount, a type and the traits it carries."""

    amount: DiceExpr | None
    type: str | None
    persistent: bool = False
    traits: frozenset[str] = frozenset()
    on_crit: bool = False
    source: str | None = None       # a bare source word (``water``) with no amount
    text: str = ""
    shown: str = ""                 # the label in the system's words, computed once at parse time
    effects: frozenset[str] = frozenset()   # effect traits (``death``, ``poison``; RULES §1)
    implied_persistent: bool = False        # ``1d6 bleed`` where bleed is always persistent

    @property
    def label(self) -> str:
        """The part as a GM reads it: ``2d6 fire``."""
        if language() == "ja":
            return self.japanese_label()
        return self.shown or self.make_label()

    def japanese_label(self) -> str:
        """The part in the seed's words (issue 21): ``2d6+3［斬撃］``."""
        words = [*(self.source or "").split(), *sorted(self.traits), *sorted(self.effects)]
        return damage_label(self.amount, self.persistent, self.type,
                            [*words, "on-crit"] if self.on_crit else words)

    def make_label(self, vocab: Vocabulary | None = None) -> str:
        """Build the label from the fields, each trait in ``vocab``'s own word (``subdual``)."""
        words = [str(self.amount)] if self.amount is not None else []
        if self.persistent:
            words.append("persistent")
        if self.type:
            words.append(self.type)
        if self.source:
            words.append(self.source)
        words.extend(vocab.word(t) if vocab else t for t in sorted(self.traits))
        words.extend(sorted(self.effects))
        if self.on_crit:
            words.append("on-crit")
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class Damage:
    """A parsed damage notation: its parts in the order written."""

    parts: tuple[DamagePart, ...]
    text: str
    nonlethal: bool = False     # every part with an amount is nonlethal (``1d3 subdual``)

    def __str__(self) -> str:
        return ", ".join(p.label for p in self.parts)


_SPLIT = re.compile(r",|\bplus\b", re.IGNORECASE)
_AMOUNT = re.compile(
    r"\s*[+-]?\s*(?:\d*[dD]\d+|\d+)(?:\s*[+-]\s*(?:\d*[dD]\d+|\d+)(?![A-Za-z]))*"
    r"(?:\s*=\s*[+-]?\s*\d+)?"     # rolled at the table: 2d4=7 (RULES §1)
)
_BRACKET = re.compile(r"(［[^］]*］)")
_WORD = re.compile(r"\S+")


def _tokens(text: str, offset: int) -> list[tuple[str, int]]:
    """Whitespace-separated words with their positions; full-width ［…］ split out."""
    spaced = _BRACKET.sub(lambda m: " " * 0 + m.group(1), text)
    out: list[tuple[str, int]] = []
    for m in _WORD.finditer(spaced):
        word, start = m.group(), m.start()
        for piece in _BRACKET.split(word):
            if piece:
                out.append((piece, offset + start))
                start += len(piece)
    return out


def _suggest(word: str, vocab: Vocabulary) -> str:
    close = difflib.get_close_matches(word.lower(), vocab.known_words(), n=1, cutoff=0.75)
    return f" — did you mean {close[0]!r}?" if close else ""


def parse_damage(text: str, system: str) -> Damage:
    """Parse damage notation for ``system``; raises ParseError with a position."""
    if not isinstance(text, str):
        raise ParseError("damage must be text", 0, str(text))
    if len(text) > MAX_LENGTH:
        raise ParseError(f"damage longer than {MAX_LENGTH} characters", MAX_LENGTH, text)
    return _parse_damage(normalise(text), system)


@lru_cache(maxsize=4096)
def _parse_damage(text: str, system: str) -> Damage:
    vocab = vocabulary(system)
    if not text.strip():
        raise ParseError("no damage given: type an amount and a type, e.g. 2d6 fire", 0, text)
    parts: list[DamagePart] = []
    pos = 0
    for chunk_match in _chunks(text):
        chunk, start = chunk_match
        parts.append(_parse_part(text, chunk, start, vocab))
        pos = start
    del pos
    amounts = [p for p in parts if p.amount is not None]
    nonlethal = bool(amounts) and all("nonlethal" in p.traits for p in amounts)
    return Damage(tuple(parts), text, nonlethal)


def _chunks(text: str) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    start = 0
    for m in _SPLIT.finditer(text):
        out.append((text[start:m.start()], start))
        start = m.end()
    out.append((text[start:], start))
    for chunk, where in out:
        if not chunk.strip():
            raise ParseError("empty damage part (two commas in a row?)", where, text)
    return out


def _default_type(amount: DiceExpr, vocab: Vocabulary, where: int, full: str) -> str | None:
    """The type of a part written without one: the system's default (Daggerheart: physical),
    none where a type is optional (d20-3e), a ParseError where one is required (PF2 family)."""
    if vocab.default_type:
        return vocab.default_type
    if vocab.type_required:
        raise ParseError(
            f"name a damage type after {str(amount)!r} (e.g. {str(amount)} slashing)", where, full)
    return None


def _parse_part(full: str, chunk: str, start: int, vocab: Vocabulary) -> DamagePart:
    """One damage part (``2d8+4 slashing silver``): amount, markers, type, traits, effects."""
    amount, rest_at = _parse_amount(full, chunk, start)
    tokens = _tokens(chunk[rest_at:], start + rest_at)
    if amount is not None:
        _refuse_weapon_bonus(chunk[:rest_at].strip(), tokens, vocab, full)
    words = _part_words(tokens, amount is None, vocab, full)
    damage_type = _damage_type(words.types, words.effects, vocab, full)
    if amount is None and words.source is None:
        if damage_type is not None and tokens:
            raise ParseError(f"{damage_type!r} needs an amount before it, e.g. '2d6 {damage_type}'",
                             tokens[0][1], full)
        raise ParseError("a damage part needs an amount, e.g. 2d6 fire", start, full)
    if amount is not None and damage_type is None:
        damage_type = _default_type(amount, vocab, start + len(chunk.rstrip()), full)
    persistent = words.persistent
    implied = not persistent and amount is not None and damage_type in vocab.always_persistent
    if persistent and amount is None:
        raise ParseError("persistent damage needs an amount", start, full)
    if (persistent or implied) and amount is not None and amount.rolled is not None:
        # a condition is rolled afresh at every tick: a table total has no meaning there
        raise ParseError(f"persistent damage is rolled at each tick: write {amount.fresh} without "
                         "'=' and the total", start + len(chunk) - len(chunk.lstrip()), full)
    part = DamagePart(amount, damage_type, persistent or implied, frozenset(words.traits),
                      words.on_crit, words.source, chunk.strip(), effects=frozenset(words.effects),
                      implied_persistent=implied)
    return replace(part, shown=part.make_label(vocab))


_BONUS = re.compile(r"\+\d+")


def _refuse_weapon_bonus(amount: str, tokens: list[tuple[str, int]], vocab: Vocabulary,
                         full: str) -> None:
    """``1d8+4 slashing +1``: a weapon's ``+1`` after the type. ParseError saying how to
    write it in the GM's own part: ``magical`` where the system has it (RULES §4: a
    ``magical`` part bypasses DR /magic and /+N), else the bonus in the amount."""
    for word, where in tokens:
        if not _BONUS.fullmatch(word):
            continue
        rest = [w for w, _ in tokens if w != word]
        if vocab.canonical("magical") in vocab.traits:
            magical = [] if any(vocab.canonical(w) == "magical" for w in rest) else ["magical"]
            example = " ".join([amount, *rest, *magical])
            raise ParseError(f"for a {word} weapon write magical, e.g. {example!r}", where, full)
        example = " ".join([amount + word, *rest])
        raise ParseError(f"a bonus goes in the amount, e.g. {example!r}", where, full)


@dataclass
class _PartWords:
    """The words after a part's amount, sorted: markers, type words, traits, effects, a source."""

    persistent: bool = False
    on_crit: bool = False
    source: str | None = None
    traits: set[str] = field(default_factory=set)
    effects: set[str] = field(default_factory=set)
    types: list[tuple[str, int]] = field(default_factory=list)


def _part_words(tokens: list[tuple[str, int]], no_amount: bool, vocab: Vocabulary,
                full: str) -> _PartWords:
    """Sort a part's words (two-word aliases such as "cold iron" read as one); ParseError
    for a word the system does not know. A source (``sneak attack``) only without an amount."""
    out = _PartWords()
    i = 0
    while i < len(tokens):
        word, where = tokens[i]
        if i + 1 < len(tokens):
            pair = vocab.canonical(f"{word} {tokens[i + 1][0]}")
            if pair != f"{word} {tokens[i + 1][0]}".lower():
                word, i = pair, i + 1
        canon = vocab.canonical(word)
        i += 1
        if canon in ("persistent", "persistant"):
            out.persistent = True
        elif canon in ("on-crit", "oncrit"):
            out.on_crit = True
        elif canon in vocab.types:
            out.types.append((canon, where))
        elif canon in vocab.materials or canon in vocab.traits:
            out.traits.add(canon)
        elif canon in vocab.effects:
            out.effects.add(canon)
        elif canon in vocab.sources and no_amount:
            out.source = canon
        elif _AMOUNT.fullmatch(word):
            raise ParseError("put the amount before the type, e.g. '2d6 fire'", where, full)
        else:
            raise ParseError(f"unknown word {word!r} in damage{_suggest(word, vocab)}", where, full)
    return out


def _parse_amount(full: str, chunk: str, start: int) -> tuple[DiceExpr | None, int]:
    """The part's amount (``2d8+4``, ``14``, ``2d4=7``) and where the words after it begin."""
    m = _AMOUNT.match(chunk)
    if m and m.group().strip():
        amount_text = m.group()
        try:
            amount = parse_dice(amount_text.strip())
        except ParseError as exc:
            lead = len(amount_text) - len(amount_text.lstrip())
            raise ParseError(exc.message, start + lead + exc.position, full) from None
        rest_at = m.end()
        if rest_at < len(chunk) and not chunk[rest_at].isspace() and chunk[rest_at] != "［":
            # "2d6fire" or "2dx": the amount runs into a word
            word = chunk[rest_at:].split()[0]
            if chunk[rest_at] in "dD":
                raise ParseError("a die needs a size after 'd' (d4, d6, d8 …)", start + rest_at, full)
            if chunk[rest_at] == "=":
                raise ParseError("after '=' write the total the dice came to, e.g. 2d4=7",
                                 start + rest_at, full)
            raise ParseError(f"put a space between the amount and {word!r}", start + rest_at, full)
        return amount, rest_at
    if chunk.strip()[:1] in ("d", "D") and chunk.strip()[1:2] in ("", " "):
        where = start + chunk.index(chunk.strip()[0])
        raise ParseError("a die needs a size after 'd' (d4, d6, d8 …)", where + 1, full)
    return None, 0


def _damage_type(type_words: list[tuple[str, int]], effects: set[str], vocab: Vocabulary,
                 full: str) -> str | None:
    """The part's one damage type; a type word that is also an effect trait (``poison``,
    ``mental``) next to another type is that effect's trait (``3 fire poison``)."""
    if len(type_words) > 1:
        plain = [t for t in type_words if t[0] not in vocab.effects]
        keep = plain or type_words[:1]
        effects.update(t[0] for t in type_words if t not in keep)
        type_words = keep
    if len(type_words) > 1:
        (first, _), (second, where) = type_words[0], type_words[1]
        raise ParseError(
            f"two damage types ({first}, {second}) in one part: separate parts with a comma",
            where, full)
    return type_words[0][0] if type_words else None


# --------------------------------------------------------------------------- defenses

IMMUNITY, WEAKNESS, RESISTANCE, VULNERABILITY = "immunity", "weakness", "resistance", "vulnerability"
DAMAGE_REDUCTION = "damage reduction"     # d20-3e only, kept among the resistances (RULES §4)
EFFECT = "effect"   # an immunity to an effect trait (kept beside the others while parsing)

_SECTION_WORDS = {
    "immunities": IMMUNITY, "immunity": IMMUNITY, "immune": IMMUNITY, "imm": IMMUNITY,
    "weaknesses": WEAKNESS, "weakness": WEAKNESS, "weak": WEAKNESS,
    "resistances": RESISTANCE, "resistance": RESISTANCE, "resist": RESISTANCE, "res": RESISTANCE,
    "dr": RESISTANCE,
    "vulnerable": VULNERABILITY, "vulnerability": VULNERABILITY, "vulnerabilities": VULNERABILITY,
}
# Special damage selectors written as several words in stat blocks.
_SPECIAL = {
    "critical hits": "critical-hits", "critical-hits": "critical-hits", "crits": "critical-hits",
    "critical hit": "critical-hits",
    "nonlethal attacks": "nonlethal", "nonlethal": "nonlethal", "nonlethal damage": "nonlethal",
    "persistent damage": "persistent", "persistent": "persistent",
    "precision damage": "precision", "all damage": "all", "all": "all", "-": "all",
}
# How the special selectors read in a breakdown.
_SPECIAL_WORDS = {"critical-hits": "critical hits", "nonlethal": "nonlethal attacks",
                  "persistent": "persistent damage"}
_VALUE = re.compile(r"^\d+$")
_FILLER = re.compile(r"to(?:\s+|$)", re.IGNORECASE)
_JOINER = re.compile(r"(?:and|or)\s+(?=\S)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class DefenseEntry:
    """One immunity, weakness, resistance or vulnerability as the stat block wrote it."""

    kind: str
    selector: str
    value: int = 0
    exceptions: frozenset[str] = frozenset()
    non_magical: bool = False
    text: str = ""              # describe(), computed once at parse time

    def describe(self) -> str:
        """Words for the GM: ``resistance physical 10 (except silver)``."""
        if language() == "ja":
            return defense_text(self.kind, self.selector, self.value, self.exceptions)
        return self.text or self.make_text()

    def make_text(self) -> str:
        """Build :meth:`describe`'s words from the fields."""
        words = [self.kind]
        if self.non_magical:
            words.append("non-magical")
        words.append(_SPECIAL_WORDS.get(self.selector, self.selector))
        if self.value:
            words.append(str(self.value))
        text = " ".join(words)
        if self.exceptions:
            text += f" (except {', '.join(sorted(e.replace('+', ' ') for e in self.exceptions))})"
        return text

    def short(self) -> str:
        """Compact words for a table cell: ``weak fire 5``."""
        if self.kind == DAMAGE_REDUCTION:
            return "DR " + self.describe().removeprefix(DAMAGE_REDUCTION + " ")
        kind = {IMMUNITY: "imm", WEAKNESS: "weak", RESISTANCE: "res", VULNERABILITY: "vuln"}[self.kind]
        sel = ("non-magical " if self.non_magical else "") + self.selector
        value = f" {self.value}" if self.value else ""
        exc = f" (exc. {','.join(sorted(self.exceptions))})" if self.exceptions else ""
        return f"{kind} {sel}{value}{exc}"

    def matches(self, keys: frozenset[str]) -> bool:
        """True when this entry applies to a damage instance with these selector keys."""
        if self.selector not in keys:
            return False
        if self.non_magical and "magical" in keys:
            return False
        return not excepted(self.exceptions, keys)


def excepted(exceptions: frozenset[str], keys: frozenset[str]) -> bool:
    """Whether a part with ``keys`` meets one of the exceptions; ``magical+silver`` (RULES §8:
    ``(except magical silver)``, ``10/silver and magic``) needs every word it joins."""
    return any(e in keys or (("+" in e) and frozenset(e.split("+")) <= keys) for e in exceptions)


@dataclass(frozen=True)
class Defenses:
    """A creature's parsed defense line."""

    immunities: tuple[DefenseEntry, ...] = ()
    weaknesses: tuple[DefenseEntry, ...] = ()
    resistances: tuple[DefenseEntry, ...] = ()
    vulnerabilities: tuple[DefenseEntry, ...] = ()
    effect_immunities: tuple[str, ...] = ()
    unautomated: tuple[str, ...] = ()
    text: str = ""
    immune_to: frozenset[str] = field(default=frozenset())
    # immunities to an effect trait a damage part can carry (``death effects``, ``poison``):
    # selector = the trait; they remove a whole attack with that trait (RULES §2 Step 3.1)
    effect_traits: tuple[DefenseEntry, ...] = ()

    def entries(self) -> tuple[DefenseEntry, ...]:
        """Every automated entry in stat-block order."""
        return self.immunities + self.weaknesses + self.vulnerabilities + self.resistances

    def describe(self) -> list[str]:
        """One line per entry, as understood: for echoing a typed defense line back."""
        lines = [e.describe() for e in self.entries()]
        automated = {e.selector: e for e in self.effect_traits}
        lines += [f"{automated[_trait_name(w)].describe()} (an attack with the {_trait_name(w)} trait "
                  "deals nothing)" if _trait_name(w) in automated else f"immunity {w} (effect, shown only)"
                  for w in self.effect_immunities]
        lines += [f"{w} (not automated)" for w in self.unautomated]
        return lines

    def short(self) -> str:
        """Compact text for a table cell, or an em dash when there are none."""
        parts = [e.short() for e in self.entries()]
        parts += [f"imm {w}" for w in self.effect_immunities]
        return ", ".join(parts) if parts else "—"

    def has_immunity(self, selector: str) -> bool:
        """True when an unconditional immunity names ``selector``."""
        return selector in self.immune_to

    def special_immunity(self, selector: str, parts: Iterable[frozenset[str]]) -> DefenseEntry | None:
        """The immunity to ``selector`` (``critical-hits``, ``nonlethal``, ``precision``,
        ``persistent``) that applies to damage whose parts have these selector keys.

        RULES §2 Step 3.1: ``(except …)`` and ``non-magical`` qualify these immunities too —
        the immunity does not apply if any of the parts carries an excepted word or, for
        ``non-magical``, is ``magical``. Pass one part's keys to decide part by part.
        """
        return _first_applying(self.immunities, frozenset({selector}), parts)

    def effect_immunity(self, effects: frozenset[str],
                        parts: Iterable[frozenset[str]]) -> DefenseEntry | None:
        """The immunity to one of the attack's effect traits that removes it whole, if any."""
        if not effects or not self.effect_traits:
            return None
        return _first_applying(self.effect_traits, effects, parts)


def _first_applying(entries: tuple[DefenseEntry, ...], selectors: frozenset[str],
                    parts: Iterable[frozenset[str]]) -> DefenseEntry | None:
    """The first entry naming one of ``selectors`` that no part's words except (or, for
    ``non-magical``, that no ``magical`` part spares)."""
    keys = tuple(parts)
    for entry in entries:
        if entry.selector in selectors and all(entry.matches(k | {entry.selector}) for k in keys):
            return entry
    return None


_SPECIAL_IMMUNITIES = frozenset({"critical-hits", "nonlethal", "persistent", "precision"})


@dataclass(frozen=True, slots=True)
class Applicable:
    """The defense entries that apply to one kind of damage instance, looked up once."""

    immunity: DefenseEntry | None
    weakness: DefenseEntry | None
    precision_weakness: DefenseEntry | None
    vulnerability: DefenseEntry | None
    resistance: DefenseEntry | None
    precision_resistance: DefenseEntry | None


_APPLICABLE: dict[tuple[int, frozenset[str]], tuple[Defenses, Applicable]] = {}


def applicable(defenses: Defenses, keys: frozenset[str]) -> Applicable:
    """Which entries of ``defenses`` apply to an instance with selector ``keys`` (cached)."""
    cache_key = (id(defenses), keys)
    hit = _APPLICABLE.get(cache_key)
    if hit is not None and hit[0] is defenses:
        return hit[1]

    def best(entries: tuple[DefenseEntry, ...], precision: bool) -> DefenseEntry | None:
        found = None
        for e in entries:
            ok = (e.selector == "precision" and e.matches(keys | {"precision"})) if precision \
                else (e.selector != "precision" and e.matches(keys))
            if ok and (found is None or e.value > found.value):
                found = e
        return found

    result = Applicable(
        immunity=next((e for e in defenses.immunities
                       if e.selector not in _SPECIAL_IMMUNITIES and e.matches(keys)), None),
        weakness=best(defenses.weaknesses, False),
        precision_weakness=best(defenses.weaknesses, True),
        vulnerability=next((e for e in defenses.vulnerabilities if e.matches(keys)), None),
        resistance=best(defenses.resistances, False),
        precision_resistance=best(defenses.resistances, True),
    )
    if len(_APPLICABLE) > 20_000:
        _APPLICABLE.clear()
    _APPLICABLE[cache_key] = (defenses, result)
    return result


def parse_defenses(text: str, system: str) -> Defenses:
    """Parse a stat-block defense line for ``system``; raises ParseError with a position."""
    if not isinstance(text, str):
        raise ParseError("defenses must be text", 0, str(text))
    if len(text) > MAX_LENGTH * 4:
        raise ParseError("defense line too long", MAX_LENGTH * 4, text)
    return _read_defenses(text, system)


def _read_defenses(typed: str, system: str) -> Defenses:
    """The line rewritten from the wiki's layout (issue 21) and parsed; an error placed in
    the line as typed."""
    rewritten = defense_line(typed)
    try:
        return _parse_defenses(rewritten, system)
    except ParseError as error:
        if rewritten == typed:
            raise
        raise ParseError(error.message, typed_position(typed, rewritten, error.position),
                         typed) from None


def _split_items(section: str, start: int, full: str) -> list[tuple[str, int]]:
    """Split on commas outside parentheses."""
    items: list[tuple[str, int]] = []
    depth = 0
    item_start = 0
    for i, ch in enumerate(section):
        if ch in "(（":
            depth += 1
        elif ch in ")）":
            depth -= 1
            if depth < 0:
                raise ParseError("')' without '('", start + i, full)
        elif ch in ",、" and depth == 0:
            items.append((section[item_start:i], start + item_start))
            item_start = i + 1
    if depth > 0:
        raise ParseError("'(' is never closed", start + section.rfind("("), full)
    items.append((section[item_start:], start + item_start))
    return items


@dataclass
class _DefenseLine:
    """A defense line being read: the section its last keyword opened and what it gave so far."""

    text: str
    vocab: Vocabulary
    kind: str | None = None
    found: dict[str, list[DefenseEntry]] = field(default_factory=lambda: {
        IMMUNITY: [], WEAKNESS: [], RESISTANCE: [], VULNERABILITY: [], EFFECT: []})
    effects: list[str] = field(default_factory=list)
    unautomated: list[str] = field(default_factory=list)


@lru_cache(maxsize=1024)
def _parse_defenses(text: str, system: str) -> Defenses:
    """Each comma-separated item of each ``;`` section, in the section a keyword opened."""
    line = _DefenseLine(text, vocabulary(system))
    offset = 0
    for section in text.split(";"):
        for item, where in _split_items(section, offset, text):
            if item.strip():
                _read_defense_item(line, item.strip(), where + len(item) - len(item.lstrip()))
        offset += len(section) + 1
    found = line.found
    if system == "d20-3e":
        found[RESISTANCE] = _d20_damage_reduction(found[RESISTANCE], line.vocab)
    immune_to = frozenset(e.selector for e in found[IMMUNITY] if not e.exceptions and not e.non_magical)
    return Defenses(
        immunities=tuple(found[IMMUNITY]), weaknesses=tuple(found[WEAKNESS]),
        resistances=tuple(found[RESISTANCE]), vulnerabilities=tuple(found[VULNERABILITY]),
        effect_immunities=tuple(line.effects), unautomated=tuple(line.unautomated), text=text,
        immune_to=immune_to, effect_traits=tuple(found[EFFECT]),
    )


def _read_defense_item(line: _DefenseLine, words: str, where: int) -> None:
    """One item: a d20-3e entry, a section keyword with its first entry, a note, or an entry."""
    system, text = line.vocab.system, line.text
    if system == "d20-3e":
        d20 = _d20_entry(words, where, line.kind, line.vocab, text)
        if d20 is not None:
            line.kind = IMMUNITY if d20[0].kind == IMMUNITY else RESISTANCE
            line.found[line.kind] += d20
            return
    keyword_at = where
    joiner = _JOINER.match(words) if line.kind else None   # "cold 10, and fire 10" (RULES §8)
    if joiner:
        where, words = where + joiner.end(), words[joiner.end():]
    first = words.split()[0].lower()
    if first in _SECTION_WORDS or words.lower().startswith("damage reduction"):
        rest = _open_section(line, words, where)
        if rest is None:
            return
        words, where = rest
    elif first in ("hardness", "double"):
        line.unautomated.append(words)
        return
    kind = line.kind
    if kind is None:
        raise ParseError(f"start with immunities, weaknesses or resistances (not {first!r})", where, text)
    if kind == VULNERABILITY and system != "vitality-wounds":
        raise ParseError("'vulnerable' exists only in vitality-wounds", keyword_at, text)
    # the filler word "to" ("immune to fire", "vulnerable to silver"), never a selector (RULES §1)
    filler = _FILLER.match(words)
    if filler:
        where += filler.end()
        words = words[filler.end():]
    if _unvalued(words, kind, line.vocab):   # RULES §8: "vampire weaknesses": kept, not automated
        line.unautomated.append(f"{kind} {words}")
        return
    _parse_entry(words, where, kind, line.vocab, text, line.found, line.effects, line.unautomated)


def _open_section(line: _DefenseLine, words: str, where: int) -> tuple[str, int] | None:
    """A section keyword (``resistances``, ``DR``…) sets the kind; returns the item's rest.

    None when nothing is left to read: a rule the app does not automate (kept as a note),
    or Daggerheart's bare ``immune`` / ``resistant`` (to all damage).
    """
    if words.lower().startswith("damage reduction"):
        line.kind, skip = RESISTANCE, len("damage reduction")
    else:
        first = words.split()[0].lower()
        line.kind, skip = _SECTION_WORDS[first], len(first)
    if words.lower().startswith(("resistance to critical", "double resistance")):
        line.unautomated.append(words)
        return None
    rest = words[skip:]
    where += skip + (len(rest) - len(rest.lstrip()))
    words = rest.strip()
    if words:
        return words, where
    if line.vocab.system == "daggerheart" and line.kind in (IMMUNITY, RESISTANCE):
        entry = DefenseEntry(line.kind, "all")
        line.found[line.kind].append(replace(entry, text=entry.make_text()))
        return None
    raise ParseError(f"{line.kind} with nothing after it", where, line.text)


def _parse_entry(words: str, where: int, kind: str, vocab: Vocabulary, full: str,
                 found: dict[str, list[DefenseEntry]], effects: list[str],
                 notes: list[str] | None = None) -> None:
    """One entry (``fire 5``, ``physical 10 (except silver)``, ``death effects``) into ``found``
    (or ``effects``, an effect immunity; ``notes``, kept but not automated); ParseError otherwise."""
    exceptions, words, unknown = _exceptions(words, where, vocab, full)
    if unknown and notes is not None:   # RULES §8 Decision: "(except unarmed attacks)" keeps the entry
        notes.append(f"{kind} {words}: except {', '.join(unknown)}")
    value, selector_text, excepted = _value_and_selector(words, where, vocab, full)
    exceptions |= excepted
    non_magical, selector_text = _non_magical(selector_text)
    if not selector_text:
        raise ParseError(f"{kind} {value} needs a damage type, e.g. '{kind} fire {value or 5}'", where, full)
    needs_value = kind in (WEAKNESS, RESISTANCE) and vocab.system != "daggerheart"
    if kind == IMMUNITY:
        if value:
            raise ParseError("an immunity has no value", where, full)
        sel = _selector(selector_text, vocab)
        trait = _trait_name(sel or selector_text.lower())
        if trait in vocab.effects:
            # RULES §2 Step 3.1: an immunity to an effect trait removes an attack with it
            entry = DefenseEntry(IMMUNITY, trait, 0, exceptions, non_magical)
            shown = entry.make_text().replace(f" {trait}", f" {sel or selector_text.lower()}", 1)
            found[EFFECT].append(replace(entry, text=shown))
        if sel is None:
            if not _known_immunity(selector_text, vocab):
                _check_effect_name(selector_text, words, where, vocab, full)
                _refuse_immunity(selector_text, where, vocab, full)
            effects.append(selector_text.lower())
            return
    else:
        sel = _known_selector(selector_text, where, vocab, full)
        if needs_value and not value:
            raise ParseError(f"{kind} {selector_text} needs a value, e.g. '{selector_text} 5'",
                             where + len(words), full)
        if vocab.system == "daggerheart" and value:
            raise ParseError("Daggerheart resistances have no value (they halve)", where, full)
    entry = DefenseEntry(kind, sel, value, exceptions, non_magical)
    found[kind].append(replace(entry, text=entry.make_text()))


def _non_magical(selector_text: str) -> tuple[bool, str]:
    """``non-magical physical`` → (True, ``physical``): only a non-magical part is resisted."""
    for prefix in ("non-magical ", "nonmagical ", "non magical "):
        if selector_text.lower().startswith(prefix):
            return True, selector_text[len(prefix):]
    return False, selector_text


def _unvalued(words: str, kind: str, vocab: Vocabulary) -> str:
    """A weakness or resistance printed with no number and words the notation does not know
    (``vampire weaknesses``), or "" for an entry to read as usual."""
    if kind not in (WEAKNESS, RESISTANCE) or vocab.system == "daggerheart" or "(" in words:
        return ""
    if any(_VALUE.match(t) or "/" in t for t in words.split()) or _selector(words, vocab) is not None:
        return ""
    if any(ch.isdigit() for ch in words):  # a number glued to a word (［火焔］5): read, and refused
        return ""
    return words


def _exceptions(words: str, where: int, vocab: Vocabulary,
                full: str) -> tuple[frozenset[str], str, list[str]]:
    """RULES §1 ``(except A, B)``: the selectors it names, the entry without it, and the
    exceptions the notation does not know (RULES §8: kept, shown as not automated)."""
    paren = re.search(r"[(（]\s*(?:except|exc\.?|but not)\s+([^)）]*)[)）]", words, re.IGNORECASE)
    if paren:
        exceptions: set[str] = set()
        unknown: list[str] = []
        for piece in re.split(r",|\s+or\s+", paren.group(1)):   # "(except force or ghost touch)"
            name = _JOINER.sub("", piece.strip(), count=1)
            if name:
                joined = _joined_selector(name, vocab)
                if not joined and _suggest(name, vocab) and not name.lower().startswith("non"):
                    _known_selector(name, where + words.find(name), vocab, full)  # a typo: "fyre"
                exceptions.add(joined) if joined else unknown.append(name)
        if not exceptions and not unknown:
            raise ParseError("name what is excepted, e.g. '(except silver)'", where + paren.start(), full)
        return frozenset(exceptions), (words[:paren.start()] + words[paren.end():]).strip(), unknown
    if "(" in words or "（" in words:
        at = words.index("(") if "(" in words else words.index("（")
        raise ParseError("write exceptions as '(except silver)'", where + at, full)
    return frozenset(), words, []


def _joined_selector(name: str, vocab: Vocabulary) -> str | None:
    """``silver`` → ``silver``; ``magical silver`` / ``silver and magic`` → ``magical+silver``
    (a part needs both); None if a word is unknown."""
    whole = _selector(name, vocab)
    if whole is not None:
        return whole
    words = [w for w in re.split(r"\s+and\s+|\s+", name) if w]
    picked = [_selector(w, vocab) for w in words]
    if len(words) < 2 or None in picked:
        return None
    return "+".join(sorted({p for p in picked if p}))


def _value_and_selector(words: str, where: int, vocab: Vocabulary,
                        full: str) -> tuple[int, str, frozenset[str]]:
    """An entry's value, its selector words, and what ``5/silver`` excepts."""
    # "5/-" and "5/silver": d20-style damage reduction, all damage except …
    slash = re.fullmatch(r"(\d+)\s*/\s*(\S+)", words)
    if slash:
        other = slash.group(2)
        if other in ("-", "—"):
            return int(slash.group(1)), "all", frozenset()
        return int(slash.group(1)), "all", frozenset(
            {_known_selector(other, where + slash.start(2), vocab, full)})
    tokens = words.split()
    numbers = [t for t in tokens if _VALUE.match(t)]
    if len(numbers) > 1:
        raise ParseError("one value per entry: separate entries with a comma", where, full)
    if numbers:
        tokens.remove(numbers[0])
        return int(numbers[0]), " ".join(tokens), frozenset()
    return 0, " ".join(tokens), frozenset()


def _check_effect_name(name: str, entry: str, where: int, vocab: Vocabulary, full: str) -> None:
    """An effect immunity is a name (``death effects``, ``paralyzed``), never a damage word with
    more after it: ``fire silver``, ``fire [silver]`` or ``fire except silver`` is a mistake to
    point at, not an effect to keep (RULES §1: an unknown effect is kept, a typo is not)."""
    if _trait_name(name.lower()) in vocab.effects:
        return
    words = re.findall(r"[^\s\[\]{}]+", name)
    if "except" in (w.lower() for w in words):
        at = where + max(0, entry.lower().find("except"))
        raise ParseError("write exceptions as '(except silver)'", at, full)
    for word in words:
        at = where + max(0, entry.find(word))
        if _selector(word, vocab) is not None:
            raise ParseError(f"{name!r} is not one immunity: one damage type, material or effect "
                             "per entry, separated by commas; exceptions as '(except silver)'", at, full)


def _known_immunity(name: str, vocab: Vocabulary) -> bool:
    """Whether ``name`` (no damage selector) is an effect trait, a condition or an immunity
    stat blocks list (data), ``… effects`` included."""
    from core.conditions import rule_names

    known = vocab.effects | vocab.immunities | rule_names()
    low = " ".join(name.lower().split())
    return low in known or _trait_name(low) in known


def _refuse_immunity(name: str, where: int, vocab: Vocabulary, full: str) -> None:
    """An unknown immunity word is a typo, said as damage words are (issue 18)."""
    from core.conditions import rule_names

    known = [*vocab.known_words(), *vocab.immunities, *rule_names()]
    close = difflib.get_close_matches(" ".join(name.lower().split()), known, n=1, cutoff=0.75)
    hint = (f" — did you mean {close[0]!r}?" if close
            else ": not a damage type, material, trait, effect or condition")
    raise ParseError(f"unknown immunity {name!r}{hint}", where, full)


def _trait_name(words: str) -> str:
    """``death effects`` → ``death``: the effect trait an immunity names."""
    return words.removesuffix(" effects").removesuffix(" effect").strip()


def _selector(text: str, vocab: Vocabulary) -> str | None:
    """The canonical selector for ``text``, or None (an immunity to an effect, say)."""
    low = " ".join(text.lower().split())
    if low in _SPECIAL:
        return _SPECIAL[low]
    for cand in (low, low.removesuffix(" damage"), low.removesuffix(" energy"), low.replace(" ", "-")):
        canon = vocab.canonical(cand)
        if (canon in vocab.types or canon in vocab.categories or canon in vocab.materials
                or canon in vocab.traits or canon in vocab.sources or canon == "all"):
            return canon
    return None


def _known_selector(text: str, where: int, vocab: Vocabulary, full: str) -> str:
    """The canonical selector for ``text``; an unknown word is a ParseError (RULES §1: in a
    weakness or resistance it is almost always a typo)."""
    selector = _selector(text, vocab)
    if selector is None:
        raise ParseError(f"unknown damage type or material {text!r}{_suggest(text, vocab)}", where, full)
    return selector


# --------------------------------------------------------------------------- d20-3e defenses
# RULES §4 Decision (3.0 core rules): damage reduction (``damage reduction 10/silver``,
# ``DR 10/magic``, ``damage reduction 15/+1``, ``resist 5/-``, the older ``resistances all 5``)
# and energy resistance (``resist fire 10``, ``fire resistance 10``).

_D20_REDUCTION = re.compile(
    r"(?:(damage\s+reduction|dr|resist|resistances?|res)\s+)?(\d+)\s*/\s*(.*)", re.IGNORECASE)
_D20_TYPE_FIRST = re.compile(r"(.+?)\s+(resistance|immunity)(?:\s+(\d+))?", re.IGNORECASE)
_D20_LIST = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)
_D20_PLUS = re.compile(r"\+([1-9]\d*)")


def _d20_entry(words: str, where: int, kind: str | None, vocab: Vocabulary,
               full: str) -> list[DefenseEntry] | None:
    """A d20-3e form the PF2 grammar does not have (``cold and electricity resistance 10`` is
    one entry per type), or None to read ``words`` the usual way."""
    m = _D20_REDUCTION.fullmatch(words)
    if m and (m.group(1) or kind == RESISTANCE):
        return [_d20_reduction(int(m.group(2)), m.group(3).strip(), where + m.start(3), vocab, full)]
    m = _D20_TYPE_FIRST.fullmatch(words)
    if m is None:
        return None
    selectors = [_selector(t, vocab) for t in _D20_LIST.split(m.group(1))]
    if None in selectors:
        return None
    if m.group(2).lower() == "immunity" and m.group(3):
        raise ParseError("an immunity has no value", where + m.start(3), full)
    if m.group(2).lower() != "immunity" and not m.group(3):
        raise ParseError(f"{words} needs a value, e.g. '{words} 10'", where, full)
    entries = [DefenseEntry(IMMUNITY, s) if m.group(2).lower() == "immunity"
               else DefenseEntry(RESISTANCE, s, int(m.group(3))) for s in selectors if s]
    return [replace(e, text=e.make_text()) for e in entries]


def _d20_reduction(value: int, bypass: str, where: int, vocab: Vocabulary, full: str) -> DefenseEntry:
    """``10/silver``: damage reduction 10 that a silver part bypasses."""
    if not bypass:
        raise ParseError("say what bypasses the damage reduction: '-', a material, 'magic' or '+1'",
                         where, full)
    plus = _D20_PLUS.fullmatch(bypass)
    exceptions: frozenset[str]
    if bypass in ("-", "—"):
        exceptions, shown = frozenset(), "-"
    elif plus:
        # 3.0's "+1": a weapon with an enhancement bonus, i.e. a magical one
        exceptions, shown = frozenset({"magical"}), bypass
    else:
        if bypass.startswith("+"):
            raise ParseError(f"an enhancement bonus is +1 or more, not {bypass!r}", where, full)
        # RULES §8: "silver and magic" needs both, "cold iron or good" either
        either = [b for b in re.split(r"\s+or\s+", bypass, flags=re.IGNORECASE) if b]
        joined = [_joined_selector(b, vocab) if " " in b else _known_selector(b, where, vocab, full)
                  for b in either]
        if None in joined:
            _known_selector(bypass, where, vocab, full)   # the ParseError naming it
        exceptions = frozenset(j for j in joined if j)
        shown = " or ".join(sorted(_dr_words(e) for e in exceptions))
    return DefenseEntry(DAMAGE_REDUCTION, "all", value, exceptions,
                        text=f"{DAMAGE_REDUCTION} {value}/{shown}")


def _dr_words(exception: str) -> str:
    """``magical+silver`` → ``magic and silver``, as a d20 block prints a bypass."""
    return " and ".join("magic" if w == "magical" else w for w in exception.split("+"))


def _d20_damage_reduction(resistances: list[DefenseEntry], vocab: Vocabulary) -> list[DefenseEntry]:
    """Resistances to weapon damage (``all``, physical, a material) are damage reduction in 3.0."""
    out = []
    for e in resistances:
        typed = e.selector in vocab.types and vocab.types[e.selector] != "physical"
        if e.kind != RESISTANCE or typed or e.selector == "energy":
            out.append(e)
            continue
        bypass = sorted(e.exceptions | ({"magical"} if e.non_magical else set()))
        shown = " or ".join(_dr_words(b) for b in bypass) or "-"
        only = "" if e.selector == "all" else f" ({e.selector} only)"
        out.append(DefenseEntry(DAMAGE_REDUCTION, e.selector, e.value, frozenset(bypass),
                                text=f"{DAMAGE_REDUCTION} {e.value}/{shown}{only}"))
    return out
