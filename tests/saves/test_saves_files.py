"""The file layer: format header, backups, bad files, conflicts, autosave, failures."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

import saves
from saves import SaveConflict, SaveError, codec


def test_round_trip_and_header(make_enc, data: Path) -> None:
    enc = make_enc()
    path = saves.save(enc)
    assert path == data / "ambush.toml"
    text = path.read_text("utf-8")
    assert text.startswith("format = 3\nsaved_by = ")
    back = saves.load(path)
    assert back.to_data() == enc.to_data()
    assert saves.save_path(back) == path


def test_saved_file_is_the_gms_alone(make_enc) -> None:
    path = saves.save(make_enc())
    assert path.stat().st_mode & 0o777 == 0o600


def test_save_with_a_snapshot_taken_earlier(make_enc, mutate) -> None:
    enc = make_enc()
    snapshot = enc.to_data()
    mutate(enc)  # the UI thread goes on while a worker writes
    path = saves.save(enc, data=snapshot)
    assert saves.load(path).to_data() == snapshot
    auto = saves.autosave(enc, data=snapshot)
    assert saves.load(auto).to_data() == snapshot
    saves.autosave(enc, data=enc.to_data())  # same revision as above, newer data: written
    assert saves.load(auto).to_data() == enc.to_data()


def test_load_by_name(make_enc) -> None:
    path = saves.save(make_enc("Goblin Ambush"))
    assert saves.load("goblin-ambush").name == "Goblin Ambush"
    assert saves.load("Goblin Ambush").name == "Goblin Ambush"
    assert saves.load(str(path)).name == "Goblin Ambush"
    with pytest.raises(SaveError, match="no such save"):
        saves.load("nothing here")


def test_second_save_keeps_previous_as_bak(make_enc, mutate) -> None:
    enc = make_enc()
    path = saves.save(enc)
    first = path.read_bytes()
    mutate(enc)
    saves.save(enc)
    assert path.with_name("ambush.toml.bak").read_bytes() == first
    assert saves.load(path).to_data() == enc.to_data()
    assert not list(path.parent.glob(".*.tmp"))


def test_save_after_load_is_not_a_conflict(make_enc, mutate) -> None:
    path = saves.save(make_enc())
    enc = saves.load(path)
    saves.save(enc)  # nothing changed on disk: fine
    mutate(enc)
    saves.save(enc)
    assert len(saves.load(path).creatures) == 4


def test_two_encounters_from_one_file_conflict(make_enc, mutate) -> None:
    path = saves.save(make_enc())
    first, second = saves.load(path), saves.load(path)
    mutate(first)
    saves.save(first)
    mutate(second)
    second.rename("Other")
    before = path.read_bytes()
    with pytest.raises(SaveConflict) as caught:
        saves.save(second)
    assert str(path) in str(caught.value) and path.read_bytes() == before
    saves.save(second, force=True)
    assert saves.load(path).name == "Other"
    # force made the file ours again: no conflict from now on
    mutate(second)
    saves.save(second)


def test_edit_by_hand_in_place_is_a_conflict(make_enc, mutate) -> None:
    enc = make_enc()
    path = saves.save(enc)
    st = path.stat()
    with open(path, "r+b") as handle:  # same size, same inode, then the mtime put back
        handle.seek(path.read_bytes().index(b"Goblin 1"))
        handle.write(b"Hobgob 1")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1))
    mutate(enc)
    with pytest.raises(SaveConflict):
        saves.save(enc)


def test_touched_but_unchanged_file_is_not_a_conflict(make_enc, mutate) -> None:
    enc = make_enc()
    path = saves.save(enc)
    os.utime(path, ns=(1, 1))
    mutate(enc)
    saves.save(enc)


def test_changed_file_is_a_conflict(make_enc, mutate) -> None:
    enc = make_enc()
    path = saves.save(enc)
    path.write_text(path.read_text("utf-8").replace("Goblin 1", "Hobgoblin"), "utf-8")
    mutate(enc)
    with pytest.raises(SaveConflict, match="changed on disk"):
        saves.save(enc)


def test_deleted_file_is_written_again(make_enc) -> None:
    enc = make_enc()
    path = saves.save(enc)
    path.unlink()
    assert saves.save(enc) == path and path.exists()


def test_new_encounter_never_clobbers_a_similar_name(make_enc, data: Path) -> None:
    one = saves.save(make_enc("Ambush"))
    two = saves.save(make_enc("ambush. "))
    three = saves.save(make_enc("AMBUSH"))
    assert [p.name for p in (one, two, three)] == ["ambush.toml", "ambush-2.toml", "ambush-3.toml"]
    assert saves.load(one).name == "Ambush" and saves.load(two).name == "ambush. "


def test_save_as_name_and_path(make_enc, mutate, tmp_path: Path) -> None:
    enc = make_enc()
    first = saves.save(enc)
    copy = saves.save(enc, name="Ambush copy")
    assert copy.name == "ambush-copy.toml" and first.exists()
    mutate(enc)
    assert saves.save(enc) == copy  # the encounter now belongs to the copy
    assert len(saves.load(first).creatures) == 3
    with pytest.raises(SaveConflict, match="already has this name"):
        saves.save(enc, name="Ambush")
    assert saves.save(enc, name="Ambush", force=True) == first
    outside = saves.save(enc, path=tmp_path / "export" / "night.toml")
    assert saves.load(outside).to_data() == enc.to_data()


def test_failed_write_leaves_old_file_and_no_temp(make_enc, mutate, monkeypatch) -> None:
    enc = make_enc()
    path = saves.save(enc)
    before = path.read_bytes()
    mutate(enc)

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(SaveError, match="the disk is full") as caught:
        saves.save(enc)
    assert str(path) in str(caught.value)
    assert path.read_bytes() == before
    assert not list(path.parent.glob(".*.tmp"))


# --- bad files --------------------------------------------------------------------------------

GOOD = """format = 1
saved_by = "hitledger test"

[encounter]
name = "Ambush"
system = "pf2e"
round = 2
turn = 0
next_id = 2
creatures = 1

[[creatures]]
id = "c1"
name = "Goblin"
pc = false
traits = ["living"]
defenses = "weakness fire 2"
hp = 6
max_hp = 6
persistent = ["1d6 bleed | factor 1 | end"]
initiative = 12
seq = 1

[[ledger]]
text = "Goblin joins (initiative 12)"
round = 1
kind = "add"
"""

# case: (file text, words in the error, line, field)
BAD_FILES = {
    "newer version": (GOOD.replace("format = 1", "format = 7"), "newer hitledger", None, "format"),
    "unknown version": (GOOD.replace("format = 1", "format = 0"), "unknown format version 0", None, "format"),
    "negative version": (GOOD.replace("format = 1", "format = -2"), "unknown format version", None, "format"),
    "version as text": (GOOD.replace("format = 1", 'format = "1"'), "whole number", None, "format"),
    "no version": (GOOD.replace("format = 1\n", ""), "no format version", None, "format"),
    "empty file": ("", "no format version", None, "format"),
    "syntax error": (GOOD.replace("hp = 6", "hp = = 6"), "Invalid value", 18, None),
    "unclosed string": (GOOD.replace('name = "Goblin"', 'name = "Goblin'), "", 14, None),
    "duplicate key": (GOOD + 'kind = "x"\n', "", 28, None),
    "not utf-8": (GOOD.replace("Goblin", "Gob\udcfflin"), "not UTF-8", 14, None),
    "missing field": (GOOD.replace('system = "pf2e"\n', ""), "missing", None, "encounter.system"),
    "missing table": (GOOD.replace("[encounter]", "[encounterr]"), "missing", None, "encounter"),
    "ill-typed field": (GOOD.replace("round = 2", 'round = "two"'), "must be a whole number", None, "encounter.round"),
    "ill-typed nested": (GOOD.replace("hp = 6", "hp = 6.5"), "whole number", None, "creatures[0].hp"),
    "ill-typed ledger": (GOOD.replace("round = 1", "round = true"), "must be a whole number", None, "ledger[0].round"),
    "bad notation": (GOOD.replace("1d6 bleed", "bleed"), "must be an amount and a type", None, "creatures[0].persistent[0]"),
    "unknown system": (GOOD.replace('"pf2e"', '"gurps"'), "must be one of pf2e, sf2e, vitality-wounds, daggerheart, d20-3e, not 'gurps'", None, "encounter.system"),
}


def test_good_file_loads(data: Path) -> None:
    path = data / "good.toml"
    path.write_text(GOOD, "utf-8")
    enc = saves.load(path)
    assert (enc.name, enc.system, enc.round, len(enc.creatures), len(enc.log)) == ("Ambush", "pf2e", 2, 1, 1)


def _write_raw(path: Path, text: str) -> bytes:
    raw = text.encode("utf-8", errors="surrogateescape")
    path.write_bytes(raw)
    return raw


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_file_names_file_and_place_and_is_untouched(case: str, data: Path) -> None:
    text, words, line, field = BAD_FILES[case]
    path = data / "broken.toml"
    raw = _write_raw(path, text)
    before = path.stat()
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    error = caught.value
    assert error.path == path and str(path) in str(error)
    assert words in str(error)
    assert error.line == line and error.field == field
    assert "left as it was" in str(error) or "upgrade" in str(error)
    assert path.read_bytes() == raw
    assert path.stat().st_mtime_ns == before.st_mtime_ns
    assert not path.with_name("broken.toml.bak").exists()


def test_syntax_error_message_is_readable(data: Path) -> None:
    path = data / "broken.toml"
    _write_raw(path, GOOD.replace("hp = 6", "hp 6"))
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    assert caught.value.short.startswith("line 18: ")
    assert "(at line" not in str(caught.value)


def test_oversized_file_is_refused_unread(data: Path, monkeypatch) -> None:
    path = data / "huge.toml"
    with open(path, "wb") as handle:  # sparse: 51 MB that take no room on disk
        handle.write(GOOD.encode())
        handle.truncate(51 * 1024 * 1024)
    before = path.stat()

    def no_reading(*args, **kwargs):
        raise AssertionError("must not parse")

    monkeypatch.setattr(tomllib, "loads", no_reading)
    with pytest.raises(SaveError, match="over the 50 MB limit") as caught:
        saves.load(path)
    assert str(path) in str(caught.value)
    assert path.stat().st_size == before.st_size and path.stat().st_mtime_ns == before.st_mtime_ns
    entry = next(e for e in saves.list_saves() if e.path == path)
    assert entry.error and "50 MB" in entry.error


def test_missing_file_and_folder(data: Path) -> None:
    with pytest.raises(SaveError, match="no such save"):
        saves.load(data / "nope.toml")
    (data / "folder.toml").mkdir()
    with pytest.raises(SaveError, match="folder"):
        saves.load(data / "folder.toml")


def test_save_refuses_data_with_header_keys(make_enc, monkeypatch) -> None:
    enc = make_enc()
    monkeypatch.setattr(enc, "to_data", lambda: {"format": 3, "encounter": {}})
    with pytest.raises(ValueError, match="reserved"):
        saves.save(enc)


# --- migrations ---------------------------------------------------------------------------


def test_current_version_has_a_registered_identity() -> None:
    assert saves.FORMAT_VERSION == 3
    doc = {"format": 3, "name": "x"}
    assert codec.upgrade(dict(doc), 3) == doc
    assert codec.upgrade({"format": 1, "name": "x"}, 1) == doc  # format 1 lacked only [end]
    assert codec.upgrade({"format": 2, "name": "x"}, 2) == doc  # format 2's text is a literal phrase


def test_old_version_runs_its_migration(data: Path, monkeypatch) -> None:
    def v0_to_v1(doc: dict) -> dict:  # a made-up format 0 that called the name "title"
        doc["encounter"]["name"] = doc["encounter"].pop("title")
        return doc

    monkeypatch.setitem(codec.MIGRATIONS, 0, v0_to_v1)
    path = data / "old.toml"
    raw = _write_raw(path, GOOD.replace("format = 1", "format = 0").replace('name = "Ambush"', 'title = "Ambush"'))
    enc = saves.load(path)
    assert enc.name == "Ambush" and enc.round == 2
    assert path.read_bytes() == raw  # reading never rewrites
    enc.rename("Ambush at dusk")
    saves.save(enc)
    assert path.read_text("utf-8").startswith("format = 3\n")
    assert saves.load(path).name == "Ambush at dusk"
    assert path.with_name("old.toml.bak").read_bytes() == raw


def test_migration_decorator_registers(monkeypatch) -> None:
    monkeypatch.setattr(codec, "MIGRATIONS", dict(codec.MIGRATIONS))

    @saves.migration(0)
    def step(doc: dict) -> dict:
        return doc

    assert codec.MIGRATIONS[0] is step


# --- autosave -----------------------------------------------------------------------------


def test_autosave_round_trip_and_never_conflicts(make_enc, mutate, data: Path) -> None:
    enc = make_enc()
    path = saves.autosave(enc)
    assert path == data / "autosave.toml"
    path.write_text("garbage = ", "utf-8")  # someone wrote over it: still ours
    mutate(enc)
    saves.autosave(enc)
    back = saves.load_autosave()
    assert back is not None
    assert back.to_data() == enc.to_data()
    assert saves.save_path(back) is None
    assert not path.with_name("autosave.toml.bak").exists()


def test_autosave_skips_an_unchanged_encounter(make_enc, mutate, data: Path) -> None:
    path = data / "autosave.toml"

    def written() -> tuple[int, int]:
        """The file's identity: a write replaces the file (a new inode) and stamps it anew."""
        st = path.stat()
        return st.st_ino, st.st_mtime_ns

    enc = make_enc()
    saves.autosave(enc)
    os.utime(path, ns=(0, 0))  # an mtime no write can leave behind
    before = written()
    saves.autosave(enc)
    assert written() == before
    mutate(enc)
    saves.autosave(enc)
    assert written() != before
    os.utime(path, ns=(0, 0))
    before = written()
    other = saves.load_autosave()  # another object with the same revision must still be written
    saves.autosave(other)
    assert written() != before


def test_load_autosave_without_one() -> None:
    assert saves.load_autosave() is None


def test_autosave_remembers_the_named_save(make_enc, mutate) -> None:
    enc = make_enc()
    path = saves.save(enc)
    mutate(enc)
    saves.autosave(enc)
    resumed = saves.load_autosave()
    assert resumed is not None
    assert saves.save_path(resumed) == path
    assert saves.save(resumed) == path  # the named file did not change: no conflict
    assert len(saves.load(path).creatures) == 4


def test_autosave_follows_a_moved_data_dir(make_enc, mutate, data: Path, tmp_path: Path, monkeypatch) -> None:
    enc = make_enc()
    saves.save(enc)
    mutate(enc)
    saves.autosave(enc)
    assert 'autosave_of = "ambush.toml"' in saves.autosave_path().read_text("utf-8")
    moved = tmp_path / "moved"
    data.rename(moved)
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(moved))
    resumed = saves.load_autosave()
    assert resumed is not None
    assert saves.save_path(resumed) == moved / "ambush.toml"
    assert saves.save(resumed) == moved / "ambush.toml"


def test_autosave_of_a_changed_named_save_conflicts(make_enc, mutate) -> None:
    enc = make_enc()
    path = saves.save(enc)
    mutate(enc)
    saves.autosave(enc)
    other = saves.load(path)
    other.rename("Changed elsewhere")
    saves.save(other)
    resumed = saves.load_autosave()
    assert resumed is not None
    with pytest.raises(SaveConflict):
        saves.save(resumed)


def test_corrupt_autosave_raises_and_is_untouched(data: Path) -> None:
    path = data / "autosave.toml"
    raw = _write_raw(path, "format = 1\nname = \n")
    with pytest.raises(SaveError, match="autosave.toml"):
        saves.load_autosave()
    assert path.read_bytes() == raw


def test_the_example_in_format_md_loads(data: Path) -> None:
    doc = (Path(saves.__file__).parent / "FORMAT.md").read_text("utf-8")
    example = doc.split("## Layout, top to bottom")[1].split("```toml\n")[1].split("```")[0]
    path = data / "example.toml"
    path.write_text(example, "utf-8")
    enc = saves.load(path)
    wight = enc.creature("c2")
    assert (enc.name, enc.system, wight.hp, wight.conditions) == ("Goblin Ambush", "pf2e", 38, {"frightened"})
    assert wight.persistent[0].factor == 2 and wight.temp_immunities[0].until_round == 4
    assert enc.can_undo and enc.can_redo
    assert enc.log[-1].short == "2d6 fire → Wight 12"
    enc.undo()
    assert enc.creature("c2").hp == 50
    (entry,) = saves.list_saves()
    assert (entry.name, entry.round, entry.creatures) == ("Goblin Ambush", 2, 1)


def test_keep_as_save_writes_a_normal_save_named_after_the_encounter(make_enc, data: Path) -> None:
    # Scenario 8: the finished fight is kept where the saves screen lists it, under its name.
    enc = make_enc()
    path = saves.keep_as_save(enc)
    assert path == data / "ambush.toml"
    assert [entry.path for entry in saves.list_saves(include_autosave=False)] == [path]


def test_keep_as_save_never_overwrites_another_encounter(make_enc, data: Path) -> None:
    other = make_enc()
    other_path = saves.save(other)
    before = other_path.read_bytes()
    enc = make_enc()  # another encounter called Ambush too
    path = saves.keep_as_save(enc)
    assert path == data / "ambush-2.toml" and other_path.read_bytes() == before


def test_keep_as_save_goes_back_to_its_own_file_unless_it_changed_on_disk(make_enc, mutate,
                                                                         data: Path) -> None:
    enc = make_enc()
    own = saves.save(enc)
    mutate(enc)
    assert saves.keep_as_save(enc) == own and saves.load(own).to_data() == enc.to_data()
    own.write_text(own.read_text("utf-8") + "\n# edited elsewhere\n", "utf-8")
    before = own.read_bytes()
    mutate(enc)
    kept = saves.keep_as_save(enc)
    assert kept == data / "ambush-2.toml" and own.read_bytes() == before
