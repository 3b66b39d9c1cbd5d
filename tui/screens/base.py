"""The app's screens: their ``app`` typed as the HitLedgerApp, with its session and encounter."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from textual.screen import ModalScreen, Screen

if TYPE_CHECKING:
    from textual import getters

    from core import Encounter
    from tui.app import HitLedgerApp
    from tui.session import EncounterSession

ResultType = TypeVar("ResultType")


class HitLedgerScreen(Screen[ResultType]):
    """A screen of hitledger: its app is the HitLedgerApp, whose session it shows and changes."""

    if TYPE_CHECKING:  # as Textual types it: the app is the same at run time, typed here
        app = getters.app(HitLedgerApp)

    @property
    def session(self) -> EncounterSession:
        """The session: the encounter, its dice, the one path for a change."""
        return self.app.session

    @property
    def encounter(self) -> Encounter:
        """The encounter being run."""
        return self.session.encounter


class HitLedgerModal(ModalScreen[ResultType]):
    """A dialog of hitledger over another screen: its app, session and encounter typed as a
    :class:`HitLedgerScreen`'s are.

    A sibling of HitLedgerScreen, not its child: a dialog is a ModalScreen (Textual inherits
    CSS and the ``ModalScreen`` type selector through the first base only), and no screen
    class chain is deeper than two of the project's classes.
    """

    if TYPE_CHECKING:  # as Textual types it: the app is the same at run time, typed here
        app = getters.app(HitLedgerApp)

    @property
    def session(self) -> EncounterSession:
        """The session: the encounter, its dice, the one path for a change."""
        return self.app.session

    @property
    def encounter(self) -> Encounter:
        """The encounter being run."""
        return self.session.encounter
