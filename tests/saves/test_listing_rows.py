"""saves/listing.py at its edges, from a mutmut sample of the module: the row
a file that cannot be listed gets, word for word, and what a summary of odd values shows."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

import saves

HEAD = 'format = 1\n\n[encounter]\n'


def _only(path: Path) -> saves.SaveEntry:
    [entry] = [e for e in saves.list_saves() if e.path == path]
    return entry


@pytest.mark.parametrize(("summary", "error"), [
    ('', "field encounter: no [encounter] table — left untouched"),
    ('system = "pf2e"\n', "field encounter.name: missing or ill-typed — left untouched"),
    ('name = "Ambush"\n', "field encounter.system: missing or ill-typed — left untouched"),
    ('name = "Ambush"\nsystem = 3\n', "field encounter.system: missing or ill-typed — left untouched"),
])
def test_a_summary_missing_a_field_is_listed_naming_it(data: Path, summary: str, error: str):
    path = data / "odd.toml"
    path.write_text(HEAD + summary if summary else "format = 1\n", "utf-8")
    entry = _only(path)
    assert entry.error == error
    assert (entry.path, entry.name, entry.system, entry.round, entry.creatures) == (path, "odd.toml", "", 0, 0)
    assert entry.autosave is False and isinstance(entry.modified, datetime)


def test_a_broken_autosave_is_still_listed_as_the_autosave(data: Path):
    path = data / "autosave-2.toml"
    path.write_text("format = 1\n", "utf-8")
    entry = _only(path)
    assert entry.autosave is True and not entry.ok


def test_a_link_to_nothing_is_listed_as_unreadable(data: Path):
    path = data / "gone.toml"
    path.symlink_to(data / "nowhere.toml")
    entry = _only(path)
    assert entry.error == "cannot read (no such file or folder)"
    assert (entry.path, entry.name, entry.round) == (path, "gone.toml", 0)


def test_a_summary_of_odd_numbers_lists_them_as_none(data: Path):
    path = data / "odd.toml"
    path.write_text(HEAD + 'name = "Odd"\nsystem = "pf2e"\nround = "two"\ncreatures = true\n', "utf-8")
    entry = _only(path)
    assert (entry.path, entry.name, entry.system, entry.round, entry.creatures) == (path, "Odd", "pf2e", 0, 0)
    assert entry.ok


def test_a_file_refused_on_load_keeps_its_time_in_the_list(make_enc, data: Path):
    path = saves.save(make_enc("Ambush"))
    text = path.read_text("utf-8").replace("hp = 20", "hp = 20.5", 1)
    path.write_text(text, "utf-8")
    with pytest.raises(saves.SaveError):
        saves.load(path)
    saves.save(make_enc("Later"))
    first, second = saves.list_saves()
    assert isinstance(second.modified, datetime) and not (first.ok and second.ok)
    assert _only(path).modified.timestamp() == pytest.approx(path.stat().st_mtime, abs=1)
