"""The defense-line grammar: ``immunities poison; weaknesses fire 5; resistances physical 10 (except silver)``.

Each ``;`` section opens with a keyword (or carries on the last one), each ``,`` item is an
entry read into :class:`~core.notation.defenses.Defenses`; d20 3.0's own forms (``DR 10/silver``,
``fire resistance 10``) are read here too. A mistake is a ``ParseError`` at the entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from core.catalog.vocabulary import Vocabulary, vocabulary
from core.dice.expression import MAX_LENGTH
from core.notation.defenses import (
    DAMAGE_REDUCTION,
    EFFECT,
    IMMUNITY,
    RESISTANCE,
    VULNERABILITY,
    WEAKNESS,
    DefenseEntry,
    Defenses,
    _trait_name,
)
from core.notation.hints import closest, did_you_mean
from core.text.errors import ParseError
from core.text.i18n import game_term, renders, said_as, term_in, tr
from core.text.japanese import defense_line, typed_position

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
_VALUE = re.compile(r"^\d+$")
_FILLER = re.compile(r"to(?:\s+|$)", re.IGNORECASE)
_JOINER = re.compile(r"(?:and|or)\s+(?=\S)", re.IGNORECASE)

_HEADINGS = {IMMUNITY: "immunities", WEAKNESS: "weaknesses", RESISTANCE: "resistances",
             VULNERABILITY: "vulnerabilities"}


def _heading(kind: str) -> str:
    """A section's word in a message: ``weakness``; in Japanese the wiki's heading (``弱点``),
    said when read."""
    return said_as("defense-heading", kind)


@renders("defense-heading")
def _heading_in(args: list[Any], code: str) -> str:
    kind = str(args[0])
    return term_in(_HEADINGS.get(kind, kind), code) if code == "ja" else kind


def _write_exceptions() -> str:
    """The message for exceptions not written as ``(except silver)``."""
    return tr("write exceptions as '(except silver)'")


def parse_defenses(text: str, system: str) -> Defenses:
    """Parse a stat-block defense line for ``system``; raises ParseError with a position."""
    if not isinstance(text, str):
        raise ParseError(tr("defenses must be text"), 0, str(text))
    if len(text) > MAX_LENGTH * 4:
        raise ParseError(tr("defense line too long"), MAX_LENGTH * 4, text)
    return _read_defenses(text, system)


def _read_defenses(typed: str, system: str) -> Defenses:
    """The line rewritten from the wiki's layout and parsed; an error placed in
    the line as typed."""
    rewritten = defense_line(typed)
    try:
        return _parse_defenses(rewritten, system)
    except ParseError as error:
        if rewritten == typed:
            raise
        at = typed_position(typed, rewritten, error.position)
        raise ParseError(_typed_words(error.message, typed, at), at, typed) from None


_QUOTED = re.compile(r"「([ -~]+?)」|'([ -~]+?)'")
_TYPED_WORD = re.compile(r"[^\s\d;；,、，(（)）]+")


def _typed_words(message: str, typed: str, at: int) -> str:
    """``message`` quoting what the GM typed at ``at`` where it quoted a word of the rewrite
    the GM never typed (``「all」`` for ``全てのダメージ``)."""
    word = _TYPED_WORD.match(typed, at)
    if word is None:
        return message

    def quoted(match: re.Match[str]) -> str:
        inner = match.group(1) or match.group(2)
        return match.group() if inner in typed else match.group().replace(inner, word.group())

    return _QUOTED.sub(quoted, message)


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
                raise ParseError(tr("')' without '('"), start + i, full)
        elif ch in ",、" and depth == 0:
            items.append((section[item_start:i], start + item_start))
            item_start = i + 1
    if depth > 0:
        raise ParseError(tr("'(' is never closed"), start + section.rfind("("), full)
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
        raise ParseError(tr("start with immunities, weaknesses or resistances (not {word!r})",
                            word=first), where, text)
    if kind == VULNERABILITY and system != "vitality-wounds":
        raise ParseError(tr("'vulnerable' exists only in vitality-wounds"), keyword_at, text)
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
    raise ParseError(tr("{kind} with nothing after it", kind=_heading(line.kind)), where, line.text)


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
        raise ParseError(tr("{kind} {value} needs a damage type, e.g. '{kind} fire {example}'",
                            kind=_heading(kind), value=value, example=value or 5), where, full)
    needs_value = kind in (WEAKNESS, RESISTANCE) and vocab.system != "daggerheart"
    if kind == IMMUNITY:
        if value:
            raise ParseError(tr("an immunity has no value"), where, full)
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
            raise ParseError(tr("{kind} {selector} needs a value, e.g. '{selector} 5'",
                                kind=_heading(kind), selector=game_term(selector_text)), where + len(words), full)
        if vocab.system == "daggerheart" and value:
            raise ParseError(tr("Daggerheart resistances have no value (they halve)"), where, full)
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
                if not joined and did_you_mean(name, vocab) and not name.lower().startswith("non"):
                    _known_selector(name, where + words.find(name), vocab, full)  # a typo: "fyre"
                exceptions.add(joined) if joined else unknown.append(name)
        if not exceptions and not unknown:
            raise ParseError(tr("name what is excepted, e.g. '(except silver)'"), where + paren.start(), full)
        return frozenset(exceptions), (words[:paren.start()] + words[paren.end():]).strip(), unknown
    if "(" in words:   # a full-width （ was folded to ( before the line was read (defense_line)
        raise ParseError(_write_exceptions(), where + words.index("("), full)
    return frozenset(), words, []


def _joined_selector(name: str, vocab: Vocabulary) -> str | None:
    """``silver`` → ``silver``; ``magical silver`` / ``silver and magic`` → ``magical+silver``
    (a part needs both); None if a word is unknown."""
    whole = _selector(name, vocab)
    if whole is not None:
        return whole
    pieces = [p for p in re.split(r"\s+and\s+", name) if p]   # "cold iron and good": one material
    words = [w for p in pieces for w in ([p] if _selector(p, vocab) is not None else p.split())]
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
        raise ParseError(tr("one value per entry: separate entries with a comma"), where, full)
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
        raise ParseError(_write_exceptions(), at, full)
    for word in words:
        at = where + max(0, entry.find(word))
        if _selector(word, vocab) is not None:
            raise ParseError(tr("{name!r} is not one immunity: one damage type, material or effect "
                                "per entry, separated by commas; exceptions as '(except silver)'",
                                name=name), at, full)


def _known_immunity(name: str, vocab: Vocabulary) -> bool:
    """Whether ``name`` (no damage selector) is an effect trait, a condition or an immunity
    stat blocks list (data), ``… effects`` included."""
    from core.catalog.conditions import rule_names

    known = vocab.effects | vocab.immunities | rule_names()
    low = " ".join(name.lower().split())
    return low in known or _trait_name(low) in known


def _refuse_immunity(name: str, where: int, vocab: Vocabulary, full: str) -> None:
    """An unknown immunity word is a typo, said as damage words are."""
    from core.catalog.conditions import rule_names

    known = [*vocab.known_words(), *vocab.immunities, *rule_names()]
    hint = closest(" ".join(name.lower().split()), known)
    if hint:
        raise ParseError(tr("unknown immunity {name!r} — did you mean {hint!r}?", name=name, hint=hint),
                         where, full)
    raise ParseError(tr("unknown immunity {name!r}: not a damage type, material, trait, effect or "
                        "condition", name=name), where, full)


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
        hint = did_you_mean(text, vocab)
        message = (tr("unknown damage type or material {word!r} — did you mean {hint!r}?", word=text, hint=hint)
                   if hint else tr("unknown damage type or material {word!r}", word=text))
        raise ParseError(message, where, full)
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
        raise ParseError(tr("an immunity has no value"), where + m.start(3), full)
    if m.group(2).lower() != "immunity" and not m.group(3):
        raise ParseError(tr("{entry} needs a value, e.g. '{entry} 10'", entry=words), where, full)
    entries = [DefenseEntry(IMMUNITY, s) if m.group(2).lower() == "immunity"
               else DefenseEntry(RESISTANCE, s, int(m.group(3))) for s in selectors if s]
    return [replace(e, text=e.make_text()) for e in entries]


def _d20_reduction(value: int, bypass: str, where: int, vocab: Vocabulary, full: str) -> DefenseEntry:
    """``10/silver``: damage reduction 10 that a silver part bypasses."""
    if not bypass:
        raise ParseError(tr("say what bypasses the damage reduction: '-', a material, 'magic' or '+1'"),
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
            raise ParseError(tr("an enhancement bonus is +1 or more, not {bypass!r}", bypass=bypass),
                             where, full)
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
