"""SVG snapshots of the stat-block screens at 80×24: the stat-block paste and the bestiary.

Update after looking at the diff: ``pytest tests/tui/test_tui_bestiary_snapshots.py
--snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path

from test_tui_snapshots import SIZE, demo_app, still
from textual import events
from textual.pilot import Pilot
from textual.widgets import TextArea
from tui_support import until

from core import get_system
from saves import library

BLOCKS = Path(__file__).parent.parent / "core" / "statblocks"


async def paste_block(pilot: Pilot, text: str) -> None:
    """Open the add form's paste dialog and paste ``text`` as a terminal does."""
    await pilot.press("a", "ctrl+t")
    pilot.app.post_message(events.Paste(text))
    await pilot.pause()
    await until(pilot, lambda: not getattr(pilot.app.screen, "pending", False))  # read off-thread
    block = pilot.app.screen.query_one("#block", TextArea)
    # No blink, as Textual's own TextArea snapshots, then every line painted anew: TextArea's
    # line cache (Textual 8.2.8) keys a line the same in the blink's off phase and with the
    # blink off, so a line cached in the off phase came back without its cursor (flaky under
    # xdist). notify_style_update clears that cache; the cursor is then always drawn.
    block.cursor_blink = False
    block.notify_style_update()
    block.refresh()
    await still(pilot)


def test_statblock_paste_read(snap_compare):
    text = (BLOCKS / "pf2e-goblin-warrior.txt").read_text(encoding="utf-8")
    assert snap_compare(demo_app(), terminal_size=SIZE,
                        run_before=lambda pilot: paste_block(pilot, text))


def test_statblock_paste_error(snap_compare):
    text = "Goblin Warrior\nPerception +2\nHP six"
    assert snap_compare(demo_app(), terminal_size=SIZE,
                        run_before=lambda pilot: paste_block(pilot, text))


def test_bestiary(snap_compare):
    rules = get_system("pf2e")
    for name in ("Goblin Warrior", "Goblin Commando", "Zombie Shambler"):
        library.add("pf2e", rules.from_statblock(
            (BLOCKS / "pf2e-goblin-warrior.txt").read_text(encoding="utf-8")
            .replace("Goblin Warrior", name, 1)))

    async def run_before(pilot: Pilot) -> None:
        await pilot.press("B", "g", "o", "b", "tab", "backspace", "6")
        await still(pilot)

    assert snap_compare(demo_app(), terminal_size=SIZE, run_before=run_before)


def test_damage_entry_offers_the_actors_attacks(snap_compare):
    from core import Encounter

    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="Ambush")
    encounter.add(rules.from_statblock(
        (BLOCKS / "pf2e-goblin-warrior.txt").read_text(encoding="utf-8")), initiative=30)
    encounter.add(rules.new_creature("Valeros", pc=True, hp=40), initiative=10)

    async def run_before(pilot: Pilot) -> None:
        await pilot.press("down", "d", "alt+1")
        await still(pilot)

    import random

    from tui.app import make_app

    app = make_app(encounter, rng=random.Random(7), autosave=False)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
