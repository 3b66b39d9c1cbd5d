"""A missed attack in the damage form: one enter logs the miss (who missed whom, no damage),
escape logs nothing, and the footer says both while the miss waits."""

from __future__ import annotations

from tui_support import SIZE, Dice, d20_brawl, ids_by_name, open_damage, screen_lines, set_damage

from core import Encounter, get_system
from core.creature.model import Attack
from core.text.i18n import set_language
from tui.screens.damage import DamageScreen


async def missed(pilot, app) -> DamageScreen:
    """The damage form on the ogre, 8 slashing typed, the attack rolled 3+0 vs AC 10: a miss."""
    screen = await open_damage(pilot)       # the second row: the ogre; Tordek acts
    app.session.rng = screen.rng = Dice(3)
    await set_damage(pilot, screen, "8 slashing")
    await pilot.press("alt+t")
    await pilot.pause()
    assert isinstance(screen, DamageScreen) and screen.draft.no_damage
    return screen


def footer(app) -> str:
    """The footer line: the last line of the screen."""
    return screen_lines(app)[-1]


async def test_one_enter_logs_the_miss_naming_who_missed_whom(app_factory):
    encounter = d20_brawl()
    names = ids_by_name(encounter)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await missed(pilot, app)
        logged = len(encounter.log)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is app.roster            # one key: no question in between
        assert len(encounter.log) == logged + 1
        entry = encounter.log[-1].text
        assert entry.startswith("Tordek: attack 3+0 = 3 vs AC 10: miss")     # who, and the roll
        assert "→ Ogre miss: no damage" in entry                            # whom, and nothing dealt
        assert encounter.creature(names["Ogre"]).hp == 30


async def test_escape_after_a_miss_logs_nothing_and_the_footer_says_so(app_factory):
    encounter = d20_brawl()
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        screen = await missed(pilot, app)
        shown = footer(app)
        assert "⏎ Log miss" in shown and "esc Cancel, no log" in shown
        assert "MISS: enter logs it, no damage · alt+y deals 8 slashing" in str(
            screen.query_one("#roll-line").render())
        logged = len(encounter.log)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.roster and len(encounter.log) == logged


async def test_alt_y_deals_the_missed_damage_and_enter_applies_it(app_factory):
    encounter = d20_brawl()
    names = ids_by_name(encounter)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        screen = await missed(pilot, app)
        await pilot.press("alt+y")
        await pilot.pause()
        assert screen.preview is not None and not screen.draft.no_damage
        assert screen.preview.outcomes[names["Ogre"]].total == 8
        assert "⏎ Apply esc Cancel " in footer(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is app.roster
        assert encounter.creature(names["Ogre"]).hp == 30 - 8
        assert "attack 3+0 = 3 vs AC 10: miss" in encounter.log[-1].text


def strikes() -> Encounter:
    """A PF2 goblin (active) whose Strike is +2 against a fighter of AC 18."""
    rules = get_system("pf2e")
    encounter = Encounter("pf2e", "Strike")
    encounter.add(rules.new_creature("Goblin", hp=6, numbers={"ac": 16},
                                     attacks=[Attack("Dogslicer", "1d6 slashing", 2, ())]),
                  initiative=20)
    encounter.add(rules.new_creature("Valeros", pc=True, hp=20, numbers={"ac": 18}), initiative=10)
    return encounter


async def test_a_missed_strike_is_logged_by_one_enter_in_japanese_too(app_factory):
    set_language("ja")
    try:
        encounter = strikes()
        names = ids_by_name(encounter)
        app = app_factory(encounter)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_damage(pilot)       # Valeros; the goblin acts
            screen.rng = Dice(5, 4)                 # 5+2 = 7 vs AC 18: a miss (failure)
            await pilot.press("alt+1")
            await pilot.pause()
            assert screen.draft.no_damage
            shown = footer(app)
            assert "⏎ 外れを記録" in shown and "esc 取消・記録なし" in shown
            logged = len(encounter.log)
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is app.roster and len(encounter.log) == logged + 1
            entry = encounter.log[-1].text
            assert entry.startswith("Goblin") and "Valeros" in entry
            assert encounter.creature(names["Valeros"]).hp == 20
    finally:
        set_language("en")
