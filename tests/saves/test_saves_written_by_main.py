"""Saves written before the creature's fields were declared in one table load unchanged.

The files in ``files/written-by-main/`` were written by hitledger's code before the field table
(one encounter of each system, every creature field set somewhere): each loads, and written
again it is the same text, byte for byte.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import saves
from saves import codec

WRITTEN = Path(__file__).parent / "files" / "written-by-main"
FILES = sorted(WRITTEN.glob("*.toml"))


def test_one_file_of_each_system() -> None:
    assert [p.stem for p in FILES] == ["d20-3e", "daggerheart", "pf2e", "vitality-wounds"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_file_written_before_loads_and_writes_back_the_same(path: Path) -> None:
    enc = saves.load(path)
    assert enc.system == path.stem
    assert codec.encode(enc.to_data()) == path.read_text(encoding="utf-8")


def test_every_creature_field_is_in_one_of_the_files() -> None:
    import tomllib

    from core.creature.model import FIELD_NAMES

    held: set[str] = set()
    for path in FILES:
        for creature in tomllib.loads(path.read_text(encoding="utf-8"))["creatures"]:
            held |= set(creature)
    assert set(FIELD_NAMES) <= held
