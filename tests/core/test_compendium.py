"""The compendium's API (DESIGN.md "Monsters from the box"): systems, search, get; and a table
of creatures checked by hand against the printed sources."""

from __future__ import annotations

import sys
import time

import pytest

from core import compendium


def test_search_puts_the_exact_name_first_then_prefixes_then_the_fuzzy():
    names = [e.name for e in compendium.search("daggerheart", "jagged knife bandit")]
    assert names[0] == "Jagged Knife Bandit"
    names = [e.name for e in compendium.search("daggerheart", "zom")]
    assert names[0] == "Zombie Pack"                     # the name starts with it
    assert "Rotted Zombie" in names                      # a word of the name starts with it
    assert [e.name for e in compendium.search("daggerheart", "jag kn lack")] == ["Jagged Knife Lackey"]
    assert compendium.search("daggerheart", "bandt")[0].name == "Jagged Knife Bandit"  # a typo


def test_search_keeps_the_limit_and_the_level_filter():
    assert len(compendium.search("daggerheart", "", limit=5)) == 5
    hits = compendium.search("daggerheart", "tier:3", limit=200)
    assert hits and {e.level for e in hits} == {3}
    hits = compendium.search("daggerheart", "tier:2-3 zombie", limit=200)
    assert {e.level for e in hits} <= {2, 3} and all("zombie" in e.name.lower() for e in hits[:1])


@pytest.mark.parametrize("query", ["lvl:x", "tier:1-", "colour:red"])
def test_a_filter_that_is_not_one_is_refused_with_what_to_type(query: str):
    with pytest.raises(ValueError, match=r"lvl:1-3, tier:1, cr:1/2"):
        compendium.search("daggerheart", query)


def test_an_unknown_system_is_refused_naming_the_known_ones():
    with pytest.raises(ValueError, match="daggerheart"):
        compendium.search("gurps", "orc")


def test_get_gives_a_fresh_creature_each_time():
    first = compendium.get("daggerheart", "jagged knife bandit")
    first.hp_marked = 3
    second = compendium.get("daggerheart", "Jagged Knife Bandit")
    assert (second.name, second.hp_marked) == ("Jagged Knife Bandit", 0)


def test_get_of_an_absent_name_names_the_closest():
    with pytest.raises(KeyError, match="Jagged Knife Bandit"):
        compendium.get("daggerheart", "Jaged Knife Bandt")


def test_a_search_takes_less_than_50_ms_a_key():
    for system in compendium.systems():
        compendium.search(system, "x")                  # the file is read once
        start = time.perf_counter()
        for typed in ("g", "go", "gob", "gobl", "gobli", "goblin", "goblin w", "zzqx"):
            compendium.search(system, typed)
        assert (time.perf_counter() - start) / 8 < 0.05


def test_importing_the_core_reads_no_compendium():
    import subprocess

    code = "import core, sys; print('core.compendium' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# Daggerheart SRD 1.0, each adversary's block as the SRD prints it:
# name: (Difficulty, Major, Severe, HP, Stress, ATK, tier, defenses, Minion, Horde)
DAGGERHEART = {
    "Jagged Knife Bandit": (12, 8, 14, 5, 3, 1, 1, "", None, ""),
    "Acid Burrower": (14, 8, 15, 8, 3, 3, 1, "", None, ""),
    "Skeleton Warrior": (10, 4, 8, 3, 2, 0, 1, "resistances physical", None, ""),
    "Jagged Knife Lackey": (9, None, None, 1, 1, -2, 1, "", 3, ""),
    "Tiny Green Ooze": (14, 4, None, 2, 1, -1, 1, "", None, ""),
    "Zombie Pack": (8, 6, 12, 6, 3, -1, 1, "", None, "1d4+2 physical"),
    "Chaos Skull": (15, 8, 16, 5, 4, 2, 2, "resistances magic", None, ""),
    "Elemental Spark": (15, None, None, 1, 1, 0, 3, "", 9, ""),
    "Spectral Archer": (13, 6, 14, 3, 3, 3, 2, "resistances physical", None, ""),
    "Dire Wolf": (12, 5, 9, 4, 3, 2, 1, "", None, ""),
    "Minor Chaos Elemental": (14, 7, 14, 7, 3, 3, 1, "resistances magic", None, ""),
}


@pytest.mark.parametrize(("name", "printed"), DAGGERHEART.items(), ids=list(DAGGERHEART))
def test_daggerheart_creatures_hold_the_srds_numbers(name: str, printed: tuple):
    difficulty, major, severe, hp, stress, atk, tier, defenses, minion, horde = printed
    c = compendium.get("daggerheart", name)
    assert (c.numbers["difficulty"], c.major, c.severe, c.max_hp, c.stress) == \
        (difficulty, major, severe, hp, stress)
    assert (c.numbers["attack"], c.numbers["tier"], c.defenses) == (atk, tier, defenses)
    assert c.numbers.get("minion") == minion and c.horde == horde
    assert all(a.bonus == atk for a in c.attacks) and c.attacks
