"""saves/files.py (once in saves/store.py) at its edges: what mutation testing found unchecked — the
stamp's quick answer from a file's size (the ``or`` in its check), the size limit on both sides."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from saves import SaveError, files, store


@pytest.fixture
def never_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading a file's bytes fails the test: the size alone must answer."""
    def read_bytes(self: Path) -> bytes:
        raise AssertionError(f"{self.name} was read: its size already said it changed")

    monkeypatch.setattr(Path, "read_bytes", read_bytes)


def _stamped(path: Path, raw: bytes, **fields: Any) -> store.Stamp:
    path.write_bytes(raw)
    stamp = store.Stamp.of(raw, path.stat())
    return store.Stamp(stamp.sha256, **{"size": stamp.size, "mtime_ns": 0, "inode": None, **fields})


def test_a_stamp_matches_its_own_file_by_hash_when_the_stat_differs(tmp_path: Path):
    path = tmp_path / "a.toml"
    assert _stamped(path, b"round = 1\n").matches(path)


def test_a_file_of_another_size_is_changed_without_reading_it(tmp_path: Path, never_read):
    path = tmp_path / "a.toml"
    stamp = _stamped(path, b"round = 1\n")
    path.write_bytes(b"round = 12\n")
    assert not stamp.matches(path)


def test_a_file_over_the_limit_is_changed_without_reading_it(tmp_path: Path, never_read,
                                                            monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "a.toml"
    stamp = _stamped(path, b"round = 1\n", size=None)
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 9)
    assert not stamp.matches(path)


def test_a_file_gone_matches_nothing(tmp_path: Path):
    stamp = _stamped(tmp_path / "a.toml", b"x")
    os.remove(tmp_path / "a.toml")
    assert not stamp.matches(tmp_path / "a.toml")


def test_a_file_at_the_limit_is_read_and_one_byte_more_is_refused(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "a.toml"
    path.write_bytes(b"x" * 10)
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 10)
    assert store.read_checked(path)[0] == b"x" * 10
    path.write_bytes(b"x" * 11)
    with pytest.raises(SaveError, match="over the 0 MB limit"):
        store.read_checked(path)


def test_a_folder_is_not_opened_for_fsync_on_windows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    def refuse(*args: object) -> int:
        raise AssertionError("Windows cannot open a folder for fsync")

    monkeypatch.setattr("saves.store.os.name", "nt")
    monkeypatch.setattr("saves.files.os.open", refuse)
    files._fsync_dir(tmp_path)
