"""A few lines of the encounter log under the roster."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any
from weakref import ReferenceType, WeakKeyDictionary, ref

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.content import Content
from textual.widgets import Static

from core.text.i18n import tr
from tui.widgets.line_breaks import wrap_cells

if TYPE_CHECKING:
    from textual.css.scalar import Scalar
    from textual.timer import Timer
    from textual.widget import Widget


def event_line(event: Any, rounds: bool = True) -> str:
    """One event as one line: ``R2 Valeros takes 11 slashing``.

    ``rounds``: whether the system counts rounds (``rules.counts_rounds``); where it does
    not (RULES §7, Daggerheart) no round is named.
    """
    round_number = getattr(event, "round", None) if rounds else None
    if round_number is None:
        return str(event.text)
    return tr("R{round} {event}", round=round_number, event=event.text)


TOAST_WIDTH = 36
"""Cells on the one-line toast of screens without a notice line (half of 80 columns)."""
NOTICE_WIDTH = 70
"""Cells of a short event on the roster's notice line at 80 columns (after ``─Log · ``)."""
TOAST_SECONDS = 3.0
"""How long a short notification stays: long enough to read, short enough to free the log."""


def short_event(event: Any, *, prefix: str = "", width: int = NOTICE_WIDTH) -> str:
    """An event in one short line for a notification (the log panel has the detail).

    The words are the event's own short form (the core counts several targets and names one:
    ``6d6 fire → 2 targets``, ``3d6 force → Ghost 11``), cut to ``width`` cells.
    """
    return fit_cells(prefix + event.headline, width)


def fit_cells(text: str, width: int) -> str:
    """``text`` cut to ``width`` terminal cells with an ellipsis (wide characters count 2)."""
    if cell_len(text) <= width:
        return text
    return set_cell_size(text, max(width - 1, 0)).rstrip() + "…"

TURN_DROPPED = re.compile(r"^(roll|total): |: waiting for the GM's roll$")
"""A turn's detail lines the notice leaves to the log: the dice, and what the tracker asks."""
TICKS = re.compile(r"^persistent (?:\S*\d\S* )?(.+) ticks$")
"""``persistent 1d6 bleed ticks``: the dice are in the log, the notice says ``bleed 3``."""
FLAT_CHECK = re.compile(r"^flat check (\d+) \(DC \d+\) for (?:\S*\d\S* )?(.+): (ends|continues)$")


RECOVERY = re.compile(r"^recovery check (\d+) vs DC \d+: (.+)$")
"""``recovery check 2 vs DC 12: critical failure; dying 2 → 4``: the notice keeps the roll
and what it did (the DC is in the log)."""


def turn_notice(event: Any, width: int = NOTICE_WIDTH) -> str:
    """A turn and what it did, on one line: ``Ezren's turn · Lem: bleed 3,
    HP 30 → 27 · Goblin 2 skipped (dead) · recovery 15: success, dying 2 → 1``.

    What the new turn's creature did at its start follows its turn unnamed; the dice and
    totals stay in the log; a line that does not fit says where the rest is.
    """
    said: dict[str, list[str]] = {}
    closing = getattr(event, "closing", 0)
    for index, detail in enumerate(getattr(event, "details", ())):
        who, colon, what = detail.partition(": ")
        if not colon:  # "Goblin 2 skipped (dead)"
            said.setdefault(detail, [])
            continue
        own = index >= closing and event.text.startswith(tr("{name}'s turn", name=who))
        words = said.setdefault("" if own else f"{who}:", [])
        _add_turn_step(words, what.removesuffix(" (end of its turn)"))
    parts = [event.text]
    for who, words in said.items():
        if words or not who.endswith(":"):  # a creature whose steps all stay in the log: none
            parts.append(" ".join(filter(None, (who, ", ".join(words)))))
    line = " · ".join(filter(None, parts))
    return line if cell_len(line) <= width else fit_keeping_tail(line, tr(" (l: log)"), width, 1)


def _add_turn_step(words: list[str], step: str) -> None:
    """One turn step of a creature in short: a tick's damage, a check's end, the rest as said."""
    ticks, check, recovery = TICKS.match(step), FLAT_CHECK.match(step), RECOVERY.match(step)
    if TURN_DROPPED.search(step) and not (step.startswith("total: ") and words
                                          and words[-1].endswith(" ticks")):
        return
    if step.startswith("total: "):  # the total of the tick just before it
        words[-1] = words[-1].removesuffix(" ticks") + " " + step.removeprefix("total: ")
    elif ticks:
        words.append(f"{ticks.group(1)} ticks")
    elif check:
        if check.group(3) == "ends":
            words.append(f"{check.group(2)} ends")
    elif recovery:
        words.append(f"recovery {recovery.group(1)}: {recovery.group(2).replace('; ', ', ')}")
    elif step.endswith(": dead"):  # "dying 4: dead"
        words.append("dead")
    else:
        words.append("no longer " + step.split(": no longer ", 1)[1] if ": no longer " in step
                     else step)


SETTLE_SECONDS = 0.4
"""A steady line shrinks back to its text this long after the last change: once a pause in
typing, never on every key."""

_settling: WeakKeyDictionary[Static, Timer] = WeakKeyDictionary()
"""Steady lines waiting to shrink back, and the timer that will."""


def show_text(widget: Static, content: str | Text, *, steady: bool = False) -> None:
    """Put ``content`` in ``widget``, laying the screen out again only if its height changes.

    ``Static.update`` lays out the whole screen by default: a keystroke in damage entry
    updated four lines and laid 40 targets out twice (previewed within a frame).
    The lines ``content`` wraps to at the widget's width tell whether its height changes.
    A ``steady`` line grows at once but shrinks only when the GM pauses (SETTLE_SECONDS):
    typing ``2d6`` passes through ``2d``, whose error takes two lines, and a line that
    followed every key moved the targets below it and laid the screen out each time.
    The same ``content`` again changes nothing: a line that stays as it was is not painted
    again (the options line, on every key of a roll).
    """
    shown = widget.content
    if shown == content and getattr(shown, "style", "") == getattr(content, "style", ""):
        return  # (two Texts that differ only in their style compare equal)
    text = content if isinstance(content, Text) else Text(content)
    width, height = widget.content_region.width, widget.content_region.height
    if not width or not widget.is_mounted:
        widget.update(content)
        return
    lines = len(text.wrap(widget.app.console, width))
    capped = min(lines, most_lines(widget) or lines)
    if not steady:
        widget.update(content, layout=capped != height)
        return
    waiting = _settling.pop(widget, None)
    if waiting is not None:
        waiting.stop()
    # the height it holds: keys that come together change it again before the layout
    held = max(height, cells(widget.styles.min_height) or 0)
    if capped > held:
        widget.styles.min_height = capped
    elif capped < held:
        # the timer holds the line weakly: a screen closed before the pause lets it go
        _settling[widget] = widget.set_timer(SETTLE_SECONDS, partial(_settle, ref(widget)))
    widget.update(content, layout=capped > held)


def _settle(line: ReferenceType[Static]) -> None:
    """The GM paused: a steady line takes the height of its text again (one layout)."""
    widget = line()
    if widget is not None:
        _settling.pop(widget, None)
        widget.styles.min_height = None


def cells(scalar: Scalar | None) -> int | None:
    """A stylesheet length in cells (``max-width: 90``), or None if it is not given in cells."""
    return int(scalar.value) if scalar is not None and scalar.is_cells else None


def most_lines(widget: Widget) -> int | None:
    """The lines ``widget``'s stylesheet allows it (its ``max-height`` in cells), if it says."""
    return cells(widget.styles.max_height)


def fit_lines(text: str, width: int, lines: int = 1) -> str:
    """``text`` wrapped at spaces into at most ``lines`` lines of ``width`` cells.

    What does not fit is cut at a word, never inside one, and the last line ends with
    `` …``: ``HP 14/3`` must not pass for a number (play report S10-1). A word wider
    than a whole line is cut by cells, with its ellipsis.
    """
    out: list[str] = []
    if cell_len(text) > len(text):   # Japanese breaks between characters, never inside a number
        out = wrap_cells(text, width)
    for word in text.split(" ") if not out else ():
        if out and cell_len(f"{out[-1]} {word}") <= width:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(fit_cells(word, width))
    if len(out) <= lines:
        return "\n".join(out)
    kept, last = out[: lines - 1], out[lines - 1]
    while " " in last and cell_len(last + " …") > width:
        last = last.rsplit(" ", 1)[0]
    # a space before the ellipsis: the word before it is whole
    cut = last + " …" if cell_len(last + " …") <= width else fit_cells(last + "…", width)
    return "\n".join([*kept, cut])


def fit_keeping_tail(head: str, tail: str, width: int, lines: int) -> str:
    """``head + tail`` wrapped into ``lines`` lines of ``width`` cells; when too long, ``head``
    is cut at a word with `` …`` and ``tail`` (the total, who rolled) is kept whole."""
    def wrapped(text: str) -> str | None:
        out = fit_lines(text, width, lines + 1)
        return out if out.count("\n") < lines else None

    whole = wrapped(head + tail)
    if whole is not None:
        return whole
    words = head.split(" ")
    while len(words) > 1:
        words.pop()
        cut = wrapped(" ".join(words).rstrip(" ,·") + " …" + tail)
        if cut is not None:
            return cut
    return fit_lines(head + tail, width, lines)


def fit_words(text: str, width: int) -> str:
    """``text`` on one line of ``width`` cells, cut at a word with an ellipsis."""
    return fit_lines(text, width, 1)


NOTICE_LIMIT = 200
"""Cells kept of a notice before the border crops it to the panel's width."""
NOTICE_STYLES = {"warning": "bold $text-warning", "error": "bold $text-error"}
"""A notice's style by severity; the words say it too (``Not saved: …``), colour only helps."""


def notice_line(message: str, limit: int | None = NOTICE_LIMIT) -> str:
    """A notice as one line: newlines and runs of spaces become single spaces, then cut
    to ``limit`` cells (None: kept whole)."""
    line = " ".join(str(message).split())
    return line if limit is None else fit_cells(line, limit)


class NoticeLine:
    """The notice on one line of a screen: one at a time, the newest replacing the last.

    :meth:`show` puts a message there in its severity's style for ``timeout`` seconds (0:
    until the next notice or :meth:`clear`). Where the line is belongs to its owner: ``put``
    writes the notice there as plain styled :class:`Content` (a creature called ``[red]``
    is shown as typed), or takes it off given None. ``host`` is the widget whose timer
    clears the notice: the timer ends with it. ``limit``: cells kept (None: the whole).
    """

    def __init__(self, host: Widget, put: Callable[[Content | None], None], *,
                 limit: int | None = NOTICE_LIMIT) -> None:
        """A line with no notice on it yet."""
        self.host = host
        self.put = put
        self.limit = limit
        self.text = ""
        """The notice shown, as one line ("" when none is)."""
        self._timer: Timer | None = None

    def show(self, message: str, severity: str = "information",
             timeout: float = TOAST_SECONDS) -> None:
        """Show ``message`` for ``timeout`` seconds in place of the last notice."""
        self._stop_timer()
        self.text = notice_line(message, self.limit)
        self.put(Content.assemble((self.text, NOTICE_STYLES.get(severity, "bold"))))
        if timeout > 0:
            self._timer = self.host.set_timer(timeout, self._expired)

    def clear(self) -> None:
        """Take the notice off the line."""
        self._stop_timer()
        self.text = ""
        self.put(None)

    def _expired(self) -> None:
        self._timer = None  # it has run: nothing to stop
        self.clear()

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None


class LogPanel(Static):
    """The last events of the encounter, newest last; ``l`` opens the whole log.

    The panel's top border doubles as the roster's notice line (``Log · Saved x.toml``):
    one line, cut to the panel's width, over nothing but a rule, so a notice never hides
    the rows or the log it reports on. A new notice replaces the last.
    """

    DEFAULT_CSS = """
    LogPanel {
        height: 4;
        border-top: solid $panel-lighten-2;
        border-title-align: left;
        padding: 0 1;
        color: $text-muted;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def __init__(self, lines: int = 3, **kwargs: Any) -> None:
        """Show at most ``lines`` events."""
        super().__init__("", markup=False, **kwargs)
        self.lines = lines
        self._notice_line = NoticeLine(self, self._put_notice)
        self.border_title = tr("Log")

    @property
    def notice(self) -> str:
        """The notice on the border line ("" when there is none)."""
        return self._notice_line.text

    def show_notice(self, message: str, *, severity: str = "information",
                    timeout: float = 3.0) -> None:
        """Show ``message`` on the border line for ``timeout`` seconds (plain text, one line)."""
        self._notice_line.show(message, severity, timeout)

    def clear_notice(self) -> None:
        """Back to the plain ``Log`` title."""
        self._notice_line.clear()

    def _put_notice(self, notice: Content | None) -> None:
        self.border_title = tr("Log") if notice is None else Content.assemble(tr("Log · "), notice)

    def show_events(self, events: Sequence[Any], rounds: bool = True) -> None:
        """Show the newest events of ``events`` (``rounds``: as :func:`event_line`)."""
        recent = list(events[-self.lines :]) if self.lines else []
        shown = [event_line(event, rounds) for event in recent]
        self.update(Text("\n".join(shown) if shown else tr("Nothing has happened yet.")))
