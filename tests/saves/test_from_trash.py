"""saves/from_trash.py at its edges, from a mutmut sample of the module: which
copies the trash view lists and in what order, and what a restore brings back or refuses."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import saves
from saves import SaveError


def _copy(enc, data: Path, name: str, when: float) -> Path:
    """A copy of enc in the trash as NAME.toml, last changed at ``when``."""
    path = saves.keep_in_trash(enc)
    target = data / "trash" / name
    os.replace(path, target)
    os.utime(target, (when, when))
    return target


def test_without_a_trash_folder_the_trash_is_empty(data: Path):
    assert not (data / "trash").exists()
    assert saves.list_trash() == []


def test_the_trash_lists_its_copies_newest_first_and_none_as_an_autosave(make_enc, data: Path):
    old = _copy(make_enc("Old fight"), data, "old 20260101-100000.toml", 1_000_000)
    new = _copy(make_enc("New fight"), data, "new 20260101-110000.toml", 2_000_000)
    same = _copy(make_enc("Same time"), data, "same 20260101-110000.toml", 2_000_000)
    (data / "trash" / ".hidden 20260101-100000.toml").write_bytes(old.read_bytes())
    listed = saves.list_trash()
    assert [entry.path for entry in listed] == [same, new, old]  # a tie: by name, last first
    assert [entry.name for entry in listed] == ["Same time", "New fight", "Old fight"]
    assert not any(entry.autosave for entry in listed)
    assert all(entry.ok for entry in listed)


def test_a_copy_elsewhere_is_refused_naming_it_and_left_where_it_is(make_enc, data: Path):
    path = saves.save(make_enc("Ambush"))
    with pytest.raises(SaveError) as caught:
        saves.restore_from_trash(path)
    error = caught.value
    assert (error.path, error.problem, error.hint) == (path, "is not in the trash folder", "open it as a save instead")
    assert path.exists()


def test_a_restored_copy_takes_its_encounters_name_and_its_backup(make_enc, data: Path):
    copy = _copy(make_enc("Ambush"), data, "ambush 20260101-100000.toml", 1_000_000)
    backup = copy.with_name(copy.name + ".bak")
    backup.write_bytes(b"the version before")
    back = saves.restore_from_trash(str(copy))
    assert back == data / "ambush.toml"
    assert saves.load(back).name == "Ambush"
    assert (data / "ambush.toml.bak").read_bytes() == b"the version before"
    assert not copy.exists() and not backup.exists()


def test_a_restored_copy_never_takes_the_backup_of_another_save(make_enc, data: Path):
    (data / "ambush.toml.bak").write_bytes(b"another save's backup")
    copy = _copy(make_enc("Ambush"), data, "ambush 20260101-100000.toml", 1_000_000)
    backup = copy.with_name(copy.name + ".bak")
    backup.write_bytes(b"the copy's own backup")
    back = saves.restore_from_trash(copy)
    assert back == data / "ambush.toml"
    assert (data / "ambush.toml.bak").read_bytes() == b"another save's backup"
    assert backup.read_bytes() == b"the copy's own backup"  # kept in the trash, not lost
