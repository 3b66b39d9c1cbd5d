"""saves/tracking.py at its edges, from a mutmut sample of the module: which
``autosave_of`` an autosave may name, and that an encounter gone leaves no file to another."""

from __future__ import annotations

import gc
import hashlib
import tomllib
from pathlib import Path

import pytest

import saves
from saves import tracking


def _autosave_naming(source: str, digest: str | None, data: Path) -> Path:
    """An autosave whose header says it belongs to ``source`` with that hash."""
    enc_path = saves.autosave(_make())
    lines = [f"autosave_of = {source!r}"] + ([f"autosave_of_sha256 = {digest!r}"] if digest is not None else [])
    text = enc_path.read_text("utf-8")
    head, rest = text.split("\n", 1)
    enc_path.write_text("\n".join([head, *lines, rest]), "utf-8")
    return enc_path


def _make():
    from core import Encounter, get_system

    enc = Encounter(system="pf2e", name="Ambush")
    enc.add(get_system("pf2e").new_creature("Goblin", hp=6), initiative=3)
    return enc


@pytest.mark.parametrize("source", ["a\\b.toml", ".hidden.toml", "ambush.txt", "../ambush.toml", ""])
def test_an_autosave_naming_no_plain_save_belongs_to_none(source: str, data: Path):
    path = _autosave_naming(source, "0" * 64, data)
    assert saves.save_path(saves.load_autosave(path)) is None


def test_an_autosave_of_a_save_belongs_to_it_again(data: Path):
    saved = saves.save(_make())
    digest = hashlib.sha256(saved.read_bytes()).hexdigest()
    path = _autosave_naming("ambush.toml", digest, data)
    enc = saves.load_autosave(path)
    assert enc is not None
    assert saves.save_path(enc) == data / "ambush.toml"
    assert saves.autosave_slot_of(enc) == path
    assert saves.save(enc) == saved  # the hash matches: no conflict


@pytest.mark.parametrize("digest", [None, "0" * 63, "G" * 64, "A" * 64])
def test_an_autosave_with_an_odd_hash_asks_before_overwriting_its_save(digest, data: Path):
    saves.save(_make())
    path = _autosave_naming("ambush.toml", digest, data)
    enc = saves.load_autosave(path)
    assert enc is not None
    assert saves.save_path(enc) == data / "ambush.toml"
    with pytest.raises(saves.SaveConflict):
        saves.save(enc)


def test_an_encounter_gone_leaves_its_file_to_no_other(data: Path):
    enc = _make()
    saves.save(enc)
    key = id(enc)
    assert key in tracking._tracking
    del enc
    gc.collect()
    assert key not in tracking._tracking


def test_only_the_encounters_of_a_file_follow_its_rename(data: Path):
    one, other = _make(), _make()
    other.name = "Other"
    saves.save(one)
    saves.save(other)
    new = saves.rename_save(data / "ambush.toml", "Raid")
    assert saves.save_path(one) == new and saves.save_path(other) == data / "other.toml"


def test_an_autosave_with_an_odd_hash_is_autosaved_again_still_asking(data: Path):
    saves.save(_make())
    path = _autosave_naming("ambush.toml", "not a hash", data)
    enc = saves.load_autosave(path)
    assert enc is not None
    saves.autosave(enc, path=path)
    header = tomllib.loads(path.read_text("utf-8"))
    assert (header["autosave_of"], header["autosave_of_sha256"]) == ("ambush.toml", "")
    with pytest.raises(saves.SaveConflict):
        saves.save(saves.load_autosave(path))
