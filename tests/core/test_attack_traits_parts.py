"""Which part of a Strike's damage its traits act on (RULES §10): deadly's die takes the type
of the first typed part that is neither persistent nor precision, and an alignment trait is
carried into every part but one that is itself of an alignment."""

from __future__ import annotations

import pytest

from core.creature.model import Attack
from core.table.attack_traits import dealt


@pytest.mark.parametrize("first", ["1d6 persistent bleed", "1d6 precision"])
def test_deadly_adds_a_die_of_the_strikes_own_damage_type(first):
    notation, _words = dealt("pf2e", Attack("claw", f"{first}, 1d8 slashing", 8, ("deadly d10",)), True)
    assert notation.endswith(", 1d10 slashing deadly"), notation


def test_an_alignment_is_not_carried_into_a_part_of_another_alignment():
    attack = Attack("fist", "1d8 slashing plus 1d6 good", 8, ("chaotic", "good"))
    notation, _words = dealt("pf2e", attack, False)
    assert notation == "1d8 slashing chaotic good, 1d6 good"
