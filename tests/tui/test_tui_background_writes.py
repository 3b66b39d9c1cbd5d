"""No file is written on the UI thread: keeping the replaced or finished encounter and
exporting the log run in workers, so a slow network data dir never freezes the app."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from tui_support import SIZE, goblins, settle, type_text

import saves
from tui.screens import markdown_log, party
from tui.screens.saves_browser import SavesTable


class Writer:
    """Wraps a file writer: records the threads it ran on; ``hold`` makes it wait for ``go``."""

    def __init__(self, write: Callable[..., Any], *, hold: bool = False) -> None:
        self.write = write
        self.threads: list[threading.Thread] = []
        self.go = threading.Event()
        if not hold:
            self.go.set()
        self.waited_in_vain = False

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.threads.append(threading.current_thread())
        # a timeout, not a hang, when the writer runs on the UI thread (nothing could set go);
        # long enough that a busy machine running tests in parallel never reaches it
        self.waited_in_vain = not self.go.wait(timeout=30)
        return self.write(*args, **kwargs)

    @property
    def on_ui_thread(self) -> bool:
        return threading.main_thread() in self.threads

    async def started(self, pilot: Pilot) -> None:
        """Wait until the writer has been called (it waits for ``go`` then)."""
        for _ in range(100):
            if self.threads:
                return
            await pilot.pause(0.01)
        raise AssertionError("the writer was never called")


def patch_writer(monkeypatch: pytest.MonkeyPatch, module: Any, name: str,
                 *, hold: bool = False) -> Writer:
    writer = Writer(getattr(module, name), hold=hold)
    monkeypatch.setattr(module, name, writer)
    return writer



@asynccontextmanager
async def keeping(app: Any, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[Pilot, Writer]]:
    """``app`` running with the GM's unsaved work (a turn), a new encounter asked for, and the
    copy of the old one held in its worker: (pilot, writer). ``writer.go.set()`` lets it go."""
    writer = patch_writer(monkeypatch, saves, "keep_in_trash", hold=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        app.persistence.new_encounter("pf2e", "Vault")
        await writer.started(pilot)
        yield pilot, writer


def save_other() -> Path:
    """A second saved encounter, "Other", to load over the one on screen."""
    other = goblins()
    other.rename("Other")
    return saves.save(other)

async def test_a_new_encounter_keeps_the_old_one_off_the_ui_thread(app_factory, data_dir: Path,
                                                                    monkeypatch):
    writer = patch_writer(monkeypatch, saves, "keep_in_trash")
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # work found nowhere else
        app.persistence.new_encounter("pf2e", "Vault")
        await settle(pilot)
        assert writer.threads and not writer.on_ui_thread
        assert app.session.encounter.name == "Vault"
        (kept,) = (data_dir / "trash").iterdir()
        assert app.notes.last.endswith(f"trash/{kept.name}.")


async def test_the_app_answers_keys_while_the_replaced_encounter_is_written(app_factory,
                                                                           data_dir: Path,
                                                                           monkeypatch):
    writer = patch_writer(monkeypatch, saves, "keep_in_trash", hold=True)
    save_other()
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        encounter = app.session.encounter
        app.persistence.load_file(data_dir / "other.toml")
        await writer.started(pilot)
        before = app.roster.table.cursor_row
        await pilot.press("down")  # the app answers while the copy is written
        assert app.roster.table.cursor_row == before + 1
        assert app.session.encounter is encounter  # replaced only once it is kept
        writer.go.set()
        await settle(pilot)
        assert not writer.waited_in_vain
        assert app.session.encounter.name == "Other"


async def test_a_change_made_while_the_copy_is_written_is_kept_too(app_factory, data_dir: Path,
                                                                   monkeypatch):
    """The copy is of the encounter as it was asked; a change made meanwhile is kept again."""
    app = app_factory(goblins())
    async with keeping(app, monkeypatch) as (pilot, writer):
        app.session.apply(lambda enc: enc.add(enc.rules.new_creature("Rat", hp=3)), ())
        writer.go.set()
        await settle(pilot)
        assert app.session.encounter.name == "Vault"
        newest = max((data_dir / "trash").iterdir(), key=lambda path: path.stat().st_mtime_ns)
        loaded = saves.load(newest)
        assert "Rat" in [loaded.creature(cid).name for cid in loaded.order]
        assert app.notes.last.endswith(f"trash/{newest.name}.")


async def test_k_saves_the_finished_fight_off_the_ui_thread(app_factory, data_dir: Path,
                                                            monkeypatch):
    writer = patch_writer(monkeypatch, saves, "keep_as_save")
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # the GM's work, never saved
        await pilot.press("K", "ctrl+a", "ctrl+k")
        await type_text(pilot, "ambush")
        await pilot.press("enter")
        await settle(pilot)
        assert writer.threads and not writer.on_ui_thread
        assert app.session.encounter.name == "ambush"
        assert app.notes.last.endswith("test-fight.toml.")


async def test_k_refused_leaves_the_fight_on_screen(app_factory, data_dir: Path, monkeypatch):
    def broken(*args: Any, **kwargs: Any) -> Path:
        raise saves.SaveError(Path("x.toml"), "could not write (disk full)", hint="free space")

    monkeypatch.setattr(saves, "keep_as_save", broken)
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        encounter = app.session.encounter
        await pilot.press("K", "enter")
        await settle(pilot)
        assert app.session.encounter is encounter
        assert app.notes.last.startswith("Not saved: could not write (disk full)")


async def test_the_log_is_written_off_the_ui_thread(app_factory, data_dir: Path, monkeypatch):
    writer = patch_writer(monkeypatch, markdown_log, "write_log")
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("M")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert writer.threads and not writer.on_ui_thread
        written = data_dir / "test-fight-log.md"
        assert written.read_text().startswith("# Test Fight")
        assert app.notes.last == f"Log written to {written}."


async def test_the_free_log_name_is_looked_up_off_the_ui_thread(app_factory, monkeypatch):
    writer = patch_writer(monkeypatch, markdown_log, "free_log_path")
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("M")
        await settle(pilot)
        assert writer.threads and not writer.on_ui_thread


async def test_an_unusable_data_dir_never_ends_the_app_on_export(app_factory, tmp_path: Path,
                                                                monkeypatch):
    """The data dir under a regular file: the free-name lookup fails, the app says so."""
    (tmp_path / "a-file").write_text("not a folder")
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path / "a-file" / "data"))
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("M")
        await settle(pilot)
        assert app.is_running
        assert app.notes.last.startswith("Log not written: ")
    assert app.return_code in (None, 0)


async def test_an_unknown_home_in_the_path_never_ends_the_app(app_factory, monkeypatch):
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("M")
        await settle(pilot)
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "~no-such-user-here/log.md")
        await pilot.press("enter")
        await settle(pilot)
        assert app.is_running
        assert app.notes.last.startswith("Log not written: ")
    assert app.return_code in (None, 0)


async def test_the_export_notice_reaches_the_gm_after_the_saves_screen_closed(app_factory,
                                                                             data_dir: Path,
                                                                             monkeypatch):
    saves.save(goblins())
    writer = patch_writer(monkeypatch, markdown_log, "write_log", hold=True)
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await settle(pilot)
        saves_screen = app.screen
        table = saves_screen.query_one("#saves", SavesTable)
        table.move_cursor(row=table.get_row_index(str(data_dir / "test-fight.toml")))
        await pilot.press("m")
        await settle(pilot)
        await pilot.press("enter")
        await writer.started(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.roster
        writer.go.set()
        await settle(pilot)
        assert app.notes.last.startswith("Log written to ")


async def test_the_export_notice_is_not_said_on_a_hidden_screen(app_factory, monkeypatch):
    """``say`` is the line of the screen that asked; with a dialog over it the app says it."""
    writer = patch_writer(monkeypatch, markdown_log, "write_log", hold=True)
    said: list[str] = []
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        markdown_log.ask_export_log(app, say=lambda message, **_: said.append(message))
        await settle(pilot)
        await pilot.press("enter")
        await writer.started(pilot)
        await pilot.press("question_mark")  # help, over the roster that asked
        await pilot.pause()
        assert app.screen is not app.roster
        writer.go.set()
        await settle(pilot)
        assert not said
        assert app.notes.last.startswith("Log written to ")


# -- one keep at a time (review 2, 1.1) ------------------------------------------------------


async def test_a_second_k_while_the_fight_is_kept_is_refused(app_factory, data_dir: Path,
                                                             monkeypatch):
    """A GM pressing K again because nothing seemed to happen: told, and nothing else saved."""
    writer = patch_writer(monkeypatch, saves, "keep_as_save", hold=True)
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        party.next_encounter_keeping_party(app, "Ambush")
        await writer.started(pilot)
        assert app.notes.last == "Keeping Test Fight…"
        party.next_encounter_keeping_party(app, "Ambush")
        assert app.notes.last == "Still keeping Test Fight…"
        writer.go.set()
        await settle(pilot)
        assert app.session.encounter.name == "Ambush"
        assert sorted(path.name for path in data_dir.glob("*.toml")) == ["test-fight.toml"]
        assert app.notes.last.endswith("The last one is in test-fight.toml.")
        assert len(writer.threads) == 1


async def test_a_load_while_the_encounter_is_kept_is_refused(app_factory, data_dir: Path,
                                                            monkeypatch):
    save_other()
    app = app_factory(goblins())
    async with keeping(app, monkeypatch) as (pilot, writer):
        assert app.notes.last == "Keeping Test Fight…"
        app.persistence.load_file(data_dir / "other.toml")
        await pilot.pause()
        assert app.notes.last == "Still keeping Test Fight…"
        writer.go.set()
        await settle(pilot)
        assert app.session.encounter.name == "Vault"
        assert len(list((data_dir / "trash").iterdir())) == 1


async def test_a_keep_never_runs_against_an_encounter_that_took_its_place(app_factory,
                                                                         data_dir: Path,
                                                                         monkeypatch):
    app = app_factory(goblins())
    async with keeping(app, monkeypatch) as (pilot, writer):
        other = goblins()
        other.rename("Other")
        app.session.replace(other)
        writer.go.set()
        await settle(pilot)
        assert app.session.encounter is other, "Vault never replaces it"
        (kept,) = (data_dir / "trash").iterdir()
        assert app.notes.last == f"Test Fight kept in trash/{kept.name}."


async def test_a_form_opened_while_keeping_stays_open_and_its_change_is_kept(app_factory,
                                                                            data_dir: Path,
                                                                            monkeypatch):
    """The GM starts damage entry while the copy is written: the typed damage is not thrown
    away; the new encounter waits until the form closes, and the change is kept too, in the
    same file (review 2, 1.5: one copy, not one per retry)."""
    from tui.screens.damage import DamageScreen

    writer = patch_writer(monkeypatch, saves, "keep_in_trash", hold=True)
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        old = app.session.encounter
        app.persistence.new_encounter("pf2e", "Vault")
        await writer.started(pilot)
        await pilot.press("down", "d")
        await type_text(pilot, "4 fire")
        writer.go.set()
        await settle(pilot)
        assert isinstance(app.screen, DamageScreen), "the form is still open"
        assert app.session.encounter is old
        assert app.notes.last == "Close this to go on (Test Fight is kept)."
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.encounter.name == "Vault"
        (kept,) = (data_dir / "trash").iterdir()
        loaded = saves.load(kept)
        hp = [old.creature(cid).hp for cid in old.order]
        assert hp != [40, 15, 15], "the damage was entered"
        assert [loaded.creature(cid).hp for cid in loaded.order] == hp
        assert app.notes.last.endswith(f"trash/{kept.name}.")


# -- a save's result belongs to the encounter it wrote (review 2, 1.4) -------------------------


async def test_a_late_autosave_never_marks_the_encounter_that_replaced_it(app_factory,
                                                                         monkeypatch):
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)  # the slot is claimed and first written
        writer = patch_writer(monkeypatch, saves, "autosave", hold=True)
        app.session.apply(lambda enc: enc.next_turn())
        app.persistence.autosave_now()
        await writer.started(pilot)
        other = goblins()
        other.rename("Other")  # at the revision the late autosave wrote
        assert other.revision == app.session.encounter.revision
        app.session.replace(other)
        writer.go.set()
        await settle(pilot)
        await pilot.pause(0.5)  # Other's own autosave
        await settle(pilot)
        assert app.session.encounter is other
        assert saves.load(app.persistence.autosave_file).name == "Other"
        assert app.session.saved_state() == "autosaved"


async def test_a_late_quick_save_writes_its_own_encounter_and_marks_no_other(app_factory,
                                                                            data_dir: Path,
                                                                            monkeypatch):
    writer = patch_writer(monkeypatch, saves, "save", hold=True)
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await writer.started(pilot)
        other = goblins()
        other.rename("Other")
        app.session.replace(other)
        writer.go.set()
        await settle(pilot)
        assert saves.load(data_dir / "test-fight.toml").name == "Test Fight"
        assert not (data_dir / "other.toml").exists()
        assert app.session.saved_revision is None and app.session.quick_path is None
        assert saves.save_path(other) is None


# -- review 3: the keep's notices and requests ------------------------------------------------


def toasts(app: Any) -> list[str]:
    """The notices shown as toasts (on a screen without a notice line of its own)."""
    return [str(notification.message) for notification in app._notifications]


def showing_app() -> Any:
    """An app whose notices are shown, not recorded (``app_factory`` records them)."""
    import random

    from tui.app import make_app

    return make_app(goblins(), system="pf2e", rng=random.Random(1), autosave=False)


async def test_keeping_is_said_on_the_log_screen_until_it_is_kept(monkeypatch):
    """The log has no notice line: "Keeping X…" (timeout 0: until kept) is a toast that stays,
    not one that expires at once (review 3, item 2)."""
    from tui import actions

    writer = patch_writer(monkeypatch, saves, "keep_in_trash", hold=True)
    app = showing_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        actions.open_log(app, app.session.encounter)
        await pilot.pause()
        app.persistence.new_encounter("pf2e", "Vault")
        await writer.started(pilot)
        await pilot.pause(0.1)
        assert toasts(app) == ["Keeping Test Fight…"]
        writer.go.set()
        await settle(pilot)


async def test_a_keep_waiting_for_the_log_to_close_says_so_there(monkeypatch):
    from tui import actions

    app = showing_app()
    async with keeping(app, monkeypatch) as (pilot, writer):
        actions.open_log(app, app.session.encounter)  # opened while the copy is written
        await pilot.pause()
        writer.go.set()
        await settle(pilot)
        await pilot.pause(0.1)
        (toast,) = toasts(app)  # one line of TOAST_WIDTH cells: what to do comes first
        assert toast.startswith("Close this to go on (Test Fight is")


async def test_a_request_while_a_kept_one_waits_for_a_form_says_close_it(app_factory,
                                                                        data_dir: Path,
                                                                        monkeypatch):
    """The copy is written already: "Still keeping" would send the GM waiting for nothing."""
    save_other()
    app = app_factory(goblins())
    async with keeping(app, monkeypatch) as (pilot, writer):
        await pilot.press("down", "d")
        writer.go.set()
        await settle(pilot)
        app.persistence.load_file(data_dir / "other.toml")
        await pilot.pause()
        assert app.notes.last == "Test Fight is kept; close this screen first."
        assert app.session.encounter.name == "Test Fight"


async def test_the_next_encounter_is_not_asked_while_keeping(app_factory, monkeypatch):
    """The GM would type a name only to be told "Still keeping" (review 3, item 8)."""
    from tui.screens.dialogs import PromptModal

    app = app_factory(goblins())
    async with keeping(app, monkeypatch) as (pilot, writer):
        party.ask_next_encounter(app)
        await pilot.pause()
        assert not isinstance(app.screen, PromptModal)
        assert app.notes.last == "Still keeping Test Fight…"
        writer.go.set()
        await settle(pilot)


async def test_a_new_encounter_is_not_asked_on_the_saves_screen_while_keeping(app_factory,
                                                                             monkeypatch):
    from tui.screens.saves_browser import SavesScreen

    app = app_factory(goblins())
    async with keeping(app, monkeypatch) as (pilot, writer):
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen), "no system is asked"
        assert app.notes.last == "Still keeping Test Fight…"
        writer.go.set()
        await settle(pilot)
