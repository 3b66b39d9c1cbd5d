"""A Japanese IME's full-width space (U+3000) is kept in a notation field."""

from __future__ import annotations

from textual.app import App, ComposeResult

from core.notation import parse_damage
from tui.widgets.notation_field import NotationField, OneLineInput


def _check(text: str) -> str:
    return str(parse_damage(text, "pf2e"))


class _FieldApp(App[None]):
    def compose(self) -> ComposeResult:
        yield NotationField(_check, id="damage")


async def test_the_full_width_space_is_typed_not_dropped():
    app = _FieldApp()
    async with app.run_test() as pilot:
        await pilot.click(OneLineInput)
        await pilot.press(*"2d6+3", "\u3000", *"slashing")
        await pilot.pause()
        field = app.query_one(OneLineInput)
        assert field.value == "2d6+3\u3000slashing"
        assert app.query_one(NotationField).understood == "2d6+3 slashing"
