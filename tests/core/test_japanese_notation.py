"""Notation as a Japanese GM types it (IME input, the wiki's defense line, the
seed's words), read exactly as its English form."""

from __future__ import annotations

import pytest

from core import get_system
from core.notation import parse_damage, parse_defenses
from core.text.errors import ParseError
from core.text.japanese import defense_line, normalise, term


def _target(defenses: str):
    rs = get_system("pf2e")
    return rs, rs.new_creature("ゴブリン戦士", defenses=defenses, hp=50)


@pytest.mark.parametrize("typed,ascii_form", [
    ("２ｄ６＋３［斬撃］", "2d6+3［斬撃］"),
    ("2d6+3\u3000slashing", "2d6+3 slashing"),
    ("１ｄ４－１　ｆｉｒｅ", "1d4-1 fire"),
    ("２ｄ４＝７［火炎］", "2d4=7［火炎］"),
    ("7［斬撃］、4［火炎］", "7［斬撃］,4［火炎］"),
])
def test_full_width_input_reads_as_ascii_one_character_for_one(typed, ascii_form):
    assert normalise(typed) == ascii_form
    assert len(normalise(typed)) == len(typed)   # error positions still point at the typed text


def test_full_width_damage_parses_as_its_ascii_form():
    assert str(parse_damage("２ｄ６＋３［斬撃］", "pf2e")) == str(parse_damage("2d6+3 slashing", "pf2e"))
    assert str(parse_damage("2d6+3\u3000slashing", "pf2e")) == "2d6+3 slashing"


def test_an_error_in_full_width_input_points_at_the_typed_character():
    with pytest.raises(ParseError) as caught:
        parse_damage("２ｄ６＋３　ｆｙｒｅ", "pf2e")
    assert caught.value.position == 6


def test_seed_004_worked_example_in_japanese():
    # seed 004: 7［斬撃］ and 4［火炎］ against 全てのダメージに対する抵抗5: slashing 2, fire 0
    rs, c = _target("抵抗 全てのダメージ5")
    out = rs.apply_damage(c, "7［斬撃］、4［火炎］")
    assert out.total == 2


def test_seed_004_weakness_example_in_japanese(R):
    # seed 004: 2d6［火炎］ against ［火炎］への弱点5 is 2d6＋5
    rs, c = _target("弱点［火炎］5")
    assert rs.apply_damage(c, "２ｄ６［火炎］", rng=R(3, 4)).total == 12


def test_the_wikis_defense_line_reads_as_the_english_one():
    wiki = parse_defenses("弱点［火炎］5；抵抗［物理］5（銀を除く）", "pf2e")
    english = parse_defenses("weaknesses fire 5; resistances physical 5 (except silver)", "pf2e")
    assert wiki.weaknesses == english.weaknesses
    assert wiki.resistances == english.resistances


@pytest.mark.parametrize("line", [
    "弱点［火炎］5；抵抗［物理］5（銀を除く）",
    "弱点 ［火炎］ 5; 抵抗 ［物理］ 5 （銀を除く）",
    "弱点［火炎］5，抵抗［物理］5（銀を除く）",
])
def test_the_wikis_separators_and_spacing(line):
    rs, c = _target(line)
    assert rs.apply_damage(c, "10［斬撃］").total == 5
    assert rs.apply_damage(c, "10［斬撃］ 銀").total == 10
    assert rs.apply_damage(c, "4［火炎］").total == 9


@pytest.mark.parametrize("line,damage,total", [
    ("immunities 火炎", "6［火炎］", 0),
    ("完全耐性［火炎］", "6 fire", 0),
    ("完全耐性 即死", "6 slashing death", 0),
    ("完全耐性 非致傷攻撃", "6 bludgeoning nonlethal", 0),
    ("完全耐性 クリティカル・ヒット", "6 slashing", 6),
    ("耐性［酸］3", "6［強酸］", 3),             # pf2e-ja: 耐性 and 酸
    ("抵抗 電撃 2", "6［雷撃］", 4),             # pf2e-ja: 電撃
])
def test_japanese_defense_words_act(line, damage, total):
    rs, c = _target(line)
    assert rs.apply_damage(c, damage).total == total


def test_critical_hit_immunity_in_japanese_halves_back_a_critical():
    rs, c = _target("完全耐性 クリティカル・ヒット")
    assert rs.apply_damage(c, "6 slashing", critical=True).total == 6


def test_english_defense_lines_are_left_alone():
    line = "immunities poison; weaknesses fire 5; resistances physical 10 (except silver)"
    assert defense_line(line) == line


def test_the_seeds_terms_are_canonical():
    assert term("fire") == "［火炎］"
    assert term("acid") == "［強酸］"
    assert term("electricity") == "［雷撃］"
    assert term("immunities") == "完全耐性"
    assert term("flat check") == "平目判定"
    assert term("critical-success") == "大成功"
    assert term("no such word") == "no such word"


@pytest.mark.parametrize("line,item", [
    ("弱点［火炎］5；抵抗［火焔］5（銀を除く）", "抵抗［火焔］5（銀を除く）"),
    ("完全耐性 即死、毒、ほげ", "ほげ"),
    ("弱点［火炎］5；抵抗［物理］（銀を除く）", "抵抗［物理］（銀を除く）"),
])
def test_an_error_in_the_wikis_line_points_at_the_item_as_typed(line, item):
    with pytest.raises(ParseError) as caught:
        parse_defenses(line, "pf2e")
    assert caught.value.text == line
    assert caught.value.position == line.index(item)
