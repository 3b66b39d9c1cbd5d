"""The hitledger app: wiring of the encounter, the screens, app-wide keys and the palette."""

from __future__ import annotations

import random
import sys
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.binding import Binding
from textual.screen import ModalScreen

from tui.persistence import PersistenceMixin
from tui.screens.roster import RosterScreen
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


class HitLedgerApp(PersistenceMixin, App[None]):
    """Runs one encounter at a time; screens show it, core rules it, saves keep it."""

    # the default screen's CSS_PATH is never read by Textual: the roster's styles load here
    CSS_PATH = ["app.tcss", "screens/roster.tcss"]
    TITLE = "hitledger"
    NOTIFICATION_TIMEOUT = TOAST_SECONDS
    COMMANDS = App.COMMANDS | {encounter_commands}
    BINDINGS = [
        Binding("u,ctrl+z", "undo", "Undo", id="app.undo"),
        Binding("ctrl+y", "redo", "Redo", show=False, id="app.redo"),
        Binding("l", "log", "Log", show=False, id="app.log"),
        Binding("ctrl+s", "save", "Save", show=False, id="app.save"),
        Binding("ctrl+o", "saves", "Saves", show=False, id="app.saves"),
        Binding("f5", "quick_save", "Quick save", show=False, id="app.quick_save"),
        Binding("f9", "quick_load", "Quick load", show=False, id="app.quick_load"),
        Binding("question_mark", "help", "Help", key_display="?", id="app.help"),
        Binding("q", "quit", "Quit", show=False, id="app.quit"),
    ]

    def __init__(self, encounter: Any, *, rng: Any = None, autosave: bool = True,
                 notice: str = "", resumed: bool = False, saved: bool = False) -> None:
        """Run ``encounter``; dice go through ``rng`` (a seeded Random makes tests repeatable)."""
        super().__init__()
        self.encounter = encounter
        self.rng = rng if rng is not None else random.Random()
        self.autosave_enabled = autosave
        self.notice = notice
        # opened from a save file: what is shown is what the file holds
        self.saved_revision: int | None = encounter.revision if saved else None
        # resumed from autosave.toml: what is shown is what the autosave holds
        self.autosaved_revision: int | None = encounter.revision if resumed else None
        self.quick_path = None
        # a demo or new encounter nobody changed yet: nothing to keep when it is replaced
        self.pristine_revision: int | None = None if resumed or saved else encounter.revision
        self.autosave_file = None  # this window's own autosave, claimed on mount
        self.roster = RosterScreen()

    def get_default_screen(self) -> RosterScreen:
        """The roster is the bottom screen: no blank screen is built under it at start-up."""
        return self.roster

    def on_mount(self) -> None:
        """Show the saved state and the opening notice; hold an autosave file of our own."""
        self.show_saved_state()
        if self.notice:  # after the first frame: the roster's notice line exists by then
            self.call_after_refresh(self.notify, self.notice, timeout=8)
        if self.autosave_enabled:
            self.claim_autosave()

    def on_unmount(self) -> None:
        """Another window may have our autosave file now."""
        self.release_autosave()

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
        if action in ("undo", "redo") and is_saves_screen(self.screen):
            return False  # the saves screen shows files, not the encounter: nothing to undo there
        if action == "undo" and not self.encounter.can_undo:
            return None
        if action == "redo" and not self.encounter.can_redo:
            return None
        return True

    # -- the encounter changed ---------------------------------------------------------

    def encounter_changed(self, changed_ids: frozenset[str] | None = None) -> None:
        """Show a change on every screen that shows the encounter, then autosave."""
        self.roster.show_changes(changed_ids)
        for screen in self.screen_stack:
            if is_tracker(screen):
                screen.show_conditions()
        self.show_saved_state()
        self.schedule_autosave()
        self.refresh_bindings()

    def replace_encounter(self, encounter: Any) -> None:
        """Show a whole new encounter (loaded or new) on the roster."""
        self.encounter = encounter
        self.autosaved_revision = None  # revisions count per encounter: this one is not written yet
        while len(self.screen_stack) > 1 and self.screen is not self.roster:
            self.pop_screen()
        self.roster.show_encounter()
        self.show_saved_state()
        self.schedule_autosave()

    def new_encounter(self, system: str, name: str) -> None:
        """Start an empty encounter."""
        from core import Encounter

        self.keep_replaced_encounter()  # issue 8: a new encounter never deletes the current one
        encounter = Encounter(system=system, name=name)
        self.saved_revision = None
        self.pristine_revision = encounter.revision
        self.quick_path = None
        self.replace_encounter(encounter)
        self.notify(f"New encounter: {name}. a adds creatures.")

    # -- turn and tracker ----------------------------------------------------------------

    def next_turn(self) -> None:
        """Advance the turn; open the tracker when persistent damage ticked or checks wait."""
        event = self.encounter.next_turn(rng=self.rng)
        self.encounter_changed(event.changed_ids)
        # the notification says whose turn it is; the tracker shows what happened
        self.notify(event.text, timeout=4)
        if event.details or self.encounter.pending_checks() or self.encounter.pending_dying_checks():
            self.open_tracker(event)

    def open_tracker(self, event: Any = None) -> None:
        """Show the tracker (once), with the last turn's event."""
        from tui.screens.tracker import TrackerScreen

        for screen in self.screen_stack:
            if isinstance(screen, TrackerScreen):
                screen.show_conditions(event)
                if self.screen is not screen:
                    self.push_screen(screen)  # pragma: no cover - it is always on top
                return
        tracker = TrackerScreen()
        tracker.last_event = event
        self.push_screen(tracker)

    def highlighted_creature(self) -> str | None:
        """The creature under the roster's cursor."""
        return self.roster.table.highlighted_id

    # -- app-wide actions ----------------------------------------------------------------

    async def action_quit(self) -> None:
        """Quit, writing the autosave first (a second q quits even if that failed)."""
        if self.autosave_before_exit() or getattr(self, "_quit_asked", False):
            self.release_autosave()
            self.exit()
        self._quit_asked = True

    def action_undo(self) -> None:
        """Undo the last change and say what it was."""
        event = self.encounter.undo()
        if event is None:
            self.notify("Nothing to undo.", severity="warning")
            return
        self.encounter_changed(getattr(event, "changed_ids", None))
        self.notify(short_event(event.text, prefix="Undid: "))

    def action_redo(self) -> None:
        """Redo the last undone change and say what it was."""
        event = self.encounter.redo()
        if event is None:
            self.notify("Nothing to redo.", severity="warning")
            return
        self.encounter_changed(getattr(event, "changed_ids", None))
        self.notify(short_event(event.text, prefix="Redid: "))

    def action_log(self) -> None:
        """Open the whole log."""
        from tui.screens.log_screen import LogScreen

        if not isinstance(self.screen, LogScreen):
            self.push_screen(LogScreen(f"Log · {self.encounter.name}", self.encounter.log))

    def action_help(self) -> None:
        """Show every key of the current screen."""
        from tui.screens.help import HelpScreen, screen_keys

        screen = self.screen
        name = (screen.__class__.__name__.removesuffix("Screen") or "Roster").lower()
        self.push_screen(HelpScreen(name, screen_keys(self, screen)))


def is_saves_screen(screen: object) -> bool:
    """Whether ``screen`` is the saves screen, without importing it."""
    browser = sys.modules.get("tui.screens.saves_browser")
    return browser is not None and isinstance(screen, browser.SavesScreen)


def is_tracker(screen: object) -> bool:
    """Whether ``screen`` is the tracker, without importing it before it was ever opened."""
    tracker = sys.modules.get("tui.screens.tracker")
    return tracker is not None and isinstance(screen, tracker.TrackerScreen)


def make_app(encounter: Any = None, *, system: str = "pf2e", rng: Any = None,
             autosave: bool = True, notice: str = "", resumed: bool = False,
             saved: bool = False) -> HitLedgerApp:
    """The app on ``encounter`` (a demo encounter of ``system`` when None); shared by CLI and tests."""
    if encounter is None:
        from tui.demo import demo_encounter

        encounter = demo_encounter(system, rng=rng)
    return HitLedgerApp(encounter, rng=rng, autosave=autosave, notice=notice, resumed=resumed,
                        saved=saved)
