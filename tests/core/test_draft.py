"""The damage entry's rules without a screen: one roll, and "change an option, keep the dice"."""

from __future__ import annotations

import pytest
from core_support import previewed

from core import Encounter, get_system
from core.encounter.draft import DamageDraft, roll_source, typed_total


def encounter_of(system: str, *stats: dict) -> tuple[Encounter, list[str]]:
    enc = Encounter(system=system, name="Draft")
    ids = [enc.add(enc.rules.new_creature(f"C{i}", **s), initiative=10 - i) for i, s in enumerate(stats)]
    return enc, ids


def totals(preview) -> list[int]:
    return [o.total for o in preview.outcomes.values()]


def test_nothing_typed_previews_nothing(R):
    enc, ids = encounter_of("pf2e", {"hp": 30})
    draft = DamageDraft(enc.rules, ids, R())
    assert draft.preview(enc) is None
    assert not draft.add_hit()
    with pytest.raises(ValueError, match="type the damage"):
        draft.commit(enc)


def test_critical_on_and_off_keeps_the_dice(R):
    enc, ids = encounter_of("pf2e", {"hp": 30}, {"hp": 30})
    rng = R(3, 4)                               # the only dice: a third roll would fail the test
    draft = DamageDraft(enc.rules, ids, rng)
    draft.set_text("2d6 fire")
    assert totals(draft.preview(enc)) == [7, 7]
    draft.toggle_critical()
    assert totals(draft.preview(enc)) == [14, 14]   # RULES §2 Step 3: the same dice, doubled
    draft.toggle_critical()
    assert totals(draft.preview(enc)) == [7, 7]
    assert rng.left == 0


def test_saves_are_per_target_and_keep_the_dice(R):
    enc, (a, b) = encounter_of("pf2e", {"hp": 30}, {"hp": 30})
    draft = DamageDraft(enc.rules, [a, b], R(3, 4))
    draft.set_text("2d6 fire")
    draft.toggle_critical()
    assert draft.set_save(a, "success")
    preview = previewed(draft, enc)
    assert preview.outcomes[a].total == 7 and preview.outcomes[b].total == 14
    assert preview.options["saves"] == {a: "success"}
    assert draft.cycle_save(b, -1) and draft.saves[b] == "critical-failure"
    assert draft.copy_save(a) and draft.saves == {a: "success", b: "success"}


def test_a_save_the_system_lacks_is_refused(R):
    enc, (a,) = encounter_of("d20-3e", {"hp": 30})
    draft = DamageDraft(enc.rules, [a], R())
    assert draft.save_cycle == (None, "success", "failure")
    assert not draft.set_save(a, "critical-success")
    assert draft.saves[a] is None


def test_new_text_rolls_again_and_reroll_rolls_every_die(R):
    enc, (a,) = encounter_of("pf2e", {"hp": 60})
    draft = DamageDraft(enc.rules, [a], R(3, 4, 6, 1, 2, 5))
    draft.set_text("2d6 fire")
    assert previewed(draft, enc).outcomes[a].total == 7
    draft.set_text("1d6 fire")
    assert previewed(draft, enc).outcomes[a].total == 6
    draft.reroll()
    assert previewed(draft, enc).outcomes[a].total == 1
    assert previewed(draft, enc).outcomes[a].total == 1     # a reroll happens once


def test_d20_multipliers_cycle_and_roll_only_extra_dice(R):
    enc, (a,) = encounter_of("d20-3e", {"hp": 200})
    rng = R(5, 2, 7, 1)
    draft = DamageDraft(enc.rules, [a], rng)
    draft.set_text("1d8+3")
    assert previewed(draft, enc).outcomes[a].total == 8
    draft.toggle_critical()
    draft.cycle_multiplier()
    assert draft.critical_value == 3
    assert previewed(draft, enc).outcomes[a].total == 23     # (5+3) + (2+3) + (7+3)
    draft.cycle_multiplier()
    assert previewed(draft, enc).outcomes[a].total == 27     # one more roll: 1+3
    for _ in range(2):                                    # ×2, ×3: no die rolled again
        draft.cycle_multiplier()
    preview = previewed(draft, enc)
    assert draft.multiplier == 3 and preview.outcomes[a].total == 23
    assert preview.outcomes[a].steps[0] == "critical ×3: 1d8+3 = (5)+3 + (2)+3 + (7)+3 = 23"
    assert rng.left == 0


def test_d20_critical_off_and_on_keeps_the_extra_dice(R):
    """Moved from the damage screen's Pilot test: options never reroll."""
    enc, (a,) = encounter_of("d20-3e", {"hp": 200})
    rng = R(5, 2, 7, 1)                                   # a fifth roll would fail the test
    draft = DamageDraft(enc.rules, [a], rng)
    draft.set_text("1d8+3")
    draft.toggle_critical()
    assert previewed(draft, enc).outcomes[a].total == 13     # (5+3) + (2+3)
    draft.cycle_multiplier()
    draft.cycle_multiplier()
    assert previewed(draft, enc).outcomes[a].total == 27     # ×4: (5+3) + (2+3) + (7+3) + (1+3)
    draft.cycle_multiplier()                              # back to ×2
    draft.toggle_critical()
    assert previewed(draft, enc).outcomes[a].total == 8      # the first dice, as rolled
    draft.toggle_critical()
    assert draft.multiplier == 2 and previewed(draft, enc).outcomes[a].total == 13
    draft.cycle_multiplier()
    assert previewed(draft, enc).outcomes[a].total == 23     # the same third die: 7
    assert rng.left == 0


def test_a_system_without_multipliers_doubles(R):
    enc, (a,) = encounter_of("pf2e", {"hp": 30})
    draft = DamageDraft(enc.rules, [a], R())
    draft.cycle_multiplier()
    draft.toggle_critical()
    assert draft.multiplier == 2 and draft.critical_value is True


def test_daggerheart_hits_armor_and_direct(R):
    enc, (pc, foe) = encounter_of("daggerheart", {"hp": 6, "major": 7, "severe": 14, "armor": 3},
                                  {"hp": 6, "major": 7, "severe": 14, "armor": 3})
    draft = DamageDraft(enc.rules, [pc, foe], R(4, 5))
    draft.set_text("1d8 physical")
    draft.preview(enc)
    assert draft.add_hit() and draft.text == "" and draft.hits == ["1d8 physical"]
    draft.set_text("1d8 physical")
    assert draft.toggle_armor(pc)
    preview = previewed(draft, enc)
    # RULES §3: the hits are totalled (4 + 5 = 9, Major) before the thresholds; the slot lowers it
    assert preview.damage == ("1d8 physical", "1d8 physical")
    assert [o.summary for o in preview.outcomes.values()] == ["9 Minor: 1 HP", "9 Major: 2 HP"]
    draft.toggle_direct()
    assert not draft.toggle_armor(foe) and not draft.armor_slot(pc)
    preview = previewed(draft, enc)
    assert preview.options["direct"] is True and preview.options["armor_slots"] == {}
    assert [o.hp_marked for o in preview.outcomes.values()] == [2, 2]


def test_armor_and_direct_do_nothing_where_the_system_lacks_them(R):
    enc, (a,) = encounter_of("pf2e", {"hp": 30})
    draft = DamageDraft(enc.rules, [a], R(3))
    assert not draft.toggle_armor(a)
    draft.toggle_direct()
    draft.set_text("1d6 fire")
    options = previewed(draft, enc).options
    assert not draft.direct and options["direct"] is False and options["armor_slots"] == {}


def test_commit_applies_what_the_preview_showed(R):
    enc, (a, b) = encounter_of("pf2e", {"hp": 30}, {"hp": 30})
    draft = DamageDraft(enc.rules, [a, b], R(3, 4))
    draft.set_text("2d6 fire")
    draft.toggle_nonlethal()
    shown = previewed(draft, enc)
    assert enc.creature(a).hp == 30                       # a preview touches nothing
    outcomes = draft.commit(enc)
    assert {cid: (o.changes, o.steps) for cid, o in outcomes.items()} == {
        cid: (o.changes, o.steps) for cid, o in shown.outcomes.items()}
    assert enc.creature(a).hp == 23 and enc.creature(b).hp == 23
    assert enc.log[-1].text.startswith("2d6 fire nonlethal →")


def test_preview_for_some_of_the_targets(R):
    enc, (a, b) = encounter_of("pf2e", {"hp": 30}, {"hp": 30})
    draft = DamageDraft(enc.rules, [a, b], R(3, 4))
    draft.set_text("2d6 fire")
    draft.set_save(b, "success")
    preview = previewed(draft, enc, [a])
    assert list(preview.outcomes) == [a] and preview.options["saves"] == {}


def test_typed_total_tells_typed_from_rolled(R):
    enc, (a,) = encounter_of("pf2e", {"hp": 30})
    draft = DamageDraft(enc.rules, [a], R(3))
    draft.set_text("14 fire")
    assert typed_total(previewed(draft, enc).roll)
    draft.set_text("1d6 fire")
    assert not typed_total(previewed(draft, enc).roll)


def test_the_roll_says_where_its_dice_were_rolled(R):
    """``1d3+1=4`` is a roll made at the table with known dice, not a bare typed total."""
    enc, (a,) = encounter_of("pf2e", {"hp": 30})
    draft = DamageDraft(enc.rules, [a], R(3))
    said = {}
    for text in ("14 fire", "2d4+1=7 fire", "1d6 fire"):
        draft.set_text(text)
        said[text] = roll_source(previewed(draft, enc).roll)
    assert said == {"14 fire": "typed total", "2d4+1=7 fire": "rolled at the table",
                    "1d6 fire": "app rolled (^r: reroll)"}


def test_an_unknown_target_is_named(R):
    enc, (a,) = encounter_of("pf2e", {"hp": 30})
    draft = DamageDraft(enc.rules, [a], R(3))
    draft.set_text("1d6 fire")
    with pytest.raises(KeyError, match="no creature 'nobody'"):
        draft.preview(enc, ["nobody"])


def test_no_free_armor_slot_no_choice(R):
    enc, (pc,) = encounter_of("daggerheart", {"hp": 6, "major": 7, "severe": 14, "armor": 3})
    draft = DamageDraft(enc.rules, [pc], R())
    assert not draft.toggle_armor(pc, free_slots=0)
    assert draft.toggle_armor(pc, free_slots=1) and draft.armor_slot(pc)


def test_typed_nonlethal_and_the_systems_word(R):
    enc, (a,) = encounter_of("d20-3e", {"hp": 30})
    draft = DamageDraft(enc.rules, [a], R(2))
    draft.set_text("1d3+1 subdual")
    assert draft.typed_nonlethal and not draft.nonlethal
    assert enc.rules.nonlethal_word == "subdual"
    draft.set_text("1d3+1")
    assert not draft.typed_nonlethal


def test_current_is_the_hit_being_typed(R):
    enc, (a,) = encounter_of("pf2e", {"hp": 30})
    draft = DamageDraft(enc.rules, [a], R(3, 5))
    draft.set_text("1d6 fire")
    unrolled = draft.current
    assert unrolled is None
    draft.preview(enc)
    before = draft.current
    assert before is not None
    assert before.text == "1d6 fire" and before.roll.total == 3
    draft.reroll()
    draft.preview(enc)
    after = draft.current
    assert after is not None
    assert after.roll is not before.roll and after.roll.total == 5


def test_the_actor_and_the_attack_go_in_the_log(R):
    enc, (ogre, orc) = encounter_of("d20-3e", {"hp": 200}, {"hp": 30})
    draft = DamageDraft(enc.rules, [ogre], R(20, 20, 5, 2), actor=orc)
    draft.set_attack(enc.rules.roll_attack(5, 10, rng=draft.rng))
    assert draft.critical and not draft.missed
    draft.set_text("1d8+3")
    draft.commit(enc)
    text = enc.log[-1].text
    assert text.startswith("C1: attack ") and "1d8+3 critical → C0" in text


def test_nonlethal_is_an_option_only_where_the_rules_have_it(R):
    """RULES §5 has no nonlethal damage for Daggerheart: the option does nothing there."""
    assert get_system("pf2e").has_nonlethal and get_system("d20-3e").has_nonlethal
    enc, (a,) = encounter_of("daggerheart", {"hp": 6, "major": 7, "severe": 14})
    assert not enc.rules.has_nonlethal
    draft = DamageDraft(enc.rules, [a], R())
    draft.toggle_nonlethal()
    assert not draft.nonlethal


def test_a_missed_attack_is_known(R):
    enc, (a,) = encounter_of("d20-3e", {"hp": 30})
    draft = DamageDraft(enc.rules, [a], R(1))
    draft.set_attack(enc.rules.roll_attack(0, 30, rng=draft.rng))
    assert draft.missed and not draft.critical


def test_a_miss_previews_and_commits_no_damage_but_logs_the_attack(R):
    """A miss deals nothing unless the GM confirms; the dice are kept."""
    enc, (tordek, ogre) = encounter_of("d20-3e", {"hp": 20}, {"hp": 30})
    draft = DamageDraft(enc.rules, [ogre], R(3, 8), actor=tordek)
    draft.set_attack(enc.rules.roll_attack(0, 10, rng=draft.rng))  # 3 vs AC 10
    draft.set_text("1d8 slashing")
    preview = previewed(draft, enc)
    assert draft.missed and draft.no_damage
    assert totals(preview) == [0]
    assert preview.outcomes[ogre].summary == "miss: no damage"
    assert preview.roll.total == 8  # the damage was rolled, and is kept for a confirmation
    draft.commit(enc)
    assert enc.creature(ogre).hp == 30
    assert "miss" in enc.log[-1].text and "no damage" in enc.log[-1].text


def test_a_miss_the_gm_confirms_deals_the_rolled_damage(R):
    enc, (tordek, ogre) = encounter_of("d20-3e", {"hp": 20}, {"hp": 30})
    draft = DamageDraft(enc.rules, [ogre], R(3, 8), actor=tordek)
    draft.set_attack(enc.rules.roll_attack(0, 10, rng=draft.rng))
    draft.set_text("1d8 slashing")
    draft.preview(enc)
    draft.confirm_miss()
    assert draft.missed and not draft.no_damage
    assert totals(draft.preview(enc)) == [8]  # the same die, no new roll
    draft.commit(enc)
    assert enc.creature(ogre).hp == 22
    draft.set_attack(enc.rules.roll_attack(0, 30, rng=R(1)))  # a new miss asks again
    assert draft.no_damage


def test_who_acts_by_default_is_never_a_target_nor_out_of_the_fight():
    """The active creature acts by default; not when it is
    a target (a creature seldom hits itself), nor when it cannot act (dead, defeated, dying,
    unconscious, paralyzed …): then nobody, never a guess."""
    from core.encounter.draft import default_actor

    enc, (a, b, c) = encounter_of("pf2e", {"hp": 30}, {"hp": 30}, {"hp": 30})
    assert enc.active == a
    assert default_actor(enc, [b]) == a
    assert default_actor(enc, [a]) is None
    for state in ("dead", "defeated", "unconscious", "paralyzed", "petrified"):
        enc.add_condition(a, state)
        assert default_actor(enc, [b]) is None, state
        enc.undo()
    enc.set_condition(a, "dying", 1)
    assert default_actor(enc, [b]) is None
    enc.undo()
    enc.add_condition(a, "frightened", 2)    # it still acts
    assert default_actor(enc, [b]) == a


def test_a_few_letters_find_any_of_twenty_creatures():
    """F2 finds the actor by typing: at most 2 letters (so 4 keys with f2
    and enter) for each of 20 creatures, numbered copies included."""
    from core.encounter.draft import find_actors

    names = [f"Goblin {n}" for n in range(1, 13)] + [
        "Valeros", "Kyra", "Ezren", "Merisiel", "Seoni", "Harsk", "Lem", "Amiri"]
    enc, ids = encounter_of("pf2e", *({"hp": 10} for _ in names))
    for cid, name in zip(ids, names, strict=True):
        enc.update(cid, name=name)
    for cid, name in zip(ids, names, strict=True):
        letters = name.casefold().replace(" ", "")
        queries = [q for size in (1, 2) for q in
                   {*(letters[i:i + size] for i in range(len(letters))), *name.casefold().split()}
                   if len(q) <= 2]
        found = [q for q in queries if find_actors(enc, q)[:1] == [cid]]
        assert found, name


def test_find_actors_ranks_whole_words_then_starts_then_the_rest():
    from core.encounter.draft import find_actors

    enc, (a, b, c, d) = encounter_of("pf2e", *({"hp": 10} for _ in range(4)))
    for cid, name in ((a, "Goblin 10"), (b, "Goblin 1"), (c, "Hobgoblin"), (d, "Kyra")):
        enc.update(cid, name=name)
    assert find_actors(enc, "1") == [b, a]
    assert find_actors(enc, "gob") == [a, b, c]
    assert find_actors(enc, "GOB", target_ids=[a]) == [b, a, c]
    assert find_actors(enc, "zz") == []
    assert find_actors(enc, "") == [a, b, c, d]
