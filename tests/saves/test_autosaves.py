"""saves/autosaves.py at its edges, from a mutmut sample of the module: an
autosave of nothing new writes nothing, a refused write says why, and the newest slot resumes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import saves


def test_an_autosave_of_no_change_writes_nothing(make_enc, mutate, data: Path):
    enc = make_enc()
    path = saves.autosave(enc)
    path.write_text(path.read_text("utf-8") + "# untouched since\n", "utf-8")
    assert saves.autosave(enc) == path
    assert path.read_text("utf-8").endswith("# untouched since\n")
    mutate(enc)
    saves.autosave(enc)
    assert not path.read_text("utf-8").endswith("# untouched since\n")
    loaded = saves.load_autosave(path)
    assert loaded is not None and len(loaded.creatures) == 4


def test_an_autosave_of_a_snapshot_is_always_written(make_enc, data: Path):
    enc = make_enc()
    path = saves.autosave(enc)
    path.write_text(path.read_text("utf-8") + "# untouched since\n", "utf-8")
    saves.autosave(enc, data=enc.to_data())
    assert not path.read_text("utf-8").endswith("# untouched since\n")


def test_an_autosave_that_cannot_be_written_says_why_in_words(make_enc, data: Path):
    target = data / "gone" / "autosave.toml"
    with pytest.raises(saves.SaveError) as caught:
        saves.autosave(make_enc(), path=target)
    error = caught.value
    assert (error.path, error.problem, error.hint) == (
        target, "could not write (no such file or folder)", "the data folder was deleted or moved")


def test_the_newest_slot_is_resumed_whichever_its_number(make_enc, data: Path):
    older = saves.autosave(make_enc("Older"), path=data / "autosave.toml")
    newer = saves.autosave(make_enc("Newer"), path=data / "autosave-2.toml")
    os.utime(older, (1_000_000, 1_000_000))
    enc = saves.load_autosave()
    assert enc is not None
    assert enc.name == "Newer" and saves.autosave_slot_of(enc) == newer
    older.unlink()
    latest = saves.load_autosave()
    assert latest is not None and latest.name == "Newer"


def test_an_autosave_names_the_save_it_belongs_to_and_its_hash(make_enc, data: Path):
    import hashlib

    enc = make_enc()
    saved = saves.save(enc)
    text = saves.autosave(enc).read_text("utf-8")
    assert 'autosave_of = "ambush.toml"\n' in text
    assert f'autosave_of_sha256 = "{hashlib.sha256(saved.read_bytes()).hexdigest()}"\n' in text


def test_an_autosave_holding_what_its_save_holds_resumes_as_saved(make_enc, data: Path):
    enc = make_enc()
    saved = saves.save(enc)
    saves.autosave(enc)
    resumed = saves.load_autosave()
    assert resumed is not None
    assert saves.resumed_as_saved(resumed) is True
    assert saves.save(resumed) == saved  # the stamp of the save itself: no conflict


def test_an_autosave_of_unsaved_work_does_not_resume_as_saved(make_enc, mutate, data: Path):
    enc = make_enc()
    saves.save(enc)
    mutate(enc)
    saves.autosave(enc)
    resumed = saves.load_autosave()
    assert resumed is not None
    assert saves.resumed_as_saved(resumed) is False
    assert len(resumed.creatures) == 4


def test_a_save_changed_since_its_autosave_does_not_resume_as_saved(make_enc, data: Path):
    enc = make_enc()
    saved = saves.save(enc)
    saves.autosave(enc)
    saved.write_text(saved.read_text("utf-8") + "# edited elsewhere\n", "utf-8")
    resumed = saves.load_autosave()
    assert resumed is not None
    assert saves.resumed_as_saved(resumed) is False
    with pytest.raises(saves.SaveConflict):
        saves.save(resumed)


def test_a_save_whose_head_is_not_utf8_is_no_match_for_its_autosave(make_enc, data: Path):
    """Its hash in the autosave, by hand: resuming says it differs, and does not stop."""
    import hashlib

    enc = make_enc()
    saved = saves.save(enc)
    path = saves.autosave(enc)
    damaged = saved.read_bytes().replace(b"\n", b"\n\xff = 1\n", 1)
    saved.write_bytes(damaged)
    text = path.read_text("utf-8")
    old = text.split('autosave_of_sha256 = "', 1)[1][:64]
    path.write_text(text.replace(old, hashlib.sha256(damaged).hexdigest()), "utf-8")
    resumed = saves.load_autosave(path)
    assert resumed is not None
    assert resumed.name == "Ambush" and saves.resumed_as_saved(resumed) is False
