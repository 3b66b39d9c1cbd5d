"""The players' view decides what is secret by creature id, never by matching names in text.

A log entry carries the ids it is about (whom it touched, who acted, whose turn it opened):
a creature hidden when an entry was made, or hidden now, keeps that entry from the players
whatever it has been renamed since; a hidden ``Bo`` hides nothing of ``Bob``. A hidden
creature's turn shows the last creature the players saw act as still up (as Improved
Initiative does), so an unseen creature's turn looks like no turn at all.
"""

from __future__ import annotations

import pytest

from core import Encounter
from core.encounter.data import event_from_data, event_to_data
from core.views.player_view import player_view


def skulker_fight() -> tuple[Encounter, dict[str, str]]:
    """Valeros (PC) first, Skulker 2 hidden second, Kyra (PC) third; round 1, Valeros up."""
    enc = Encounter("pf2e", "Ambush at the ford")
    rules = enc.rules
    ids = {"valeros": enc.add(rules.new_creature("Valeros", pc=True, hp=30), 20),
           "skulker": enc.add(rules.new_creature("Skulker 2", hp=18), 15),
           "kyra": enc.add(rules.new_creature("Kyra", pc=True, hp=24), 10)}
    enc.set_hidden(ids["skulker"], True)
    return enc, ids


def every_word(enc: Encounter) -> str:
    view = player_view(enc, log_lines=1000)
    return repr(view)


def test_a_hidden_creature_renamed_leaves_no_line_with_its_old_name() -> None:
    enc, ids = skulker_fight()
    enc.next_turn()  # Skulker 2's turn, hidden
    enc.apply_damage([ids["valeros"]], "7 piercing", actor=ids["skulker"])
    enc.update(ids["skulker"], name="Bandit Chief")
    seen = every_word(enc)
    assert "Skulker" not in seen and "Bandit Chief" not in seen
    # the damage itself is the players' to read (Valeros is theirs), but not who dealt it:
    # in the words a hidden number gets, so no line goes missing to say someone unseen acted
    log = player_view(enc, log_lines=1000).log
    assert log[-1] == "Valeros takes damage"
    assert not any("piercing" in line for line in log)


def test_renamed_then_shown_the_lines_made_while_hidden_stay_secret() -> None:
    enc, ids = skulker_fight()
    enc.next_turn()
    enc.apply_damage([ids["valeros"]], "7 piercing", actor=ids["skulker"])
    enc.update(ids["skulker"], name="Bandit Chief")
    enc.set_hidden(ids["skulker"], False)  # revealed under its new name
    seen = every_word(enc)
    assert "Bandit Chief" in seen  # there now, as any creature
    log = player_view(enc, log_lines=1000).log
    # what it did unseen, under its old name, stays unseen (its joining, before it was hidden,
    # was the players' to read when it was made)
    assert "Skulker 2's turn" not in log
    assert not any("piercing" in line for line in log)


def test_a_hidden_bo_hides_nothing_of_bob() -> None:
    enc = Encounter("pf2e", "Names alike")
    rules = enc.rules
    bob = enc.add(rules.new_creature("Bob", hp=20), 15)
    bo = enc.add(rules.new_creature("Bo", hp=20), 10)
    enc.set_hidden(bo, True)
    enc.apply_damage([bob], "5 fire")
    enc.add_condition(bob, "frightened", 1)
    log = player_view(enc, log_lines=10).log
    # RULES-free words of the player view: an adversary's damage in words, a condition as said
    assert "Bob takes damage" in log
    assert any(line.startswith("Bob") and "frightened" in line for line in log)
    assert not any(line.startswith("Bo ") or line.startswith("Bo:") for line in log)


def test_a_log_entry_knows_whom_it_is_about_and_keeps_it_in_the_file() -> None:
    enc, ids = skulker_fight()
    turn = enc.next_turn()
    assert ids["skulker"] in turn.about  # whose turn it opened, changed or not
    enc.apply_damage([ids["kyra"]], "3 piercing", actor=ids["skulker"])
    hit = enc.log[-1]
    assert set(hit.about) == {ids["kyra"], ids["skulker"]}  # the target and who acted
    assert event_from_data(event_to_data(hit), "ledger[0]").about == hit.about


def test_an_initiative_roll_naming_a_hidden_creature_is_secret_even_unchanged() -> None:
    """A roll touches each creature it names; one whose number stays the same changed nothing
    but is still named in the line."""
    enc, ids = skulker_fight()
    event = enc.set_initiative(ids["skulker"], 15)  # the same number: no change
    assert ids["skulker"] in event.about
    assert "Skulker" not in every_word(enc)


def test_a_hidden_creatures_turn_keeps_the_last_creature_seen_up() -> None:
    enc, ids = skulker_fight()
    enc.next_turn()  # Skulker 2's turn: the players still see Valeros's
    view = player_view(enc)
    assert (view.up, view.round, view.turn) == ("Valeros", 1, "Round 1 · Valeros's turn")
    assert [c.up for c in view.creatures] == [True, False]
    assert "unseen_up" not in repr(view)  # nothing in the view says an unseen creature acts
    enc.next_turn()
    assert player_view(enc).up == "Kyra"


def test_a_hidden_creature_first_in_the_round_keeps_the_last_of_the_round_before_up() -> None:
    enc, ids = skulker_fight()
    enc.set_initiative(ids["skulker"], 30)  # first: Skulker, Valeros, Kyra
    assert enc.active == ids["skulker"]
    assert (player_view(enc).up, player_view(enc).turn) == ("", "Round 1")  # no one has acted
    for _ in range(3):
        enc.next_turn()  # Valeros, Kyra, then round 2 opens with Skulker
    assert enc.active == ids["skulker"] and enc.round == 2
    view = player_view(enc)
    # Kyra's turn in round 1 is the last the players saw: round 2 has not begun for them
    assert (view.up, view.round, view.turn) == ("Kyra", 1, "Round 1 · Kyra's turn")


def test_a_hidden_creatures_spotlight_stays_on_the_last_creature_seen() -> None:
    enc = Encounter("daggerheart", "Ambush")
    rules = enc.rules
    kyra = enc.add(rules.new_creature("Kyra", pc=True, hp=6, stress=3))
    lurker = enc.add(rules.new_creature("Lurker", hp=4, major=6, severe=11))
    enc.set_hidden(lurker, True)
    enc.next_turn()
    assert enc.active == lurker
    assert player_view(enc).turn == "The spotlight is on Kyra"
    assert kyra


@pytest.mark.parametrize("kind", ["undo", "redo"])
def test_undo_and_redo_of_a_hidden_creatures_steps_never_show_it(kind: str) -> None:
    enc, ids = skulker_fight()
    enc.next_turn()
    enc.apply_damage([ids["valeros"]], "7 piercing", actor=ids["skulker"])
    enc.update(ids["skulker"], name="Bandit Chief")
    enc.undo()  # the rename undone: Skulker 2 again, still hidden
    if kind == "redo":
        enc.redo()
    assert "Skulker" not in every_word(enc) and "Bandit" not in every_word(enc)


def test_an_old_file_without_ids_in_its_log_shows_no_line_once_anyone_was_hidden() -> None:
    """Entries from before log entries carried ids cannot be told apart by name: once a
    creature in the fight was hidden they are left out; in a fight without one they show."""
    enc, ids = skulker_fight()
    enc.next_turn()
    data = enc.to_data()
    for entry in data["ledger"]:
        entry.pop("about", None)
    old = Encounter.from_data(data)
    assert "Skulker" not in every_word(old)
    assert player_view(old, log_lines=10).log == ()
    old.set_hidden(ids["skulker"], False)  # shown now: what was made while hidden stays out
    assert "Skulker 2's turn" not in player_view(old, log_lines=10).log
    plain = Encounter("pf2e", "No one hidden")
    plain.add(plain.rules.new_creature("Valeros", pc=True, hp=30), 20)
    plain.add(plain.rules.new_creature("Kyra", pc=True, hp=24), 10)
    plain.next_turn()
    data = plain.to_data()
    for entry in data["ledger"]:
        entry.pop("about", None)
    assert "Kyra's turn" in player_view(Encounter.from_data(data), log_lines=10).log
