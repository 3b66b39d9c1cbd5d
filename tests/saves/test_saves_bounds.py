"""The library says when two templates share a name and is read once, not once a template;
the trash is bounded for the whole folder; and the edges of slots, reads and saves a mutation
run left unpinned."""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path

import pytest
import tomli_w

import saves
from core import Encounter, get_system
from saves import SaveError, files, library, slots, store, trash
from saves.store import TRASH_MAX_FILES


def _template(name: str, hp: int) -> dict:
    return get_system("pf2e").new_creature(name, hp=hp).to_state()


def library_file(path: Path, *templates: dict) -> Path:
    doc = {"format": 2, "library": {"system": "pf2e", "creatures": len(templates)},
           "creatures": list(templates)}
    path.write_text(tomli_w.dumps(doc), "utf-8")
    return path


# --- two templates of one name ------------------------------------------------------------------


def test_an_import_with_two_templates_of_one_name_says_so_and_adds_nothing(tmp_path: Path) -> None:
    source = library_file(tmp_path / "shared.toml", _template("Goblin", 6), _template("Orc", 15),
                          _template("Goblin", 9))
    with pytest.raises(SaveError) as caught:
        library.import_file(source)
    assert "Goblin" in caught.value.problem and "creatures[2]" in str(caught.value)
    assert "nothing was imported" in caught.value.hint
    assert library.names("pf2e") == []


def test_the_gms_file_with_two_templates_of_one_name_keeps_the_first_and_reports_the_second(
        data: Path) -> None:
    path = library.path_of("pf2e")
    path.parent.mkdir(parents=True)
    library_file(path, _template("Goblin", 6), _template("Goblin", 9))
    assert library.names("pf2e") == ["Goblin"]
    assert library.get("pf2e", "Goblin").max_hp == 6
    [skipped] = library.problems("pf2e")
    assert skipped.name == "Goblin" and "creatures[0]" in skipped.error.problem
    library.add("pf2e", get_system("pf2e").new_creature("Orc", hp=15))
    kept = path.read_text("utf-8")
    assert kept.count('name = "Goblin"') == 2  # the file keeps both until fixed by hand


# --- read once -----------------------------------------------------------------------------------


def test_the_bestiary_reads_its_file_once_while_it_is_unchanged(monkeypatch) -> None:
    rules = get_system("pf2e")
    for number in range(30):
        library.add("pf2e", rules.new_creature(f"Goblin {number}", hp=6 + number))
    reads: list[Path] = []
    real = store.read_checked

    def counted(path: Path):
        reads.append(path)
        return real(path)

    monkeypatch.setattr(store, "read_checked", counted)
    library._READ.clear()  # as at start-up
    names = library.names("pf2e")
    library.problems("pf2e")
    got = [library.get("pf2e", name) for name in names]
    assert [c.name for c in got] == names and len(names) == 30
    assert len(reads) == 1
    library.rename("pf2e", "Goblin 1", "Goblin Boss")  # written: read again next time
    assert library.get("pf2e", "Goblin Boss").max_hp == 7
    assert "Goblin 1" not in library.names("pf2e")
    got[1].name = "changed by the caller"
    assert library.get("pf2e", "Goblin 10").name == "Goblin 10"


def test_a_file_changed_by_hand_is_read_again(data: Path) -> None:
    library.add("pf2e", get_system("pf2e").new_creature("Goblin", hp=6))
    assert library.names("pf2e") == ["Goblin"]
    library_file(library.path_of("pf2e"), _template("Orc", 15))
    assert library.names("pf2e") == ["Orc"]


# --- the trash, bounded for the folder ----------------------------------------------------------


def trashed(make_enc, name: str, when: datetime, number: int = 1) -> Path:
    folder = saves.data_dir() / "trash"
    folder.mkdir(exist_ok=True)
    suffix = "" if number == 1 else f"-{number}"
    path = folder / f"{saves.slugify(name)} {when:%Y%m%d-%H%M%S}{suffix}.toml"
    store.atomic_write(path, files._encode(make_enc(name=name, creatures=1)), backup=False)
    return path


def test_the_count_bounds_the_whole_folder_oldest_encounters_going_last(make_enc, data: Path) -> None:
    now = datetime.now()
    fights = [trashed(make_enc, f"Fight {n}", now - timedelta(minutes=n)) for n in range(TRASH_MAX_FILES + 5)]
    extra = [trashed(make_enc, "Fight 0", now - timedelta(hours=5, minutes=n)) for n in range(3)]
    store.prune_trash()
    left = set((data / "trash").iterdir())
    assert len(left) == TRASH_MAX_FILES
    assert not left & set(extra)                       # the spare copies went first
    assert set(fights[:TRASH_MAX_FILES]) == left       # then the oldest fights' only copies


def test_an_unnumbered_copy_is_older_than_its_2_of_the_same_second(make_enc, data: Path, monkeypatch) -> None:
    """`NAME STAMP.toml` then `NAME STAMP-2.toml`: the -2 went in later and is the one kept."""
    when = datetime.now() - timedelta(hours=1)
    first = trashed(make_enc, "Bridge", when)
    second = trashed(make_enc, "Bridge", when, 2)
    fillers = [trashed(make_enc, f"Fight {n}", datetime.now() - timedelta(minutes=n))
               for n in range(TRASH_MAX_FILES - 1)]
    real = os.scandir
    for order in (list, lambda entries: list(reversed(entries))):
        monkeypatch.setattr("saves.trash.os.scandir", lambda path, order=order: iter(order(sorted(
            real(path), key=lambda e: e.name))))
        assert trash.prune_trash() == [first]
        assert second.exists() and all(p.exists() for p in fillers)
        first = trashed(make_enc, "Bridge", when)


# --- the edges a mutation run left unpinned ------------------------------------------------------


def test_releasing_a_slot_removes_its_lock_file(data: Path) -> None:
    slot, _moved = slots.claim_slot()
    lock = data / f".{slot.name}.lock"
    assert lock.exists()
    slots.release(slot)
    assert not lock.exists()
    assert slots.holder(slot) is None


def test_releasing_a_slot_named_through_a_linked_folder_removes_its_lock_file(tmp_path: Path,
                                                                              monkeypatch) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real)
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path / "link"))
    slot, _moved = slots.claim_slot()
    slots.release(real / slot.name)
    assert not (real / f".{slot.name}.lock").exists()


def test_a_file_grown_past_the_limit_between_stat_and_read_is_refused(data: Path, monkeypatch) -> None:
    path = data / "grows.toml"
    path.write_bytes(b"format = 1\n" + b"#" * 200)
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 100)
    real_fstat = os.fstat

    def small(fd: int) -> os.stat_result:  # stat saw it small; it grew before the read
        st = real_fstat(fd)
        return os.stat_result((st.st_mode, st.st_ino, st.st_dev, st.st_nlink, st.st_uid,
                               st.st_gid, 50, st.st_atime, st.st_mtime, st.st_ctime))

    monkeypatch.setattr("saves.files.os.fstat", small)
    with pytest.raises(SaveError) as caught:
        files.read_checked(path)
    assert "over the" in caught.value.problem and caught.value.path == path


@pytest.mark.parametrize("system", ["daggerheart", "pf2e"])
def test_a_hand_edited_fear_of_0_loads(system: str, data: Path) -> None:
    path = saves.save(Encounter(system=system, name="Calm"))
    text = path.read_text("utf-8")
    path.write_text(text.replace("[encounter]\n", "[encounter]\nfear = 0\n"), "utf-8")
    assert saves.load(path).fear == 0
    path.write_text(text.replace("[encounter]\n", "[encounter]\nfear = -1\n"), "utf-8")
    with pytest.raises(SaveError, match="fear"):
        saves.load(path)


def test_a_library_file_cut_short_is_refused_not_read_as_a_smaller_bestiary(data: Path) -> None:
    rules = get_system("pf2e")
    for number in range(5):
        library.add("pf2e", rules.new_creature(f"Goblin {number}", hp=6 + number))
    path = library.path_of("pf2e")
    raw = path.read_bytes()
    cut = raw[: raw.rindex(b"[[creatures]]")]  # at a line end: valid TOML, one template fewer
    path.write_bytes(cut)
    library._READ.clear()
    with pytest.raises(SaveError) as caught:
        library.names("pf2e")
    assert caught.value.path == path and caught.value.field == "library.creatures"
    with pytest.raises(SaveError):
        library.add("pf2e", rules.new_creature("Orc", hp=15))
    assert path.read_bytes() == cut
