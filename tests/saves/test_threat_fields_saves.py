"""The encounter's threat fields on disk (RULES §10): the GM's party level, a Daggerheart
adversary's type and a d20 creature's CR are written, checked before writing and on load."""

from __future__ import annotations

import pytest

import saves
from core import Encounter, get_system


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    return tmp_path


def test_the_party_level_and_its_undo_step_load_back():
    enc = Encounter("pf2e", "Party")
    enc.set_party_level(2)
    back = saves.load(saves.save(enc, name="party"))
    assert back.party_level == 2
    back.undo()
    assert back.party_level == 0


def test_a_saved_party_level_out_of_bounds_is_refused_naming_the_field():
    enc = Encounter("pf2e", "Party")
    enc.set_party_level(2)
    path = saves.save(enc, name="party")
    path.write_text(path.read_text("utf-8").replace("party_level = 2", "party_level = 99"), "utf-8")
    with pytest.raises(saves.SaveError, match="party_level"):
        saves.load("party")


def test_a_type_and_a_cr_load_back_and_a_wrong_one_is_named():
    enc = Encounter("daggerheart", "Scene")
    bandit = get_system("daggerheart").new_creature("Bandit", hp=5, major=8, severe=14)
    bandit.role = "skulk"
    enc.add(bandit)
    path = saves.save(enc, name="scene")
    assert [c.role for c in saves.load(path).creatures.values()] == ["skulk"]
    path.write_text(path.read_text("utf-8").replace('role = "skulk"', 'role = "boss"'), "utf-8")
    with pytest.raises(saves.SaveError, match="role"):
        saves.load("scene")
    d20 = Encounter("d20-3e", "Brawl")
    kobold = get_system("d20-3e").new_creature("Kobold", hp=4)
    kobold.cr = "1/2"
    d20.add(kobold)
    assert [c.cr for c in saves.load(saves.save(d20, name="brawl")).creatures.values()] == ["1/2"]
