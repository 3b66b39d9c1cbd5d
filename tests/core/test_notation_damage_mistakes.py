"""What mutation testing left alive in core/notation/damage.py: the caret of
each damage mistake, the length limit, the labels a part shows, which parts are persistent or
nonlethal, and the example a refused weapon bonus offers."""

from __future__ import annotations

import pytest

from core.catalog.vocabulary import vocabulary
from core.dice.expression import MAX_LENGTH
from core.notation import parse_damage
from core.text.errors import ParseError


def _error(text: object, system: str = "pf2e") -> ParseError:
    with pytest.raises(ParseError) as caught:
        parse_damage(text, system)  # type: ignore[arg-type]
    return caught.value


@pytest.mark.parametrize("text,system,position", [
    ("2d6 fire［xyz］", "pf2e", 8),        # a bracketed word straight after another: its own column
    ("2d6 fire［斬撃］", "pf2e", 8),        # the second type is the bracketed one
    ("   ", "pf2e", 0),
    ("  14  ", "pf2e", 4),                # the type is missing where the amount ends
    ("1d6 fire, 14", "pf2e", 12),
    (" 2d6=7 persistent fire", "pf2e", 1),   # the part's first letter, past the space
    ("1d6 fire, 2d6=7 bleed", "pf2e", 10),
    ("2d6 fire +1 silver", "pf2e", 9),
    ("1d8+4 slashing +1", "daggerheart", 15),
    ("2dx", "pf2e", 1),
    (" d fire", "pf2e", 2),
    ("d", "pf2e", 1),
    (" 2d6=x fire", "pf2e", 4),
    (" 2d6+ fire", "pf2e", 4),
    ("1d6 fire, ,2d6", "pf2e", 9),
    ("1d6 fire 2d6", "pf2e", 9),
    ("2d6 fire cold", "pf2e", 9),
    ("1d6 fire, persistent", "pf2e", 9),
    ("1d6 fire, fire", "pf2e", 10),
    ("2d6 sneak attack", "pf2e", 4),
])
def test_each_damage_mistake_is_placed_at_its_word(text, system, position):
    error = _error(text, system)
    assert error.position == position
    assert error.text == text


def test_damage_that_is_not_text_is_refused_at_the_start():
    error = _error(5)
    assert (error.position, error.text) == (0, "5")


def test_damage_at_the_length_limit_is_read_and_one_longer_is_refused_at_the_limit():
    at_limit = "1d6 fire" + " " * (MAX_LENGTH - len("1d6 fire"))
    assert str(parse_damage(at_limit, "pf2e")) == "1d6 fire"
    error = _error(at_limit + " ")
    assert error.position == MAX_LENGTH
    assert str(MAX_LENGTH) in error.message


@pytest.mark.parametrize("text,system,nonlethal", [
    ("1d3 nonlethal", "d20-3e", True),
    ("1d3 nonlethal, 1d6 nonlethal", "d20-3e", True),
    ("1d3 nonlethal, 1d6 fire", "d20-3e", False),
    ("2d6 fire", "pf2e", False),
    ("water", "pf2e", False),              # no part with an amount: nothing is nonlethal
])
def test_damage_is_nonlethal_only_when_every_part_with_an_amount_is(text, system, nonlethal):
    assert parse_damage(text, system).nonlethal is nonlethal


def test_each_part_keeps_its_words_and_flags():
    part = parse_damage("1d6 persistant fire silver magical oncrit", "pf2e").parts[0]
    assert part.persistent and part.on_crit and not part.implied_persistent
    assert (part.type, part.traits, part.source) == ("fire", frozenset({"silver", "magical"}), None)
    assert part.text == "1d6 persistant fire silver magical oncrit"
    assert part.label == "1d6 persistent fire magical silver on-crit"


def test_a_bleed_is_persistent_without_the_word_and_a_source_needs_no_amount():
    bleed = parse_damage("1d6 bleed", "pf2e").parts[0]
    assert (bleed.persistent, bleed.implied_persistent, bleed.label) == (True, True, "1d6 persistent bleed")
    water = parse_damage("holy water", "pf2e").parts[0]
    assert (water.amount, water.type, water.source, water.label) == (None, None, "holy-water", "holy-water")
    assert not water.persistent


def test_a_type_word_that_is_also_an_effect_is_the_effect_next_to_another_type():
    part = parse_damage("2d6 fire poison", "pf2e").parts[0]
    assert (part.type, part.effects, part.label) == ("fire", frozenset({"poison"}), "2d6 fire poison")
    part = parse_damage("2d6 poison mental", "pf2e").parts[0]
    assert (part.type, part.effects) == ("poison", frozenset({"mental"}))


def test_an_amount_without_a_type_takes_the_systems_default_or_none():
    assert parse_damage("14", "daggerheart").parts[0].type == "physical"
    assert str(parse_damage("14", "daggerheart")) == "14 physical"
    assert parse_damage("14", "d20-3e").parts[0].type is None
    assert str(parse_damage("14", "d20-3e")) == "14"


def test_a_trait_is_labelled_in_the_systems_own_word():
    part = parse_damage("1d3 nonlethal", "d20-3e").parts[0]
    assert part.make_label() == "1d3 nonlethal"
    assert part.make_label(vocabulary("d20-3e")) == "1d3 subdual"
    assert part.label == "1d3 subdual"


def test_parts_split_at_plus_and_read_in_order():
    damage = parse_damage("1d6 fire plus 2d6 cold", "pf2e")
    assert [p.text for p in damage.parts] == ["1d6 fire", "2d6 cold"]
    assert str(damage) == "1d6 fire, 2d6 cold"


@pytest.mark.parametrize("text,system,example", [
    ("1d8+4 slashing +1", "d20-3e", "'1d8+4 slashing magical'"),
    ("1d8+4 slashing +1 magical", "d20-3e", "'1d8+4 slashing magical'"),   # magical not twice
    ("2d6 fire +1 silver", "pf2e", "'2d6 fire silver magical'"),
    ("1d8+4 slashing +1", "daggerheart", "'1d8+4+1 slashing'"),            # no magical: in the amount
])
def test_a_weapon_bonus_is_refused_with_the_part_written_as_the_system_reads_it(text, system, example):
    assert _error(text, system).message.endswith(example)


def test_a_part_reads_in_japanese_as_the_seed_writes_it(japanese):
    assert parse_damage("2d6+3 slashing", "pf2e").parts[0].label == "2d6+3［斬撃］"
    assert parse_damage("1d6 persistent fire silver magical on-crit", "pf2e").parts[0].label \
        == "1d6 持続［火炎］ 魔法 銀 クリティカル時"
    assert parse_damage("1d6 bleed", "pf2e").parts[0].label == "1d6 持続［出血］"
    assert str(parse_damage("2d6 fire poison", "pf2e")) == "2d6［火炎］ 毒"
    assert str(parse_damage("water", "pf2e")) == "水"      # a source word, from the glossary


@pytest.mark.parametrize("text", ["2d6 water", "2d6 holy water"])
def test_a_source_word_with_an_amount_says_an_amount_needs_a_type(text):
    """RULES §1: a part with an amount names a type; a bare source word stands alone. It said
    "unknown word 'water' — did you mean 'water'?" (found by the mutation tests' author)."""
    message = _error(text, "pf2e").message
    assert "is not a damage type" in message and "did you mean" not in message


@pytest.mark.parametrize("text,message,position", [
    ("2d0 fire", "die size d0 outside d2..d1000", 2),
    ("1d6 fire,  0d6 cold", "dice count 0 outside 1..1000", 11),        # in the second part, past its spaces
    ("1d6 fire,   2d4=9 cold", "2d4 cannot come to 9 (it makes 2 to 8)", 16),
])
def test_a_mistake_in_the_dice_of_a_part_is_placed_in_the_line(text, message, position):
    error = _error(text)
    assert (error.message, error.position) == (message, position)
