"""The damage form's rules, checked on the core's DamageDraft in milliseconds.

Each test here was a Pilot test of the damage form (tests/tui/test_tui_damage.py,
test_tui_checkbox_enter_and_misses.py, test_tui_temp_hp_and_questions.py): the same encounter, the same damage and
dice, the same expected numbers and words. The Pilot tests keep what only the screen shows:
that a key reaches the draft, and that its result is shown and applied.
"""

from __future__ import annotations

import random

import pytest
from core_support import previewed

from core import Encounter, ParseError, get_system
from core.encounter.draft import MISS_SUMMARY, DamageDraft, default_actor, find_actors, roll_source


def goblins() -> tuple[Encounter, dict[str, str]]:
    """Valeros (PC, 40 HP, active) and two goblins (15 HP, weakness fire 5): the TUI tests'
    ``goblins()``; (encounter, ids by name)."""
    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="Test Fight")
    encounter.add(rules.new_creature("Valeros", pc=True, hp=40), initiative=20)
    for number in (1, 2):
        encounter.add(rules.new_creature(f"Goblin {number}", hp=15,
                                         defenses="weaknesses fire 5"), initiative=15)
    return encounter, {encounter.creature(cid).name: cid for cid in encounter.order}


def draft_on(encounter: Encounter, targets: list[str], rng) -> DamageDraft:
    """A draft as the damage form makes it: the default actor acts."""
    return DamageDraft(encounter.rules, targets, rng, actor=default_actor(encounter, targets))


def marlowe() -> tuple[Encounter, str]:
    """The TUI tests' Daggerheart PC with three armor slots, alone: (encounter, her id)."""
    encounter = Encounter("daggerheart", "Ambush")
    pc = encounter.add(encounter.rules.new_creature("Marlowe", pc=True, hp=6, major=7, severe=14,
                                                    armor=3), initiative=10)
    return encounter, pc


def d20_brawl() -> tuple[Encounter, str, str]:
    """Tordek (active, 20 HP) and an ogre of 30 HP, in d20 3.0: (encounter, Tordek, ogre)."""
    encounter = Encounter("d20-3e", "Brawl")
    tordek = encounter.add(encounter.rules.new_creature("Tordek", pc=True, hp=20), initiative=15)
    ogre = encounter.add(encounter.rules.new_creature("Ogre", hp=30), initiative=10)
    return encounter, tordek, ogre


class Dice:
    """d20s that come up as listed; every other die comes up ``other`` (at most its faces):
    the dice of test_tui_checkbox_enter_and_misses.py."""

    def __init__(self, *d20s: int, other: int = 8) -> None:
        self.d20s = list(d20s)
        self.other = other

    def randint(self, low: int, high: int) -> int:
        return self.d20s.pop(0) if high == 20 else min(high, self.other)


# -- test_tui_damage.py ----------------------------------------------------------------------

def test_two_targets_with_different_saves_preview_then_apply():
    enc, ids = goblins()
    g1, g2 = ids["Goblin 1"], ids["Goblin 2"]
    draft = draft_on(enc, [g1, g2], random.Random(1))
    draft.set_text("10 fire")
    for _ in range(2):
        draft.cycle_save(g1, 1)                       # right, right: success
    draft.cycle_save(g2, -1)                          # left: critical failure
    assert draft.saves == {g1: "success", g2: "critical-failure"}
    preview = previewed(draft, enc)
    assert preview.outcomes[g1].total == 10  # 10 halved to 5, weakness fire +5
    assert preview.outcomes[g2].total == 25  # 10 doubled to 20, weakness fire +5
    assert any("weakness" in step for step in preview.outcomes[g2].steps)
    assert enc.creature(g1).hp == 15  # a preview changes nothing
    draft.commit(enc)
    assert enc.creature(g1).hp == 5
    assert enc.creature(g2).hp == 0
    assert "dead" in enc.creature(g2).conditions
    enc.undo()  # one application is one undo step
    assert enc.creature(g1).hp == 15
    assert enc.creature(g2).hp == 15


def test_dice_are_rolled_once_and_kept_while_only_saves_change():
    enc, ids = goblins()
    g1, g2 = ids["Goblin 1"], ids["Goblin 2"]
    draft = draft_on(enc, [g1, g2], random.Random(1))
    draft.set_text("6d6 fire")
    first = previewed(draft, enc).roll
    # one roll for every target: both see the same rolled total
    assert {o.total for o in previewed(draft, enc).outcomes.values()} == {first.total + 5}
    draft.cycle_save(g1, 1)
    draft.toggle_nonlethal()
    assert previewed(draft, enc).roll is first  # a save or nonlethal keeps the dice
    draft.toggle_critical()
    preview = previewed(draft, enc)
    critical_roll = preview.roll
    assert critical_roll.critical == 2
    # the same dice, read as a critical: c never rerolls
    assert [p.faces for p in critical_roll.hits[0]] == [p.faces for p in first.hits[0]]
    assert preview.outcomes[g2].total == 2 * first.total + 5
    draft.toggle_critical()
    assert previewed(draft, enc).outcomes[g2].total == first.total + 5
    draft.toggle_critical()
    draft.cycle_save(g1, -1)
    draft.cycle_save(g1, 1)
    assert previewed(draft, enc).roll == critical_roll
    assert draft.critical and draft.nonlethal
    draft.reroll()
    shown = previewed(draft, enc)
    assert shown.roll is not critical_roll
    draft.commit(enc)
    for cid, outcome in shown.outcomes.items():
        assert enc.creature(cid).hp == max(0, 15 - outcome.total)
    assert "critical" in enc.log[-1].text
    assert g2 in enc.log[-1].changed_ids


def test_a_typed_total_rolls_no_dice(R):
    enc, ids = goblins()
    draft = draft_on(enc, [ids["Goblin 1"], ids["Goblin 2"]], R())   # a die would fail the test
    draft.set_text("14 fire")
    roll = previewed(draft, enc).roll
    assert roll.total == 14
    assert "typed total" in roll_source(roll)


@pytest.mark.parametrize("bad,position", [
    ("2d", 1), ("fire 2d6", 5), ("999999d6 fire", 0),
    ("2d6 fyre", "2d6 fyre".index("fyre")),           # the caret sits under the problem
    ("10 fire+", 3), ("1d4 piercin", 4),              # the texts the form keeps out of the draft
])
def test_bad_notation_is_refused_with_the_place_of_the_problem(bad, position):
    """The form's field shows the core's error with a caret at its ``position``; a text the
    core refuses never reaches the draft, so nothing is applied."""
    with pytest.raises(ValueError) as refused:
        get_system("pf2e").parse_damage(bad)
    assert isinstance(refused.value, ParseError), bad
    assert refused.value.position == position, bad


def test_daggerheart_hits_are_totalled_and_an_armor_slot_lowers_severity(R):
    enc, pc = marlowe()
    draft = draft_on(enc, [pc], R())
    draft.set_text("4 physical")
    draft.preview(enc)
    assert draft.add_hit()
    assert draft.hits == ["4 physical"]
    draft.set_text("5 physical")
    preview = previewed(draft, enc)
    assert preview.outcomes[pc].total == 9
    assert preview.outcomes[pc].hp_marked == 2
    assert draft.toggle_armor(pc, free_slots=3)
    assert previewed(draft, enc).outcomes[pc].hp_marked == 1
    draft.toggle_direct()  # direct damage: no armor slot
    assert draft.direct
    assert previewed(draft, enc).outcomes[pc].hp_marked == 2
    draft.toggle_direct()
    draft.commit(enc)
    creature = enc.creature(pc)
    assert creature.hp_marked == 1
    assert creature.armor_marked == 1
    assert "4 physical + 5 physical" in enc.log[-1].text


def test_d20_attack_helper_and_multiplier(R):
    enc = Encounter(system="d20-3e", name="Brawl")
    target = enc.add(enc.rules.new_creature("Ogre", hp=200), initiative=10)
    # the app's dice (seed 3): 1d8 came up 3, the attack 12 and 20, the critical's dice 8, 2, 1
    draft = draft_on(enc, [target], R(3, 12, 20, 8, 2, 1))
    draft.set_text("1d8+3")
    draft.preview(enc)
    draft.cycle_multiplier()
    draft.cycle_multiplier()
    assert draft.multiplier == 4
    attack = enc.rules.roll_attack(30, 5, threat=2, rng=draft.rng)  # every roll but a 1 threatens
    draft.set_attack(attack)
    # a 12 threatens (every roll but a 1), the confirmation's 20 makes it critical
    assert f"{attack.result.upper()}: {attack.text}" == (
        "CRITICAL: 12+30 = 42: threat; confirm 20+30 = 50 vs AC 5: critical")
    assert draft.critical
    assert previewed(draft, enc).roll.critical == 4
    draft.commit(enc)
    assert enc.creature(target).hp == 174  # 1d8+3 rolled four times: 26


def test_a_save_changed_while_the_text_is_wrong_previews_the_last_valid_text():
    enc, ids = goblins()
    g1 = ids["Goblin 1"]
    draft = draft_on(enc, [g1, ids["Goblin 2"]], random.Random(1))
    draft.set_text("10 fire")                         # "10 fire+" is refused: the draft keeps this
    draft.cycle_save(g1, 1)
    draft.cycle_save(g1, 1)                           # Goblin 1: success
    assert previewed(draft, enc).outcomes[g1].total == 10  # 10 halved, weakness +5


def test_another_hit_keeps_the_numbers_of_the_first(R):
    enc, ids = goblins()
    g1 = ids["Goblin 1"]
    # the app's dice (seed 1): 2d6 came up 1, 4; 1d4 came up 4; the reroll 6, 4 and 2
    draft = draft_on(enc, [g1], R(1, 4, 4, 6, 4, 2))
    draft.set_text("2d6 slashing")
    first = previewed(draft, enc).roll
    assert draft.add_hit()
    assert draft.hits == ["2d6 slashing"]
    assert previewed(draft, enc).roll.total == first.total  # the kept hit alone, as rolled
    draft.set_text("1d4 piercing")
    both = previewed(draft, enc).roll
    assert len(both.hits) == 2
    assert both.hits[0] == first.hits[0]
    draft.set_text("1d4 piercing")                    # the same text again: the same dice
    assert previewed(draft, enc).roll.hits == both.hits
    draft.toggle_critical()
    faces = [part.faces for hit in previewed(draft, enc).roll.hits for part in hit]
    assert faces[0] == first.hits[0][0].faces
    draft.reroll()  # a reroll rolls every hit again
    draft.commit(enc)
    assert "2d6 slashing + 1d4 piercing" in enc.log[-1].text
    assert enc.creature(g1).hp == 0  # 24 on a critical: (6 + 4 + 2) × 2


def test_type_damage_and_the_save_keys_results(R):
    """The saves test_type_damage_down_a_save_key_and_enter sets with 2, 4, 1, 0, 3, S and 2."""
    enc, ids = goblins()
    g1, g2 = ids["Goblin 1"], ids["Goblin 2"]
    draft = draft_on(enc, [g1, g2], R())
    draft.set_text("10 fire")
    assert draft.set_save(g1, "success") and draft.set_save(g2, "critical-failure")
    assert draft.set_save(g2, "critical-success") and draft.set_save(g2, None)
    assert draft.set_save(g2, "failure") and draft.copy_save(g2)
    assert set(draft.saves.values()) == {"failure"}
    assert draft.set_save(g1, "success")
    draft.commit(enc)
    assert enc.creature(g1).hp == 5  # success: 10 halved, weakness +5
    assert enc.creature(g2).hp == 0  # failure: 10, weakness +5


def test_d20_has_no_critical_save_results():
    """test_save_keys_follow_the_system: 4 (critical failure) sets nothing in d20 3.0, 2 does."""
    enc = Encounter(system="d20-3e", name="Brawl")
    ogre = enc.add(enc.rules.new_creature("Ogre", hp=30), initiative=10)
    draft = draft_on(enc, [ogre], random.Random(1))
    assert not draft.set_save(ogre, "critical-failure")
    assert draft.saves[ogre] is None
    assert draft.set_save(ogre, "success")
    assert draft.saves[ogre] == "success"
    assert "critical-success" not in draft.save_cycle and "critical-failure" not in draft.save_cycle


def test_the_damage_applied_is_logged_as_the_notice_says():
    """test_damage_undo_and_redo_notices_are_one_short_line: the notice is the log's short line."""
    enc, ids = goblins()
    draft = draft_on(enc, [ids["Goblin 1"], ids["Goblin 2"]], random.Random(1))
    draft.set_text("6d6 fire")
    draft.commit(enc)
    assert enc.log[-1].text.startswith("Valeros: 6d6 fire")


def test_who_acted_keeps_the_choice_for_later_hits(R):
    enc, ids = goblins()
    draft = draft_on(enc, [ids["Goblin 1"]], R(5))
    assert draft.actor == ids["Valeros"]  # the active creature
    draft.actor = ids["Goblin 2"]                     # f2: Goblin 2
    draft.set_text("5 slashing")
    draft.preview(enc)
    assert draft.add_hit()
    draft.set_text("3 fire")
    draft.preview(enc)
    assert draft.actor == ids["Goblin 2"]
    draft.commit(enc)
    assert enc.log[-1].text.startswith("Goblin 2:")


def test_who_acted_is_never_the_target_itself_by_default():
    enc, ids = goblins()
    assert enc.active == ids["Valeros"]
    assert draft_on(enc, [ids["Valeros"]], random.Random(1)).actor is None
    assert draft_on(enc, [ids["Goblin 1"]], random.Random(1)).actor == ids["Valeros"]
    # "gob 2" names Goblin 2 in the f2 picker
    assert find_actors(enc, "gob 2", [ids["Valeros"]])[0] == ids["Goblin 2"]


def test_f2_lists_the_targets_last():
    enc, ids = goblins()
    targets = [ids["Valeros"], ids["Goblin 2"]]
    assert find_actors(enc, "", targets) == [ids["Goblin 1"], ids["Valeros"], ids["Goblin 2"]]


def test_f2_finds_any_of_twenty_creatures_in_four_keys():
    """The letters test_tui_damage.py typed after f2 (at most 4 keys with f2 and enter)."""
    enc = Encounter(system="pf2e", name="Horde")
    rules = get_system("pf2e")
    names = [f"Goblin {n}" for n in range(1, 13)] + [
        "Valeros", "Kyra", "Ezren", "Merisiel", "Seoni", "Harsk", "Lem", "Amiri"]
    for name in names:
        enc.add(rules.new_creature(name, pc=not name.startswith("Goblin"), hp=10))
    ids = {enc.creature(cid).name: cid for cid in enc.order}
    target = [enc.order[0]]                           # the form opened on the first row
    for name, letters in (("Goblin 12", "12"), ("Goblin 1", "1"), ("Kyra", "k"),
                          ("Merisiel", "m"), ("Amiri", "a"), ("Ezren", "e"), ("Seoni", "s")):
        assert len(letters) <= 2, name
        assert find_actors(enc, letters, target)[0] == ids[name], name


def test_the_active_creature_that_cannot_act_deals_nothing_by_default(R):
    # the log said an unconscious PC dealt the subdual
    enc, ids = goblins()
    enc.set_condition(ids["Valeros"], "dying", 1)
    draft = draft_on(enc, [ids["Goblin 1"]], R())
    assert draft.actor is None
    draft.set_text("5 slashing")
    draft.commit(enc)
    assert enc.log[-1].text.startswith("5 slashing")


def test_daggerheart_has_no_nonlethal_damage(R):
    # RULES §3 has no nonlethal damage: the option changes nothing
    enc, pc = marlowe()
    draft = draft_on(enc, [pc], R())
    draft.set_text("9 physical")
    draft.toggle_nonlethal()
    assert not draft.nonlethal
    preview = previewed(draft, enc)
    assert "nonlethal" not in preview.options or not preview.options["nonlethal"]
    draft.commit(enc)
    assert enc.creature(pc).hp_marked == 2
    assert "nonlethal" not in enc.log[-1].text


def test_pf2e_nonlethal_is_an_option():
    enc, ids = goblins()
    draft = draft_on(enc, [ids["Goblin 1"], ids["Goblin 2"]], random.Random(1))
    draft.set_text("6 fire")
    draft.toggle_nonlethal()
    assert draft.nonlethal


# -- test_tui_checkbox_enter_and_misses.py and test_tui_temp_hp_and_questions.py --------------------------------------

def test_a_miss_previews_no_damage_then_the_gm_confirms_it():
    enc, tordek, ogre = d20_brawl()
    draft = draft_on(enc, [ogre], Dice(3))  # the attack: 3+0 vs AC 10; 1d8 comes up 8
    draft.set_text("1d8 slashing")
    assert "8" in previewed(draft, enc).outcomes[ogre].summary
    attack = enc.rules.roll_attack(0, 10, threat=20, rng=draft.rng)
    draft.set_attack(attack)
    assert f"{attack.result.upper()}: {attack.text}" == "MISS: 3+0 = 3 vs AC 10: miss"
    preview = previewed(draft, enc)
    assert preview.outcomes[ogre].summary == MISS_SUMMARY == "miss: no damage"
    assert "8" in preview.roll.text  # what was rolled is still shown, for a confirmation
    draft.confirm_miss()  # the GM confirms: the damage rolled lands
    draft.commit(enc)
    assert enc.creature(ogre).hp == 22
    assert "attack 3+0 = 3 vs AC 10: miss" in enc.log[-1].text


def test_a_critical_with_its_confirmation():
    enc, tordek, ogre = d20_brawl()
    attack = enc.rules.roll_attack(12, 25, threat=19, rng=Dice(19, 17))  # a threat, confirmed
    assert f"{attack.result.upper()}: {attack.text}" == (
        "CRITICAL: 19+12 = 31: threat; confirm 17+12 = 29 vs AC 25: critical")


def commoner_brawl() -> tuple[Encounter, str]:
    """Tordek (active) and a commoner of 10 HP with 8 subdual, in d20 3.0: (encounter, commoner)."""
    enc, _tordek, _ogre = d20_brawl()
    commoner = enc.add(enc.rules.new_creature("Commoner", hp=10), initiative=12)
    enc.apply_damage([commoner], "8 subdual")
    return enc, commoner


def test_the_roll_says_subdual_in_d20():
    enc, commoner = commoner_brawl()
    draft = draft_on(enc, [commoner], Dice())
    draft.set_text("1d3+1 subdual")
    text = previewed(draft, enc).roll.text
    assert text.startswith("1d3+1 subdual (3) = 4"), text
    assert "nonlethal" not in text


def test_a_staggering_result():
    enc, commoner = commoner_brawl()
    draft = draft_on(enc, [commoner], Dice(other=1))
    draft.set_text("1d3+1 subdual")
    assert previewed(draft, enc).outcomes[commoner].summary.endswith("staggered")


def test_a_critical_rolled_in_the_helper_doubles_the_damage():
    """test_enter_after_rolling_the_attack_in_the_helper_applies: a critical stays critical."""
    enc, tordek, ogre = d20_brawl()
    draft = draft_on(enc, [ogre], Dice(19, 17, other=4))  # a threat on 19, confirmed by 17
    draft.set_text("1d8+3 slashing")
    draft.preview(enc)
    draft.set_attack(enc.rules.roll_attack(0, 10, threat=19, rng=draft.rng))
    assert draft.critical
    draft.commit(enc)
    assert enc.creature(ogre).hp == 30 - 14  # (4+3) ×2


def test_a_miss_not_confirmed_applies_nothing():
    """test_enter_twice_after_a_miss_applies_nothing: enter on the question logs the miss."""
    enc, tordek, ogre = d20_brawl()
    draft = draft_on(enc, [ogre], Dice(3))  # 3+0 vs AC 10: a miss
    draft.set_text("8 slashing")
    draft.set_attack(enc.rules.roll_attack(0, 10, threat=20, rng=draft.rng))
    assert draft.no_damage
    draft.commit(enc)
    assert enc.creature(ogre).hp == 30
    assert "miss" in enc.log[-1].text and "no damage" in enc.log[-1].text
