"""Finishing: enter on a checkbox submits its form, a miss previews no damage,
the Status column is readable at 80 columns.

What the core computes (the attack verdicts, the roll's words, the damage dealt) is checked on
DamageDraft in tests/core/test_draft_from_pilot.py: here, what the screen shows.
"""

from __future__ import annotations

from textual.widgets import Input, Static
from tui_support import Dice as Faces
from tui_support import (
    d20_brawl,
    goblins,
    ids_by_name,
    open_add_form,
    open_damage,
    screen_lines,
    set_damage,
)

from core import Encounter, get_system
from tui.screens.creature_form import CreatureForm
from tui.screens.tracker import AddConditionModal
from tui.widgets.target_table import TargetTable
from tui.widgets.word_checkbox import WordCheckbox

SIZE = (80, 24)


def static_text(screen, selector: str) -> str:
    """The plain text of a Static."""
    return str(screen.query_one(selector, Static).render())


def on_screen(app, text: str) -> bool:
    """Whether ``text`` is shown whole, though it may wrap over lines (inside a box)."""
    words = " ".join(" ".join(line.strip(" │╭╮╰╯─") for line in screen_lines(app)).split())
    return " ".join(text.split()) in words


class Dice:
    """d20s that come up as listed; every other die comes up ``other`` (at most its faces)."""

    def __init__(self, *d20s: int, other: int = 8) -> None:
        self.d20s = list(d20s)
        self.other = other

    def randint(self, low: int, high: int) -> int:
        return self.d20s.pop(0) if high == 20 else min(high, self.other)


# -- enter on a checkbox submits the form; space toggles it ---------------------------------

async def test_enter_on_the_pc_checkbox_adds_the_creature_and_saves_an_edit(app_factory):
    # was also test_enter_on_the_pc_checkbox_saves_an_edit: one app for both forms
    encounter = Encounter(system="pf2e", name="Crypt")
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_add_form(pilot, "Kyra")
        await pilot.press("shift+tab")  # name → PC, the last field
        assert form.focused is form.query_one("#pc", WordCheckbox)
        await pilot.press("space")  # space toggles
        assert form.query_one("#pc", WordCheckbox).value is True
        await pilot.press("enter")  # enter adds, like on any field
        await pilot.pause()
        assert app.screen is app.roster
        (kyra,) = [encounter.creature(cid) for cid in encounter.order]
        assert kyra.name == "Kyra" and kyra.pc
        await pilot.press("e")
        form = app.screen
        assert isinstance(form, CreatureForm)
        await pilot.press("shift+tab")  # name → PC, the last field
        assert form.focused is form.query_one("#pc", WordCheckbox)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is app.roster
        assert encounter.creature(encounter.order[0]).pc  # unchanged: enter did not toggle it


async def test_enter_on_the_critical_checkbox_adds_the_persistent_damage(app_factory):
    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="Bleed")
    rogue = encounter.add(rules.new_creature("Rogue", pc=True, hp=30), initiative=10)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "a")
        modal = app.screen
        assert isinstance(modal, AddConditionModal)
        text = modal.query_one("#text", Input)
        text.value = "1d6 bleed"
        text.focus()
        await pilot.press("tab")
        assert modal.focused is modal.query_one("#critical", WordCheckbox)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not modal
        (bleed,) = encounter.creature(rogue).persistent
        assert bleed.formula == "1d6 bleed"
        assert bleed.factor == 1.0  # enter did not tick "critical"




# -- a miss previews no damage; enter logs it, alt+y deals it ---------------------------------

async def test_a_miss_previews_no_damage_and_says_so_at_80_columns(app_factory):
    # With test_enter_twice_after_a_miss_applies_nothing (was in
    # test_tui_temp_hp_and_questions.py): enter logs the miss and applies nothing; alt+y deals the
    # damage rolled. The rules: test_draft_from_pilot.py.
    encounter = d20_brawl()
    ogre = encounter.order[1]
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        app.session.rng = Dice(3, 3)  # two attacks: 3+0 vs AC 10, a miss; 1d8 comes up 8
        damage = await open_damage(pilot)
        await set_damage(pilot, damage, "8 slashing")
        await pilot.press("alt+t")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is app.roster  # one enter: the miss is logged, nothing applied
        assert damage.draft.no_damage
        assert encounter.creature(ogre).hp == 30  # alt+y is the only yes
        assert "miss" in encounter.log[-1].text and "no damage" in encounter.log[-1].text
        damage = await open_damage(pilot, keys=())
        assert damage.target_ids == [ogre]
        await set_damage(pilot, damage, "1d8 slashing")
        assert "8" in damage.query_one("#targets", TargetTable).get_cell(ogre, "result").plain
        await pilot.press("alt+t")
        await pilot.pause()
        assert damage.query_one("#targets", TargetTable).get_cell(ogre, "result").plain == "miss: no damage"
        roll_line = static_text(damage, "#roll-line")
        assert roll_line.startswith("MISS: enter logs it, no damage")
        assert "8" in roll_line  # what was rolled is still shown, for a confirmation
        assert on_screen(app, "MISS: 3+0 = 3 vs AC 10: miss")  # the verdict, whole, at 80 columns
        assert on_screen(app, roll_line)
        await pilot.press("alt+y")  # the GM confirms: the damage rolled lands
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is app.roster
        assert encounter.creature(ogre).hp == 22  # the log's words: test_draft_from_pilot.py


async def test_d20_attack_helper_and_multiplier_and_a_critical_readable_at_80_columns(app_factory):
    # was test_d20_attack_helper_and_multiplier (test_tui_damage.py) and
    # test_a_critical_with_its_confirmation_is_readable_at_80_columns (alt+t: the miss tests);
    # both verdicts and the damage dealt are checked in test_draft_from_pilot.py
    rules = get_system("d20-3e")
    encounter = Encounter(system="d20-3e", name="Brawl")
    target = encounter.add(rules.new_creature("Ogre", hp=200), initiative=10)
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        app.session.rng = Faces(3, 12, 20, 8, 2, 1)  # 1d8, the attack's two d20s, 3 more d8
        damage = await open_damage(pilot, keys=())
        await set_damage(pilot, damage, "1d8+3")
        await pilot.press("tab", "m", "m")
        assert damage.draft.multiplier == 4
        damage.query_one("#attack-bonus", Input).value = "30"
        damage.query_one("#attack-ac", Input).value = "5"
        damage.query_one("#attack-threat", Input).value = "2"  # every roll but a 1 threatens
        await pilot.press("t")
        verdict = static_text(damage, "#attack-result")
        # a 12 threatens (every roll but a 1), the confirmation's 20 makes it critical
        assert verdict == "CRITICAL: 12+30 = 42: threat; confirm 20+30 = 50 vs AC 5: critical"
        assert on_screen(app, verdict)
        assert damage.draft.critical
        assert damage.preview.roll.critical == 4
        await pilot.press("enter")
        await pilot.pause()
        assert encounter.creature(target).hp == 174  # 1d8+3 rolled four times: 26


# -- the Status column is readable at 80 columns, and stays on screen at 60 ----------------------

LONG_STATUSES = {
    # system: (the conditions set on one creature each, as the cell must show them whole)
    "pf2e": ("dying 1 · wounded 1", "unconscious", "frightened 2"),
    "sf2e": ("dying 1 · wounded 1", "unconscious", "frightened 2"),
    "vitality-wounds": ("dying 1 · wounded 1", "unconscious", "frightened 2"),
    "d20-3e": ("dying · stable", "unconscious", "staggered", "disabled"),
    "daggerheart": ("death-move", "restrained", "vulnerable"),
}


def with_statuses(system: str, statuses: tuple[str, ...]) -> Encounter:
    """One creature per status, named as long as a demo's longest name."""
    rules = get_system(system)
    encounter = Encounter(system, "Statuses")
    for number, status in enumerate(statuses):
        creature = rules.new_creature(f"Goblin Warrior {number}", hp=12)
        for word in status.split(" · "):
            name, _, value = word.partition(" ")
            if name == "dying":
                creature.conditions |= {"dying", "unconscious"}
                creature.dying = int(value or 0)
            elif name == "wounded":
                creature.wounded = int(value)
            else:
                creature.conditions.add(name)
                if value:
                    creature.condition_values[name] = int(value)
        encounter.add(creature, initiative=20 - number)
    return encounter


async def test_the_longest_common_statuses_are_whole_at_80x24(app_factory):
    for system, statuses in LONG_STATUSES.items():
        encounter = with_statuses(system, statuses)
        app = app_factory(encounter, system=system)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            table = app.roster.table
            lines = screen_lines(app)
            for row, (cid, status) in enumerate(zip(encounter.order, statuses, strict=True)):
                assert str(table.get_cell(cid, "status")) == status, system
                assert status in lines[table.region.y + 1 + row], (system, status)


# -- found in play at 80x24 (scenario 6, a tavern brawl) ---------------------------------------

def commoner_brawl() -> Encounter:
    """Tordek (active) and a commoner of 10 HP with 8 subdual, in d20 3.0."""
    encounter = d20_brawl()
    rules = encounter.rules
    commoner = encounter.add(rules.new_creature("Commoner", hp=10), initiative=12)
    encounter.apply_damage([commoner], "8 subdual")
    return encounter


# test_the_roll_line_says_subdual_in_d20 is test_the_roll_says_subdual_in_d20 in
# tests/core/test_draft_from_pilot.py: the roll line shows the core's roll text
# (test_a_long_roll_line_is_cut_at_a_word_with_an_ellipsis_at_80_columns)


async def test_a_staggering_result_is_whole_in_the_damage_form_at_80_columns(app_factory):
    encounter = commoner_brawl()
    commoner = ids_by_name(encounter)["Commoner"]
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        app.session.rng = Dice(other=1)
        await set_damage(pilot, await open_damage(pilot), "1d3+1 subdual")
        result = str(app.screen.query_one("#targets", TargetTable).get_cell(commoner, "result"))
        assert result.endswith("staggered")
        assert on_screen(app, result)


async def test_enter_after_rolling_the_attack_in_the_helper_applies(app_factory):
    """enter in the helper rolls the attack; the next enter applies what the preview shows,
    it does not roll the attack again (a critical must not turn into a hit)."""
    encounter = d20_brawl()
    ogre = encounter.order[1]
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        app.session.rng = Dice(19, 17, other=4)  # a threat on 19, confirmed by 17
        damage = await open_damage(pilot)
        await set_damage(pilot, damage, "1d8+3 slashing")
        threat = damage.query_one("#attack-threat")
        threat.value = "19"
        threat.focus()
        await pilot.press("enter")  # enter in the helper: roll the attack
        await pilot.pause()
        assert static_text(damage, "#attack-result").startswith("CRITICAL")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is app.roster
        assert encounter.creature(ogre).hp == 30 - 14  # (4+3) ×2


# -- found in play at 80x24 (scenario 5, a bandit ambush) --------------------------------------

async def test_the_hits_kept_are_counted_whole_on_the_options_line(app_factory):
    rules = get_system("daggerheart")
    encounter = Encounter("daggerheart", "Ambush")
    encounter.add(rules.new_creature("Marlowe", pc=True, hp=6, major=7, severe=14, armor=3,
                                     stress=6))
    app = app_factory(encounter)
    async with app.run_test(size=SIZE) as pilot:
        damage = await open_damage(pilot, keys=())
        for hit in ("4 physical", "5 physical"):
            await set_damage(pilot, damage, hit)
            await pilot.press("f3")  # keep this hit, type another
        await set_damage(pilot, damage, "1 physical")
        options = static_text(damage, "#options")
        assert options.endswith("2 hits kept")
        assert on_screen(app, options)


async def test_at_60x20_a_subdued_commoner_keeps_its_numbers_and_status(app_factory):
    encounter = commoner_brawl()
    commoner = ids_by_name(encounter)["Commoner"]
    encounter.apply_damage([commoner], "4 subdual")  # 12 subdual on 10 HP: unconscious
    app = app_factory(encounter)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        table = app.roster.table
        line = screen_lines(app)[table.region.y + 1 + table.get_row_index(commoner)]
        assert "HP 10/10 sub 12" in line
        assert line.rstrip().endswith("unconscious")


# -- found in play: the start-up notice about an earlier autosave covered the header -------------

async def test_the_kept_autosave_notice_is_on_the_log_line_not_over_the_header(monkeypatch, tmp_path):
    import random

    from textual.widgets._toast import Toast

    from saves import slots
    from tui.app import make_app
    from tui.widgets.log_panel import LogPanel

    kept = tmp_path / "trash" / "autosave-1.toml"
    monkeypatch.setattr(slots, "claim_slot",
                        lambda prefer=None: (tmp_path / "autosave-1.toml", kept))
    monkeypatch.setattr(slots, "release", lambda path: None)
    app = make_app(goblins(), rng=random.Random(1), autosave=True)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert not app.screen.query(Toast), "a toast covers the header"
        notice = app.roster.query_one(LogPanel).notice
        assert notice.startswith("Previous autosave moved to trash/")
