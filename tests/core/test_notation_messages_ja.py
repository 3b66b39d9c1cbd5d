"""Every message of the notation through the catalogue, in Japanese
when the GM speaks it, at the same position; and that position is the right cell when the GM
typed full-width (a caret is drawn by cells, core/text/cells.py)."""

from __future__ import annotations

import pytest

from core.notation import parse_damage, parse_defenses
from core.text import i18n
from core.text.cells import cells
from core.text.errors import ParseError


def _error(read, text, system: str) -> ParseError:
    with pytest.raises(ParseError) as caught:
        read(text, system)
    return caught.value


def _is_english(message: str) -> bool:
    return not any(0x3000 <= ord(c) <= 0xFFEF for c in message)   # no kana, kanji, full width


DAMAGE = [
    ("", "ダメージがありません：量と種類を書いてください（例：2d6［火炎］）", 0),
    ("2d6 fire,,1d4 cold", "空のダメージがあります（カンマが2つ続いていませんか？）", 9),
    ("2d6", "「2d6」の後にダメージの種類を書いてください（例：2d6［斬撃］）", 3),
    ("fire", "［火炎］の前に量を書いてください（例：「2d6［火炎］」）", 0),
    ("silver", "ダメージには量が要ります（例：2d6［火炎］）", 0),
    ("2d4=7 persistent fire", "持続ダメージは毎回振り直します：「=」と合計を付けずに2d4と書いてください", 0),
    ("1d8+4 slashing +1", "+1の武器にはmagical（魔法）と書いてください（例：「1d8+4 slashing magical」）", 15),
    ("fire 2d6", "量は種類の前に書いてください（例：「2d6［火炎］」）", 5),
    ("2d6 fyre", "ダメージに知らない語があります：「fyre」（「fire」のことですか？）", 4),
    ("2d6 zzqx", "ダメージに知らない語があります：「zzqx」", 4),
    ("2d fire", "「d」の後にダイスの面数を書いてください（d4、d6、d8…）", 1),
    ("d fire", "「d」の後にダイスの面数を書いてください（d4、d6、d8…）", 1),
    ("2d6=x fire", "「=」の後にはダイスの合計を書いてください（例：2d4=7）", 3),
    ("2d6fire", "量と「fire」の間に空白を入れてください", 3),
    ("2d6 fire cold", "1つのダメージに種類が2つ（［火炎］、［冷気］）あります：カンマで分けてください", 9),
    ("x" * 600, "ダメージが500文字を超えています", 500),
    (5, "ダメージは文字で書いてください", 0),
]

DEFENSES = [
    ("pf2e", 5, "防御は文字で書いてください", 0),
    ("pf2e", "x" * 3000, "防御の行が長すぎます", 2000),
    ("pf2e", "resistances fire 5)", "「(」のない「)」があります", 18),
    ("pf2e", "resistances fire 5 (except silver", "「(」が閉じていません", 19),
    ("pf2e", "fire 5", "完全耐性・弱点・抵抗のいずれかで始めてください（「fire」ではなく）", 0),
    ("pf2e", "vulnerable fire 5", "「vulnerable」はvitality-woundsにしかありません", 0),
    ("pf2e", "weaknesses", "弱点の後に何もありません", 10),
    ("pf2e", "weaknesses 5", "弱点 5にはダメージの種類が要ります（例：「弱点［火炎］5」）", 11),
    ("pf2e", "immunities fire 5", "完全耐性に値はありません", 11),
    ("pf2e", "weaknesses fire", "弱点［火炎］には値が要ります（例：「弱点［火炎］5」）", 15),
    ("daggerheart", "resistances physical 5", "Daggerheartの抵抗に値はありません（半減します）", 12),
    ("pf2e", "resistances physical 5 (except )", "除くものを書いてください（例：「（銀を除く）」）", 23),
    ("pf2e", "resistances fire 5 10", "値は1項目に1つです：項目は「、」かカンマで区切ってください", 12),
    ("pf2e", "immunities fire except silver", "例外は「（銀を除く）」のように書いてください", 16),
    ("pf2e", "immunities fire silver", "「fire silver」は1つの完全耐性ではありません：1項目にダメージの種類・素材・"
     "効果を1つずつ書いてカンマで区切り、例外は「（銀を除く）」と書きます", 11),
    ("pf2e", "immunities fyre", "知らない完全耐性です：「fyre」（「fire」のことですか？）", 11),
    ("pf2e", "immunities zzqx", "知らない完全耐性です：「zzqx」はダメージの種類・素材・特性・効果・状態のどれでもありません", 11),
    ("pf2e", "weaknesses fyre 5", "知らないダメージの種類か素材です：「fyre」（「fire」のことですか？）", 11),
    ("pf2e", "weaknesses zzqx 5", "知らないダメージの種類か素材です：「zzqx」", 11),
    ("d20-3e", "fire immunity 5", "完全耐性に値はありません", 14),
    ("d20-3e", "fire resistance", "fire resistanceには値が要ります（例：「fire resistance 10」）", 0),
    ("d20-3e", "DR 10/", "ダメージ減少を無視するものを書いてください：「-」、素材、「magic」、「+1」のいずれか", 6),
    ("d20-3e", "DR 10/+0", "強化ボーナスは+1以上です（「+0」ではなく）", 6),
]


@pytest.mark.parametrize("text,message,position", DAMAGE)
def test_each_damage_message_in_japanese_at_the_same_place(japanese, text, message, position):
    error = _error(parse_damage, text, "pf2e")
    assert (error.message, error.position) == (message, position)
    i18n.set_language("en")
    english = _error(parse_damage, text, "pf2e")
    assert english.position == position and _is_english(english.message)


@pytest.mark.parametrize("system,text,message,position", DEFENSES)
def test_each_defense_message_in_japanese_at_the_same_place(japanese, system, text, message, position):
    error = _error(parse_defenses, text, system)
    assert (error.message, error.position) == (message, position)
    i18n.set_language("en")
    english = _error(parse_defenses, text, system)
    assert english.position == position and _is_english(english.message)


def test_the_english_messages_are_as_before():
    """The ids are the English messages the GM read before the catalogue (a sample)."""
    assert _error(parse_damage, "2d6 fyre", "pf2e").message == \
        "unknown word 'fyre' in damage — did you mean 'fire'?"
    assert _error(parse_defenses, "immunities zzqx", "pf2e").message == \
        "unknown immunity 'zzqx': not a damage type, material, trait, effect or condition"
    assert _error(parse_defenses, "weaknesses fire", "pf2e").message == \
        "weakness fire needs a value, e.g. 'fire 5'"


def test_the_notes_of_an_understood_defense_line_in_japanese(japanese):
    lines = parse_defenses("immunities death effects, paralyzed; hardness 5", "pf2e").describe()
    assert lines == ["即死への完全耐性（即死特性の攻撃はダメージなし）", "麻痺への完全耐性（効果：表示のみ）",
                     "hardness 5（自動処理なし）"]
    i18n.set_language("en")
    assert parse_defenses("immunities paralyzed; hardness 5", "pf2e").describe() == \
        ["immunity paralyzed (effect, shown only)", "hardness 5 (not automated)"]


# --------------------------------------------------------------------------- full-width input

@pytest.mark.parametrize("text,before,word", [
    ("２ｄ６＋３　ｆｙｒｅ", "２ｄ６＋３　", "ｆｙｒｅ"),                # IME width, IME space
    ("2d6［火炎］、1d4 ｆｙｒｅ", "2d6［火炎］、1d4 ", "ｆｙｒｅ"),
    ("2d6［火炎］ ［火焔］", "2d6［火炎］ ", "［火焔］"),                # a typo in the seed's brackets
    ("２ｄ６［火炎］ ２ｄ", "２ｄ６［火炎］ ", "２ｄ"),
])
def test_a_damage_error_points_at_the_cell_of_the_word_typed_full_width(japanese, text, before, word):
    error = _error(parse_damage, text, "pf2e")
    assert text[error.position:].startswith(word)
    assert cells(text[:error.position]) == cells(before)    # where the caret is drawn


@pytest.mark.parametrize("text,before,word", [
    ("弱点［火炎］5；抵抗［物理］（銀を除く）", "弱点［火炎］5；", "抵抗［物理］"),   # the wiki's line
    ("弱点［火炎］５、［冷気］", "弱点［火炎］５、", "［冷気］"),
    ("resistances physical 5 （except silver", "resistances physical 5 ", "（"),
])
def test_a_defense_error_points_at_the_cell_of_the_entry_typed_full_width(japanese, text, before, word):
    error = _error(parse_defenses, text, "pf2e")
    assert text[error.position:].startswith(word)
    assert cells(text[:error.position]) == cells(before)


def test_a_defense_line_in_a_table_cell_reads_as_the_wiki_writes_it(japanese):
    """No ``weak fire 5`` beside Japanese words; d20 3.0's damage reduction,
    a term no source settles in Japanese, stays as printed."""
    pf2 = parse_defenses("weaknesses fire 5; resistances physical 5 (except silver); "
                         "immunities paralyzed, death effects", "pf2e")
    assert pf2.short() == "弱点［火炎］5、抵抗［物理］5（銀を除く）、麻痺への完全耐性、即死への完全耐性"
    d20 = parse_defenses("DR 10/silver; resist fire 10", "d20-3e")
    assert d20.describe() == ["ダメージ減少10/銀", "抵抗［火炎］10"]
    assert d20.short() == "ダメージ減少10/銀、抵抗［火炎］10"
    i18n.set_language("en")
    assert pf2.short() == "weak fire 5, res physical 5 (exc. silver), imm paralyzed, imm death effects"
