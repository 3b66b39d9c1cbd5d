"""Notation as a Japanese GM types it: IME width folding and the wiki's defense line.

``normalise`` runs once on every damage, defense and dice text before the parser sees it:
the full-width space U+3000 is a space, full-width digits, Latin letters and ``＋ － ＝ （ ）
；，`` read as ASCII, ``、`` as a comma; ``［…］`` stay (the seed's bracketed types). One
character becomes one character, so error positions still point at what the GM typed.

``defense_line`` rewrites the wiki's layout (``弱点［火炎］5；抵抗［物理］5（銀を除く）``) into the
English notation the parser reads, each Japanese word through the glossary (glossary_ja.toml).
"""

from __future__ import annotations

import re
import tomllib
from functools import cache

from core.data import read_text

_KEEP = {"［", "］"}   # the seed's bracketed types are words, not punctuation to fold
_FOLD = {c: chr(c - 0xFEE0) for c in range(0xFF01, 0xFF5F) if chr(c) not in _KEEP}
_FOLD.update({0x3000: " ", 0x3001: ",", 0x2212: "-", 0x2010: "-"})


def normalise(text: str) -> str:
    """IME input as ASCII notation: ``２ｄ６＋３　［斬撃］`` → ``2d6+3 ［斬撃］`` (same length)."""
    return text.translate(_FOLD) if text and not text.isascii() else text


@cache
def glossary() -> dict[str, dict[str, str]]:
    """The three tables of ``core/data/glossary_ja.toml``: canonical, aliases, unsettled."""
    text = read_text("glossary_ja.toml")
    data = tomllib.loads(text)
    return {name: dict(data.get(name, {})) for name in ("canonical", "aliases", "unsettled")}


@cache
def japanese_words() -> dict[str, str]:
    """Every Japanese input word (with and without ［］) → its English notation word."""
    tables = glossary()
    words: dict[str, str] = {}
    for name in ("unsettled", "canonical"):
        words.update({ja: en for en, ja in tables[name].items() if "X" not in ja})
    words.update(tables["aliases"])
    for ja, en in list(words.items()):
        bare = ja.strip("［］")
        words.setdefault(bare, en)
        words.setdefault(f"［{bare}］", en)
    return words


def term(english: str) -> str:
    """The Japanese a GM reads for ``english`` (``fire`` → ``［火炎］``), or ``english`` itself."""
    tables = glossary()
    return tables["canonical"].get(english) or tables["unsettled"].get(english) or english


_HEADINGS = (("完全耐性", "immunities"), ("弱点", "weaknesses"), ("抵抗", "resistances"),
             ("耐性", "resistances"), ("脆弱性", "vulnerable"))
_EXCEPT = re.compile(r"\(([^()]*?)を除く\)")


def _heading(match: re.Match[str]) -> str:
    return f" {dict(_HEADINGS)[match.group()]} "


@cache
def _words_pattern() -> re.Pattern[str]:
    """Glossary words, longest first (``非致傷攻撃`` before ``非致傷``); a word may be followed by
    ``状態`` (the seed writes a condition so: 恐れ状態), which is part of the word."""
    keys = sorted(japanese_words(), key=len, reverse=True)
    return re.compile("(" + "|".join(re.escape(k) for k in keys) + f")(?:{_STATE})?")


_STATE = "状態"
_HEADING_WORDS = "|".join(h for h, _ in _HEADINGS)
# the seed's order, the selector first: 全てのダメージに対する抵抗5, ［火炎］への弱点5
_SELECTOR_FIRST = re.compile(rf"([^;,()]+?)(?:への|に対する)({_HEADING_WORDS})\s*(\d*)")


def defense_line(text: str) -> str:
    """The wiki's defense line in the parser's English notation (ASCII text is left alone)."""
    text = normalise(text)
    if text.isascii():
        return text
    text = _EXCEPT.sub(lambda m: f" (except {m.group(1)})", text)
    text = _SELECTOR_FIRST.sub(lambda m: f"{m.group(2)} {m.group(1).strip()} {m.group(3)}", text)
    text = re.sub(_HEADING_WORDS, _heading, text)
    words = japanese_words()
    text = _words_pattern().sub(lambda m: f" {words[m.group(1)]} ", text)
    text = re.sub(r"\s*([;,])\s*", r"\1 ", re.sub(r"\(\s+", "(", text))
    return re.sub(r"[ ]{2,}", " ", re.sub(r"\s+\)", ")", text)).strip()


_KINDS = {"immunity": "immunities", "weakness": "weaknesses", "resistance": "resistances"}


def _selector_term(selector: str) -> str:
    """A selector in the seed's words: ``fire`` → ``［火炎］``, ``all`` → ``全てのダメージ``."""
    special = {"all": "all damage", "critical-hits": "critical hits",
               "nonlethal": "nonlethal attacks", "persistent": "persistent damage"}
    word = special.get(selector, selector)
    shown = term(word)
    return term(f"{word} effects") if shown == word else shown   # death → 即死 (death effects)


def damage_label(amount: object, persistent: bool, damage_type: str | None,
                 words: list[str]) -> str:
    """A damage part as the seed writes it: ``2d6+3［斬撃］``, ``1d6 持続［火炎］ 銀``."""
    head = "" if amount is None else str(amount)
    typed = term(damage_type) if damage_type else ""
    if persistent:
        typed = f" {term('persistent')}{typed}" if head else f"{term('persistent')}{typed}"
    rest = " ".join(term(w) for w in words)
    return " ".join(p for p in (f"{head}{typed}", rest) if p)


def defense_text(kind: str, selector: str, value: int, exceptions: frozenset[str],
                 non_magical: bool = False) -> str:
    """A defense entry as the wiki writes it: ``抵抗［物理］5（銀を除く）``; a selector without the
    seed's brackets is not glued to the heading but said as the seed does: ``全てのダメージへの抵抗5``."""
    heading = term(_KINDS.get(kind, kind))
    what = f"{term('non-magical') if non_magical else ''}{_selector_term(selector)}"
    shown = f"{heading}{what}{value or ''}" if what.startswith("［") else f"{what}への{heading}{value or ''}"
    if exceptions:
        shown += "（" + "、".join(term(e) for e in sorted(exceptions)) + "を除く）"
    return shown


def _item_starts(text: str) -> list[int]:
    """Where each item of a defense line starts: after each ``;`` or ``,`` outside parentheses."""
    starts, depth = [0], 0
    for i, ch in enumerate(text):
        depth += ch in "(（"
        depth -= ch in ")）"
        if ch in ";；,、，" and depth <= 0:
            starts.append(i + 1)
    return starts


def typed_position(typed: str, rewritten: str, position: int) -> int:
    """A position in :func:`defense_line`'s rewrite as one in the line as typed: the start of
    the same item (the rewrite keeps every ``;`` and ``,`` outside parentheses)."""
    if typed == rewritten or normalise(typed) == rewritten:   # folded one for one
        return position
    ours, theirs = _item_starts(rewritten), _item_starts(typed)
    index = sum(1 for start in ours if start <= position) - 1
    start = theirs[min(index, len(theirs) - 1)]
    return start + len(typed[start:]) - len(typed[start:].lstrip())
