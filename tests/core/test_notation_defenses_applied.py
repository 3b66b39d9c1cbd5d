"""What mutation testing left alive in core/notation/defenses.py: an entry's
words long and short, which entry applies (the highest value, precision apart, exceptions that
need every word they join), and the immunities that remove a whole attack."""

from __future__ import annotations

from core.notation import parse_defenses
from core.notation.defenses import DefenseEntry, Defenses, applicable, excepted
from core.text import i18n

QUALIFIED = DefenseEntry("resistance", "physical", 10, frozenset({"magical+silver", "adamantine"}), True)


def test_an_entry_reads_in_full_and_in_a_table_cell():
    assert QUALIFIED.make_text() == "resistance non-magical physical 10 (except adamantine, magical silver)"
    assert QUALIFIED.describe() == QUALIFIED.make_text()      # no text kept: built from the fields
    assert QUALIFIED.short() == "res non-magical physical 10 (exc. adamantine,magical+silver)"
    assert DefenseEntry("immunity", "critical-hits").make_text() == "immunity critical hits"
    assert DefenseEntry("immunity", "nonlethal").make_text() == "immunity nonlethal attacks"
    assert DefenseEntry("immunity", "persistent").make_text() == "immunity persistent damage"
    assert DefenseEntry("weakness", "fire", 5).short() == "weak fire 5"
    assert DefenseEntry("vulnerability", "silver").short() == "vuln silver"
    assert DefenseEntry("immunity", "fire").short() == "imm fire"


def test_damage_reduction_is_short_as_dr_in_english_and_the_glossarys_term_in_japanese():
    entry = parse_defenses("DR 10/silver", "d20-3e").resistances[0]
    assert entry.short() == "DR 10/silver"
    i18n.set_language("ja")
    try:
        assert entry.short() == "ダメージ減少10/銀"       # the glossary's term and bypass
        assert entry.describe() == "ダメージ減少10/銀"
    finally:
        i18n.set_language("en")


def test_a_line_lists_its_entries_then_its_effect_immunities():
    line = parse_defenses("immunities death effects, paralyzed, fire", "pf2e")
    assert line.describe() == ["immunity fire",
                               "immunity death effects (an attack with the death trait deals nothing)",
                               "immunity paralyzed (effect, shown only)"]
    assert line.short() == "imm fire, imm death effects, imm paralyzed"
    assert Defenses().short() == "—"
    i18n.set_language("ja")
    try:
        assert line.short() == "完全耐性［火炎］、即死への完全耐性、麻痺への完全耐性"
    finally:
        i18n.set_language("en")


def test_a_joined_exception_needs_every_word_it_joins():
    assert not excepted(frozenset({"magical+silver"}), frozenset({"magical"}))
    assert excepted(frozenset({"magical+silver"}), frozenset({"magical", "silver"}))
    assert excepted(frozenset({"silver"}), frozenset({"silver", "fire"}))
    assert not excepted(frozenset(), frozenset({"silver"}))


def test_a_non_magical_entry_spares_a_magical_part():
    entry = DefenseEntry("resistance", "physical", 5, non_magical=True)
    assert entry.matches(frozenset({"physical"}))
    assert not entry.matches(frozenset({"physical", "magical"}))
    assert not entry.matches(frozenset({"fire"}))


LINE = parse_defenses("immunities critical hits (except magical), fire; weaknesses fire 5, fire 10, "
                      "precision 3; resistances physical 5, physical 8 (except silver), precision 2", "pf2e")


def test_the_highest_entry_applies_and_precision_apart():
    fire = applicable(LINE, frozenset({"fire", "all"}))
    assert fire.immunity is not None and fire.weakness is not None
    assert fire.precision_weakness is not None and fire.precision_resistance is not None
    assert (fire.immunity.selector, fire.weakness.value, fire.precision_weakness.value) == ("fire", 10, 3)
    assert fire.resistance is None and fire.vulnerability is None
    assert fire.precision_resistance.value == 2
    slashing = applicable(LINE, frozenset({"slashing", "physical", "all"}))
    assert slashing.resistance is not None
    assert (slashing.immunity, slashing.weakness, slashing.resistance.value) == (None, None, 8)
    silver = applicable(LINE, frozenset({"slashing", "physical", "all", "silver"}))
    assert silver.resistance is not None
    assert silver.resistance.value == 5
    assert applicable(LINE, frozenset({"fire", "all"})) is fire     # looked up once


def test_a_special_immunity_applies_unless_a_part_is_excepted():
    crit = LINE.special_immunity("critical-hits", [frozenset({"fire"})])
    assert crit is not None and crit.selector == "critical-hits"
    assert LINE.special_immunity("critical-hits", [frozenset({"fire"}), frozenset({"magical"})]) is None
    assert LINE.has_immunity("fire") and not LINE.has_immunity("cold")


def test_an_effect_immunity_removes_only_an_attack_with_its_trait():
    line = parse_defenses("immunities death effects", "pf2e")
    death = line.effect_immunity(frozenset({"death"}), [frozenset()])
    assert death is not None and death.selector == "death"
    assert line.effect_immunity(frozenset(), [frozenset()]) is None
    assert line.effect_immunity(frozenset({"poison"}), [frozenset()]) is None
    assert LINE.effect_immunity(frozenset({"death"}), [frozenset()]) is None


def test_a_vulnerability_applies_to_its_selector():
    line = parse_defenses("vulnerable silver", "vitality-wounds")
    silver = applicable(line, frozenset({"silver"})).vulnerability
    assert silver is not None and silver.selector == "silver"
    assert applicable(line, frozenset({"fire"})).vulnerability is None


def test_an_effect_written_in_the_singular_names_the_same_trait():
    line = parse_defenses("immunities death effect", "pf2e")
    assert [e.selector for e in line.effect_traits] == ["death"]
    assert line.describe() == ["immunity death effect (an attack with the death trait deals nothing)"]


def test_the_entries_that_apply_are_looked_up_once_per_kind_of_damage():
    line = parse_defenses("resistances fire 5", "pf2e")
    first = applicable(line, frozenset({"fire"}))
    assert applicable(line, frozenset({"fire"})) is first      # the second lookup is the first's answer
    assert first.resistance is line.resistances[0]
