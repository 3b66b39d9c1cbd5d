"""The slots at their edges: the 64th slot is a slot, a look at a free slot makes no lock file,
a lock file that cannot be read names no process, a claim whose lock file keeps vanishing gives
up, and a lock file whose pid cannot be written is left empty, naming no stale process."""

from __future__ import annotations

from pathlib import Path

from saves import slots


def lock_of(slot: Path) -> Path:
    return slot.parent / f".{slot.name}.lock"


def test_the_last_free_slot_is_the_64th(held, data: Path):
    for number in range(1, slots.MAX_SLOTS):
        assert slots.claim(slots.slot_path(number))
        held.append(slots.slot_path(number))
    slot, moved = slots.claim_slot()
    held.append(slot)
    assert (slot, moved) == (data / f"autosave-{slots.MAX_SLOTS}.toml", None)


def test_looking_at_a_free_slot_makes_no_lock_file(data: Path):
    slot = slots.slot_path(1)
    assert slots.holder(slot) is None
    assert not lock_of(slot).exists()


def test_a_held_lock_file_that_cannot_be_read_names_no_process(held, data: Path, monkeypatch):
    slot = slots.slot_path(1)
    assert slots.claim(slot)
    held.append(slot)

    def unreadable(*_args):
        raise OSError("read error")

    monkeypatch.setattr("saves.slots.os.pread", unreadable)
    assert slots.holder(slot) == 0                       # held, by a window it cannot name


def test_a_claim_whose_lock_file_keeps_vanishing_gives_up(data: Path, monkeypatch):
    monkeypatch.setattr(slots, "_still_there", lambda fd, slot: False)
    assert slots.claim(slots.slot_path(1)) is False


def test_a_pid_that_cannot_be_written_leaves_the_lock_file_empty(held, data: Path, monkeypatch):
    slot = slots.slot_path(1)
    lock_of(slot).write_text("pid 4242\n")               # left by a window long gone

    def full(*_args):
        raise OSError("no space left")

    monkeypatch.setattr("saves.slots.os.pwrite", full)
    assert slots.claim(slot)
    held.append(slot)
    assert lock_of(slot).read_bytes() == b""
