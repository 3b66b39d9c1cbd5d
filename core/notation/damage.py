"""The damage grammar: ``2d8+4 slashing silver magical, 1d6 persistent bleed, 1d10 piercing on-crit``.

Text a GM types or a stat block prints, read into a :class:`Damage` of parts (amount, type,
traits, effects), each mistake a ``ParseError`` at the word it is about.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from core.catalog.vocabulary import TRAITS_WITHOUT_DAMAGE, Vocabulary, vocabulary
from core.dice.expression import MAX_LENGTH, DiceExpr
from core.dice.expression import parse as parse_dice
from core.notation.hints import did_you_mean
from core.text.errors import ParseError
from core.text.i18n import game_term, listing, render, renders, said_as, tr
from core.text.japanese import damage_label, normalise


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
    crit_rule: str = ""             # ``deadly`` / ``fatal``: an on-crit part a Strike's trait adds

    @property
    def label(self) -> str:
        """The part as a GM reads it: ``2d6 fire`` (``2d6［火炎］`` in Japanese, said when read)."""
        return said_as("damage-label", self.shown or self.make_label(),
                       "" if self.amount is None else str(self.amount), self.persistent,
                       self.type or "", self._words(), "")

    def _words(self) -> list[str]:
        words = [*(self.source or "").split(), *sorted(self.traits), *sorted(self.effects)]
        return [*words, self.crit_rule or "on-crit"] if self.on_crit else words

    def japanese_label(self) -> str:
        """The part in the seed's words: ``2d6+3［斬撃］``."""
        return damage_label(self.amount, self.persistent, self.type, self._words())

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
            words.append(self.crit_rule or "on-crit")
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class Damage:
    """A parsed damage notation: its parts in the order written."""

    parts: tuple[DamagePart, ...]
    text: str
    nonlethal: bool = False     # every part with an amount is nonlethal (``1d3 subdual``)

    def __str__(self) -> str:
        return listing(p.label for p in self.parts)   # 、 between the parts in Japanese


@renders("typed")
def _as_typed(args: list[Any], code: str) -> str:
    """``[damage as typed, system]``: as typed, or in Japanese as the seed writes it (6d6［火炎］)."""
    typed = str(args[0])
    if code != "ja":
        return typed
    try:
        return render(str(parse_damage(typed, str(args[1]) if len(args) > 1 else "pf2e")), code)
    except ParseError:
        return typed


def damage_as_typed(damage: str, system: str) -> str:
    """The damage as the GM typed it, said in Japanese as the seed writes it, when read."""
    return said_as("typed", damage) if system == "pf2e" else said_as("typed", damage, system)


# a part ends at a comma, at "plus", at 加えて ("in addition") and, as the Japanese sources print
# it, at a ＋ (folded to +) right after a bracketed type: 1d6+4［斬撃］＋1d6 持続［出血］
_SPLIT = re.compile(r"(?:,\s*)?加えて|,|\bplus\b|(?<=］)\s*\+(?=\s*\d|\s*[dD]\d)", re.IGNORECASE)
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



#: The systems whose Strikes print traits (RULES §10): there a trait word in a damage line is named.
_STRIKE_TRAITS_SYSTEMS = frozenset({"pf2e", "sf2e", "vitality-wounds"})


def _unknown_word(word: str, vocab: Vocabulary) -> str:
    """The message for a word the system does not know, with the word it likely stands for."""
    hint = did_you_mean(word, vocab)
    if hint == word:    # a word it knows, where a type goes: a source word (RULES §1) with an amount
        return tr("{word!r} is not a damage type: an amount names its type (2d6 fire); "
                  "a source word stands alone", word=word)
    if vocab.system in _STRIKE_TRAITS_SYSTEMS and word.lower() in TRAITS_WITHOUT_DAMAGE:
        return tr("{word!r} is a trait with no effect on damage: leave it out of the damage "
                  "(a Strike's traits go in its attack line)", word=word)
    if hint:
        return tr("unknown word {word!r} in damage — did you mean {hint!r}?", word=word, hint=hint)
    return tr("unknown word {word!r} in damage", word=word)


def _needs_die_size() -> str:
    """The message for a die with no size (``2d``, ``d fire``)."""
    return tr("a die needs a size after 'd' (d4, d6, d8 …)")


def parse_damage(text: str, system: str) -> Damage:
    """Parse damage notation for ``system``; raises ParseError with a position."""
    if not isinstance(text, str):
        raise ParseError(tr("damage must be text"), 0, str(text))
    if len(text) > MAX_LENGTH:
        raise ParseError(tr("damage longer than {limit} characters", limit=MAX_LENGTH), MAX_LENGTH, text)
    return _parse_damage(normalise(text), system)


@lru_cache(maxsize=4096)
def _parse_damage(text: str, system: str) -> Damage:
    vocab = vocabulary(system)
    if not text.strip():
        raise ParseError(tr("no damage given: type an amount and a type, e.g. 2d6 fire"), 0, text)
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
            raise ParseError(tr("empty damage part (two commas in a row?)"), where, text)
    return out


def is_nothing(amount: DiceExpr) -> bool:
    """A bare ``0``: no dice, nothing added (RULES §10: a save with no damage). It needs no
    type, and no minimum damage turns it into 1."""
    return not amount.dice and amount.modifier == 0 and not amount.rolled


def _default_type(amount: DiceExpr, vocab: Vocabulary, where: int, full: str) -> str | None:
    """The type of a part written without one: the system's default (Daggerheart: physical),
    none where a type is optional (d20-3e), a ParseError where one is required (PF2 family)."""
    if vocab.default_type:
        return vocab.default_type
    if vocab.type_required:
        raise ParseError(tr("name a damage type after {amount!r} (e.g. {amount} slashing)",
                            amount=str(amount)), where, full)
    return None


def _parse_part(full: str, chunk: str, start: int, vocab: Vocabulary) -> DamagePart:
    """One damage part (``2d8+4 slashing silver``): amount, markers, type, traits, effects."""
    amount, rest_at = _parse_amount(full, chunk, start)
    tokens = _tokens(chunk[rest_at:], start + rest_at)
    if amount is not None:
        _refuse_weapon_bonus(chunk[:rest_at].strip(), tokens, vocab, full)
    words = _part_words(tokens, amount is None, vocab, full)
    damage_type = _damage_type(words.types, words.effects, vocab, full, words.traits)
    if amount is None and words.source is None:
        if damage_type is not None and tokens:
            raise ParseError(tr("{damage_type!r} needs an amount before it, e.g. '2d6 {damage_type}'",
                                damage_type=game_term(damage_type)), tokens[0][1], full)
        raise ParseError(tr("a damage part needs an amount, e.g. 2d6 fire"), start, full)
    if amount is not None and damage_type is None and not is_nothing(amount):
        damage_type = _default_type(amount, vocab, start + len(chunk.rstrip()), full)
    persistent = words.persistent
    implied = not persistent and amount is not None and damage_type in vocab.always_persistent
    if persistent and amount is None:
        raise ParseError(tr("persistent damage needs an amount"), start, full)
    if (persistent or implied) and amount is not None and amount.rolled is not None:
        # a condition is rolled afresh at every tick: a table total has no meaning there
        raise ParseError(tr("persistent damage is rolled at each tick: write {amount} without "
                            "'=' and the total", amount=amount.fresh), start + len(chunk) - len(chunk.lstrip()), full)
    part = DamagePart(amount, damage_type, persistent or implied, frozenset(words.traits),
                      words.on_crit, words.source, chunk.strip(), effects=frozenset(words.effects),
                      implied_persistent=implied, crit_rule=words.crit_rule)
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
            raise ParseError(tr("for a {bonus} weapon write magical, e.g. {example!r}", bonus=word,
                                example=example), where, full)
        example = " ".join([amount + word, *rest])
        raise ParseError(tr("a bonus goes in the amount, e.g. {example!r}", example=example), where, full)


@dataclass
class _PartWords:
    """The words after a part's amount, sorted: markers, type words, traits, effects, a source."""

    persistent: bool = False
    on_crit: bool = False
    crit_rule: str = ""
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
        elif canon in ("deadly", "fatal"):      # a Strike's trait die: on-crit, named (RULES §10)
            out.on_crit, out.crit_rule = True, canon
        elif canon in vocab.types:
            out.types.append((canon, where))
        elif canon in vocab.materials or canon in vocab.traits:
            out.traits.add(canon)
        elif canon in vocab.effects:
            out.effects.add(canon)
        elif canon in vocab.sources and no_amount:
            out.source = canon
        elif _AMOUNT.fullmatch(word):
            raise ParseError(tr("put the amount before the type, e.g. '2d6 fire'"), where, full)
        else:
            raise ParseError(_unknown_word(word, vocab), where, full)
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
                raise ParseError(_needs_die_size(), start + rest_at, full)
            if chunk[rest_at] == "=":
                raise ParseError(tr("after '=' write the total the dice came to, e.g. 2d4=7"),
                                 start + rest_at, full)
            raise ParseError(tr("put a space between the amount and {word!r}", word=word),
                             start + rest_at, full)
        return amount, rest_at
    if chunk.strip()[:1] in ("d", "D") and chunk.strip()[1:2] in ("", " "):
        where = start + chunk.index(chunk.strip()[0])
        raise ParseError(_needs_die_size(), where + 1, full)
    return None, 0


def _damage_type(type_words: list[tuple[str, int]], effects: set[str], vocab: Vocabulary,
                 full: str, traits: set[str]) -> str | None:
    """The part's one damage type; a type word that is also an effect trait (``poison``,
    ``mental``) next to another type is that effect's trait (``3 fire poison``), and an
    alignment next to another type the part's alignment trait (``2d8 slashing good``: a
    Strike with the ``good`` trait, RULES §10)."""
    if len(type_words) > 1 and any(vocab.types[t] != "alignment" for t, _ in type_words):
        traits.update(t for t, _ in type_words if vocab.types[t] == "alignment")
        type_words = [t for t in type_words if vocab.types[t[0]] != "alignment"]
    if len(type_words) > 1:
        plain = [t for t in type_words if t[0] not in vocab.effects]
        keep = plain or type_words[:1]
        effects.update(t[0] for t in type_words if t not in keep)
        type_words = keep
    if len(type_words) > 1:
        (first, _), (second, where) = type_words[0], type_words[1]
        raise ParseError(tr("two damage types ({first}, {second}) in one part: separate parts with a comma",
                            first=game_term(first), second=game_term(second)), where, full)
    return type_words[0][0] if type_words else None

