"""Items 8 to 12 in the saves layer: odd files, trusted headers, names, temp files, links."""

from __future__ import annotations

import os
import threading
import time
import tomllib
from pathlib import Path

import pytest
import tomli_w

import saves
from saves import SaveError
from saves.store import MAX_FILE_BYTES

# --- item 8: special files ------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_autosave_is_refused_at_once_and_listed_with_a_reason(data: Path) -> None:
    os.mkfifo(data / "autosave.toml")
    result: list[object] = []
    reader = threading.Thread(target=lambda: result.append(_try(saves.load_autosave)), daemon=True)
    reader.start()
    reader.join(5)
    assert not reader.is_alive(), "reading a FIFO hung"
    assert isinstance(result[0], SaveError) and "FIFO" in str(result[0])
    (entry,) = saves.list_saves()
    assert entry.path.name == "autosave.toml" and "FIFO" in (entry.error or "")


def test_a_link_to_dev_zero_is_refused_unread(data: Path) -> None:
    (data / "zero.toml").symlink_to("/dev/zero")
    with pytest.raises(SaveError, match="not a regular file"):
        saves.load("zero")
    (entry,) = saves.list_saves()
    assert entry.path.name == "zero.toml" and "not a regular file" in (entry.error or "")


def test_a_file_that_grows_past_the_limit_is_refused(data: Path, monkeypatch) -> None:
    monkeypatch.setattr("saves.files.MAX_FILE_BYTES", 100)
    (data / "big.toml").write_text("format = 1\n" + "# x\n" * 100)
    with pytest.raises(SaveError, match="over the"):
        saves.load("big")
    assert MAX_FILE_BYTES == 50 * 1024 * 1024


def _try(func):
    try:
        return func()
    except Exception as error:  # noqa: BLE001 - the test looks at it
        return error


# --- item 9: autosave_of is not trusted -----------------------------------------------------


def _autosave_with(make_enc, **header: object) -> Path:
    path = saves.autosave(make_enc())
    doc = tomllib.loads(path.read_text("utf-8"))
    doc = {"format": doc.pop("format"), **header, **doc}
    path.write_text(tomli_w.dumps(doc), "utf-8")
    return path


@pytest.mark.parametrize("source", ["../victim.toml", "/tmp/victim.toml", ".hidden.toml", "sub/x.toml"])
def test_autosave_of_outside_the_data_dir_is_ignored(make_enc, data: Path, source: str) -> None:
    victim = data.parent / "victim.toml"
    victim.write_text("precious")
    _autosave_with(make_enc, autosave_of=source, autosave_of_sha256="0" * 64)
    enc = saves.load_autosave()
    assert enc is not None
    assert saves.save_path(enc) is None
    written = saves.save(enc)
    assert written.parent == data and victim.read_text() == "precious"


def test_autosave_of_without_its_hash_still_checks_for_conflicts(make_enc, data: Path) -> None:
    saves.save(make_enc(name="Other"))
    _autosave_with(make_enc, autosave_of="other.toml")
    enc = saves.load_autosave()
    assert enc is not None
    assert saves.save_path(enc) == data / "other.toml"
    with pytest.raises(saves.SaveConflict):
        saves.save(enc)


# --- item 10: an exact name wins ------------------------------------------------------------


@pytest.mark.parametrize(("first", "second"), [("Ambush", "AMBUSH"),
                                               ("Caf\u00e9", "Cafe\u0301")],
                         ids=["case", "NFC and NFD"])
def test_open_by_name_prefers_the_exact_name(make_enc, first: str, second: str) -> None:
    saves.save(make_enc(name=first))
    saves.save(make_enc(name=second))
    assert saves.load(second).name == second
    assert saves.load(first).name == first


# --- item 11: leftover temp files -----------------------------------------------------------


def test_stale_temp_files_are_cleared_on_save_and_at_start_up(make_enc, data: Path) -> None:
    old = time.time() - 3600
    leftovers = [data / f".ambush.toml.{i}.tmp" for i in range(3)]
    for tmp in leftovers:
        tmp.write_text("half")
        os.utime(tmp, (old, old))
    fresh = data / ".ambush.toml.live.tmp"  # a writer may still be at work on this one
    fresh.write_text("half")
    saves.save(make_enc())
    assert not any(tmp.exists() for tmp in leftovers) and fresh.exists()
    leftovers[0].write_text("half")
    os.utime(leftovers[0], (old, old))
    saves.load_autosave()  # what start-up reads first
    assert not leftovers[0].exists()


# --- item 12: file names and links ----------------------------------------------------------


@pytest.mark.parametrize(("name", "expected"), [("\u202egnp.exe", "gnp.exe"), ("Gob\u200blin", "goblin"),
                                              ("\ufeffAmbush\u2066", "ambush")])
def test_bidi_and_zero_width_characters_leave_file_names(name: str, expected: str) -> None:
    assert saves.slugify(name) == expected


def test_a_save_that_is_a_link_inside_the_data_dir_is_written_through(make_enc, data: Path) -> None:
    folder = data / "campaign"
    folder.mkdir()
    enc = make_enc()
    real = saves.save(enc, path=folder / "ambush.toml")
    link = data / "ambush.toml"
    link.symlink_to(real)
    loaded = saves.load("ambush")
    loaded.rename("Ambush, round two")
    saves.save(loaded)
    assert link.is_symlink() and saves.load(real).name == "Ambush, round two"


def test_a_link_out_of_the_data_dir_is_refused_with_the_reason(make_enc, data: Path) -> None:
    outside = data.parent / "elsewhere.toml"
    saves.save(make_enc(), path=outside)
    link = data / "ambush.toml"
    link.symlink_to(outside)
    loaded = saves.load("ambush")
    before = outside.read_bytes()
    with pytest.raises(SaveError, match="outside the data folder"):
        saves.save(loaded)
    assert link.is_symlink() and outside.read_bytes() == before
