"""The encounter's threat for the GM: how the header counts it (help) and the party level asked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.text.i18n import tr

if TYPE_CHECKING:
    from tui.app_protocol import LedgerApp


def check_party_level(text: str) -> str | None:
    """None for a party level the GM may set; else what to type."""
    from core.table.difficulty import MAX_PARTY_LEVEL

    if not text.isdigit() or not 0 <= int(text) <= MAX_PARTY_LEVEL:
        return tr("Type a level from 1 to {most} (0 clears it).", most=MAX_PARTY_LEVEL)
    return None


def ask_party_level(app: LedgerApp) -> None:
    """Ask the party level the threat counts where no PC has a Level, then set it."""
    from tui.screens.dialogs import PromptModal

    encounter = app.session.encounter
    question = tr("Party level (counted where no PC has a Level in its Numbers):")

    def chosen(text: str | None) -> None:
        if not text:
            return
        level = int(text)
        app.session.apply(lambda enc: enc.set_party_level(level), ())
        app.notify(tr("Party level {level}: {threat}", level=level,
                      threat=app.session.encounter.difficulty().text()) if level
                   else tr("Party level cleared."))

    app.push_screen(PromptModal(question, value=str(encounter.party_level or ""),
                                check=check_party_level), chosen)
