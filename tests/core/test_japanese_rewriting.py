"""What mutation testing left alive in core/text/japanese.py: the ends of the
full-width range folded, the wiki's defense line rewritten, labels and entries in the seed's
words, and a caret mapped back to the item the GM typed."""

from __future__ import annotations

import pytest

from core.notation import DefenseEntry, parse_defenses
from core.text.japanese import (
    _item_starts,
    damage_label,
    defense_line,
    defense_text,
    normalise,
    term,
    typed_position,
)


@pytest.mark.parametrize("typed,folded", [
    ("２ｄ６＋３　［斬撃］", "2d6+3 ［斬撃］"),
    ("！", "!"),                  # the first of the full-width range
    ("～", "~"),                  # the last
    ("｟", "｟"),                  # one past it: kept
    ("a−b‐c、", "a-b-c,"),
    ("", ""),
])
def test_full_width_folds_one_for_one(typed, folded):
    assert normalise(typed) == folded


def test_a_word_reads_in_the_glossarys_japanese_or_stays():
    assert term("fire") == "［火炎］"
    assert term("all damage") == "全てのダメージ"
    assert term("nope") == "nope"


@pytest.mark.parametrize("typed,rewritten", [
    ("弱点［火炎］5；抵抗［物理］5（銀を除く）", "weaknesses fire 5; resistances physical 5 (except silver)"),
    ("完全耐性［火炎］、［冷気］", "immunities fire, cold"),
    ("耐性［火炎］5", "resistances fire 5"),
    ("resistances fire 5", "resistances fire 5"),
])
def test_the_wikis_defense_line_reads_as_the_notation(typed, rewritten):
    assert defense_line(typed) == rewritten


def test_a_damage_part_reads_as_the_seed_writes_it():
    assert damage_label(None, True, "fire", []) == "持続［火炎］"
    assert damage_label("1d6", True, None, ["silver"]) == "1d6 持続 銀"
    assert damage_label("1d6", True, "fire", []) == "1d6 持続［火炎］"
    assert damage_label("1d6", False, None, []) == "1d6"


def test_a_defense_entry_reads_as_the_wiki_writes_it():
    assert defense_text("resistance", "all", 5, frozenset()) == "全てのダメージへの抵抗5"
    assert defense_text("immunity", "death", 0, frozenset()) == "即死への完全耐性"
    assert defense_text("weakness", "fire", 0, frozenset({"silver", "cold-iron"})) == "弱点［火炎］（冷たい鉄、銀を除く）"


def test_items_start_after_each_separator_outside_parentheses():
    assert _item_starts("a,(b,c);d、e") == [0, 2, 8, 10]
    assert _item_starts("a)b,c") == [0, 4]


def test_a_caret_in_the_rewrite_goes_to_the_start_of_the_item_typed():
    typed = "弱点［火炎］5；抵抗［物理］x"
    rewritten = defense_line(typed)
    assert typed_position(typed, rewritten, rewritten.index("resistances") + 5) == typed.index("抵抗")
    assert typed_position(typed, rewritten, 0) == 0
    assert typed_position("ａｂｃ", "abc", 2) == 2      # folded one for one: the same column
    assert typed_position("x；  抵抗［物理］x", defense_line("x；  抵抗［物理］x"), 12) == 4


def test_every_kind_of_entry_is_headed_in_the_glossarys_words(japanese):
    assert DefenseEntry("vulnerability", "fire", 5).describe() == "脆弱性［火炎］5"
    assert defense_text("weakness", "fire", 5, frozenset()) == "弱点［火炎］5"


def test_an_effect_the_glossary_does_not_know_reads_as_the_effects_printed(japanese):
    immunity = parse_defenses("immunities sleep", "pf2e").effect_traits[0]
    assert immunity.describe() == "sleep effectsへの完全耐性"     # the glossary has no word: the block's own


def test_non_magical_reads_as_the_seed_writes_it_and_is_read_back(japanese):
    """Seed 004: 魔法でない［殴打］ダメージに抵抗を持つ — a non-magical resistance in the seed's words."""
    entry = parse_defenses("resistances non-magical bludgeoning 5", "pf2e").resistances[0]
    assert entry.describe() == "魔法でない［殴打］への抵抗5"
    assert defense_line("魔法でない［殴打］への抵抗5") == "resistances non-magical bludgeoning 5"
    assert parse_defenses("魔法でない［殴打］への抵抗5", "pf2e").resistances[0].non_magical
