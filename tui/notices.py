"""Notices: every message to the GM as one plain line that hides nothing (issue 9, item 9).

Toasts used to stack over the roster's Status column and the log. Now a notice replaces the
last one and goes where it covers nothing the GM needs: on the roster, its notice line (the
log panel's top border); over any other screen, a one-line toast at the top right (app.tcss).
The app's ``notify`` hands every notice to :class:`Notices`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tui.widgets.log_panel import TOAST_WIDTH, notice_line, short_event

if TYPE_CHECKING:
    from textual.app import App


class Notices:
    """Shows the app's notices; ``toast`` is Textual's own ``notify`` for the one-line toast."""

    def __init__(self, app: App[Any], toast: Callable[..., None]) -> None:
        """Show notices on ``app``'s screens; ``toast`` shows one the screen has no line for."""
        self.app = app
        self.toast = toast

    def show(self, message: str, *, severity: str = "information",
             timeout: float | None = None) -> None:
        """Show ``message`` as one plain line (markup is shown as typed) for ``timeout`` seconds."""
        timeout = self.app.NOTIFICATION_TIMEOUT if timeout is None else timeout
        screen = self.app.screen
        show_notice = getattr(screen, "show_notice", None)  # the roster's notice line
        if show_notice is not None and show_notice(message, severity, timeout):
            return
        self.app.clear_notifications()
        screen.query("ToastHolder").remove()  # Textual leaves a cleared toast's holder
        self.toast(notice_line(message, TOAST_WIDTH), severity=severity, timeout=timeout,
                   markup=False)

    def said(self, event: Any, prefix: str, nothing: str) -> None:
        """Say what an undo or redo did (``Undid: …``), or that there was ``nothing`` to do."""
        if event is None:
            self.app.notify(nothing, severity="warning")
        else:
            self.app.notify(short_event(event, prefix=prefix))
