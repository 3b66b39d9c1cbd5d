"""The Markdown export's ``targets:`` for an area lists every creature the GM
marked, with its save and what it took, 0 included (two of four goblins were listed)."""

from __future__ import annotations

from core import Encounter
from core.views.log_export import log_markdown


def test_an_area_lists_every_marked_creature_with_its_save_and_what_it_took(R):
    enc = Encounter("pf2e", "Burning Hands")
    rs = enc.rules
    ids = [enc.add(rs.new_creature(f"Goblin {n}", hp=10,
                                   defenses="immunities fire" if n == 4 else ""))
           for n in (1, 2, 3, 4)]
    saves = dict(zip(ids, ("critical-success", "success", "failure", "failure"), strict=True))
    enc.apply_damage(ids, "2d6 fire", saves=saves, rng=R(3, 4))
    text = log_markdown(enc)
    assert ("  - targets: Goblin 1 (critical success) 0, Goblin 2 (success) 3, "
            "Goblin 3 (failure) 7, Goblin 4 (failure) 0\n") in text


def test_targets_survive_save_and_load(R):
    enc = Encounter("pf2e", "Bridge")
    rs = enc.rules
    a = enc.add(rs.new_creature("A", hp=10))
    b = enc.add(rs.new_creature("B", hp=10))
    enc.apply_damage([a, b], "2d6 fire", saves={a: "critical-success"}, rng=R(3, 4))
    again = Encounter.from_data(enc.to_data())
    assert again.log[-1].targets == ("A (critical success) 0", "B 7")
    assert "  - targets: A (critical success) 0, B 7\n" in log_markdown(again)


def test_events_without_targets_name_the_creatures_they_changed(R):
    enc = Encounter("pf2e", "Old")
    a = enc.add(enc.rules.new_creature("A", hp=10))
    enc.add_condition(a, "prone")
    assert "  - targets: A\n" in log_markdown(enc)
