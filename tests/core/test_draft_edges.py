"""What mutation testing left alive in core/encounter/draft.py: the f2 picker's ranks,
the save and DC typed (the DC's bounds at and one past), numbers typed as a block prints them,
a MAP step changed after the roll, the attack line's order, and where the dice came from."""

from __future__ import annotations

import pytest

from core import Encounter, get_system
from core.creature.model import Attack, Roll, RolledPart
from core.encounter.draft import (
    DamageDraft,
    find_actors,
    read_numbers,
    read_save_and_dc,
    restep,
    roll_source,
    shown_attack,
    typed_total,
)
from core.notation import parse_damage
from core.table.rolls import roll_attack


@pytest.mark.parametrize("text,save,dc", [
    ("ref 20", "ref", 20), ("Will DC 18", "will", 18), ("20", "ref", 20), ("fortitude, 5", "fort", 5),
    ("reflex 0", "ref", 0), ("ref 999", "ref", 999), ("dc 20", "ref", 20),
])
def test_the_save_and_dc_typed_are_read(text, save, dc):
    assert read_save_and_dc(text) == (save, dc)


def test_a_dc_alone_takes_the_save_given():
    assert read_save_and_dc("20", "will") == ("will", 20)


@pytest.mark.parametrize("text,message", [
    ("ref 1000", "a DC is 0 to 999, not 1000"), ("ref -1", "a DC is 0 to 999, not -1"),
    ("ref will 20", "type the save and the DC"), ("ref", "type the save and the DC"),
    ("20 21", "type the save and the DC"), ("luck 20", "type the save and the DC"),
])
def test_a_save_and_dc_out_of_bounds_or_unclear_is_refused(text, message):
    with pytest.raises(ValueError, match=message):
        read_save_and_dc(text)


@pytest.mark.parametrize("system,text,numbers", [
    ("pf2e", "AC 17 · Fort +5 Ref +8 Will +4 · Per +6", {"ac": 17, "fort": 5, "ref": 8, "will": 4, "perception": 6}),
    ("pf2e", "ac 17, fortitude 5, reflex -2", {"ac": 17, "fort": 5, "ref": -2}),
    ("d20-3e", "ff 13 flat-footed 12 touch 11", {"flat_footed": 12, "touch": 11}),
    ("daggerheart", "atk +3 difficulty 12", {"attack": 3, "difficulty": 12}),
    ("pf2e", "", {}),
])
def test_numbers_typed_as_a_block_prints_them(system, text, numbers):
    assert read_numbers(system, text) == numbers


def test_a_number_without_its_name_or_of_another_system_is_refused():
    with pytest.raises(ValueError, match="not a number with its name: 'junk'"):
        read_numbers("pf2e", "AC 17 junk")
    with pytest.raises(ValueError, match="'evasion' is not a number here; Level, AC, Fort, Ref, Will, Per are"):
        read_numbers("pf2e", "Evasion 5")


@pytest.fixture(scope="module")
def party():
    enc = Encounter("pf2e", "t")
    rules = get_system("pf2e")
    ids = [enc.add(rules.new_creature(n, hp=5, init_mod=0)) for n in ("Goblin 10", "Goblin 1", "Orc", "Big Goblin")]
    return enc, ids


@pytest.mark.parametrize("query,names,with_target", [
    ("1", ["Goblin 1", "Goblin 10"], ["Goblin 1", "Goblin 10"]),
    ("goblin", ["Goblin 10", "Goblin 1", "Big Goblin"], ["Goblin 10", "Big Goblin", "Goblin 1"]),
    ("gob", ["Goblin 10", "Goblin 1", "Big Goblin"], ["Goblin 10", "Goblin 1", "Big Goblin"]),
    ("", ["Goblin 10", "Goblin 1", "Orc", "Big Goblin"], ["Goblin 10", "Orc", "Big Goblin", "Goblin 1"]),
    ("x", [], []),
    ("oblin", ["Goblin 10", "Goblin 1", "Big Goblin"], ["Goblin 10", "Big Goblin", "Goblin 1"]),
    ("GOBLIN 1", ["Goblin 1", "Goblin 10"], ["Goblin 1", "Goblin 10"]),
    ("big gob", ["Big Goblin"], ["Big Goblin"]),
])
def test_the_picker_ranks_names_and_puts_a_target_last_among_equals(party, query, names, with_target):
    enc, ids = party
    assert [enc.creature(c).name for c in find_actors(enc, query)] == names
    assert [enc.creature(c).name for c in find_actors(enc, query, [ids[1]])] == with_target


class Dice:
    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        return self.values.pop(0)


RULES = get_system("pf2e")
ACTOR = RULES.new_creature("Gob", hp=5, numbers={"level": 1, "ac": 15})
TARGET = RULES.new_creature("Orc", hp=5, numbers={"level": 1, "ac": 15})
CLAW = Attack("Claw", "1d6 slashing", 7, ("agile",))


def test_a_map_step_changed_after_the_roll_reads_the_same_die_again():
    rolled = roll_attack("pf2e", RULES, ACTOR, TARGET, CLAW, 1, Dice(10), ("c1", "c2"))
    first = restep(rolled, 0)
    assert (first.bonus, first.total, first.degree, first.hit, first.critical, first.map_step) == \
        (7, 17, "success", True, False, 0)
    assert first.steps == ("Claw +7", "d20 10+7 = 17 vs AC 15: hit (success)", "agile: no effect on damage")
    third = restep(rolled, 2)
    assert (third.bonus, third.total, third.degree, third.hit) == (-1, 9, "failure", False)
    assert third.steps[1:] == ("multiple attack penalty: attack 3 of the turn −8 (agile) (the GM's step)",
                               "d20 10-1 = 9 vs AC 15: miss (failure)", "agile: no effect on damage")


def test_a_critical_follows_the_step_and_a_plain_attack_takes_the_full_penalty():
    rolled = roll_attack("pf2e", RULES, ACTOR, TARGET, Attack("Bite", "1d4 piercing", 7), 0, Dice(18), ("c1", "c2"))
    assert (rolled.critical, rolled.degree) == (True, "critical-success")
    second = restep(rolled, 1)
    assert (second.bonus, second.total, second.degree, second.hit, second.critical) == \
        (2, 20, "success", True, False)
    assert second.steps[1] == "multiple attack penalty: attack 2 of the turn −5 (the GM's step)"
    assert restep(second, 0).steps == rolled.steps
    assert restep(second, 0).critical


def test_only_the_pathfinder_family_has_a_map():
    d20 = get_system("d20-3e")
    actor = d20.new_creature("Gob", hp=5, numbers={"ac": 15})
    rolled = roll_attack("d20-3e", d20, actor, actor, Attack("Claw", "1d6", 3), 0, Dice(10, 10), ("c1", "c1"))
    with pytest.raises(ValueError, match="only the Pathfinder family"):
        restep(rolled, 1)


def test_the_attack_line_shows_the_verdict_then_the_die():
    rolled = roll_attack("pf2e", RULES, ACTOR, TARGET, CLAW, 1, Dice(10), ("c1", "c2"))
    assert shown_attack(rolled).text == ("MISS: d20 10+3 = 13 vs AC 15: miss (failure) · "
                                         "MAP −4 (attack 2, agile) · Claw +7 · agile: no effect on damage")
    assert shown_attack(rolled).result == "miss"


def _roll(text: str, faces: tuple[int, ...]) -> Roll:
    damage = parse_damage(text, "pf2e")
    return Roll((damage,), ((RolledPart(damage.parts[0], 7, faces),),))


def test_the_roll_line_says_where_the_dice_came_from():
    assert (typed_total(_roll("2d6 fire", (3, 4))), roll_source(_roll("2d6 fire", (3, 4)))) == \
        (False, "app rolled (^r: reroll)")
    assert (typed_total(_roll("2d4=7 fire", ())), roll_source(_roll("2d4=7 fire", ()))) == \
        (True, "rolled at the table")
    assert roll_source(_roll("14 fire", ())) == "typed total"


def test_the_critical_multiplier_cycles_where_the_system_has_them():
    draft = DamageDraft(get_system("d20-3e"), ["a", "b", "a"])
    assert (draft.targets, draft.multiplier, draft.critical_value) == (("a", "b"), 2, False)
    seen = []
    for _ in range(3):
        draft.cycle_multiplier()
        seen.append(draft.multiplier)
    assert seen == [3, 4, 2]
    draft.toggle_critical()
    assert draft.critical_value == 2
    draft.set_critical(False)
    assert draft.critical_value is False
    plain = DamageDraft(get_system("pf2e"), ["a"])
    plain.cycle_multiplier()
    plain.set_critical(True)
    assert (plain.multiplier, plain.critical_value) == (2, True)


def test_direct_damage_and_armor_slots_only_where_the_system_has_them():
    pf2 = DamageDraft(get_system("pf2e"), ["a"])
    pf2.toggle_direct()
    assert not pf2.direct and not pf2.toggle_armor("a")
    dh = DamageDraft(get_system("daggerheart"), ["a"])
    assert dh.toggle_armor("a") and dh.armor_slot("a")
    assert not dh.toggle_armor("a", 0) and dh.armor_slot("a")     # none free: unchanged
    dh.toggle_direct()
    assert dh.direct and not dh.armor_slot("a") and not dh.toggle_armor("a")
    dh.toggle_direct()
    assert dh.toggle_armor("a") and not dh.armor_slot("a")


def test_a_save_cycles_both_ways_and_is_copied_to_every_target():
    draft = DamageDraft(get_system("pf2e"), ["a", "b"])
    assert draft.cycle_save("a", 1) and draft.saves["a"] == "critical-success"
    assert draft.cycle_save("a", -1) and draft.saves["a"] is None
    assert draft.cycle_save("a", -1) and draft.saves["a"] == "critical-failure"
    assert draft.copy_save("a") and draft.saves == {"a": "critical-failure", "b": "critical-failure"}
    assert not draft.set_save("a", "nope")
    assert DamageDraft(get_system("d20-3e"), ["a"]).set_save("a", "success")


def test_nonlethal_by_its_words_and_nothing_to_commit_before_any_damage():
    draft = DamageDraft(get_system("d20-3e"), ["a"])
    draft.set_text("  1d3 subdual  ")
    assert (draft.text, draft.typed_nonlethal) == ("1d3 subdual", True)
    draft.set_text("zzz")
    assert not draft.typed_nonlethal
    empty = DamageDraft(get_system("pf2e"), ["a"])
    assert (empty.add_hit(), empty.texts, empty.roll(), empty.current) == (False, (), None, None)
    with pytest.raises(ValueError, match="no damage to apply: type the damage first"):
        empty.commit(Encounter("pf2e", "t"))


def test_a_draft_commits_to_the_targets_asked_for_only():
    enc = Encounter("pf2e", "Ambush")
    rules = enc.rules
    a = enc.add(rules.new_creature("A", hp=10))
    b = enc.add(rules.new_creature("B", hp=10))
    draft = DamageDraft(rules, [a, b])
    draft.set_text("3 fire")
    assert list(draft.commit(enc, [b])) == [b]
    assert (enc.creature(a).hp, enc.creature(b).hp) == (10, 7)
