"""Rules that Pilot tests of the screens checked through an app: the same inputs and
the same expected values, against the core directly, in milliseconds. Each test names the Pilot
test it came from; that one now checks only what the screen shows of it."""

from __future__ import annotations

from core_support import previewed

from core import Encounter, get_system
from core.encounter.draft import DamageDraft, minion_choices


class Dice:
    """Dice that come up as listed."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        return self.faces.pop(0)


def test_d20_subdual_is_said_as_subdual_in_the_echo_and_the_breakdown():
    """From test_tui_input_fixes's test_d20_subdual_is_echoed_as_subdual_and_checks_the_box:
    the damage field's echo (✓ and the parsed damage) and the target's breakdown (the steps
    line after the name) say d20's word, never pf2e's."""
    rules = get_system("d20-3e")
    encounter = Encounter("d20-3e", "Brawl")
    tordek = encounter.add(rules.new_creature("Tordek", pc=True, hp=20), initiative=15)
    ogre = encounter.add(rules.new_creature("Ogre", hp=30), initiative=10)
    echo = str(rules.parse_damage("1d3+1 subdual"))
    assert "subdual" in echo and "nonlethal" not in echo
    assert echo.startswith("1d3+1 subdual")
    draft = DamageDraft(rules, [ogre], Dice(2), actor=tordek)
    draft.set_text("1d3+1 subdual")
    assert draft.typed_nonlethal  # the box the screen shows as [x] subdual
    steps = " → ".join(previewed(draft, encounter).outcomes[ogre].steps)
    assert "subdual" in steps and "nonlethal" not in steps


def test_the_log_names_the_actor_and_each_save():
    """From test_tui_input_fixes's test_the_log_names_the_actor_and_each_save: 10 fire by
    Valeros on two goblins (weakness fire 5), a success and a failure."""
    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="Test Fight")
    valeros = encounter.add(rules.new_creature("Valeros", pc=True, hp=40), initiative=20)
    goblins = [encounter.add(rules.new_creature(f"Goblin {n}", hp=15,
                                                defenses="weaknesses fire 5"), initiative=15)
               for n in (1, 2)]
    draft = DamageDraft(rules, goblins, Dice(), actor=valeros)
    draft.set_text("10 fire")
    assert draft.set_save(goblins[0], "success") and draft.set_save(goblins[1], "failure")
    draft.commit(encounter)
    line = encounter.log[-1].text
    assert line.startswith("Valeros: 10 fire → ")
    assert "Goblin 1 (success)" in line and "Goblin 2 (failure)" in line
    assert encounter.creature(goblins[1]).hp == 0  # 10 + 5 weakness
    assert encounter.creature(goblins[0]).hp == 15 - (5 + 5)  # half, then the weakness


def test_four_damage_on_a_minion_4_defeats_one_more():
    """From test_tui_numbers's test_escape_in_the_minion_picker_goes_back_to_the_form (4
    physical on Bandit 1: the picker had Bandit 2 marked, one more)."""
    rules = get_system("daggerheart")
    encounter = Encounter("daggerheart", "Bandits")
    encounter.add(rules.new_creature("Marlowe", pc=True, hp=6, major=7, severe=14, armor=3,
                                     numbers={"evasion": 11}))
    bandits = [encounter.add(rules.new_creature(
        f"Bandit {n}", hp=1, major=5, severe=9,
        numbers={"difficulty": 10, "attack": 2, "minion": 4})) for n in (1, 2, 3, 4)]
    draft = DamageDraft(rules, bandits[:1], Dice())
    draft.set_text("4 physical")
    more, offered = minion_choices(encounter, previewed(draft, encounter))
    assert (more, offered[:more]) == (1, [bandits[1]])
    assert offered == bandits[1:]


def test_the_numbers_typed_in_the_form_are_read_as_the_block_prints_them():
    """From test_tui_numbers's test_numbers_typed_in_the_add_and_edit_forms: the add form's
    line, the edit form's, and a number PF2 does not have (the form stays open on it)."""
    import pytest

    from core.encounter.draft import read_numbers

    assert read_numbers("pf2e", "AC 17 · Fort +5 Ref +8 Will +4 · Per 6") == {
        "ac": 17, "fort": 5, "ref": 8, "will": 4, "perception": 6}
    assert read_numbers("pf2e", "AC 17 Fort +5 Ref +8 Will +4 Per +6") == {
        "ac": 17, "fort": 5, "ref": 8, "will": 4, "perception": 6}
    with pytest.raises(ValueError, match="'dex' is not a number here"):
        read_numbers("pf2e", "AC 18 Ref +9 Dex +2")
    assert read_numbers("pf2e", "AC 18 Ref +9") == {"ac": 18, "ref": 9}


def test_a_d20_miss_is_logged_with_its_attack_roll_whether_or_not_it_deals_damage():
    """From test_tui_input_fixes's test_a_missed_attack_asks_and_no_logs_the_miss_as_one_undo_step
    (and the confirmation that was its own test): Tordek's 3 against the ogre's AC 10, 8
    slashing typed; the log says the attack either way, one undo step each."""
    rules = get_system("d20-3e")
    encounter = Encounter("d20-3e", "Brawl")
    tordek = encounter.add(rules.new_creature("Tordek", pc=True, hp=20), initiative=15)
    ogre = encounter.add(rules.new_creature("Ogre", hp=30), initiative=10)
    for confirmed, hp in ((False, 30), (True, 22)):
        draft = DamageDraft(rules, [ogre], Dice(3), actor=tordek)
        draft.set_attack(rules.roll_attack(0, 10, rng=draft.rng))
        draft.set_text("8 slashing")
        assert draft.missed
        if confirmed:
            draft.confirm_miss()
        logged = len(encounter.log)
        draft.commit(encounter)
        line = encounter.log[-1].text
        assert line.startswith("Tordek: attack 3+0 = 3 vs AC 10: miss")
        assert ("no damage" in line) is not confirmed
        assert encounter.creature(ogre).hp == hp and len(encounter.log) == logged + 1
        encounter.undo()
        assert encounter.creature(ogre).hp == 30 and len(encounter.log) == logged


def test_a_goblins_numbers_after_frightened_2_say_the_printed_number_and_why():
    """From test_tui_numbers's test_the_roster_shows_the_highlighted_creatures_numbers_after_
    conditions (the goblin pyro's block, frightened 2): what the roster's line shows."""
    rules = get_system("pf2e")
    encounter = Encounter("pf2e", "Goblin Ambush")
    goblin = encounter.add(rules.new_creature(
        "Goblin 1", hp=18, numbers={"level": 1, "ac": 17, "fort": 5, "ref": 8, "will": 4,
                                    "perception": 6}), initiative=10)
    numbers = encounter.numbers_of(goblin)
    assert [numbers.text(key) for key in ("ac", "fort", "perception")] == [
        "AC 17", "Fort +5", "Per +6"]
    encounter.add_condition(goblin, "frightened", 2)
    numbers = encounter.numbers_of(goblin)
    assert numbers.text("ac") == "AC 15 (17, frightened 2)"
    assert numbers.text("fort") == "Fort +3 (+5, frightened 2)"
