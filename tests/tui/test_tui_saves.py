"""Saving from the TUI: save (named the first time), quick save/load, autosave, conflicts, the saves screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui_support import goblins, ids_by_name, open_damage, settle, type_text

import saves
from tui.screens.dialogs import ChoiceModal, ConfirmModal, PromptModal
from tui.screens.saves_browser import SavesScreen, SavesTable
from tui.widgets.encounter_header import EncounterHeader

SIZE = (80, 24)


async def rename_to(pilot: Any, name: str) -> None:
    """``r`` on the highlighted save, its name cleared, ``name`` typed and entered."""
    await pilot.press("r")
    await pilot.press("ctrl+a", "ctrl+k")
    await type_text(pilot, name)
    await pilot.press("enter")
    await settle(pilot)


def header_state(app) -> str:
    """The saved marker in the roster header."""
    state: str = app.roster.query_one(EncounterHeader).saved_state
    return state


async def test_ctrl_s_asks_a_name_the_first_time_then_saves_quietly(app_factory, data_dir: Path):
    encounter = goblins()
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        assert header_state(app) == "unsaved"
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, PromptModal)
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "Goblin Ambush")
        await pilot.press("enter")
        await settle(pilot)
        path = data_dir / "goblin-ambush.toml"
        assert path.is_file()
        assert encounter.name == "Goblin Ambush"
        assert header_state(app) == "saved"
        assert "Saved goblin-ambush.toml" in app.notes.last
        ids = ids_by_name(encounter)
        goblin = ids["Goblin 1"]
        app.session.apply(lambda enc: enc.apply_damage([goblin], "5 slashing"), {goblin})
        assert header_state(app) == "unsaved"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is app.roster  # no question the second time
        loaded = saves.load(path)
        assert loaded.creature(ids["Goblin 1"]).hp == 10
        assert loaded.log[-1].text == encounter.log[-1].text


async def test_quick_save_and_quick_load(app_factory, data_dir: Path):
    encounter = goblins()
    ids = ids_by_name(encounter)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        assert (data_dir / "test-fight.toml").is_file()
        goblin = ids["Goblin 1"]
        app.session.apply(lambda enc: enc.apply_damage([goblin], "9 slashing"), {goblin})
        await pilot.press("f9")
        assert isinstance(app.screen, ConfirmModal)  # unsaved changes: ask first
        await pilot.press("y")
        await settle(pilot)
        assert app.session.encounter is not encounter
        assert app.session.encounter.creature(ids["Goblin 1"]).hp == 15
        assert app.roster.table.get_cell(ids["Goblin 1"], "track").plain.endswith("15/15")
        assert header_state(app) == "saved"
        # undo still works after a load: the ledger came back with the file
        assert app.session.encounter.can_undo


async def test_autosave_after_a_change(app_factory, data_dir: Path):
    encounter = goblins()
    ids = ids_by_name(encounter)
    app = app_factory(encounter, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_damage(pilot, "4 fire")
        await pilot.press("enter")
        await pilot.pause(0.6)
        await settle(pilot)
        autosave = data_dir / "autosave.toml"
        assert autosave.is_file()
        kept = saves.load_autosave()
        assert kept is not None and kept.creature(ids["Goblin 1"]).hp == 6
        assert header_state(app) == "autosaved"


async def test_a_conflict_offers_overwrite_save_as_new_or_cancel(app_factory, data_dir: Path):
    encounter = goblins()
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        path = data_dir / "test-fight.toml"
        path.write_text(path.read_text() + "\n# edited in another window\n")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceModal)
        await pilot.press("escape")  # cancel: nothing written
        assert "edited in another window" in path.read_text()
        await pilot.press("ctrl+s")
        await settle(pilot)
        await pilot.press("down", "enter")  # save as a new save
        assert isinstance(app.screen, PromptModal)
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "Second Fight")
        await pilot.press("enter")
        await settle(pilot)
        assert (data_dir / "second-fight.toml").is_file()
        assert "edited in another window" in path.read_text()
        path_two = data_dir / "second-fight.toml"
        path_two.write_text(path_two.read_text() + "\n# again\n")
        await pilot.press("ctrl+s")
        await settle(pilot)
        await pilot.press("enter")  # overwrite
        await settle(pilot)
        assert "# again" not in path_two.read_text()
        assert app.screen is app.roster


async def test_a_save_error_is_a_message_and_the_app_keeps_running(app_factory, monkeypatch):
    def broken(*args, **kwargs):
        raise saves.SaveError(Path("x.toml"), "could not write (disk full)", hint="free space")

    monkeypatch.setattr(saves, "save", broken)
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        assert "Not saved" in app.notes.last and "disk full" in app.notes.last
        assert app.screen is app.roster
        await pilot.press("down", "space")
        assert app.roster.table.marked


async def test_saves_screen_lists_loads_renames_and_trashes(app_factory, data_dir: Path):
    other = goblins()
    other.rename("Vault of Sighs")
    saves.save(other)
    data_dir.joinpath("broken-night.toml").write_text("format = 1\nname = \n")
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SavesScreen)
        table = screen.query_one("#saves", SavesTable)
        rows = [[c.plain for c in table.get_row_at(i)] for i in range(table.row_count)]
        names = [row[0] for row in rows]
        assert "Vault of Sighs" in names
        broken = next(row for row in rows if row[0] == "! broken-night.toml")
        assert broken[1] == "unreadable"
        table.move_cursor(row=[r[0] for r in rows].index("! broken-night.toml"))
        await pilot.pause()
        detail = str(screen.query_one("#saves-detail").render())
        assert detail.startswith("! broken-night.toml: line 2") and "left untouched" in detail
        assert screen.check_action("rename", ()) is None  # an unreadable file is left alone
        await pilot.press("enter")  # enter on it says why it is not loaded
        assert "Not loaded: broken-night.toml: the line below says why" in str(
            screen.query_one("#saves-detail").render())
        assert app.screen is screen
        # rename
        table.move_cursor(row=names.index("Vault of Sighs"))
        await rename_to(pilot, "Vault Two")
        assert (data_dir / "vault-two.toml").is_file()
        # trash the broken file: moved, never destroyed
        rows = [[c.plain for c in table.get_row_at(i)] for i in range(table.row_count)]
        table.move_cursor(row=[r[0] for r in rows].index("! broken-night.toml"))
        await pilot.press("delete")
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        await settle(pilot)
        assert not (data_dir / "broken-night.toml").exists()
        assert any(p.name.startswith("broken-night") for p in (data_dir / "trash").iterdir())
        # load
        rows = [[c.plain for c in table.get_row_at(i)] for i in range(table.row_count)]
        table.move_cursor(row=[r[0] for r in rows].index("Vault Two"))
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is app.roster
        assert app.session.encounter.name == "Vault Two"


async def test_saves_screen_rename_refuses_path_tricks(app_factory, data_dir: Path):
    saves.save(goblins())
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await settle(pilot)
        await rename_to(pilot, "../../etc")
        # refused in words, in the prompt: nothing renamed, nothing written outside
        assert isinstance(app.screen, PromptModal)
        assert "not a path" in str(app.screen.query_one(".dialog-error").render())
        assert sorted(p.name for p in data_dir.glob("*.toml")) == ["test-fight.toml"]
        assert not (data_dir.parent.parent / "etc.toml").exists()
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "etc")
        await pilot.press("enter")
        await settle(pilot)
        assert sorted(p.name for p in data_dir.glob("*.toml")) == ["etc.toml"]


async def test_workers_write_a_snapshot_taken_on_the_ui_thread(app_factory, data_dir: Path,
                                                                monkeypatch):
    import threading

    encounter = goblins()
    ids = ids_by_name(encounter)
    app = app_factory(encounter, autosave=True)
    threads: list[str] = []
    to_data = encounter.to_data

    def snapshot():
        threads.append(threading.current_thread().name)
        return to_data()

    monkeypatch.setattr(encounter, "to_data", snapshot)
    async with app.run_test(size=SIZE) as pilot:
        goblin = ids["Goblin 1"]
        app.session.apply(lambda enc: enc.apply_damage([goblin], "4 slashing"), {goblin})
        await pilot.pause(0.6)
        await settle(pilot)
        await pilot.press("f5")
        await settle(pilot)
        assert (data_dir / "autosave.toml").is_file()
        assert (data_dir / "test-fight.toml").is_file()
        assert saves.load(data_dir / "test-fight.toml").creature(ids["Goblin 1"]).hp == 11
        assert threads and set(threads) == {threading.main_thread().name}
        # nothing changed since the autosave: the timer does not write it again
        written = len(threads)
        app.session.autosaved_revision = encounter.revision
        app.persistence.autosave_now()
        await settle(pilot)
        assert len(threads) == written


async def test_a_resumed_or_opened_save_says_so_in_the_header(data_dir: Path):
    from tui.app import make_app

    encounter = goblins()
    saves.save(encounter)
    cases: tuple[tuple[dict[str, Any], str], ...] = (
        ({"resumed": True}, "autosaved"), ({"saved": True}, "saved"), ({}, "unsaved"))
    for kwargs, state in cases:
        app = make_app(saves.load("Test Fight"), autosave=False, **kwargs)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert header_state(app) == state


# --- never lose an encounter --------------------------------------------------


async def test_a_steady_pace_of_changes_cannot_postpone_the_autosave(app_factory, data_dir: Path):
    """Item 3: the delay runs from the first unsaved change, not from the last one."""
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        start = app.session.encounter.revision
        for _ in range(8):  # a change every 0.1 s for 0.8 s: never 0.4 s of quiet
            await pilot.press("n")
            await pilot.pause(0.1)
        await settle(pilot)
        written = saves.load(data_dir / "autosave.toml")
        assert written.revision >= 0 and app.session.autosaved_revision is not None
        assert app.session.autosaved_revision >= start + 4


async def test_quit_writes_the_autosave_at_once(app_factory, data_dir: Path):
    """Item 3: q writes what the GM saw, without waiting for the timer."""
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "n", "q")
    loaded = saves.load_autosave()
    assert loaded is not None
    assert (loaded.round, loaded.turn) == (app.session.encounter.round, app.session.encounter.turn)
    assert app.session.encounter.turn == 2


async def test_quick_save_is_remembered_after_a_restart(app_factory, data_dir: Path):
    """Item 5: f5, quit, start again: f9 loads that save and f5 writes the same file."""
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause(0.5)  # autosaved: then f5 names the save at the same revision
        await settle(pilot)
        await pilot.press("f5")
        await settle(pilot)
        await pilot.pause(0.5)
        await settle(pilot)
        await pilot.press("q")
    from tui.cli import prepare_tui

    encounter, notice, _ = prepare_tui([])
    assert notice == "Resumed from the autosave."
    again = app_factory(encounter, autosave=True)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("f9")
        await settle(pilot)
        assert "Nothing quick-saved" not in again.notes.last
        await pilot.press("n", "f5")
        await settle(pilot)
    assert sorted(p.name for p in data_dir.glob("*.toml")) == ["autosave.toml", "test-fight.toml"]


async def test_the_saves_screen_does_not_offer_undo(app_factory, data_dir: Path):
    """Item 12: u does nothing on the saves screen, so the footer does not offer it."""
    encounter = goblins()
    encounter.next_turn()
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        assert app.check_action("undo", ()) is True
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, SavesScreen)
        assert app.check_action("undo", ()) is False
        shown = [b.binding.description for b in app.screen.active_bindings.values()
                 if app.check_action(b.binding.action, ()) is not False]
        assert "Undo" not in shown
        await pilot.press("u")
        assert encounter.turn == 1


def test_a_crash_exits_non_zero(data_dir: Path, monkeypatch):
    """Item 12: a wrapper script can tell that the app crashed."""
    from functools import partialmethod

    from textual.app import App

    from tui.app import HitLedgerApp
    from tui.cli import main

    def crash(self):
        raise RuntimeError("boom")

    monkeypatch.setattr(HitLedgerApp, "on_mount", crash)
    monkeypatch.setattr(HitLedgerApp, "run", partialmethod(App.run, headless=True))
    assert main(["--demo", "pf2e"]) != 0


async def test_a_new_encounter_keeps_the_current_one_in_the_trash(app_factory, data_dir: Path):
    """Item 1: ctrl+o → New never deletes an encounter that was never saved under a name."""
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        app.persistence.new_encounter("pf2e", "Untouched demo")  # nothing changed yet: nothing to keep
        assert not (data_dir / "trash").exists()
        app.session.replace(goblins())  # changed below: work found nowhere else
        await pilot.press("n")
        await pilot.press("ctrl+o")
        await settle(pilot)
        await pilot.press("n")  # New: which system?
        assert isinstance(app.screen, ChoiceModal)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("enter")  # the name offered
        await settle(pilot)
        assert app.session.encounter.name == "New encounter"
        (kept,) = (data_dir / "trash").iterdir()
        assert saves.load(kept).name == "Test Fight" and saves.load(kept).turn == 1
        assert f"trash/{kept.name}" in " ".join(app.notes.messages)


async def test_loading_another_save_keeps_unsaved_changes(app_factory, data_dir: Path):
    """Item 1: loading a save over changes that are nowhere else keeps them first."""
    other = goblins()
    other.rename("Other")
    saves.save(other)
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        await pilot.press("n")
        app.persistence.load_file(data_dir / "other.toml")
        await settle(pilot)
        assert app.session.encounter.name == "Other"
        (kept,) = (data_dir / "trash").iterdir()
        assert saves.load(kept).turn == 1
        app.persistence.load_file(data_dir / "test-fight.toml")  # saved, unchanged: nothing more to keep
        await settle(pilot)
        assert len(list((data_dir / "trash").iterdir())) == 1


async def test_loading_a_save_another_window_holds_says_so(app_factory, data_dir: Path):
    """Item 4: the saves screen's load warns when another running window has that save open."""
    from tui_support import window_holding

    encounter = goblins()
    named = saves.save(encounter)
    saves.autosave(encounter, path=data_dir / "autosave-2.toml")
    with window_holding(data_dir / "autosave-2.toml") as other:
        app = app_factory(goblins(), autosave=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()  # the slot is claimed after the first frame
            assert app.persistence.autosave_file == data_dir / "autosave.toml"  # never the held one
            app.persistence.load_file(named)
            await settle(pilot)
            assert f"Open in another window too (process {other})" in app.notes.last
            assert app.notes.last.endswith(named.name)  # the file name last, in one line


async def test_loading_a_daggerheart_scene_names_no_round(app_factory, data_dir: Path):
    """RULES §7: Daggerheart counts no rounds, so its load notice names none."""
    from core import Encounter, get_system

    encounter = Encounter("daggerheart", "Bridge")
    encounter.add(get_system("daggerheart").new_creature("Bandit", hp=3))
    app = app_factory(encounter, system="daggerheart")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        await pilot.press("f9")
        await settle(pilot)
        loaded = [m for m in app.notes.messages if m.startswith("Loaded")]
        assert loaded == ["Loaded Bridge from bridge.toml."], app.notes.messages


async def test_opening_a_save_says_in_full_where_the_older_autosave_went(data_dir: Path):
    """Play report S3-1: the notice was a toast over the header, cut before the file name."""
    from tui.app import make_app
    from tui.cli import OPENED
    from tui.widgets.log_panel import NOTICE_WIDTH, LogPanel

    other = goblins()
    other.rename("Other")
    saves.autosave(other)  # work found nowhere else, in the slot this window takes
    saves.save(goblins())
    app = make_app(saves.load("Test Fight"), saved=True, notice=OPENED)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        (kept,) = (data_dir / "trash").iterdir()
        notice = app.roster.query_one(LogPanel).notice
        assert notice.endswith(f"trash/{kept.name}.") and len(notice) <= NOTICE_WIDTH
        assert not app._notifications  # no toast over the header


async def test_a_save_error_says_what_first_and_the_file_name_last(app_factory, monkeypatch,
                                                                   data_dir: Path):
    """A notice line is 70 cells: a full path first left no room for what went wrong."""
    def broken(*args, **kwargs):
        raise saves.SaveError(data_dir / "deep" / "folders" / "x.toml",
                              "could not write (disk full)", hint="free space")

    monkeypatch.setattr(saves, "save", broken)
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        assert app.notes.last.startswith("Not saved: could not write (disk full): x.toml")


async def test_saves_screen_notices_are_whole_on_its_detail_line(app_factory, data_dir: Path):
    """A 36-cell toast cut the trash file's name; the detail line has the whole width."""
    saves.save(goblins())
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await settle(pilot)
        screen = app.screen
        await pilot.press("delete", "y")
        await settle(pilot)
        (kept,) = (data_dir / "trash").iterdir()
        detail = str(screen.query_one("#saves-detail").render())
        assert f"Moved to trash/{kept.name}." in detail
        saves.save(goblins())
        screen.refresh_list()
        await settle(pilot)
        (data_dir / "test-fight.toml").unlink()  # gone behind the list's back
        await pilot.press("delete", "y")
        await settle(pilot)
        detail = str(screen.query_one("#saves-detail").render())
        assert detail.startswith("no such save: test-fight.toml")


async def test_the_notice_naming_the_trash_file_is_not_replaced_at_once(app_factory,
                                                                        data_dir: Path):
    """Like K in scenario 8: "kept in trash/…" was replaced at once by "Loaded …"."""
    other = goblins()
    other.rename("Other")
    saves.save(other)
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # work found nowhere else
        app.persistence.load_file(data_dir / "other.toml")
        await settle(pilot)
        (kept,) = (data_dir / "trash").iterdir()
        assert app.notes.last.endswith(f"trash/{kept.name}.")
        app.persistence.new_encounter("pf2e", "Fresh")
        app.session.apply(lambda enc: enc.add(enc.rules.new_creature("Rat", hp=3)), ())
        app.persistence.new_encounter("pf2e", "Fresher")
        await settle(pilot)  # the replaced encounter is written in a worker
        (fresh,) = (data_dir / "trash").glob("fresh *.toml")
        assert app.notes.last.endswith(f"trash/{fresh.name}.")


# --- play report 2, scenario 7: a refused save says why -------------------------------------


def row_names(screen) -> list[str]:
    """The Name column of the saves list."""
    table = screen.query_one("#saves", SavesTable)
    return [table.get_row_at(i)[0].plain for i in range(table.row_count)]


def detail_lines(app, screen) -> list[str]:
    """The saves screen's detail lines as the terminal shows them (its rule aside)."""
    lines = [strip.text for strip in app.screen._compositor.render_strips()]
    detail = screen.query_one("#saves-detail")
    return [line.strip() for line in lines[detail.region.y + 1:detail.region.bottom]]


async def test_a_refused_load_says_why_first_and_the_list_keeps_the_whole_reason(data_dir: Path):
    """``Not loaded: field creatures[0].hp:…`` was cut at 80 and 132 columns alike, and the
    list went on showing the file as healthy."""
    import os

    from tui.app import make_app

    broken = saves.save(goblins())
    broken.write_text(broken.read_text().replace("hp = 40", 'hp = "lots"', 1))
    os.utime(broken, (1_000_000_000, 1_000_000_000))  # older: the second row
    other = goblins()
    other.rename("Other")
    saves.save(other)
    app = make_app(goblins(), autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("ctrl+o")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SavesScreen)
        assert row_names(screen) == ["Other", "Test Fight"]  # the head alone looks fine
        await pilot.press("down", "enter")
        await settle(pilot)
        assert app.screen is screen and not app._notifications  # no toast over the title
        lines = detail_lines(app, screen)
        assert lines[0] == "Not loaded: test-fight.toml: creature 1 (Valeros) hp must be a whole number"
        assert row_names(screen) == ["Other", "! test-fight.toml"]
        assert isinstance(screen, SavesScreen)
        entry = screen.highlighted()
        assert entry is not None and entry.path == broken  # the cursor stays on the file
        whole = " ".join(lines[1:])
        assert whole.startswith("! test-fight.toml: creature 1 (Valeros) hp must be a whole "
                                "number, not 'lots' (creatures[0].hp)")
        assert whole.endswith("the file was left as it was")


async def test_rows_of_the_same_name_show_their_file_names(data_dir: Path, app_factory):
    """Two rows read ``fireball``: only the detail line told the files apart."""
    saves.save(goblins())
    (data_dir / "copy.toml").write_bytes((data_dir / "test-fight.toml").read_bytes())
    other = goblins()
    other.rename("Other")
    saves.save(other)
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert sorted(row_names(app.screen)) == ["Other", "copy.toml", "test-fight.toml"]


async def test_ctrl_o_on_the_saves_screen_lists_again(data_dir: Path, app_factory):
    """A file saved while the screen was open did not appear until esc and ctrl+o."""
    saves.save(goblins())
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await settle(pilot)
        screen = app.screen
        other = goblins()
        other.rename("Other")
        saves.save(other)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert app.screen is screen and sorted(row_names(screen)) == ["Other", "Test Fight"]


async def test_work_that_cannot_be_kept_is_never_replaced(app_factory, data_dir: Path, monkeypatch):
    """Review: when the trash copy failed, loading or starting another encounter replaced the
    GM's unsaved work anyway, and the next autosave wrote over its only copy. Now nothing is
    replaced and the notice says why and what to do."""
    def broken(*args, **kwargs):
        raise saves.SaveError(Path("x.toml"), "could not write (disk full)", hint="free space")

    monkeypatch.setattr(saves, "keep_in_trash", broken)
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await open_damage(pilot, "3 fire", keys=())
        await pilot.press("enter")
        await settle(pilot)
        encounter = app.session.encounter
        app.persistence.new_encounter("pf2e", "Vault")
        await settle(pilot)
        assert app.session.encounter is encounter
        assert "Not replaced" in app.notes.last and "disk full" in app.notes.last


async def test_an_unexpected_error_reading_a_save_for_export_is_said_not_a_crash(
        app_factory, data_dir: Path, monkeypatch):
    """Review: the export worker caught only save and OS errors; any other error in a worker
    ends a Textual app with a traceback."""
    other = goblins()
    other.rename("Vault of Sighs")
    saves.save(other)

    def broken(*args, **kwargs):
        raise RuntimeError("something nobody expected")

    monkeypatch.setattr(saves, "load", broken)
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await settle(pilot)
        table = app.screen.query_one("#saves", SavesTable)
        names = [table.get_row_at(i)[0].plain for i in range(table.row_count)]
        table.move_cursor(row=names.index("Vault of Sighs"))
        await pilot.press("m")
        await settle(pilot)
        assert app.is_running and isinstance(app.screen, SavesScreen)
        assert "Not read: something nobody expected" in str(
            app.screen.query_one("#saves-detail").render())


async def test_renaming_the_open_encounters_save_renames_the_encounter(app_factory, data_dir: Path):
    """The header takes the new name, and the next save does not write the old one back."""
    encounter = goblins()
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        assert (data_dir / "test-fight.toml").is_file()
        await pilot.press("ctrl+o")
        await settle(pilot)
        table = app.screen.query_one("#saves", SavesTable)
        names = [table.get_row_at(i)[0].plain for i in range(table.row_count)]
        table.move_cursor(row=names.index("Test Fight"))
        await rename_to(pilot, "Bridge Ambush")
        assert (data_dir / "bridge-ambush.toml").is_file()
        await pilot.press("escape")
        await settle(pilot)
        assert encounter.name == "Bridge Ambush"
        assert app.roster.query_one(EncounterHeader).encounter_name == "Bridge Ambush"
        await pilot.press("f5")
        await settle(pilot)
        assert saves.load(data_dir / "bridge-ambush.toml").name == "Bridge Ambush"
        assert not (data_dir / "test-fight.toml").exists()


async def test_the_palette_renames_the_encounter(app_factory, data_dir: Path):
    encounter = goblins()
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await type_text(pilot, "rename encounter")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PromptModal)
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "Night at the Mill")
        await pilot.press("enter")
        await settle(pilot)
        assert encounter.name == "Night at the Mill"
        assert app.roster.query_one(EncounterHeader).encounter_name == "Night at the Mill"
        await pilot.press("u")  # one undo step, as every change
        await settle(pilot)
        assert encounter.name == "Test Fight"
