"""Help lists every key of the current screen; the palette offers every action by name."""

from __future__ import annotations

from textual.widgets import Input
from tui_support import goblins, ids_by_name

from tui.commands import EncounterCommands
from tui.screens.damage import ACTOR_HELP, DamageScreen
from tui.screens.help import HelpScreen, screen_keys
from tui.screens.log_screen import LogLines, LogScreen

SIZE = (80, 24)


async def test_help_lists_the_roster_keys_from_the_bindings(app_factory):
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        lines = {item.description: item for item in app.screen.keys}
        for description in ("Add", "Edit", "Remove the marked creatures (or the highlighted one)",
                            "Remove every defeated creature", "Mark or unmark a target, then move down",
                            "Damage the marked creatures (or the highlighted one)",
                            "Heal the marked creatures (or the highlighted one)", "Next turn",
                            "Persistent conditions and immunities (tracker)", "Undo", "Redo", "Log", "Save", "Saves",
                            "Quick save", "Quick load", "Help", "Quit"):
            assert description in lines, description
        assert lines["Undo"].key == "u"   # ctrl+z suspends
        assert not lines["Redo"].enabled  # nothing to redo yet: said in words
        assert "not now" in str(app.screen.query_one("#help-scroll Static").render())
        await pilot.press("escape")
        assert app.screen is app.roster


async def test_help_on_the_damage_form_lists_its_own_keys(app_factory):
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        assert isinstance(app.screen, DamageScreen)
        await pilot.press("tab", "question_mark")  # "?" in the field would be typed
        assert isinstance(app.screen, HelpScreen)
        shown = str(app.screen.query_one("#help-scroll Static").render())
        assert "Apply" in shown and "Reroll" in shown and "Success" in shown
        assert "Undo" not in shown  # the app's keys stay out of the form
        await pilot.press("escape")
        assert isinstance(app.screen, DamageScreen)


async def test_palette_offers_every_action_and_damage_per_creature(app_factory):
    encounter = goblins()
    ids = ids_by_name(encounter)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        provider = EncounterCommands(app.screen)
        names = [name for name, _, _ in provider.commands()]
        for expected in ("Add creature", "Damage", "Heal", "Next turn", "Persistent conditions",
                         "Undo", "Redo", "Save", "Saves: load, open or resume an encounter",
                         "Quick save", "Quick load", "Log",
                         "Damage Goblin 2", "Heal Valeros"):
            assert expected in names
        hits = [hit async for hit in provider.search("damage gob")]
        assert hits
        callback = next(c for n, _, c in provider.commands() if n == "Damage Goblin 2")
        callback()
        await pilot.pause()
        assert isinstance(app.screen, DamageScreen)
        assert app.screen.target_ids == [ids["Goblin 2"]]


async def test_palette_opens_with_ctrl_p(app_factory):
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "CommandPalette"


async def test_log_screen_shows_every_event_with_details(app_factory):
    encounter = goblins()
    ids = ids_by_name(encounter)
    encounter.apply_damage([ids["Goblin 1"]], "6 fire")
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        assert isinstance(app.screen, LogScreen)
        text = "\n".join(app.screen.query_one("#log-scroll", LogLines).lines())
        assert "Valeros joins" in text
        assert "6 fire" in text and "weakness" in text
        await pilot.press("escape")
        assert app.screen is app.roster


async def test_the_log_screen_files_end_of_turn_lines_under_the_turn_that_ended(app_factory):
    """Play report 2: frightened falling at the end of Valeros's turn is not Goblin 1's."""
    encounter = goblins()
    ids = ids_by_name(encounter)
    encounter.add_condition(ids["Valeros"], "frightened", 2)
    encounter.next_turn()
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        text = "\n".join(app.screen.query_one("#log-scroll", LogLines).lines())
        assert ("R1 end of Valeros's turn\n"
                "    Valeros: frightened 2 → 1 (end of its turn)\n"
                "R1 Goblin 1's turn") in text


async def test_palette_switches_an_encounter_setting(tmp_path, monkeypatch) -> None:
    """Rule options are offered by name in the palette; switching one is one undo step."""
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    import random

    from tui.app import make_app
    from tui.commands import EncounterCommands

    app = make_app(system="pf2e", rng=random.Random(1), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        provider = EncounterCommands(app.screen)
        names = {name: callback for name, _, callback in provider.commands()}
        assert "Setting: critical hits roll the dice twice" in names
        names["Setting: critical hits roll the dice twice"]()
        await pilot.pause()
        assert app.session.encounter.settings["crit_mode"] == "roll-twice"
        offered = {name for name, _, _ in provider.commands()}
        assert "Setting: critical hits double the damage" in offered
        app.session.encounter.undo()
        assert app.session.encounter.settings["crit_mode"] == "double"


async def test_f1_opens_help_everywhere_a_question_mark_would_be_typed(app_factory):
    # Play report S2-4/S10-5: "?" types into a text field, and F1 did nothing.
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("f1")  # and closes it, as ? does
        assert app.screen is app.roster
        await pilot.press("d")
        assert isinstance(app.screen, DamageScreen)
        await pilot.press("f1")  # from the damage field
        assert isinstance(app.screen, HelpScreen)
        assert "Apply" in str(app.screen.query_one("#help-scroll Static").render())
        await pilot.press("escape", "escape", "a")  # the add form, its Name field focused
        await pilot.pause()
        form = app.screen
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        focused = form.focused
        assert isinstance(focused, Input)
        assert app.screen is form and "?" not in str(focused.value)


async def test_help_names_function_keys_and_each_key_once(app_factory):
    # Play report S10-4: "+ / alt++ / alt++ / f3"; F1 was hidden behind "?".
    app = app_factory(goblins())
    async with app.run_test(size=SIZE) as pilot:
        lines = {item.description: item.key for item in screen_keys(app, app.screen)}
        assert lines["Help"] == "? / f1"
        await pilot.press("d")
        lines = {item.description: item.key for item in screen_keys(app, app.screen)}
        assert lines["Add hit"] == "+ / alt++ / f3" and lines[ACTOR_HELP] == "alt+b / f2"
        assert lines["Help"] == "f1"  # from the damage field, where ? is typed


async def test_help_in_damage_entry_lists_up_for_earlier_damage_not_the_fields_scrolling(app_factory):
    """Play report 3: F1 listed the text field's ``↑ Scroll Up`` (which a one-line field
    never does) instead of ``up`` bringing back earlier damage."""
    app = app_factory()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        lines = {item.description: item.key for item in screen_keys(app, app.screen)}
        assert "Scroll Up" not in lines and "Scroll Down" not in lines
        assert lines["Bring back the damage applied before"] == "↑"


async def test_help_names_the_palette_in_words(app_factory):
    """Textual's own binding says only ``palette``: help says what it offers, once."""
    app = app_factory()
    async with app.run_test(size=(80, 24)):
        keys = screen_keys(app, app.screen)
        palette = [k for k in keys if "palette" in k.description.lower()]
        assert [(k.key, k.description) for k in palette] == [("^p", "Command palette: every action")]
