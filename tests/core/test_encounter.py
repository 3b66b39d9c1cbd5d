"""Encounter: roster, initiative order, rounds and turns, start/end-of-turn
steps, damage to several targets rolled once, one undo step per call, redo,
the log, and a ledger that stores diffs."""

from __future__ import annotations

import pytest
from core_support import Stats

from core import Encounter, get_system


def make(system="pf2e", **kw):
    return Encounter(system=system, name="Ambush", **kw)


def add(enc, name, initiative=0, **stats):
    rs = enc.rules
    if not stats:
        stats = {"vitality": 30, "wounds": 10} if rs.id == "vitality-wounds" else {"hp": 30}
    c = rs.new_creature(name, **stats)
    return enc.add(c, initiative=initiative)


def state(enc):
    """The encounter's state without its ledger/log bookkeeping."""
    data = enc.to_data()
    return {k: v for k, v in data.items() if k not in ("ledger", "log", "revision", "undo", "redo")}


# ------------------------------------------------------------ roster/order


def test_order_by_initiative_ties_in_order_added():
    enc = make()
    a = add(enc, "A", 10)
    b = add(enc, "B", 18)
    c = add(enc, "C", 10)
    d = add(enc, "D", 18)
    e = add(enc, "E", 25)
    assert enc.order == [e, b, d, a, c]
    assert enc.creature(a).name == "A"


def test_ids_are_strings_and_unique():
    enc = make()
    ids = [add(enc, "Goblin", 10) for _ in range(5)]
    assert all(isinstance(i, str) for i in ids)
    assert len(set(ids)) == 5


def test_round_and_turn_start():
    enc = make()
    a = add(enc, "A", 10)
    add(enc, "B", 5)
    assert enc.round == 1
    assert enc.turn == 0
    assert enc.active == a


def test_next_turn_advances_and_wraps_rounds():
    enc = make()
    a = add(enc, "A", 10)
    b = add(enc, "B", 5)
    c = add(enc, "C", 1)
    seen = []
    for _ in range(7):
        seen.append((enc.round, enc.turn, enc.active))
        enc.next_turn()
    assert seen == [
        (1, 0, a), (1, 1, b), (1, 2, c),
        (2, 0, a), (2, 1, b), (2, 2, c),
        (3, 0, a),
    ]


def test_changing_initiative_reorders():
    enc = make()
    a = add(enc, "A", 10)
    b = add(enc, "B", 5)
    enc.update(b, initiative=20)
    assert enc.order == [b, a]
    enc.undo()
    assert enc.order == [a, b]


def test_remove_and_undo_remove():
    enc = make()
    a = add(enc, "A", 10)
    b = add(enc, "B", 5)
    enc.remove(a)
    assert enc.order == [b]
    assert a not in enc.creatures
    enc.undo()
    assert enc.order == [a, b]
    assert enc.creature(a).name == "A"


# --------------------------------------------------- start/end-of-turn steps


def test_next_turn_pf2e_runs_end_of_turn_for_the_creature_whose_turn_ends(R):
    enc = make("pf2e")
    a = add(enc, "A", 10)
    b = add(enc, "B", 5)
    enc.add_persistent(a, "3 persistent fire")
    enc.add_persistent(b, "3 persistent fire")
    rng = R(2)  # A's flat check (fails); B is not touched
    enc.next_turn(rng=rng)
    assert enc.creature(a).hp == 27
    assert enc.creature(b).hp == 30
    assert enc.active == b
    assert rng.left == 0


def test_next_turn_vitality_wounds_runs_start_of_turn_for_the_next_creature(R):
    enc = make("vitality-wounds")
    a = add(enc, "A", 10)
    b = add(enc, "B", 5)
    enc.add_persistent(b, "3 persistent fire")
    enc.add_persistent(a, "3 persistent acid")
    rng = R(2)  # A's end-of-turn flat check fails; B takes 3 at the start of its turn
    enc.next_turn(rng=rng)
    assert enc.active == b
    assert enc.creature(b).vitality == 27
    assert enc.creature(a).vitality == 30  # A's damage comes at the start of A's turn
    assert rng.left == 0


def test_next_turn_is_one_undo_step(R):
    enc = make("pf2e")
    a = add(enc, "A", 10)
    add(enc, "B", 5)
    enc.add_persistent(a, "3 persistent fire")
    before = state(enc)
    enc.next_turn(rng=R(15))
    assert enc.creature(a).hp == 27
    assert not enc.creature(a).persistent
    enc.undo()
    assert state(enc) == before
    assert enc.turn == 0


def test_temporary_immunity_expires():
    enc = make("pf2e")
    a = add(enc, "A", 10)
    add(enc, "B", 5)
    enc.add_temp_immunity(a, "frightened", 1)
    assert [t.effect for t in enc.creature(a).temp_immunities] == ["frightened"]
    assert enc.creature(a).temp_immunities[0].until_round == 2  # added in round 1, for 1 round
    for _ in range(6):
        enc.next_turn()
    assert enc.round == 4
    assert enc.creature(a).temp_immunities == []


# ---------------------------------------------------- damage, undo and redo


def test_area_damage_rolled_once(counting_rng):
    enc = make("pf2e")
    ids = [add(enc, f"G{i}", i) for i in range(5)]
    rng = counting_rng(3)
    outs = enc.apply_damage(ids, "2d6 fire", rng=rng)
    assert rng.calls == 2
    assert set(outs) == set(ids)
    assert len({o.total for o in outs.values()}) == 1


def test_area_damage_per_target_saves_and_defenses(R):
    enc = make("pf2e")
    a = add(enc, "A", 3)
    b = add(enc, "B", 2)
    c_ = enc.add(enc.rules.new_creature("C", hp=30, defenses="weaknesses fire 5"), initiative=1)
    outs = enc.apply_damage([a, b, c_], "2d6 fire", saves={b: "success"}, rng=R(4, 5))
    assert outs[a].total == 9
    assert outs[b].total == 4
    assert outs[c_].total == 14


def test_apply_damage_is_one_undo_step_and_redo_reapplies():
    enc = make("pf2e")
    ids = [add(enc, f"G{i}", i) for i in range(3)]
    before = state(enc)
    enc.apply_damage(ids, "7 fire")
    after = state(enc)
    assert [enc.creature(i).hp for i in ids] == [23, 23, 23]
    assert enc.can_undo
    enc.undo()
    assert state(enc) == before
    assert [enc.creature(i).hp for i in ids] == [30, 30, 30]
    assert enc.can_redo
    enc.redo()
    assert state(enc) == after
    assert not enc.can_redo


def test_damage_list_is_one_undo_step():
    enc = make("pf2e")
    a = add(enc, "A")
    enc.apply_damage([a], ["3 fire", "4 cold"])
    assert enc.creature(a).hp == 23
    enc.undo()
    assert enc.creature(a).hp == 30


def test_new_call_after_undo_clears_redo():
    enc = make("pf2e")
    a = add(enc, "A")
    enc.apply_damage([a], "7 fire")
    enc.undo()
    enc.heal(a, 1)
    assert not enc.can_redo
    assert enc.redo() is None


def test_undo_with_empty_ledger_returns_none():
    enc = make("pf2e")
    assert enc.undo() is None
    assert enc.redo() is None
    assert not enc.can_undo


def test_every_call_is_one_undo_step(R):
    enc = make("pf2e")
    a = add(enc, "A", 10)
    b = add(enc, "B", 5)
    snapshots = [state(enc)]
    enc.apply_damage([a, b], "5 fire")
    snapshots.append(state(enc))
    enc.heal(a, 3)
    snapshots.append(state(enc))
    enc.add_persistent(b, "1d6 persistent bleed")
    snapshots.append(state(enc))
    enc.next_turn(rng=R())
    snapshots.append(state(enc))
    enc.next_turn(rng=R(3, 10))
    snapshots.append(state(enc))
    enc.update(a, name="Alpha")
    snapshots.append(state(enc))
    enc.add_temp_immunity(a, "frightened", 2)
    snapshots.append(state(enc))
    enc.remove(b)
    snapshots.append(state(enc))
    enc.rename("Ambush at dusk")
    snapshots.append(state(enc))
    for expected in reversed(snapshots[:-1]):
        assert enc.undo() is not None
        assert state(enc) == expected
    for expected in snapshots[1:]:
        assert enc.redo() is not None
        assert state(enc) == expected


def test_undo_add_removes_the_creature():
    enc = make("pf2e")
    a = add(enc, "A", 10)
    before = state(enc)
    b = add(enc, "B", 5)
    enc.undo()
    assert enc.order == [a]
    assert b not in enc.creatures
    assert state(enc) == before
    enc.redo()
    assert enc.order == [a, b]


def test_add_after_undo_never_reuses_a_live_id():
    enc = make("pf2e")
    a = add(enc, "A", 10)
    add(enc, "B", 5)
    enc.undo()
    c = add(enc, "C", 1)
    live = [enc.creature(i).name for i in enc.order]
    assert len(enc.order) == len(set(enc.order))
    assert "C" in live and "A" in live
    assert c != a


def test_revision_increases_with_every_change():
    enc = make("pf2e")
    r0 = enc.revision
    a = add(enc, "A")
    r1 = enc.revision
    enc.apply_damage([a], "3 fire")
    r2 = enc.revision
    enc.undo()
    r3 = enc.revision
    enc.redo()
    r4 = enc.revision
    assert r0 < r1 < r2 < r3 < r4


def test_preview_is_pure_and_commit_applies_exactly_the_preview(counting_rng):
    enc = make("pf2e")
    a = add(enc, "A")
    b = add(enc, "B")
    before = state(enc)
    rng = counting_rng(5)
    preview = enc.preview_damage([a, b], "3d6 fire", saves={b: "success"}, rng=rng)
    assert state(enc) == before
    calls = rng.calls
    outs = enc.commit_damage(preview)
    assert rng.calls == calls
    assert enc.creature(a).hp == 30 - preview.outcomes[a].total
    assert enc.creature(b).hp == 30 - preview.outcomes[b].total
    assert outs[a].total == preview.outcomes[a].total
    enc.undo()
    assert state(enc) == before


def test_heal_and_undo():
    enc = make("pf2e")
    a = add(enc, "A")
    enc.apply_damage([a], "10 fire")
    enc.heal(a, 4)
    assert enc.creature(a).hp == 24
    enc.undo()
    assert enc.creature(a).hp == 20


def test_heal_wounds_track_vitality_wounds():
    enc = make("vitality-wounds")
    a = add(enc, "A")
    enc.apply_damage([a], "35 slashing")
    c = enc.creature(a)
    assert (c.vitality, c.wounds) == (0, 5)
    enc.heal(a, 2, track="wounds")
    assert enc.creature(a).wounds == 7
    enc.heal(a, 5)
    assert enc.creature(a).vitality == 5


# ------------------------------------------------------------------- log


def test_log_entries_have_text():
    enc = make("pf2e")
    a = add(enc, "Goblin", 12)
    enc.apply_damage([a], "7 fire")
    assert enc.log
    last = enc.log[-1]
    assert isinstance(last.text, str) and last.text
    assert "Goblin" in last.text
    assert a in last.changed_ids


def test_log_follows_undo_and_redo():
    enc = make("pf2e")
    a = add(enc, "Goblin", 12)
    n = len(enc.log)
    enc.apply_damage([a], "7 fire")
    assert len(enc.log) == n + 1
    enc.undo()
    assert len(enc.log) == n
    enc.redo()
    assert len(enc.log) == n + 1


# ------------------------------------------------------- ledger stores diffs


def _ledger_size(n_creatures):
    enc = make("pf2e")
    ids = [add(enc, f"Goblin {i}", i % 20) for i in range(n_creatures)]
    base = len(str(enc.to_data().get("ledger", "")))
    for k in range(20):
        enc.apply_damage([ids[0]], "3 fire")
        enc.heal(ids[1], 1)
        enc.add_persistent(ids[2], f"{k + 1} persistent acid")
    return len(str(enc.to_data()["ledger"])) - base


def test_ledger_grows_with_events_not_roster_size():
    small = _ledger_size(10)
    large = _ledger_size(200)
    assert small > 0
    assert large < small * 1.5, (small, large)


# ------------------------------------------------------------- round trip


def test_to_data_round_trip_keeps_undo():
    enc = make("pf2e")
    a = add(enc, "A", 10)
    enc.apply_damage([a], "7 fire")
    data = enc.to_data()
    enc2 = Encounter.from_data(data)
    assert enc2.to_data() == data
    assert enc2.creature(a).hp == 23
    enc2.undo()
    assert enc2.creature(a).hp == 30


@pytest.mark.parametrize("system", ["pf2e", "sf2e", "vitality-wounds", "daggerheart", "d20-3e"])
def test_every_system_encounter_basics(system):
    enc = make(system)
    rs = get_system(system)
    assert enc.rules.id == rs.id == system
    by_system: dict[str, Stats] = {
        "vitality-wounds": {"vitality": 20, "wounds": 5},
        "daggerheart": {"hp": 6, "major": 7, "severe": 14, "armor": 2, "stress": 6},
    }
    stats = by_system.get(system, {"hp": 30})
    a = enc.add(rs.new_creature("A", **stats), initiative=3)
    before = state(enc)
    enc.apply_damage([a], "8" if system in ("daggerheart", "d20-3e") else "8 fire")
    assert state(enc) != before
    enc.undo()
    assert state(enc) == before
    enc.next_turn()
    assert enc.round == (1 if system == "daggerheart" else 2)  # RULES §7: Daggerheart counts no rounds


# --------------------------------------------------------------- settings


def test_flat_checks_can_wait_for_the_gm(R):
    enc = make("pf2e", settings={"flat_checks": "ask"})
    a = add(enc, "A", 10)
    add(enc, "B", 5)
    enc.add_persistent(a, "3 persistent fire")
    enc.next_turn(rng=R())           # damage now, the check waits
    assert enc.creature(a).hp == 27
    assert enc.pending_checks() == [(a, 0)]
    assert enc.creature(a).persistent[0].pending_check
    enc.flat_check(a, 0, roll=15)
    assert not enc.creature(a).persistent
    enc.undo()
    assert enc.pending_checks() == [(a, 0)]
    enc.resolve_flat_checks(rolls={(a, 0): 4})
    assert enc.creature(a).persistent[0].last_check.startswith("4")
    assert not enc.pending_checks()


def test_setting_change_is_undoable():
    enc = make("pf2e")
    assert enc.settings["crit_mode"] == "double"
    enc.set_setting("crit_mode", "roll-twice")
    assert enc.settings["crit_mode"] == "roll-twice"
    enc.undo()
    assert enc.settings["crit_mode"] == "double"
    with pytest.raises(ValueError):
        enc.set_setting("no_such_setting", 1)


def test_encounter_crit_roll_twice(R):
    enc = make("pf2e", settings={"crit_mode": "roll-twice"})
    a = add(enc, "A")
    outs = enc.apply_damage([a], "1d6+2 fire", critical=True, rng=R(3, 5))
    assert outs[a].total == 12


def test_tick_and_remove_persistent_are_undo_steps(R):
    enc = make("pf2e")
    a = add(enc, "A")
    enc.add_persistent(a, "1d6 persistent fire")
    before = state(enc)
    enc.tick_persistent(a, 0, rng=R(4))
    assert enc.creature(a).hp == 26
    assert len(enc.creature(a).persistent) == 1  # a tick alone rolls no flat check
    enc.undo()
    assert state(enc) == before
    enc.remove_persistent(a, 0)
    assert not enc.creature(a).persistent
    enc.undo()
    assert state(enc) == before


def test_damage_to_several_targets_is_one_log_entry():
    enc = make("pf2e")
    ids = [add(enc, f"G{i}") for i in range(4)]
    n = len(enc.log)
    enc.apply_damage(ids, "5 fire")
    assert len(enc.log) == n + 1
    assert set(ids) <= set(enc.log[-1].changed_ids)


# ------------------------------------------------- the active creature holds


def test_removing_a_creature_before_the_active_one_keeps_the_active_one():
    enc = make("pf2e")
    a, b, c = add(enc, "A", 30), add(enc, "B", 20), add(enc, "C", 10)
    enc.next_turn()
    assert enc.active == b
    enc.remove(a)
    assert enc.active == b
    enc.next_turn()
    assert enc.active == c


def test_removing_the_active_creature_passes_to_the_next():
    enc = make("pf2e")
    a, b, c = add(enc, "A", 30), add(enc, "B", 20), add(enc, "C", 10)
    enc.next_turn()
    enc.remove(b)
    assert enc.active == c
    enc.undo()
    assert enc.active == b
    assert enc.order == [a, b, c]


def test_adding_a_faster_creature_mid_round_keeps_the_active_one():
    enc = make("pf2e")
    add(enc, "A", 30)
    b = add(enc, "B", 20)
    enc.next_turn()
    assert enc.active == b
    add(enc, "Fast", 40)
    assert enc.active == b


def test_update_defenses_changes_damage_and_undoes():
    enc = make("pf2e")
    a = add(enc, "A")
    enc.update(a, defenses="weaknesses fire 5")
    assert enc.apply_damage([a], "5 fire")[a].total == 10
    enc.undo()
    enc.undo()
    assert enc.creature(a).defenses == ""
    assert enc.apply_damage([a], "5 fire")[a].total == 5


def test_update_with_bad_defenses_is_parse_error_and_changes_nothing():
    from core import ParseError

    enc = make("pf2e")
    a = add(enc, "A")
    before = state(enc)
    undo_depth = enc.can_undo
    with pytest.raises(ParseError):
        enc.update(a, defenses="weaknesses fyre 5")
    assert state(enc) == before
    assert enc.can_undo == undo_depth


# ---------------------------------------------------- from_data validation


def _saved():
    enc = make("pf2e")
    a = add(enc, "A", 10)
    enc.apply_damage([a], "7 fire")
    return enc.to_data()


@pytest.mark.parametrize("mutate", [
    lambda d: d.pop("encounter"),
    lambda d: d["encounter"].update(system="gurps"),
    lambda d: d["creatures"][0].update(hp="many"),
    lambda d: d["creatures"][0].pop("name"),
    lambda d: d["encounter"].update(round="one"),
], ids=["no-encounter", "unknown-system", "hp-not-int", "no-name", "round-not-int"])
def test_from_data_rejects_bad_data_with_state_error(mutate):
    from core import StateError

    data = _saved()
    mutate(data)
    with pytest.raises(StateError) as info:
        Encounter.from_data(data)
    assert info.value.field
    assert isinstance(info.value, ValueError)
