"""A Perception typed in the add or edit form's Numbers sets the initiative
modifier in the PF2 family, as a pasted block's does (RULES §8), unless the GM typed a Mod."""

from __future__ import annotations

from textual.widgets import Input
from tui_support import ids_by_name, open_add_form, running, static_text

from tui.widgets.notation_field import NotationField


async def test_a_typed_perception_sets_mod_and_the_initiative_line(app_factory):
    async with running(app_factory) as (pilot, app, encounter, ids):
        form = await open_add_form(pilot, "Goblin Pyro")
        form.query_one("#stat-hp", Input).value = "18"
        form.query_one("#numbers", NotationField).value = "AC 17 Fort +5 Per +6"
        await pilot.pause()
        assert form.query_one("#init-mod", Input).value == "6"
        assert "d20 + 6 (Mod)" in static_text(form, "#init-preview")
        await pilot.press("enter")
        await pilot.pause()
        pyro = encounter.creature(ids_by_name(encounter)["Goblin Pyro"])
        assert pyro.init_mod == 6
        await pilot.press("e")                      # a new Perception: Mod follows it
        await pilot.pause()
        form = app.screen
        form.query_one("#numbers", NotationField).value = "AC 17 Per +8"
        await pilot.pause()
        assert form.query_one("#init-mod", Input).value == "8"


async def test_a_mod_the_gm_typed_is_kept(app_factory):
    async with running(app_factory) as (pilot, app, encounter, ids):
        form = await open_add_form(pilot, "Goblin Pyro")
        form.query_one("#init-mod", Input).value = "3"
        form.query_one("#numbers", NotationField).value = "AC 17 Per +6"
        await pilot.pause()
        assert form.query_one("#init-mod", Input).value == "3"
        assert "d20 + 3 (Mod)" in static_text(form, "#init-preview")
