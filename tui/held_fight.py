"""The fight another window holds, opened here: read it only, take a copy of one's own, or quit.

Started with no argument, the app resumes the newest autosave no running window holds. When
every autosave is held, it used to open a demo with a notice cut at 80 columns. Now it opens
the held fight itself, read as a copy tied to no file (``saves.read_autosave``), writes
nothing of it, and asks in a dialog that says the whole of why: read it here (nothing is
written; ctrl+s and f5 say so), a copy of one's own (autosaved to a slot of its own), or quit
(the other window keeps it). Escape reads it only: the choice that writes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.text.i18n import N_, tr

if TYPE_CHECKING:
    from core import Encounter
    from tui.app_protocol import LedgerApp

READ, COPY, QUIT = "read", "copy", "quit"

CHOICES = (
    (READ, N_("Read it here, read-only: nothing is written")),
    (COPY, N_("Take a copy of my own, autosaved apart")),
    (QUIT, N_("Quit: the other window keeps it")),
)
"""What the dialog offers, the choice that writes nothing first (enter at once takes it)."""


def offer_held_fight(app: LedgerApp, notice: str) -> None:
    """Ask what to do with the fight another window holds; ``notice`` says why, whole."""
    from tui.screens.dialogs import ChoiceModal

    encounter = app.session.encounter

    def chosen(choice: str | None) -> None:
        if app.session.encounter is not encounter:
            return  # another encounter took its place meanwhile: nothing to decide
        if choice == QUIT:
            app.exit()
        elif choice == COPY:
            _take_a_copy(app, encounter)
        else:
            app.notify(tr("Read-only: nothing here is written; the other window keeps this "
                          "fight."), timeout=8)

    app.push_screen(ChoiceModal(notice, CHOICES), chosen)


def _take_a_copy(app: LedgerApp, encounter: Encounter) -> None:
    """The fight becomes this window's own copy, renamed so the saves list tells them apart,
    and autosaved to a slot of its own at once."""
    name = tr("{name} (copy)", name=encounter.name)
    app.session.apply(lambda fight: fight.rename(name), ())
    app.persistence.writable()
    app.notify(tr("{name}: a copy of your own, autosaved apart; the other window keeps its "
                  "fight.", name=name), timeout=8)


__all__ = ["CHOICES", "offer_held_fight"]
