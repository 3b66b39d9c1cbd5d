"""The app-wide keys: their bindings, when they apply, and the screens they open.

The app's ``action_*`` methods hand over to what is here, to the session (undo, redo) or to
persistence (save, load). Every other screen is imported by the action that opens it, so the
first frame appears sooner (the issue's start-up benchmark).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.screen import ModalScreen

from core.text.i18n import N_, tr

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

    from core import Event

APP_BINDINGS = [
    Binding("u", "undo", N_("Undo"), id="app.undo"),
    Binding("ctrl+y", "redo", N_("Redo"), show=False, id="app.redo"),
    Binding("l", "log", N_("Log"), show=False, id="app.log"),
    Binding("ctrl+s", "save", N_("Save"), show=False, id="app.save"),
    Binding("ctrl+o", "saves", N_("Saves"), show=False, id="app.saves"),
    Binding("f5", "quick_save", N_("Quick save"), show=False, id="app.quick_save"),
    Binding("f9", "quick_load", N_("Quick load"), show=False, id="app.quick_load"),
    Binding("question_mark", "help", N_("Help"), key_display="?", id="app.help"),
    # priority: F1 reaches help from every screen, dialogs and text fields included, where
    # "?" is typed (one declaration instead of one per dialog)
    Binding("f1", "help", N_("Help"), show=False, priority=True, id="app.help_f1"),
    Binding("q", "quit", N_("Quit"), show=False, id="app.quit"),
    # priority: dialogs do not see the app's keys, and a dialog can be written over too
    Binding("ctrl+l", "redraw", N_("Redraw"), show=False, priority=True, id="app.redraw",
            tooltip=N_("Redraw the whole screen")),
    # ctrl+z suspends as in every terminal program (fg brings it back), from
    # every screen and text field; u undoes
    Binding("ctrl+z", "suspend_process", N_("Suspend"), show=False, priority=True, id="app.suspend",
            tooltip=N_("Suspend to the shell (fg brings it back)")),
]
"""Keys that work on every screen that shows the encounter."""

ENCOUNTER_ACTIONS = frozenset(binding.action for binding in APP_BINDINGS) - {
    "help", "redraw", "suspend_process"}
"""Kept out of dialogs (keys go to the form); help is not (it lists the dialog's own keys),
nor is redraw (a dialog can be written over too), nor suspend."""


def app_key_state(action: str, screen: Screen[Any], encounter: Any) -> bool | None:
    """Whether an app key works over ``screen``: True, False (hidden) or None (greyed out).

    App keys stay out of dialogs; undo and redo grey out when there is nothing to undo or
    redo, and are hidden on a screen that shows files, not the encounter.
    """
    if action in ENCOUNTER_ACTIONS and isinstance(screen, ModalScreen):
        return False
    if action in ("undo", "redo") and not getattr(screen, "SHOWS_ENCOUNTER", True):
        return False
    if action == "undo" and not encounter.can_undo:
        return None
    if action == "redo" and not encounter.can_redo:
        return None
    return True


def open_saves(app: App[Any]) -> None:
    """Open the saves screen (once)."""
    from tui.screens.saves_browser import SavesScreen

    if not isinstance(app.screen, SavesScreen):
        app.push_screen(SavesScreen())


def open_log(app: App[Any], encounter: Any) -> None:
    """Open the whole log of ``encounter`` (once)."""
    from tui.screens.log_screen import LogScreen

    if not isinstance(app.screen, LogScreen):
        app.push_screen(LogScreen(tr("Log · {name}", name=encounter.name), encounter.log,
                                  encounter.rules.counts_rounds))


def open_help(app: App[Any]) -> None:
    """Show every key of the current screen."""
    from tui.screens.help import HelpScreen, screen_keys, screen_title

    screen = app.screen
    if isinstance(screen, HelpScreen):  # F1 on help closes it, as ? and escape do
        screen.dismiss()
        return
    keys = screen_keys(app, screen)
    if screen is getattr(app, "roster", None):     # how the header's threat is counted (RULES §10)
        from core.table.difficulty import threat_help
        from tui.screens.help import KeyHelp

        counted = threat_help(app.session.encounter.system)  # type: ignore[attr-defined]
        keys += [KeyHelp(tr("threat"), counted)] if counted else []
    app.push_screen(HelpScreen(screen_title(screen), keys))


def open_tracker(app: App[Any], event: Event | None, highlighted: str | None) -> None:
    """Show the tracker (once), with the last turn's ``event``."""
    from tui.screens.tracker import TrackerScreen

    if not isinstance(app.screen, TrackerScreen):
        app.push_screen(TrackerScreen(event, highlighted))
