"""Stat blocks in the Japanese wiki's layout, read as the English layout is.

``知覚 +2；暗視``, ``AC 16；頑健 +5、反応 +7、意志 +3``, ``HP 6``, ``弱点［火炎］5；抵抗［物理］5（銀を
除く）``, ``近接 ◆ ドッグスライサー +7（敏捷）、ダメージ 1d6［斬撃］``: each line is rewritten into the
English layout (the same number of lines) and read by the PF2-family reader; an error is
placed on the same line of the text as pasted.
"""

from __future__ import annotations

import bisect
import difflib
import re
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

from core.statblocks.text import NotRead, StatBlock
from core.text.errors import ParseError
from core.text.japanese import defense_line, normalise

_MARKERS = re.compile(r"知覚|近接|遠隔|クリーチャー|頑健|完全耐性|弱点|抵抗")
_LEVEL = re.compile(r"(?:クリーチャー|Creature)\s*([+-]?\d+)\s*$")
_HEADS = (("知覚", "Perception"), ("近接", "Melee"), ("遠隔", "Ranged"))
_DEFENSE_HEAD = re.compile(r"(?:^|;)\s*(?:完全耐性|弱点|抵抗|耐性)")
_SAVES = {"頑健": "Fort", "反応": "Ref", "意志": "Will"}
_KINDS = {"アンデッド": "undead", "コンストラクト": "construct", "人造": "construct"}
_SECTION = re.compile(r"\b(?:immunities|weaknesses|resistances)\b")
_DAMAGE = re.compile(r"[,，]\s*ダメージ\s*")
_IN_ADDITION = re.compile(r"[,，]?\s*加えて\s*")   # 、加えて1d6 持続［出血］: more damage, as "plus"


def is_japanese_layout(text: str) -> bool:
    """Whether ``text`` is a stat block as the Japanese wiki prints it."""
    return len(set(_MARKERS.findall(text))) >= 2


def english_line(line: str, first: bool) -> str:
    """One line of the Japanese layout in the English one (a line it does not know: as it is)."""
    text = normalise(line)
    if first:
        return _LEVEL.sub(lambda m: f" Creature {m.group(1)}", text)
    for ja, en in _HEADS:
        if text.lstrip().startswith(ja):
            text = text.replace(ja, en, 1)
            break
    if text.lstrip().startswith(("Melee", "Ranged")):
        return _IN_ADDITION.sub(" plus ", _DAMAGE.sub(", Damage ", text))
    if text.startswith("AC"):
        return re.sub("|".join(_SAVES), lambda m: _SAVES[m.group()], text)
    if _DEFENSE_HEAD.search(text):
        # capitalised as printed: a line starting in lower case continues the one above
        return _SECTION.sub(lambda m: m.group().capitalize(), defense_line(text))
    if "。" in text or not any(ja in text for ja in _KINDS):
        return text
    # a traits line (``NE 中型 アンデッド ゾンビ``), never a sentence: its kinds as the English
    # layout prints them (capitalised words), the other traits kept (not read in either layout)
    return re.sub("|".join(_KINDS), lambda m: _KINDS[m.group()].capitalize(), text)


def read_japanese(text: str, read: Callable[[str], StatBlock]) -> StatBlock:
    """``read`` (a layout's reader) on ``text`` rewritten; a ParseError, and each word not
    read, points into ``text``."""
    lines = text.split("\n")
    english = [english_line(line, i == 0) for i, line in enumerate(lines)]
    rewritten = "\n".join(english)
    starts, ours = [0], [0]
    for line, rewrite in zip(lines, english, strict=True):
        starts.append(starts[-1] + len(line) + 1)
        ours.append(ours[-1] + len(rewrite) + 1)

    def typed_at(position: int) -> int:
        row = bisect.bisect_right(ours, position) - 1     # a rewrite adds no line
        column = position - ours[row]
        return min(starts[row] + typed_column(lines[row], english[row], column), len(text))

    try:
        block = read(rewritten)
    except ParseError as error:
        error.position, error.text = typed_at(error.position), text   # its line number is the same
        raise error from None
    words = []
    for word in block.not_read:
        start, last = typed_at(word.position), typed_at(word.position + len(word.text) - 1)
        words.append(NotRead(text[start:max(last + 1, start + 1)], start))
    return replace(block, not_read=tuple(words), lines_read=tuple(typed_at(at) for at in block.lines_read))


_ADDITION_AT = re.compile(r"\s*加えて")
_ALIGNED = 240   # the longest item aligned character by character (difflib is not linear)


def typed_column(typed: str, english: str, column: int) -> int:
    """A column of :func:`english_line`'s rewrite as one of the line as typed: the same
    character where the rewrite kept it (a value, a name, a damage word), else the start of
    the words it stands for (``知覚`` for ``Perception``); the end of the line stays its end.

    Linear in the line: the rewrite keeps every ``;`` and ``,`` outside parentheses, so the
    column's item is found by counting them, and only that item is aligned.
    """
    if column >= len(english):
        return len(typed)
    folded = _folded(typed)
    ours, theirs = _item_spans(english), _item_spans(folded)
    if len(ours) != len(theirs):   # aligned whole (a long line: the caret at its start)
        ours, theirs = ((0, len(english)),), ((0, len(folded)),)
    index = min(bisect.bisect_right(_item_ends(english), column), len(ours) - 1)
    (start, end), (typed_start, typed_end) = ours[index], theirs[index]
    item, typed_item = english[start:end], folded[typed_start:typed_end]
    if item == typed_item:
        return typed_start + column - start
    if max(len(item), len(typed_item)) > _ALIGNED:
        return typed_start + len(typed_item) - len(typed_item.lstrip())
    matcher = difflib.SequenceMatcher(None, typed_item, item, autojunk=False)
    for tag, at, _, first, last in matcher.get_opcodes():
        if first <= column - start < last:
            return typed_start + at + (column - start - first if tag == "equal" else 0)
    return typed_end  # pragma: no cover - the opcodes cover every column of the item


_folded = lru_cache(maxsize=64)(normalise)   # one line, placed word by word


@lru_cache(maxsize=64)
def _item_ends(text: str) -> tuple[int, ...]:
    """Where each item of :func:`_item_spans` ends."""
    return tuple(end for _, end in _item_spans(text))


@lru_cache(maxsize=64)
def _item_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Each item of a line (split at ``;`` and ``,`` outside parentheses): start and end, the
    separator ending the item it closes; ``、加えて`` is not one (the rewrite says ``plus``)."""
    spans, start, depth = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if ch in ";," and depth <= 0 and not _ADDITION_AT.match(text, i + 1):
            spans.append((start, i + 1))
            start = i + 1
    spans.append((start, len(text)))
    return tuple(spans)
