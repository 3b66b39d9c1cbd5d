"""Every encounter built through every way in saves and loads back equal.

The ways in: every sample stat block, hypothesis-garbled stat blocks, ``new_creature`` with
generated fields, edits (``Encounter.update``), and the library (``add``/``get`` and a
generated file through ``import_file``). Each either refuses (ParseError, ValueError,
SaveError: what a load would refuse) or makes creatures whose encounter round-trips through
``save``/``load`` to an equal state — never a file that does not load.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import saves
from core import Encounter, ParseError, get_system
from core.creature.schema import MAX_INT, SYSTEM_FIELDS
from saves import SaveError, library

BLOCKS = Path(__file__).resolve().parents[1] / "core" / "statblocks"
PREFIX = {"pf2e": ("pf2e", "sf2e", "vitality-wounds"), "d20": ("d20-3e",), "daggerheart": ("daggerheart",)}
SAMPLES = sorted((path.name, system) for path in BLOCKS.iterdir() if path.name.split("-")[0] in PREFIX
                 for system in PREFIX[path.name.split("-")[0]])   # corpus/ and corpus.toml: test_statblock_corpus
EXAMPLES = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
SYSTEMS = ("pf2e", "sf2e", "vitality-wounds", "daggerheart", "d20-3e")
DEFENSES = {"pf2e": ["", "weaknesses fire 5", "weaknesses fyre 5", "resistances physical 5 (except silver)",
                     "immunities poison; hardness 5"],
            "daggerheart": ["", "resistance physical", "immunity magic", "resistance fyre"],
            "d20-3e": ["", "damage reduction 5/silver", "fire resistance 10", "dr 5/magical"]}
DEFENSES["sf2e"] = DEFENSES["vitality-wounds"] = DEFENSES["pf2e"]


def read(name: str) -> str:
    with open(BLOCKS / name, encoding="utf-8", newline="") as handle:
        return handle.read()


def round_trip(enc: Encounter, path: Path) -> None:
    """Save and load back: the same state, the same history, and undo still works."""
    back = saves.load(saves.save(enc, path=path, force=True))
    assert back.to_data() == enc.to_data()
    while back.can_undo:
        back.undo()
    assert back.creatures == {}


def play(enc: Encounter, seed: int) -> None:
    """A little of a fight: a hit on everyone, a turn, healing."""
    if not enc.creatures:
        return
    rng = random.Random(seed)
    ids = list(enc.order)
    enc.apply_damage(ids, "2d6 fire" if enc.system != "daggerheart" else "2d6+3 physical", rng=rng)
    enc.next_turn(rng=rng)
    enc.heal(ids[0], 1)


@pytest.fixture
def target(tmp_path: Path) -> Path:
    return tmp_path / "data" / "round-trip.toml"


@pytest.mark.parametrize(("name", "system"), SAMPLES)
def test_every_sample_stat_block_saves_and_loads_back_equal(name, system, target):
    try:
        creature = get_system(system).from_statblock(read(name))
    except ParseError:
        assert system != PREFIX[name.split("-")[0]][0]  # its own system reads it
        return
    enc = Encounter(system, name)
    for count in range(3):
        enc.add(creature, initiative=10 + count)
    play(enc, 1)
    round_trip(enc, target)


# --- garbled stat blocks -------------------------------------------------------------------

_NUMBER = re.compile(r"\d+")
numbers = st.one_of(st.integers(0, 30), st.integers(0, 10**7), st.integers(0, 10**25),
                    st.sampled_from(["None", "-3", "+999", "+1000", "0"]))


@EXAMPLES
@given(sample=st.sampled_from(SAMPLES), data=st.data())
def test_a_garbled_stat_block_is_refused_or_saves_and_loads_back_equal(sample, data, target):
    name, system = sample
    text = read(name)
    spots = [m.span() for m in _NUMBER.finditer(text)]
    chosen = data.draw(st.lists(st.sampled_from(spots), max_size=4, unique=True)) if spots else []
    for start, end in sorted(chosen, reverse=True):
        text = text[:start] + str(data.draw(numbers)) + text[end:]
    if data.draw(st.booleans()) and "Thresholds" in text:
        text = re.sub(r"Thresholds:\**\s*\S+", "Thresholds: " + data.draw(
            st.sampled_from(["None", "4/None", "none", "3/2", "0/0", "7/None"])), text)
    try:
        creature = get_system(system).from_statblock(text)
    except ParseError as error:
        assert 0 <= error.position <= len(text)
        event("refused at the paste")
        return
    event("pasted, then saved and loaded")
    enc = Encounter(system, "Garbled")
    enc.add(creature)
    play(enc, data.draw(st.integers(0, 9)))
    round_trip(enc, target)


# --- new_creature and edits with generated fields ----------------------------------------

# mostly the numbers of play, sometimes beyond every bound (hypothesis picks a branch evenly)
stat_values = st.one_of(st.integers(0, 60), st.integers(0, 120), st.integers(1, 40),
                        st.integers(-5, 2 * 10**6), st.just(MAX_INT + 1))


@st.composite
def creature_args(draw: Any, system: str) -> dict[str, Any]:
    rules = get_system(system)
    names = [f.name for f in rules.stat_fields]
    stats = draw(st.dictionaries(st.sampled_from(names), stat_values, max_size=2))
    return {"name": draw(st.sampled_from(["Goblin", " Wight ", "Ærøskøbing ghoul", "Rat", ""])),
            "defenses": draw(st.sampled_from(DEFENSES[system])),
            "init_mod": draw(st.one_of(st.integers(-20, 40), st.integers(-5, 10),
                                       st.integers(-2000, 2000), st.just(10**20))),
            "pc": draw(st.booleans()), "traits": draw(st.sampled_from(["living", "undead", "construct"])),
            **stats}


@EXAMPLES
@given(system=st.sampled_from(SYSTEMS), data=st.data())
def test_new_creature_and_edits_are_refused_or_save_and_load_back_equal(system, data, target):
    rules = get_system(system)
    enc = Encounter(system, "Made")
    for _ in range(data.draw(st.integers(1, 3))):
        try:
            enc.add(rules.new_creature(**data.draw(creature_args(system))),
                    initiative=data.draw(st.integers(-5, 30)))
        except ValueError:
            event("new_creature refused")
            continue
        event("new_creature made one")
    play(enc, data.draw(st.integers(0, 9)))
    for cid in list(enc.order):
        fields = data.draw(creature_args(system))
        fields.pop("pc")
        if data.draw(st.booleans()):
            track = data.draw(st.sampled_from([t for t, _, _ in rules.current_tracks]))
            fields[f"now_{track}"] = data.draw(stat_values)
        try:
            enc.update(cid, **fields)
            event("edited")
        except ValueError:
            event("edit refused")
    round_trip(enc, target)


# --- the library ---------------------------------------------------------------------------

template_values = st.one_of(st.integers(0, 20), st.integers(5, 30), st.integers(-3, 120),
                            st.integers(0, 10**13), st.text(max_size=3))


def _track(name: str, value: int) -> dict[str, Any]:
    """One track field of a new creature, by its name (``hp``, ``vitality``, ``major``)."""
    return {name: value}


@st.composite
def library_file(draw: Any, system: str) -> dict[str, Any]:
    rules = get_system(system)
    base = rules.new_creature("Template").to_state() if system == "daggerheart" else \
        rules.new_creature("Template", **_track(rules.stat_fields[0].name, 10)).to_state()
    templates = []
    for index in range(draw(st.integers(1, 2))):
        entry = {**base, "name": f"Template {index}",
                 "defenses": draw(st.sampled_from(DEFENSES[system]))}
        own = sorted(SYSTEM_FIELDS[system] | {"init_mod"})
        keys = st.one_of(st.sampled_from(own), st.sampled_from(own), st.sampled_from(own),
                         st.sampled_from(["hp", "major", "stress", "vitality", "name"]))
        for key in draw(st.lists(keys, max_size=2)):
            entry[key] = draw(template_values)
        if not draw(st.integers(0, 5)):
            entry.pop("name")
        templates.append(entry)
    return {"format": 1, "library": {"system": system}, "creatures": templates}


@EXAMPLES
@given(system=st.sampled_from(SYSTEMS), data=st.data())
def test_an_imported_library_is_refused_or_its_templates_save_and_load_back_equal(
        system, data, target, tmp_path):
    shared = tmp_path / "shared.toml"
    shared.write_text(tomli_w.dumps(data.draw(library_file(system))), "utf-8")
    try:
        _, added = library.import_file(shared, force=True)
    except SaveError as error:
        assert error.field is not None and error.path == shared
        event("import refused")
        return
    event("imported")
    enc = Encounter(system, "Bestiary")
    for name in added:
        template = library.get(system, name)
        library.add(system, template, force=True)            # what B keeps, it gives back
        assert library.get(system, name).to_state() == template.to_state()
        enc.add(template)
    play(enc, 3)
    round_trip(enc, target)
