"""Notices: every message to the GM as one plain line that hides nothing.

Toasts used to stack over the roster's Status column and the log, and over a dialog a toast
covered the header's ``[saved]`` marker showing through. Now a notice replaces the last one
and goes on a line that covers nothing the GM needs:

- on the roster, its notice line (the log panel's top border); on the tracker, the rule
  above its last event; on the saves screen, its detail line (each screen's ``show_notice``);
- over a dialog or form, the dialog's own bottom border (after what the dialog says there,
  such as who acts in damage entry);
- over any other screen, a one-line toast at the top right (app.tcss), where those screens'
  titles leave room. A toast is not carried onto a screen with a notice line of its own.

Each of those lines is a :class:`~tui.widgets.log_panel.NoticeLine`: one notice at a time in
its severity's style, cleared after its timeout. The app's ``notify`` hands every notice to
:class:`Notices`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.content import Content
from textual.screen import ModalScreen, Screen

from core.text.i18n import tr
from tui.widgets.log_panel import NOTICE_WIDTH, TOAST_WIDTH, NoticeLine, fit_cells, notice_line

if TYPE_CHECKING:
    from textual.app import App
    from textual.widget import Widget

    from core import Event
    from tui.app_protocol import LedgerApp

TOAST_UNTIL_REPLACED = 24 * 60 * 60.0
"""Seconds a toast for a notice without a timeout stays (``Keeping X…``): the next notice, or a
screen with a notice line of its own, clears it first."""


class Notices:
    """Shows the app's notices; ``toast`` is Textual's own ``notify`` for the one-line toast."""

    def __init__(self, app: App[Any], toast: Callable[..., None]) -> None:
        """Show notices on ``app``'s screens; ``toast`` shows one the screen has no line for."""
        self.app = app
        self.toast = toast
        self._on_border: tuple[Widget, str | None, str | None] | None = None
        """The dialog box with a notice on its border, its own words there, and what is shown."""
        self._border_line: NoticeLine | None = None

    def start(self) -> None:
        """Once the app runs: a toast stays with the screen it was shown over."""
        self.app.screen_change_signal.subscribe(self.app, self._screen_changed)

    def _screen_changed(self, screen: Screen[Any]) -> None:
        """A toast shown over another screen is not carried onto one with a notice line.

        Textual shows the app's toasts on every screen: back on the roster, a toast from
        the log covered its header but for the ``]`` of ``[autosaved]`` (play report 2, S8-3).
        """
        if getattr(screen, "show_notice", None) is not None:
            self._clear_toasts(screen)

    def show(self, message: str, *, severity: str = "information",
             timeout: float | None = None) -> None:
        """Show ``message`` as one plain line (markup is shown as typed) for ``timeout`` seconds
        (0: until the next notice)."""
        timeout = self.app.NOTIFICATION_TIMEOUT if timeout is None else timeout
        screen = self.app.screen
        self.clear()
        show_notice = getattr(screen, "show_notice", None)  # the roster's notice line
        if show_notice is not None and show_notice(message, severity, timeout):
            return
        box = dialog_box(screen)
        if box is not None:
            self._show_on_border(box, message, severity, timeout)
            return
        self._clear_toasts(screen)
        # timeout 0 is "until the next notice"; a toast with timeout 0 would expire at once
        toast_timeout = timeout if timeout > 0 else TOAST_UNTIL_REPLACED
        self.toast(notice_line(message, TOAST_WIDTH), severity=severity, timeout=toast_timeout,
                   markup=False)

    def _clear_toasts(self, screen: Screen[Any]) -> None:
        """No toast left on ``screen`` (Textual leaves a cleared toast's holder behind)."""
        self.app.clear_notifications()
        screen.query("ToastHolder").remove()

    def _show_on_border(self, box: Widget, message: str, severity: str, timeout: float) -> None:
        """The notice on ``box``'s bottom border, after the words the dialog keeps there."""
        self._on_border = (box, box.border_subtitle, None)
        self._border_line = NoticeLine(box, self._put_on_border)
        self._border_line.show(message, severity, timeout)

    def _put_on_border(self, notice: Content | None) -> None:
        """Write ``notice`` after the dialog's own words, or give it its own words back."""
        if self._on_border is None:
            return
        box, own, shown = self._on_border
        if notice is not None:
            box.border_subtitle = Content.assemble(own, " · ", notice) if own else notice
            self._on_border = (box, own, box.border_subtitle)
            return
        self._on_border = None
        if box.is_mounted and box.border_subtitle == shown:  # else the dialog wrote anew
            box.border_subtitle = own

    def clear(self) -> None:
        """Take a dialog's notice off its border, giving the dialog its own words back."""
        if self._border_line is not None:
            line, self._border_line = self._border_line, None
            line.clear()

    def said(self, event: Event | None, done: str, nothing: str) -> None:
        """Say what an undo or redo did (``done``: ``Undid: {what}``), or that there was
        ``nothing`` to do."""
        if event is None:
            self.app.notify(nothing, severity="warning")
        else:
            self.app.notify(fit_cells(done.format(what=event.headline), NOTICE_WIDTH))


def dialog_box(screen: Screen[Any]) -> Widget | None:
    """A dialog's box: the first bordered widget of a modal screen (None on other screens)."""
    if not isinstance(screen, ModalScreen):
        return None
    for child in screen.children:
        if child.styles.border_bottom[0] not in ("", "none", "hidden", "blank"):
            return child
    return None


def say_error(app: LedgerApp, error: ValueError) -> None:
    """A rule said no: one line in the GM's words, nothing changed."""
    text = str(error)
    said = f"{text[:1].upper()}{text[1:]}"
    app.notify(tr("Not changed: {error}.", error=said).replace("..", "."), severity="error")
