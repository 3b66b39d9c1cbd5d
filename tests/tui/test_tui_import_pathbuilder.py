"""A PC from Pathbuilder 2e: ``hitledger import pathbuilder FILE`` adds it to the autosave the
app resumes (or a named save, or only prints it), and a paste of the JSON into the add form's
stat-block paste (ctrl+t) makes the PC."""

from __future__ import annotations

import json
from pathlib import Path

from tui_support import ids_by_name

import saves
from core import Encounter, get_system
from tui.cli import main

FIXTURE = Path(__file__).resolve().parents[1] / "core" / "pathbuilder" / "fighter.json"
TEXT = FIXTURE.read_text(encoding="utf-8")
BUILD = json.loads(TEXT)["build"]
# HP = ancestry 8 + bonus 0 + level 3 × (class 10 + 0 + Con +2)
HP = BUILD["attributes"]["ancestryhp"] + 3 * (BUILD["attributes"]["classhp"] + (14 - 10) // 2)


def ambush() -> Encounter:
    encounter = Encounter("pf2e", "Goblin Ambush")
    encounter.add(get_system("pf2e").new_creature("Goblin", hp=6, numbers={"level": -1}))
    return encounter


def test_import_adds_the_pc_to_the_autosave_the_app_resumes(data_dir, capsys):
    saves.autosave(ambush())
    assert main(["import", "pathbuilder", str(FIXTURE)]) == 0
    out = capsys.readouterr().out
    assert "Valeros" in out and f"HP {HP}" in out and "AC 20" in out and "Longsword +12" in out
    back = saves.load_autosave()
    assert back is not None
    pc = back.creature(ids_by_name(back)["Valeros"])
    assert pc.pc and pc.max_hp == HP and pc.numbers["ac"] == 20
    assert back.creature(ids_by_name(back)["Goblin"]).hp == 6       # the rest as it was


def test_import_to_a_named_save(data_dir, capsys):
    encounter = ambush()
    saves.save(encounter, name="Ambush")
    assert main(["import", "pathbuilder", str(FIXTURE), "--to", "Ambush"]) == 0
    assert "Valeros" in ids_by_name(saves.load("Ambush"))


def test_print_only_adds_nowhere(data_dir, capsys):
    assert main(["import", "pathbuilder", str(FIXTURE), "--print"]) == 0
    assert "Valeros" in capsys.readouterr().out
    assert not any(data_dir.glob("*.toml")) if data_dir.exists() else True


def test_without_an_autosave_the_pc_is_printed_and_the_gm_told_where_to_add_it(data_dir, capsys):
    assert main(["import", "pathbuilder", str(FIXTURE)]) == 2
    said = capsys.readouterr()
    assert "Valeros" in said.out and "--to" in said.err


def test_a_pc_already_there_is_not_added_twice(data_dir, capsys):
    saves.autosave(ambush())
    assert main(["import", "pathbuilder", str(FIXTURE)]) == 0
    assert main(["import", "pathbuilder", str(FIXTURE)]) == 2
    assert "already" in capsys.readouterr().err
    back = saves.load_autosave()
    assert back is not None and list(ids_by_name(back)).count("Valeros") == 1


def test_a_broken_export_names_the_field_and_adds_nothing(data_dir, tmp_path, capsys):
    saves.autosave(ambush())
    data = json.loads(TEXT)
    del data["build"]["attributes"]["classhp"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["import", "pathbuilder", str(bad)]) == 2
    assert "build.attributes.classhp" in capsys.readouterr().err
    back = saves.load_autosave()
    assert back is not None and "Valeros" not in ids_by_name(back)


def test_an_encounter_of_another_system_is_refused(data_dir, capsys):
    encounter = Encounter("daggerheart", "Scene")
    saves.autosave(encounter)
    assert main(["import", "pathbuilder", str(FIXTURE)]) == 2
    assert "pf2e" in capsys.readouterr().err


def test_a_missing_file_is_named(data_dir, capsys):
    assert main(["import", "pathbuilder", "nowhere.json"]) == 2
    assert "nowhere.json" in capsys.readouterr().err


async def test_a_paste_of_the_json_in_the_add_form_makes_the_pc(app_factory):
    from textual.widgets import TextArea

    from tui.screens.statblock_paste import StatblockPasteScreen

    app = app_factory(ambush())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await pilot.press("ctrl+t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatblockPasteScreen)
        screen.query_one(TextArea).text = TEXT
        await pilot.pause()
        assert screen.creature is not None and screen.creature.name == "Valeros"
        await pilot.press("enter")
        await pilot.pause()
        encounter = app.session.encounter
        pc = encounter.creature(ids_by_name(encounter)["Valeros"])
        assert pc.pc and pc.max_hp == HP and [a.label for a in pc.attacks] == ["Longsword", "Shortbow"]
