"""The typed base of the app's screens changes nothing they show."""

from __future__ import annotations

from textual.screen import ModalScreen
from tui_support import running

from tui.screens.base import HitLedgerModal


async def test_a_dialog_on_the_typed_base_is_styled_as_a_modal_screen(app_factory) -> None:
    """Textual inherits CSS through a class's first base only: with HitLedgerScreen first,
    the bestiary lost ModalScreen's rules (app.tcss centres ``ModalScreen.dialog``)."""
    async with running(app_factory) as (pilot, app, _encounter, _ids):
        await pilot.press("B")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HitLedgerModal) and isinstance(screen, ModalScreen)
        assert "ModalScreen" in type(screen)._css_type_names
        assert (screen.styles.align_horizontal, screen.styles.align_vertical) == \
            ("center", "middle")
        assert screen.session is app.session and screen.encounter is app.session.encounter
