"""A Strike trait typed into a damage line is named as what it is: a trait with no effect on
damage (RULES §10), so the GM can tell it from a word nobody knows; refused where it stands."""

from __future__ import annotations

import pytest

from core import ParseError, get_system
from core.text.i18n import set_language


@pytest.mark.parametrize(("damage", "word", "at"), [
    ("2d6+4 slashing agile", "agile", 15),
    ("1d8 piercing reach 10 feet", "reach", 13),
    ("7 bludgeoning versatile p", "versatile", 14),
])
def test_a_trait_with_no_effect_on_damage_is_named_so(damage, word, at):
    with pytest.raises(ParseError) as caught:
        get_system("pf2e").parse_damage(damage)
    assert f"'{word}' is a trait with no effect on damage" in str(caught.value)
    assert caught.value.position == at


def test_a_word_nobody_knows_is_still_unknown():
    with pytest.raises(ParseError, match="unknown word 'wobble' in damage"):
        get_system("pf2e").parse_damage("7 slashing wobble")


def test_the_trait_message_is_in_japanese():
    set_language("ja")
    try:
        with pytest.raises(ParseError) as caught:
            get_system("pf2e").parse_damage("7 slashing agile")
    finally:
        set_language("en")
    assert "agile" in str(caught.value) and "trait" not in str(caught.value)
