"""The hitledger app: wiring of the encounter, the screens, app-wide keys and the palette."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.binding import Binding
from textual.screen import ModalScreen

from core.systems import DEFAULT_SYSTEM
from tui.messages import LoadFinished, LoadSave, NewEncounter, OpenTracker, SaveFinished
from tui.persistence import Persistence
from tui.screens.roster import RosterScreen
from tui.session import Change, EncounterSession
from tui.widgets.log_panel import TOAST_SECONDS, TOAST_WIDTH, notice_line, short_event

if TYPE_CHECKING:
    from textual.command import Provider
    from textual.notifications import SeverityLevel

# Only the roster is imported up front: every other screen is imported by the action that
# opens it, so the first frame appears sooner (the start-up benchmark).

# Kept out of dialogs (keys go to the form); help is not: it lists the dialog's own keys.
ENCOUNTER_ACTIONS = frozenset({"undo", "redo", "log", "save", "saves", "quick_save",
                               "quick_load", "quit"})


def encounter_commands() -> type[Provider]:
    """The palette's provider, imported when the palette first opens."""
    from tui.commands import EncounterCommands

    return EncounterCommands


class HitLedgerApp(App[None]):
    """Runs one encounter at a time; screens show it, core rules it, saves keep it."""

    # the default screen's CSS_PATH is never read by Textual: the roster's styles load here
    CSS_PATH = ["app.tcss", "screens/roster.tcss"]
    TITLE = "hitledger"
    NOTIFICATION_TIMEOUT = TOAST_SECONDS
    COMMANDS = App.COMMANDS | {encounter_commands}
    _quit_asked = False
    BINDINGS = [
        Binding("u,ctrl+z", "undo", "Undo", id="app.undo"),
        Binding("ctrl+y", "redo", "Redo", show=False, id="app.redo"),
        Binding("l", "log", "Log", show=False, id="app.log"),
        Binding("ctrl+s", "save", "Save", show=False, id="app.save"),
        Binding("ctrl+o", "saves", "Saves", show=False, id="app.saves"),
        Binding("f5", "quick_save", "Quick save", show=False, id="app.quick_save"),
        Binding("f9", "quick_load", "Quick load", show=False, id="app.quick_load"),
        Binding("question_mark,f1", "help", "Help", key_display="?", id="app.help"),
        Binding("q", "quit", "Quit", show=False, id="app.quit"),
    ]

    def __init__(self, encounter: Any, *, rng: Any = None, autosave: bool = True,
                 notice: str = "", resumed: bool = False, saved: bool = False) -> None:
        """Run ``encounter``; dice go through ``rng`` (a seeded Random makes tests repeatable)."""
        super().__init__()
        self.session = EncounterSession(self, encounter, rng=rng, resumed=resumed, saved=saved)
        self.persistence = Persistence(self, self.session, autosave=autosave)
        self.notice = notice
        self.roster = RosterScreen()

    def get_default_screen(self) -> RosterScreen:
        """The roster is the bottom screen: no blank screen is built under it at start-up."""
        return self.roster

    def on_mount(self) -> None:
        """Follow the session; show the opening notice; hold an autosave file of our own."""
        self.session.changed_signal.subscribe(self, self._changed, immediate=True)
        self.session.replaced_signal.subscribe(self, self._replaced, immediate=True)
        if self.notice:  # after the first frame: the roster's notice line exists by then
            self.call_after_refresh(self.notify, self.notice, timeout=8)
        if self.persistence.autosave_enabled:
            self.persistence.claim_autosave()

    def on_unmount(self) -> None:
        """Another window may have our autosave file now."""
        self.persistence.release_autosave()

    def refresh(self, *, repaint: bool = True, layout: bool = False, recompose: bool = False) -> HitLedgerApp:
        """A layout refresh repaints only what the layout moved, not the whole screen.

        Textual asks the app for ``refresh(layout=True)`` after removing any widget — a closed
        dialog among them — and that repainted the whole roster twice after closing one
        (issue 9, over a slow link: each full repaint is about 5 KB). The layout still runs,
        and it marks every widget it added, moved or removed for repainting.
        """
        if layout and not recompose:
            repaint = False
        return super().refresh(repaint=repaint, layout=layout, recompose=recompose)

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """One plain line that hides nothing: the roster's notice line, else a one-line toast.

        Issue 9: toasts stacked over the Status column and the log. A notice replaces the
        last one; over other screens the toast is one line at the top right (app.tcss).
        """
        timeout = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        if self.screen is self.roster and self.roster.show_notice(message, severity, timeout):
            return
        self.clear_notifications()
        self.screen.query("ToastHolder").remove()  # Textual leaves a cleared toast's holder
        super().notify(notice_line(message, TOAST_WIDTH), severity=severity, timeout=timeout,
                       markup=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """App keys stay out of dialogs; undo/redo grey out when there is nothing to do."""
        if action in ENCOUNTER_ACTIONS and isinstance(self.screen, ModalScreen):
            return False
        if action in ("undo", "redo") and not getattr(self.screen, "SHOWS_ENCOUNTER", True):
            return False  # the saves screen shows files, not the encounter: nothing to undo there
        if action == "undo" and not self.session.encounter.can_undo:
            return None
        if action == "redo" and not self.session.encounter.can_redo:
            return None
        return True

    # -- what the session announces and the screens ask for ----------------------------------

    def _changed(self, change: Change) -> None:
        """After a change: autosave soon; a turn says whose it is and may open the tracker."""
        self.persistence.schedule_autosave()
        self.refresh_bindings()
        if change.turn:  # the notification says whose turn it is; the tracker what happened
            self.notify(change.event.text, timeout=4)
        if change.tracker:
            self.post_message(OpenTracker(change.event))

    def _replaced(self, encounter: Any) -> None:
        """A whole new encounter: back to the roster, which shows it; autosave it soon."""
        while len(self.screen_stack) > 1 and self.screen is not self.roster:
            self.pop_screen()
        self.persistence.schedule_autosave()

    def on_open_tracker(self, message: OpenTracker) -> None:
        """Show the tracker (once), with the last turn's event."""
        from tui.screens.tracker import TrackerScreen

        if not isinstance(self.screen, TrackerScreen):
            self.push_screen(TrackerScreen(message.event, self.roster.table.highlighted_id))

    def on_load_save(self, message: LoadSave) -> None:
        """Load a save the saves screen chose."""
        self.persistence.load_file(message.path)

    def on_new_encounter(self, message: NewEncounter) -> None:
        """Start the new encounter the saves screen asked for."""
        self.persistence.new_encounter(message.system, message.name)

    def on_save_finished(self, message: SaveFinished) -> None:
        """A save worker finished."""
        self.persistence.save_finished(message)

    def on_load_finished(self, message: LoadFinished) -> None:
        """A load worker finished."""
        self.persistence.load_finished(message)

    # -- app-wide actions ----------------------------------------------------------------

    async def action_quit(self) -> None:
        """Quit, writing the autosave first (a second q quits even if that failed)."""
        if self.persistence.autosave_before_exit() or self._quit_asked:
            self.persistence.release_autosave()
            self.exit()
        self._quit_asked = True

    def action_undo(self) -> None:
        """Undo the last change and say what it was."""
        self._said(self.session.undo(), "Undid: ", "Nothing to undo.")

    def action_redo(self) -> None:
        """Redo the last undone change and say what it was."""
        self._said(self.session.redo(), "Redid: ", "Nothing to redo.")

    def _said(self, event: Any, prefix: str, nothing: str) -> None:
        if event is None:
            self.notify(nothing, severity="warning")
        else:
            self.notify(short_event(event.text, prefix=prefix))

    def action_save(self) -> None:
        """Save; the first time, ask for a name."""
        self.persistence.save()

    def action_quick_save(self) -> None:
        """Save without asking."""
        self.persistence.quick_save()

    def action_quick_load(self) -> None:
        """Load the last quick save (asks first when there are unsaved changes)."""
        self.persistence.quick_load()

    def action_saves(self) -> None:
        """Open the saves screen."""
        from tui.screens.saves_browser import SavesScreen

        if not isinstance(self.screen, SavesScreen):
            self.push_screen(SavesScreen())

    def action_log(self) -> None:
        """Open the whole log."""
        from tui.screens.log_screen import LogScreen

        encounter = self.session.encounter
        if not isinstance(self.screen, LogScreen):
            self.push_screen(LogScreen(f"Log · {encounter.name}", encounter.log))

    def action_help(self) -> None:
        """Show every key of the current screen."""
        from tui.screens.help import HelpScreen, screen_keys

        screen = self.screen
        name = (screen.__class__.__name__.removesuffix("Screen") or "Roster").lower()
        self.push_screen(HelpScreen(name, screen_keys(self, screen)))


def make_app(encounter: Any = None, *, system: str = DEFAULT_SYSTEM, rng: Any = None,
             autosave: bool = True, notice: str = "", resumed: bool = False,
             saved: bool = False) -> HitLedgerApp:
    """The app on ``encounter`` (a demo encounter of ``system`` when None); shared by CLI and tests."""
    if encounter is None:
        from tui.demo import demo_encounter

        encounter = demo_encounter(system, rng=rng)
    return HitLedgerApp(encounter, rng=rng, autosave=autosave, notice=notice, resumed=resumed,
                        saved=saved)
