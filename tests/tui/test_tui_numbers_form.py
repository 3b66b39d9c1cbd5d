"""The table's numbers in the forms: the GM's MAP step recorded for the next Strike, a Horde's
X offered from half its HP, rolled saves logged with their die and total, the numbers on the
wide detail pane and in the stat-block paste preview (with the lines not read)."""

from __future__ import annotations

from pathlib import Path

from test_tui_numbers import pf2_strikes, pyro_ambush
from textual import events
from tui_support import Dice, running, screen_text, static_text, type_text, until

from core import Encounter, get_system
from core.creature.model import Attack
from core.text import i18n
from tui.widgets.notation_field import NotationField


async def test_the_gms_map_step_carries_to_the_actors_next_strike(app_factory):
    """The Goblin Warrior struck once off the app: the GM says its first rolled Strike was the
    second of the turn (m); the next Strike is then the third, −8 agile, without a word."""
    async with running(app_factory, pf2_strikes()) as (pilot, app, encounter, ids):
        goblin = ids["Goblin Warrior"]
        await pilot.press("down", "d")
        app.screen.rng = Dice(11, 3)
        await pilot.press("alt+1")
        await pilot.pause()
        assert app.screen.last_attack.map_step == 0
        await pilot.press("tab", "m")
        assert app.screen.last_attack.map_step == 1
        assert encounter.map_step(goblin) == 0           # not applied yet (RULES §10)
        await pilot.press("shift+tab", "enter")          # the miss logged: recorded in the encounter
        assert encounter.map_step(goblin) == 2
        await pilot.press("d")
        app.screen.rng = Dice(11, 3)
        await pilot.press("alt+1")
        await pilot.pause()
        rolled = app.screen.last_attack
        assert rolled.map_step == 2 and rolled.bonus == -1
        line = static_text(app.screen, "#attacks")
        # the MAP before the attack's name: at 80 columns the name is what the line cuts
        assert line.index("MAP −8 (attack 3, agile)") < line.index("Dogslicer")


def raiders_scene(marked: int) -> Encounter:
    """Pirate Raiders (Horde (1d4+1), HP 4, ``marked`` of it marked) against Marlowe."""
    rules = get_system("daggerheart")
    encounter = Encounter("daggerheart", "Raid")
    encounter.add(rules.new_creature("Marlowe", pc=True, hp=6, major=7, severe=14, armor=3,
                                     numbers={"evasion": 11}))
    raiders = rules.new_creature("Pirate Raiders", hp=4, major=5, severe=11, numbers={"attack": 1},
                                 attacks=[Attack("Cutlass", "1d8+2 physical")])
    raiders.horde, raiders.hp_marked = "1d4+1 physical", marked
    encounter.add(raiders)
    return encounter


async def test_a_horde_at_half_its_hp_offers_its_x(app_factory):
    async with running(app_factory, raiders_scene(2), system="daggerheart") as (pilot, app, enc, ids):
        await pilot.press("d")                           # Marlowe
        screen = app.screen
        screen.set_actor(ids["Pirate Raiders"])
        assert static_text(screen, "#attacks") == "Horde: 1d4+1 physical now (alt+h) · alt+1 Cutlass"
        await pilot.press("alt+h")
        assert screen.query_one("#damage", NotationField).value == "1d4+1 physical"
        screen.query_one("#damage", NotationField).value = ""
        screen.rng = Dice(15, 2)
        await pilot.press("alt+1")                       # the ATK rolled: its damage is X too
        await pilot.pause()
        assert screen.last_attack.hit
        assert screen.query_one("#damage", NotationField).value == "1d4+1 physical"


async def test_a_horde_not_yet_at_half_its_hp_deals_its_printed_damage(app_factory):
    async with running(app_factory, raiders_scene(1), system="daggerheart") as (pilot, app, enc, ids):
        await pilot.press("d")
        screen = app.screen
        screen.set_actor(ids["Pirate Raiders"])
        assert static_text(screen, "#attacks") == "alt+1 Cutlass 1d8+2 physical"
        await pilot.press("alt+h")
        assert screen.query_one("#damage", NotationField).value == ""
        assert "no Horde with half its HP marked" in app.notes.last


async def test_rolled_saves_go_in_the_log_with_their_die_and_total(app_factory):
    async with running(app_factory, pyro_ambush()) as (pilot, app, encounter, ids):
        await pilot.press("down", "space", "space", "d")
        app.screen.rng = Dice(3, 15)
        await type_text(pilot, "10 fire")
        await pilot.press("alt+v", "2", "0", "enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is app.roster
        details = encounter.log[-1].details
        assert "Goblin 1: save failure (Ref +8: d20 3+8 = 11 vs DC 20)" in details
        assert "Goblin 2: save success (Ref +8: d20 15+8 = 23 vs DC 20)" in details


async def test_the_wide_detail_pane_shows_every_number_after_conditions(app_factory):
    """The roster's detail pane (a wide terminal) lists the numbers, each
    after its conditions with why, and the attacks with their bonus."""
    encounter = pf2_strikes()
    goblin = encounter.order[0]
    encounter.add_condition(goblin, "frightened", 2)
    app = app_factory(encounter)
    async with app.run_test(size=(132, 43)) as pilot:
        await pilot.pause()
        shown = str(app.roster.query_one("#detail").render())
        assert "Numbers\nAC 14 (16, frightened 2)\n" in shown
        assert "Dogslicer +5 (+7, frightened 2) (agile): 1d6 slashing" in shown
        assert "Shortbow +4 (+6, frightened 2) (ranged): 1d6 piercing" in shown
        assert shown.index("Numbers") < shown.index("Defenses")
        await pilot.press("down")                        # Valeros: AC 18 only
        await pilot.pause()
        shown = str(app.roster.query_one("#detail").render())
        assert "Numbers\nAC 18\n" in shown


BLOCKS = Path(__file__).parent.parent / "core" / "statblocks"


async def paste(pilot, text: str) -> str:
    """Open the add form's paste dialog, paste ``text`` as a terminal does: the preview."""
    await pilot.press("a", "ctrl+t")
    pilot.app.post_message(events.Paste(text))
    await pilot.pause()
    await pilot.pause()
    await until(pilot, lambda: not getattr(pilot.app.screen, "pending", False))  # read off-thread
    return static_text(pilot.app.screen, "#paste-preview")


async def test_the_paste_preview_shows_the_numbers_read_and_the_attacks_bonus(app_factory):
    """The numbers a block gives, seen before it is added."""
    async with running(app_factory) as (pilot, app, _encounter, _ids):
        shown = await paste(pilot, (BLOCKS / "pf2e-goblin-warrior.txt").read_text(encoding="utf-8"))
        assert "Numbers  Level -1 · AC 16 · Fort +5 Ref +7 Will +3 · Per +2" in shown
        assert "Attacks  dogslicer +7 1d6 slashing, shortbow +6 1d6 piercing" in shown
        # RULES §10: the traits that are no kind, and the senses
        assert shown.splitlines()[-1] == "Not read (2) CE Small Goblin Humanoid · darkvision"


async def test_the_paste_preview_says_which_stat_lines_were_not_read(app_factory):
    """A block with lines that look like statistics but were not read says
    which (a pf2e block with a 3.5 ``Armor Class`` line)."""
    text = (BLOCKS / "pf2e-goblin-warrior.txt").read_text(encoding="utf-8") + "\nArmor Class 18\nThresholds 5/10\n"
    async with running(app_factory) as (pilot, app, _encounter, _ids):
        shown = await paste(pilot, text)
        assert shown.splitlines()[-1] == \
            "Not read (4) Armor Class 18 · Thresholds 5/10 · CE Small Goblin Humanoid · darkvision"
        assert "AC 16" in shown                          # what was read still shows


async def test_the_damage_form_speaks_japanese(app_factory):
    """The damage form's words come from the catalogue (English ids, named
    placeholders); the numbers and the notation stay as the block prints them."""
    i18n.set_language("ja")
    try:
        async with running(app_factory, pyro_ambush()) as (pilot, app, _encounter, _ids):
            await pilot.press("down", "d")
            screen = app.screen
            assert screen.query_one("#damage-box").border_title == "ダメージ · 目標1体"
            shown = screen_text(app)
            assert "目標" in shown and "セーヴ" in shown and "結果" in shown
            assert "クリティカル (alt+c)" in static_text(screen, "#options")
            assert static_text(screen, "#save-hint").startswith("基本セーヴ：↓ の後 1 大成功 2 成功")
            await type_text(pilot, "7 fire")
            await pilot.pause()
            assert "合計 7" in static_text(screen, "#roll-line")
    finally:
        i18n.set_language("en")
