"""Daggerheart Horde (X) in enc.attack (RULES §3, §9): once half or more of its HP is marked its
attack deals X, a flat X too; a.damage says so."""

from __future__ import annotations

import pytest

from core import Encounter, get_system


class Roll:
    def __init__(self, natural: int) -> None:
        self.natural = natural

    def randint(self, a: int, b: int) -> int:
        return self.natural if b == 20 else b


@pytest.mark.parametrize(("marked", "expected"), [(0, "2d6+3 phy"), (2, "2d6+3 phy"), (3, "2 physical"),
                                                  (5, "2 physical")])
def test_a_horde_deals_its_x_from_half_its_hp_marked(marked, expected):
    enc = Encounter("daggerheart", "t")
    rs = get_system("daggerheart")
    rats = rs.new_creature("Rats", hp=5, major=5, severe=9, attacks=[("bites", "2d6+3 phy", 1)])
    rats.horde = "2 physical"
    h = enc.add(rats)
    kyra = enc.add(rs.new_creature("Kyra", pc=True, hp=6, numbers={"evasion": 11}))
    enc.update(h, now_hp_marked=marked)
    for natural in (12, 20):                       # a hit and a critical alike
        a = enc.attack(h, kyra, rng=Roll(natural))
        assert a.damage == expected
    assert a.damage is not None
    out = enc.apply_damage([kyra], a.damage, critical=a.critical, rng=Roll(20))[kyra]
    assert out.total == (2 if marked >= 3 else 2 * 6 + (2 * 6 + 3))   # critical: the dice at most + a roll
