"""saves/trash.py at its edges, from a mutmut sample of the module: the copy
kept is the state handed over, the numbered copy of a second is the newer, and pruning says
what went."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from test_saves_trash import trashed  # a copy put in the trash at a given time

import saves
from saves import store
from saves.store import TRASH_MAX_DAYS


def test_the_copy_kept_is_the_state_handed_over(make_enc, mutate, data: Path):
    enc = make_enc()
    taken = enc.to_data()
    mutate(enc)
    copy = saves.keep_in_trash(enc, data=taken)
    assert len(saves.load(copy).creatures) == 3


def test_pruning_says_what_went_with_its_backup(make_enc, data: Path):
    old = datetime.now() - timedelta(days=TRASH_MAX_DAYS + 1)
    first = trashed(make_enc, "Bridge", old)
    first.with_name(first.name + ".bak").write_bytes(b"before")
    newest = trashed(make_enc, "Bridge", old, 2)  # same second, numbered: the newer copy
    assert store.prune_trash() == [first]
    assert newest.exists() and not first.exists()
    assert not first.with_name(first.name + ".bak").exists()


def test_a_trash_name_of_another_shape_is_left_alone(make_enc, data: Path):
    old = datetime.now() - timedelta(days=TRASH_MAX_DAYS + 1)
    kept = trashed(make_enc, "Bridge", old)
    odd = kept.with_name("bridge 20261399-250000.toml")  # no such time
    odd.write_bytes(kept.read_bytes())
    trashed(make_enc, "Bridge", datetime.now())
    assert store.prune_trash() == [kept]
    assert odd.exists()


def test_a_link_in_the_trash_is_left_alone_with_what_it_points_to(make_enc, data: Path):
    saved = saves.save(make_enc("Bridge"))
    old = datetime.now() - timedelta(days=TRASH_MAX_DAYS + 1)
    link = data / "trash" / f"bridge {old:%Y%m%d-%H%M%S}.toml"
    trashed(make_enc, "Bridge", datetime.now())  # the newest copy of the same encounter
    link.symlink_to(saved)
    assert store.prune_trash() == []
    assert link.is_symlink() and saved.exists()


def test_copies_that_cannot_be_read_are_known_apart_by_their_file_names(data: Path):
    old = datetime.now() - timedelta(days=TRASH_MAX_DAYS + 1)
    trash = data / "trash"
    trash.mkdir()
    copies = [trash / f"{stem} {old - timedelta(minutes=n):%Y%m%d-%H%M%S}.toml"
              for n, stem in enumerate(["bridge", "camp"])]
    for copy in copies:
        copy.write_text("not a save", "utf-8")
    assert store.prune_trash() == []  # each the only copy of its encounter
    assert all(copy.exists() for copy in copies)
