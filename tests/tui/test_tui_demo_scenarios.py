"""The demo encounters play SCENARIOS.md as written: a GM following a scenario on the demo
sees the numbers the scenario names."""

from __future__ import annotations

from tui_support import ids_by_name

from tui.demo import demo_encounter


def test_scenario_5_the_magic_resistant_adversary_takes_25_magic_as_13_severe():
    encounter = demo_encounter("daggerheart")
    mage = ids_by_name(encounter)["Hedge Mage"]
    preview = encounter.preview_damage([mage], "25 magic")
    outcome = preview.outcomes[mage]
    assert outcome.total == 13
    assert any("Severe" in step for step in outcome.steps), outcome.steps
