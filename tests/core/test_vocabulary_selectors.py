"""The selector words a damage part answers to (survivors of a mutmut sample of
core/catalog/vocabulary.py): its traits, ``all``, its type and its type's category — where the category is
a selector word (physical, energy, alignment), not a heading of types.toml (other, damage)."""

from __future__ import annotations

import pytest

from core.catalog.vocabulary import vocabulary


@pytest.mark.parametrize("system,damage_type,traits,keys", [
    ("pf2e", "fire", frozenset(), {"all", "fire", "energy"}),
    ("pf2e", "slashing", frozenset({"magical"}), {"all", "slashing", "physical", "magical"}),
    ("pf2e", "mental", frozenset(), {"all", "mental"}),              # "other" is no selector
    ("d20-3e", "untyped", frozenset(), {"all", "untyped"}),
    ("daggerheart", "magic", frozenset(), {"all", "magic"}),         # nor is "damage"
    ("pf2e", "wyrmfire", frozenset(), {"all", "wyrmfire"}),          # a type of no category
    ("pf2e", None, frozenset({"silver"}), {"all", "silver"}),        # an untyped part
])
def test_a_part_answers_to_its_type_its_category_and_its_traits(system, damage_type, traits, keys):
    assert vocabulary(system).keys_for(damage_type, traits) == keys


@pytest.mark.parametrize("system,word,meaning", [
    ("pf2e", "［火炎］", "fire"),
    ("sf2e", "［霊］", "spirit"),
    ("pf2e", "［霊］", None),         # spirit damage is Starfinder's, not Pathfinder's
    ("pf2e", "負傷", None),           # wounded is a condition, not a damage word
    ("daggerheart", "［冷気］", None),  # Daggerheart's damage is physical or magic
])
def test_a_japanese_word_is_a_damage_word_only_where_the_system_has_its_meaning(system, word, meaning):
    assert vocabulary(system).aliases.get(word) == meaning


def test_a_word_is_read_whatever_its_case_every_alias_being_lower_case():
    from core.systems import SYSTEM_IDS

    assert all(key == key.lower() for system in SYSTEM_IDS for key in vocabulary(system).aliases)
    assert vocabulary("daggerheart").canonical("Phy") == "physical"
    assert vocabulary("pf2e").canonical("FIRE") == "fire"
    assert vocabulary("pf2e").canonical("Vitality") == "positive"
