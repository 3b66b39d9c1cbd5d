"""RULES §10 over the whole test corpus: on every line a stat-block reader recognises, the words
it read plus the words it shows as not read are all the words; and no reader raises anything
but a ParseError on arbitrary text.

A word is read when the creature shows it: its name, a number it printed, a word of its
defenses, of an attack (label, damage, traits, note) or of its Horde, or a heading of the
layout (``AC``, ``Hit Dice``). Otherwise it must be among ``not_read``, at its place.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.dice.expression import parse as parse_dice
from core.notation import parse_damage, parse_defenses
from core.statblocks import read_statblock
from core.statblocks.text import Block, StatBlock
from core.text.errors import ParseError
from core.text.japanese import defense_line, japanese_words, normalise

HERE = Path(__file__).parent / "statblocks"
SYSTEMS = {"pf2e": "pf2e", "d20": "d20-3e", "daggerheart": "daggerheart"}


def _blocks() -> list[tuple[str, str]]:
    out = []
    for path in sorted([*HERE.glob("*.txt"), *HERE.glob("*.md"), *(HERE / "corpus").iterdir()]):
        system = next(s for prefix, s in SYSTEMS.items() if path.name.startswith(prefix))
        out.append((f"{path.parent.name}/{path.name}", system))
    return out


BLOCKS = _blocks()

# the layouts' headings and the grammar between things read: never a word of their own
LAYOUT = frozenset("""
ac armor class fort ref will perception senses hp hit dice initiative saves melee ranged damage
immunities immunity immune weaknesses weakness resistances resistance resist vulnerable
vulnerability vulnerabilities special qualities attack attacks full difficulty thresholds stress
atk tier creature touch flat-footed vitality wounds hardness and or plus to the except dr
reduction vs double all effects phy mag none challenge rating
知覚 近接 遠隔 ダメージ 頑健 反応 意志 完全耐性 弱点 抵抗 クリーチャー を除く 加えて
""".split())
_TOKEN = re.compile(r"[^\s,;|、；()（）]+")
_TRIM = "()[]（）［］.:*#>\"'"


def _text(name: str) -> str:
    folder, file = name.split("/")
    path = HERE / file if folder == "statblocks" else HERE / "corpus" / file
    with open(path, encoding="utf-8", newline="") as handle:
        return "".join(line for line in handle if not line.startswith("%%"))


def _shown_words(block: StatBlock) -> set[str]:
    """Every word the creature read from the block carries, lower case."""
    numbers = [*block.stats.values(), *block.numbers.values(), block.init_mod]
    shown = [block.name, block.defenses, block.horde, *block.traits, getattr(block, "role", ""),
             getattr(block, "cr", ""), *(str(n) for n in numbers),
             *(f"{n:+d}" for n in numbers)]
    for attack in block.attacks:
        shown += [attack.label, attack.damage, " ".join(attack.traits), attack.note]
        if attack.bonus is not None:
            shown += [f"{attack.bonus:+d}", str(attack.bonus)]
        for printed in (getattr(attack, "threat", None), getattr(attack, "multiplier", None)):
            if printed is not None:      # a d20 threat range or multiplier the attack carries
                shown += [f"{printed}", "20", f"x{printed}", f"×{printed}"]
    words = {w.strip(_TRIM).lower() for text in shown
             for w in _TOKEN.findall(normalise(text).replace("/", " "))}
    return words | {w.replace("-", " ") for w in words} | {w.rstrip("s") for w in words}


def low_parts(word: str) -> list[str]:
    return [p for p in normalise(word).strip(_TRIM).lower().split("/") if p]


_ACTION = re.compile(r"\[(?:one|two|three|free)-actions?\]|\[reaction\]", re.IGNORECASE)


def _read_word(word: str, shown: set[str]) -> bool:
    if normalise(word).strip(_TRIM).lower() in shown:
        return True
    word = re.sub(r"/\+\d+$", "/magical", word)    # 3.0's 15/+1: bypassed by a magical weapon
    if all(p in shown or all(q in shown for q in p.split("-")) for p in low_parts(word)):
        return True     # 1d4/19-20: the damage, then the threat range the attack carries
    if word in LAYOUT or any(p.strip(_TRIM).lower() in shown for p in word.split("/")[1:]) \
            and word.split("/")[0] in shown:
        return True
    if not word.isascii() and defense_line(word) != normalise(word):   # the wiki's defense words
        return all(_read_word(w, shown) for w in _TOKEN.findall(defense_line(word)))
    low = _ACTION.sub("", normalise(word)).strip(_TRIM).lower()
    if low in shown or low.rstrip("s") in shown or low in LAYOUT or not any(ch.isalnum() for ch in low):
        return True
    # a word the notation spells another way: cold iron, magic, all damage, 15/+1, ［火炎］5
    english = japanese_words().get(low) or japanese_words().get(f"［{low}］")
    pieces = re.split(r"[/+-]|(?<=］)|(?=［)|(?<=\D)(?=\d)|(?<=\d)(?=\D)", low)
    return (english or "") in shown or all(
        not p.strip(_TRIM) or p.strip(_TRIM) in shown or p.strip(_TRIM) in LAYOUT
        or (japanese_words().get(p) or "") in shown or p.strip(_TRIM) in ("magic", "magical", "iron", "cold")
        for p in pieces)


@pytest.mark.parametrize("name,system", BLOCKS)
def test_every_word_of_a_line_read_is_read_or_shown_as_not_read(name, system):
    text = _text(name)
    block = read_statblock(text, system)
    shown = _shown_words(block)
    left = [(w.position, w.position + len(w.text)) for w in block.not_read]
    for word in block.not_read:
        assert text[word.position:word.position + len(word.text)] == word.text
    lines = {line.start: line for line in Block(text).lines}
    assert block.lines_read, name
    for start in block.lines_read:
        line = lines.get(start)
        if line is None:     # the Japanese layout: the line as pasted
            end = text.find("\n", start)
            line_text = text[start:] if end < 0 else text[start:end]
        else:
            line_text = line.text
        for match in _TOKEN.finditer(line_text):
            at, until = start + match.start(), start + match.end()
            listed = any(s < until and at < e for s, e in left)
            assert listed or _read_word(match.group(), shown), (name, match.group(), line_text)


# ------------------------------------------------------------------ arbitrary text
_PIECES = st.sampled_from([
    "2d6", "+4", "fire", "slashing", "persistent", "［斬撃］", "＋", "加えて", "、", ",", ";", "(", ")",
    "except", "silver", "immunities", "weaknesses", "resistances", "5", "/", "-", "HP", "AC",
    "Melee", "Damage", "\n", " ", "Hit Dice:", "(13 hp)", "Difficulty:", "|", "ATK:", "Horde (2)",
    "Minion (3)", "Thresholds:", "8/15", "魔法", "物理", "知覚", "近接", "弱点", "抵抗", "=", "d", "x",
])
_TEXT = st.one_of(st.text(max_size=200), st.lists(_PIECES, max_size=40).map(" ".join),
                  st.lists(_PIECES, max_size=40).map("".join))


@settings(max_examples=150, deadline=None)
@given(_TEXT, st.sampled_from(["pf2e", "sf2e", "vitality-wounds", "daggerheart", "d20-3e"]))
def test_readers_raise_only_parse_errors_on_arbitrary_text(text, system):
    for reader in (parse_damage, parse_defenses):
        try:
            reader(text, system)
        except ParseError:
            pass
    try:
        parse_dice(text)
    except ParseError:
        pass
    try:
        block = read_statblock(f"Goblin Creature 1\n{text}", system)
    except ParseError:
        return
    for word in block.not_read:
        assert word.text and f"Goblin Creature 1\n{text}"[word.position:].startswith(word.text)
