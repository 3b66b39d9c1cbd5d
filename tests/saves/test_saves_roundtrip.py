"""Round trip: any encounter, in every system, survives load(save(enc)) with its log and undo."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import saves
from core import SYSTEM_IDS, Encounter, get_system

DAMAGE = {
    "pf2e": ["2d6 fire", "5 slashing", "1d4+1 piercing", "3d6 cold"],
    "sf2e": ["2d6 fire", "5 slashing", "1d4+1 piercing", "2d8+3 piercing magical"],
    "vitality-wounds": ["2d6 fire", "15 slashing", "2d4 ballistic", "1d8 piercing"],
    "daggerheart": ["3 physical", "4 magic", "9 physical", "25 magic"],
    "d20-3e": ["2d6 fire", "5 slashing", "1d8+3 slashing", "7"],
}
DEFENSES = {
    "pf2e": ["", "weakness fire 5; resistance physical 3", "immunity fire", "resistances all 5 (except force)"],
    "sf2e": ["", "weakness fire 5; resistance physical 3", "immunity fire"],
    "vitality-wounds": ["", "weakness fire 5", "resistance physical 3"],
    "daggerheart": ["", "resistance physical", "immunity fire", "resistance magic"],
    "d20-3e": ["", "DR 5/silver", "immunity fire", "weakness fire 5"],
}
PERSISTENT = {"pf2e": ["1d6 bleed", "2 fire"], "sf2e": ["1d6 bleed"], "vitality-wounds": ["2 fire"]}

# Names with what TOML must escape: quotes, backslashes, other scripts (a control character,
# newline and tab included, is no name: a terminal would obey it, and the roster refuses it).
names = st.text(
    st.characters(blacklist_categories=["Cs", "Cc"],
                  blacklist_characters="\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"),
    min_size=1, max_size=24,
).filter(lambda name: name.strip())


def stats(system: str, draw: Any) -> dict[str, Any]:
    """Random starting stats for one creature of a system."""
    if system == "vitality-wounds":
        return {"vitality": draw(st.integers(1, 40)), "wounds": draw(st.integers(1, 20))}
    if system == "daggerheart":
        major = draw(st.integers(1, 10))
        return {
            "hp": draw(st.integers(1, 12)),
            "major": major,
            "severe": major + draw(st.integers(1, 10)),
            "armor": draw(st.integers(0, 6)),
            "stress": draw(st.integers(0, 6)),
        }
    return {"hp": draw(st.integers(1, 120)), "temp_hp": draw(st.integers(0, 5))}


@st.composite
def encounters(draw: Any, system: str) -> Encounter:
    """An encounter built through core's public API: adds, hits, heals, turns, undos."""
    rules = get_system(system)
    enc = Encounter(system=system, name=draw(names))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(1, 6))):
        creature = rules.new_creature(
            draw(names),
            pc=draw(st.booleans()),
            defenses=draw(st.sampled_from(DEFENSES[system])),
            **stats(system, draw),
        )
        enc.add(creature, initiative=draw(st.integers(-5, 40)))
    operations = draw(
        st.lists(st.sampled_from(["damage", "heal", "turn", "undo", "redo", "persistent", "immunity", "rename"]),
                 max_size=25)
    )
    for op in operations:
        ids = enc.order
        if op == "damage" and ids:
            targets = draw(st.lists(st.sampled_from(ids), min_size=1, max_size=3, unique=True))
            choices = {cid: draw(st.sampled_from(rules.save_choices)) for cid in targets}
            enc.apply_damage(
                targets, draw(st.sampled_from(DAMAGE[system])), saves=choices,
                critical=draw(st.booleans()), rng=rng,
            )
        elif op == "heal" and ids:
            enc.heal(draw(st.sampled_from(ids)), draw(st.integers(1, 20)))
        elif op == "turn" and ids:
            enc.next_turn(rng=rng)
        elif op == "undo":
            enc.undo()
        elif op == "redo":
            enc.redo()
        elif op == "persistent" and ids and system in PERSISTENT:
            enc.add_persistent(draw(st.sampled_from(ids)), draw(st.sampled_from(PERSISTENT[system])))
        elif op == "immunity" and ids:
            enc.add_temp_immunity(draw(st.sampled_from(ids)), "frightened", draw(st.integers(1, 5)))
        elif op == "rename":
            enc.rename(draw(names))
    for _ in range(draw(st.integers(0, 3))):  # leave something to redo
        enc.undo()
    return enc


def snapshot(enc: Encounter, details: bool = True) -> Any:
    """Everything a GM sees of an encounter (details: the log's breakdown lines too)."""
    rules = enc.rules
    data = enc.to_data()
    if not details:
        for event in data["ledger"] + data["redo"]:
            event.pop("details", None)
    return (
        data,
        enc.name, enc.system, enc.round, enc.turn, enc.order, enc.active,
        [(cid, rules.track_text(c), rules.status(c)) for cid, c in sorted(enc.creatures.items())],
        [(e.text, e.round, e.kind, e.details if details else (), e.changed_ids) for e in enc.log],
        enc.can_undo, enc.can_redo,
    )


def assert_same_history(a: Encounter, b: Encounter, details: bool = True) -> None:
    """Undo everything, then redo everything, on both: they stay equal at every step."""
    assert snapshot(a, details) == snapshot(b, details)
    while a.can_undo:
        assert (a.undo() is None) == (b.undo() is None)
        assert snapshot(a, details) == snapshot(b, details)
    assert not b.can_undo
    while a.can_redo:
        a.redo()
        b.redo()
        assert snapshot(a, details) == snapshot(b, details)
    assert not b.can_redo


def _round_trip(enc: Encounter, path: Path) -> None:
    saved = saves.save(enc, path=path, force=True)
    first = saved.read_bytes()
    back = saves.load(saved)
    assert_same_history(enc, back)
    # the encounter loaded and saved unchanged writes the same bytes
    again = saves.load(saved)
    saves.save(again)
    assert saved.read_bytes() == first


SETTINGS = settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)


@SETTINGS
@given(enc=encounters("pf2e"))
def test_round_trip_pf2e(enc: Encounter, data: Path) -> None:
    _round_trip(enc, data / "pf2e.toml")


@SETTINGS
@given(enc=encounters("sf2e"))
def test_round_trip_sf2e(enc: Encounter, data: Path) -> None:
    _round_trip(enc, data / "sf2e.toml")


@SETTINGS
@given(enc=encounters("vitality-wounds"))
def test_round_trip_vitality_wounds(enc: Encounter, data: Path) -> None:
    _round_trip(enc, data / "vw.toml")


@SETTINGS
@given(enc=encounters("daggerheart"))
def test_round_trip_daggerheart(enc: Encounter, data: Path) -> None:
    _round_trip(enc, data / "dh.toml")


@SETTINGS
@given(enc=encounters("d20-3e"))
def test_round_trip_d20(enc: Encounter, data: Path) -> None:
    _round_trip(enc, data / "d20.toml")


def test_every_system_is_covered() -> None:
    assert set(DAMAGE) == set(SYSTEM_IDS)


def test_settings_and_long_ledger_survive(data: Path) -> None:
    enc = Encounter("pf2e", "Long night", settings={"crit_mode": "roll-twice", "flat_checks": "ask"})
    rules = get_system("pf2e")
    ids = [enc.add(rules.new_creature(f"Skeleton {i}", hp=30), initiative=i) for i in range(5)]
    rng = random.Random(7)
    for i in range(110):  # past the 200 events whose breakdown lines are kept
        enc.apply_damage([ids[i % 5]], "1d4 slashing", rng=rng)
        enc.heal(ids[i % 5], 3)
    back = saves.load(saves.save(enc))
    assert back.settings == enc.settings
    assert [e.text for e in back.log] == [e.text for e in enc.log]
    # core keeps the breakdown lines of the latest 200 events only (DETAILS_KEPT)
    assert [e.details for e in back.log[-200:]] == [e.details for e in enc.log[-200:]]
    assert all(e.details == () for e in back.log[:-200]) and len(back.log) > 200
    assert_same_history(enc, back, details=False)
