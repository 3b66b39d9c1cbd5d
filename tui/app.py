"""The hitledger app: wiring of the session, persistence, notices, screens and palette."""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import App

from core.systems import DEFAULT_SYSTEM
from core.text.cells import cells
from core.text.i18n import tr
from tui import actions
from tui.keys_ahead import KeysAhead
from tui.messages import LoadSave, NewEncounter, OpenTracker
from tui.notices import Notices
from tui.persistence import Persistence
from tui.screens.roster import RosterScreen
from tui.session import Change, EncounterSession
from tui.terminal_copy import TerminalCopy
from tui.widgets.log_panel import TOAST_SECONDS, turn_notice

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.binding import BindingType
    from textual.command import Provider
    from textual.notifications import SeverityLevel
    from textual.screen import Screen

    from core import Encounter
    from core.dice.expression import RandomSource
    from tui.app_protocol import LedgerApp

# Only the roster is imported up front: every other screen is imported by the action that
# opens it (tui.actions), so the first frame appears sooner (the start-up benchmark).


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
    BINDINGS: ClassVar[list[BindingType]] = [*actions.APP_BINDINGS]

    def __init__(self, encounter: Encounter, *, rng: RandomSource | None = None, autosave: bool = True,
                 notice: str = "", resumed: bool = False, saved: bool = False,
                 held: str = "") -> None:
        """Run ``encounter``; dice go through ``rng`` (a seeded Random makes tests repeatable).

        ``held``: another window holds this fight, and this says so; the app asks what to do
        in a dialog (:mod:`tui.held_fight`) before anything is written. ``notice`` is shown as
        ever, on the notice line."""
        super().__init__()
        self.session = EncounterSession(self, encounter, rng=rng, resumed=resumed, saved=saved)
        self.persistence = Persistence(self, self.session, autosave=autosave)
        self.held = held
        if held:  # read-only until the GM chooses: nothing of it is written meanwhile
            self.persistence.read_only_until_replaced(encounter)
        self.notices = Notices(self, toast=super().notify)
        self.terminal_copy = TerminalCopy()
        self.keys_ahead = KeysAhead(self)
        self.notice = notice
        self.roster = RosterScreen()

    def get_default_screen(self) -> RosterScreen:
        """The roster is the bottom screen: no blank screen is built under it at start-up."""
        return self.roster

    def on_mount(self) -> None:
        """Follow the session; show the opening notice; start saving."""
        self.session.changed_signal.subscribe(self, self._changed, immediate=True)
        self.session.replaced_signal.subscribe(self, self._replaced, immediate=True)
        self.screen_change_signal.subscribe(self, self._dialog_footer)
        if self.held:  # said whole in a dialog, which offers what to do
            from tui.held_fight import offer_held_fight

            self.call_after_refresh(offer_held_fight, self, self.held)
        if self.notice:  # after the first frame: the roster's notice line exists by then
            self.call_after_refresh(self.notify, self.notice, timeout=8)
        self.call_after_refresh(gc.enable)  # tui/cli.py held the collector off for start-up
        self.persistence.start()
        self._follow_hang_ups()
        self.notices.start()
        self.terminal_copy.follow(self)

    def _dialog_footer(self, screen: Screen[Any]) -> None:
        """A dialog shows its own keys at the bottom line, where the screen under it showed
        that screen's (the add form's footer said d Damage, h Heal while d typed a d)."""
        from textual.screen import ModalScreen
        from textual.widgets import Footer

        from tui.widgets.steady_footer import SteadyFooter

        def give(screen: Screen[Any]) -> None:
            if screen.is_attached and not screen.query(Footer):
                screen.mount(SteadyFooter(compact=True))

        if isinstance(screen, ModalScreen) and not screen.query(Footer):
            # in the dialog's own queue, after its compose: a dialog with a footer keeps its own
            screen.call_later(give, screen)

    def on_unmount(self) -> None:
        """Another window may have our autosave file now."""
        self._follow_hang_ups(False)
        self.persistence.release_autosave()

    def _follow_hang_ups(self, follow: bool = True) -> None:
        """SIGHUP (the SSH link or the terminal dropped) and SIGTERM end the app through
        :meth:`_hung_up`, which writes the pending autosave first; without this
        they ended the process where it stood. Only where asyncio can (POSIX, main thread)."""
        import asyncio
        import signal

        loop = asyncio.get_running_loop()
        for number in (getattr(signal, "SIGHUP", None), signal.SIGTERM):
            if number is None:
                continue
            try:
                if follow:
                    loop.add_signal_handler(number, self._hung_up, number)
                else:
                    loop.remove_signal_handler(number)
            except (NotImplementedError, RuntimeError, ValueError):
                return

    def _hung_up(self, number: int) -> None:
        """The link dropped, or the app was told to end: write what is pending, then exit."""
        self.persistence.autosave_before_exit()
        self.persistence.release_autosave()
        self.exit(return_code=128 + number)

    async def on_event(self, event: events.Event) -> None:
        """Note the screen each key from the terminal arrives on (:mod:`tui.keys_ahead`)."""
        if isinstance(event, events.Key) and not event.is_forwarded:
            self.keys_ahead.arrived(event)
        await super().on_event(event)

    def on_key(self, event: events.Key) -> None:
        """A key typed ahead of a dialog goes to the dialog (:mod:`tui.keys_ahead`). The IME's
        full-width space is a space in every text field: Textual's Input lets it pass as
        unprintable, and it comes up to here."""
        from textual.widgets import Input

        from tui.widgets.notation_field import keep_ideographic_space

        if self.keys_ahead.came_back(event):
            return
        if isinstance(self.focused, Input):
            keep_ideographic_space(self.focused, event)

    def on_resize(self, event: events.Resize) -> None:
        """A resized terminal may have moved or cleared what it showed."""
        self.terminal_copy.forget()

    def action_redraw(self) -> None:
        """Write every cell again: another program may have written over the app."""
        self.terminal_copy.redraw(self)

    def on_app_focus(self, event: events.AppFocus) -> None:
        """Back to the terminal window: it may have been written over meanwhile."""
        self.terminal_copy.redraw(self)

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        """Textual's display, writing only the cells that changed (tui/terminal_copy.py)."""
        def whole() -> None:
            super(HitLedgerApp, self)._display(screen, renderable)

        self.terminal_copy.display(self, renderable, whole)

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Every notice is one plain line that hides nothing (:class:`tui.notices.Notices`)."""
        self.notices.show(message, severity=severity, timeout=timeout)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """App keys stay out of dialogs; undo/redo grey out when there is nothing to do."""
        return actions.app_key_state(action, self.screen, self.session.encounter)

    # -- what the session announces and the screens ask for ----------------------------------

    def _changed(self, change: Change) -> None:
        """After a change: a turn says whose it is and may open the tracker."""
        self.refresh_bindings()
        # a turn: whose turn it is and what the turn did (the tracker: what to answer)
        if change.turn and change.event is not None:
            # the roster's notice line: the width less its border's ends and "Log · "
            room = self.size.width - 2 - cells(tr("Log · "))
            self.notify(turn_notice(change.event, room),
                        timeout=8 if change.event.details else 4)
        if change.tracker:
            self.post_message(OpenTracker(change.event))

    def _replaced(self, encounter: Encounter) -> None:
        """A whole new encounter: back to the roster, which shows it."""
        while len(self.screen_stack) > 1 and self.screen is not self.roster:
            self.pop_screen()

    def on_open_tracker(self, message: OpenTracker) -> None:
        """Show the tracker (once), with the last turn's event."""
        actions.open_tracker(self, message.event, self.roster.table.highlighted_id)

    def on_load_save(self, message: LoadSave) -> None:
        """Load a save the saves screen chose."""
        self.persistence.load_file(message.path)

    def on_new_encounter(self, message: NewEncounter) -> None:
        """Start the new encounter the saves screen asked for."""
        self.persistence.new_encounter(message.system, message.name)

    # -- app-wide actions ----------------------------------------------------------------

    async def action_quit(self) -> None:
        """Quit, writing the autosave first (a second q quits even if that failed)."""
        if self.persistence.autosave_before_exit() or self._quit_asked:
            self.persistence.release_autosave()
            self.exit()
        self._quit_asked = True

    def action_undo(self) -> None:
        """Undo the last change and say what it was."""
        self.notices.said(self.session.undo(), tr("Undid: {what}"), tr("Nothing to undo."))

    def action_redo(self) -> None:
        """Redo the last undone change and say what it was."""
        self.notices.said(self.session.redo(), tr("Redid: {what}"), tr("Nothing to redo."))

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
        actions.open_saves(self)

    def action_log(self) -> None:
        """Open the whole log."""
        actions.open_log(self, self.session.encounter)

    def action_help(self) -> None:
        """Show every key of the current screen."""
        actions.open_help(self)


if TYPE_CHECKING:  # mypy checks here that the app gives its screens all they ask of it
    _SCREENS_SEE: type[LedgerApp] = HitLedgerApp


def make_app(encounter: Encounter | None = None, *, system: str = DEFAULT_SYSTEM,
             rng: RandomSource | None = None,
             autosave: bool = True, notice: str = "", resumed: bool = False,
             saved: bool = False, held: str = "") -> HitLedgerApp:
    """The app on ``encounter`` (a demo encounter of ``system`` when None); shared by CLI and tests."""
    if encounter is None:
        from tui.demo import demo_encounter

        encounter = demo_encounter(system, rng=rng)
    return HitLedgerApp(encounter, rng=rng, autosave=autosave, notice=notice, resumed=resumed,
                        saved=saved, held=held)
