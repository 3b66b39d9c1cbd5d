"""What the players may see — every field that must not leak, in every system."""

from __future__ import annotations

import pytest
from core_support import Stats
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import Encounter
from core.creature.model import Attack
from core.views.player_view import BLOODIED, DEFEATED, HEALTHY, HURT, player_view

SYSTEMS = ("pf2e", "sf2e", "vitality-wounds", "daggerheart", "d20-3e")
# a defense line each system's parser reads, and a track
DEFENSES = {"pf2e": "weaknesses fire 5", "sf2e": "weaknesses fire 5",
            "vitality-wounds": "vulnerable silver", "daggerheart": "resistance magic",
            "d20-3e": "immunities cold; resistance 5/-"}
STATS: dict[str, Stats] = {"pf2e": {"hp": 20}, "sf2e": {"hp": 20}, "d20-3e": {"hp": 20},
         "vitality-wounds": {"vitality": 10, "wounds": 10},
         "daggerheart": {"hp": 4, "major": 6, "severe": 11, "stress": 3}}
# (fields set on the adversary, what the players read) from full health down
HEALTH = {
    "pf2e": [({}, HEALTHY), ({"now_hp": 19}, HURT), ({"now_hp": 10}, BLOODIED),
             ({"now_hp": 0}, DEFEATED)],
    "daggerheart": [({}, HEALTHY), ({"now_hp_marked": 1}, HURT),
                    ({"now_hp_marked": 2}, BLOODIED), ({"now_hp_marked": 4}, DEFEATED)],
    "vitality-wounds": [({}, HEALTHY), ({"now_vitality": 9}, HURT),
                        ({"now_vitality": 0}, BLOODIED),
                        ({"now_vitality": 0, "now_wounds": 0}, DEFEATED)],
}
HEALTH["sf2e"] = HEALTH["d20-3e"] = HEALTH["pf2e"]
STATBLOCK = "Secret Ogre\nAC 17; Fort +9\nSpeed 25 feet"


def fight(system: str) -> tuple[Encounter, dict[str, str]]:
    """A PC, a seen adversary with defenses and a stat block, a hidden ambusher."""
    enc = Encounter(system, "Ambush at the ford")
    rules = enc.rules
    pc = rules.new_creature("Kyra", pc=True, **STATS[system])
    ogre = rules.new_creature("Ogre", defenses=DEFENSES[system], init_mod=7, **STATS[system])
    ogre.statblock = STATBLOCK
    ogre.attacks = [Attack("Greatclub", "2d8+5 bludgeoning")]
    lurker = rules.new_creature("Lurker", defenses=DEFENSES[system], **STATS[system])
    ids = {"kyra": enc.add(pc, 20), "ogre": enc.add(ogre, 15), "lurker": enc.add(lurker, 10)}
    enc.set_hidden(ids["lurker"], True)
    return enc, ids


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_hidden_creature_is_not_there_at_all(system: str) -> None:
    enc, ids = fight(system)
    enc.add_condition(ids["lurker"], "frightened", 2)
    view = player_view(enc, log_lines=50)
    assert [c.name for c in view.creatures] == ["Kyra", "Ogre"]
    assert "Lurker" not in repr(view)
    assert ids["lurker"] not in repr(view)
    enc.set_hidden(ids["lurker"], False)  # revealed: there, with its status
    assert [c.name for c in player_view(enc).creatures] == ["Kyra", "Ogre", "Lurker"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_defenses_stats_and_stat_blocks_never_leak(system: str) -> None:
    enc, ids = fight(system)
    enc.apply_damage([ids["ogre"]], "7 magic" if system == "daggerheart" else "7 fire")
    for setting in ("status", "numbers", "hidden"):
        enc.set_setting("player_view", setting)
        seen = repr(player_view(enc, log_lines=50))
        for secret in (DEFENSES[system], "AC 17", "Secret Ogre", "Greatclub", "2d8+5",
                       "init_mod", "+7", "major", "severe", "/11"):
            assert secret not in seen, (setting, secret)


@pytest.mark.parametrize("system", SYSTEMS)
def test_adversaries_by_the_setting_pcs_always_with_numbers(system: str) -> None:
    enc, ids = fight(system)
    by_setting = {}
    for setting in ("status", "numbers", "hidden"):
        enc.set_setting("player_view", setting)
        view = player_view(enc)
        kyra, ogre = view.creatures
        assert kyra.health and kyra.health not in (HEALTHY, HURT, BLOODIED, DEFEATED)
        by_setting[setting] = ogre.health
    assert by_setting["status"] == HEALTHY
    assert by_setting["numbers"] == player_view(enc).creatures[0].health  # same track
    assert by_setting["hidden"] == ""


@pytest.mark.parametrize("system", SYSTEMS)
def test_healthy_hurt_bloodied_defeated(system: str) -> None:
    for fields, word in HEALTH[system]:
        enc, ids = fight(system)
        if fields:
            enc.update(ids["ogre"], **fields)
        assert player_view(enc).creatures[1].health == word, fields


@pytest.mark.parametrize("system", SYSTEMS)
def test_defeated_by_the_condition_whatever_the_track(system: str) -> None:
    enc, ids = fight(system)
    enc.add_condition(ids["ogre"], "defeated")
    assert player_view(enc).creatures[1].health == DEFEATED


def test_pc_numbers_in_each_system() -> None:
    numbers = {system: player_view(fight(system)[0]).creatures[0].health for system in SYSTEMS}
    assert numbers["pf2e"] == "HP 20/20"
    assert numbers["vitality-wounds"] == "Vitality 10/10 · Wounds 10/10"
    assert numbers["daggerheart"] == "HP □□□□ · Stress □□□"
    assert numbers["d20-3e"] == "HP 20/20"


def test_conditions_in_words() -> None:
    enc, ids = fight("pf2e")
    enc.add_condition(ids["ogre"], "frightened", 2)
    enc.add_condition(ids["ogre"], "off-guard")
    assert player_view(enc).creatures[1].conditions == "frightened 2 · off-guard"


def test_round_and_whose_turn() -> None:
    enc, ids = fight("pf2e")
    view = player_view(enc)
    assert (view.round, view.up, view.turn) == (1, "Kyra", "Round 1 · Kyra's turn")
    assert [c.up for c in view.creatures] == [True, False]


def test_a_hidden_creatures_turn_keeps_the_creature_before_it_up() -> None:
    """As in Improved Initiative: the players see the last creature they saw up, in its
    round, so nothing tells them an unseen creature acts."""
    enc, ids = fight("pf2e")
    enc.next_turn()
    enc.next_turn()  # the Lurker's turn: the Ogre's, as the players see it
    view = player_view(enc)
    assert (view.up, view.round, view.turn) == ("Ogre", 1, "Round 1 · Ogre's turn")
    assert [c.up for c in view.creatures] == [False, True]
    enc.set_initiative(ids["lurker"], 30)  # now first in the order
    enc.next_turn()
    enc.next_turn()
    enc.next_turn()  # round 2, the Lurker's turn: the Ogre's, last of round 1
    assert enc.active == ids["lurker"] and enc.round == 2
    view = player_view(enc)
    assert (view.up, view.round, view.turn) == ("Ogre", 1, "Round 1 · Ogre's turn")


def test_a_hidden_creatures_spotlight_stays_on_the_one_before() -> None:
    enc, ids = fight("daggerheart")
    while enc.active != ids["lurker"]:
        enc.next_turn()
    view = player_view(enc)
    assert (view.up, view.turn) == ("Ogre", "The spotlight is on Ogre")


def test_an_ambusher_first_in_the_first_round_shows_no_one_up() -> None:
    enc, ids = fight("pf2e")
    enc.set_initiative(ids["lurker"], 30)
    view = player_view(enc)
    assert (view.up, view.turn) == ("", "Round 1")
    assert not any(c.up for c in view.creatures)


def test_daggerheart_has_the_spotlight_and_no_rounds() -> None:
    enc, _ids = fight("daggerheart")
    view = player_view(enc)
    assert view.round is None
    assert view.turn == "The spotlight is on Kyra"


def test_the_log_never_names_a_hidden_creature() -> None:
    enc, ids = fight("pf2e")
    enc.apply_damage([ids["lurker"]], "5 fire")
    enc.add_condition(ids["lurker"], "frightened", 1)
    enc.next_turn()
    enc.next_turn()
    enc.next_turn()  # from the Lurker's turn back to Kyra's: names Kyra only
    log = player_view(enc, log_lines=50).log
    assert log and not any("Lurker" in line for line in log)
    enc.remove(ids["lurker"])  # gone while hidden: still never named
    assert not any("Lurker" in line for line in player_view(enc, log_lines=50).log)


def test_the_log_says_an_adversarys_damage_in_words_unless_numbers() -> None:
    enc, ids = fight("pf2e")
    enc.apply_damage([ids["ogre"]], "7 fire")
    assert player_view(enc).log[-1] == "Ogre takes damage"
    enc.set_setting("player_view", "numbers")
    assert "12" in player_view(enc).log[-1]  # 7 + weakness 5 (the setting's line is not shown)
    enc.apply_damage([ids["kyra"]], "3 slashing")
    enc.set_setting("player_view", "status")
    assert "3" in player_view(enc).log[-1]  # a PC's numbers are the players' own


def test_the_gms_own_steps_are_not_in_the_players_log() -> None:
    enc, ids = fight("pf2e")
    enc.update(ids["ogre"], defenses="resistances fire 10")
    enc.set_setting("flat_checks", "ask")
    log = player_view(enc, log_lines=50).log
    assert not any("edited" in line or "flat checks" in line or "hidden" in line for line in log)
    assert len(player_view(enc, log_lines=1).log) == 1
    assert player_view(enc, log_lines=0).log == ()


def test_an_old_save_without_hidden_still_loads() -> None:
    enc, ids = fight("pf2e")
    data = enc.to_data()
    for creature in data["creatures"]:
        creature.pop("hidden", None)
    data["settings"].pop("player_view")
    again = Encounter.from_data(data)
    assert not any(c.hidden for c in again.creatures.values())
    assert [c.name for c in player_view(again).creatures] == ["Kyra", "Ogre", "Lurker"]


def test_hidden_round_trips_and_undoes() -> None:
    enc, ids = fight("pf2e")
    assert Encounter.from_data(enc.to_data()).creature(ids["lurker"]).hidden
    enc.undo()
    assert not enc.creature(ids["lurker"]).hidden


def test_persistent_damage_is_a_condition_in_words() -> None:
    enc, ids = fight("pf2e")
    enc.add_persistent(ids["ogre"], "1d6 persistent bleed")
    assert player_view(enc).creatures[1].conditions == "persistent 1d6 bleed"


def test_several_adversaries_hit_at_once_take_damage() -> None:
    enc, ids = fight("pf2e")
    ogre2 = enc.add(enc.rules.new_creature("Brute", hp=20), 14)
    enc.apply_damage([ids["ogre"], ogre2], "7 fire")
    assert player_view(enc).log[-1] == "Ogre, Brute take damage"  # in the order


# ---------------------------------------------------------------------- whatever the GM does
STEPS = st.lists(st.tuples(st.sampled_from(["turn", "hit", "condition", "remove", "undo"]),
                           st.integers(0, 5)), max_size=25)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(SYSTEMS), steps=STEPS, setting=st.sampled_from(
    ["status", "numbers", "hidden"]))
def test_whatever_the_gm_does_a_hidden_creature_never_shows(system, steps, setting) -> None:
    enc, ids = fight(system)
    enc.set_setting("player_view", setting)
    hidden = enc.add(enc.rules.new_creature("Zzyzx", defenses=DEFENSES[system], **STATS[system]), 12)
    enc.set_hidden(hidden, True)
    hit = "3 magic" if system == "daggerheart" else "3 fire"
    for step, pick in steps:
        order = enc.order
        cid = order[pick % len(order)] if order else None
        if step == "turn" and order:
            enc.next_turn()
        elif step == "hit" and cid:
            enc.apply_damage([cid], hit)
        elif step == "condition" and cid:
            enc.add_condition(cid, "frightened", 1)
        elif step == "remove" and cid:
            enc.remove(cid)
        elif step == "undo" and enc.log and enc.log[-1].kind != "visibility":
            enc.undo()
        seen = repr(player_view(enc, log_lines=100))
        for secret in ("Zzyzx", "Lurker", DEFENSES[system], "AC 17"):
            assert secret not in seen


def test_a_dying_check_is_the_players_to_read_for_a_pc_in_words_for_an_adversary() -> None:
    enc, ids = fight("d20-3e")
    enc.update(ids["ogre"], now_hp=-3)
    enc.update(ids["kyra"], now_hp=-2)
    enc.dying_check(ids["kyra"], roll=5)
    assert "Kyra" in player_view(enc).log[-1] and player_view(enc).log[-1] != "Kyra makes a dying check"
    enc.dying_check(ids["ogre"], roll=5)
    assert player_view(enc).log[-1] == "Ogre makes a dying check"
