"""A PC from Pathbuilder 2e's JSON export (DESIGN.md ``from_pathbuilder``).

The fixture in tests/core/pathbuilder/ was typed by hand for these tests, with the field
names of Pathbuilder's "Export JSON": a level-3 human fighter. Every expected number is
worked here from the fixture's fields by the PF2 rules the issue names.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from core_support import pf2_family

from core import Creature, Encounter, ParseError, get_system

FIXTURE = Path(__file__).parent / "pathbuilder" / "fighter.json"
TEXT = FIXTURE.read_text(encoding="utf-8")
BUILD = json.loads(TEXT)["build"]


def mod(score: int) -> int:
    return (score - 10) // 2


def trained(proficiency: int, level: int) -> int:
    """Pathbuilder's proficiency (0, 2, 4, 6, 8) plus the level when trained."""
    return proficiency + level if proficiency else 0


def test_a_fighter_from_pathbuilder_has_its_name_level_hp_and_ac():
    c = pf2_family("pf2e").from_pathbuilder(TEXT)
    a, level = BUILD["attributes"], BUILD["level"]
    con = mod(BUILD["abilities"]["con"])
    assert c.pc is True
    assert c.name == "Valeros"
    assert c.numbers["level"] == 3
    assert c.max_hp == c.hp == a["ancestryhp"] + a["bonushp"] + level * (
        a["classhp"] + a["bonushpPerLevel"] + con) == 8 + 3 * (10 + 2)
    assert c.numbers["ac"] == BUILD["acTotal"]["acTotal"] == 20


def test_saves_and_perception_are_ability_plus_proficiency_plus_level_and_item_bonus():
    c = pf2_family("pf2e").from_pathbuilder(TEXT)
    ab, prof, level = BUILD["abilities"], BUILD["proficiencies"], BUILD["level"]
    assert c.numbers["fort"] == mod(ab["con"]) + trained(prof["fortitude"], level) == 9
    assert c.numbers["ref"] == mod(ab["dex"]) + trained(prof["reflex"], level) == 9
    assert c.numbers["will"] == mod(ab["wis"]) + trained(prof["will"], level) == 6
    item = BUILD["mods"]["Perception"]["Item Bonus"]
    assert c.numbers["perception"] == mod(ab["wis"]) + trained(prof["perception"], level) + item == 9
    assert c.init_mod == c.numbers["perception"]    # RULES §8: a PF2 creature's initiative


def test_strikes_are_the_weapons_attack_dice_bonus_and_type():
    c = pf2_family("pf2e").from_pathbuilder(TEXT)
    sword, bow = c.attacks
    assert (sword.label, sword.bonus, sword.damage) == ("Longsword", 12, "2d8+4 slashing")  # striking: 2 dice
    assert (bow.label, bow.bonus, bow.damage) == ("Shortbow", 9, "1d6 piercing, 1d6 fire")
    get_system("pf2e").parse_damage(sword.damage)


def test_the_bare_build_reads_as_the_wrapped_export():
    bare = json.dumps(BUILD)
    rules = pf2_family("pf2e")
    assert rules.from_pathbuilder(bare).to_state() == rules.from_pathbuilder(TEXT).to_state()


def test_the_pc_saves_and_loads_back():
    c = pf2_family("pf2e").from_pathbuilder(TEXT)
    enc = Encounter("pf2e", "T")
    enc.add(c)
    back = Encounter.from_data(enc.to_data())
    assert [x.to_state() for x in back.creatures.values()] == [c.to_state()]
    assert Creature.from_state(c.to_state()).to_state() == c.to_state()


def test_starfinder_reads_the_same_export():
    assert pf2_family("sf2e").from_pathbuilder(TEXT).max_hp == 44


def broken(change) -> str:
    data = {"success": True, "build": copy.deepcopy(BUILD)}
    change(data["build"])
    return json.dumps(data)


@pytest.mark.parametrize(("change", "named"), [
    (lambda b: b["attributes"].pop("classhp"), "build.attributes.classhp"),
    (lambda b: b.pop("acTotal"), "build.acTotal"),
    (lambda b: b["abilities"].pop("con"), "build.abilities.con"),
    (lambda b: b["proficiencies"].update(will=3), "build.proficiencies.will"),
    (lambda b: b["weapons"][0].update(str="ultimateStriking"), "build.weapons[0].str"),
    (lambda b: b["weapons"][1].update(damageType="Q"), "build.weapons[1].damageType"),
    (lambda b: b["weapons"][0].update(die="eight"), "build.weapons[0].die"),
    (lambda b: b.update(level="three"), "build.level"),
    (lambda b: b["mods"]["Perception"].update({"Item Bonus": "one"}), "build.mods.Perception"),
])
def test_a_missing_or_unknown_field_is_named_never_guessed(change, named):
    with pytest.raises(ParseError) as caught:
        pf2_family("pf2e").from_pathbuilder(broken(change))
    assert named in str(caught.value)


def test_text_that_is_not_json_says_where_it_stopped():
    with pytest.raises(ParseError) as caught:
        pf2_family("pf2e").from_pathbuilder('{"build": {"name": "X",}')
    assert "JSON" in str(caught.value) and caught.value.position > 0


def test_a_failed_export_is_refused():
    with pytest.raises(ParseError, match="success"):
        pf2_family("pf2e").from_pathbuilder('{"success": false}')


def test_daggerheart_has_no_pathbuilder():
    assert not hasattr(get_system("daggerheart"), "from_pathbuilder")
