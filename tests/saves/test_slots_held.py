"""saves/slots.py at its edges, from a mutmut sample of the module: every slot
held says so, the slot resumed from is taken first, a newer hitledger's autosave is left, a folder
that takes no lock file says why, a lock file removed is made again, and a FIFO is never waited on."""

from __future__ import annotations

import errno
import os
import stat
import threading
from pathlib import Path

import pytest

import saves
from saves import slots


def test_with_every_slot_held_a_window_is_told_to_close_one(held, data: Path):
    for number in range(1, slots.MAX_SLOTS + 1):
        assert slots.claim(slots.slot_path(number))
        held.append(slots.slot_path(number))
    with pytest.raises(saves.SaveError) as caught:
        slots.claim_slot()
    error = caught.value
    assert (error.path, error.problem, error.hint) == (
        data, "64 windows already hold an autosave here", "close a window")


def test_the_slot_resumed_from_is_taken_first_as_it_is(held, make_enc, data: Path):
    third = slots.slot_path(3)
    saves.autosave(make_enc("Unsaved"), path=third)
    slot, moved = slots.claim_slot(prefer=third)
    held.append(slot)
    assert (slot, moved) == (third, None) and third.exists()


def test_a_slot_holding_unsaved_work_is_emptied_into_the_trash(held, make_enc, data: Path):
    saves.autosave(make_enc("Unsaved"), path=slots.slot_path(1))
    slot, moved = slots.claim_slot()
    held.append(slot)
    assert slot == slots.slot_path(1) and moved is not None
    assert moved.parent == data / "trash" and saves.load(moved).name == "Unsaved"
    assert slots.holder(slot) == os.getpid()


def test_a_newer_hitledgers_autosave_is_left_to_it(held, data: Path):
    first = slots.slot_path(1)
    first.write_text("format = 7\n[encounter]\n", "utf-8")
    assert slots.newer_format(first) == 7
    slot, moved = slots.claim_slot()
    held.append(slot)
    assert (slot, moved) == (slots.slot_path(2), None)
    assert first.read_text("utf-8") == "format = 7\n[encounter]\n"


def test_a_folder_named_as_an_autosave_has_no_format(data: Path):
    folder = slots.slot_path(1)
    folder.mkdir()
    assert slots.newer_format(folder) is None


def test_a_data_folder_that_takes_no_lock_file_says_why(monkeypatch, data: Path):
    real_open = os.open

    def read_only(path, flags, *args, **kwargs):
        if str(path).endswith(".lock"):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    with pytest.raises(saves.SaveError) as caught:
        slots.claim_slot()
    error = caught.value
    assert (error.path, error.problem, error.hint) == (
        data, "no autosave can be held here (read-only file system)",
        "the data folder is on a read-only file system")


def test_a_lock_file_removed_under_a_window_is_made_again_and_held(held, data: Path):
    slot = slots.slot_path(1)
    assert slots.claim(slot)
    held.append(slot)
    lock = data / ".autosave.toml.lock"
    lock.unlink()
    assert slots.hold_again(slot)
    assert lock.is_file() and slots.holder(slot) == os.getpid()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_in_a_slot_counts_as_work_kept_and_is_not_waited_on(data: Path):
    slot = slots.slot_path(1)
    os.mkfifo(slot)
    result: list[bool] = []
    reader = threading.Thread(target=lambda: result.append(slots.holds_unique_work(slot)), daemon=True)
    reader.start()
    reader.join(5)
    hung = reader.is_alive()
    if hung:  # let it go: a writer opens and closes the FIFO
        os.close(os.open(slot, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(5)
    assert not hung and result == [True]


def test_a_lock_file_is_private_whatever_the_umask(held, data: Path):
    before = os.umask(0)
    try:
        assert slots.claim(slots.slot_path(1))
    finally:
        os.umask(before)
    held.append(slots.slot_path(1))
    assert stat.S_IMODE((data / ".autosave.toml.lock").stat().st_mode) == 0o600
