"""The log screen over a long evening measures every event with the words it keeps: opening it
makes the words of the rows on screen only, never the whole log's again."""

from __future__ import annotations

from typing import Any

import pytest
from tui_support import long_evening, running

from core.text.i18n import kept_said
from tui.screens.log_screen import LogScreen

EVENTS = 400


def test_plain_lines_are_the_text_and_details_as_plain_words_kept() -> None:
    event = long_evening(EVENTS).log[1]
    lines = event.plain_lines
    assert lines == (event.text, *event.details)
    assert all(type(line) is str for line in lines)
    assert event.plain_lines is lines   # kept: the same words, not made again


async def test_opening_the_log_makes_the_words_of_the_rows_on_screen_only(
        app_factory, monkeypatch: pytest.MonkeyPatch) -> None:
    made = []

    def counted(text: str, phrase: Any) -> str:
        made.append(text)
        return kept_said(text, phrase)

    async with running(app_factory, long_evening(EVENTS)) as (pilot, app, _, _):
        monkeypatch.setattr("core.encounter.ledger.kept_said", counted)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
    assert len(made) < 200, f"{len(made)} lines' words made again for {EVENTS} events"
