"""The encounter's threat in the roster's header (RULES §10) as the GM builds the fight: it
follows adds, removals and defeated creatures without a key, at 80 columns, in English and
Japanese; help says how it is counted."""

from __future__ import annotations

import random

from textual.widgets import Input
from tui_support import screen_lines, static_text

from core import Encounter, get_system
from tui.app import make_app
from tui.widgets.encounter_header import EncounterHeader
from tui.widgets.notation_field import NotationField

# RULES §10: level -1 against party level 1 is -2: 20 XP; 4 PCs' moderate budget 4 × 20
GOBLIN_XP, MODERATE_FOR_FOUR = 20, 80


def level_one_party() -> Encounter:
    rules = get_system("pf2e")
    encounter = Encounter("pf2e", "Goblin Ambush")
    for n, name in enumerate(("Valeros", "Seoni", "Kyra", "Merisiel")):
        encounter.add(rules.new_creature(name, pc=True, hp=20, numbers={"level": 1}),
                      initiative=20 - n)
    return encounter


def goblin(n: int):
    return get_system("pf2e").new_creature(f"Goblin Warrior {n}", hp=6,
                                           numbers={"level": -1, "ac": 16})


def header(app) -> str:
    return screen_lines(app)[0]


async def test_the_header_follows_the_threat_as_goblins_join_fall_and_leave(app_factory):
    app = app_factory(level_one_party())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "XP" not in header(app)          # no adversary yet: nothing to price
        for n in (1, 2, 3):
            app.session.apply(lambda enc, n=n: enc.add(goblin(n), initiative=10))
        await pilot.pause()
        assert f"Low {3 * GOBLIN_XP}/{4 * 15} XP" in header(app)   # low: 15 a PC, reached
        app.session.apply(lambda enc: enc.add(goblin(4), initiative=10))
        await pilot.pause()
        line = header(app)
        assert f"Moderate {4 * GOBLIN_XP}/{MODERATE_FOR_FOUR} XP" in line
        assert "Round 1" in line and line.rstrip().endswith("]") and len(line) <= 80
        encounter = app.session.encounter
        first = next(cid for cid in encounter.order if encounter.creature(cid).name == "Goblin Warrior 1")
        app.session.apply(lambda enc: enc.add_condition(first, "dead"), {first})
        await pilot.pause()
        assert f"Moderate 80/80 XP · {3 * GOBLIN_XP} standing" in header(app)
        app.session.apply(lambda enc: enc.remove(first), {first})
        await pilot.pause()
        assert f"{3 * GOBLIN_XP}/" in header(app)


async def test_without_pc_levels_the_header_asks_for_the_party_level_and_the_palette_sets_it(app_factory):
    rules = get_system("pf2e")
    encounter = Encounter("pf2e", "Ambush")
    for name in ("Valeros", "Seoni", "Kyra", "Merisiel"):
        encounter.add(rules.new_creature(name, pc=True, hp=20), initiative=20)
    for n in (1, 2, 3, 4):
        encounter.add(goblin(n), initiative=10)
    app = app_factory(encounter)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "party level?" in header(app)
        await pilot.press("ctrl+p")
        await pilot.pause()
        for key in "Party level":
            await pilot.press("space" if key == " " else key)
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1", "enter")
        await pilot.pause()
        assert app.session.encounter.party_level == 1
        assert "Moderate 80/80 XP" in header(app)


async def test_help_says_how_the_threat_is_counted(app_factory):
    app = app_factory(level_one_party())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        text = static_text(app.screen, "#help-keys")
        assert "10/15/20/30/40 XP a PC" in text.replace("\n", " ").replace("  ", " ") or \
            "10/15/20/30/40" in text
        assert "Defeated" in text


async def test_the_threat_in_japanese_at_80_columns(japanese):
    encounter = level_one_party()
    for n in (1, 2, 3, 4):
        encounter.add(goblin(n), initiative=10)
    app = make_app(encounter, rng=random.Random(7), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = str(app.roster.query_one(EncounterHeader).render())
        assert "80/80" in line and "XP" in line
        assert "ラウンド1" in line


async def test_the_adversary_type_is_typed_in_numbers_and_edited_back(app_factory):
    from tui_support import ids_by_name, open_add_form, screen_text

    from tui.widgets.roster_table import RosterTable

    rules = get_system("daggerheart")
    encounter = Encounter("daggerheart", "Scene")
    encounter.add(rules.new_creature("Marlowe", pc=True, hp=6, major=7, severe=14))
    app = app_factory(encounter, system="daggerheart")
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_add_form(pilot)
        form.query_one("#name", Input).value = "Bandit"
        form.query_one("#numbers", NotationField).value = "Standard Tier 1 Difficulty 12"
        await pilot.pause()
        assert "✓ Standard Tier 1 Difficulty 12" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        bandit = ids_by_name(encounter)["Bandit"]
        assert encounter.creature(bandit).role == "standard"
        assert "Battle Points 2/5" in header(app)          # RULES §10: Standard 2 of 3 × 1 + 2
        app.screen.query_one(RosterTable).select_creature(bandit)
        await pilot.press("e")
        form = app.screen
        assert form.query_one("#numbers", NotationField).value == "Standard Tier 1 Difficulty 12"
        form.query_one("#numbers", NotationField).value = "Bruiser Tier 1 Difficulty 12"
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert encounter.creature(bandit).role == "bruiser"


async def test_a_cr_is_typed_in_numbers(app_factory):
    from tui_support import ids_by_name, open_add_form

    rules = get_system("d20-3e")
    encounter = Encounter("d20-3e", "Brawl")
    encounter.add(rules.new_creature("Tordek", pc=True, hp=20, numbers={"level": 2}))
    app = app_factory(encounter, system="d20-3e")
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_add_form(pilot)
        form.query_one("#name", Input).value = "Kobold"
        form.query_one("#numbers", NotationField).value = "CR 1/2 AC 15"
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        kobold = encounter.creature(ids_by_name(encounter)["Kobold"])
        assert (kobold.cr, kobold.numbers) == ("1/2", {"ac": 15})
        assert "EL 1 vs party level 2" in header(app)      # round(2 × log2(2^(1/4))) = round(0.5)


async def test_the_paste_preview_says_the_adversary_type_read(app_factory):
    from textual.widgets import TextArea
    from tui_support import static_text

    rules = get_system("daggerheart")
    encounter = Encounter("daggerheart", "Scene")
    encounter.add(rules.new_creature("Marlowe", pc=True, hp=6, major=7, severe=14))
    app = app_factory(encounter, system="daggerheart")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await pilot.press("ctrl+t")
        await pilot.pause()
        app.screen.query_one(TextArea).text = (
            "JAGGED KNIFE BANDIT\nTier 1 Standard\n"
            "Difficulty: 12 | Thresholds: 8/14 | HP: 5 | Stress: 3\n"
            "ATK: +1 | Daggers: Melee | 1d8+1 phy\n")
        await pilot.pause()
        assert "Standard · Tier 1" in static_text(app.screen, "#paste-preview")
