"""A save proves it is whole: one cut short anywhere is refused, never loaded as a smaller fight.

A file ends with its ``[end]`` table, written last, counting its creatures and steps: a cut at
a line end drops it (or makes the counts wrong), and load says so, naming the file, which is
left as it was. New creatures never take an id the encounter uses (in the roster, or named by
a step of its history), whatever the file's ``next_id`` says.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

import saves
from core import Encounter, get_system
from saves import SaveError, codec

FORMAT_1 = Path(__file__).parent / "files" / "format-1-written-before-the-end-marker.toml"


def fight() -> Encounter:
    """Seven creatures, hits and turns, two steps undone: every section of a save."""
    enc = Encounter(system="pf2e", name="Cut Short")
    rules = get_system("pf2e")
    rng = random.Random(5)
    ids = [enc.add(rules.new_creature(f"Goblin {i}", hp=15 + i), initiative=10 + i) for i in range(1, 7)]
    enc.add(rules.new_creature("Kyra", hp=40, pc=True), initiative=18)
    for i in range(8):
        enc.apply_damage([ids[i % 6]], "1d6+2 fire", rng=rng)
        enc.next_turn()
    enc.undo()
    enc.undo()
    return enc


def line_ends(raw: bytes) -> list[int]:
    """Every length at which the file ends just after a line break (the whole file excluded)."""
    return [i + 1 for i, byte in enumerate(raw[:-1]) if byte == ord("\n")]


def refused_unchanged(path: Path, cut: bytes) -> None:
    path.write_bytes(cut)
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    assert caught.value.path == path
    assert path.read_bytes() == cut


def test_a_save_ends_with_the_counts_of_its_sections(data: Path) -> None:
    enc = fight()
    raw = saves.save(enc).read_bytes()
    doc = tomllib.loads(raw.decode())
    assert doc["format"] == codec.FORMAT_VERSION == 3
    # 7 joins, 8 hits and 8 turns, the last 2 undone
    assert doc["end"] == {"creatures": 7, "ledger": 7 + 8 + 8 - 2, "redo": 2}
    assert raw.decode().rstrip().splitlines()[-4] == "[end]"


def test_a_save_cut_at_any_line_end_is_refused_and_left_as_it_was(data: Path) -> None:
    raw = saves.save(fight()).read_bytes()
    assert len(raw) > 5000
    path = data / "cut.toml"
    for length in line_ends(raw):
        refused_unchanged(path, raw[:length])


def test_a_save_cut_at_any_byte_of_its_last_lines_is_refused(data: Path) -> None:
    raw = saves.save(fight()).read_bytes()
    path = data / "cut.toml"
    tail = raw.rindex(b"[[redo]]")
    for length in range(tail, len(raw) - 1):
        refused_unchanged(path, raw[:length])
    sample = random.Random(11).sample(range(1, tail), 150)
    for length in sample:
        refused_unchanged(path, raw[:length])


def test_the_whole_file_less_its_last_line_break_still_loads(data: Path) -> None:
    enc = fight()
    path = saves.save(enc)
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    assert saves.load(path).to_data() == enc.to_data()


def test_a_count_that_does_not_match_names_the_section(data: Path) -> None:
    path = saves.save(fight())
    text = path.read_text("utf-8")
    path.write_text(text.replace("\n[end]\ncreatures = 7\n", "\n[end]\ncreatures = 8\n"), "utf-8")
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    assert caught.value.field == "end.creatures"
    assert "7" in caught.value.problem and "8" in caught.value.problem


def test_a_save_written_by_format_1_still_loads_and_is_written_whole_next_time(data: Path) -> None:
    path = data / FORMAT_1.name
    path.write_bytes(FORMAT_1.read_bytes())
    enc = saves.load(path)
    assert (enc.name, len(enc.creatures)) == ("Format One Ambush", 7)
    assert enc.can_undo and enc.can_redo
    saves.save(enc)
    doc = tomllib.loads(path.read_text("utf-8"))
    assert doc["format"] == 3 and doc["end"]["creatures"] == 7
    assert saves.load(path).to_data() == enc.to_data()


def named_ids(enc: Encounter) -> set[str]:
    """Every id the roster holds or a step of the history names."""
    data = enc.to_data()
    named = set(enc.creatures)
    for step in data.get("ledger", []) + data.get("redo", []):
        named |= {change["id"] for change in step.get("changes", [])}
    return named


def test_a_format_1_file_cut_short_never_lends_a_new_creature_an_id_in_use(data: Path) -> None:
    """A format-1 file has no [end]: cut at a line end it may load. Whatever it says, undo
    all, redo all and a new creature: its id is none the encounter uses."""
    raw = FORMAT_1.read_bytes()
    path = data / "old.toml"
    loaded = 0
    for length in line_ends(raw):
        path.write_bytes(raw[:length])
        try:
            enc = saves.load(path)
        except SaveError:
            continue
        loaded += 1
        while enc.can_undo:
            enc.undo()
        while enc.can_redo:
            enc.redo()
        used = named_ids(enc)
        before = {cid: enc.creature(cid).name for cid in enc.creatures}
        new = enc.add(enc.rules.new_creature("Latecomer", hp=5))
        assert new not in used, length
        assert {cid: enc.creature(cid).name for cid in before} == before, length
    assert loaded > 10


def test_a_counter_behind_the_roster_and_history_gives_a_fresh_id(data: Path) -> None:
    enc = fight()
    doc = enc.to_data()
    doc["encounter"]["next_id"] = 1
    for step in doc["ledger"]:
        for side in ("meta_before", "meta_after"):
            if "next_id" in step.get(side, {}):
                step[side]["next_id"] = 1
    path = data / "edited.toml"
    path.write_text(codec.encode(doc), "utf-8")
    enc = saves.load(path)
    while enc.can_undo:
        enc.undo()
    while enc.can_redo:
        enc.redo()
    used = named_ids(enc)
    first = enc.add(enc.rules.new_creature("Latecomer", hp=5))
    second = enc.add(enc.rules.new_creature("Straggler", hp=5))
    assert first not in used and second not in used | {first}
    assert enc.creature(first).name == "Latecomer" and len(enc.creatures) == 9


def test_an_id_freed_by_undo_and_named_nowhere_may_be_given_again(data: Path) -> None:
    """The redo list is dropped by a new step: an undone add's id is named nowhere then."""
    enc = Encounter(system="pf2e", name="Again")
    rules = get_system("pf2e")
    enc.add(rules.new_creature("A", hp=5))
    enc.add(rules.new_creature("B", hp=5))
    enc.undo()
    assert enc.add(rules.new_creature("C", hp=5)) == "c2"
