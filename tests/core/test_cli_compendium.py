"""`hitledger compendium SYSTEM QUERY` lists the box's matches; `--show NAME` prints a creature
as the app holds it, in the GM's language."""

from __future__ import annotations

import pytest

from tui.cli import main


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path / "data"))


def test_a_query_lists_name_level_hp_ac_and_source(capsys):
    assert main(["compendium", "pf2e", "gob", "war"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:4] == ["Name", "Lvl", "HP", "AC"]
    assert out[1].split() == ["Goblin", "Warrior", "-1", "6", "16", "Pathfinder", "Bestiary"]


def test_a_level_filter_keeps_those_levels(capsys):
    assert main(["compendium", "d20-3e", "cr:1/2", "--limit", "3"]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert len(rows) == 3 and all(" 1/2 " in row for row in rows)


def test_show_prints_the_creature_as_the_app_holds_it(capsys):
    assert main(["compendium", "d20-3e", "--show", "ogre"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Ogre"
    assert "AC 16 · touch 8 · flat-footed 16 · Fort +6 · Ref +0 · Will +1" in out
    assert "Greatclub +8: 2d8+7" in out


def test_show_in_japanese(capsys):
    assert main(["--lang", "ja", "compendium", "daggerheart", "--show", "Jagged Knife Bandit"]) == 0
    out = capsys.readouterr().out
    assert "イニシアチブ" in out and "Daggers +1: 1d8+1" in out


def test_an_absent_name_says_the_closest_and_fails(capsys):
    assert main(["compendium", "pf2e", "--show", "goblin wariror"]) == 2
    assert "closest: Goblin Warrior" in capsys.readouterr().err


def test_no_match_says_so(capsys):
    assert main(["compendium", "pf2e", "zzzzqqq"]) == 1
    assert "No match" in capsys.readouterr().out


def test_an_unknown_system_names_the_known_ones(capsys):
    assert main(["compendium", "gurps", "orc"]) == 2
    assert "pf2e, daggerheart, d20-3e" in capsys.readouterr().err
