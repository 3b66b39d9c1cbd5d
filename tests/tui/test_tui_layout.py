"""Layout: notices, wide text, terminal sizes, jump, clean-up."""

from __future__ import annotations

import random

from rich.cells import cell_len
from tui_support import goblins, ids_by_name, screen_lines, type_text

from core import Encounter, get_system
from tui.app import make_app
from tui.widgets.log_panel import LogPanel

SIZE = (80, 24)


def real_app(encounter=None, system: str = "pf2e"):
    """An app whose notices are shown, not recorded (the conftest factory records them)."""
    return make_app(encounter, system=system, rng=random.Random(1), autosave=False)


# -- item 9: notices hide nothing -----------------------------------------------------------


async def test_four_quick_turns_leave_one_notice_on_the_log_border() -> None:
    app = real_app(goblins())
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("n", "n", "n", "n")
        await pilot.pause()
        panel = app.screen.query_one(LogPanel)
        assert not app.screen.query("Toast"), "a toast covers the roster"
        assert panel.notice == app.session.encounter.log[-1].text
        lines = screen_lines(app)
        # the notice is on the log panel's border row, and only there
        border_row = panel.region.y
        assert panel.notice[:20] in lines[border_row]
        # every Status cell of the table is still there
        table = app.roster.table
        assert "Status" in lines[table.region.y]
        for row in range(table.row_count):
            assert lines[table.region.y + 1 + row].rstrip().endswith("ok")


async def test_a_long_name_notice_is_one_cut_line() -> None:
    encounter = goblins()
    app = real_app(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.notify("Added " + "Gob" * 333 + ".")
        app.notify("Second\nline [red]not markup[/red]")
        await pilot.pause()
        panel = app.screen.query_one(LogPanel)
        assert panel.notice == "Second line [red]not markup[/red]"
        app.notify("Added " + "Gob" * 333 + ".")
        await pilot.pause()
        assert cell_len(panel.notice) <= 200 and panel.notice.endswith("…")
        lines = screen_lines(app)
        assert sum("GobGob" in line for line in lines) == 1
        assert lines[panel.region.y].startswith("─") or "Log" in lines[panel.region.y]
        assert not app.screen.query("Toast")


async def test_a_notice_clears_after_its_timeout() -> None:
    app = real_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.notify("Saved x.", timeout=0.05)
        panel = app.screen.query_one(LogPanel)
        assert panel.notice == "Saved x."
        await pilot.pause(0.2)
        assert panel.notice == "" and panel.border_title == "Log"


async def test_a_notice_over_another_screen_is_one_toast_line() -> None:
    app = real_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("l")
        await pilot.pause()
        for index in range(4):
            app.notify(f"notice {index} " + "x" * 100)
            await pilot.pause()
        await pilot.pause(0.1)
        toasts = app.screen.query("Toast")
        assert len(toasts) == 1
        assert toasts.first().region.height == 1
        assert toasts.first().region.y == 0


async def test_a_notice_over_the_tracker_covers_not_its_title() -> None:
    """Play report 2, S8-3: a toast wrote over the tracker's title (``· Roun Ezren's turn``)."""
    app = real_app(goblins())
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("p")
        await pilot.pause()
        title = screen_lines(app)[0]
        app.notify("Ezren's turn")
        await pilot.pause(0.1)
        lines = screen_lines(app)
        assert lines[0] == title and "Round 1" in title
        assert not app.screen.query("Toast") and not app._notifications
        (row,) = [i for i, line in enumerate(lines) if "Ezren's turn" in line]
        assert lines[row].lstrip().startswith("─"), "the notice has a rule line of its own"


async def test_a_toast_from_another_screen_never_covers_the_roster_header() -> None:
    """Play report 2, S8-3: back on the roster, a toast raised over another screen hid the
    header but for the ``]`` of ``[unsaved]`` in the last cell."""
    app = real_app(goblins())
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        header = screen_lines(app)[0]
        await pilot.press("l")
        await pilot.pause()
        app.notify("Kyra's turn")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause(0.1)
        assert app.screen is app.roster
        assert screen_lines(app)[0] == header and header.rstrip().endswith("[unsaved]")


# -- item 10: cells, not characters ----------------------------------------------------------


def cell_column(line: str, needle: str) -> int:
    """The cell column where ``needle`` starts in a screen line."""
    return cell_len(line[: line.index(needle)])


async def test_a_japanese_name_keeps_the_saved_marker_on_the_header() -> None:
    encounter = goblins()
    encounter.name = "ゴブリンの待ち伏せ・古い砦の地下での長い戦い"
    app = real_app(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        header = screen_lines(app)[0]
        assert cell_len(header) == 80
        assert header.rstrip().endswith("[unsaved]")
        assert "…" in header  # the name was cut, by cells


async def test_a_short_japanese_name_is_padded_by_cells() -> None:
    encounter = goblins()
    encounter.name = "砦"
    app = real_app(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        header = screen_lines(app)[0]
        assert "砦" in header and header.rstrip().endswith("[unsaved]")
        assert cell_column(header, "[unsaved]") == 80 - 1 - len("[unsaved]")


async def damage_feedback(text: str) -> list[str]:
    """The screen lines after ``text`` is put in the damage field."""
    from textual.widgets import Input

    app = real_app(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        app.screen.query_one("#damage Input", Input).value = text
        await pilot.pause()
        await pilot.pause()
        return screen_lines(app)


async def test_the_caret_is_under_the_right_cell_after_wide_text() -> None:
    lines = await damage_feedback("［火炎］ 2d6 fyre")
    caret_row = next(i for i, line in enumerate(lines) if "^ " in line)
    text_row = lines[caret_row - 1]
    assert "［火炎］ 2d6 fyre" in text_row
    # core says position 5 (the "2"): the caret sits under that cell, 4 wide characters in
    assert cell_column(lines[caret_row], "^") == cell_column(text_row, "2d6")


async def test_over_long_damage_text_shows_its_message() -> None:
    lines = await damage_feedback("1d6 fire, " * 60)
    assert any("longer than 500 characters" in line for line in lines)
    caret_row = next(i for i, line in enumerate(lines) if "^" in line)
    assert "longer than 500" in lines[caret_row]


def test_caret_text_puts_a_long_message_on_its_own_line() -> None:
    from tui.widgets.notation_field import caret_text

    lines = caret_text("2d6 fyre", "m" * 80, 4, width=40).plain.split("\n")
    assert lines[1] == "    ^"
    assert lines[2] == "m" * 39 + "…"  # cut at the box edge, and says so
    assert all(cell_len(line) <= 40 for line in lines)


# -- item 13: jump to a creature by name; the cursor follows the turn ------------------------


def big_roster() -> Encounter:
    """Ten creatures: reaching the 8th by arrows is home and seven downs."""
    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="Big Fight")
    names = ["Valeros", "Seoni", "Goblin 1", "Goblin 2", "Goblin 3", "Goblin Pyro",
             "Fire Elemental", "Hobgoblin Archer", "Wolf", "Bugbear Thug"]
    for index, name in enumerate(names):
        encounter.add(rules.new_creature(name, hp=20), initiative=30 - index)
    return encounter


async def test_slash_jumps_to_a_creature_as_the_gm_types() -> None:
    encounter = big_roster()
    ids = ids_by_name(encounter)
    app = real_app(encounter)
    async with app.run_test(size=SIZE) as pilot:
        table = app.roster.table
        await pilot.press("slash")
        await type_text(pilot, "hob")
        assert table.highlighted_id == ids["Hobgoblin Archer"]
        await pilot.press("enter")
        assert table.has_focus and table.highlighted_id == ids["Hobgoblin Archer"]
        # the roster's keys work again at once: space marks the creature found
        await pilot.press("space")
        assert table.marked == {ids["Hobgoblin Archer"]}
        await pilot.press("slash")
        await type_text(pilot, "gob 3")
        assert table.highlighted_id == ids["Goblin 3"]
        await pilot.press("escape")  # back to where the cursor was
        assert table.highlighted_id == ids["Wolf"] and table.has_focus
        assert table.marked == {ids["Hobgoblin Archer"]}, "escape in the search kept the marks"


async def test_the_find_line_replaces_the_footer_and_says_no_match() -> None:
    app = real_app(big_roster())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.screen.query("#find-line"), "the first frame built the find line"
        await pilot.press("slash")
        await type_text(pilot, "zzz")
        await pilot.pause()
        lines = screen_lines(app)
        assert "zzz" in lines[-1]
        field = app.screen.query_one("#find")
        assert field.has_class("-no-match")
        assert app.roster.table.highlighted_id == big_roster().order[0]


async def test_letters_typed_in_one_burst_after_slash_go_to_the_find_line() -> None:
    """A fast typist (or a terminal over SSH) sends ``/gob`` at once: the letters were on their
    way to the table before the find line had the focus, and ``b`` kept a creature in the
    bestiary. They go to the find line."""
    from textual import events
    from textual.screen import ModalScreen
    from textual.widgets import Input

    app = real_app(big_roster())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key, character in (("slash", "/"), ("g", "g"), ("o", "o"), ("b", "b")):
            app.post_message(events.Key(key, character))  # as the terminal driver posts them
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, ModalScreen), "b asked to keep a creature"
        assert app.screen.query_one("#find", Input).value == "gob"
        assert app.roster.table.highlighted_id == ids_by_name(big_roster())["Goblin 1"]
        await pilot.press("escape")
        for key, character in (("slash", "/"), ("a", "a"), ("r", "r"), ("enter", "\r")):
            app.post_message(events.Key(key, character))  # enter stays, in its place
        for _ in range(3):
            await pilot.pause()
        assert not app.screen.query_one("#find-line").display
        assert app.roster.table.highlighted_id == ids_by_name(big_roster())["Hobgoblin Archer"]
        await pilot.press("slash", "escape", "x")  # the line closed: keys are the roster's again
        await pilot.pause()
        assert app.screen.query_one("#find", Input).value == ""


async def test_a_slash_on_an_empty_roster_leaves_the_next_key_to_the_roster() -> None:
    """Find is greyed out with no creature: ``/`` does nothing and ``a`` still adds."""
    from textual import events

    from tui.screens.creature_form import CreatureForm

    app = real_app(Encounter(system="pf2e", name="Empty"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key in ("slash", "a"):
            app.post_message(events.Key(key, "/" if key == "slash" else key))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, CreatureForm)


def test_find_prefers_the_start_of_a_name() -> None:
    from tui.widgets.roster_table import find_creature

    encounter = big_roster()
    ids = ids_by_name(encounter)
    assert find_creature(encounter, "GOB") == ids["Goblin 1"]
    assert find_creature(encounter, "gob pyro") == ids["Goblin Pyro"]
    assert find_creature(encounter, "archer") == ids["Hobgoblin Archer"]
    assert find_creature(encounter, "ele") == ids["Fire Elemental"]
    assert find_creature(encounter, "bgob") == ids["Hobgoblin Archer"]
    assert find_creature(encounter, "  ") is None
    assert find_creature(encounter, "dragon") is None


async def test_the_cursor_follows_the_active_creature_on_n() -> None:
    encounter = big_roster()
    app = real_app(encounter)
    async with app.run_test(size=SIZE) as pilot:
        for turn in range(1, 4):
            await pilot.press("n")
            assert app.roster.table.highlighted_id == encounter.order[turn]


# -- item 15: clean-up in one step -----------------------------------------------------------


async def test_delete_removes_the_marked_creatures_in_one_undo_step() -> None:
    encounter = big_roster()
    ids = ids_by_name(encounter)
    app = real_app(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "space", "space", "space")  # Goblins 1-3
        await pilot.press("delete")
        assert "3 creatures (Goblin 1, Goblin 2, Goblin 3)" in str(
            app.screen.query_one("Static").render())
        await pilot.press("y")
        await pilot.pause()
        assert len(encounter.order) == 7
        assert not {ids["Goblin 1"], ids["Goblin 2"], ids["Goblin 3"]} & set(encounter.order)
        assert app.roster.table.row_count == 7 and not app.roster.table.marked
        await pilot.press("u")
        await pilot.pause()
        assert len(encounter.order) == 10 and app.roster.table.row_count == 10


async def test_X_removes_every_defeated_creature_after_a_confirm() -> None:
    encounter = big_roster()
    ids = ids_by_name(encounter)
    encounter.apply_damage([ids["Goblin 1"], ids["Wolf"]], "40 fire")
    encounter.apply_damage([ids["Valeros"]], "1 fire")
    app = real_app(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("X")
        await pilot.press("n")  # no: nothing removed
        assert len(encounter.order) == 10
        await pilot.press("X", "y")  # y: enter answers no
        await pilot.pause()
        assert ids["Goblin 1"] not in encounter.order and ids["Wolf"] not in encounter.order
        assert len(encounter.order) == 8
        assert app.screen.query_one(LogPanel).notice.startswith("Removed 2 defeated creatures")
        await pilot.press("u")
        assert len(encounter.order) == 10


async def test_X_with_nobody_defeated_says_so() -> None:
    app = real_app(big_roster())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("X")
        assert app.screen is app.roster
        assert app.roster.query_one(LogPanel).notice == "No defeated creatures to remove."


# -- item 11: small and big terminals ----------------------------------------------------------


async def test_at_60x20_every_status_stays_on_screen() -> None:
    for system in ("pf2e", "sf2e", "vitality-wounds", "daggerheart", "d20-3e"):
        app = real_app(system=system)
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            table = app.roster.table
            assert table.virtual_size.width <= table.size.width, system  # no sideways scroll
            lines = screen_lines(app)
            assert "Status" in lines[table.region.y], system
            assert "Defenses" not in lines[table.region.y], system  # the least useful went
            encounter = app.session.encounter
            for row, cid in enumerate(encounter.order):
                status = str(table.get_cell(cid, "status"))
                assert lines[table.region.y + 1 + row].rstrip().endswith(status), (system, status)


async def test_a_dead_creature_says_dead_at_60x20() -> None:
    encounter = goblins()
    ids = ids_by_name(encounter)
    encounter.apply_damage([ids["Goblin 2"]], "30 fire")
    app = real_app(encounter)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        table = app.roster.table
        row = table.get_row_index(ids["Goblin 2"])
        assert screen_lines(app)[table.region.y + 1 + row].rstrip().endswith("dead")


def test_columns_fill_the_width_and_keep_80_as_it_was() -> None:
    from tui.widgets.roster_columns import WIDTHS, column_widths

    for system, widths in WIDTHS.items():
        assert tuple(column_widths(system, 80).values()) == widths
        for width in (60, 72, 96, 132):
            columns = column_widths(system, width)
            assert sum(columns.values()) + 2 * len(columns) + 2 == width, (system, width)
            assert "status" in columns and "name" in columns
        assert column_widths(system, 96)["name"] > column_widths(system, 80)["name"]


async def test_a_big_terminal_shows_wider_columns_a_detail_pane_and_more_log() -> None:
    encounter = goblins()
    ids = ids_by_name(encounter)
    encounter.apply_damage([ids["Goblin 1"]], "3 fire")
    encounter.apply_damage([ids["Goblin 1"]], "2 slashing")
    app = real_app(encounter)
    async with app.run_test(size=(132, 43)) as pilot:
        await pilot.pause()
        detail = app.roster.query_one("#detail")
        assert detail.display and detail.region.width == 36
        table = app.roster.table
        assert table.region.width == 132 - 36
        assert table.columns["name"].width > 18
        await pilot.press("down")
        await pilot.pause()
        shown = str(detail.render())
        assert "Goblin 1" in shown and "weaknesses fire 5" in shown
        assert "2 slashing" in shown and "3 fire" in shown  # its last hits
        panel = app.roster.query_one(LogPanel)
        assert panel.lines == 10 and panel.region.height == 11
        # back to 80x24: the pane goes, the log shrinks, the columns are the fixed ones
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not detail.display and panel.lines == 3
        assert table.columns["name"].width == 16  # Status took two cells
        assert table.highlighted_id == ids["Goblin 1"]


def test_a_short_event_uses_the_notice_line_width() -> None:
    from core.encounter.ledger import Event
    from tui.widgets.log_panel import short_event

    text = "Goblin Warrior 1, Goblin Warrior 2 removed"
    assert short_event(Event(text, 1, "remove"), prefix="Undid: ") == "Undid: " + text
    assert 69 <= cell_len(short_event(Event("火" * 100, 1, "rename"))) <= 70  # cells, not characters


def test_a_short_event_is_the_events_own_short_form_not_its_text_parsed() -> None:
    from core.encounter.ledger import Event
    from tui.widgets.log_panel import short_event

    several = Event("6d6 fire → Goblin 1 13: 15/15 → 2/15; Goblin 2 13: 15/15 → 2/15", 1,
                    "damage", short="6d6 fire → 2 targets")
    assert short_event(several, prefix="Redid: ") == "Redid: 6d6 fire → 2 targets"
    named = Event("healed 5 → Bob: the tank 30/30", 1, "heal")  # a name is never cut at ": "
    assert short_event(named) == "healed 5 → Bob: the tank 30/30"


# -- over a slow link: nothing is redrawn that did not change -----------------------------------


async def test_the_footer_is_not_rebuilt_when_its_keys_stay_the_same() -> None:
    from tui.widgets.steady_footer import SteadyFooter

    app = real_app(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # undo becomes possible: the footer shows u Undo
        await pilot.pause()
        footer = app.roster.query_one(SteadyFooter)
        keys = list(footer.children)
        assert any("Undo" in str(key.render()) for key in keys)
        await pilot.press("n", "space", "space", "escape", "n")
        await pilot.pause()
        assert list(footer.children) == keys  # the very same widgets: no rebuild, no repaint


def test_help_aligns_keys_by_cells() -> None:
    from tui.screens.help import KeyHelp, help_text

    lines = help_text([KeyHelp("火", "Fire"), KeyHelp("ab", "Two"), KeyHelp("␣", "Mark")]).plain
    assert [cell_column(line, line.split()[-1]) for line in lines.split("\n")] == [4, 4, 4]


async def test_a_notice_over_a_dialog_never_covers_the_saved_marker() -> None:
    """Over a form or dialog the roster's header shows through; a notice goes
    on the dialog's own bottom border, never over the header's [saved] marker."""
    app = real_app(goblins())
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("down", "h")
        await pilot.pause()
        header = screen_lines(app)[0]
        assert header.rstrip().endswith("]")  # the marker, seen through the dialog's backdrop
        app.notify("Saved goblin-ambush-in-the-old-fort-under-the-hill.toml.")
        await pilot.pause(0.1)
        lines = screen_lines(app)
        assert lines[0] == header, "the notice covers the header"
        assert not app.screen.query("Toast")
        box = app.screen.query_one(".dialog-box")
        assert "Saved goblin-ambush" in lines[box.region.bottom - 1]  # the dialog's own line


async def test_a_notice_over_damage_entry_keeps_the_marker_and_who_acts() -> None:
    app = real_app(goblins())
    async with app.run_test(size=(132, 43), notifications=True) as pilot:
        await pilot.press("down", "d")
        await pilot.pause()
        box = app.screen.query_one("#damage-box")
        before = screen_lines(app)
        acts = before[box.region.bottom - 1].strip("─╰╯ ")
        app.notify("Type the damage first.", severity="warning")
        await pilot.pause(0.1)
        lines = screen_lines(app)
        assert lines[0][-12:] == before[0][-12:] and "]" in before[0][-12:]
        assert not app.screen.query("Toast")
        assert acts in lines[box.region.bottom - 1]
        assert "Type the damage first." in lines[box.region.bottom - 1]
        app.notify("Hit 2 kept.", timeout=0.05)
        await pilot.pause(0.2)
        assert screen_lines(app)[box.region.bottom - 1] == before[box.region.bottom - 1]


def test_help_wraps_a_long_description_under_itself_not_under_the_keys() -> None:
    """A description longer than the box went on under the key column (QA): its next line
    starts where the descriptions start."""
    from tui.screens.help import KeyHelp, help_text

    lines = help_text([KeyHelp("del", "Remove the marked creatures (or the highlighted one)"),
                       KeyHelp("* / ^a", "Mark everyone")], width=40).plain.split("\n")
    assert lines == ["del     Remove the marked creatures (or",
                     "        the highlighted one)",
                     "* / ^a  Mark everyone"]


async def test_a_burst_that_opens_the_damage_form_fills_it() -> None:
    """``d7 slashing`` in one burst: the keys after ``d`` reached the roster before the form
    was there, and the form opened empty. They are the form's, in order, enter included."""
    from textual import events
    from textual.screen import ModalScreen
    from textual.widgets import Input

    from tui.screens.damage import DamageScreen

    app = real_app(big_roster())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = len(app.session.encounter.log)
        for character in "d7 slashing":
            key = "space" if character == " " else character
            app.post_message(events.Key(key, character))  # as the terminal driver posts them
        for _ in range(4):
            await pilot.pause()
        assert isinstance(app.screen, DamageScreen)
        assert app.screen.query_one("#damage Input", Input).value == "7 slashing"
        assert len(app.session.encounter.log) == before, "a key acted on the roster"
        await pilot.press("escape")
        for character in "h3\r":  # heal 3 and apply, enter in the burst too
            app.post_message(events.Key("enter" if character == "\r" else character, character))
        for _ in range(4):
            await pilot.pause()
        assert not isinstance(app.screen, ModalScreen)
        assert len(app.session.encounter.log) == before + 1
