"""What mutation testing left alive in core/encounter/pools.py: the GM's Fear
and a PC's Hope, each change one undo step in the log's exact words, each refusal in words."""

from __future__ import annotations

import pytest
from core_support import refused

from core import Encounter


def _scene() -> tuple[Encounter, str]:
    enc = Encounter("daggerheart", "Scene")
    return enc, enc.add(enc.rules.new_creature("Kyra", pc=True, hp=6))


def test_fear_gained_and_spent_says_the_pool_before_and_after():
    enc, _ = _scene()
    assert enc.gain_fear() == 1
    assert (enc.log[-1].kind, enc.log[-1].text) == ("fear", "the GM gains 1 Fear: 0 → 1")
    assert enc.gain_fear(11) == 12
    assert enc.log[-1].text == "the GM gains 11 Fear: 1 → 12"      # exactly full: no cap said
    assert enc.spend_fear(12) == 0                                   # all of it may be spent
    assert enc.log[-1].text == "the GM spends 12 Fear: 12 → 0"
    assert enc.log[-1].meta_before == {"fear": 12} and enc.log[-1].meta_after == {"fear": 0}
    enc.undo()
    assert enc.fear == 12


def test_fear_past_the_pool_keeps_twelve_and_says_so():
    enc, _ = _scene()
    enc.gain_fear(12)
    assert enc.gain_fear() == 12
    assert enc.log[-1].text == "the GM gains 1 Fear: 12 → 12 (the pool holds 12)"


@pytest.mark.parametrize("amount", [0, -1, True, 1.0, "2"])
def test_fear_changes_by_a_whole_number_of_one_or_more(amount):
    enc, _ = _scene()
    enc.gain_fear(3)
    assert refused(enc.gain_fear, amount) == f"Fear changes by a whole number of 1 or more, not {amount!r}"
    assert refused(enc.spend_fear, amount) == f"Fear changes by a whole number of 1 or more, not {amount!r}"
    assert enc.fear == 3 and len(enc.log) == 2


def test_more_fear_than_the_pool_holds_is_not_spent():
    enc, _ = _scene()
    enc.gain_fear(2)
    assert refused(enc.spend_fear, 3) == "only 2 Fear to spend"
    assert enc.fear == 2


def test_fear_and_hope_are_daggerheart_only_by_name():
    enc = Encounter("pf2e", "Ambush")
    cid = enc.add(enc.rules.new_creature("Kyra", pc=True, hp=20))
    assert refused(enc.gain_fear) == "Fear is Daggerheart's, not Pathfinder 2e's"
    assert refused(enc.spend_fear) == "Fear is Daggerheart's, not Pathfinder 2e's"
    assert refused(enc.mark_hope, cid) == "Hope is Daggerheart's, not Pathfinder 2e's"
    assert refused(enc.spend_hope, cid) == "Hope is Daggerheart's, not Pathfinder 2e's"


def test_hope_marked_and_spent_is_one_undo_step_each_in_words():
    enc, kyra = _scene()
    assert enc.mark_hope(kyra) == 1
    assert (enc.log[-1].kind, enc.log[-1].text) == ("hope", "Kyra marks 1 Hope: 0 → 1")
    assert enc.spend_hope(kyra) == 0
    assert enc.log[-1].text == "Kyra spends 1 Hope: 1 → 0"
    enc.undo()
    assert enc.creature(kyra).hope == 1
    with pytest.raises(KeyError, match="no creature 'c9' in this encounter"):
        enc.spend_hope("c9")
