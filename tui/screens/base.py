"""The app's screens: their session and encounter typed, read from the app as :class:`LedgerApp` sees it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast, overload

from textual.screen import ModalScreen, Screen

if TYPE_CHECKING:
    from core import Encounter
    from tui.app_protocol import LedgerApp
    from tui.session import EncounterSession

ResultType = TypeVar("ResultType")
Part = TypeVar("Part")


class FromApp(Generic[Part]):
    """A screen's typed view of one part of the app, read when asked (the app of the moment).

    The same three (:data:`LEDGER`, :data:`SESSION`, :data:`ENCOUNTER`) serve
    :class:`HitLedgerScreen` and :class:`HitLedgerModal`, which are siblings, instead of a
    copy of each property in both.
    """

    def __init__(self, part: Callable[[LedgerApp], Part]) -> None:
        """``part``: how to read it from the app."""
        self._part = part

    @overload
    def __get__(self, screen: None, owner: type[Any]) -> FromApp[Part]: ...

    @overload
    def __get__(self, screen: Screen[Any], owner: type[Any]) -> Part: ...

    def __get__(self, screen: Screen[Any] | None, owner: type[Any]) -> FromApp[Part] | Part:
        """On a class, the descriptor itself; on a screen, the part of its app."""
        if screen is None:
            return self
        # Textual types a screen's app as App[object]; the running app is the HitLedgerApp,
        # which tui.app checks satisfies LedgerApp
        return self._part(cast("LedgerApp", screen.app))


LEDGER = FromApp(lambda app: app)
"""The app as its screens see it (:class:`tui.app_protocol.LedgerApp`)."""
SESSION = FromApp(lambda app: app.session)
"""The session: the encounter, its dice, the one path for a change."""
ENCOUNTER = FromApp(lambda app: app.session.encounter)
"""The encounter being run."""


class HitLedgerScreen(Screen[ResultType]):
    """A screen of hitledger: it reaches the app through :attr:`ledger`, typed as LedgerApp."""

    ledger = LEDGER
    session = SESSION
    encounter = ENCOUNTER


class HitLedgerModal(ModalScreen[ResultType]):
    """A dialog of hitledger over another screen: its app, session and encounter typed as a
    :class:`HitLedgerScreen`'s are.

    A sibling of HitLedgerScreen, not its child: a dialog is a ModalScreen (Textual inherits
    CSS and the ``ModalScreen`` type selector through the first base only), and no screen
    class chain is deeper than two of the project's classes.
    """

    ledger = LEDGER
    session = SESSION
    encounter = ENCOUNTER


if TYPE_CHECKING:  # mypy checks that the descriptor keeps the types (a property(func) made them Any)
    from typing import assert_type

    def _typed(screen: HitLedgerScreen[None], modal: HitLedgerModal[None]) -> None:
        for each in (screen, modal):
            assert_type(each.ledger, LedgerApp)
            assert_type(each.session, EncounterSession)
            assert_type(each.encounter, Encounter)
