"""At the keyboard: many-creature actions as one undo step, who acted,
ctrl+z suspends and u undoes, the heal preview, saves found from
the damage form."""

from __future__ import annotations

from test_tui_run_session import daggerheart
from tui_support import (
    BOTH_GOBLINS,
    d20_brawl,
    goblins,
    open_damage,
    running,
    screen_text,
    static_text,
    type_text,
)

from tui.commands import EncounterCommands
from tui.screens.help import screen_keys


async def test_a_condition_on_the_marked_creatures_is_one_undo_step(app_factory):
    async with running(app_factory) as (pilot, app, encounter, ids):
        await pilot.press(*BOTH_GOBLINS, "c")
        await type_text(pilot, "Hex of the Owl")
        await pilot.press("enter")
        await pilot.pause()
        for name in ("Goblin 1", "Goblin 2"):
            assert encounter.conditions_of(ids[name]) == {"Hex of the Owl": None}
        assert app.notes.last == "Hex of the Owl → 2 creatures"
        await pilot.press("u")
        await pilot.pause()
        assert all(encounter.conditions_of(ids[n]) == {} for n in ("Goblin 1", "Goblin 2"))


async def test_stress_on_the_marked_creatures_is_one_undo_step(app_factory):
    async with running(app_factory, daggerheart()) as (pilot, app, encounter, ids):
        events = len(encounter.log)
        await pilot.press("down", "space", "space", "s")
        await pilot.pause()
        assert len(encounter.log) == events + 1
        assert [encounter.creature(ids[n]).stress_marked for n in ("Bandit", "Archer")] == [1, 1]
        await pilot.press("u")
        await pilot.pause()
        assert [encounter.creature(ids[n]).stress_marked for n in ("Bandit", "Archer")] == [0, 0]


async def test_ctrl_z_suspends_and_u_undoes(app_factory, monkeypatch):
    async with running(app_factory) as (pilot, app, encounter, ids):
        suspended = []
        monkeypatch.setattr(type(app), "action_suspend_process", lambda self: suspended.append(1))
        goblin = ids["Goblin 1"]
        app.session.apply(lambda enc: enc.apply_damage([goblin], "7 slashing"), {goblin})
        await pilot.press("ctrl+z")
        assert suspended == [1] and encounter.creature(goblin).hp == 8  # suspended, not undone
        await pilot.press("d")
        await pilot.press("ctrl+z")          # from a text field too
        assert suspended == [1, 1]
        await pilot.press("escape", "u")
        assert encounter.creature(goblin).hp == 15
        await pilot.pause()
        keys = {k.key: k.description for k in screen_keys(app, app.screen)}
        assert keys["u"] == "Undo"
        assert keys["^z"] == "Suspend to the shell (fg brings it back)"


async def test_the_heal_preview_shows_every_change_before_enter(app_factory):
    encounter = goblins()
    valeros = encounter.order[0]
    encounter.apply_damage([valeros], "40 fire")
    assert encounter.creature(valeros).dying == 1
    async with running(app_factory, encounter) as (pilot, app, encounter, ids):
        await pilot.press("h")
        await type_text(pilot, "9")
        await pilot.pause()
        preview = static_text(app.screen, "#heal-preview")
        assert "Valeros: 0/40 → 9/40" in preview
        assert preview == "Valeros: 0/40 → 9/40\n  no longer dying; wounded 1"


async def test_the_damage_form_says_how_to_set_saves_from_the_start(app_factory):
    async with running(app_factory) as (pilot, app, encounter, ids):
        await open_damage(pilot, keys=BOTH_GOBLINS)
        await pilot.pause()
        text = screen_text(app)
        assert "Basic save: ↓ then 1 crit. success 2 success 3 failure 4 crit. fail · S all" in text
        assert "f1: every key" in text


async def test_every_save_action_is_in_the_palette(app_factory):
    async with running(app_factory) as (pilot, app, encounter, ids):
        provider = EncounterCommands(app.screen)
        names = [c.name for c in provider.commands()]
        assert "Damage with a save (basic save, Reflex/Fortitude/Will)" in names
        screen = await open_damage(pilot, "2d6 fire", keys=BOTH_GOBLINS)
        provider = EncounterCommands(app.screen)
        for query in ("save", "reflex", "failure", "basic save"):
            assert [hit async for hit in provider.search(query)], query
        commands = {c.name: c.run for c in provider.commands()}
        commands["Save: failure (basic save, Reflex/Fortitude/Will) for every target"]()
        await pilot.pause()
        assert screen.draft.saves == {ids["Goblin 1"]: "failure", ids["Goblin 2"]: "failure"}
        commands["Save: critical success (basic save, Reflex/Fortitude/Will) "
                 "for the highlighted target"]()
        await pilot.pause()
        assert screen.draft.saves[ids["Goblin 1"]] == "critical-success"


async def test_d20_saves_are_reflex_half(app_factory):
    async with running(app_factory, d20_brawl(), system="d20-3e") as (pilot, app, encounter, ids):
        await open_damage(pilot)
        assert "Reflex half: ↓ then 2 success 3 failure · S all" in screen_text(app)
        names = [c.name for c in EncounterCommands(app.screen).commands()]
        assert "Save: failure (Reflex half) for every target" in names
        assert not any("critical success" in n for n in names)


async def test_damage_with_a_save_from_the_palette_opens_damage_entry(app_factory):
    from tui.screens.damage import DamageScreen

    async with running(app_factory) as (pilot, app, encounter, ids):
        commands = {c.name: c.run for c in EncounterCommands(app.screen).commands()}
        commands["Damage with a save (basic save, Reflex/Fortitude/Will)"]()
        await pilot.pause()
        assert isinstance(app.screen, DamageScreen)
