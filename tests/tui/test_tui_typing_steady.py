"""Typing in damage entry keeps the screen still (a keystroke previewed within a frame).

In a real terminal every key that changed the field's length laid the whole screen out again
(Textual's Input grows its scroll width with a layout), and so did the roll line and the
breakdown each time their text went from one line to two and back: about 45 ms of CPU a key
on 40 targets, twice the aim. Now the field scrolls without a layout, and the lines under it
keep the height they grew to while the screen is open, so the targets do not jump as the GM
types.
"""

from __future__ import annotations

import pytest
from textual.screen import Screen
from textual.widgets import Input
from tui_support import SIZE, screen_lines, type_text, wait_for_the_pause_in_typing

from core import Encounter, get_system
from tui.screens.damage import DamageScreen
from tui.widgets.target_table import TargetTable


def forty_goblins() -> Encounter:
    """Forty marked-able goblins, every third weak to fire (results differ by type)."""
    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="Horde")
    for index in range(40):
        defenses = "weaknesses fire 5" if index % 3 == 0 else ""
        encounter.add(rules.new_creature(f"Goblin {index + 1}", hp=500, defenses=defenses),
                      initiative=40 - index)
    return encounter


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A record of every time a screen is laid out again (Textual's full reflow)."""
    seen: list[str] = []
    original = Screen._refresh_layout

    def counting(screen: Screen, *args, **kwargs) -> None:
        seen.append(type(screen).__name__)
        original(screen, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", counting)
    return seen


async def open_on_everyone(pilot) -> DamageScreen:
    await pilot.press("asterisk", "d")
    screen = pilot.app.screen
    assert isinstance(screen, DamageScreen) and len(screen.target_ids) == 40
    return screen


async def test_editing_a_roll_does_not_lay_the_screen_out_on_every_key(app_factory, layouts,
                                                                      monkeypatch):
    from tui.widgets import log_panel

    # the roll's line shrinks back 2 s after the last key, not 0.4 s: at a load of 17 a key
    # came more than 0.4 s after the one before, and the line's settling was counted (4 layouts)
    monkeypatch.setattr(log_panel, "SETTLE_SECONDS", 2.0)
    app = app_factory(forty_goblins())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_on_everyone(pilot)
        await type_text(pilot, "6d6 fire")
        await pilot.press(*["left"] * 6)  # after "6d": "6d16 fire" and back, a long roll and a short
        await pilot.press("1", "backspace")  # the lines grow once to what the long roll needs
        await pilot.pause()
        layouts.clear()
        for _ in range(5):
            await pilot.press("1")
            await pilot.pause()
            assert "6d16 fire" in screen.query_one("#damage Input", Input).value
            await pilot.press("backspace")
            await pilot.pause()
        assert screen.query_one("#damage Input", Input).value == "6d6 fire"
        assert layouts == [], f"{len(layouts)} layouts for 10 keys"


async def test_the_targets_stay_in_place_while_the_gm_types(app_factory, monkeypatch):
    """Lines under the field grow at once and shrink back only when the GM pauses."""
    from tui.widgets import log_panel

    # a pause of 2 s: a busy machine running tests in parallel can take 0.4 s between two keys
    monkeypatch.setattr(log_panel, "SETTLE_SECONDS", 2.0)
    app = app_factory(forty_goblins())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_on_everyone(pilot)
        table = screen.query_one("#targets", TargetTable)
        feedback = screen.query_one("#damage .feedback")
        await pilot.press("2", "d")  # "2d": the error and its caret take two lines
        await pilot.pause()
        top = table.region.y
        assert feedback.region.height == 2
        for key in ["6", "space", "f", "i", "r", "e"]:  # "2d6 f…" is wrong again until "fire"
            await pilot.press(key)
            await pilot.pause()
            assert table.region.y == top, key
        assert feedback.region.height == 2  # "✓ 2d6 fire" and a line kept while typing
        await wait_for_the_pause_in_typing(pilot)  # the line's own timer, not a fixed wait
        assert feedback.region.height == 1
        assert table.region.y == top - 1


async def test_lines_that_settle_after_a_pause_leave_the_d20_attack_helper_on_screen(app_factory):
    """Review: lines that only grew pushed the Atk/AC/Threat row out of the d20 box."""
    rules = get_system("d20-3e")
    encounter = Encounter(system="d20-3e", name="Brawl")
    for index in range(12):
        encounter.add(rules.new_creature(f"Thug {index + 1}", hp=30), initiative=12 - index)
    app = app_factory(encounter, system="d20-3e")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("asterisk", "d")
        screen = app.screen
        assert isinstance(screen, DamageScreen)
        await type_text(pilot, "2d6+3 slashing, 1d6 fire, 1d4 cold, 1d8 acid, 2d6 cold")
        await wait_for_the_pause_in_typing(pilot)  # the lines' own timer, not a fixed wait
        box = screen.query_one("#damage-box").content_region
        row = screen.query_one("#attack-row").region
        assert box.contains_region(row), (box, row)


async def test_a_long_damage_text_scrolls_to_the_cursor(app_factory):
    """The field scrolls without laying the screen out: the end of a long text is shown."""
    app = app_factory(forty_goblins())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_on_everyone(pilot)
        text = " ".join(["1d4 fire"] + ["1d4 cold"] * 10)
        await type_text(pilot, text)
        await pilot.pause()
        field = screen.query_one("#damage Input", Input)
        assert field.value == text
        # scrolled just so far that the end and the cursor after it fill the field
        assert field.scroll_offset.x == len(text) + 1 - field.content_region.width > 0
        assert text[field.scroll_offset.x:] + "  │" in screen_lines(app)[1]


async def test_a_key_repaints_no_line_whose_text_stays_the_same(app_factory):
    """The options line says the same on every key of a roll: it is not painted again."""
    app = app_factory(forty_goblins())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_on_everyone(pilot)
        await type_text(pilot, "6d6 fire")
        await pilot.pause()
        options = screen.query_one("#options")
        shown = str(options.render())
        repaints: list[object] = []
        refresh = options.refresh

        def counting(*args, **kwargs):
            repaints.append(args)
            return refresh(*args, **kwargs)

        options.refresh = counting  # type: ignore[method-assign]
        await pilot.press(*["left"] * 5, "backspace", "8")  # 6d6 fire → 6d8 fire: a new roll
        await pilot.pause()
        assert "6d8" in str(screen.query_one("#roll-line").render())
        assert str(options.render()) == shown and repaints == []


async def test_a_key_and_its_preview_are_painted_together(app_factory, monkeypatch):
    """The field, its feedback and the 40 targets' results go out in one repaint a key: the
    field's own repaint did not wait for the preview (two paints a key, 3 ms more each)."""
    paints: list[str] = []
    original = Screen._compositor_refresh

    def counting(screen: Screen) -> None:
        paints.append(type(screen).__name__)
        original(screen)

    monkeypatch.setattr(Screen, "_compositor_refresh", counting)
    app = app_factory(forty_goblins())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_on_everyone(pilot)
        await type_text(pilot, "6d6 fire")
        await pilot.press(*["left"] * 6)
        await pilot.press("1", "backspace")  # the lines grow once to what the long roll needs
        await pilot.pause()
        paints.clear()
        for key in ["1", "backspace"] * 5:
            await pilot.press(key)
        await pilot.pause()
        assert screen.query_one("#damage Input", Input).value == "6d6 fire"
        assert 0 < len(paints) <= 10, f"{len(paints)} paints for 10 keys"


async def test_lines_settle_after_a_burst_of_keys_too(app_factory):
    """Keys that arrive together (a paste, a fast typist over SSH) change the text before the
    screen is laid out again: the line still shrinks back once they stop."""
    app = app_factory(forty_goblins())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_on_everyone(pilot)
        field = screen.query_one("#damage Input", Input)
        feedback = screen.query_one("#damage .feedback")
        for text in ("6", "6d", "6d6", "6d6 f", "6d6 fire"):  # no paint in between
            field.value = text
        await wait_for_the_pause_in_typing(pilot)
        assert feedback.region.height == 1

