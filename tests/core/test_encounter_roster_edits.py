"""What mutation testing left alive in core/encounter/roster.py: each edit the
roster refuses, in its words and with nothing changed; hiding, renaming and settings in the log."""

from __future__ import annotations

import pytest
from core_support import Stats, refused

from core import Encounter


def _ambush(system: str = "pf2e") -> tuple[Encounter, str, str]:
    enc = Encounter(system, "Ambush")
    stats: Stats = {"vitality": 20, "wounds": 10} if system == "vitality-wounds" else {"hp": 15}
    goblin = enc.add(enc.rules.new_creature("Goblin", **stats), initiative=12)
    orc = enc.add(enc.rules.new_creature("Orc", **stats), initiative=10)
    return enc, goblin, orc


@pytest.mark.parametrize("fields,message", [
    ({"now_hp": -1}, "hp cannot be negative"),
    ({"now_temp_hp": -3}, "temp_hp cannot be negative"),
    ({"now_hp": True}, "hp must be a whole number, not True"),
    ({"now_hp": "5"}, "hp must be a whole number, not '5'"),
    ({"now_hp": 1_000_001}, "hp must be at most 1,000,000, not 1,000,001"),
    ({"now_hp": -1_000_001}, "hp must be at most 1,000,000, not -1,000,001"),
    ({"now_vitality": 3}, "'vitality' cannot be set on Goblin"),
    ({"now_colour": 3}, "cannot edit 'now_colour'"),
    ({"colour": 3}, "cannot edit 'colour'"),
    ({"name": "  "}, "a creature needs a name"),
    ({"name": 3}, "a creature needs a name"),
])
def test_an_edit_the_roster_refuses_says_why_and_changes_nothing(fields, message):
    enc, goblin, _ = _ambush()
    assert refused(enc.update, goblin, **fields) == message
    assert (enc.creature(goblin).hp, enc.creature(goblin).name, len(enc.log)) == (15, "Goblin", 2)


@pytest.mark.parametrize("value", [0, 1_000_000])
def test_a_track_is_set_from_zero_to_the_most(value):
    enc, goblin, _ = _ambush()
    enc.update(goblin, hp=1_000_000)
    assert enc.update(goblin, now_hp=value).hp == value


def test_d20_hp_may_go_below_zero_but_not_past_the_most():
    enc, goblin, _ = _ambush("d20-3e")
    assert enc.update(goblin, now_hp=-5).hp == -5
    assert refused(enc.update, goblin, now_temp_hp=-1) == "temp_hp cannot be negative"
    assert refused(enc.update, goblin, now_hp=-1_000_001) == "hp must be at most 1,000,000, not -1,000,001"


def test_vitality_is_set_where_the_creature_has_it():
    enc, goblin, _ = _ambush("vitality-wounds")
    assert enc.update(goblin, now_vitality=3, now_wounds=4).vitality == 3
    assert enc.creature(goblin).wounds == 4


def test_an_edit_trims_the_name_and_reads_traits_from_words():
    enc, goblin, _ = _ambush()
    new = enc.update(goblin, name="  Boss  ", traits="Undead, Fiend", pc=1)
    assert (new.name, new.traits, new.pc) == ("Boss", frozenset({"undead", "fiend"}), True)
    assert enc.update(goblin, traits=[]).traits == frozenset({"living"})
    assert enc.log[-2].text == "Goblin edited" and enc.log[-1].text == "Boss edited"


def test_a_new_initiative_in_an_edit_takes_its_place_after_its_equals():
    enc, goblin, orc = _ambush()
    enc.update(orc, initiative=12)
    assert enc.order == [goblin, orc]
    enc.update(goblin, initiative=12)          # the same value: nothing moves
    assert enc.order == [goblin, orc]
    enc.update(orc, initiative=20)
    assert enc.order == [orc, goblin] and enc.initiative(orc) == 20


def test_hiding_and_showing_are_one_step_each_in_the_players_words():
    enc, goblin, orc = _ambush()
    event = enc.set_hidden([goblin, orc, goblin], True)
    assert (event.kind, event.text) == ("visibility", "Goblin, Orc hidden from the players")
    assert enc.creature(goblin).hidden and enc.creature(orc).hidden
    # 0 on purpose: a falsy value is stored as the bool False (checked on the next line)
    assert enc.set_hidden(orc, 0).text == "Orc shown to the players"  # type: ignore[arg-type]
    assert enc.creature(orc).hidden is False and enc.creature(goblin).hidden
    enc.undo()
    assert enc.creature(orc).hidden
    assert refused(enc.set_hidden, [], True) == "no creatures to hide or show"


def test_renaming_trims_and_refuses_no_name():
    enc, *_ = _ambush()
    assert enc.rename("  Bridge  ").text == "encounter renamed to Bridge"
    assert enc.name == "Bridge"
    assert refused(enc.rename, "   ") == "an encounter needs a name"
    assert refused(enc.rename, 5) == "an encounter needs a name"
    enc.undo()
    assert enc.name == "Ambush"


def test_a_setting_change_is_said_in_the_gms_words_and_undone():
    enc, *_ = _ambush()
    event = enc.set_setting("skip_defeated", False)
    assert event.kind == "setting" and "=" not in event.text
    assert enc.settings["skip_defeated"] is False
    enc.undo()
    assert enc.settings["skip_defeated"] is True


def test_only_a_creature_joins():
    enc, *_ = _ambush()
    with pytest.raises(TypeError, match=r"add\(\) takes a Creature from rules.new_creature\(\)"):
        enc.add("Goblin")  # type: ignore[arg-type]  # a name, not a Creature: the refusal checked


def test_joining_says_the_initiative_or_the_place():
    enc, *_ = _ambush()
    assert enc.log[0].text == "Goblin joins (initiative 12)"
    spot = Encounter("daggerheart", "Spotlight")
    rules = spot.rules
    spot.add(rules.new_creature("A"))
    assert spot.log[-1].text == "A joins"
    spot.add_many([rules.new_creature("B"), rules.new_creature("C")])
    assert spot.log[-1].text == "B, C join"
    assert refused(spot.add_many, [rules.new_creature("D")], roll=True) == \
        "Daggerheart has no initiative: the GM orders the list (move_in_order)"


def test_creatures_added_together_undo_as_one_and_give_their_ids_back(R):
    enc = Encounter("pf2e", "Ambush")
    rules = enc.rules
    ids = enc.add_many([rules.new_creature(f"Goblin {n}", hp=6) for n in (1, 2)], roll=True, rng=R(4, 9))
    assert ids == ["c1", "c2"] and enc.log[-1].kind == "initiative"
    enc.undo()
    assert enc.creatures == {}
    assert enc.add_many([rules.new_creature("Rat", hp=2)]) == ["c1"]
    assert enc.log[-1].kind == "add"


def test_creatures_added_together_take_their_places_among_later_ones(R):
    enc = Encounter("pf2e", "Ambush")
    rules = enc.rules
    a, b = enc.add_many([rules.new_creature("A", hp=6), rules.new_creature("B", hp=6)])
    c = enc.add(rules.new_creature("C", hp=6))
    assert [entry["seq"] for entry in enc.to_data()["creatures"]] == [1, 2, 3]
    assert enc.roll_initiative(rng=R(1, 2, 3)) == {a: 1, b: 2, c: 3}     # rolled in the order added
