"""The paste box reads the block off the UI thread: typing never waits for the reader, and
what is shown (and added) is always what the newest text reads."""

from __future__ import annotations

import threading
import time

from textual import events
from textual.widgets import TextArea
from tui_support import SIZE, goblins, static_text

from core import get_system
from tui.screens.statblock_paste import StatblockPasteScreen

BLOCK = "Goblin Raider\nAC 16\nHP 12\n"
SLOW = 0.4


def slow_reader(monkeypatch, rules, texts: list[str]) -> None:
    """Each read takes SLOW seconds (a long Japanese line once took 25 s), on any thread."""
    real = type(rules).from_statblock

    def reading(self, text, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        texts.append(text)
        assert threading.current_thread() is not threading.main_thread()
        time.sleep(SLOW)
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(type(rules), "from_statblock", reading)


async def test_typing_never_waits_for_the_reader_and_the_newest_text_wins(app_factory, monkeypatch):
    rules = get_system("pf2e")
    texts: list[str] = []
    slow_reader(monkeypatch, rules, texts)
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        screen = StatblockPasteScreen(rules, text=BLOCK)
        await app.push_screen(screen)
        await pilot.pause()
        started = time.monotonic()
        await pilot.press(*"Extra")  # five keys while the first read is still going
        typing = time.monotonic() - started
        assert typing < SLOW * 3, typing  # read on each key, these five would take 5 x SLOW
        await app.workers.wait_for_complete()
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        newest = screen.query_one("#block", TextArea).text
        assert texts[-1] == newest and len(texts) <= 3  # the first, and the newest
        assert screen.creature is not None and screen.creature.name == "ExtraGoblin Raider"
        assert "ExtraGoblin Raider" in static_text(screen, "#paste-preview")


async def test_enter_while_reading_adds_what_the_newest_text_reads(app_factory, monkeypatch):
    rules = get_system("pf2e")
    slow_reader(monkeypatch, rules, [])
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "ctrl+t")
        assert isinstance(app.screen, StatblockPasteScreen)
        app.post_message(events.Paste(BLOCK))
        await pilot.pause()
        await pilot.press("enter")  # before the read is done
        assert isinstance(app.screen, StatblockPasteScreen)
        for _ in range(3):
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert app.screen is app.roster
        names = [app.session.encounter.creature(cid).name for cid in app.session.encounter.order]
        assert "Goblin Raider" in names
