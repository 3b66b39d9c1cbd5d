"""Saves written before the creature's fields were declared in one table load unchanged.

The files in ``files/written-by-main/`` were written by hitledger's code before the field table
(one encounter of each system, every creature field set somewhere): each loads, and written
again it holds the same data but for the format number: they were written at format 2, and the
step to format 3 changed how the log's messages are stored (these files log nothing) and how the
ledger's changes are laid out as text, not what they say. Written once more, the text is the
same byte for byte.
"""

from __future__ import annotations

import tomllib
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
    before = tomllib.loads(path.read_text(encoding="utf-8"))
    assert before["format"] == 2
    text = codec.encode(enc.to_data())
    after = tomllib.loads(text)
    assert after == before | {"format": codec.FORMAT_VERSION}
    again, _ = codec.decode(text.encode("utf-8"), None)
    assert codec.encode(again.to_data()) == text


def test_every_creature_field_is_in_one_of_the_files() -> None:
    from core.creature.model import FIELD_NAMES

    held: set[str] = set()
    for path in FILES:
        for creature in tomllib.loads(path.read_text(encoding="utf-8"))["creatures"]:
            held |= set(creature)
    assert set(FIELD_NAMES) <= held
