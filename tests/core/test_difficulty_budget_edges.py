"""The edges of the threat as built (RULES §10 "Encounter difficulty"): what the header adds
after the band, the band's words in both languages, the highest party level, a threat with
no party level, and an Encounter Level of nothing."""

from __future__ import annotations

import pytest

from core import get_system
from core.table.difficulty import (
    MAX_PARTY_LEVEL,
    THREATS,
    difficulty,
    party_level_checked,
    threat_word,
)

PF2 = get_system("pf2e")
D20 = get_system("d20-3e")


def test_the_header_counts_the_adversaries_left_uncounted():
    # no PC: 4 assumed; a level 1 foe against party level 1 is 40 XP, the trivial budget 4 × 10
    foes = [PF2.new_creature("Goblin", hp=6, numbers={"level": 1}), PF2.new_creature("Shade", hp=6)]
    found = difficulty("pf2e", foes, party_level=1)
    assert (found.spent, found.budget, found.uncounted) == (40, 4 * 10, ("Shade",))
    assert found.text() == "Trivial 40/40 XP · 1 uncounted · 4 PCs assumed"


def test_each_band_has_its_words():
    assert [threat_word(band) for band, _ in THREATS] == ["Trivial", "Low", "Moderate", "Severe", "Extreme"]


def test_each_band_has_its_japanese_words(japanese):
    # the threat bands of the catalogue's "threat" context (not Daggerheart's Severe threshold)
    assert [threat_word(band) for band, _ in THREATS] == ["些細", "低", "中程度", "深刻", "極限"]


def test_the_highest_party_level_is_accepted_and_one_more_refused():
    assert party_level_checked(MAX_PARTY_LEVEL) == MAX_PARTY_LEVEL
    with pytest.raises(ValueError, match="from 1 to 30"):
        party_level_checked(MAX_PARTY_LEVEL + 1)


@pytest.mark.parametrize(("system", "rules"), [("pf2e", PF2), ("d20-3e", D20)])
def test_with_no_party_level_the_threat_asks_for_one_and_keeps_its_system(system, rules):
    found = difficulty(system, [rules.new_creature("Foe", hp=6)], party_level=0)
    assert (found.system, found.label, found.assumed, found.party) == (system, "", True, 4)
    assert found.text() == "threat: party level? (ctrl+p Party level)"


def test_an_encounter_level_of_no_rated_creature_is_0():
    found = difficulty("d20-3e", [D20.new_creature("Orc", hp=6)], party_level=5)
    assert (found.label, found.spent, found.standing, found.uncounted) == ("EL 0", 0, 0, ("Orc",))


def test_a_defeated_creature_is_spent_but_not_standing():
    ogre = D20.new_creature("Ogre", hp=6)
    ogre.cr = "2"
    ogre.conditions.add("dead")
    found = difficulty("d20-3e", [ogre], party_level=5)
    # one CR 2: 2 × log2(2^(2/2)) = 2; nothing standing: 0
    assert (found.spent, found.standing) == (2, 0)
