"""What mutation testing left alive in core/creature/model.py: each saved line and
table read back, the field a bad one names, what a save leaves out, a clone's own containers,
and a roll's words and total (on-crit parts, persistent parts, a total rolled at the table)."""

from __future__ import annotations

import pytest

from core.creature.model import (
    Attack,
    Breakdown,
    Creature,
    Outcome,
    PersistentDamage,
    Roll,
    RolledPart,
    TemporaryImmunity,
    as_attack,
    as_attacks,
    printed_numbers,
)
from core.notation import parse_damage
from core.text.errors import StateError


def _state_error(call, *args) -> StateError:
    with pytest.raises(StateError) as caught:
        call(*args)
    return caught.value


def test_a_persistent_condition_reads_and_saves_every_field():
    plain = PersistentDamage("1d6 bleed", "bleed")
    assert (plain.average, plain.label, plain.to_state()) == (3.5, "1d6 bleed", "1d6 bleed | factor 1 | end")
    full = PersistentDamage("2d6 fire", "fire", 2.0, 3, "12 failed", True, "start")
    assert (full.average, full.label) == (14.0, "2d6 fire ×2")
    assert full.to_state() == "2d6 fire | factor 2 | start | rounds 3 | last 12 failed | pending"
    assert PersistentDamage.from_state(full.to_state(), "w") == full
    assert PersistentDamage("1d6 bleed", "bleed", 0.5).label == "1d6 bleed ×0.5"
    assert PersistentDamage("1d6 bleed", "bleed", 1.5).to_state() == "1d6 bleed | factor 1.5 | end"
    assert PersistentDamage("1d6 bleed", "bleed", rounds_left=0).to_state() == "1d6 bleed | factor 1 | end | rounds 0"


@pytest.mark.parametrize("line,message", [
    ("", "w must be a line like '1d6 bleed | factor 1 | end', not ''"),
    (5, "w must be a line like '1d6 bleed | factor 1 | end', not 5"),
    ("1d6", "w must be an amount and a type, like '1d6 bleed', not '1d6'"),
    ("x bleed", "w must be an amount of dice, not 'x': unexpected 'x' in dice expression (at position 1)"),
    ("1d6 bleed | colour red", "w must have the fields factor N, start|end, rounds N, last TEXT, pending "
     "(unknown field 'colour red')"),
    ("1d6 bleed | rounds x", "w must have the fields factor N, start|end, rounds N, last TEXT, pending "
     "(invalid literal for int() with base 10: 'x')"),
])
def test_a_bad_persistent_line_is_refused_in_words(line, message):
    assert str(_state_error(PersistentDamage.from_state, line, "w")) == message


@pytest.mark.parametrize("line", [" | until round 4", "b | until round x", "b | until turn 4",
                                  "b | until round 4 x", 5])
def test_a_bad_immunity_line_is_refused(line):
    assert _state_error(TemporaryImmunity.from_state, line, "w").field == "w"


def test_an_immunity_line_reads_back():
    assert TemporaryImmunity("blind", 4).to_state() == "blind | until round 4"
    assert TemporaryImmunity.from_state("blind | until round 4", "w") == TemporaryImmunity("blind", 4)


def test_an_attack_saves_what_was_printed_and_reads_back():
    attack = Attack("claw", "1d6", 5, ("agile", "ranged"), "Grab")
    assert attack.ranged and not Attack("c", "1d4").ranged
    assert attack.to_state() == {"label": "claw", "damage": "1d6", "bonus": 5, "traits": ["agile", "ranged"],
                                 "note": "Grab"}
    assert Attack("c", "1d4").to_state() == {"label": "c", "damage": "1d4"}
    assert Attack("c", "1d4", 0).to_state() == {"label": "c", "damage": "1d4", "bonus": 0}
    assert Attack.from_state(attack.to_state(), "w") == attack


@pytest.mark.parametrize("table,field,message", [
    ({"label": "a"}, "w.damage", "is missing"),
    ({"label": "a", "damage": "x", "bonus": True}, "w.bonus", "must be a whole number, not True"),
    ({"label": "a", "damage": "x", "bonus": 1.5}, "w.bonus", "must be a whole number, not 1.5"),
    ({"label": "a", "damage": "x", "traits": ["a", 1]}, "w.traits[1]", "must be text, not 1"),
    (5, "w", "must be a table, not 5"),
])
def test_a_bad_attack_table_names_its_field(table, field, message):
    error = _state_error(Attack.from_state, table, "w")
    assert (error.field, error.message) == (field, message)


def test_attacks_and_numbers_as_given_to_new_creature():
    assert as_attack(("a", "b", 1, "agile, finesse")) == Attack("a", "b", 1, ("agile", "finesse"))
    assert as_attacks([("a", "b")]) == [Attack("a", "b")]
    assert printed_numbers(None) == {} and printed_numbers({"ac": 1}) == {"ac": 1}
    for call, value, message in (
            (as_attack, 5, "an attack is (label, damage[, bonus, traits]), not 5"),
            (as_attack, ("a",), "an attack is (label, damage[, bonus, traits]), not ('a',)"),
            (printed_numbers, [1], "numbers must be a dict such as {'ac': 17}, not [1]"),
            (as_attacks, "abc", "attacks are a list of (label, damage[, bonus, traits]), not 'abc'"),
            (as_attacks, {"a": 1}, "attacks are a list of (label, damage[, bonus, traits]), not {'a': 1}"),
            (as_attacks, 5, "attacks are a list of (label, damage[, bonus, traits]), not 5")):
        with pytest.raises(ValueError) as caught:
            call(value)
        assert str(caught.value) == message


def test_a_creature_saves_only_what_is_set_and_reads_back():
    goblin = Creature("Gob", hp=5, max_hp=6, conditions={"frightened"}, init_mod=2, numbers={"ac": 3},
                      horde="1d4 physical", hidden=True, statblock="x", recovery_check="pending",
                      attacks=[Attack("claw", "1d6")], condition_values={"frightened": 1},
                      condition_durations={"frightened": 2})
    state = goblin.to_state()
    assert state == {"name": "Gob", "pc": False, "traits": ["living"], "defenses": "", "hp": 5, "max_hp": 6,
                     "conditions": ["frightened"], "persistent": [], "temp_immunities": [], "init_mod": 2,
                     "condition_values": {"frightened": 1}, "condition_durations": {"frightened": 2},
                     "recovery_check": "pending", "statblock": "x", "attacks": [{"label": "claw", "damage": "1d6"}],
                     "hidden": True, "numbers": {"ac": 3}, "horde": "1d4 physical"}
    assert Creature.from_state(state).to_state() == state
    assert Creature("A").to_state() == {"name": "A", "pc": False, "traits": ["living"], "defenses": "",
                                        "conditions": [], "persistent": [], "temp_immunities": []}
    bare = Creature.from_state({"name": "A", "traits": []})
    assert (bare.traits, bare.hp, bare.temp_hp, bare.kind, bare.pc, bare.hidden) == \
        (frozenset({"living"}), None, 0, "living", False, False)


@pytest.mark.parametrize("state,where,field", [
    ({"name": "A", "hp": True}, "creature", "creature.hp"),
    ({"name": "A", "condition_values": {"x": "y"}}, "creature", "creature.condition_values.x"),
    ({"name": "A", "condition_durations": {"x": 1.5}}, "creature", "creature.condition_durations.x"),
    ({"name": "A", "persistent": ["x"]}, "creature", "creature.persistent[0]"),
    ({"name": "A", "temp_immunities": ["x"]}, "c[2]", "c[2].temp_immunities[0]"),
    ({"name": "A", "attacks": [{}]}, "c[2]", "c[2].attacks[0].label"),
    ({"name": "A", "conditions": ["a", 2]}, "c[2]", "c[2].conditions[1]"),
])
def test_a_bad_creature_field_is_named(state, where, field):
    assert _state_error(Creature.from_state, state, where).field == field


def test_a_clone_has_its_own_containers_and_a_kind_is_read_from_the_traits():
    goblin = Creature("Gob", hp=5, conditions={"frightened"}, numbers={"ac": 3})
    copy = goblin.clone()
    copy.conditions.add("prone")
    copy.numbers["ac"] = 9
    assert (goblin.conditions, goblin.numbers, copy.hp) == ({"frightened"}, {"ac": 3}, 5)
    assert Creature("a", traits=frozenset({"construct", "undead"})).kind == "undead"
    assert Creature("a", traits=frozenset({"bloodless"})).kind == "bloodless"
    assert Creature("a", traits=frozenset({"construct"})).kind == "construct"


def test_a_roll_reads_each_part_and_totals_what_deals_damage_now():
    damage = parse_damage("2d6 fire, 1d6 bleed, 1d6 cold on-crit, water", "pf2e")
    fire, bleed, cold, water = damage.parts
    hits = ((RolledPart(fire, 7, (3, 4), 14, (3, 4, 2, 5)), RolledPart(bleed, 3, (3,)),
             RolledPart(cold, 4, (4,), 8, (4, 4)), RolledPart(water, 0)),)
    normal, critical = Roll((damage,), hits), Roll((damage,), hits, 2)
    assert normal.text == ("2d6 fire (3, 4) = 7, 1d6 persistent bleed (a condition, rolled at each tick), "
                           "1d6 cold on-crit (4) = 4, water")
    assert normal.total == 7
    assert critical.text.startswith("2d6 fire (3, 4, 2, 5) = 14")
    assert critical.total == 22
    assert (hits[0][0].dice_count, hits[0][3].dice_count) == (2, 0)


def test_a_total_rolled_at_the_table_adds_the_apps_dice_on_a_critical():
    part = parse_damage("2d6=9 fire", "pf2e").parts[0]
    assert RolledPart(part, 9, (), 15, (2, 4)).describe(True) == \
        "2d6=9 fire rolled at the table + the app's roll (2, 4) 6 = 15"
    assert RolledPart(part, 9, (), 15, (2, 4)).describe() == "2d6=9 fire = 9"
    assert RolledPart(part, 9, (), 15, ()).describe(True) == "2d6=9 fire = 15"


def test_a_breakdown_keeps_known_steps_in_order():
    steps = Breakdown()
    steps.add("roll", "a")
    steps.add("note", "b")
    assert steps.lines() == ("a", "b")
    with pytest.raises(ValueError, match="unknown breakdown step kind 'zzz'; known: roll, floor"):
        steps.add("zzz", "c")
    outcome = Outcome("t", 3, tuple(steps.records))
    assert (outcome.steps, str(outcome)) == (("a", "b"), "a\nb")
