"""The players' view on the GM's side: H hides creatures from the players, the palette sets what they see."""

from __future__ import annotations

from tui_support import SIZE, goblins, screen_lines

from tui.commands import EncounterCommands


async def test_h_hides_the_highlighted_creature_and_shows_it_again(app_factory) -> None:
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        encounter = app.session.encounter
        goblin = encounter.order[1]
        await pilot.press("down", "H")
        await pilot.pause()
        assert encounter.creature(goblin).hidden
        assert "hidden from the players" in app.notes.last
        assert any("hidden" in line for line in screen_lines(app))  # the GM sees which
        await pilot.press("H")
        assert not encounter.creature(goblin).hidden
        await pilot.press("u")
        assert encounter.creature(goblin).hidden


async def test_h_hides_the_marked_creatures_in_one_step(app_factory) -> None:
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        encounter = app.session.encounter
        steps = len(encounter.log)
        await pilot.press("down", "space", "space", "H")
        await pilot.pause()
        hidden = [encounter.creature(cid).hidden for cid in encounter.order]
        assert hidden == [False, True, True]
        assert len(encounter.log) == steps + 1


async def test_the_palette_offers_each_player_view_not_in_force(app_factory) -> None:
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        commands = {c.name: c for c in EncounterCommands(app.screen).commands()}
        assert "Setting: players see adversaries' status" not in commands  # in force
        commands["Setting: players see adversaries' names only"].run()
        await pilot.pause()
        assert app.session.encounter.settings["player_view"] == "hidden"
        assert "names only" in app.notes.last
        names = [c.name for c in EncounterCommands(app.screen).commands()]
        assert "Setting: players see adversaries' status" in names
        assert "Setting: players see adversaries' numbers" in names
