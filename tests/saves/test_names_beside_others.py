"""saves/names.py at its edges, from a mutmut sample of the module: the names
a file takes beside others, and slugs that end or start on the letters the cleaning strips."""

from __future__ import annotations

from itertools import islice
from pathlib import Path

import pytest

import saves
from saves.names import numbered


def test_the_names_beside_a_file_count_up_from_two():
    names = [path.name for path in islice(numbered(Path("data/ambush.toml")), 4)]
    assert names == ["ambush.toml", "ambush-2.toml", "ambush-3.toml", "ambush-4.toml"]


def test_a_third_encounter_of_one_name_takes_the_third_file(make_enc, data: Path):
    paths = [saves.save(make_enc("Box")) for _ in range(3)]
    assert [path.name for path in paths] == ["box.toml", "box-2.toml", "box-3.toml"]


@pytest.mark.parametrize(("name", "slug"), [
    ("Xanathar's Lair X", "xanathar's-lair-x"),
    ("\u202eGoblin\u200b Camp", "goblin-camp"),
    ("con.txt", "encounter-con.txt"),
    ("autosave-3", "encounter-autosave-3"),
    ("..hidden._", "hidden"),
])
def test_slugs_at_their_edges(name: str, slug: str):
    assert saves.slugify(name) == slug
