"""The trash is bounded by age and count, never losing an encounter's
newest copy (1,000 replacements left 1,000 files, 102 MB)."""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path

import saves
from saves import files, slots, store
from saves.store import TRASH_MAX_DAYS, TRASH_MAX_FILES


def trashed(make_enc, name: str, when: datetime, number: int = 1) -> Path:
    """A copy of an encounter called name, put in the trash at `when`."""
    trash = saves.data_dir() / "trash"
    trash.mkdir(exist_ok=True)
    suffix = "" if number == 1 else f"-{number}"
    path = trash / f"{saves.slugify(name)} {when:%Y%m%d-%H%M%S}{suffix}.toml"
    store.atomic_write(path, files._encode(make_enc(name=name, creatures=1)), backup=False)
    return path


def test_many_replacements_leave_a_bounded_trash(make_enc, data: Path) -> None:
    enc = make_enc(name="Endless", creatures=1)
    for _ in range(TRASH_MAX_FILES + 20):
        saves.keep_in_trash(enc)
    assert len(list((data / "trash").iterdir())) == TRASH_MAX_FILES


def test_old_copies_go_but_each_encounters_newest_stays(make_enc, data: Path) -> None:
    now = datetime.now()
    ancient = now - timedelta(days=TRASH_MAX_DAYS + 300)
    lone = trashed(make_enc, "Lone", ancient)  # the only copy: kept however old
    old = [trashed(make_enc, "Bridge", ancient, number) for number in (1, 2)]
    recent = trashed(make_enc, "Bridge", now - timedelta(days=1))
    slots.set_aside(saves.autosave(make_enc(name="Fresh")))  # a new copy starts the pruning
    left = set((data / "trash").iterdir())
    assert lone in left and recent in left
    assert not left & set(old)
    assert len(left) == 3


def test_an_encounter_is_known_by_its_name_not_its_file(make_enc, data: Path) -> None:
    """Set-aside autosaves are all called `autosave …`: each encounter's newest stays."""
    old = datetime.now() - timedelta(days=TRASH_MAX_DAYS + 1)
    trash = data / "trash"
    trash.mkdir()
    kept = []
    for number, name in enumerate(["First", "Second"], start=1):
        path = trash / f"autosave {old:%Y%m%d-%H%M%S}-{number}.toml"
        store.atomic_write(path, files._encode(make_enc(name=name)), backup=False)
        kept.append(path)
    (trash / f"autosave {old:%Y%m%d-%H%M%S}-3.toml").write_text("not a save")
    (trash / "notes by the GM.txt").write_text("mine")
    store.prune_trash()
    assert all(path.exists() for path in kept)
    assert (trash / "notes by the GM.txt").exists()


def test_a_deleted_save_goes_with_its_backup_when_pruned(make_enc, data: Path) -> None:
    enc = make_enc(name="Twice")
    saves.save(enc)
    saves.save(enc)  # a .bak beside it
    deleted = saves.delete_save(data / "twice.toml")
    os.utime(deleted, (1, 1))
    assert deleted.with_name(deleted.name + ".bak").exists()
    later = datetime.now() + timedelta(days=TRASH_MAX_DAYS + 1)
    trashed(make_enc, "Twice", later)
    store.prune_trash(now=later)
    assert not deleted.exists() and not deleted.with_name(deleted.name + ".bak").exists()
