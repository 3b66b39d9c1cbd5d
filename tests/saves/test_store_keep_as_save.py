"""saves/store.py at its edges, from a whole mutmut run of the module: what
keep_as_save writes when handed the data, and what a refused rename names."""

from __future__ import annotations

from pathlib import Path

import pytest

import saves
from saves import SaveConflict, SaveError, codec, store


def test_keep_as_save_writes_the_data_it_is_handed(make_enc, mutate):
    enc = make_enc()
    data = enc.to_data()
    mutate(enc)  # the encounter moved on after the worker took its data
    path = saves.keep_as_save(enc, data=data)
    assert len(saves.load(path).creatures) == 3


def test_keep_as_save_beside_a_changed_file_writes_the_data_it_is_handed(make_enc, mutate, data: Path):
    enc = make_enc()
    own = saves.save(enc)
    own.write_text(own.read_text("utf-8") + "\n# edited elsewhere\n", "utf-8")
    taken = enc.to_data()
    mutate(enc)
    kept = saves.keep_as_save(enc, data=taken)
    assert kept == data / "ambush-2.toml"
    assert len(saves.load(kept).creatures) == 3


def test_a_file_that_cannot_be_renamed_is_named_in_the_refusal(data: Path):
    path = data / "broken.toml"
    path.write_text("format = 1\nname =\n", "utf-8")
    with pytest.raises(SaveError) as caught:
        saves.rename_save(path, "fixed")
    assert caught.value.path == path


def test_a_file_changed_while_renaming_in_place_is_a_conflict(make_enc, monkeypatch):
    path = saves.save(make_enc("ambush"))
    decode = codec.decode

    def decode_then_edit(raw: bytes, where: Path | None):
        found = decode(raw, where)
        path.write_text(path.read_text("utf-8") + "\n# edited elsewhere\n", "utf-8")
        return found

    monkeypatch.setattr("saves.store.codec.decode", decode_then_edit)
    with pytest.raises(SaveConflict) as caught:
        saves.rename_save(path, "Ambush")
    error = caught.value
    assert (error.path, error.problem, error.hint) == (path, "changed on disk while renaming", "try again")
    assert path.read_text("utf-8").endswith("# edited elsewhere\n")


class _Clock:
    """store.datetime with a clock stopped at one second: every deletion lands on one stamp."""

    @staticmethod
    def now():
        from datetime import datetime

        return datetime(2026, 12, 2, 1, 2, 3)


def test_saves_deleted_in_the_same_second_are_numbered_from_2(make_enc, data: Path, monkeypatch):
    monkeypatch.setattr(store, "datetime", _Clock)
    moved = [saves.delete_save(saves.save(make_enc())) for _ in range(3)]
    assert [path.name for path in moved] == [
        "ambush 20261202-010203.toml", "ambush 20261202-010203-2.toml", "ambush 20261202-010203-3.toml"]


def test_deleting_a_save_that_is_not_there_says_to_refresh_the_list(data: Path):
    with pytest.raises(SaveError) as caught:
        saves.delete_save(data / "gone.toml")
    error = caught.value
    assert (error.path, error.problem, error.hint) == (data / "gone.toml", "no such save", "refresh the saves list")
