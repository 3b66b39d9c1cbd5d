"""The table's numbers on screen: the numbers of the highlighted creature, rolled saves, the attack helper
for every system with attack rolls, and Daggerheart's Hope and Minions."""

from __future__ import annotations

import pytest
from textual.widgets import Input
from tui_support import (
    Dice,
    ids_by_name,
    open_add_form,
    running,
    screen_text,
    static_text,
)

from core import Encounter, get_system
from core.creature.model import Attack
from tui.screens.minion_picker import MinionPicker
from tui.widgets.notation_field import NotationField
from tui.widgets.numbers_line import NumbersLine
from tui.widgets.roster_table import RosterTable
from tui.widgets.target_table import TargetTable


def pyro_ambush() -> Encounter:
    """Valeros (PC) and four goblins with their printed numbers (the goblin pyro's block)."""
    rules = get_system("pf2e")
    encounter = Encounter("pf2e", "Goblin Ambush")
    encounter.add(rules.new_creature("Valeros", pc=True, hp=40, numbers={"ac": 18}), initiative=20)
    for n in (1, 2, 3, 4):
        encounter.add(rules.new_creature(
            f"Goblin {n}", hp=18, numbers={"level": 1, "ac": 17, "fort": 5, "ref": 8, "will": 4,
                                           "perception": 6}), initiative=10)
    return encounter


def line_text(app) -> str:
    return str(app.screen.query_one(NumbersLine).render())


def row_text(app, name: str) -> str:
    return next(line for line in screen_text(app).splitlines() if name in line)


async def test_the_roster_shows_the_highlighted_creatures_numbers_after_conditions(app_factory):
    encounter = pyro_ambush()
    async with running(app_factory, encounter) as (pilot, app, _enc, ids):
        await pilot.press("down")
        assert line_text(app) == "AC 17 · Fort +5 Ref +8 Will +4 · Per +6"
        assert "AC 17 · Fort +5 Ref +8 Will +4 · Per +6" in screen_text(app)
        app.session.apply(lambda enc: enc.add_condition(ids["Goblin 1"], "frightened", 2),
                          {ids["Goblin 1"]})
        await pilot.pause()
        # every number after frightened 2 (−2 status), the printed one in brackets: the reasons
        # do not fit 80 columns (the row says frightened 2)
        assert line_text(app) == "AC 15 (17) · Fort +3 (+5) Ref +6 (+8) Will +2 (+4) · Per +4 (+6)"
        await pilot.press("up")
        assert line_text(app) == "AC 18"


async def test_a_creature_without_numbers_says_how_to_type_them(app_factory):
    async with running(app_factory) as (pilot, app, _enc, _ids):
        assert "e: type them in" in line_text(app)


async def test_a_fireball_on_four_goblins_with_rolled_saves_in_six_keys(app_factory):
    """D, alt+v, 2 0, enter (roll), enter (apply): six keys after marking,
    not counting the damage typed (as the ten of today did not)."""
    encounter = pyro_ambush()
    encounter.add_condition(ids_by_name(encounter)["Goblin 2"], "clumsy", 2)
    async with running(app_factory, encounter) as (pilot, app, _enc, ids):
        goblins = [ids[f"Goblin {n}"] for n in (1, 2, 3, 4)]
        await pilot.press("down", "space", "space", "space", "space")   # marking
        keys = ["d"]
        await pilot.press("d")
        screen = app.screen
        # the damage form names each target's numbers (its own Pilot test opened this form)
        assert static_text(screen, "#steps").startswith("Goblin 1 (AC 17 · Fort +5 Ref +8")
        screen.rng = Dice(3, 11, 10, 2)                     # the four saves' d20s
        screen.query_one("#damage", NotationField).value = "21 fire"       # the fireball as rolled at the table
        for key in ("alt+v", "2", "0", "enter"):
            keys.append(key)
            await pilot.press(key)
        await pilot.pause()
        assert app.screen is screen
        saves = screen.draft.save_rolls
        # Goblin 2 is clumsy 2: Ref +6, not +8
        assert {cid: (r.natural, r.bonus, r.degree) for cid, r in saves.items()} == {
            goblins[0]: (3, 8, "failure"), goblins[1]: (11, 6, "failure"),
            goblins[2]: (10, 8, "failure"), goblins[3]: (2, 8, "critical-failure")}
        table = screen.query_one("#targets", TargetTable)
        assert table.get_cell(goblins[0], "save") == "11 failure"
        assert "Ref +6 (+8, clumsy 2): d20 11+6 = 17 vs DC 20: failure" in \
            screen.draft.rolled_save(goblins[1]).text
        # the GM can still change a degree (keys beyond the six): Goblin 3 succeeds
        await pilot.press("tab", "down", "down", "2")
        assert screen.draft.saves[goblins[2]] == "success"
        assert table.get_cell(goblins[2], "save") == "success"
        await pilot.press("enter")
        keys.append("enter")
        await pilot.pause()
        assert app.screen is app.roster
        hp = [encounter.creature(cid).hp for cid in goblins]
        assert hp == [0, 0, 8, 0]            # 21 and 42 kill; the success takes half, 10
        assert keys == ["d", "alt+v", "2", "0", "enter", "enter"]


def pf2_strikes() -> Encounter:
    """Goblin Warrior (active, a dogslicer +7 agile) against Valeros (AC 18)."""
    rules = get_system("pf2e")
    encounter = Encounter("pf2e", "Strikes")
    encounter.add(rules.new_creature(
        "Goblin Warrior", hp=15, numbers={"ac": 16},
        attacks=[Attack("Dogslicer", "1d6 slashing", 7, ("agile",)),
                 Attack("Shortbow", "1d6 piercing", 6, ("ranged",))]), initiative=20)
    encounter.add(rules.new_creature("Valeros", pc=True, hp=40, numbers={"ac": 18}), initiative=10)
    return encounter


async def test_alt_1_rolls_the_strike_against_the_targets_ac_with_the_map(app_factory):
    async with running(app_factory, pf2_strikes()) as (pilot, app, encounter, ids):
        await pilot.press("down", "d")
        screen = app.screen
        screen.rng = Dice(11, 3, 20, 2, 4, 1, 1)       # strike 1, its damage, strike 2, …
        await pilot.press("alt+1")
        await pilot.pause()
        rolled = screen.last_attack
        assert (rolled.natural, rolled.total, rolled.dc, rolled.degree) == (11, 18, 18, "success")
        assert rolled.map_step == 0 and not screen.draft.critical
        assert static_text(screen, "#attacks").startswith("HIT: d20 11+7 = 18 vs AC 18: hit (success) · Dogslicer +7")
        assert screen.query_one("#damage", NotationField).value == "1d6 slashing"
        await pilot.press("enter")                      # applied: it counts toward the MAP
        await pilot.press("d", "alt+1")                 # the second Strike of the turn: −4 agile
        await pilot.pause()
        screen = app.screen
        rolled = screen.last_attack
        assert rolled.map_step == 1 and rolled.bonus == 3
        assert "MAP −4 (attack 2, agile)" in static_text(screen, "#attacks")
        assert screen.draft.critical == (rolled.degree == "critical-success")
        await pilot.press("tab", "m")                   # the GM says it was the third: −8
        assert screen.last_attack.map_step == 2 and screen.last_attack.bonus == -1
        assert screen.last_attack.natural == rolled.natural   # the same die, read again


async def test_a_natural_20_sets_critical_and_one_enter_logs_a_miss(app_factory):
    async with running(app_factory, pf2_strikes()) as (pilot, app, encounter, ids):
        await pilot.press("down", "d")
        screen = app.screen
        screen.rng = Dice(20, 4, 4, 2, 2, 2)
        await pilot.press("alt+1")
        await pilot.pause()
        assert screen.last_attack.degree == "critical-success" and screen.draft.critical
        assert static_text(screen, "#attacks").startswith("CRITICAL HIT")
        await pilot.press("escape", "d")
        screen = app.screen
        screen.rng = Dice(1, 4, 4)
        await pilot.press("alt+1")
        await pilot.pause()
        assert screen.draft.missed
        await pilot.press("enter")                      # logged, as d20 3.0's helper does
        await pilot.pause()
        assert app.screen is app.roster
        assert "miss: no damage" in encounter.log[-1].text


def dagger_scene() -> Encounter:
    """Marlowe (PC, Evasion 11) and four Minion (4) bandits with Difficulty 10 and ATK +2."""
    rules = get_system("daggerheart")
    encounter = Encounter("daggerheart", "Bandits")
    encounter.add(rules.new_creature("Marlowe", pc=True, hp=6, major=7, severe=14, armor=3,
                                     numbers={"evasion": 11}))
    for n in (1, 2, 3, 4):
        encounter.add(rules.new_creature(f"Bandit {n}", hp=1, major=5, severe=9,
                                         numbers={"difficulty": 10, "attack": 2, "minion": 4}))
    return encounter


async def test_daggerheart_hope_keys_and_an_adversarys_numbers(app_factory):
    async with running(app_factory, dagger_scene(), system="daggerheart") as (pilot, app, enc, ids):
        assert line_text(app) == "Evasion 11"       # Hope is on Marlowe's row
        assert "Hope 0/6" in row_text(app, "Marlowe")
        await pilot.press("o", "o")
        assert enc.creature(ids["Marlowe"]).hope == 2 and "Hope 2/6" in row_text(app, "Marlowe")
        await pilot.press("O")
        assert enc.creature(ids["Marlowe"]).hope == 1
        await pilot.press("u")
        assert enc.creature(ids["Marlowe"]).hope == 2
        await pilot.press("down")
        assert line_text(app) == "Difficulty 10 · ATK +2 · Minion 4"


async def test_a_hit_on_a_minion_says_how_many_more_it_defeats_and_the_gm_marks_them(app_factory):
    """9 damage on a Minion (4) defeats 2 more; the picker has them marked,
    the GM changes one, enter applies the hit and both defeats as one undo step."""
    async with running(app_factory, dagger_scene(), system="daggerheart") as (pilot, app, enc, ids):
        await pilot.press("down", "d")
        form, events = app.screen, len(enc.log)
        form.query_one("#damage", NotationField).value = "9 physical"
        await pilot.pause()
        assert static_text(app.screen, "#roll-line").endswith("typed total  ·  defeats 2 more Minions")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MinionPicker)
        # escape in the picker goes back to the form, nothing applied (its own Pilot test was
        # on 4 damage: that one more is tests/core/test_rules_from_pilot.py's now)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is form and len(enc.log) == events
        await pilot.press("enter")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, MinionPicker)
        assert picker.picked == [ids["Bandit 2"], ids["Bandit 3"]]       # pre-marked up to 2
        assert "defeats 2 more Minions in range" in screen_text(app)
        await pilot.press("space", "down", "down", "space")             # Bandit 4, not Bandit 2
        assert picker.picked == [ids["Bandit 3"], ids["Bandit 4"]]
        assert "2 of 2 marked" in static_text(picker, "#minion-count")
        # marked and unmarked rows differ in their text, not by colour alone
        rows = [line for line in screen_text(app).splitlines() if "▐X▌" in line]
        marked = [line for line in rows if "✓" in line]
        assert len(rows) == 3 and len(marked) == 2, rows
        assert not any("Bandit 2" in line for line in marked)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is app.roster
        defeated = [name for name, cid in ids.items() if "defeated" in enc.creature(cid).conditions]
        assert defeated == ["Bandit 1", "Bandit 3", "Bandit 4"]
        await pilot.press("u")                                          # one undo step
        await pilot.pause()
        assert not any("defeated" in enc.creature(cid).conditions for cid in ids.values())


def test_numbers_are_said_back_as_a_block_prints_them():
    """The add form's echo and the edit form's value (the reading is the core's:
    tests/core/test_rules_from_pilot.py)."""
    from tui.screens.creature_fields import numbers_text

    assert numbers_text("pf2e", {"ac": 17, "fort": 5, "ref": 8, "will": 4, "perception": 6}) == (
        "AC 17 Fort +5 Ref +8 Will +4 Per +6")
    assert numbers_text("pf2e", {"ac": 18, "ref": 9}) == "AC 18 Ref +9"


async def test_numbers_typed_in_the_add_and_edit_forms(app_factory):
    """The typed numbers reach the creature and come back in the edit form; the roster's line
    of a creature's numbers is test_the_roster_shows_the_highlighted_creatures_numbers_…'s."""
    async with running(app_factory) as (pilot, app, encounter, ids):
        form = await open_add_form(pilot)
        form.query_one("#name", Input).value = "Goblin Pyro"  # as typed (eleven keys)
        form.query_one("#stat-hp", Input).value = "18"
        form.query_one("#numbers", NotationField).value = "AC 17 · Fort +5 Ref +8 Will +4 · Per 6"
        await pilot.pause()
        assert "✓ AC 17 Fort +5 Ref +8 Will +4 Per +6" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        pyro = ids_by_name(encounter)["Goblin Pyro"]
        assert encounter.creature(pyro).numbers == {"ac": 17, "fort": 5, "ref": 8, "will": 4,
                                                    "perception": 6}
        app.screen.query_one(RosterTable).select_creature(pyro)  # the cursor stays put after an add
        await pilot.press("e")
        form = app.screen
        assert form.query_one("#numbers", NotationField).value == "AC 17 Fort +5 Ref +8 Will +4 Per +6"
        form.query_one("#numbers", NotationField).value = "AC 18 Ref +9 Dex +2"
        await pilot.pause()
        await pilot.press("enter")
        assert app.screen is form                       # Dex is no number of PF2
        form.query_one("#numbers", NotationField).value = "AC 18 Ref +9"
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert encounter.creature(pyro).numbers == {"ac": 18, "ref": 9}


async def test_a_daggerheart_adversary_rolls_its_atk_against_a_pcs_evasion(app_factory):
    async with running(app_factory, dagger_scene(), system="daggerheart") as (pilot, app, enc, ids):
        await pilot.press("d")                          # Marlowe, the target
        screen = app.screen
        screen.set_actor(ids["Bandit 1"])
        assert "alt+1 ATK +2" in static_text(screen, "#attacks")
        screen.rng = Dice(9)
        await pilot.press("alt+1")
        await pilot.pause()
        rolled = screen.last_attack
        assert (rolled.total, rolled.dc, rolled.hit) == (11, 11, True)   # equal or more hits
        assert static_text(screen, "#attacks").startswith("HIT: d20 9+2 = 11 vs Evasion 11")


@pytest.mark.parametrize("language", ["ja", "en"])
async def test_a_rolled_save_fits_its_column_in_japanese_and_in_english(app_factory, language):
    """A rolled save shows its total and degree (``17 成功``, ``17 success``): the Save column
    was sized to the degree alone, so the terminal cut it to ``17 成`` with no ``…``."""
    from rich.cells import cell_len

    from core.text import i18n

    i18n.set_language(language)      # English again at the next test's start (tests/conftest.py)
    async with running(app_factory, pyro_ambush()) as (pilot, app, _enc, ids):
        await pilot.press("down", "space", "space", "d")
        screen = app.screen
        screen.rng = Dice(11, 12)
        screen.query_one("#damage", NotationField).value = "21 fire"
        await pilot.press("alt+v", "2", "0", "enter")
        await pilot.pause()
        table = screen.query_one("#targets", TargetTable)
        width = next(c.width for c in table.columns if c.key == "save")
        for goblin in (ids["Goblin 1"], ids["Goblin 2"]):
            assert cell_len(str(table.get_cell(goblin, "save"))) <= width
