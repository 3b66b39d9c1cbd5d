"""Stat blocks on screen: stat-block paste, the bestiary, copies (Pilot tests at 80×24)."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.widgets import Static, TextArea
from tui_support import goblins, ids_by_name, settle, static_text, type_text, until

from core import Encounter, get_system
from saves import library
from tui.commands import EncounterCommands
from tui.screens.creature_form import CreatureForm
from tui.screens.dialogs import ConfirmModal, PromptModal
from tui.screens.help import screen_keys
from tui.screens.library import LibraryScreen
from tui.screens.statblock_paste import StatblockPasteScreen
from tui.widgets.notation_field import NotationField

SIZE = (80, 24)
BLOCKS = Path(__file__).parent.parent / "core" / "statblocks"


def block(name: str) -> str:
    """A stat block fixture as printed."""
    return (BLOCKS / name).read_bytes().decode("utf-8")


def preview(app) -> str:
    """What the paste dialog says it read."""
    return static_text(app.screen, "#paste-preview")


async def paste(pilot, text: str) -> None:
    """A terminal's bracketed paste: one Paste event, posted to the app as the driver does."""
    pilot.app.post_message(events.Paste(text))
    await pilot.pause()
    await pilot.pause()
    await until(pilot, lambda: not getattr(pilot.app.screen, "pending", False))  # read off-thread


async def test_a_pasted_pf2e_block_is_shown_field_by_field_then_added_with_its_text(app_factory):
    app = app_factory(goblins())
    text = block("pf2e-zombie-shambler.txt")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "ctrl+t")
        assert isinstance(app.screen, StatblockPasteScreen)
        await paste(pilot, text)
        assert app.screen.query_one("#block", TextArea).text == text  # taken whole, line breaks kept
        shown = preview(app)
        assert "Zombie Shambler" in shown
        assert "Track    20/20" in shown
        assert "immunity mental" in shown and "weakness positive 5" in shown
        assert "undead" in shown
        assert "Init     +0" in shown
        assert "fist +7 1d6+2 bludgeoning" in shown          # with its bonus
        await pilot.press("tab", "backspace", "2", "enter")
        await pilot.pause()
        assert app.screen is app.roster
        names = ids_by_name(app.session.encounter)
        assert {"Zombie Shambler 1", "Zombie Shambler 2"} <= set(names)
        zombie = app.session.encounter.creature(names["Zombie Shambler 1"])
        assert zombie.statblock == text and zombie.attacks
        assert app.notes.last == "Added Zombie Shambler 1, Zombie Shambler 2 from the stat block."


async def test_the_paste_dialog_points_at_what_it_could_not_read(app_factory):
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "ctrl+t")
        await paste(pilot, "Goblin\nAC 16\nHP lots")
        shown = preview(app)
        assert shown.startswith("✗ line 3, column 4: HP should be a whole number")
        assert "HP lots\n   ^" in shown
        await pilot.press("enter")  # nothing read: the dialog stays, and says so
        assert isinstance(app.screen, StatblockPasteScreen)
        assert "fix the block" in static_text(app.screen, "#paste-error")
        await pilot.press("escape")
        assert isinstance(app.screen, CreatureForm)


async def test_a_paste_with_carriage_returns_points_at_the_right_line(app_factory):
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "ctrl+t")
        await paste(pilot, "Goblin\rAC 16\rHP lots")  # tmux and some terminals paste CR
        assert preview(app).startswith("✗ line 3, column 4:")


async def test_ctrl_j_types_a_line_break_and_typing_is_read_again(app_factory):
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "ctrl+t")
        await type_text(pilot, "Rat")
        await pilot.press("ctrl+j")
        await type_text(pilot, "HP 8")
        assert app.screen.query_one("#block", TextArea).text == "Rat\nHP 8"
        assert "Track    8/8" in preview(app)


async def test_a_daggerheart_adversary_pasted_is_hit_by_its_thresholds(app_factory):
    encounter = Encounter(system="daggerheart", name="Burrow")
    app = app_factory(encounter, system="daggerheart")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "ctrl+t")
        await paste(pilot, block("daggerheart-acid-burrower.md"))
        shown = preview(app)
        assert "Acid Burrower" in shown.title() and "Init" not in shown  # no initiative
        assert "Claws +3 1d12+2 phy" in shown
        await pilot.press("enter")
        await pilot.pause()
        (cid,) = app.session.encounter.order
        out = app.session.encounter.apply_damage([cid], "9 phy")[cid]
        assert out.hp_marked == 2  # 9 is Major at thresholds 8/15


async def test_paste_is_not_offered_when_editing(app_factory):
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e", "ctrl+t")
        assert isinstance(app.screen, CreatureForm)


async def test_keep_then_add_six_from_the_bestiary_with_completion(app_factory):
    encounter = goblins()
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        app.roster.table.select_creature(ids_by_name(encounter)["Goblin 2"])
        await pilot.press("b")
        assert library.names("pf2e") == ["Goblin"]  # kept without its number
        assert app.notes.last == "Kept Goblin in the bestiary (B opens it)."
        before = len(encounter.log)
        await pilot.press("B")
        assert isinstance(app.screen, LibraryScreen)
        await type_text(pilot, "gob")
        await pilot.press("tab", "backspace", "6", "enter")
        await settle(pilot)
        assert app.screen is app.roster
        names = [encounter.creature(cid).name for cid in encounter.order]
        assert sorted(n for n in names if n.startswith("Goblin")) == [
            f"Goblin {n}" for n in range(1, 9)]  # numbering continued after Goblin 2
        assert [e.kind for e in encounter.log[before:]] == ["initiative"]  # added and rolled: one step
        new = [cid for cid in encounter.order if encounter.creature(cid).name >= "Goblin 3"
               and not encounter.creature(cid).pc]
        assert len(new) == 6 and all(encounter.creature(cid).hp == 15 for cid in new)


async def test_one_from_the_bestiary_beside_numbered_ones_is_numbered_too(app_factory):
    library.add("pf2e", get_system("pf2e").new_creature("Goblin", hp=6))
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("B", "enter")
        assert "Goblin 3" in ids_by_name(app.session.encounter)


async def test_a_name_not_in_the_bestiary_is_said(app_factory):
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b", "B")
        await type_text(pilot, "dragon")
        await pilot.press("enter")
        assert isinstance(app.screen, LibraryScreen)
        assert "No 'dragon'" in static_text(app.screen, ".dialog-error")


async def test_keeping_a_name_already_kept_asks_before_replacing(app_factory):
    app = app_factory(goblins())
    library.add("pf2e", get_system("pf2e").new_creature("Valeros", hp=5))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        assert library.get("pf2e", "Valeros").max_hp == 40


async def test_rename_and_remove_in_the_bestiary(app_factory, data_dir):
    rules = get_system("pf2e")
    for name in ("Goblin", "Orc"):
        library.add("pf2e", rules.new_creature(name, hp=10))
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("B", "ctrl+r")
        assert isinstance(app.screen, PromptModal)
        await pilot.press("ctrl+u")
        await type_text(pilot, "Hobgoblin")
        await pilot.press("enter")
        assert library.names("pf2e") == ["Hobgoblin", "Orc"]
        await pilot.press("down", "ctrl+x")
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        assert library.names("pf2e") == ["Hobgoblin"]
        assert list((data_dir / "trash").glob("library-pf2e-orc*"))
        library_screen = app.screen
        assert isinstance(library_screen, LibraryScreen) and library_screen.names == ["Hobgoblin"]


async def test_a_block_pasted_in_the_bestiary_is_kept_with_its_text(app_factory):
    app = app_factory(goblins())
    text = block("pf2e-goblin-warrior.txt")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("B", "ctrl+t")
        assert isinstance(app.screen, StatblockPasteScreen)
        assert not app.screen.query("#paste-count")  # one template: no count
        await paste(pilot, text)
        await pilot.press("enter")
        assert isinstance(app.screen, LibraryScreen)
        assert app.screen.names == ["Goblin Warrior"]
        kept = library.get("pf2e", "Goblin Warrior")
        assert kept.statblock == text and kept.init_mod == 2


async def test_copy_makes_fresh_numbered_creatures_at_the_same_initiative(app_factory):
    encounter = goblins()
    ids = ids_by_name(encounter)
    encounter.apply_damage([ids["Goblin 1"]], "5 slashing")
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        app.roster.table.select_creature(ids["Goblin 1"])
        await pilot.press("y")
        assert isinstance(app.screen, PromptModal)
        await pilot.press("backspace", "3", "enter")
        names = ids_by_name(encounter)
        for number in (3, 4, 5):
            copy = names[f"Goblin {number}"]
            assert encounter.creature(copy).hp == 15  # fresh at full health
            assert encounter.initiative(copy) == 15
            assert encounter.creature(copy).defenses == "weaknesses fire 5"
        assert app.notes.last == "Copied Goblin 1: Goblin 3, Goblin 4, Goblin 5."
        await pilot.press("u")  # one undo step
        assert len(encounter.order) == 3


async def test_copy_count_is_checked(app_factory):
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("y", "backspace")
        await type_text(pilot, "lots")
        await pilot.press("enter")
        assert isinstance(app.screen, PromptModal)
        assert "whole number" in static_text(app.screen, ".dialog-error")


async def test_help_and_palette_offer_the_bestiary_copy_and_paste(app_factory):
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        keys = {item.key: item.description for item in app.screen.keys}
        assert keys["B"] == "Bestiary: add kept creatures with a count"
        assert keys["b"].startswith("Keep the highlighted creature")
        assert keys["y"].startswith("Copy the highlighted creature")
        await pilot.press("escape", "a")
        form_keys = {item.key: item.description for item in screen_keys(app, app.screen)}
        assert form_keys["^t"].startswith("Paste a stat block as printed")
        await pilot.press("escape", "B")
        shown = {item.key for item in screen_keys(app, app.screen)}
        assert {"^r", "^x", "esc"} <= shown
        await pilot.press("escape", "escape")
        names = [name for name, _, _ in EncounterCommands(app.screen).commands()]
        assert {"Bestiary", "Keep in bestiary", "Copy creature"} <= set(names)


def ambush_by(system: str, fixture: str) -> tuple[Encounter, dict[str, str]]:
    """A creature read from ``fixture`` acts first; a PC stands by to be hit."""
    rules = get_system(system)
    encounter = Encounter(system=system, name="Ambush")
    encounter.add(rules.from_statblock(block(fixture)), initiative=30)
    encounter.add(rules.new_creature("Valeros", pc=True, hp=40), initiative=10)
    return encounter, ids_by_name(encounter)


async def test_damage_entry_offers_the_actors_attacks_one_key_each(app_factory):
    encounter, ids = ambush_by("pf2e", "pf2e-goblin-warrior.txt")
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        app.roster.table.select_creature(ids["Valeros"])
        await pilot.press("d")
        line = static_text(app.screen, "#attacks")
        assert line == "alt+1 dogslicer +7 1d6 slashing · alt+2 shortbow +6 1d6 piercing"
        app.screen.query_one("#damage", NotationField).value = "¡"  # ESC 1 from a terminal, as Textual reads it
        await pilot.pause()
        assert app.screen.query_one("#damage", NotationField).value == "1d6 slashing"
        await pilot.press("alt+2")
        assert app.screen.query_one("#damage", NotationField).value == "1d6 piercing"
        await pilot.press("enter")
        await pilot.pause()
        valeros = app.session.encounter.creature(ids["Valeros"])
        assert valeros.hp == 35 and "piercing" in app.session.encounter.log[-1].text  # seed 1: 5
        await pilot.press("d", "alt+3")  # the goblin has two: said, nothing typed
        assert app.screen.query_one("#damage", NotationField).value == ""
        assert "no attack 3" in app.notes.last


async def test_the_attacks_follow_the_actor_and_hide_without_one(app_factory):
    encounter, ids = ambush_by("pf2e", "pf2e-goblin-warrior.txt")
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        app.roster.table.select_creature(ids["Valeros"])
        await pilot.press("d", "f2", "up", "enter")  # nobody acts (f2's first row)
        assert not app.screen.query_one("#attacks", Static).display
        await pilot.press("alt+1")
        assert app.screen.query_one("#damage", NotationField).value == ""


async def test_a_pasted_daggerheart_adversary_hits_with_its_attack(app_factory):
    encounter, ids = ambush_by("daggerheart", "daggerheart-acid-burrower.md")
    bear = get_system("daggerheart").new_creature("Bear", hp=7, major=9, severe=17)
    bear_id = encounter.add(bear)
    app = app_factory(encounter, system="daggerheart")
    async with app.run_test(size=SIZE) as pilot:
        app.roster.table.select_creature(bear_id)
        await pilot.press("d")
        assert "alt+1 Claws +3 1d12+2 physical" in static_text(app.screen, "#attacks")
        await pilot.press("alt+1", "enter")
        await pilot.pause()
        marked = app.session.encounter.creature(bear_id).hp_marked
        assert marked == 1  # seed 1: 5 physical, below Major 9
        total = app.session.encounter.log[-1].text
        assert "Bear" in total


async def test_the_bestiarys_summary_shows_the_kept_creatures_numbers(app_factory):
    """AC, saves, Perception and the attacks with their bonus, as the
    paste preview shows them (the same helper)."""
    library.add("pf2e", get_system("pf2e").from_statblock(block("pf2e-goblin-warrior.txt")))
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("B")
        await type_text(pilot, "Goblin W")
        await settle(pilot)
        shown = static_text(app.screen, "#library-summary")
        assert "AC 16" in shown and "Fort +5 Ref +7 Will +3" in shown and "Per +2" in shown
        assert "dogslicer +7" in shown.lower()
