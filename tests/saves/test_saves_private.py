"""The data folder is the GM's alone: 0700, every file written in it 0600, whatever the umask.

Hidden creatures and stat blocks are in those files; another user on a shared host must
neither read nor rewrite them, whatever umask the GM's shell set (000 included).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

import saves
from saves import library, names, slots

MASKS = (0o000, 0o022, 0o002)


@pytest.fixture(params=MASKS, ids=[f"umask{m:03o}" for m in MASKS])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    """The process runs under this umask for one test."""
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def every_file(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]


def test_data_folder_made_private_whatever_the_umask(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     umask: int) -> None:
    folder = tmp_path / "fresh" / "data"
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(folder))
    assert saves.data_dir() == folder
    assert mode(folder) == 0o700


def test_every_file_the_saves_write_is_private(make_enc, mutate, umask: int) -> None:
    enc = make_enc("Hidden Skulkers")
    path = saves.save(enc)
    mutate(enc)
    saves.save(enc)                                   # and the .bak of the first
    saves.autosave(enc)
    slot, _moved = slots.claim_slot()
    saves.autosave(enc, path=slot)
    saves.keep_in_trash(enc)
    other = saves.save(make_enc("Other"))
    saves.delete_save(other)
    creature = enc.creature(enc.order[0])
    library.add("pf2e", creature)
    library.add("pf2e", make_enc().creature(make_enc().order[1]))
    library.remove("pf2e", creature.name)
    library.export_file("pf2e", saves.data_dir() / "shared-bestiary.toml")
    written = every_file(saves.data_dir())
    assert path.with_name(path.name + ".bak") in written
    assert any(p.name.startswith(".autosave") and p.name.endswith(".lock") for p in written)
    assert {p.parent.name for p in written} >= {"trash", "library", saves.data_dir().name}
    assert {p.name: oct(mode(p)) for p in written} == {p.name: oct(0o600) for p in written}
    folders = [p for p in saves.data_dir().rglob("*") if p.is_dir()]
    assert {p.name: oct(mode(p)) for p in folders} == {p.name: oct(0o700) for p in folders}
    slots.release(slot)


def test_a_lock_file_left_loose_is_made_private_when_claimed(umask: int) -> None:
    lock = saves.data_dir() / ".autosave.toml.lock"
    lock.write_text("pid 1\n")
    lock.chmod(0o666)
    slot, _moved = slots.claim_slot()
    assert mode(lock) == 0o600
    slots.release(slot)


def test_an_export_of_the_log_is_private(make_enc, umask: int) -> None:
    from tui.screens.markdown_log import write_log

    written = write_log(make_enc(), saves.data_dir() / "ambush-log.md")
    assert mode(written) == 0o600


def test_a_loose_data_folder_is_tightened_and_the_gm_told(tmp_path: Path, make_enc,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "old"
    folder.mkdir()
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(folder))
    old = folder / "old-fight.toml"
    old.write_text("format = 1\n")
    (folder / "trash").mkdir()
    (folder / "trash" / "gone 20250101-000000.toml").write_text("format = 1\n")
    for path in (folder, folder / "trash"):
        path.chmod(0o755)
    for path in every_file(folder):
        path.chmod(0o644)
    names.tightened()  # nothing said before this test
    assert saves.data_dir() == folder
    assert mode(folder) == 0o700
    assert mode(folder / "trash") == 0o700
    assert {p.name: mode(p) for p in every_file(folder)} == {p.name: 0o600 for p in every_file(folder)}
    said = names.tightened()
    assert len(said) == 1 and str(folder) in said[0] and "0700" in said[0]
    assert names.tightened() == []  # said once
    saves.data_dir()
    assert names.tightened() == []  # nothing loose any more: nothing to say


def test_the_gm_sees_the_tightening_when_the_app_starts(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.app
    from tui import cli

    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o777)
    shown: dict[str, str] = {}

    class Stopped(Exception):
        pass

    def make_app(encounter, **options):  # noqa: ANN001, ANN003, ANN202 - stands in for the app
        shown["notice"] = options["notice"]
        raise Stopped

    monkeypatch.setattr(tui.app, "make_app", make_app)
    names.tightened()
    with pytest.raises(Stopped):
        cli.main(["--data-dir", str(folder), "--lang", "en"])
    assert mode(folder) == 0o700
    assert str(folder) in shown["notice"] and "0777" in shown["notice"]
