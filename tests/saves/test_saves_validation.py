"""A damaged or hand-edited file is refused on load, naming the field."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w

import saves
from core import Encounter, get_system
from saves import SaveError

Edit = Callable[[dict[str, Any]], object]


def _edited(path: Path, edit: Edit) -> Path:
    doc = tomllib.loads(path.read_text("utf-8"))
    edit(doc)
    path.write_text(tomli_w.dumps(doc), "utf-8")
    return path


def _first(doc: dict[str, Any]) -> dict[str, Any]:
    creature: dict[str, Any] = doc["creatures"][0]
    return creature


def _set_change(doc: dict[str, Any], **after: Any) -> None:
    doc["ledger"][-1]["changes"][0]["after"].update(after)


# (what the GM typed, the edit, the field the error names)
BAD_EDITS: list[tuple[str, Edit, str]] = [
    ("defense typo", lambda d: _first(d).update(defenses="weaknesess fire 5"), "creatures[0].defenses"),
    ("factor inf", lambda d: _first(d).update(persistent=["1d6 bleed | factor inf | end"]),
     "creatures[0].persistent[0]"),
    ("factor nan", lambda d: _first(d).update(persistent=["1d6 bleed | factor nan | end"]),
     "creatures[0].persistent[0]"),
    ("unknown persistent word", lambda d: _first(d).update(persistent=["1d6 blead | factor 1 | end"]),
     "creatures[0].persistent[0]"),
    ("negative hp", lambda d: _first(d).update(hp=-3), "creatures[0].hp"),
    ("hp above max", lambda d: _first(d).update(hp=99), "creatures[0].hp"),
    ("no track", lambda d: (_first(d).pop("hp"), _first(d).pop("max_hp")), "creatures[0]"),
    ("beyond 64 bits", lambda d: _first(d).update(max_hp=2**70), "creatures[0].max_hp"),
    ("unknown setting", lambda d: d["settings"].update(crit_mod="double"), "settings.crit_mod"),
    ("setting of the wrong type", lambda d: d["settings"].update(massive_damage="yes"),
     "settings.massive_damage"),
    ("change names a missing creature", lambda d: d["ledger"][-1]["changes"][0].update(id="c99"),
     "ledger[3].changes[0].id"),
    ("wrong type inside a change", lambda d: _set_change(d, hp="lots"), "ledger[3].changes[0].after.hp"),
    ("unknown meta set as an attribute", lambda d: d["ledger"][-1].update(
        meta_before={"rules": 1}, meta_after={"rules": 2}), "ledger[3].meta_before.rules"),
    ("meta of the wrong type", lambda d: d["ledger"][-1].update(
        meta_before={"turn": 0}, meta_after={"turn": "x"}), "ledger[3].meta_after.turn"),
    ("detail not text", lambda d: d["ledger"][-1].update(details=[1]), "ledger[3].details[0]"),
    ("round 0", lambda d: d["encounter"].update(round=0), "encounter.round"),
    ("turn outside", lambda d: d["encounter"].update(turn=3), "encounter.turn"),
]


@pytest.mark.parametrize(("edit", "field"), [(e, f) for _, e, f in BAD_EDITS],
                         ids=[name for name, _, _ in BAD_EDITS])
def test_a_bad_field_is_refused_naming_file_and_field(make_enc, edit: Edit, field: str) -> None:
    path = saves.save(make_enc())
    _edited(path, edit)
    raw = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    assert caught.value.path == path and caught.value.field == field
    assert str(path) in str(caught.value) and "fix that field" in str(caught.value)
    assert path.read_bytes() == raw


def test_daggerheart_severe_below_major_is_refused() -> None:
    enc = Encounter("daggerheart", "Ambush")
    enc.add(get_system("daggerheart").new_creature("Bandit", hp=6, major=7, severe=14))
    path = saves.save(enc)
    _edited(path, lambda d: _first(d).update(severe=3))
    with pytest.raises(SaveError, match=r"must be Major \(\d+\) or more") as caught:
        saves.load(path)
    assert caught.value.field == "creatures[0].severe"


def test_d20_hp_may_be_negative_and_redo_refs_are_checked(make_enc) -> None:
    enc = make_enc(system="d20-3e")
    enc.apply_damage([enc.order[0]], "25")
    enc.undo()
    path = saves.save(enc)
    _edited(path, lambda d: _first(d).update(hp=-5))
    assert saves.load(path).creature(enc.order[0]).hp == -5
    _edited(path, lambda d: d["redo"][0]["changes"][0].update(id="c42"))
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    assert caught.value.field == "redo[0].changes[0].id"


def test_every_valid_step_still_undoes_and_redoes(make_enc, mutate) -> None:
    enc = make_enc()
    mutate(enc)
    enc.remove(enc.order[0])
    enc.next_turn()
    enc.undo()
    loaded = saves.load(saves.save(enc))
    while loaded.undo():
        pass
    while loaded.redo():
        pass
    assert loaded.to_data()["creatures"] == enc.to_data()["creatures"]


@pytest.mark.parametrize("text", ["format = 1\nx = " + "9" * 4301 + "\n",
                                  "format = 1\nx = " + "[" * 3000 + "]" * 3000 + "\n"],
                         ids=["4301 digits", "3000 brackets"])
def test_a_pathological_file_is_a_save_error_and_the_others_still_list(make_enc, data: Path,
                                                                         text: str) -> None:
    saves.save(make_enc())
    bad = data / "weird.toml"
    bad.write_text(text, "utf-8")
    with pytest.raises(SaveError) as caught:
        saves.load(bad)
    assert caught.value.path == bad
    entries = {entry.path.name: entry for entry in saves.list_saves()}
    assert entries["ambush.toml"].ok
    assert not entries["weird.toml"].ok


def test_a_refusal_says_the_field_in_the_gms_words_first(make_enc) -> None:
    """Play report 2, S7-1: ``field creatures[0].hp:…`` was all a notice line showed."""
    path = saves.save(make_enc(creatures=1))
    _edited(path, lambda d: _first(d).update(hp="lots"))
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    error = caught.value
    assert error.gist == "creature 1 (Goblin 1) hp must be a whole number"
    # the whole reason: the value found, the field as written in the file, what to do
    assert error.reason.startswith("creature 1 (Goblin 1) hp must be a whole number, not 'lots'")
    assert "creatures[0].hp" in error.reason and "restore the .bak copy" in error.reason
    assert error.field == "creatures[0].hp" and str(path) in str(error)


def test_a_refusal_outside_the_creatures_keeps_the_field_as_written(make_enc) -> None:
    path = saves.save(make_enc())
    _edited(path, lambda d: d["encounter"].update(round="two"))
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    assert caught.value.gist == "encounter.round must be a whole number"


@pytest.mark.parametrize(("edit", "gist"), [
    (lambda d: _first(d).update(hp=-3), "creature 1 (Goblin 1) hp must be 0 or more"),
    (lambda d: _first(d).pop("name"), "creature 1 name is missing"),
    (lambda d: d["encounter"].update(round=0), "encounter.round must be 1 or more"),
], ids=["negative", "missing", "round 0"])
def test_a_refusal_gist_reads_as_a_sentence(make_enc, edit: Edit, gist: str) -> None:
    path = saves.save(make_enc(creatures=1))
    _edited(path, edit)
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    assert caught.value.gist == gist
