"""A field the app filled for the GM (alt+1…9 in the damage form) is the GM's to replace:
typing replaces the whole filled text and ctrl+u clears it whole, as a shell's line does."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input
from tui_support import Dice, running, type_text

from core import Encounter, get_system
from core.creature.model import Attack

#: Pilot's alt+1 is the binding; what a terminal sends for alt+1 (ESC 1) reaches Textual as the
#: character macOS's Option key types, which the damage field types and hands over.
ALT_1_KEYS = ("binding", "terminal")


async def press_alt_1(pilot, how: str) -> None:
    """alt+1 as Pilot names it, or as a terminal's driver hands it over (Pilot's own ``¡``
    comes without its character)."""
    if how == "binding":
        await pilot.press("alt+1")
        return
    pilot.app._driver.send_message(events.Key("inverted_exclamation_mark", "¡"))
    await pilot.pause()
    await pilot.pause()


def _bear() -> Encounter:
    """Daggerheart: a bear whose Claws deal 1d12+2 physical, acting first, and Marlowe."""
    rules = get_system("daggerheart")
    encounter = Encounter("daggerheart", "Ambush")
    encounter.add(rules.new_creature("Bear", hp=7, major=9, severe=17,
                                     attacks=[Attack("Claws", "1d12+2 physical", 3)]),
                  initiative=20)
    encounter.add(rules.new_creature("Marlowe", pc=True, hp=6, major=7, severe=14,
                                     numbers={"evasion": 10}),
                  initiative=10)
    return encounter


async def _filled(pilot, app, how: str) -> Input:
    """Open damage on Marlowe, let the bear's Claws hit (d20 15 + 3 against Evasion 10): the
    field, filled with the Claws' damage."""
    await pilot.press("down", "d")
    app.screen.rng = Dice(15)
    await press_alt_1(pilot, how)
    await pilot.pause()
    field: Input = app.screen.query_one("#damage Input", Input)
    assert field.value == "1d12+2 physical"
    return field


@pytest.mark.parametrize("how", ALT_1_KEYS)
async def test_ctrl_u_clears_a_filled_damage_field_whole(app_factory, how):
    async with running(app_factory, _bear(), system="daggerheart") as (pilot, app, _e, _ids):
        field = await _filled(pilot, app, how)
        await pilot.press("ctrl+u")
        assert field.value == ""


@pytest.mark.parametrize("how", ALT_1_KEYS)
async def test_typing_replaces_a_filled_damage_field(app_factory, how):
    async with running(app_factory, _bear(), system="daggerheart") as (pilot, app, _e, _ids):
        field = await _filled(pilot, app, how)
        await type_text(pilot, "9 physical")
        assert field.value == "9 physical"
        assert app.screen.query_one("#damage").valid


async def test_end_keeps_a_filled_damage_field_to_add_to(app_factory):
    """The GM who wants to add to what was filled moves to its end first, then types."""
    async with running(app_factory, _bear(), system="daggerheart") as (pilot, app, _e, _ids):
        field = await _filled(pilot, app, "terminal")
        await pilot.press("end")
        await type_text(pilot, "+1")
        assert field.value == "1d12+2 physical+1"


async def test_a_stray_alt_key_leaves_the_gms_own_text_to_add_to(app_factory):
    """alt+3 with no third attack takes its character back out: the cursor stays where it was."""
    async with running(app_factory, _bear(), system="daggerheart") as (pilot, app, _e, _ids):
        await pilot.press("down", "d")
        await type_text(pilot, "2d6")
        driver = pilot.app._driver
        assert driver is not None
        driver.send_message(events.Key("pound_sign", "£"))   # alt+3 from a terminal
        await pilot.pause()
        await type_text(pilot, "+1 physical")
        field = app.screen.query_one("#damage Input", Input)
        assert field.value == "2d6+1 physical"
        assert "no attack 3" in app.notes.last
