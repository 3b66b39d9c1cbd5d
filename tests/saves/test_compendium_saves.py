"""Every creature of the box saves and loads back as it was built (one encounter a system)."""

from __future__ import annotations

import pytest

import saves
from core import Encounter, compendium


@pytest.mark.parametrize("system", compendium.SYSTEMS)
def test_every_creature_of_the_box_saves_and_loads_back(system: str):
    if system not in compendium.systems():
        pytest.fail(f"no {system} compendium shipped")
    enc = Encounter(system=system, name=f"The whole {system} box")
    built = {}
    for index, entry in enumerate(compendium.entries(system)):
        cid = enc.add(compendium.get(system, entry.name), initiative=index)
        built[cid] = enc.creatures[cid].to_state()
    loaded = saves.load(saves.save(enc))
    assert {cid: loaded.creatures[cid].to_state() for cid in built} == built
