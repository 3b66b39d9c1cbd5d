"""Damage entry on screen: the keys reach the draft, and what it would do is shown and applied.

The rules these tests once restated (totals, saves, criticals, kept dice, hits, who acted,
bad notation) are checked on the core's DamageDraft in tests/core/test_draft_from_pilot.py
: here stays what only the screen shows.
"""

from __future__ import annotations

from contextlib import asynccontextmanager

from rich.text import Text
from textual.events import Key
from textual.widgets import Input, OptionList
from tui_support import (
    BOTH_GOBLINS,
    goblins,
    ids_by_name,
    marlowe,
    open_damage,
    running,
    set_damage,
    type_text,
)

from core import Encounter, get_system
from tui.screens.damage import DamageScreen
from tui.widgets.notation_field import NotationField
from tui.widgets.target_table import TargetTable

SIZE = (80, 24)


def result_cell(screen: DamageScreen, creature_id: str) -> str:
    """The plain text of a target's Result cell."""
    cell = screen.query_one("#targets", TargetTable).get_cell(creature_id, "result")
    assert isinstance(cell, Text), cell
    return cell.plain


@asynccontextmanager
async def damage_on_goblins(app_factory):
    """The app on two goblins, both marked, damage entry open: (pilot, screen, encounter, ids)."""
    async with running(app_factory) as (pilot, _app, encounter, ids):
        screen = await open_damage(pilot, keys=BOTH_GOBLINS)
        yield pilot, screen, encounter, ids


async def test_save_keys_and_enter_apply_what_is_shown_as_one_undo_step(app_factory):
    # Was three tests on the same two goblins: test_two_targets_with_different_saves_preview_
    # then_apply, test_type_damage_down_a_save_key_and_enter and test_damage_undo_and_redo_
    # notices_are_one_short_line. The totals (10 and 25), the hit points each save leaves, the
    # dead goblin and the one undo step are checked on DamageDraft: test_draft_from_pilot.py.
    async with damage_on_goblins(app_factory) as (pilot, screen, encounter, ids):
        app = pilot.app
        g1, g2 = ids["Goblin 1"], ids["Goblin 2"]
        assert screen.target_ids == [g1, g2]
        await set_damage(pilot, screen, "10 fire")
        await pilot.press("down")
        assert screen.focused is screen.query_one("#targets", TargetTable)
        assert screen.highlighted_id == g1
        await pilot.press("2")
        assert screen.draft.saves[g1] == "success"
        await pilot.press("down", "4")
        assert screen.draft.saves[g2] == "critical-failure"
        await pilot.press("1", "0")
        assert screen.draft.saves[g2] is None
        await pilot.press("3", "S")  # Goblin 2's failure for every target
        assert set(screen.draft.saves.values()) == {"failure"}
        await pilot.press("up", "left")  # Goblin 1: failure to success
        await pilot.press("down", "right")  # Goblin 2: failure to critical failure
        assert screen.draft.saves == {g1: "success", g2: "critical-failure"}
        shown = screen.preview
        assert shown.outcomes[g1].summary in result_cell(screen, g1)
        assert shown.outcomes[g2].summary in result_cell(screen, g2)
        steps = str(screen.query_one("#steps").render())
        assert "Goblin 2" in steps and "weakness" in steps
        assert encounter.creature(g1).hp == 15  # a preview changes nothing
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is app.roster
        for cid, outcome in shown.outcomes.items():
            assert encounter.creature(cid).hp == max(0, 15 - outcome.total)
        assert app.roster.table.marked == frozenset()
        notices = [(app.notes.last, app.notes.timeouts[-1])]
        await pilot.press("u")  # one application is one undo step
        assert encounter.creature(g1).hp == 15
        assert encounter.creature(g2).hp == 15
        notices.append((app.notes.last, app.notes.timeouts[-1]))
        await pilot.press("ctrl+y")
        notices.append((app.notes.last, app.notes.timeouts[-1]))
        assert [text for text, _ in notices] == [
            "Valeros: 10 fire → 2 targets", "Undid: Valeros: 10 fire → 2 targets",
            "Redid: Valeros: 10 fire → 2 targets"]
        assert all((timeout or app.NOTIFICATION_TIMEOUT) <= 3 for _, timeout in notices)
        assert all(len(text) <= 36 for text, _ in notices)  # one line of a toast at 80 columns


async def test_the_option_keys_reach_the_draft_and_the_options_line(app_factory):
    # Was test_dice_are_rolled_once_and_kept_while_only_saves_change (one roll for all, options
    # keep the dice: test_draft_from_pilot.py) and test_pf2e_still_offers_nonlethal_with_its_key.
    async with damage_on_goblins(app_factory) as (pilot, screen, encounter, ids):
        def options() -> str:
            return str(screen.query_one("#options").render())

        assert "[ ] nonlethal (alt+n)" in options()
        await set_damage(pilot, screen, "6d6 fire")
        await pilot.press("alt+n")
        await pilot.pause()
        assert screen.draft.nonlethal
        assert "[x] nonlethal (alt+n)" in options()
        await pilot.press("tab", "n", "c")  # on the targets, the letters
        assert screen.draft.critical and not screen.draft.nonlethal
        critical_roll = screen.preview.roll
        assert critical_roll.critical == 2
        await pilot.press("r")
        assert screen.preview.roll is not critical_roll
        shown = screen.preview
        await pilot.press("enter")
        await pilot.pause()
        for cid, outcome in shown.outcomes.items():
            assert encounter.creature(cid).hp == max(0, 15 - outcome.total)


async def test_bad_notation_is_shown_inline_and_nothing_is_applied(app_factory):
    # Every bad text and the place of its problem: test_bad_notation_is_refused_with_the_place_
    # of_the_problem (core). This test also holds test_caret_sits_under_the_problem,
    # test_a_save_changed_while_the_field_is_wrong_keeps_the_last_valid_preview and
    # test_escape_cancels (escape with a preview shown).
    async with damage_on_goblins(app_factory) as (pilot, screen, encounter, ids):
        app = pilot.app
        field = screen.query_one("#damage", NotationField)
        await set_damage(pilot, screen, "10 fire")
        await set_damage(pilot, screen, "2d6 fyre")
        assert not field.valid
        lines = str(field.query_one(".feedback").render()).splitlines()
        assert lines[0] == "2d6 fyre"
        assert lines[1].index("^") == lines[0].index("fyre")
        await pilot.press("tab", "right", "right")  # Goblin 1: success, the field still wrong
        assert screen.preview is not None
        assert screen.preview.outcomes[ids["Goblin 1"]].total == 10  # "10 fire" halved, weakness +5
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen  # nothing applied until it is fixed
        assert "Fix the damage first" in app.notes.last
        await pilot.press("escape")
        assert app.screen is app.roster
        assert all(encounter.creature(c).hp == encounter.creature(c).max_hp
                   for c in encounter.order)
        assert encounter.log[-1].kind == "add"


async def test_daggerheart_hits_armor_direct_and_no_nonlethal(app_factory):
    # Was test_daggerheart_hits_are_totalled_and_an_armor_slot_lowers_severity and
    # test_daggerheart_offers_no_nonlethal_and_alt_n_does_nothing. The totals, the HP marked and
    # the nonlethal option's rules: test_draft_from_pilot.py. RULES §3 has no nonlethal damage:
    # the option and its key are not shown, alt+n changes nothing.
    encounter, pc = marlowe()
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_damage(pilot, keys=())
        await set_damage(pilot, screen, "4 physical")
        # a terminal sends alt+n as ESC n: the field must not type the n
        app.post_message(Key("alt+n", "n"))
        await pilot.press("alt+n")
        await pilot.pause()
        assert screen.query_one("#damage Input", Input).value == "4 physical"
        assert "no nonlethal damage" in str(screen.query_one("#steps").render())
        await pilot.press("tab", "plus")
        assert screen.draft.hits == ["4 physical"]
        await set_damage(pilot, screen, "5 physical")
        await pilot.press("tab", "n", "a")
        options = str(screen.query_one("#options").render())
        assert "nonlethal" not in options and "alt+n" not in options, options
        assert not screen.draft.nonlethal
        assert screen.draft.armor_slot(pc)
        assert screen.preview.outcomes[pc].hp_marked == 1
        await pilot.press("i")  # direct damage: no armor slot
        assert screen.draft.direct
        assert screen.preview.outcomes[pc].hp_marked == 2
        await pilot.press("f1")
        await pilot.pause()
        assert "Nonlethal" not in str(app.screen.query_one("#help-scroll Static").render())
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("i", "enter")
        await pilot.pause()
        creature = encounter.creature(pc)
        assert creature.hp_marked == 1
        assert creature.armor_marked == 1
        assert "4 physical + 5 physical" in encounter.log[-1].text


async def test_typing_refreshes_the_footer_only_when_a_preview_comes_or_goes(app_factory,
                                                                            monkeypatch):
    async with damage_on_goblins(app_factory) as (pilot, screen, encounter, ids):
        refreshed: list[object] = []
        monkeypatch.setattr(screen, "refresh_bindings", lambda: refreshed.append(1))
        await type_text(pilot, "6d6 fire")  # the first valid key brings a preview
        await pilot.pause()
        assert screen.preview is not None
        assert len(refreshed) == 1
        await pilot.press("tab")  # Textual refreshes on a focus change itself
        await pilot.pause()
        before = len(refreshed)
        await pilot.press("right", "right", "down", "right")
        assert len(refreshed) == before


async def test_a_change_refreshes_the_footer_once(app_factory, monkeypatch):
    encounter = goblins()
    ids = ids_by_name(encounter)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        refreshed: list[object] = []
        monkeypatch.setattr(app.roster, "refresh_bindings", lambda: refreshed.append(1))
        goblin = ids["Goblin 1"]
        app.session.apply(lambda enc: enc.apply_damage([goblin], "7 slashing"), {goblin})
        await pilot.pause()
        assert len(refreshed) == 1


async def test_another_hit_keeps_the_numbers_of_the_first(app_factory):
    # the kept dice, a critical and a reroll of both hits: test_draft_from_pilot.py
    encounter = goblins()
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_damage(pilot)
        await set_damage(pilot, screen, "2d6 slashing")
        first = screen.preview.roll
        await pilot.press("tab", "plus")  # in the field, + is part of the notation
        assert screen.draft.hits == ["2d6 slashing"]
        assert screen.query_one("#damage", NotationField).value == ""
        assert screen.preview.roll.total == first.total  # the kept hit alone, as rolled
        await set_damage(pilot, screen, "1d4 piercing")
        both = screen.preview.roll
        assert len(both.hits) == 2
        assert both.hits[0] == first.hits[0]
        await pilot.press("backspace")  # "1d4 piercin" does not parse: the preview stays
        assert screen.preview.roll is both
        await pilot.press("g")
        assert screen.preview.roll.hits == both.hits
        await pilot.press("enter")
        await pilot.pause()
        assert "2d6 slashing + 1d4 piercing" in encounter.log[-1].text


async def test_help_and_footer_offer_the_keys_that_work_where_the_focus_is(app_factory):
    # was test_help_and_footer_name_the_save_keys and test_the_footer_offers_only_keys_that_
    # work_where_the_focus_is: the same form, the same keys
    async with damage_on_goblins(app_factory) as (pilot, screen, encounter, ids):
        app = pilot.app
        await set_damage(pilot, screen, "6d6 fire")

        def footer() -> str:
            return " ".join(str(key.render()) for key in app.screen.query("FooterKey"))

        in_field = footer()
        # + types into the field; function keys work there from any terminal (alt++ often not)
        assert "f3 Add hit" in in_field and "f2 By" in in_field and "^r Reroll" in in_field
        assert "alt++" not in in_field
        await pilot.press("down")
        await pilot.pause()
        # the same keys on the targets (plus the save keys, digits there)
        assert footer().replace("0 1 2 3 4 S Save to all ", "") == in_field
        labels = " ".join(str(label.render()) for label in app.screen.query("FooterLabel"))
        assert "Save to all" in footer() and "Save" in labels
        await pilot.press("question_mark")
        await pilot.pause()
        shown = str(app.screen.query_one("#help-scroll Static").render())
        assert "Critical failure" in shown and "Save to all" in shown


# -- play report S10-1: a preview never cuts a number ----------------------------------------

def test_fit_words_cuts_at_a_word_with_an_ellipsis():
    from tui.widgets.log_panel import fit_lines, fit_words

    assert fit_words("16: HP 30/30 → HP 14/30", 23) == "16: HP 30/30 → HP 14/30"
    assert fit_words("16: HP 30/30 → HP 14/30", 22) == "16: HP 30/30 → HP …"
    assert fit_words("16: HP 30/30 → HP 14/30", 19) == "16: HP 30/30 → HP …"
    assert fit_words("16: HP 30/30 → HP 14/30", 18) == "16: HP 30/30 → …"
    assert fit_lines("a bb ccc dddd", 6, 2) == "a bb\nccc …"
    assert fit_words("Kneebreaker", 6) == "Kneeb…"      # one long word: cut by cells
    assert fit_lines("a bb ccc", 6, 2) == "a bb\nccc"


LONG_HIT = ("2d6+3 slashing, 1d6 fire, 1d6 cold, 1d6 acid, 1d6 sonic, 1d6 electricity, "
            "1d6 force, 1d6 positive, 2d6 negative, 1d6 holy, 1d6 unholy, 2d6 fire, 2d6 cold")


async def test_a_long_result_and_breakdown_are_cut_at_a_word_at_80_columns(app_factory):
    rules = get_system("d20-3e")
    encounter = Encounter("d20-3e", "Crypt")
    # a long name takes the Target column's 18 cells: the Result has the least room
    fighter = encounter.add(rules.new_creature("Fighter of the Crypt", pc=True, hp=12, temp_hp=10))
    encounter.apply_damage([fighter], "5 subdual")
    app = app_factory(encounter, system="d20-3e")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_damage(pilot, keys=())
        screen.query_one("#damage Input", Input).value = LONG_HIT
        await pilot.press("alt+c")
        await pilot.pause()
        await pilot.pause()
        table = screen.query_one("#targets", TargetTable)
        summary = screen.preview.outcomes[fighter].summary
        shown = result_cell(screen, fighter)
        assert len(summary) > 40 and shown.endswith(" …"), shown
        assert summary.startswith(shown[:-2]) and summary[len(shown) - 2] == " ", shown
        assert table.max_scroll_x == 0  # nothing hidden to the right of the table
        steps = str(screen.query_one("#steps").render()).splitlines()
        full = "Fighter of the Crypt: " + " → ".join(screen.preview.outcomes[fighter].steps)
        assert len(steps) == 4 and steps[-1].endswith("…"), steps
        kept = " ".join(steps)[:-2]
        assert full.startswith(kept) and full[len(kept)] == " ", (kept, full)


async def test_who_acted_is_never_the_target_itself_and_keeps_the_gms_f2_choice(app_factory):
    # Play report S3-3 / S4-1: the active creature hit itself ("Agent: 10 slashing → Agent");
    # then nobody, never a guess (f2 enter takes the one who acted last). Play report
    # S4-1 / S8: the "by …" of the form forgot f2 between hits. Was also
    # test_who_acted_keeps_the_gms_f2_choice_for_later_hits_in_the_form (f2 and letters:
    # test_f2_finds_any_of_twenty_creatures_in_four_keys). Who acts by default, also when the
    # active creature cannot act (test_the_active_creature_that_cannot_act_deals_nothing_by_
    # default was here): test_draft_from_pilot.py.
    encounter = goblins()
    ids = ids_by_name(encounter)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        assert encounter.active == ids["Valeros"]
        screen = await open_damage(pilot, keys=())  # on Valeros, the active creature
        assert screen.draft.actor is None
        await pilot.press("f2")
        app.screen.query_one("#actor-query", Input).value = "gob 2"
        await pilot.pause()
        await pilot.press("enter")
        assert screen.draft.actor == ids["Goblin 2"]
        await set_damage(pilot, screen, "5 slashing")
        await pilot.press("f3")
        await set_damage(pilot, screen, "3 fire")
        assert screen.draft.hits == ["5 slashing"]
        assert screen.draft.actor == ids["Goblin 2"]
        assert "by Goblin 2" in str(screen.query_one("#damage-box").border_subtitle)
        await pilot.press("enter")
        await pilot.pause()
        assert encounter.log[-1].text.startswith("Goblin 2:")
        await pilot.press("d")  # the next hit on Valeros: nobody, but f2 enter names Goblin 2
        assert app.screen.draft.actor is None
        await pilot.press("f2", "enter")
        assert app.screen.draft.actor == ids["Goblin 2"]
        await pilot.press("escape", "down", "d")  # on Goblin 1: the active creature again
        assert app.screen.draft.actor == ids["Valeros"]


async def test_f2_lists_nobody_and_the_targets_last(app_factory):
    # Play report: f2 from "nobody" named the target itself first ("Valeros → Valeros").
    from tui.screens.actor_picker import ActorPicker

    encounter = goblins()
    ids = ids_by_name(encounter)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_damage(pilot, keys=("space", "down", "down", "space"))
        assert screen.target_ids == [ids["Valeros"], ids["Goblin 2"]]
        assert screen.draft.actor is None
        await pilot.press("f2")
        picker = app.screen
        assert isinstance(picker, ActorPicker)
        listing = picker.query_one("#actor-list", OptionList)
        rows = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert rows == ["nobody", "Goblin 1", "Valeros (target)", "Goblin 2 (target)"]
        assert listing.highlighted == 0
        await pilot.press("down", "enter")
        assert screen.draft.actor == ids["Goblin 1"]
        assert str(screen.query_one("#damage-box").border_subtitle) == "by Goblin 1 (f2)"
        await pilot.press("f2", "escape")            # back: unchanged
        assert screen.draft.actor == ids["Goblin 1"]
        await pilot.press("f2", "up", "enter")       # nobody is above the one acting now
        assert screen.draft.actor is None


async def test_f2_finds_any_of_twenty_creatures_in_four_keys(app_factory):
    # the letters for all seven names tried here before: test_f2_finds_any_of_twenty_creatures_
    # in_four_keys (core); the screen: two letters and one typed reach the picker
    encounter = Encounter(system="pf2e", name="Horde")
    rules = get_system("pf2e")
    names = [f"Goblin {n}" for n in range(1, 13)] + [
        "Valeros", "Kyra", "Ezren", "Merisiel", "Seoni", "Harsk", "Lem", "Amiri"]
    for name in names:
        encounter.add(rules.new_creature(name, pc=not name.startswith("Goblin"), hp=10))
    ids = ids_by_name(encounter)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_damage(pilot, keys=())
        for name, letters in (("Goblin 12", "12"), ("Kyra", "k")):
            await pilot.press("f2", *letters, "enter")     # at most 4 keys
            assert screen.draft.actor == ids[name], name


async def test_a_long_roll_line_is_cut_at_a_word_and_the_save_keys_follow_the_system(app_factory):
    # The roll line has two lines: a longer roll was cut off silently mid-number. It shows the
    # core's roll text and where the dice came from (the words: test_draft.py and
    # test_draft_from_pilot.py; was also test_a_typed_total_rolls_no_dice and, in
    # test_tui_checkbox_enter_and_misses.py, test_the_roll_line_says_subdual_in_d20). The same d20 form
    # offers only d20's save keys (was test_save_keys_follow_the_system).
    rules = get_system("d20-3e")
    encounter = Encounter("d20-3e", "Crypt")
    ogre = encounter.add(rules.new_creature("Ogre", hp=200))
    app = app_factory(encounter, system="d20-3e")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_damage(pilot, keys=())
        screen.query_one("#damage Input", Input).value = LONG_HIT
        await pilot.pause()
        await pilot.pause()
        assert screen.preview.outcomes[ogre].total > 0
        roll_line = screen.query_one("#roll-line")
        lines = str(roll_line.render()).splitlines()
        assert len(lines) == 2, lines
        assert all(len(line) <= roll_line.content_region.width for line in lines), lines
        # the dice are cut at a word; the total and who rolled stay whole
        roll = screen.preview.roll
        shown = " ".join(" ".join(lines).split())
        assert shown.endswith(f" … · total {roll.total} · app rolled (^r: reroll)"), shown
        kept = shown.split(" … ")[0]
        assert roll.text.startswith(kept) and roll.text[len(kept)] in " ,", (kept, roll.text)
        await pilot.press("down", "4")  # no critical failure in d20 3.0
        assert screen.draft.saves[ogre] is None
        await pilot.press("2")
        assert screen.draft.saves[ogre] == "success"
        keys = {binding.key for _, binding, enabled, _ in screen.active_bindings.values()
                if enabled}
        assert {"2", "3"} <= keys and not {"1", "4"} & keys
        assert "S" not in keys  # one target: nothing to copy to


def test_fit_keeping_tail_cuts_the_head_at_a_word_and_keeps_the_tail():
    from tui.widgets.log_panel import fit_keeping_tail

    assert fit_keeping_tail("1d6 fire (3) = 3", "  ·  total 3", 40, 2) == "1d6 fire (3) = 3  ·  total 3"
    head = "1d6 fire (3) = 3, 1d6 cold (4) = 4, 1d6 acid (5) = 5, 1d6 sonic (6) = 6"
    cut = fit_keeping_tail(head, "  ·  total 18", 30, 2)
    assert len(cut.splitlines()) == 2 and cut.endswith(" …  ·  total 18"), cut
    assert all(len(line) <= 30 for line in cut.splitlines()), cut
    kept = " ".join(cut.split(" …")[0].split("\n"))
    assert head.startswith(kept) and head[len(kept)] in " ,", kept


async def test_up_in_the_damage_field_recalls_the_damage_applied_before(app_factory):
    """Play report 2: the d20 brawl typed ``1d3+1 subdual`` four times. ``up`` in the damage
    field brings back what was applied before, most recent first, as a shell's history does."""
    encounter = goblins()
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        for text in ("1d6+2 slashing", "2d6 fire"):
            await set_damage(pilot, await open_damage(pilot), text)
            await pilot.press("enter")
            await pilot.pause()
        screen = await open_damage(pilot, keys=())
        field = screen.query_one("#damage", NotationField)
        assert field.value == ""
        await pilot.press("up")
        assert field.value == "2d6 fire"
        await pilot.press("up")
        assert field.value == "1d6+2 slashing"
        await pilot.press("up")  # round again to the most recent
        assert field.value == "2d6 fire"
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "2d6 fire" in encounter.log[-1].text
