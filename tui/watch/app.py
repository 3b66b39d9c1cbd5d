"""``hitledger watch``: the players' view, read-only, for a second terminal or a browser.

It draws what :func:`core.views.player_view.player_view` decided, never more: the round, whose
turn it is in the largest text, the order with each creature's health and conditions, the
last log lines the players may read. No key changes anything: ``q`` quits, and the command
palette (which offers screenshots, a file written) is off.
"""

from __future__ import annotations

import threading
from dataclasses import replace

from rich.console import Console
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from core.text.i18n import N_, tr
from core.views.player_view import BLOODIED, DEFEATED, HEALTHY, HURT, PlayerView, SeenCreature
from tui.watch.follow import Follower, Watched

POLL_SECONDS = 0.25
"""How often the file's identity is asked: a change shows within half a second."""
NARROW = 60
"""Below this many columns (a phone's browser) conditions go under the creature's line."""
HEALTH_STYLES = {HEALTHY: "green", HURT: "yellow", BLOODIED: "bold red", DEFEATED: "dim"}
LOG_ROWS = 4
"""Rows under the order for the log: the newest lines that fit whole, the older left out."""


class WatchApp(App[None]):
    """The players' view of one followed encounter.

    | Key | Action |
    | :- | :- |
    | q | Quit the view (the GM's encounter is not touched) |
    """

    TITLE = "hitledger — players' view"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("q", "quit", N_("Quit"), id="watch.quit")]
    CSS = """
    Screen { layout: vertical; }
    #turn {
        height: 3; content-align: center middle; text-style: bold;
        background: $accent; color: $text;
    }
    #state { height: auto; padding: 0 1; color: $text-muted; }
    #state.-stale { background: $warning 30%; color: $text; }
    #order-box { height: 1fr; }
    #order { padding: 0 1; }
    #log { height: auto; padding: 0 1; color: $text-muted; border-top: solid $panel; }
    """

    def __init__(self, follower: Follower) -> None:
        """Show what ``follower`` reads, as it changes."""
        super().__init__()
        self.title = tr("hitledger — players' view")   # the class's TITLE is read before --lang
        self.follower = follower
        self.watched = Watched(None, None, tr("waiting for the GM's window"))
        self._stop = threading.Event()

    def compose(self) -> ComposeResult:
        """The turn banner, the state line, the order and the log."""
        yield Static(id="turn")
        yield Static(id="state")
        with VerticalScroll(id="order-box"):
            yield Static(id="order")
        yield Static(id="log")

    def on_mount(self) -> None:
        """Draw the waiting state, then follow the file in a thread of its own."""
        self.show(self.watched)
        # a daemon thread, not a Textual worker: quitting never waits for a read under way
        # (the executor of thread workers is waited for when the app ends)
        threading.Thread(target=self.follow, name="watch-follow", daemon=True).start()

    def on_unmount(self) -> None:
        """Stop following: the thread ends at its next look."""
        self._stop.set()

    def follow(self) -> None:
        """Poll the file a few times a second; each change is drawn on the UI thread."""
        while not self._stop.is_set():
            try:
                watched = self.follower.poll()
            except Exception as error:  # noqa: BLE001 - the players never see a traceback
                watched = replace(self.watched,
                                  stale=tr("cannot follow the file ({error})", error=error))
            if watched is not None and not self._stop.is_set():
                try:
                    self.call_later(self.show, watched)  # posted: never blocks on a closing app
                except RuntimeError:  # its loop is closed: the app has ended
                    return
            self._stop.wait(POLL_SECONDS)

    def show(self, watched: Watched) -> None:
        """Draw ``watched``: the last good view, and what makes it stale."""
        self.watched = watched
        view = watched.view
        self.query_one("#turn", Static).update(Text(banner(view)))
        state = self.query_one("#state", Static)
        state.update(Text(state_line(watched)))
        state.set_class(bool(watched.stale or watched.gm_closed), "-stale")
        self.query_one("#order", Static).update(order_table(view, self.size.width))
        self.draw_log()
        self.call_after_refresh(self.keep_up_in_sight)

    def draw_log(self) -> None:
        """The newest log lines that fit whole in LOG_ROWS at this width."""
        view = self.watched.view
        lines = newest_whole(view.log if view else (), self.size.width - 2, self.console)
        log = self.query_one("#log", Static)
        log.update(Text("\n".join(lines)))
        log.display = bool(lines)

    def keep_up_in_sight(self) -> None:
        """Scroll the order so that whose turn it is shows (a long order on a small screen)."""
        view = self.watched.view
        if view is None:
            return
        line = up_line(view, self.size.width)
        box = self.query_one("#order-box", VerticalScroll)
        if line is not None and not box.scroll_y <= line < box.scroll_y + box.size.height:
            box.scroll_to(y=max(0, line - 1), animate=False)

    def on_resize(self) -> None:
        """The order's layout follows the width (a phone's browser: two lines a creature)."""
        for order in self.query("#order").results(Static):  # none before the first compose
            order.update(order_table(self.watched.view, self.size.width))
            self.draw_log()


def newest_whole(log: tuple[str, ...], width: int, console: Console) -> list[str]:
    """The newest lines of ``log`` that fit whole in LOG_ROWS rows of ``width`` cells, oldest
    first: an older line that wraps leaves the newest whole, never cut. A newest line longer
    than all the rows shows alone, its end cut with an ellipsis."""
    shown: list[str] = []
    rows = 0
    for line in reversed(log):
        needed = len(Text(line).wrap(console, max(1, width)))
        if rows + needed > LOG_ROWS:
            if not shown:
                text = Text(line)
                text.truncate(max(1, width) * LOG_ROWS, overflow="ellipsis")
                shown.append(text.plain)
            break
        shown.append(line)
        rows += needed
    return shown[::-1]


def banner(view: PlayerView | None) -> str:
    """Whose turn it is, in the fewest words: ``Kyra's turn``, ``The spotlight is on Kyra``."""
    if view is None:
        return tr("Waiting for the fight")
    if view.round is None:
        return view.turn
    return tr("{name}'s turn", name=view.up) if view.up else tr("The fight is about to begin")


def state_line(watched: Watched) -> str:
    """The round and the system, then what makes the view old (stale, the GM's window closed)."""
    view = watched.view
    words = [tr("Round {round}", round=view.round) if view and view.round is not None else "",
             view.system if view else ""]
    if watched.gm_closed and watched.view is not None:
        words.append(tr("the GM's window is closed"))
    if watched.stale:
        words.append(tr("stale: {why}", why=watched.stale) if view else watched.stale)
    return " · ".join(w for w in words if w) + "   " + tr("(q quits)")


def up_line(view: PlayerView, width: int) -> int | None:
    """The line of the order where whose turn it is shows, None when no one is up."""
    line = 0
    for creature in view.creatures:
        if creature.up:
            return line
        line += 2 if width < NARROW and creature.conditions else 1
    return None


def order_table(view: PlayerView | None, width: int) -> Table | Text:
    """The order, one row a creature (two where the screen is narrow)."""
    if view is None:
        return Text("")
    if not view.creatures:
        return Text(tr("No one in the fight yet."))
    narrow = width < NARROW
    table = Table.grid(expand=True, padding=(0, 1))
    table.add_column(width=1)
    table.add_column(ratio=3, overflow="fold")
    table.add_column(ratio=3, overflow="fold")
    if not narrow:
        table.add_column(ratio=3, overflow="fold")
    for creature in view.creatures:
        cells = _row(creature)
        if narrow:
            table.add_row(*cells[:3], style=_row_style(creature))
            if creature.conditions:
                table.add_row("", cells[3], "", style=_row_style(creature))
        else:
            table.add_row(*cells, style=_row_style(creature))
    return table


def _row(creature: SeenCreature) -> tuple[Text, Text, Text, Text]:
    """The turn mark, the name, the health (in words as well as colour), the conditions."""
    mark = Text("▶" if creature.up else "")
    name = Text(tr("{name} (PC)", name=creature.name) if creature.pc else creature.name)
    health = Text(creature.health, style=HEALTH_STYLES.get(creature.health, ""))
    return mark, name, health, Text(creature.conditions, style="italic")


def _row_style(creature: SeenCreature) -> str:
    return "bold on grey30" if creature.up else ""
