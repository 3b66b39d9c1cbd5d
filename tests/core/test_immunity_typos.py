"""An immunity word that is not a known type, material, trait, effect or
condition is a "did you mean" ParseError with its position, as damage words are
(``immunities fyre`` was kept as an effect, shown only, and did nothing)."""

from __future__ import annotations

import pytest

from core.notation import parse_defenses
from core.text.errors import ParseError


@pytest.mark.parametrize("system", ["pf2e", "sf2e", "vitality-wounds", "d20-3e"])
def test_a_typo_in_an_immunity_is_an_error_with_its_position(system):
    with pytest.raises(ParseError) as caught:
        parse_defenses("immunities poison, fyre", system)
    assert "did you mean 'fire'" in caught.value.message
    assert caught.value.position == len("immunities poison, ")


def test_an_unknown_word_without_a_close_one_is_still_an_error():
    with pytest.raises(ParseError, match="unknown immunity 'qwzx'"):
        parse_defenses("immunities qwzx", "pf2e")


@pytest.mark.parametrize("line", [
    "immunities death effects, disease, paralyzed, poison, unconscious",
    "Immunities bleed, death effects, disease, doomed, drained, fatigued, healing, mental, "
    "necromancy, nonlethal attacks, paralyzed, poison, sickened, unconscious",
    "immunities death effects, paralyzed, swarm mind",
    "immunities fear effects, sleep, emotion, olfactory, visual, controlled, frightened",
    "immunities critical hits, precision, persistent damage, object immunities",
])
def test_stat_block_immunities_are_known(line):
    parse_defenses(line, "pf2e")


@pytest.mark.parametrize("line", [
    "immunities mind-affecting effects, sleep, paralysis, stunning, poison, disease, critical hits",
    "immunities death effects, necromancy effects, energy drain, ability damage, ability drain",
    "immunities subdual damage, polymorph, petrification, fatigue, exhaustion, fear",
])
def test_d20_immunities_are_known(line):
    parse_defenses(line, "d20-3e")


def test_the_kept_effect_immunities_are_shown():
    described = parse_defenses("immunities death effects, paralyzed, swarm mind", "pf2e").describe()
    assert "immunity swarm mind (effect, shown only)" in described


def test_another_systems_damage_type_is_a_known_immunity():
    assert "immunity fire (effect, shown only)" in parse_defenses("immune fire", "daggerheart").describe()
    with pytest.raises(ParseError, match="did you mean 'fire'"):
        parse_defenses("immune fyre", "daggerheart")
