"""The GM's bestiary: round trips, names, trash, conflicts and bad files, as for saves."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import saves
from core import Encounter, get_system
from saves import library

BLOCKS = Path(__file__).resolve().parents[1] / "core" / "statblocks"


def pasted(system: str, fixture: str):
    with open(BLOCKS / fixture, encoding="utf-8", newline="") as handle:
        return get_system(system).from_statblock(handle.read())


@pytest.mark.parametrize(("system", "fixture"), [
    ("pf2e", "pf2e-ghost-commoner.txt"),
    ("pf2e", "pf2e-animated-armor-crlf.txt"),
    ("daggerheart", "daggerheart-minion.txt"),
    ("daggerheart", "daggerheart-acid-burrower.md"),
    ("d20-3e", "d20-vampire-spawn.txt"),
])
def test_a_template_comes_back_as_it_went_in(system, fixture):
    creature = pasted(system, fixture)
    library.add(system, creature)
    back = library.get(system, creature.name)
    assert back.to_state() == creature.to_state()      # stats, defenses, traits, init_mod, block, attacks
    assert back is not creature


def test_vitality_wounds_and_sf2e_templates_round_trip():
    horror = get_system("vitality-wounds").new_creature("Horror", vitality=20, wounds=12,
                                                        defenses="vulnerable orichalcum", init_mod=4)
    library.add("vitality-wounds", horror)
    assert library.get("vitality-wounds", "Horror").to_state() == horror.to_state()
    library.add("sf2e", get_system("sf2e").new_creature("Drone", hp=12, traits="construct"))
    assert library.get("sf2e", "Drone").kind == "construct"


def test_a_hurt_roster_creature_is_kept_at_full_health():
    rs = get_system("pf2e")
    wight = rs.new_creature("Wight", hp=50, defenses="weaknesses fire 5", traits="undead", init_mod=7)
    rs.apply_damage(wight, "20 fire")
    rs.add_persistent(wight, "1d6 fire")
    wight.conditions.add("frightened")
    library.add("pf2e", wight)
    fresh = library.get("pf2e", "Wight")
    assert (fresh.hp, fresh.max_hp, fresh.persistent, fresh.conditions) == (50, 50, [], set())
    assert (fresh.init_mod, fresh.kind, fresh.defenses) == (7, "undead", "weaknesses fire 5")
    assert wight.hp == 25          # the roster creature itself is untouched


def test_daggerheart_slots_come_back_unmarked():
    rs = get_system("daggerheart")
    c = rs.new_creature("Bandit", hp=4, major=6, severe=11, armor=2, stress=3)
    rs.apply_damage(c, "20 physical", armor_slot=True)
    library.add("daggerheart", c)
    fresh = library.get("daggerheart", "Bandit")
    assert (fresh.hp_marked, fresh.armor_marked, fresh.stress_marked) == (0, 0, 0)


def test_names_are_sorted_per_system_and_get_ignores_case():
    rs = get_system("pf2e")
    for name in ("Wight", "Goblin Warrior", "Ghoul"):
        library.add("pf2e", rs.new_creature(name, hp=10))
    library.add("d20-3e", get_system("d20-3e").new_creature("Orc", hp=5))
    assert library.names("pf2e") == ["Ghoul", "Goblin Warrior", "Wight"]
    assert library.names("d20-3e") == ["Orc"]
    assert library.names("sf2e") == []
    assert library.systems() == ["d20-3e", "pf2e"]
    assert library.get("pf2e", "goblin warrior").name == "Goblin Warrior"
    with pytest.raises(KeyError):
        library.get("pf2e", "Orc")
    with pytest.raises(ValueError, match="known"):
        library.names("gurps")


def test_get_gives_a_new_creature_every_time():
    library.add("pf2e", get_system("pf2e").new_creature("Goblin", hp=6))
    one, two = library.get("pf2e", "Goblin"), library.get("pf2e", "Goblin")
    one.hp = 1
    assert two.hp == 6 and library.get("pf2e", "Goblin").hp == 6


def test_a_taken_name_is_a_conflict_unless_replaced_on_purpose():
    rs = get_system("pf2e")
    library.add("pf2e", rs.new_creature("Goblin", hp=6))
    with pytest.raises(saves.SaveConflict, match="already has 'Goblin'"):
        library.add("pf2e", rs.new_creature("Goblin", hp=9))
    assert library.get("pf2e", "Goblin").max_hp == 6
    library.add("pf2e", rs.new_creature("Goblin", hp=9), force=True)
    assert library.get("pf2e", "Goblin").max_hp == 9


def test_rename():
    rs = get_system("pf2e")
    library.add("pf2e", rs.new_creature("Goblin", hp=6))
    library.add("pf2e", rs.new_creature("Wight", hp=50))
    assert library.rename("pf2e", "goblin", "Goblin Guard") == "Goblin Guard"
    assert library.names("pf2e") == ["Goblin Guard", "Wight"]
    assert library.get("pf2e", "Goblin Guard").max_hp == 6
    with pytest.raises(saves.SaveConflict):
        library.rename("pf2e", "Goblin Guard", "Wight")
    with pytest.raises(KeyError):
        library.rename("pf2e", "Nobody", "Somebody")
    with pytest.raises(ValueError):
        library.rename("pf2e", "Wight", "  ")


def test_remove_moves_the_template_to_the_trash_whence_it_can_come_back(data):
    library.add("pf2e", pasted("pf2e", "pf2e-ghost-commoner.txt"))
    library.add("pf2e", get_system("pf2e").new_creature("Goblin", hp=6))
    trashed = library.remove("pf2e", "Ghost Commoner")
    assert trashed.parent == data / "trash" and trashed.is_file()
    assert library.names("pf2e") == ["Goblin"]
    with pytest.raises(KeyError):
        library.remove("pf2e", "Ghost Commoner")
    assert library.import_file(trashed) == ("pf2e", ["Ghost Commoner"])
    assert library.get("pf2e", "Ghost Commoner").statblock.startswith("Ghost Commoner")


def test_library_files_are_not_saves(make_enc):
    saves.save(make_enc("Ambush"))
    library.add("pf2e", get_system("pf2e").new_creature("Goblin", hp=6))
    assert [e.name for e in saves.list_saves()] == ["Ambush"]


def test_every_write_keeps_the_version_before():
    rs = get_system("pf2e")
    library.add("pf2e", rs.new_creature("Goblin", hp=6))
    library.add("pf2e", rs.new_creature("Wight", hp=50))
    path = library.path_of("pf2e")
    bak = path.with_name(path.name + ".bak")
    assert "Goblin" in bak.read_text() and "Wight" not in bak.read_text()
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_file_changed_on_disk_while_adding_is_not_overwritten(monkeypatch):
    rs = get_system("pf2e")
    library.add("pf2e", rs.new_creature("Goblin", hp=6))
    path = library.path_of("pf2e")
    fresh = library.fresh

    def another_window_writes_meanwhile(creature):   # after the file is read, before it is written
        path.write_text(path.read_text() + "\n# edited by hand\n", encoding="utf-8")
        return fresh(creature)

    with monkeypatch.context() as patch:     # (monkeypatch.undo would restore the real data dir too)
        patch.setattr(library, "fresh", another_window_writes_meanwhile)
        with pytest.raises(saves.SaveConflict, match="changed on disk"):
            library.add("pf2e", rs.new_creature("Wight", hp=50))
    assert path.read_text().endswith("# edited by hand\n")
    library.add("pf2e", rs.new_creature("Wight", hp=50))      # read afresh: fine
    assert library.names("pf2e") == ["Goblin", "Wight"]


@pytest.mark.parametrize(("content", "where"), [
    ('format = 1\n[library\nsystem = "pf2e"\n', "line 2"),
    ('format = 9\n[library]\nsystem = "pf2e"\n', "field format"),
    ('[library]\nsystem = "pf2e"\n', "field format"),
    ('format = 1\n[library]\nsystem = "d20-3e"\n', "field library.system"),
    ('format = 1\n', "field library.system"),
    (b"format = 1\n\xff\xfe", "line 2"),
])
def test_a_bad_library_file_is_a_save_error_and_is_left_as_it_was(content, where):
    path = library.path_of("pf2e")
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = content if isinstance(content, bytes) else content.encode()
    path.write_bytes(raw)
    for call in (lambda: library.names("pf2e"), lambda: library.get("pf2e", "Goblin"),
                 lambda: library.add("pf2e", get_system("pf2e").new_creature("Wight", hp=5))):
        with pytest.raises(saves.SaveError) as info:
            call()
        assert info.value.where == where and info.value.path == path
    assert path.read_bytes() == raw


def test_export_and_import_share_a_library(tmp_path, monkeypatch):
    library.add("pf2e", pasted("pf2e", "pf2e-goblin-warrior.txt"))
    library.add("pf2e", pasted("pf2e", "pf2e-zombie-shambler.txt"))
    shared = library.export_file("pf2e", tmp_path / "bestiary.toml")
    with pytest.raises(saves.SaveConflict, match="already exists"):
        library.export_file("pf2e", shared)
    before = library.get("pf2e", "Goblin Warrior").to_state()

    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path / "friend"))
    assert library.import_file(shared) == ("pf2e", ["Goblin Warrior", "Zombie Shambler"])
    assert library.get("pf2e", "Goblin Warrior").to_state() == before
    assert library.import_file(shared) == ("pf2e", [])           # the same templates: nothing to do


def test_import_does_not_replace_a_different_template_unless_asked(tmp_path):
    rs = get_system("pf2e")
    library.add("pf2e", rs.new_creature("Goblin", hp=6))
    shared = library.export_file("pf2e", tmp_path / "mine.toml")
    library.add("pf2e", rs.new_creature("Goblin", hp=9), force=True)
    library.add("pf2e", rs.new_creature("Wight", hp=50))
    with pytest.raises(saves.SaveConflict, match="Goblin"):
        library.import_file(shared)
    assert library.get("pf2e", "Goblin").max_hp == 9
    assert library.import_file(shared, force=True) == ("pf2e", ["Goblin"])
    assert library.get("pf2e", "Goblin").max_hp == 6 and library.names("pf2e") == ["Goblin", "Wight"]


def test_importing_a_save_or_a_missing_file_is_a_save_error(make_enc, tmp_path):
    path = saves.save(make_enc("Ambush"))
    with pytest.raises(saves.SaveError, match="not a library file"):
        library.import_file(path)
    with pytest.raises(saves.SaveError, match="no such"):
        library.import_file(tmp_path / "nope.toml")


def test_a_pasted_creature_survives_an_encounter_save_crlf_and_all():
    armor = pasted("pf2e", "pf2e-animated-armor-crlf.txt")
    enc = Encounter(system="pf2e", name="Vault")
    cid = enc.add(armor, initiative=12)
    back = saves.load(saves.save(enc)).creature(cid)
    assert back.statblock == armor.statblock and "\r\n" in back.statblock and "\u00a0" in back.statblock
    assert (back.attacks, back.init_mod, back.kind) == (armor.attacks, 6, "construct")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(st.characters(blacklist_categories=["Cs", "Cc"]), min_size=1,
                   max_size=40).filter(str.strip),
       hp=st.integers(0, 10_000), init_mod=st.integers(-20, 40))
def test_any_name_and_numbers_come_back(name, hp, init_mod):
    creature = get_system("d20-3e").new_creature(name, hp=hp, init_mod=init_mod)
    library.add("d20-3e", creature, force=True)
    assert creature.name in library.names("d20-3e")
    assert library.get("d20-3e", creature.name).to_state() == creature.to_state()
