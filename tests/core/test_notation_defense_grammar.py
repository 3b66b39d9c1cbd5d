"""What mutation testing left alive in core/notation/defense_grammar.py: the
caret of each defense-line mistake, the length limit, the words each entry is read into (the
joiners, the filler "to", notes kept unautomated, exceptions joined by "and"), and d20 3.0's
damage reduction."""

from __future__ import annotations

import pytest

from core.dice.expression import MAX_LENGTH
from core.notation import parse_defenses
from core.text.errors import ParseError


def _error(text: object, system: str = "pf2e") -> ParseError:
    with pytest.raises(ParseError) as caught:
        parse_defenses(text, system)  # type: ignore[arg-type]
    return caught.value


@pytest.mark.parametrize("text,system,position", [
    (" resistances fire", "pf2e", 17),
    ("resistances fire 5 (except magic))", "pf2e", 33),
    (" weaknesses 5 ", "pf2e", 12),
    ("resistances ", "pf2e", 11),
    ("resistances fire 5; vulnerable silver", "pf2e", 20),
    ("immunities fire; 5", "pf2e", 17),
    ("resistances fire 5; fyre 5", "pf2e", 20),
    ("x", "d20-3e", 0),
    ("resistances physical 10 (except fyre)", "pf2e", 32),
    ("resistances physical 10 ()", "pf2e", 24),
    ("resistances physical 10 (except )", "pf2e", 24),
    ("resistances physical 10 （silver）", "pf2e", 24),
    ("immunities fire except silver", "pf2e", 16),
    ("immunities paralyzd", "pf2e", 11),
    ("immunities zzzzqq", "pf2e", 11),
    ("resistances 5/fyre", "pf2e", 14),
    ("resistances fyre 5", "pf2e", 12),
    ("resistances fire 5", "daggerheart", 12),
    ("damage reduction 15/+0", "d20-3e", 20),
    ("dr 10/", "d20-3e", 6),
    ("DR 10/fyre", "d20-3e", 6),
    ("fire immunity 10", "d20-3e", 14),
    ("fire resistance", "d20-3e", 0),
])
def test_each_defense_mistake_is_placed_at_its_entry(text, system, position):
    error = _error(text, system)
    assert error.position == position
    assert error.text == text


@pytest.mark.parametrize("text,message", [
    ("immunities paralyzd", "unknown immunity 'paralyzd' — did you mean 'paralyzed'?"),
    ("immunities zzzzqq", "unknown immunity 'zzzzqq': not a damage type, material, trait, effect or condition"),
    ("resistances fyre 5", "unknown damage type or material 'fyre' — did you mean 'fire'?"),
    ("weaknesses 5", "weakness 5 needs a damage type, e.g. 'weakness fire 5'"),
    ("resistances fire", "resistance fire needs a value, e.g. 'fire 5'"),
])
def test_a_typo_names_the_word_it_stands_for(text, message):
    assert _error(text).message == message


def test_a_defense_line_that_is_not_text_is_refused_at_the_start():
    error = _error(5)
    assert (error.position, error.text) == (0, "5")


def test_a_defense_line_at_its_limit_is_read_and_one_longer_is_refused_at_the_limit():
    limit = MAX_LENGTH * 4
    at_limit = "resistances fire 5" + " " * (limit - len("resistances fire 5"))
    assert parse_defenses(at_limit, "pf2e").short() == "res fire 5"
    assert _error(at_limit + " ").position == limit


@pytest.mark.parametrize("text,system,described", [
    ("immunities fire; weaknesses cold 5, and fire 10", "pf2e",
     ["immunity fire", "weakness cold 5", "weakness fire 10"]),
    ("resistances fire 5, or cold 5", "pf2e", ["resistance fire 5", "resistance cold 5"]),
    ("immune to fire", "pf2e", ["immunity fire"]),
    ("vulnerable to silver", "vitality-wounds", ["vulnerability silver"]),
    ("hardness 10; resistances fire 5", "pf2e", ["resistance fire 5", "hardness 10 (not automated)"]),
    ("double damage from fire; resistances fire 5", "pf2e",
     ["resistance fire 5", "double damage from fire (not automated)"]),
    ("resistances fire 5; resistance to critical hits", "pf2e",
     ["resistance fire 5", "resistance to critical hits (not automated)"]),
    ("immune", "daggerheart", ["immunity all"]),
    ("resistance", "daggerheart", ["resistance all"]),
    ("resistances physical 10 (except silver and magic)", "pf2e",
     ["resistance physical 10 (except magical silver)"]),
    ("resistances physical 10 (except force or ghost touch)", "pf2e",
     ["resistance physical 10 (except force, ghost-touch)"]),
    ("resistances physical 10 (except unarmed attacks)", "pf2e",
     ["resistance physical 10", "resistance physical 10: except unarmed attacks (not automated)"]),
    ("immunities death effects", "pf2e",
     ["immunity death effects (an attack with the death trait deals nothing)"]),
    ("immunities paralyzed", "pf2e", ["immunity paralyzed (effect, shown only)"]),
    ("weaknesses 5/silver", "pf2e", ["weakness all 5 (except silver)"]),
    ("resistances 5/-", "pf2e", ["resistance all 5"]),
    ("resistances nonmagical physical 5", "pf2e", ["resistance non-magical physical 5"]),
    ("resistances non magical physical 5", "pf2e", ["resistance non-magical physical 5"]),
    ("weaknesses vampire weaknesses", "pf2e", ["weakness vampire weaknesses (not automated)"]),
    ("immunities fire,, cold", "pf2e", ["immunity fire", "immunity cold"]),
    ("immunities fire ; ; weaknesses cold 5", "pf2e", ["immunity fire", "weakness cold 5"]),
    ("immunities precision damage", "pf2e", ["immunity precision"]),
    ("weaknesses all damage 5", "pf2e", ["weakness all 5"]),
    ("resistances crits 5", "pf2e", ["resistance critical hits 5"]),
])
def test_each_entry_is_read_into_its_words(text, system, described):
    assert parse_defenses(text, system).describe() == described


def test_only_an_unqualified_immunity_is_immune_to_its_selector():
    assert parse_defenses("immunities fire, precision damage", "pf2e").immune_to == {"fire", "precision"}
    assert parse_defenses("immunities non-magical physical", "pf2e").immune_to == frozenset()
    assert parse_defenses("immunities critical hits (except magical)", "pf2e").immune_to == frozenset()
    assert parse_defenses("immunities death effects", "pf2e").effect_traits[0].selector == "death"


@pytest.mark.parametrize("text,described", [
    ("damage reduction 10/silver", ["damage reduction 10/silver"]),
    ("DR 10/magic", ["damage reduction 10/magic"]),
    ("damage reduction 15/+1", ["damage reduction 15/+1"]),
    ("resist 5/-", ["damage reduction 5/-"]),
    ("DR 10/silver and magic", ["damage reduction 10/magic and silver"]),
    ("DR 10/cold iron or good", ["damage reduction 10/cold-iron or good"]),
    ("fire resistance 10", ["resistance fire 10"]),
    ("cold and electricity resistance 10", ["resistance cold 10", "resistance electricity 10"]),
    ("fire immunity", ["immunity fire"]),
    ("resistances all 5", ["damage reduction 5/-"]),
    ("resistances physical 5 (except silver)", ["damage reduction 5/silver (physical only)"]),
    ("resistances slashing 5", ["damage reduction 5/- (slashing only)"]),
    ("resistances fire 5; 10/silver", ["resistance fire 5", "damage reduction 10/silver"]),
    ("resistances energy 5", ["resistance energy 5"]),
    ("resistances non-magical physical 5", ["damage reduction 5/magic (physical only)"]),
])
def test_d20_damage_reduction_reads_as_a_3e_block_prints_it(text, described):
    assert parse_defenses(text, "d20-3e").describe() == described


def test_d20_damage_reduction_keeps_what_bypasses_it():
    entry = parse_defenses("damage reduction 15/+1", "d20-3e").resistances[0]
    assert (entry.selector, entry.value, entry.exceptions) == ("all", 15, frozenset({"magical"}))
    entry = parse_defenses("DR 10/silver and magic", "d20-3e").resistances[0]
    assert entry.exceptions == frozenset({"magical+silver"})
    entry = parse_defenses("DR 10/cold iron or good", "d20-3e").resistances[0]
    assert entry.exceptions == frozenset({"cold-iron", "good"})
    assert parse_defenses("resist 5/-", "d20-3e").resistances[0].exceptions == frozenset()


@pytest.mark.parametrize("text,position", [
    ("弱点［火炎］5；抵抗［物理］", 8),                      # the wiki's layout: the item typed
    ("ｒｅｓｉｓｔａｎｃｅｓ　ｆｙｒｅ　５", 12),          # folded one for one: the same column
    ("resistances fire 5 （ silver）", 19),           # a full-width parenthesis: at it, as an ASCII one
])
def test_a_mistake_in_a_line_typed_in_japanese_is_placed_in_it(text, position):
    error = _error(text)
    assert (error.position, error.text) == (position, text)


def test_a_section_is_named_by_the_wikis_heading_in_japanese(japanese):
    assert "抵抗" in _error("resistances").message
    assert "弱点" in _error("weaknesses 5").message
    assert _error("resistances fire").position == 16


def test_damage_reduction_with_nothing_after_it_is_placed_after_the_words():
    error = _error("damage reduction", "d20-3e")
    assert (error.message, error.position) == ("resistance with nothing after it", 16)


def test_a_daggerheart_resistance_to_an_unknown_word_is_refused_not_kept_as_a_note():
    error = _error("resistances fyre", "daggerheart")
    assert (error.message, error.position) == ("unknown damage type or material 'fyre'", 12)


def test_damage_reduction_bypassed_by_cold_iron_and_good_keeps_cold_iron_one_material():
    """A balor's ``DR 15/cold iron and good``: a part needs cold iron and good, not cold and iron."""
    entry = parse_defenses("DR 15/cold iron and good", "d20-3e").resistances[0]
    assert (entry.exceptions, entry.describe()) == (frozenset({"cold-iron+good"}),
                                                    "damage reduction 15/cold-iron and good")
    assert parse_defenses("DR 10/magical silver", "d20-3e").resistances[0].exceptions == frozenset({"magical+silver"})
