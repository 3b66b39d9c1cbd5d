"""What mutation testing left alive in core/dice/modifiers.py: each refusal of
``stack`` in its exact words, naming the system or the type the GM gave and what is allowed."""

from __future__ import annotations

import pytest

from core.dice.modifiers import stack


def test_an_unknown_system_is_named_with_the_known_ones():
    with pytest.raises(ValueError) as refused:
        stack([("status", 1)], system="gurps")
    assert str(refused.value) == ("unknown system 'gurps'; known: pf2e, sf2e, vitality-wounds, "
                                  "daggerheart, d20-3e")


@pytest.mark.parametrize("system,kind,allowed", [
    ("pf2e", "Morale", "circumstance, item, status"),
    ("vitality-wounds", "status", "circumstance, feat, item, origin, supernatural"),
])
def test_a_bonus_type_the_system_lacks_is_named_with_its_own(system, kind, allowed):
    with pytest.raises(ValueError) as refused:
        stack([(kind, 1)], system=system)
    assert str(refused.value) == (f"'{kind.lower()}' is not a bonus type in {system}; "
                                  f"use one of: {allowed}, untyped")


def test_a_type_left_out_or_typed_in_capitals_stacks_as_its_word():
    assert stack([(None, 2), ("", 3), ("Status", 1), ("status", 2)], system="pf2e") == 7
