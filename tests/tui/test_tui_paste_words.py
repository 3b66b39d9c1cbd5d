"""The paste preview shows every Horde it read and every word nobody read (RULES §10), in the
GM's language."""

from __future__ import annotations

from pathlib import Path

from textual import events
from tui_support import running, static_text

from core import Encounter, get_system
from core.text import i18n

BLOCKS = Path(__file__).parent.parent / "core" / "statblocks"
HORDE = ("Raiders\nTier 1 Horde (3/HP)\nDifficulty: 12 | Thresholds: 5/11 | HP: 4 | Stress: 3\n"
         "ATK: +1 | Cutlass: Melee | 1d4+2 phy\nHorde (2) - Passive: When half or more HP are marked, "
         "their standard attack deals 2 physical damage instead.\n")


async def paste(pilot, text: str) -> str:
    """Open the add form's paste dialog, paste ``text`` as a terminal does: the preview."""
    await pilot.press("a", "ctrl+t")
    pilot.app.post_message(events.Paste(text))
    await pilot.pause()
    await pilot.pause()
    return static_text(pilot.app.screen, "#paste-preview")


def _daggerheart() -> Encounter:
    enc = Encounter(system="daggerheart", name="Road")
    rs = get_system("daggerheart")
    enc.add(rs.new_creature("Guard", hp=6, major=5, severe=10, stress=3), initiative=None)
    return enc


async def test_the_paste_preview_shows_a_horde_and_the_words_not_read(app_factory):
    async with running(app_factory, _daggerheart()) as (pilot, _app, _encounter, _ids):
        shown = await paste(pilot, HORDE)
    assert "Horde    2 physical at half HP marked" in shown.splitlines()
    # the attack's range, and the role's words where no reader takes them
    last = shown.splitlines()[-1]
    assert last.startswith("Not read (2) ") and last.endswith("(3/HP) · Melee")


async def test_the_paste_preview_lists_the_pf2_words_nobody_read(app_factory):
    text = (BLOCKS / "pf2e-zombie-shambler.txt").read_text(encoding="utf-8")
    async with running(app_factory) as (pilot, _app, _encounter, _ids):
        shown = await paste(pilot, text)
    last = shown.splitlines()[-1]
    assert last.startswith("Not read (5) ")
    for words in ("darkvision", "negative healing", "Grab"):
        assert words in last.split(" · ") or last.endswith(words)


async def test_the_paste_preview_says_not_read_in_japanese(app_factory):
    i18n.set_language("ja")
    text = (BLOCKS / "pf2e-goblin-warrior-ja.txt").read_text(encoding="utf-8")
    async with running(app_factory) as (pilot, _app, _encounter, _ids):
        shown = await paste(pilot, text)
    assert shown.splitlines()[-1] == "未読     (2) CE 小型 ゴブリン 人型 · 暗視"
