"""What a defense line says: its entries, and which of them apply to a damage instance.

:class:`Defenses` holds the immunities, weaknesses, resistances and vulnerabilities as the
stat block wrote them (the grammar that reads them is ``core.notation.defense_grammar``);
:func:`applicable` looks up, once per kind of damage, the entries that apply.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from core.text.i18n import game_term, listing, renders, said_as, tr
from core.text.japanese import defense_text, term

IMMUNITY, WEAKNESS, RESISTANCE, VULNERABILITY = "immunity", "weakness", "resistance", "vulnerability"
DAMAGE_REDUCTION = "damage reduction"     # d20-3e only, kept among the resistances (RULES §4)
EFFECT = "effect"   # an immunity to an effect trait (kept beside the others while parsing)
# How the special selectors read in a breakdown.
_SPECIAL_WORDS = {"critical-hits": "critical hits", "nonlethal": "nonlethal attacks",
                  "persistent": "persistent damage"}


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
        """Words for the GM: ``resistance physical 10 (except silver)`` (as the wiki writes
        it in Japanese, said when read)."""
        return said_as("defense", *self._data(), False)

    def _data(self) -> list[Any]:
        return [self.kind, self.selector, self.value, sorted(self.exceptions), self.non_magical,
                self.text or self.make_text()]

    def describe_in(self, code: str) -> str:
        """:meth:`describe` in the language ``code``."""
        if code == "ja" and self.kind != DAMAGE_REDUCTION:
            return defense_text(self.kind, self.selector, self.value, self.exceptions, self.non_magical)
        if code == "ja":   # d20's term and its materials in the glossary's words: ダメージ減少5/銀
            shown = _bypass_terms(self.text or self.make_text(), self.exceptions, term)
            return term(DAMAGE_REDUCTION) + shown.removeprefix(DAMAGE_REDUCTION).lstrip()
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
        """Compact words for a table cell: ``weak fire 5`` (said when read)."""
        return said_as("defense", *self._data(), True)

    def short_in(self, code: str) -> str:
        """:meth:`short` in the language ``code``."""
        if code == "ja":
            return self.describe_in(code)   # the wiki's words are as short: 弱点［火炎］5
        if self.kind == DAMAGE_REDUCTION:
            return "DR " + self.describe_in(code).removeprefix(DAMAGE_REDUCTION + " ")
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
        lines += [_effect_immunity(w, automated) for w in self.effect_immunities]
        lines += [tr("{note} (not automated)", note=w) for w in self.unautomated]
        return lines

    def not_acting(self) -> list[str]:
        """What the line keeps that acts on no damage, as :meth:`describe` says it: the notes
        not automated, then the effect immunities shown only (RULES §10: shown, not dropped)."""
        automated = {e.selector: e for e in self.effect_traits}
        return [*(tr("{note} (not automated)", note=w) for w in self.unautomated),
                *(_effect_immunity(w, automated) for w in self.effect_immunities
                  if _trait_name(w) not in automated)]

    def short(self) -> str:
        """Compact text for a table cell, or an em dash when there are none."""
        return listing(self.short_parts()) or "—"   # 、 between the entries in Japanese

    def short_parts(self) -> list[str]:
        """The words of :meth:`short`, one an entry (``weak fire 5``, ``imm paralyzed``)."""
        return [*(e.short() for e in self.entries()),
                *(_effect_short(w) for w in self.effect_immunities)]

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


def _effect_immunity(words: str, automated: dict[str, DefenseEntry]) -> str:
    """An immunity to an effect as understood: automated (an attack with the trait) or shown only."""
    trait = _trait_name(words)
    if trait in automated:
        return tr("{entry} (an attack with the {trait} trait deals nothing)",
                  entry=automated[trait].describe(), trait=_trait_term(trait))
    return tr("immunity {effect} (effect, shown only)", effect=game_term(words))


def _bypass_terms(text: str, bypasses: frozenset[str], said: Callable[[str], str] = game_term) -> str:
    """Damage reduction as printed, each word that bypasses it as the glossary says (銀)."""
    for word in sorted(bypasses, key=len, reverse=True):
        printed = word.replace("+", " ")
        if printed not in text and word == "magical":   # printed as the block says it: 5/magic
            text = text.replace("/magic", "/" + said(word))
        text = text.replace(printed, said(printed))
    return text


@renders("defense")
def _defense(args: list[Any], code: str) -> str:
    """``[kind, selector, value, exceptions, non-magical, text, short]``: a defense in ``code``."""
    kind, selector, value, exceptions, non_magical, text, short = args
    entry = DefenseEntry(str(kind), str(selector), int(value), frozenset(map(str, exceptions)),
                         bool(non_magical), str(text))
    return entry.short_in(code) if short else entry.describe_in(code)


def _effect_short(words: str) -> str:
    """An immunity to an effect in a table cell: ``imm paralyzed``, 即死への完全耐性 in Japanese
    (the seed's order: not glued into one word), said when read."""
    return said_as("effect-immunity", words)


@renders("effect-immunity")
def _effect_short_in(args: list[Any], code: str) -> str:
    words = str(args[0])
    if code == "ja":
        return f"{_trait_term(_trait_name(words), term)}への{term('immunities')}"
    return f"imm {words}"


def _trait_term(trait: str, said: Callable[[str], str] = game_term) -> str:
    """An effect trait in the GM's language: ``death`` is the seed's 即死 (its "death effects")."""
    shown, effects = said(trait), f"{trait} effects"
    return shown if shown != trait else said(effects).replace(effects, trait)


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



def _trait_name(words: str) -> str:
    """``death effects`` → ``death``: the effect trait an immunity names."""
    return words.removesuffix(" effects").removesuffix(" effect").strip()

