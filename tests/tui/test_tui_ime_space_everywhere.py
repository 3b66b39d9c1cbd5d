"""The IME's full-width space (U+3000) is a space in every text field of the
app, not only the damage field: the add form's name, the roster's find line, a prompt."""

from __future__ import annotations

from textual.widgets import Input
from tui_support import open_add_form


async def test_the_full_width_space_is_kept_in_the_add_forms_name(app_factory):
    app = app_factory()
    async with app.run_test() as pilot:
        form = await open_add_form(pilot)
        await pilot.press(*"ゴブリン", "\u3000", *"戦士")
        await pilot.pause()
        assert form.query_one("#name", Input).value == "ゴブリン\u3000戦士"


async def test_the_full_width_space_is_kept_in_the_find_line(app_factory):
    app = app_factory()
    async with app.run_test() as pilot:
        await pilot.press("slash", *"gob", "\u3000", "2")
        await pilot.pause()
        assert app.screen.query_one("#find", Input).value == "gob\u30002"
