"""Control characters in names and free text: refused where typed, removed where a file or a
paste brings them, written out where text leaves for a terminal or a file."""

from __future__ import annotations

import pytest

from core import Encounter
from core.text.plain_text import first_control, terminal_safe, without_controls
from core.views.log_export import log_markdown

TITLE = "\x1b]0;pwned\x07"            # retitles a terminal window (OSC 0, ended by BEL)
CLEAR = "\x1b[2J"                     # clears the screen
C1 = "\x9b2J"                         # CSI as one C1 code: clears too
BIDI = "\u202e"                       # right-to-left override: reorders what follows
JAPANESE = "ゴブリンの戦士"
COMBINING = "Zoe\u0308 Ar\u0301"      # e + combining diaeresis, r + combining acute


def terminal_bytes(text: str) -> list[str]:
    """The characters of ``text`` a terminal would obey (tab and newline are text)."""
    return [c for c in text if (ord(c) < 0x20 and c not in "\t\n") or 0x7F <= ord(c) < 0xA0
            or 0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069]


@pytest.mark.parametrize("bad", [TITLE, CLEAR, C1, BIDI, "\x00", "\x7f", "\r"])
def test_a_typed_creature_name_with_a_control_character_is_refused_naming_it(bad) -> None:
    encounter = Encounter("pf2e", "Ambush")
    with pytest.raises(ValueError) as refused:
        encounter.add(encounter.rules.new_creature(f"Skulker{bad} 2", hp=10))
    said = str(refused.value)
    assert "control character" in said and "character 8" in said
    assert not terminal_bytes(said)  # the refusal shows the character, does not send it
    assert encounter.creatures == {}


def test_every_typed_name_and_defense_line_is_checked() -> None:
    encounter = Encounter("pf2e", "Ambush")
    cid = encounter.add(encounter.rules.new_creature("Skulker", hp=10))
    for change in ({"name": f"Bandit{TITLE}"}, {"defenses": f"resistances fire 5{CLEAR}"}):
        with pytest.raises(ValueError, match="control character"):
            encounter.update(cid, **change)
    with pytest.raises(ValueError, match="control character"):
        encounter.rename(f"Night{CLEAR}")
    with pytest.raises(ValueError, match="control character"):
        Encounter("pf2e", f"Night{TITLE}")
    with pytest.raises(ValueError, match="control character"):
        encounter.add_many([encounter.rules.new_creature(f"Goblin{C1}", hp=6)])
    assert encounter.creature(cid).name == "Skulker" and encounter.name == "Ambush"


def test_japanese_and_combining_marks_are_names_like_any_other() -> None:
    encounter = Encounter("pf2e", JAPANESE)
    cid = encounter.add(encounter.rules.new_creature(COMBINING, hp=10))
    encounter.update(cid, name=f"{JAPANESE} 2")
    assert encounter.creature(cid).name == f"{JAPANESE} 2"
    assert without_controls(COMBINING) == COMBINING and terminal_safe(JAPANESE) == JAPANESE
    assert first_control("👩\u200d👩\u200d👧") is None  # an emoji's joiners are not controls


def saved_with(name: str, encounter_name: str = "Ambush") -> dict:
    """A save's data whose creature and encounter names and log hold ``name``."""
    encounter = Encounter("pf2e", "Ambush")
    encounter.add(encounter.rules.new_creature("Skulker", hp=10))
    data = encounter.to_data()
    data["creatures"][0]["name"] = name
    data["creatures"][0]["statblock"] = f"{name}\nAC 18\tHP 10"
    data["encounter"]["name"] = encounter_name
    data["ledger"][0]["text"] = f"{name} joins"
    return data


def test_a_loaded_file_has_its_control_characters_removed_and_counted() -> None:
    loaded = Encounter.from_data(saved_with(f"Skulker{TITLE}{C1}", f"Night{CLEAR}"))
    creature = next(iter(loaded.creatures.values()))
    assert creature.name == "Skulker]0;pwned2J"
    assert loaded.name == "Night[2J"
    assert creature.statblock == "Skulker]0;pwned2J\nAC 18\tHP 10"  # its lines kept
    assert loaded.log[0].text == "Skulker]0;pwned2J joins"
    assert loaded.controls_removed == 4  # creature name, stat block, encounter name, log line
    assert Encounter.from_data(saved_with(COMBINING)).controls_removed == 0


def test_the_markdown_export_writes_control_characters_out() -> None:
    encounter = Encounter("pf2e", "Ambush")
    encounter.add(encounter.rules.new_creature("Skulker", hp=10))
    encounter.name = f"Ambush{CLEAR}{BIDI}"  # as an older version could have kept it
    exported = log_markdown(encounter)
    assert not terminal_bytes(exported)
    assert "\\x1b" in exported and "\\u202e" in exported


def test_traits_and_printed_attacks_are_checked_too() -> None:
    encounter = Encounter("pf2e", "Ambush")
    rules = encounter.rules
    with pytest.raises(ValueError, match="control character"):
        encounter.add(rules.new_creature("Ogre", hp=30, attacks=[(f"Club{CLEAR}", "2d8+7 bludgeoning")]))
    cid = encounter.add(rules.new_creature("Ogre", hp=30))
    with pytest.raises(ValueError, match="control character"):
        encounter.update(cid, traits=f"giant{TITLE}")
    assert encounter.creature(cid).traits == rules.new_creature("Ogre", hp=30).traits
