"""The box's search and the library's ranking at their edges: a level range typed high to low,
a filter that is not a level named as typed, words in order before words in any order, names
folding alike kept in the order given, and a limit of 0."""

from __future__ import annotations

import pytest

from core.compendium import rank_names, search


def test_a_level_range_typed_high_to_low_is_the_same_range():
    found = search("pf2e", "lvl:3-1", 1000)
    assert found and found == search("pf2e", "lvl:1-3", 1000)
    assert {entry.level for entry in found} <= {1, 2, 3}


def test_a_filter_that_is_not_a_level_is_named_as_typed():
    with pytest.raises(ValueError) as said:
        search("pf2e", "Lvl:x")
    assert str(said.value) == "lvl:x is not a level; type e.g. lvl:1-3, tier:1, cr:1/2"


def test_the_words_in_order_rank_before_the_same_words_in_any_order():
    # "brown bear": Brown Hills Bear has both words in order (longer name); Dire Bear, Brown
    # has them in the other order
    assert rank_names("brown bear", ["Dire Bear, Brown", "Brown Hills Bear"]) == \
        ["Brown Hills Bear", "Dire Bear, Brown"]


def test_names_that_fold_alike_keep_the_order_given():
    assert rank_names("goblin", ["goblin", "Goblin"]) == ["goblin", "Goblin"]
    assert rank_names("goblin", ["Goblin", "goblin"]) == ["Goblin", "goblin"]


def test_a_limit_of_0_lists_nothing():
    assert rank_names("gob", ["Goblin"], limit=0) == []
    assert search("pf2e", "goblin", 0) == []
