""""the writer accepts what the reader refuses": one schema both ways.

Every way in (new_creature, a pasted stat block, an edit, the library) accepts only what a
load accepts, a save never writes what a load refuses, and the files older hitledgers wrote
for creatures the reader used to refuse load now (from trash/ too).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import tomli_w

import saves
from core import Encounter, ParseError, get_system
from saves import SaveError, library
from saves.codec import CHECK_WRITES

BLOCKS = Path(__file__).resolve().parents[1] / "core" / "statblocks"

MINION = (BLOCKS / "daggerheart-minion.txt").read_text("utf-8")
#: What hitledger wrote for the sample Minion before one schema served both ways (ctrl+s and the autosave alike):
#: no `major`, no `severe`. Every load refused it, from trash/ too.
OLD_MINION_SAVE = (Path(__file__).parent / "files" / "old-daggerheart-minion.toml").read_text("utf-8")


def _round_trip(enc: Encounter) -> Encounter:
    back = saves.load(saves.save(enc, force=True))
    assert back.to_data() == enc.to_data()
    return back


# --- item 1: a Daggerheart Minion -----------------------------------------------------------


@pytest.mark.parametrize("thresholds", ["None", "4/None", "none / none", "8/15"])
def test_a_minion_saves_and_loads_back_equal(thresholds):
    rules = get_system("daggerheart")
    minion = rules.from_statblock(MINION.replace("Thresholds: None", f"Thresholds: {thresholds}"))
    enc = Encounter("daggerheart", "Alley")
    cid = enc.add(minion)
    enc.apply_damage([cid], "3 physical")
    back = _round_trip(enc)
    assert (back.creature(cid).major, back.creature(cid).severe) == (minion.major, minion.severe)
    assert "defeated" in back.creature(cid).conditions
    saves.autosave(enc)
    resumed = saves.load_autosave()
    assert resumed is not None and resumed.to_data() == enc.to_data()


def test_no_thresholds_is_saved_as_no_major_and_no_severe(data):
    enc = Encounter("daggerheart", "Alley")
    enc.add(get_system("daggerheart").from_statblock(MINION))
    text = saves.save(enc).read_text("utf-8")
    creature = text[text.index("[[creatures]]"):text.index("[[ledger]]")]
    assert "max_hp = 1" in creature and "major" not in creature and "severe" not in creature


def test_the_file_the_old_code_wrote_for_a_minion_loads_and_plays(data):
    path = data / "alley.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(OLD_MINION_SAVE, "utf-8")
    enc = saves.load(path)
    lackey = enc.creature("c1")
    assert (lackey.max_hp, lackey.major, lackey.severe) == (1, None, None)
    out = enc.apply_damage(["c1"], "1 physical")["c1"]
    assert out.hp_marked == 1 and "defeated" in lackey.conditions
    enc.undo()
    enc.undo()
    assert enc.creatures == {}


def test_a_copy_of_it_in_the_trash_loads_and_comes_back_among_the_saves(data):
    trash = data / "trash"
    trash.mkdir(parents=True)
    copy = trash / "autosave 20260101-200000.toml"
    copy.write_text(OLD_MINION_SAVE, "utf-8")
    (trash / "library-pf2e-goblin 20260101-200000.toml").write_text("format = 1\n", "utf-8")
    listed = saves.list_trash()
    assert [entry.path for entry in listed] == [copy]         # the bestiary's copies are not saves
    assert listed[0].name == "Alley" and listed[0].error is None
    back = saves.restore_from_trash(copy)
    assert back == data / "alley.toml" and not copy.exists()
    assert saves.load(back).creature("c1").name == "Jagged Knife Lackey"
    copy.write_text(OLD_MINION_SAVE, "utf-8")
    assert saves.restore_from_trash(copy) == data / "alley-2.toml"   # never over another save


def test_a_copy_that_does_not_load_stays_in_the_trash(data):
    trash = data / "trash"
    trash.mkdir(parents=True)
    copy = trash / "autosave 20260101-200000.toml"
    copy.write_text(OLD_MINION_SAVE.replace("max_hp = 1\n", "max_hp = 1000000000000\n", 1), "utf-8")
    with pytest.raises(SaveError, match="max_hp"):
        saves.restore_from_trash(copy)
    assert copy.exists() and not (data / "alley.toml").exists()
    with pytest.raises(SaveError, match="not in the trash"):
        saves.restore_from_trash(data / "alley.toml")


# --- item 2: a modifier beyond 64 bits (or beyond the bounds of play) ------------------------

HUGE = "99999999999999999999"


@pytest.mark.parametrize(("system", "fixture", "line", "garbled", "number"), [
    ("pf2e", "pf2e-goblin-warrior.txt", "Perception +2", f"Perception +{HUGE}", f"+{HUGE}"),
    ("pf2e", "pf2e-goblin-warrior.txt", "Perception +2", "Perception +1000", "+1000"),
    ("d20-3e", "d20-ghoul.txt", "Initiative: +2", f"Initiative: +{HUGE}", f"+{HUGE}"),
    ("daggerheart", "daggerheart-minion.txt", "ATK: -2", f"ATK: -{HUGE}", f"-{HUGE}"),
    ("daggerheart", "daggerheart-minion.txt", "HP: 1", "HP: 100", "100"),
    ("daggerheart", "daggerheart-minion.txt", "Thresholds: None", f"Thresholds: 4/{HUGE}", HUGE),
    ("pf2e", "pf2e-goblin-warrior.txt", "HP 6", f"HP {HUGE}", HUGE),
    ("d20-3e", "d20-ghoul.txt", "(13 hp)", "(9999999 hp)", "9999999"),
])
def test_a_garbled_number_is_refused_at_the_paste_with_its_position(system, fixture, line, garbled,
                                                                     number):
    text = (BLOCKS / fixture).read_text("utf-8")
    assert line in text
    text = text.replace(line, garbled, 1)
    with pytest.raises(ParseError) as caught:
        get_system(system).from_statblock(text)
    assert caught.value.position == text.index(number, text.index(garbled))
    assert "out of bounds" in caught.value.message or "at most" in caught.value.message


def test_every_way_in_refuses_an_initiative_modifier_a_load_would_refuse():
    rules = get_system("pf2e")
    with pytest.raises(ValueError, match="init_mod"):
        rules.new_creature("Goblin", hp=6, init_mod=10**20)
    enc = Encounter("pf2e", "Ambush")
    cid = enc.add(rules.new_creature("Goblin", hp=6, init_mod=999))
    with pytest.raises(ValueError, match="init_mod"):
        enc.update(cid, init_mod=-1000)
    for bad in (10**20, -(10**7)):
        with pytest.raises(ValueError, match="initiative"):
            enc.set_initiative(cid, bad)
        with pytest.raises(ValueError, match="initiative"):
            enc.update(cid, initiative=bad)
        with pytest.raises(ValueError, match="initiative"):
            enc.add(rules.new_creature("Orc", hp=6), initiative=bad)
    _round_trip(enc)


def test_an_edit_a_load_would_refuse_is_refused():
    enc = Encounter("pf2e", "Ambush")
    cid = enc.add(get_system("pf2e").new_creature("Goblin", hp=6))
    for fields in ({"now_hp": 7}, {"now_armor_marked": 1}, {"now_subdual": 2}):
        with pytest.raises(ValueError):
            enc.update(cid, **fields)
    assert len(enc.log) == 1
    _round_trip(enc)


# --- the save guard: what load would refuse is never written -------------------------------


@pytest.mark.parametrize("spoil", [
    lambda c: setattr(c, "init_mod", 10**20),
    lambda c: setattr(c, "max_hp", 10**12),
    lambda c: setattr(c, "defenses", "weaknesses fyre 5"),
    lambda c: setattr(c, "name", " "),
])
def test_save_never_writes_what_load_would_refuse(data, spoil):
    enc = Encounter("pf2e", "Ambush")
    cid = enc.add(get_system("pf2e").new_creature("Goblin", hp=6))
    path = saves.save(enc)
    before = path.read_bytes()
    spoil(enc.creature(cid))  # past every way in: only a bug (or a plugin) could do this
    with pytest.raises(SaveError, match="not saved"):
        saves.save(enc)
    with pytest.raises(SaveError, match="not saved"):
        saves.autosave(enc)
    assert path.read_bytes() == before and not saves.autosave_path().exists()


def test_every_write_of_the_suite_is_checked_whole_ledger_included(data):
    """tests/conftest.py: in the suite, save checks what it writes as load does, every step."""
    assert os.environ.get(CHECK_WRITES) == "all"
    enc = Encounter("pf2e", "Ambush")
    cid = enc.add(get_system("pf2e").new_creature("Goblin", hp=6))
    enc.apply_damage([cid], "2 fire")
    # a step no rule could have made: the test writes into a recorded change
    enc.log[-1].changes[0].after["hp"] = 10**30  # type: ignore[index]
    with pytest.raises(SaveError, match="not saved") as caught:
        saves.save(enc)
    assert caught.value.field == "ledger[1].changes[0].after.hp"
    assert not any(data.glob("*.toml"))


# --- item 3: library templates ----------------------------------------------------------------

GOOD = {"name": "Goblin", "pc": False, "traits": ["living"], "defenses": "", "hp": 6, "max_hp": 6,
        "conditions": [], "persistent": [], "temp_immunities": []}
BANDIT = {"name": "Bandit", "pc": False, "traits": ["living"], "defenses": "", "max_hp": 4,
          "major": 6, "severe": 11, "armor": 2, "stress": 3, "conditions": [], "persistent": [],
          "temp_immunities": []}
BAD_TEMPLATES = [
    ("pf2e", {**GOOD, "defenses": "weaknesses fyre 5"}, "did you mean 'fire'", "creatures[0].defenses"),
    ("daggerheart", {**BANDIT, "max_hp": 10**12}, "at most 99", "creatures[0].max_hp"),
    ("pf2e", {**GOOD, "max_hp": 10**12, "hp": 10**12}, "at most 1,000,000", "creatures[0].hp"),
    ("pf2e", {key: v for key, v in GOOD.items() if key != "name"}, "is missing", "creatures[0].name"),
    ("pf2e", {**GOOD, "name": "  "}, "must be a name", "creatures[0].name"),
    ("pf2e", {**GOOD, "hp": -3}, "0 or more", "creatures[0].hp"),
    ("daggerheart", {**BANDIT, "severe": 5}, "must be Major (6) or more, not 5", "creatures[0].severe"),
    ("pf2e", {**GOOD, "stress": 3}, "is a field of another system: pf2e creatures have", "creatures[0].stress"),
    ("pf2e", {**{k: v for k, v in GOOD.items() if k not in ("hp", "max_hp")}, "vitality": 20,
              "max_vitality": 20}, "is a field of another system: pf2e creatures have", "creatures[0].vitality"),
    ("pf2e", {**GOOD, "init_mod": 10**20}, "init_mod", "creatures[0].init_mod"),
]


def _library_file(path: Path, system: str, *templates: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = {"format": 1, "library": {"system": system}, "creatures": list(templates)}
    path.write_text(tomli_w.dumps(doc), "utf-8")
    return path


@pytest.mark.parametrize(("system", "template", "words", "field"), BAD_TEMPLATES)
def test_a_bad_template_is_refused_at_import_naming_it(tmp_path, system, template, words, field):
    good = GOOD if system == "pf2e" else BANDIT
    shared = _library_file(tmp_path / "shared.toml", system, {**good, "name": "Fine"}, template)
    with pytest.raises(SaveError) as caught:
        library.import_file(shared)
    error = caught.value
    assert words in str(error) and error.field == field.replace("[0]", "[1]")
    assert library.names(system) == []              # nothing of the file went in


@pytest.mark.parametrize(("system", "template", "words", "field"), BAD_TEMPLATES)
def test_the_same_creature_in_a_save_is_refused_at_load(data, system, template, words, field):
    enc = Encounter(system, "Ambush")
    track: dict[str, Any] = {"hp": 6} if system == "pf2e" else {}
    enc.add(get_system(system).new_creature("Fine", **track))
    path = saves.save(enc)
    text = path.read_text("utf-8")
    import tomllib

    doc = tomllib.loads(text)
    doc["creatures"][0] = {"id": "c1", **template, "initiative": 0, "seq": 1}
    doc["ledger"] = []
    doc["end"]["ledger"] = 0
    path.write_text(tomli_w.dumps(doc), "utf-8")
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    assert words in str(caught.value) and caught.value.field == field


@pytest.mark.parametrize(("system", "template", "words", "field"), BAD_TEMPLATES)
def test_an_old_bad_library_file_is_read_without_its_bad_template(system, template, words, field):
    good = {**(GOOD if system == "pf2e" else BANDIT), "name": "Fine"}
    path = _library_file(library.path_of(system), system, template, good)
    raw = path.read_bytes()
    assert library.names(system) == ["Fine"]          # the bestiary opens: B never crashes
    assert library.get(system, "Fine").name == "Fine"
    problems = library.problems(system)
    assert len(problems) == 1 and words in str(problems[0].error)
    assert problems[0].error.field == field and problems[0].error.path == path
    assert path.read_bytes() == raw                   # reading changes nothing
    rules = get_system(system)
    track: dict[str, Any] = {"hp": 5} if system == "pf2e" else {}
    library.add(system, rules.new_creature("Other", **track))
    assert library.names(system) == ["Fine", "Other"]
    assert len(library.problems(system)) == 1         # the bad one is kept, as it was, to fix


def test_library_add_refuses_a_creature_a_read_would_refuse():
    goblin = get_system("pf2e").new_creature("Goblin", hp=6)
    goblin.defenses = "weaknesses fyre 5"
    with pytest.raises(SaveError, match="did you mean"):
        library.add("pf2e", goblin)
    assert library.names("pf2e") == []
