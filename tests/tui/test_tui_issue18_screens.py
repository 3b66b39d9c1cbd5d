"""Issue 18: the screens a GM's evening still got wrong (items 6, 7, 9, 11, 12, 15, 16, 17)."""

from __future__ import annotations

import random

from tui_support import SIZE, ids_by_name

from core import Encounter, get_system
from tui.app import make_app
from tui.screens.tracker import TrackerScreen
from tui.widgets.log_panel import LogPanel


def real_app(encounter: Encounter, seed: int = 4):
    """The app with its own notices (the roster's notice line), seeded dice, no autosave."""
    return make_app(encounter, rng=random.Random(seed), autosave=False)


def evening(**settings) -> Encounter:
    """Lem (bleeding, first), a dead goblin, Ezren (frightened 2): a turn does three things."""
    rules = get_system("pf2e")
    encounter = Encounter("pf2e", "Evening", settings=settings or None)
    lem = encounter.add(rules.new_creature("Lem", pc=True, hp=30), initiative=20)
    goblin = encounter.add(rules.new_creature("Goblin 2", hp=15), initiative=18)
    ezren = encounter.add(rules.new_creature("Ezren", pc=True, hp=20), initiative=10)
    encounter.add_persistent(lem, "1d6 bleed")
    encounter.add_condition(ezren, "frightened", 2)
    encounter.apply_damage([goblin], "30 fire")
    return encounter


# -- item 6: the tracker opens only when the GM must answer ------------------------------------


async def test_next_turn_says_what_happened_on_the_notice_line_and_stays_on_the_roster() -> None:
    encounter = evening()
    app = real_app(encounter, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is app.roster
        notice = app.roster.query_one(LogPanel).notice
        assert notice.startswith("Ezren's turn · Lem: bleed 2, HP 30 → 28")
        assert "Goblin 2 skipped (dead)" in notice or notice.endswith("(l: log)")
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is app.roster
        assert app.roster.query_one(LogPanel).notice == \
            "Lem's turn (round 2 begins) · Ezren: frightened 2 → 1"
        await pilot.press("p")  # the tracker on demand, with the last turn
        assert isinstance(app.screen, TrackerScreen)
        assert "frightened 2 → 1" in str(app.screen.query_one("#last-event").render())


async def test_next_turn_opens_the_tracker_when_a_check_waits_for_the_gm() -> None:
    encounter = evening(flat_checks="ask")
    app = real_app(encounter, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TrackerScreen)
        assert encounter.pending_checks()


def test_a_turn_notice_leaves_the_dice_to_the_log() -> None:
    from core.ledger import Event
    from tui.widgets.log_panel import turn_notice

    event = Event("Ezren's turn", 1, "turn", details=(
        "Lem: persistent 1d6 bleed ticks", "Lem: roll: 1d6 persistent bleed (3) = 3",
        "Lem: total: 3", "Lem: flat check 12 (DC 15) for 1d6 bleed: continues",
        "Goblin 2 skipped (dead)", "Ezren: frightened 2 → 1 (end of its turn)"))
    assert turn_notice(event, 80) == \
        "Ezren's turn · Lem: bleed 3 · Goblin 2 skipped (dead) · Ezren: frightened 2 → 1"
    assert turn_notice(event, 40) == "Ezren's turn · Lem: bleed 3 … (l: log)"


# -- item 16: the cursor after an add ----------------------------------------------------------


async def test_after_an_add_the_cursor_stays_on_the_creature_whose_turn_it_is() -> None:
    from tui_support import goblins, type_text

    encounter = goblins()  # Valeros 20 (active), Goblin 1 and 2 at 15
    app = real_app(encounter)
    async with app.run_test(size=SIZE) as pilot:
        assert app.roster.table.highlighted_id == encounter.active
        await pilot.press("a")
        await type_text(pilot, "Orc")
        await pilot.press("tab", *"3", "enter")  # three orcs, initiatives rolled
        await pilot.pause()
        assert len(encounter.order) == 6
        assert app.roster.table.highlighted_id == encounter.active  # ▶ and the cursor agree
        await pilot.press("down")  # the GM moves on: the next add keeps that one
        was_on = app.roster.table.highlighted_id
        await pilot.press("y", "enter")  # a copy of it
        await pilot.pause()
        assert len(encounter.order) == 7
        assert app.roster.table.highlighted_id == was_on
