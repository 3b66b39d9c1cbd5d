"""A save with no damage in the damage form (RULES §10): saves chosen and no damage typed,
``enter`` records each target's degree in the log and deals nothing."""

from __future__ import annotations

from tui_support import BOTH_GOBLINS, open_damage, running


async def test_enter_with_saves_and_no_damage_logs_the_degrees(app_factory):
    async with running(app_factory) as (pilot, app, encounter, ids):
        screen = await open_damage(pilot, keys=BOTH_GOBLINS)
        g1, g2 = ids["Goblin 1"], ids["Goblin 2"]
        before = (encounter.creature(g1).hp, encounter.creature(g2).hp)
        await pilot.press("down", "3", "S")          # failure for every target, no damage typed
        assert set(screen.draft.saves.values()) == {"failure"}
        await pilot.press("down", "right")           # Goblin 2: critical failure
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is app.roster
        text = encounter.log[-1].text
        assert "Goblin 1 (failure)" in text and "Goblin 2 (critical failure)" in text, text
        assert (encounter.creature(g1).hp, encounter.creature(g2).hp) == before


async def test_enter_with_no_damage_and_no_save_still_asks_for_the_damage(app_factory):
    async with running(app_factory) as (pilot, app, encounter, _ids):
        await open_damage(pilot, keys=BOTH_GOBLINS)
        steps = len(encounter.log)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not app.roster and len(encounter.log) == steps
