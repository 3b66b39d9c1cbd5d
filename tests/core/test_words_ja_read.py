"""Japanese words a reader used to misread, refuse or keep as free text (RULES §10: every word
acts or is shown as not read): Daggerheart's magic and physical in the app's own words, a
Strike's persistent bleed after ＋ or 加えて, and 立ちすくみ as the off-guard condition."""

from __future__ import annotations

import time

import pytest

from core import Encounter, get_system
from core.notation import parse_damage
from core.statblocks import read_statblock
from core.text.errors import ParseError
from core.text.i18n import set_language


@pytest.mark.parametrize("typed", ["2d6 魔法", "2d6［魔法］", "２ｄ６　魔法"])
def test_daggerheart_magic_in_japanese_is_the_magic_damage_type(typed):
    part, = parse_damage(typed, "daggerheart").parts
    assert (part.type, part.traits) == ("magic", frozenset())


@pytest.mark.parametrize("typed", ["2d6 物理", "2d6［物理］"])
def test_daggerheart_physical_in_japanese_is_the_physical_damage_type(typed):
    part, = parse_damage(typed, "daggerheart").parts
    assert (part.type, part.traits) == ("physical", frozenset())


def test_japanese_magic_damage_is_halved_by_a_daggerheart_resistance_to_magic():
    # RULES §3: resistance halves the damage of its type (7 → 4, rounded up), not physical's
    rs = get_system("daggerheart")
    skull = rs.new_creature("Skull", hp=6, major=5, severe=10, defenses="resistance magic")
    assert rs.apply_damage(skull, "2d6=7 魔法").total == 4
    fresh = rs.new_creature("Skull", hp=6, major=5, severe=10, defenses="resistance magic")
    assert rs.apply_damage(fresh, "2d6=7 物理").total == 7


def test_what_the_app_shows_for_daggerheart_magic_in_japanese_reads_back():
    previous = set_language("ja")
    try:
        shown = str(parse_damage("2d6 magic", "daggerheart"))
    finally:
        set_language(previous)
    assert shown == "2d6［魔法］"
    assert parse_damage(shown, "daggerheart").parts[0].type == "magic"


def test_a_plus_after_a_bracketed_type_starts_a_persistent_bleed_part():
    damage = parse_damage("1d6+4［斬撃］＋1d6 持続［出血］", "pf2e")
    assert [(str(p.amount), p.type, p.persistent) for p in damage.parts] == [
        ("1d6+4", "slashing", False), ("1d6", "bleed", True)]


_BLOCK = ("ゴブリン クリーチャー 1\n知覚 +2\nHP 16\n"
          "近接 ◆ ジョウ +7、ダメージ 1d6+4［斬撃］{tail}")


@pytest.mark.parametrize("tail", ["＋1d6 持続［出血］", "、加えて1d6 持続［出血］"])
def test_a_japanese_strike_keeps_its_persistent_bleed_in_the_damage(tail):
    attack, = read_statblock(_BLOCK.format(tail=tail), "pf2e").attacks
    parts = parse_damage(attack.damage, "pf2e").parts
    assert [(str(p.amount), p.type, p.persistent) for p in parts] == [
        ("1d6+4", "slashing", False), ("1d6", "bleed", True)]
    assert attack.note == ""


@pytest.mark.parametrize("typed", ["立ちすくみ", "立ちすくみ状態"])
def test_the_pre_remaster_word_for_off_guard_lowers_ac_by_two(typed):
    # PF2 off-guard: a −2 circumstance penalty to AC
    enc = Encounter(system="pf2e")
    cid = enc.add(get_system("pf2e").new_creature("Goblin", hp=6, numbers={"ac": 16}), initiative=10)
    enc.add_condition(cid, typed)
    assert "off-guard" in enc.conditions_of(cid)
    assert enc.numbers_of(cid)["ac"] == 14


def test_a_mistake_on_a_6400_character_japanese_line_is_found_in_linear_time():
    line = "弱点［火炎］5" + "、［火炎］5" * 1066 + "、ふぁいあ5"
    assert len(line) > 6400
    text = f"ゴブリン クリーチャー 1\n知覚 +2\nAC 16；頑健 +5、反応 +7、意志 +3\nHP 6\n{line}"
    started = time.perf_counter()
    with pytest.raises(ParseError) as caught:
        read_statblock(text, "pf2e")
    assert time.perf_counter() - started < 0.5
    assert caught.value.position == text.index("ふぁいあ5")


def test_a_mistake_after_in_addition_is_placed_on_the_character_pasted():
    text = _BLOCK.format(tail="、加えて1d6 持続［出血］").replace("［斬撃］", "［ざんげき］")
    with pytest.raises(ParseError) as caught:
        read_statblock(text, "pf2e")
    assert caught.value.position == text.index("［ざんげき］")


def test_many_words_not_read_on_a_6400_character_japanese_line_are_placed_in_linear_time():
    line = "知覚 +2；" + "；".join(f"暗視{i}" for i in range(1100))
    assert len(line) > 6400
    text = f"ゴブリン クリーチャー 1\n{line}\nAC 16；頑健 +5、反応 +7、意志 +3\nHP 6"
    started = time.perf_counter()
    block = read_statblock(text, "pf2e")
    assert time.perf_counter() - started < 0.5
    assert len(block.not_read) == 1100
    assert all(text[w.position:w.position + len(w.text)] == w.text for w in block.not_read)
