"""What the stat-block readers tell the GM, through the catalogue
(Japanese when the GM speaks it), the line named apart from the message, the lines not read
said with a plural; a mistake in the Japanese wiki's layout is placed on the cell typed; and
the readers are split per layout yet still read only when a block is pasted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from core.statblocks import StatBlock, read_statblock
from core.statblocks.text import BlockError
from core.text import i18n
from core.text.cells import cells
from core.text.errors import ParseError

ROOT = Path(__file__).resolve().parents[2]
DH = "Skull\nDifficulty: 14 | Thresholds: {} | HP: 8 | Stress: 3"
DH_ATTACK = "Skull\nDifficulty: 14 | Thresholds: 8/15 | HP: 8 | Stress: 3\nATK: +3{}"
STOPS = "：ブロックがここで終わっています（残りも貼り付けてください）"



def _error(text, system: str = "pf2e") -> ParseError:
    with pytest.raises(ParseError) as caught:
        read_statblock(text, system)
    return caught.value


CASES = [
    ("pf2e", 5, "ステータスブロックは文字で貼り付けてください"),
    ("pf2e", "x" * 30000, "ステータスブロックが20000文字を超えています"),
    ("pf2e", "", "1行目：ステータスブロックが空です：名前から順に、印刷どおりに貼り付けてください"),
    ("pf2e", "Creature 3\nHP 6", "1行目：1行目はクリーチャーの名前にしてください"),
    ("pf2e", "Goblin\nAC 16", "2行目：HPの行がありません（HP 30、またはVitality 20, Wounds 12）" + STOPS),
    ("pf2e", "Goblin Creature 1\nHP 6x", "2行目：HPは0以上の整数で書いてください（「6x」ではなく）"),
    ("pf2e", "Goblin Creature 1\nHP 6; Weaknesses", "2行目：「weaknesses」の後に何もありません"),
    ("pf2e", "Goblin Creature 1\nPerception x\nHP 6", "2行目：Perceptionは数で書いてください（例：Perception +7）"),
    ("pf2e", "Goblin Creature 1\nHP 99999999999", "2行目：HP 99999999999は範囲外です：0～1,000,000"),
    ("pf2e", "Goblin Creature 1\nHP " + "9" * 40, "2行目：HP 99999999999999999999…（40桁）は範囲外です：0～1,000,000"),
    ("pf2e", "Goblin Creature 99999\nHP 6", "1行目：レベル 99999は範囲外です：-1～999"),
    ("pf2e", "Goblin Creature 1\nHP 6\nMelee claw +99999, Damage 1d6 slashing",
     "3行目：攻撃ボーナス +99999は範囲外です：-999～999"),
    ("pf2e", "Goblin Creature 1\nHP 6\nMelee claw +7, Damage 1d6 fyre",
     "3行目：ダメージに知らない語があります：「fyre」（「fire」のことですか？）"),
    ("d20-3e", "Orc\nHit Dice: 1d8+1", "2行目：Hit Diceの最後にはHPを書きます：2d8+4 (13 hp)"),
    ("d20-3e", "Orc\nArmor Class: 13", "2行目：Hit Diceの行がありません（Hit Dice: 2d8+4 (13 hp)）" + STOPS),
    ("daggerheart", "Skull\nDifficulty: 14 | HP: 8 | Stress: 3",
     "2行目：Thresholdsの欄がありません（Difficulty: 14 | Thresholds: 8/15 | HP: 8 | Stress: 3）" + STOPS),
    ("daggerheart", DH.format("8/x"), "2行目：閾値は 8/15、4/None、None のように書きます（「8/x」ではなく）"),
    ("daggerheart", DH.format("None/15"), "2行目：重度の閾値なしに深刻の閾値があります"),
    ("daggerheart", DH.format("15/8"), "2行目：「15/8」の深刻の閾値が重度より低くなっています"),
    ("daggerheart", DH_ATTACK.format(""), "3行目：攻撃は ATK: +3 | Claws: Very Close | 1d12+2 phy のように書きます"),
    ("daggerheart", DH_ATTACK.format(" | Claws: Very Close | 1d12+2 xyz"),
     "3行目：攻撃は ATK: +3 | Claws: Very Close | 1d12+2 phy のように書きます（「1d12+2 xyz」ではなく）"),
]


@pytest.mark.parametrize("system,text,message", CASES)
def test_each_reader_message_in_japanese_at_the_same_place(japanese, system, text, message):
    error = _error(text, system)
    assert error.message == message
    i18n.set_language("en")
    english = _error(text, system)
    assert english.position == error.position
    assert not any(0x3000 <= ord(c) <= 0xFFEF for c in english.message)


def test_the_line_is_named_apart_from_the_message(japanese):
    """The paste dialog names the line and column itself: it shows ``detail``."""
    error = _error("Goblin Creature 1\nHP 6x")
    assert isinstance(error, BlockError)
    assert (error.line, error.detail) == (2, "HPは0以上の整数で書いてください（「6x」ではなく）")
    i18n.set_language("en")
    error = _error("Goblin Creature 1\nHP 6x")
    assert error.message == "line 2: HP should be a whole number, not '6x'"
    assert isinstance(error, BlockError)
    assert error.detail == "HP should be a whole number, not '6x'"


def test_the_lines_not_read_are_said_in_the_gms_language(japanese):
    two = StatBlock("Orc", {"hp": 6}, unread=("AC 17", "Fort +3"))
    assert two.unread_note() == "統計値らしい行を2行読めませんでした：AC 17 / Fort +3"
    i18n.set_language("en")
    assert two.unread_note() == "2 lines look like statistics but were not read: AC 17 / Fort +3"
    assert StatBlock("Orc", {}, unread=("AC 17",)).unread_note() == \
        "1 line looks like a statistic but was not read: AC 17"
    assert StatBlock("Orc", {}).unread_note() == ""


def test_a_block_read_says_which_lines_it_did_not_read():
    block = read_statblock("Goblin Creature 1\nHP 6\nAc 17; FoRt +7", "pf2e")
    assert block.unread_note() == "1 line looks like a statistic but was not read: Ac 17; FoRt +7"


# --------------------------------------------------------------------------- the wiki's layout

GOBLIN = "ゴブリン　クリーチャー1\n知覚 +2\n"


@pytest.mark.parametrize("rest,before,word", [
    ("HP 6；弱点［火焔］5", "HP 6；弱点", "［火焔］5"),              # a typo in a defense section
    ("HP ６ｘ", "HP ", "６ｘ"),                                     # full-width digits
    ("HP 6\n近接 ◆ ドッグスライサー +7（敏捷）、ダメージ 1d6［斬撃］ fyre",
     "近接 ◆ ドッグスライサー +7（敏捷）、ダメージ 1d6［斬撃］ ", "fyre"),
    ("AC 16；頑健 +5、反応 +7、意志 +3\nHP 6\n弱点［火炎］5；抵抗［物理］（銀を除く）", "弱点［火炎］5；", "抵抗［物理］"),
])
def test_a_mistake_in_the_wikis_layout_is_placed_on_the_cell_typed(japanese, rest, before, word):
    """The rewrite into the English layout changes the line's length (知覚 → Perception,
    、ダメージ → , Damage): the caret is placed back on what the GM pasted, measured in cells."""
    text = GOBLIN + rest
    error = _error(text)
    line_start = text.rfind("\n", 0, error.position) + 1
    assert text[error.position:].startswith(word)
    assert cells(text[line_start:error.position]) == cells(before)
    assert error.text == text and error.message.startswith(f"{text.count(chr(10), 0, error.position) + 1}行目：")


def test_a_line_the_wikis_layout_lacks_is_placed_at_the_end():
    text = GOBLIN + "AC 16；頑健 +5、反応 +7、意志 +3"
    assert _error(text).position == len(text)


# --------------------------------------------------------------------------- start-up

def test_the_readers_are_not_imported_with_the_core():
    """Start-up reads no stat block: importing the core, its systems and the
    notation loads none of core.statblocks's modules; pasting a block loads them."""
    script = ("import sys, core, core.notation\nfrom core import get_system\n"
              "print(' '.join(m for m in sys.modules if m.startswith('core.statblocks')))\n"
              "get_system('pf2e').from_statblock('Goblin Creature 1\\nHP 6')\n"
              "print(' '.join(sorted(m for m in sys.modules if m.startswith('core.statblocks'))))\n")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                            timeout=60, check=True)
    at_start, after_paste = result.stdout.splitlines()
    assert at_start == ""
    assert set(after_paste.split()) >= {"core.statblocks", "core.statblocks.pf2", "core.statblocks.text"}


def test_the_fronts_keep_the_names_they_exported_before_the_split():
    """Split by what each part reads, still imported from where it was."""
    import core.notation
    import core.statblocks

    assert {"Damage", "DamagePart", "parse_damage", "parse_defenses", "Defenses", "DefenseEntry",
            "Applicable", "applicable", "excepted", "IMMUNITY", "WEAKNESS", "RESISTANCE",
            "VULNERABILITY", "DAMAGE_REDUCTION", "EFFECT"} <= set(core.notation.__all__)
    assert {"StatBlock", "Line", "read_statblock", "split_outside", "kinds_in", "KINDS", "title_case",
            "unread_lines", "READERS", "MAX_STATBLOCK", "read_pf2", "read_daggerheart",
            "read_d20"} <= set(core.statblocks.__all__)
    for module in (core.notation, core.statblocks):
        assert all(hasattr(module, name) for name in module.__all__)
