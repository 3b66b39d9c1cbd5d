"""Property tests for RULES §7 calls: each is one undo step that undo reverses exactly and
redo repeats; a refused call changes nothing; save data (through TOML) keeps everything."""

from __future__ import annotations

import random
import tomllib

import pytest
import tomli_w
from core_support import Stats
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import Encounter, get_system

ALL = ("pf2e", "sf2e", "vitality-wounds", "daggerheart", "d20-3e")
SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ("frightened", "stunned", "dying", "wounded", "doomed", "prone", "dead", "vulnerable")
DURATIONS = (None, 1, 2, "end-of-next-turn", "start-of-next-turn")
DAMAGE = {"pf2e": "3d6 fire", "sf2e": "2d8 slashing", "vitality-wounds": "4d6 piercing",
          "daggerheart": "2d8+3", "d20-3e": "2d8+4"}


def _encounter(system, flat_checks):
    enc = Encounter(system, "Prop", settings={"flat_checks": flat_checks})
    rs = get_system(system)
    for name, pc, mod in (("A", True, 2), ("B", False, 2), ("C", True, -1)):
        by_system: dict[str, Stats] = {"vitality-wounds": {"vitality": 8, "wounds": 3},
                                       "daggerheart": {"hp": 3, "stress": 2}}
        stats = by_system.get(system, {"hp": 8})
        enc.add(rs.new_creature(name, pc=pc, init_mod=mod, **stats))
    return enc


def _state(enc):
    return {k: v for k, v in enc.to_data().items() if k not in ("ledger", "redo")}


idx = st.integers(0, 2)
op = st.one_of(
    st.tuples(st.just("roll_initiative"), st.lists(idx, max_size=3, unique=True)),
    st.tuples(st.just("set_initiative"), idx, st.integers(-3, 25)),
    st.tuples(st.just("move"), idx, st.sampled_from((-2, -1, 1, 2))),
    st.tuples(st.just("add_condition"), idx, st.sampled_from(NAMES), st.sampled_from((None, 1, 2, 3)),
              st.sampled_from(DURATIONS)),
    st.tuples(st.just("remove_condition"), idx, st.sampled_from(NAMES)),
    st.tuples(st.just("set_condition"), idx, st.sampled_from(NAMES), st.integers(0, 4)),
    st.tuples(st.just("next_turn")),
    st.tuples(st.just("dying_check"), idx, st.integers(1, 20)),
    st.tuples(st.just("damage"), idx),
    st.tuples(st.just("heal"), idx, st.integers(1, 6)),
    st.tuples(st.just("mark_stress"), idx, st.integers(1, 3)),
    st.tuples(st.just("clear_stress"), idx),
    st.tuples(st.just("fear"), st.integers(-3, 5)),
)


def _run(enc, operation, rng):
    kind, *args = operation
    ids = sorted(enc.creatures)
    if kind == "roll_initiative":
        enc.roll_initiative([ids[i] for i in args[0]] or None, rng=rng)
    elif kind == "set_initiative":
        enc.set_initiative(ids[args[0]], args[1])
    elif kind == "move":
        enc.move_in_order(ids[args[0]], args[1])
    elif kind == "add_condition":
        enc.add_condition(ids[args[0]], args[1], args[2], args[3])
    elif kind == "remove_condition":
        enc.remove_condition(ids[args[0]], args[1])
    elif kind == "set_condition":
        enc.set_condition(ids[args[0]], args[1], args[2])
    elif kind == "next_turn":
        enc.next_turn(rng=rng)
    elif kind == "dying_check":
        enc.dying_check(ids[args[0]], roll=args[1])
    elif kind == "damage":
        enc.apply_damage([ids[args[0]]], DAMAGE[enc.system], rng=rng)
    elif kind == "heal":
        enc.heal(ids[args[0]], args[1])
    elif kind == "mark_stress":
        enc.mark_stress(ids[args[0]], args[1])
    elif kind == "clear_stress":
        enc.clear_stress(ids[args[0]])
    elif kind == "fear":
        enc.gain_fear(args[0]) if args[0] > 0 else enc.spend_fear(-args[0] or 1)


@SLOW
@given(st.sampled_from(ALL), st.sampled_from(("auto", "ask")), st.lists(op, min_size=1, max_size=14),
       st.integers(0, 2**32))
def test_each_call_is_one_undo_step_and_refusals_change_nothing(system, flat_checks, ops, seed):
    enc = _encounter(system, flat_checks)
    rng = random.Random(seed)
    initial = _state(enc)
    depth = 0
    for operation in ops:
        before, steps = _state(enc), len(enc.log)
        try:
            _run(enc, operation, rng)
        except ValueError:
            assert _state(enc) == before and len(enc.log) == steps, operation
            continue
        assert len(enc.log) == steps + 1, operation
        depth += 1
        after = _state(enc)
        enc.undo()
        assert _state(enc) == before, operation
        enc.redo()
        assert _state(enc) == after, operation
    for _ in range(depth):
        enc.undo()
    assert _state(enc) == initial


@SLOW
@given(st.sampled_from(ALL), st.sampled_from(("auto", "ask")), st.lists(op, min_size=1, max_size=14),
       st.integers(0, 2**32))
def test_save_data_through_toml_keeps_everything(system, flat_checks, ops, seed):
    enc = _encounter(system, flat_checks)
    rng = random.Random(seed)
    for operation in ops:
        try:
            _run(enc, operation, rng)
        except ValueError:
            pass
    data = enc.to_data()
    again = Encounter.from_data(tomllib.loads(tomli_w.dumps(data)))
    assert again.to_data() == data
    assert again.order == enc.order and again.fear == enc.fear
    for cid in enc.creatures:
        assert again.conditions_of(cid) == enc.conditions_of(cid)
        assert again.creature(cid).condition_durations == enc.creature(cid).condition_durations
    # and undo still walks back the same way after loading
    while enc.can_undo:
        enc.undo()
        again.undo()
        assert _state(again) == _state(enc)


@pytest.mark.parametrize("system", ALL)
def test_older_files_without_the_new_fields_load(system):
    enc = _encounter(system, "auto")
    data = enc.to_data()
    for entry in data["creatures"]:
        for key in ("init_mod", "tie", "condition_values", "condition_durations", "recovery_check"):
            entry.pop(key, None)
    data["encounter"].pop("fear", None)
    again = Encounter.from_data(data)
    assert [again.creature(c).name for c in again.order] == ["A", "B", "C"]
    assert again.creature(again.order[0]).init_mod == 0 and again.fear == 0


def test_bad_new_fields_are_named():
    from core import StateError

    data = _encounter("pf2e", "auto").to_data()
    data["creatures"][0]["condition_values"] = {"frightened": "two"}
    with pytest.raises(StateError, match="condition_values.frightened"):
        Encounter.from_data(data)
    data["creatures"][0]["condition_values"] = {}
    data["creatures"][0]["init_mod"] = "fast"
    with pytest.raises(StateError, match="init_mod"):
        Encounter.from_data(data)
