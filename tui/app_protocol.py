"""What the screens ask of the app: its session, its saves, its roster and Textual's few calls.

Screens, dialogs and the helpers that open them reach the app through :class:`LedgerApp`, never
by importing :mod:`tui.app`: the app imports the screens, so a screen importing the app would tie
them in a circle. :class:`tui.app.HitLedgerApp` satisfies the protocol (mypy checks it there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:
    from textual.await_complete import AwaitComplete
    from textual.binding import BindingType
    from textual.notifications import SeverityLevel
    from textual.screen import Screen, ScreenResultCallbackType, ScreenResultType
    from textual.widget import AwaitMount
    from textual.worker import Worker, WorkType

    from tui.persistence import Persistence
    from tui.session import EncounterSession


class LedgerApp(Protocol):
    """The hitledger app as its screens see it: the session and saves, and Textual's calls."""

    BINDINGS: ClassVar[list[BindingType]]

    @property
    def session(self) -> EncounterSession:
        """The session: the encounter, its dice, the one path for a change."""

    @property
    def persistence(self) -> Persistence:
        """Saving and loading: the autosave, the kept encounter, the read-only state."""

    @property
    def roster(self) -> Screen[Any]:
        """The bottom screen, which every other screen returns to."""

    @property
    def screen(self) -> Screen[object]:
        """The screen on top."""

    @property
    def screen_stack(self) -> list[Screen[Any]]:
        """The screens open, the roster first."""

    def notify(self, message: str, *, severity: SeverityLevel = "information",
               timeout: float | None = None) -> None:
        """Say ``message`` on the notice line."""

    def push_screen(self, screen: Screen[ScreenResultType] | str,
                    callback: ScreenResultCallbackType[ScreenResultType] | None = None,
                    ) -> AwaitMount:
        """Open ``screen``; ``callback`` gets what it is dismissed with."""

    def pop_screen(self) -> AwaitComplete:
        """Close the screen on top."""

    def call_later(self, callback: Any, *args: Any, **kwargs: Any) -> bool:
        """Run ``callback`` once the messages waiting now are handled."""

    def run_worker(self, work: WorkType[Any], name: str | None = "", group: str = "default",
                   description: str = "", exit_on_error: bool = True, start: bool = True,
                   exclusive: bool = False, thread: bool = False) -> Worker[Any]:
        """Run ``work`` off the UI thread (``thread=True``) or as a task."""

    async def run_action(self, action: str) -> bool:
        """Run ``action`` as a key would."""

    def exit(self, result: None = None, return_code: int = 0) -> None:
        """End the app."""
