"""saves/store.py at its edges, from a mutmut sample of the module: a save as
into a folder not made yet, and the refusal of a name that would leave the data folder."""

from __future__ import annotations

from pathlib import Path

import pytest

import saves
from saves import store


def test_a_save_as_into_folders_not_made_yet_makes_them(make_enc, tmp_path: Path):
    target = tmp_path / "campaign" / "act 2" / "bridge.toml"
    assert saves.save(make_enc("Bridge"), path=target) == target
    assert saves.load(target).name == "Bridge"


def test_a_name_that_would_leave_the_data_folder_is_refused(monkeypatch, data: Path):
    """slugify lets no separator through; should it ever, path_for still writes nothing outside."""
    monkeypatch.setattr(store, "slugify", lambda name: "../escaped")
    with pytest.raises(saves.SaveError) as caught:
        store.path_for("Escaped")
    error = caught.value
    assert (error.path, error.problem, error.hint) == (
        data / "../escaped.toml", "would be outside the data folder", "choose another name")
