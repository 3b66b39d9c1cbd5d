"""The table's numbers at the damage form, without a screen: Minions picked as defeated by the same hit,
the GM's MAP step recorded, rolled saves logged with their die, a Horde's X offered."""

from __future__ import annotations

import pytest
from core_support import previewed

from core import Encounter, get_system
from core.creature.model import Attack
from core.encounter.draft import DamageDraft, minion_choices, with_minions
from core.table.rolls import horde_damage


class Dice:
    """Dice that come up as listed."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        return self.faces.pop(0)


def bandits() -> tuple[Encounter, list[str]]:
    """Marlowe (PC) and four Minion (4) bandits."""
    rules = get_system("daggerheart")
    enc = Encounter("daggerheart", "Bandits")
    enc.add(rules.new_creature("Marlowe", pc=True, hp=6, major=7, severe=14, armor=3))
    ids = [enc.add(rules.new_creature(f"Bandit {n}", hp=1, major=5, severe=9,
                                      numbers={"difficulty": 10, "minion": 4})) for n in (1, 2, 3, 4)]
    return enc, ids


def test_a_hit_on_a_minion_offers_the_other_minions_and_defeats_the_picked_in_one_step():
    enc, (b1, b2, b3, b4) = bandits()
    draft = DamageDraft(enc.rules, [b1])
    draft.set_text("9 physical")
    preview = previewed(draft, enc)
    assert minion_choices(enc, preview) == (2, [b2, b3, b4])     # 9 // 4: two more
    both = with_minions(enc, preview, [b2, b3])
    enc.commit_damage(both)
    assert [("defeated" in enc.creature(c).conditions) for c in (b1, b2, b3, b4)] == [True, True, True, False]
    assert enc.creature(b2).hp_marked == 1
    event = enc.log[-1]
    assert "Bandit 2 defeated (Minion)" in event.text
    assert any("Bandit 2: Minion: defeated by the hit on Bandit 1" in d for d in event.details)
    enc.undo()                                                    # one change, one undo step
    assert not any("defeated" in enc.creature(c).conditions for c in (b1, b2, b3))
    assert minion_choices(enc, previewed(draft, enc))[1] == [b2, b3, b4]


def test_a_hit_that_defeats_no_more_offers_none_and_picking_none_changes_nothing():
    enc, (b1, b2, b3, b4) = bandits()
    draft = DamageDraft(enc.rules, [b1])
    draft.set_text("3 physical")
    preview = previewed(draft, enc)
    assert minion_choices(enc, preview) == (0, [])
    assert with_minions(enc, preview, []) is preview
    enc.creature(b2).conditions.add("defeated")
    draft.set_text("8 physical")
    assert minion_choices(enc, previewed(draft, enc))[1] == [b3, b4]     # not one already defeated


def test_only_a_daggerheart_minion_falls_to_another_minions_hit():
    enc, (b1, *_rest) = bandits()
    marlowe = enc.order[0]
    with pytest.raises(ValueError, match="not a Minion"):
        enc.rules.resolve_minion_defeat(enc.creature(marlowe), "Bandit 1")
    pf2 = get_system("pf2e")
    with pytest.raises(ValueError, match="no Minions"):
        pf2.resolve_minion_defeat(pf2.new_creature("Goblin", hp=6), "Goblin 2")


def goblin_and_valeros() -> tuple[Encounter, str, str]:
    rules = get_system("pf2e")
    enc = Encounter("pf2e", "Strikes")
    goblin = enc.add(rules.new_creature("Goblin", hp=15, attacks=[
        Attack("Dogslicer", "1d6 slashing", 7, ("agile",))]), initiative=20)
    valeros = enc.add(rules.new_creature("Valeros", pc=True, hp=40, numbers={"ac": 18}), initiative=10)
    return enc, goblin, valeros


def test_the_gms_map_step_is_recorded_and_the_next_strike_follows_from_it():
    enc, goblin, valeros = goblin_and_valeros()
    first = enc.attack(goblin, valeros, rng=Dice(10))
    assert first.map_step == 0 and enc.map_step(goblin) == 1
    enc.set_map_step(goblin, 1)          # the GM: it had struck once already, off the app
    assert enc.map_step(goblin) == 2
    assert enc.attack(goblin, valeros, rng=Dice(10)).map_step == 2
    enc.set_map_step(goblin, 0)          # and back: the next is the second again
    assert enc.map_step(goblin) == 1
    with pytest.raises(ValueError, match="0, 1 or 2"):
        enc.set_map_step(goblin, 3)
    enc.next_turn()
    enc.next_turn()
    assert enc.map_step(goblin) == 0     # a new turn starts again


def test_a_rolled_saves_die_and_total_go_in_the_log():
    rules = get_system("pf2e")
    enc = Encounter("pf2e", "Fireball")
    ids = [enc.add(rules.new_creature(f"Goblin {n}", hp=18, numbers={"ref": 8})) for n in (1, 2)]
    draft = DamageDraft(enc.rules, ids, Dice(3, 15))
    draft.set_rolled_saves(enc.roll_saves(ids, "ref", 20, rng=Dice(3, 15)))
    draft.set_text("10 fire")
    draft.set_save(ids[1], "failure")    # the GM changes the second: no roll of it is logged
    draft.commit(enc)
    details = enc.log[-1].details
    assert "Goblin 1: save failure (Ref +8: d20 3+8 = 11 vs DC 20)" in details
    assert "Goblin 2: save failure" in details


def test_a_horde_offers_x_from_half_its_hp_marked():
    rules = get_system("daggerheart")
    raiders = rules.new_creature("Pirate Raiders", hp=4, major=5, severe=11)
    raiders.horde = "1d4+1 physical"
    assert horde_damage(raiders) == ""
    raiders.hp_marked = 2
    assert horde_damage(raiders) == "1d4+1 physical"
    assert horde_damage(rules.new_creature("Bear", hp=7)) == ""
