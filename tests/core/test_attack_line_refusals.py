"""One printed attack line read alone (``new_creature(attacks=[…])``, RULES §10): a d20 line's
``Attack:`` or ``Full attack:`` field name is not part of the label, and a refusal says what the
line should read and points at the word it could not read."""

from __future__ import annotations

import pytest

from core import ParseError
from core.statblocks.attack import read_attack_line
from core.statblocks.text import BlockError


def refusal(text: str, system: str) -> ParseError:
    with pytest.raises(ParseError) as caught:
        read_attack_line(text, system)
    return caught.value


@pytest.mark.parametrize("system", ["pf2e", "d20-3e", "daggerheart"])
def test_an_empty_line_says_to_type_it_as_printed(system):
    said = refusal("   ", system)
    assert isinstance(said, BlockError)
    assert (said.detail, said.line, said.position) == (
        "an attack line is empty: type it as the stat block prints it", 1, 0)


def test_a_line_that_is_no_strike_shows_how_a_strike_reads():
    said = refusal("dogslicer +7 (agile)", "pf2e")
    assert isinstance(said, BlockError)
    assert (said.detail, said.position) == (
        "a Strike reads Melee dogslicer +7 (agile, finesse), Damage 1d6 slashing", 0)


@pytest.mark.parametrize("field", ["Attack: ", "Full attack: ", "attacks : "])
def test_a_d20_field_name_is_not_part_of_the_label(field):
    [attack] = read_attack_line(f"{field}Greatclub +8 melee (2d8+7/19-20/x3)", "d20-3e")
    assert (attack.label, attack.bonus, attack.damage, attack.threat, attack.multiplier) == \
        ("Greatclub", 8, "2d8+7", 19, 3)


def test_a_d20_bonus_out_of_bounds_is_placed_after_the_field_name():
    text = "Attack: Greatclub +99999 melee (2d8+7)"
    said = refusal(text, "d20-3e")
    assert isinstance(said, BlockError)
    assert "out of bounds" in said.detail and said.position == text.index("+99999")


@pytest.mark.parametrize(("text", "system", "word"), [
    ("Melee claw +7, Damage 1d6 slashy", "pf2e", "slashy"),
    ("ATK: +3 | Claws: Very Close | 1d12+2 psychic", "daggerheart", "1d12"),
])
def test_a_word_it_cannot_read_is_pointed_at(text, system, word):
    assert refusal(text, system).position == text.index(word)
