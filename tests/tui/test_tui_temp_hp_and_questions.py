"""The rest: temp HP on the marked set, the status after an edit, a miss is not
applied by a second enter."""

from __future__ import annotations

from textual.widgets import Input, Label
from tui_support import Dice, goblins, ids_by_name, static_text

from core import Encounter, get_system
from tui.screens.dialogs import ConfirmModal
from tui.screens.heal import HealModal

SIZE = (80, 24)


def cell_text(app, row: str, column: str) -> str:
    """The plain text of one roster cell."""
    value = app.roster.table.get_cell(row, column)
    rich = value.__rich__() if hasattr(value, "__rich__") else value
    return getattr(rich, "plain", str(rich))


# -- item 3: temp HP on the marked set, one undo step --------------------------------------

async def test_temp_hp_goes_to_the_marked_set_as_one_undo_step(app_factory):
    encounter = goblins()
    ids = ids_by_name(encounter)
    both = [ids["Goblin 1"], ids["Goblin 2"]]
    app = app_factory(encounter)
    app.session.rng = Dice(3)  # "1d4+2", put in the field at once (typing costs ~50 ms a key)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "space", "space", "home")  # the cursor drifts to Valeros
        await pilot.press("h")
        modal = app.screen
        assert isinstance(modal, HealModal)
        assert static_text(modal, "#track") == "Track: [HP]  Temp HP   (ctrl+t: next)"
        await pilot.press("ctrl+t")
        assert static_text(modal, "#track") == "Track: HP  [Temp HP]   (ctrl+t: next)"
        assert str(modal.query_one(".dialog-hint", Label).render()) == "enter give temp HP · esc cancel"
        modal.query_one("#amount", Input).value = "1d4+2"
        await pilot.pause()
        assert static_text(modal, "#heal-roll") == "1d4+2 (3) = 5"
        assert static_text(modal, "#heal-preview") == (
            "Goblin 1: 15/15 → 15/15 +5\nGoblin 2: 15/15 → 15/15 +5")
        await pilot.press("enter")
        await pilot.pause()
        assert [encounter.creature(cid).temp_hp for cid in both] == [5, 5]
        assert encounter.creature(ids["Valeros"]).temp_hp == 0
        assert cell_text(app, ids["Goblin 1"], "track").endswith("15/15 +5")
        assert encounter.log[-1].text.startswith("temp HP 5 (1d4+2 (3) = 5) → Goblin 1")
        assert not app.roster.table.marked
        await pilot.press("u")
        await pilot.pause()
        assert [encounter.creature(cid).temp_hp for cid in both] == [0, 0]


async def test_no_temp_hp_track_where_the_system_has_none(app_factory):
    rules = get_system("daggerheart")
    encounter = Encounter("daggerheart", "Ambush")
    encounter.add(rules.new_creature("Bandit", hp=6, major=7, severe=14))
    app = app_factory(encounter, system="daggerheart")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        assert "Temp HP" not in static_text(app.screen, "#track")


# -- item 4: the status follows an edit ------------------------------------------------------

async def test_max_hp_edited_below_the_damage_taken_shows_dying_not_ok(app_factory):
    encounter = goblins()
    ids = ids_by_name(encounter)
    valeros = ids["Valeros"]
    encounter.apply_damage([valeros], "28 slashing")  # 12/40, 28 taken
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        app.screen.query_one("#stat-hp", Input).value = "12"
        await pilot.press("enter")
        await pilot.pause()
        assert cell_text(app, valeros, "track").endswith("0/12")
        assert cell_text(app, valeros, "status") == "dying 1"
        assert encounter.log[-1].text == "Valeros edited: 0 HP: dying 1, unconscious"


# -- item 2: a second enter does not apply a miss: test_a_miss_previews_no_damage_and_says_so_
# at_80_columns (test_tui_checkbox_enter_and_misses.py) and test_a_miss_not_confirmed_applies_nothing (core)

async def test_enter_on_a_removal_question_keeps_the_creature(app_factory):
    encounter = goblins()
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "delete")
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is app.roster
        assert len(encounter.order) == 3


async def test_a_question_may_make_yes_its_default(app_factory):
    answers: list[bool | None] = []
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(ConfirmModal("Go on?", default=True), answers.append)
        await pilot.pause()
        assert "y / enter: yes" in str(app.screen.query_one(".dialog-hint", Label).render())
        await pilot.press("enter")
        await pilot.pause()
    assert answers == [True]
