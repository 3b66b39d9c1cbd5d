"""list_saves, trash and rename: the saves screen's operations."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

import saves
from saves import SaveError


def test_list_saves_reads_summaries(make_enc, data: Path) -> None:
    a = saves.save(make_enc("Goblin Ambush", "pf2e", creatures=5))
    os.utime(a, (time.time() - 100, time.time() - 100))
    b = saves.save(make_enc("Vault of Sighs", "sf2e", creatures=8))
    entries = saves.list_saves()
    assert [e.path for e in entries] == [b, a]  # newest first
    vault = entries[0]
    assert (vault.name, vault.system, vault.round, vault.creatures) == ("Vault of Sighs", "sf2e", 1, 8)
    assert vault.ok and vault.error is None and not vault.autosave
    assert abs(vault.modified.timestamp() - b.stat().st_mtime) < 1


def test_list_saves_shows_autosave_and_skips_bak_temp_trash(make_enc, mutate, data: Path) -> None:
    enc = make_enc()
    saves.save(enc)
    mutate(enc)
    saves.save(enc)  # makes ambush.toml.bak
    saves.autosave(enc)
    saves.delete_save(saves.save(make_enc("Gone")))
    (data / ".ambush.toml.abc.tmp").write_text("half a file")
    entries = saves.list_saves()
    assert sorted(e.path.name for e in entries) == ["ambush.toml", "autosave.toml"]
    assert [e.autosave for e in entries if e.path.name == "autosave.toml"] == [True]
    assert [e.path.name for e in saves.list_saves(include_autosave=False)] == ["ambush.toml"]


def test_stale_temp_files_are_cleared(data: Path) -> None:
    stale = data / ".x.toml.abc.tmp"
    fresh = data / ".y.toml.abc.tmp"
    stale.write_text("x")
    fresh.write_text("y")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    saves.list_saves()
    assert not stale.exists() and fresh.exists()


def test_list_saves_with_corrupt_files(make_enc, data: Path) -> None:
    good = saves.save(make_enc())
    broken = data / "broken-night.toml"
    broken.write_text("format = 1\nname = 'x'\nsystem 'pf2e'\n", "utf-8")
    newer = data / "future.toml"
    newer.write_text('format = 9\nname = "x"\nsystem = "pf2e"\n', "utf-8")
    binary = data / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00junk")
    stray = data / "stray.toml"
    stray.write_text('title = "not a save"\n', "utf-8")
    before = {p: p.read_bytes() for p in (broken, newer, binary, stray)}
    entries = {e.path: e for e in saves.list_saves()}
    assert entries[good].ok
    assert entries[broken].error == "line 3: Expected '=' after a key in a key/value pair — left untouched"
    assert entries[broken].name == "broken-night.toml"
    errors = {p: entries[p].error or "" for p in (newer, binary, stray)}
    assert "newer hitledger" in errors[newer]
    assert "UTF-8" in errors[binary]
    assert "format" in errors[stray]
    assert all(not entries[p].ok for p in before)
    assert {p: p.read_bytes() for p in before} == before


def test_list_saves_reads_only_the_head(make_enc, data: Path, monkeypatch) -> None:
    enc = make_enc(creatures=3)
    path = saves.save(enc)
    # a huge tail that would be slow to parse is never parsed: the head suffices
    with open(path, "a", encoding="utf-8") as handle:
        for _ in range(5000):
            handle.write(f'\n[[padding]]\ntext = "{"x" * 40}"\n')
    handle_sizes = []
    real_open = open

    def watching_open(file, mode="r", *args, **kwargs):
        handle = real_open(file, mode, *args, **kwargs)
        if str(file) == str(path):
            real_read = handle.read
            handle_sizes.append(-1)

            class Wrapped:
                def __enter__(self):
                    return self

                def fileno(self):
                    return handle.fileno()

                def __exit__(self, *exc):
                    handle.close()

                def read(self, n=-1):
                    handle_sizes[-1] = n
                    return real_read(n)

            return Wrapped()
        return handle

    monkeypatch.setattr("builtins.open", watching_open)
    (entry,) = saves.list_saves()
    assert entry.ok and entry.creatures == 3
    assert handle_sizes and all(0 < n <= 64 * 1024 for n in handle_sizes)


def test_list_saves_head_with_tricky_multiline_value(data: Path) -> None:
    path = data / "tricky.toml"
    path.write_text(
        'format = 1\n[encounter]\nname = "Tricky"\nsystem = "pf2e"\nround = 3\ncreatures = 2\n'
        'notes = """\n[not a table]\n"""\n'
        + "".join(f"pad{i} = {i}\n" for i in range(10000))
        + "\n[settings]\nx = 1\n",
        "utf-8",
    )
    (entry,) = saves.list_saves()
    assert (entry.name, entry.round, entry.creatures, entry.error) == ("Tricky", 3, 2, None)


def test_list_saves_when_encounter_table_comes_late(data: Path) -> None:
    path = data / "late.toml"
    path.write_text(
        "format = 1\n[settings]\nx = 1\n"
        + "".join(f'[[creatures]]\nid = "c{i}"\n' for i in range(5000))
        + '[encounter]\nname = "Late"\nsystem = "sf2e"\nround = 1\ncreatures = 5000\n',
        "utf-8",
    )
    (entry,) = saves.list_saves()
    assert (entry.name, entry.system, entry.creatures, entry.error) == ("Late", "sf2e", 5000, None)


def test_empty_data_dir() -> None:
    assert saves.list_saves() == []


# --- trash ----------------------------------------------------------------------------------


def test_delete_moves_to_trash_with_its_bak(make_enc, mutate, data: Path) -> None:
    enc = make_enc()
    path = saves.save(enc)
    mutate(enc)
    saves.save(enc)
    content = path.read_bytes()
    moved = saves.delete_save(path)
    assert moved.parent == data / "trash" and moved.read_bytes() == content
    assert moved.with_name(moved.name + ".bak").exists()
    assert not path.exists() and not path.with_name("ambush.toml.bak").exists()
    assert saves.load(moved).to_data() == enc.to_data()
    # the open encounter forgot its file: saving it again makes a new one, no conflict
    assert saves.save(enc) == path


def test_trash_names_are_unique(make_enc) -> None:
    moved = {saves.delete_save(saves.save(make_enc())) for _ in range(5)}
    assert len(moved) == 5 and all(p.exists() for p in moved)


def test_delete_by_name_and_missing(make_enc) -> None:
    saves.save(make_enc("Goblin Ambush"))
    assert saves.delete_save("goblin-ambush").exists()
    with pytest.raises(SaveError, match="no such save"):
        saves.delete_save("goblin-ambush")


# --- rename ---------------------------------------------------------------------------------


def test_rename_changes_name_and_file(make_enc, mutate, data: Path) -> None:
    enc = make_enc()
    path = saves.save(enc)
    mutate(enc)
    saves.save(enc)
    new = saves.rename_save(path, "Night Raid")
    assert new == data / "night-raid.toml" and not path.exists()
    assert saves.load(new).name == "Night Raid"
    assert new.with_name("night-raid.toml.bak").exists()
    assert saves.save_path(enc) == new
    mutate(enc)
    assert saves.save(enc) == new  # the open encounter follows its file without a conflict


def test_rename_to_hostile_name_stays_inside(make_enc, data: Path) -> None:
    path = saves.save(make_enc())
    new = saves.rename_save(path, "../../etc")
    assert new == data / "etc.toml" and saves.load(new).name == "../../etc"


def test_rename_never_clobbers(make_enc, data: Path) -> None:
    a = saves.save(make_enc("A"))
    b = saves.save(make_enc("B"))
    new = saves.rename_save(b, "A")
    assert new == data / "a-2.toml" and saves.load(a).name == "A" and saves.load(new).name == "A"


def test_rename_same_slug_rewrites_in_place(make_enc) -> None:
    path = saves.save(make_enc("ambush"))
    assert saves.rename_save(path, "Ambush") == path
    assert saves.load(path).name == "Ambush"


def test_rename_refuses_a_broken_file(data: Path) -> None:
    path = data / "broken.toml"
    path.write_text("format = 1\nname =\n", "utf-8")
    with pytest.raises(SaveError):
        saves.rename_save(path, "fixed")
    assert path.read_text("utf-8") == "format = 1\nname =\n"


def test_a_file_refused_on_load_is_listed_as_refused_until_it_changes(make_enc, data: Path) -> None:
    """Play report 2, S7-2: the list reads only a file's head, so a bad field showed as healthy;
    once a load has refused the file the list says so, with the whole reason."""
    path = saves.save(make_enc())
    text = path.read_text("utf-8")
    path.write_text(text.replace("hp = 20", 'hp = "lots"', 1), "utf-8")
    (entry,) = saves.list_saves()
    assert entry.ok  # the head alone looks fine: listing stays fast
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    (entry,) = saves.list_saves()
    assert entry.error == caught.value.reason and not entry.ok
    path.write_text(text, "utf-8")  # fixed by hand
    (entry,) = saves.list_saves()
    assert entry.ok and entry.name == "Ambush"
