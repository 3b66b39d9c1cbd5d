"""NoticeLine, the one helper behind every notice line (the roster's log border, the tracker's
rule, the saves screen's detail line, a dialog's border): the newest replaces the last, a
timeout clears it, a timeout of 0 keeps it."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.content import Content
from textual.widgets import Static

from tui.widgets.log_panel import NoticeLine


class LineApp(App[None]):
    """One widget to host the line's timer; what the line writes is recorded."""

    def compose(self) -> ComposeResult:
        """The host."""
        yield Static(id="host")

    def on_mount(self) -> None:
        """A line that records every notice put on it (None: taken off)."""
        self.put: list[Content | None] = []
        self.line = NoticeLine(self.query_one("#host"), self.put.append, limit=12)


async def test_a_notice_is_plain_styled_text_cut_to_the_limit() -> None:
    app = LineApp()
    async with app.run_test() as pilot:
        app.line.show("Not saved:\n  [red]disk[/red] full", "error", 0)
        await pilot.pause()
        assert app.line.text == "Not saved:…"
        assert app.put == [Content.assemble(("Not saved:…", "bold $text-error"))]
        whole = NoticeLine(app.line.host, app.put.append, limit=None)
        whole.show("[red]a   name[/red] kept whole, markup as typed")
        last = app.put[-1]
        assert last is not None and last.plain == "[red]a name[/red] kept whole, markup as typed"
        whole.clear()


async def test_a_timeout_clears_the_notice() -> None:
    app = LineApp()
    async with app.run_test() as pilot:
        app.line.show("Saved x.", timeout=0.05)
        assert app.line.text == "Saved x."
        await pilot.pause(0.2)
        assert app.line.text == "" and app.put[-1] is None


async def test_the_newest_notice_replaces_the_last_and_keeps_its_own_timeout() -> None:
    app = LineApp()
    async with app.run_test() as pilot:
        app.line.show("first", timeout=0.05)
        app.line.show("second", "warning", timeout=0)  # 0: kept until the next
        await pilot.pause(0.2)
        assert app.line.text == "second"
        assert app.put == [Content.assemble(("first", "bold")),
                           Content.assemble(("second", "bold $text-warning"))]
        app.line.show("third", timeout=0.05)
        await pilot.pause(0.2)
        assert app.line.text == "" and app.put[-1] is None
