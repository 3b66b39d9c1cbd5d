"""A Japanese GM at 80×24 types what the roster shows: the numbers with the glossary's labels
and the wiki's punctuation, the rolled saves by their Japanese names; a refusal is in Japanese
with its caret under the word that was wrong."""

from __future__ import annotations

import pytest
from test_tui_numbers import pyro_ambush
from textual.widgets import Input
from tui_support import Dice, ids_by_name, open_add_form, running, static_text

from core.text.cells import cells
from core.text.japanese import glossary
from tui.widgets.notation_field import NotationField

pytestmark = pytest.mark.usefixtures("japanese")


def _ja(english: str) -> str:
    return glossary()["unsettled"][english]


async def test_the_numbers_field_takes_the_rosters_own_labels(app_factory):
    line = f"AC 18；{_ja('Fort')} +9、{_ja('Ref')} +7、{_ja('Will')} +6；{_ja('Per')} +8"
    async with running(app_factory) as (pilot, app, encounter, _ids):
        form = await open_add_form(pilot, "ゴブリン")
        form.query_one("#stat-hp", Input).value = "18"
        form.query_one("#numbers", NotationField).value = line
        await pilot.pause()
        feedback = static_text(form, "#numbers .feedback")
        assert feedback.startswith("✓") and f"{_ja('Ref')} +7" in feedback
        await pilot.press("enter")
        await pilot.pause()
        goblin = encounter.creature(ids_by_name(encounter)["ゴブリン"])
        assert goblin.numbers == {"ac": 18, "fort": 9, "ref": 7, "will": 6, "perception": 8}


async def test_a_word_the_numbers_have_not_is_refused_in_japanese_under_the_word(app_factory):
    typed = f"AC 18；{_ja('Fort')} +9；回避 5"
    async with running(app_factory) as (pilot, _app, _encounter, _ids):
        form = await open_add_form(pilot, "ゴブリン")
        form.query_one("#numbers", NotationField).value = typed
        await pilot.pause()
        shown, caret, *rest = static_text(form, "#numbers .feedback").split("\n")
        assert shown == typed
        assert caret.index("^") == cells(typed[:typed.index("回避")])      # cells, not characters
        message = " ".join([caret, *rest])
        assert "回避" in message and _ja("Fort") in message
        assert not any(word in message for word in ("not a number", "Fort", "type AC"))


async def test_the_rolled_saves_dialog_takes_the_japanese_save_word(app_factory):
    from tui.screens.dialogs import PromptModal

    async with running(app_factory, pyro_ambush()) as (pilot, app, _encounter, ids):
        await pilot.press("down", "space", "space", "d")
        form = app.screen
        form.rng = Dice(3, 15)
        form.query_one("#damage", NotationField).value = "10 fire"
        await pilot.press("alt+v")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PromptModal)
        assert dialog.query_one("Input", Input).value.strip() in ("", _ja("Ref"))   # never ``ref`` on a Japanese screen
        dialog.query_one("Input", Input).value = f"{_ja('Ref')} 21"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is form
        rolled = form.draft.save_rolls
        assert {r.dc for r in rolled.values()} == {21}
        assert set(rolled) == {ids["Goblin 1"], ids["Goblin 2"]}
        assert {r.natural + r.bonus for r in rolled.values()} == {3 + 8, 15 + 8}   # Ref +8 each
