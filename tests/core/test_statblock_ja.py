"""A stat block in the Japanese wiki's layout reads as the English layout does."""

from __future__ import annotations

from pathlib import Path

import pytest

from core import get_system
from core.statblocks import read_statblock
from core.text.errors import ParseError

HERE = Path(__file__).parent / "statblocks"


def _read(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")


def test_the_goblin_warrior_in_japanese_reads_as_in_english():
    ja = read_statblock(_read("pf2e-goblin-warrior-ja.txt"), "pf2e")
    en = read_statblock(_read("pf2e-goblin-warrior.txt"), "pf2e")
    assert ja.name == "ゴブリン戦士"           # the level left out of the name
    assert (ja.stats, ja.init_mod, ja.traits) == (en.stats, en.init_mod, en.traits)
    assert [(a.label, a.damage) for a in ja.attacks] == [("ドッグスライサー", "1d6［斬撃］"), ("ショートボウ", "1d6［刺突］")]
    assert ja.defenses == "weaknesses fire 5; resistances physical 5 (except silver)"


def test_the_japanese_goblin_takes_damage_by_its_defenses(R):
    text = _read("pf2e-goblin-warrior-ja.txt")
    rs = get_system("pf2e")
    goblin = rs.from_statblock(text)
    assert goblin.statblock == text            # the block is kept as pasted
    assert rs.apply_damage(goblin, "1［火炎］").total == 6
    assert rs.apply_damage(rs.from_statblock(text), "6［斬撃］ 銀").total == 6


def test_hp_and_defenses_on_one_line_and_an_undead_trait():
    block = read_statblock("ゾンビ　クリーチャー－1\nNE 中型 アンデッド ゾンビ\n知覚 +0；暗視\n"
                           "AC 12；頑健 +6、反応 +0、意志 +2\nHP 20；完全耐性 即死、病気；弱点 ［斬撃］5\n"
                           "近接 ◆ 拳 +7、ダメージ 1d6+2［殴打］", "pf2e")
    assert block.stats == {"hp": 20}
    assert block.traits == ("undead",)
    assert block.defenses == "immunities death effects, disease; weaknesses slashing 5"
    assert [(a.label, a.damage) for a in block.attacks] == [("拳", "1d6+2［殴打］")]


def test_an_error_points_at_the_line_as_pasted():
    text = "ゴブリン　クリーチャー1\n知覚 +2\nHP 6\n弱点［火焔］5"
    with pytest.raises(ParseError) as caught:
        read_statblock(text, "pf2e")
    assert caught.value.text == text
    assert text.count("\n", 0, caught.value.position) == 3   # the 弱点 line
