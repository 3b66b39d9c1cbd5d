"""The footer lets go of the keys it no longer shows (Textual issue #6666).

Textual 8.2.8's Footer binds each key to itself with ``data_bind``; the watcher outlives the
key, so every rebuild of the footer (each dialog opened or closed over a screen whose keys
change under a dialog) left its keys alive: 15 more widgets a dialog, ~110 KB a GM action.
"""

from __future__ import annotations

import gc
import random

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets._footer import FooterKey
from tui_support import SIZE, goblins

from tui.app import make_app
from tui.widgets.steady_footer import SteadyFooter


def live_widgets() -> int:
    """How many widgets are alive, after a full collection."""
    gc.collect()
    return sum(1 for thing in gc.get_objects() if isinstance(thing, Widget))


class Dialog(ModalScreen[None]):
    """A dialog with nothing in it."""

    def compose(self) -> ComposeResult:
        yield Static("A dialog")


class Home(Screen[None]):
    """A screen with a footer and keys of its own."""

    BINDINGS = [Binding("a", "add", "Add"), Binding("d", "damage", "Damage")]

    def compose(self) -> ComposeResult:
        yield SteadyFooter(compact=True)


class Bare(App[None]):
    """The app's pattern, bare: an app key that hides while a dialog covers the screen."""

    BINDINGS = [Binding("u", "undo", "Undo")]

    def get_default_screen(self) -> Screen[None]:
        return Home()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "undo" and isinstance(self.screen, ModalScreen))


def footer_words(app: App[None]) -> list[str]:
    """The words of the keys the bottom screen's footer shows."""
    footer = app.screen_stack[0].query_one(SteadyFooter)
    return [key.description for key in footer.query(FooterKey)]


@pytest.mark.slow
async def test_200_dialogs_leave_no_widget_behind() -> None:
    app = Bare()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert footer_words(app) == ["Add", "Damage", "Undo", "palette"]
        await app.push_screen(Dialog())
        await pilot.pause()  # the footer is rebuilt: its keys change under a dialog
        assert footer_words(app) == ["Add", "Damage", "palette"]
        await app.pop_screen()
        for opened in range(199):
            await app.push_screen(Dialog())
            await app.pop_screen()
            if opened == 9:
                after_ten = live_widgets()
        await pilot.pause()
        assert footer_words(app) == ["Add", "Damage", "Undo", "palette"]
        assert live_widgets() <= after_ten  # none kept: fewer once the collector has run
        assert all(key.compact for key in app.screen.query(FooterKey))


class Toggling(App[None]):
    """A key that turns on and off: shown dim while it cannot be used."""

    BINDINGS = [Binding("u", "undo", "Undo"), Binding("t", "flip_undo", "Toggle")]
    can_undo = False

    def get_default_screen(self) -> Screen[None]:
        return Home()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "undo" and not self.can_undo else True

    def action_flip_undo(self) -> None:
        self.can_undo = not self.can_undo
        self.refresh_bindings()


async def test_a_key_that_turns_on_or_off_is_changed_in_place() -> None:
    """The same keys in another state are the same widgets, restyled: a rebuild would mount
    a footer's worth of keys again, lay out the screen and repaint the line (every change to
    the encounter turns undo or redo on or off)."""
    app = Toggling()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        keys = list(app.screen.query(FooterKey))
        undo = next(key for key in keys if key.description == "Undo")
        assert undo.has_class("-disabled")
        await pilot.press("t")
        await pilot.pause()
        assert list(app.screen.query(FooterKey)) == keys
        assert not undo.has_class("-disabled")
        assert not undo._disabled  # a click on it presses it, as on a new key
        await pilot.press("t")
        await pilot.pause()
        assert list(app.screen.query(FooterKey)) == keys
        assert undo.has_class("-disabled")
        assert [key.description for key in keys] == ["Add", "Damage", "Undo", "Toggle",
                                                     "palette"]


async def test_the_roster_keeps_as_many_widgets_after_dialogs() -> None:
    app = make_app(goblins(), rng=random.Random(1), autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = live_widgets()
        for _ in range(5):
            await app.push_screen(Dialog())
            await pilot.pause()
            await app.pop_screen()
            await pilot.pause()
        assert live_widgets() == before


async def test_the_roster_footer_is_built_once_at_start_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """The roster's keys change twice (a row highlighted turns damage on) before the footer's
    first rebuild runs: one rebuild shows the keys as they are then, not three in a row."""
    rebuilds = []
    recompose = SteadyFooter.recompose

    async def counted(self: SteadyFooter) -> None:
        rebuilds.append(self)
        await recompose(self)

    monkeypatch.setattr(SteadyFooter, "recompose", counted)
    app = make_app(goblins(), rng=random.Random(1), autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert len(rebuilds) == 1
        assert "Damage" in footer_words(app)
        await pilot.press("down")  # the keys stay as they are: nothing to rebuild
        await pilot.pause()
        assert len(rebuilds) == 1
