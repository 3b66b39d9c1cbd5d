"""saves/files.py at its edges, from a mutmut sample of the module: what a
file that cannot be read says, the mode and backup of a write, and a touched file's stamp."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

import saves
from saves import files


def _refusal(path: Path) -> saves.SaveError:
    with pytest.raises(saves.SaveError) as caught:
        files.read_checked(path)
    return caught.value


def test_a_missing_file_says_to_check_the_name(data: Path):
    error = _refusal(data / "gone.toml")
    assert (error.path, error.problem, error.hint) == (data / "gone.toml", "no such save",
                                                       "check the name in the saves list")


def test_a_folder_says_to_pick_a_file(data: Path):
    folder = data / "folder.toml"
    folder.mkdir()
    error = _refusal(folder)
    assert (error.path, error.problem, error.hint) == (folder, "is a folder, not a save file", "pick a .toml file")


def test_a_link_loop_says_why_it_cannot_be_read(data: Path):
    loop = data / "loop.toml"
    loop.symlink_to(loop)
    error = _refusal(loop)
    assert (error.path, error.problem, error.hint) == (
        loop, "cannot read (too many links in a row)", "check the disk")


def test_an_oversized_file_says_its_size_and_the_limit_unread(data: Path):
    big = data / "big.toml"
    with open(big, "wb") as handle:
        handle.truncate(51 * 1024 * 1024)  # sparse: nothing written, nothing read
    error = _refusal(big)
    assert (error.path, error.problem) == (big, "file is 51 MB, over the 50 MB limit")


def test_a_save_is_private_whatever_the_umask(make_enc, data: Path):
    mask = os.umask(0o000)
    try:
        path = saves.save(make_enc())
    finally:
        os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o600


def test_without_hard_links_the_backup_is_a_copy(make_enc, mutate, data: Path, monkeypatch):
    enc = make_enc()
    path = saves.save(enc)
    before = path.read_bytes()

    def no_links(*_args):
        raise OSError("no hard links here")

    monkeypatch.setattr("saves.files.os.link", no_links)
    mutate(enc)
    saves.save(enc)
    assert path.with_name("ambush.toml.bak").read_bytes() == before
    assert not [p for p in data.iterdir() if p.name.endswith(".tmp")]


def test_a_file_touched_but_unchanged_is_still_ours(make_enc, mutate, data: Path):
    enc = make_enc()
    path = saves.save(enc)
    os.utime(path, (1_000_000, 1_000_000))
    mutate(enc)
    assert saves.save(enc) == path


def test_a_link_out_of_the_data_folder_is_named_in_the_refusal(make_enc, data: Path, tmp_path: Path):
    outside = tmp_path / "elsewhere.toml"
    outside.write_text("", "utf-8")
    link = data / "ambush.toml"
    link.symlink_to(outside)
    with pytest.raises(saves.SaveError) as caught:
        files.through_link(link)
    assert caught.value.path == link and "outside the data folder" in caught.value.problem


def test_a_save_that_may_not_be_read_says_to_check_its_permissions(make_enc, data: Path, monkeypatch):
    path = saves.save(make_enc())
    real_open = os.open

    def refused(name, flags, *args, **kwargs):
        if Path(name) == path:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(name))
        return real_open(name, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refused)  # root reads any file whatever its mode
    error = _refusal(path)
    assert (error.path, error.problem, error.hint) == (path, "permission denied", "check the file's permissions")


def test_a_write_cut_short_leaves_a_temp_file_the_cleanup_knows(data: Path, monkeypatch):
    """Killed before its rename, a write leaves its temp file: clean_temp_files must find it."""
    found: list[bool] = []

    def killed_here(src, dst):
        os.utime(src, (1, 1))  # as old as a writer long dead
        files.clean_temp_files(data)
        found.append(os.path.exists(src))
        raise OSError(errno.EIO, "killed")

    monkeypatch.setattr(os, "replace", killed_here)
    with pytest.raises(OSError):
        files.atomic_write(data / "ambush.toml", b"format = 1\n")
    assert found == [False] and not (data / "ambush.toml").exists()
