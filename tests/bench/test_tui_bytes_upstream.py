"""Where the terminal copy's savings come from (``make bench`` only).

The same fight as tests/tui/test_tui_terminal_copy_plain.py is played twice with Pilot on a
driver that is not headless, through the copy and plain (``--plain-output``), and the bytes
the app writes are counted per step. The plain run's updates are also taken apart:

* **same**: bytes of updates that change nothing at all, not even a cell's mouse meta (a
  pushed screen painted whole twice, a screen under a dialog handing its region up again);
* **meta only**: bytes of updates whose cells differ from the terminal's only in their mouse
  meta (Rich styles with ``@click`` or offsets), which the terminal never sees;
* **meta codes**: in the other updates, bytes spent re-sending colour codes between
  neighbouring cells that look the same and differ only in their meta;
* **rest**: whole regions written where only some cells changed.

These are the two upstream changes that would let ``tui/terminal_copy.py`` go (its docstring).

Run: ``.venv/bin/python -m pytest tests/bench/test_tui_bytes_upstream.py -q -s --override-ini addopts=``
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from rich.control import Control
from rich.segment import Segment
from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate
from textual.strip import Strip

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tui"))
from test_tui_terminal_copy_plain import STEPS, TerminalDriver  # noqa: E402
from tui_support import SIZE, goblins, type_text  # noqa: E402

import tui.terminal_copy  # noqa: E402
from tui.app import make_app  # noqa: E402
from tui.terminal_copy import TerminalCopy, looks  # noqa: E402


def without_meta(strip: Strip) -> Strip:
    """``strip`` as it would be if Textual merged neighbours that differ only in meta."""
    plain = [Segment(text, None if style is None else looks(style), control)
             for text, style, control in strip]
    return Strip(Segment.simplify(plain))


def meta_free(update: CompositorUpdate) -> CompositorUpdate:
    """``update`` with every strip :func:`without_meta`."""
    if isinstance(update, LayoutUpdate):
        return LayoutUpdate([[without_meta(strip) for strip in line] for line in update.strips],
                            update.region)
    assert isinstance(update, ChopsUpdate)
    chops = [{x: None if strip is None else without_meta(strip) for x, strip in line.items()}
             for line in update.chops]
    return ChopsUpdate(chops, update.spans, update.chop_ends)


def changes_cells(copy: TerminalCopy, update: Any, app: Any, with_meta: bool = False) -> bool:
    """Whether ``update`` changes a cell of ``copy`` (a cell's meta too when ``with_meta``)."""
    cursor = app.screen.outer_size.clamp_offset(app.cursor_position)
    if with_meta:
        tui.terminal_copy.looks = lambda style: style  # type: ignore[assignment]
    try:
        changes = copy.changes(update, app.size, cursor, app.console) or ""
    finally:
        tui.terminal_copy.looks = looks
    return bool(changes.replace(Control.move_to(*cursor).segment.text, ""))


def take_apart(app: Any, parts: Counter[str]) -> None:
    """Count each update ``app`` displays into ``parts``: same, meta only, meta codes, rest."""
    seen, shown = TerminalCopy(plain=False), TerminalCopy(plain=False)  # meta kept / dropped
    display = app._display

    def counted(screen: Any, update: Any) -> None:
        if isinstance(update, CompositorUpdate) and not app._batch_count:
            written = len(update.render_segments(app.console))
            meta_changed = changes_cells(seen, update, app, with_meta=True)
            if not changes_cells(shown, update, app):
                parts["meta only" if meta_changed else "same"] += written
            else:
                lean = len(meta_free(update).render_segments(app.console))
                parts["meta codes"] += written - lean
                parts["rest"] += lean
        display(screen, update)

    app._display = counted


async def play(plain: bool) -> list[tuple[int, Counter[str]]]:
    """Bytes written per step of ``STEPS`` (and, plain, the parts of Textual's updates)."""
    app = make_app(goblins(), rng=random.Random(1), autosave=False)
    app.terminal_copy = TerminalCopy(plain=plain)
    app.driver_class = TerminalDriver
    parts: Counter[str] = Counter()
    per_step = []
    async with app.run_test(size=SIZE, headless=False) as pilot:
        terminal = TerminalDriver.made[-1]
        await pilot.pause()
        if plain:
            take_apart(app, parts)
        for step in STEPS:
            before, parts_before = terminal.written, Counter(parts)
            if isinstance(step, str):
                await type_text(pilot, step)
            else:
                await pilot.press(*step)
            await pilot.pause()
            per_step.append((terminal.written - before, parts - parts_before))
    return per_step


async def test_where_the_bytes_go() -> None:
    copied = await play(plain=False)
    plain = await play(plain=True)
    print(f"\nbytes per step, {SIZE[0]}x{SIZE[1]}, Pilot on a terminal driver (pyte)")
    columns = ("copy", "plain", "same", "meta only", "meta codes", "rest")
    print("  " + f"{'step':<16}" + "".join(f"{column:>11}" for column in columns))
    totals: Counter[str] = Counter()
    for step, (copy_bytes, _), (plain_bytes, parts) in zip(STEPS, copied, plain, strict=True):
        row = Counter(parts)
        row.update(copy=copy_bytes, plain=plain_bytes)
        name = step if isinstance(step, str) else "+".join(step)
        print(f"  {name:<16}" + "".join(f"{row[column]:>11}" for column in columns))
        totals.update(row)
    print(f"  {'total':<16}" + "".join(f"{totals[column]:>11}" for column in columns))
    assert totals["copy"] < totals["plain"]
