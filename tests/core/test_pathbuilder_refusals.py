"""A Pathbuilder 2e export refused in the GM's words: the field named with what is wrong with it,
placed at its key in the text; an untrained save adds nothing; only the PF2 family imports."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from core_support import pf2_family

from core import ParseError
from core.systems import pathbuilder_systems

TEXT = (Path(__file__).parent / "pathbuilder" / "fighter.json").read_text(encoding="utf-8")
BUILD = json.loads(TEXT)["build"]


def export(change) -> str:
    data = {"success": True, "build": copy.deepcopy(BUILD)}
    change(data["build"])
    return json.dumps(data)


def refusal(text: str) -> ParseError:
    with pytest.raises(ParseError) as caught:
        pf2_family("pf2e").from_pathbuilder(text)
    assert caught.value.text == text
    return caught.value


@pytest.mark.parametrize(("change", "said", "key"), [
    (lambda b: b.update(abilities=[]), "build.abilities should be a table", "abilities"),
    (lambda b: b["attributes"].pop("classhp"), "build.attributes.classhp is missing", None),
    (lambda b: b.update(name=3), "build.name should be text, not 3", "name"),
    (lambda b: b["weapons"][1].update(extraDamage=[3]),
     "build.weapons[1].extraDamage[0] should be text", "extraDamage"),
    (lambda b: b["mods"]["Perception"].update({"Item Bonus": "one"}),
     "build.mods.Perception has an item bonus of 'one', not a whole number", "Perception"),
])
def test_a_field_is_refused_by_its_path_at_its_key(change, said, key):
    text = export(change)
    caught = refusal(text)
    assert caught.message == f"Pathbuilder export: {said}"
    assert caught.position == (0 if key is None else text.index(f'"{key}"'))  # a missing key: the start


def test_a_failed_export_is_refused_at_its_success_field():
    text = '{"build": {}, "success": false}'
    caught = refusal(text)
    assert caught.message == "Pathbuilder export: success is false: Pathbuilder exported no character"
    assert caught.position == text.index('"success"')


def test_a_number_beyond_play_says_which():
    caught = refusal(export(lambda b: b["acTotal"].update(acTotal=5000)))
    assert caught.message.startswith("Pathbuilder export: numbers.ac: must be at most 999"), caught.message


def test_an_untrained_save_is_the_ability_modifier_alone():
    untrained = export(lambda b: b["proficiencies"].update(will=0))
    pc = pf2_family("pf2e").from_pathbuilder(untrained)
    assert pc.numbers["will"] == (BUILD["abilities"]["wis"] - 10) // 2       # proficiency 0: no level


def test_the_pf2_family_imports_from_pathbuilder():
    assert pathbuilder_systems() == ("pf2e", "sf2e")
