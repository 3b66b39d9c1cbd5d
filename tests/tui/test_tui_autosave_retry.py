"""A full disk or a read-only data dir at start-up no longer turns autosave
off for the session. The claim and the write are tried again at the next change, quitting
with unwritten changes asks first, and a data dir deleted meanwhile is made again."""

from __future__ import annotations

import errno
import shutil
from pathlib import Path

import pytest
from tui_support import SIZE, goblins, settle

import saves
from saves import slots
from tui.cli import prepare_tui
from tui.persistence import AUTOSAVE_DELAY

FULL = OSError(errno.ENOSPC, "No space left on device")
READ_ONLY = OSError(errno.EROFS, "Read-only file system")


def refuse(monkeypatch: pytest.MonkeyPatch, times: int, error: OSError = FULL) -> list[int]:
    """The next ``times`` claims fail as on a full disk; the list counts the claims."""
    claim = slots.claim_slot
    calls: list[int] = []

    def claiming(prefer: Path | None = None) -> tuple[Path, Path | None]:
        calls.append(1)
        if len(calls) <= times:
            raise saves.SaveError(saves.data_dir(), f"no autosave can be held ({error.strerror})",
                                  hint=saves.errors.write_hint(error))
        return claim(prefer)

    monkeypatch.setattr(slots, "claim_slot", claiming)
    return calls


async def change(pilot) -> None:
    """One change the GM sees (a turn), and time for its autosave to be written."""
    await pilot.press("n")
    await pilot.pause(AUTOSAVE_DELAY + 0.1)
    await settle(pilot)


async def test_a_claim_refused_at_start_up_is_tried_again_at_the_next_change(
        app_factory, data_dir: Path, monkeypatch):
    calls = refuse(monkeypatch, times=1)
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.persistence.autosave_file is None and "disk is full" in app.notes.last
        await change(pilot)  # space was freed meanwhile
        assert len(calls) == 2
        assert app.persistence.autosave_file == data_dir / "autosave.toml"
        assert saves.load(data_dir / "autosave.toml").turn == app.session.encounter.turn
        assert app.session.saved_state() == "autosaved"


async def test_quitting_with_changes_no_autosave_holds_asks_first(app_factory, monkeypatch):
    """3 of 3 tries lost the session's changes silently: q quit without a word."""
    refuse(monkeypatch, times=99)
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await change(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running and "q again quits anyway" in app.notes.last
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


def test_a_read_only_data_dir_with_a_bad_autosave_still_starts(data_dir: Path, monkeypatch):
    """`[Errno 30] … trash`, exit 2: now a demo, and the notice says what stayed where."""
    data_dir.mkdir(parents=True)
    (data_dir / "autosave.toml").write_text("format = 1\n[encounter\n")

    def read_only(path: Path) -> Path:
        raise OSError(errno.EROFS, "Read-only file system", str(data_dir / "trash"))

    monkeypatch.setattr(slots, "set_aside", read_only)
    encounter, notice, _seed = prepare_tui([])
    assert encounter.name != "" and "Demo opened" in notice
    assert "could not be moved to trash/ (read-only file system)" in notice
    assert (data_dir / "autosave.toml").read_text() == "format = 1\n[encounter\n"


async def test_a_data_dir_deleted_while_running_is_made_again(app_factory, data_dir: Path):
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.persistence.autosave_file == data_dir / "autosave.toml"
        shutil.rmtree(data_dir)
        await change(pilot)
        assert saves.load(data_dir / "autosave.toml").turn == app.session.encounter.turn
        assert slots.holder(data_dir / "autosave.toml") is not None  # held again
        assert "space" not in app.notes.last and "made again" in app.notes.last


async def test_a_write_refused_by_a_full_disk_is_tried_again_at_the_next_change(
        app_factory, data_dir: Path, monkeypatch):
    write = saves.autosave
    refused: list[int] = []

    def full_once(*args, **kwargs):
        if not refused:
            refused.append(1)
            raise saves.SaveError(data_dir / "autosave.toml", "could not write (No space left on device)",
                                  hint=saves.errors.write_hint(FULL))
        return write(*args, **kwargs)

    monkeypatch.setattr(saves, "autosave", full_once)
    app = app_factory(goblins(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert refused and "the disk is full: free some space" in app.notes.last
        await change(pilot)
        assert saves.load(data_dir / "autosave.toml").turn == app.session.encounter.turn
