"""Fear and Hope by an amount on the roster: ``F`` and ``alt+o`` ask ``+3`` or ``-2`` once,
and the change is one log line and one undo step."""

from __future__ import annotations

from tui_support import running, type_text

from core import Encounter, get_system
from tui.screens.dialogs import PromptModal


def scene() -> Encounter:
    rules = get_system("daggerheart")
    encounter = Encounter(system="daggerheart", name="Bridge")
    encounter.add(rules.new_creature("Marlowe", pc=True, hp=6, stress=2))
    encounter.add(rules.new_creature("Bandit", hp=3, stress=1))
    return encounter


async def answer(pilot, key: str, text: str) -> None:
    await pilot.press(key)
    assert isinstance(pilot.app.screen, PromptModal)
    await pilot.press("backspace")
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


async def test_fear_by_an_amount_is_one_line_and_one_undo_step(app_factory):
    async with running(app_factory, scene(), system="daggerheart") as (pilot, app, encounter, _ids):
        lines = len(encounter.log)
        await answer(pilot, "F", "+3")
        assert encounter.fear == 3 and len(encounter.log) == lines + 1
        assert encounter.log[-1].text == "the GM gains 3 Fear: 0 → 3"
        await answer(pilot, "F", "-2")
        assert encounter.fear == 1 and len(encounter.log) == lines + 2
        await pilot.press("u")
        assert encounter.fear == 3


async def test_hope_by_an_amount_is_one_line_and_one_undo_step(app_factory):
    async with running(app_factory, scene(), system="daggerheart") as (pilot, app, encounter, ids):
        app.roster.table.select_creature(ids["Marlowe"])
        lines = len(encounter.log)
        await answer(pilot, "alt+o", "+4")
        assert encounter.creature(ids["Marlowe"]).hope == 4 and len(encounter.log) == lines + 1
        await pilot.press("u")
        assert encounter.creature(ids["Marlowe"]).hope == 0


async def test_a_wrong_amount_is_refused_in_the_dialog(app_factory):
    async with running(app_factory, scene(), system="daggerheart") as (pilot, app, encounter, _ids):
        await answer(pilot, "F", "three")
        assert isinstance(app.screen, PromptModal) and encounter.fear == 0
