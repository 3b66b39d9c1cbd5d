"""The roster at 80x24, in English and Japanese, in every system: every condition, persistent
damage and defense of a creature reads whole somewhere on the screen (its row, or the lines under
the roster for the highlighted creature), and the numbers line fits AC, saves and Perception
after conditions. Expected numbers are RULES §9's arithmetic on the printed ones."""

from __future__ import annotations

from typing import Any

import pytest
from tui_support import ids_by_name, running, screen_lines

from core import Encounter, get_system
from core.creature import conditions
from core.text import i18n
from core.text.i18n import game_term
from tui.widgets.notation_field import NotationField
from tui.widgets.roster_table import persistent_text

LANGUAGES = ["en", "ja"]


def pyro(system: str = "pf2e") -> Encounter:
    """Valeros (PC) and a Goblin Pyro (AC 24, Fort +9, Ref +7, Will +6, Per +8) that is clumsy 1,
    frightened 2, off-guard and sickened 1, takes persistent 1d6 fire, resists physical (but
    silver) and fire, is weak to cold and immune to poison."""
    return _pyro(system, ("Valeros", {"hp": 40}), {"hp": 30})


def vw_pyro() -> Encounter:
    """The Goblin Pyro as a vitality-wounds creature (the PF2 family's conditions and numbers)."""
    return _pyro("vitality-wounds", ("Kara", {"vitality": 20, "wounds": 12}),
                 {"vitality": 30, "wounds": 20})


def _pyro(system: str, pc: tuple[str, dict[str, Any]], track: dict[str, Any]) -> Encounter:
    rules = get_system(system)
    encounter = Encounter(system, "Pyro")
    encounter.add(rules.new_creature(pc[0], pc=True, **pc[1]), initiative=20)
    pyro_id = encounter.add(rules.new_creature(
        "Goblin Pyro", **track,
        defenses="resistances physical 5 (except silver), fire 5; weaknesses cold 5; "
                 "immunities poison",
        numbers={"level": 3, "ac": 24, "fort": 9, "ref": 7, "will": 6, "perception": 8}),
        initiative=15)
    for name, value in (("clumsy", 1), ("frightened", 2), ("off-guard", None), ("sickened", 1)):
        encounter.add_condition(pyro_id, name, value)
    encounter.add_persistent(pyro_id, "1d6 fire")
    return encounter


def wight() -> Encounter:
    """Tordek (PC) and a Wight Lord (AC 18, touch 12, flat-footed 16; Fort +5 Ref +3 Will +7),
    shaken, flat-footed, fatigued and entangled, with DR 10/good and fire and cold resistance."""
    rules = get_system("d20-3e")
    encounter = Encounter("d20-3e", "Crypt")
    encounter.add(rules.new_creature("Tordek", pc=True, hp=40), initiative=20)
    wight_id = encounter.add(rules.new_creature(
        "Wight Lord", hp=30, defenses="DR 10/good; resist fire 10, cold 5; immune poison",
        numbers={"ac": 18, "touch": 12, "flat_footed": 16, "fort": 5, "ref": 3, "will": 7}),
        initiative=15)
    for name in ("shaken", "flat-footed", "fatigued", "entangled"):
        encounter.add_condition(wight_id, name)
    return encounter


def captain() -> Encounter:
    """Marlowe (PC, Evasion 11, Hope 3) and a Bandit Captain (Difficulty 14, ATK +3) that is
    vulnerable, restrained and hidden, resisting physical damage."""
    rules = get_system("daggerheart")
    encounter = Encounter("daggerheart", "Bandits")
    marlowe = encounter.add(rules.new_creature("Marlowe", pc=True, hp=6, major=7, severe=14,
                                               armor=3, numbers={"evasion": 11}))
    encounter.creature(marlowe).hope = 3
    bandit = encounter.add(rules.new_creature("Bandit Captain", hp=6, major=8, severe=15,
                                              defenses="resistance physical",
                                              numbers={"difficulty": 14, "attack": 3}))
    for name in ("vulnerable", "restrained", "hidden"):
        encounter.add_condition(bandit, name)
    return encounter


def whole_on_screen(lines: list[str], words: str) -> bool:
    """``words`` whole on one line of the screen (not cut, not split over two lines)."""
    return any(words in line for line in lines)


def row_of(lines: list[str], name: str) -> str:
    """The roster row of the creature called ``name``."""
    return next(line for line in lines if name in line)


async def highlighted_screen(app_factory, encounter: Encounter, name: str) -> list[str]:
    """The screen at 80x24 with ``name`` highlighted."""
    async with running(app_factory, encounter, system=encounter.system) as (pilot, app, _e, ids):
        app.screen.table.select_creature(ids_by_name(encounter)[name])
        await pilot.pause()
        return screen_lines(app)


def said(encounter: Encounter, name: str) -> list[str]:
    """What must read whole about the creature called ``name``: each condition with its value,
    its persistent damage, each of its defenses (as the roster words them, in the language)."""
    creature = encounter.creature(ids_by_name(encounter)[name])
    rules = encounter.rules
    words = [conditions.label(creature, c) for c in creature.conditions]
    persistent = persistent_text(creature)
    defenses = rules.defenses_of(creature)
    return words + ([persistent] if persistent else []) + \
        [entry.short() for entry in defenses.entries()] + \
        [game_term("immunities") + game_term(w) if i18n.language() == "ja" else w
         for w in defenses.effect_immunities]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("build", [pyro, lambda: pyro("sf2e"), vw_pyro],
                         ids=["pf2e", "sf2e", "vitality-wounds"])
async def test_every_condition_persistent_damage_and_defense_reads_whole_at_80_columns(
        app_factory, language, build):
    i18n.set_language(language)      # English again at the next test's start (tests/conftest.py)
    encounter = build()
    lines = await highlighted_screen(app_factory, encounter, "Goblin Pyro")
    for words in said(encounter, "Goblin Pyro"):
        assert whole_on_screen(lines, words), (words, "\n".join(lines))
    creature = encounter.creature(ids_by_name(encounter)["Goblin Pyro"])
    assert persistent_text(creature) in row_of(lines, "Goblin Pyro")   # the fire on its row


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("encounter", [pyro, lambda: pyro("sf2e"), vw_pyro],
                         ids=["pf2e", "sf2e", "vitality-wounds"])
async def test_the_numbers_line_fits_ac_saves_and_perception_after_conditions(
        app_factory, language, encounter):
    """RULES §9: frightened 2 and sickened 1 are −2 status (the worst), clumsy 1 is status too,
    off-guard −2 circumstance: AC 24 − 2 − 2 = 20, Fort +7, Ref +5, Will +4, Perception +6."""
    i18n.set_language(language)
    lines = await highlighted_screen(app_factory, encounter(), "Goblin Pyro")
    for label, value in (("AC", "20"), ("Fort", "+7"), ("Ref", "+5"), ("Will", "+4"),
                         ("Per", "+6")):
        assert whole_on_screen(lines, f"{game_term(label)} {value}"), (label, "\n".join(lines))


@pytest.mark.parametrize("language", LANGUAGES)
async def test_d20_dr_conditions_and_every_ac_at_80_columns(app_factory, language):
    """RULES §9 d20-3e: flat-footed makes the AC its flat-footed AC 16, the touch AC loses the
    same 2 (no Dex bonus): 10; shaken is −2 to saves: Fort +3, Ref +1, Will +5."""
    i18n.set_language(language)
    encounter = wight()
    lines = await highlighted_screen(app_factory, encounter, "Wight Lord")
    for words in said(encounter, "Wight Lord"):
        assert whole_on_screen(lines, words), (words, "\n".join(lines))
    for label, value in (("AC", "16"), ("touch", "10"), ("flat-footed", "16"), ("Fort", "+3"),
                         ("Ref", "+1"), ("Will", "+5")):
        assert whole_on_screen(lines, f"{game_term(label)} {value}"), (label, "\n".join(lines))


@pytest.mark.parametrize("language", LANGUAGES)
async def test_daggerheart_conditions_defenses_and_a_pcs_hope_on_its_row(app_factory, language):
    i18n.set_language(language)
    encounter = captain()
    lines = await highlighted_screen(app_factory, encounter, "Bandit Captain")
    for words in said(encounter, "Bandit Captain"):
        assert whole_on_screen(lines, words), (words, "\n".join(lines))
    assert whole_on_screen(lines, f"{game_term('Difficulty')} 14")
    # Hope on Marlowe's own row, though the cursor is on the bandit
    assert f"{game_term('Hope')} 3" in row_of(lines, "Marlowe")


async def test_a_restart_from_the_autosave_opens_on_the_creature_whose_turn_it_is(data_dir):
    """The autosave brings back Goblin 1's turn: the cursor is on it, so the first ``d`` after
    the restart opens on it, not on row 1."""
    import random

    from tui_support import goblins

    import saves
    from tui.app import make_app
    from tui.cli import prepare_tui
    from tui.screens.damage import DamageScreen

    encounter = goblins()
    encounter.next_turn()                       # Valeros done: Goblin 1's turn
    saves.autosave(encounter)
    resumed, notice, _seed = prepare_tui([])
    assert notice == "Resumed from the autosave."
    active = resumed.active
    assert active is not None and active != resumed.order[0]
    app = make_app(resumed, rng=random.Random(1), autosave=False, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.roster.table.highlighted_id == active
        await pilot.press("d")
        assert isinstance(app.screen, DamageScreen) and app.screen.target_ids == [active]


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_minion_picker_marks_its_rows_in_words_not_colour_alone(app_factory, language):
    """9 damage on a Minion (4) defeats 2 more (RULES §9: one more for every 4): of the three
    other bandits two rows are marked, by a sign and a word on the row itself."""
    from tui_support import screen_text

    from core.text.i18n import tr
    from tui.screens.minion_picker import MinionPicker

    i18n.set_language(language)
    rules = get_system("daggerheart")
    encounter = Encounter("daggerheart", "Bandits")
    encounter.add(rules.new_creature("Marlowe", pc=True, hp=6, major=7, severe=14, armor=3))
    for n in (1, 2, 3, 4):
        encounter.add(rules.new_creature(f"Bandit {n}", hp=1, major=5, severe=9,
                                         numbers={"difficulty": 10, "minion": 4}))
    async with running(app_factory, encounter, system="daggerheart") as (pilot, app, _e, _ids):
        await pilot.press("down", "d")
        app.screen.query_one("#damage", NotationField).value = "9 physical"
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MinionPicker)
        lines = screen_text(app).splitlines()
        rows = {n: next(line for line in lines if f"Bandit {n}" in line) for n in (2, 3, 4)}
        marked = [n for n, line in rows.items()
                  if tr("✓ {name} (defeated)", name=f"Bandit {n}") in line]
        assert marked == [2, 3], rows                  # the first two, as the picker offers
        assert "✓" not in rows[4]


def test_a_cell_lists_whole_words_and_counts_the_ones_left_out():
    from tui.widgets.row_rest import fit_words

    words = ["1d6 fire", "clumsy 1", "frightened 2"]
    assert fit_words(words, 40, " · ") == "1d6 fire · clumsy 1 · frightened 2"
    assert fit_words(words, 24, " · ") == "1d6 fire · clumsy 1 (+1)"
    assert fit_words(words, 19, " · ") == "1d6 fire (+2)"
    assert fit_words(words, 6, " · ") == "1d6 f…"          # not even one whole word: cut


def test_the_lines_under_the_roster_never_split_a_word():
    from tui.widgets.row_rest import wrap_words

    lines = wrap_words("Status: ", ["1d6 fire", "clumsy 1", "frightened 2"], 24, " · ")
    assert lines == ["Status: 1d6 fire ·", "  clumsy 1 ·", "  frightened 2"]


def test_the_numbers_keep_their_reasons_then_say_them_once_then_drop_them_then_wrap():
    """RULES §9: frightened 1 is −1 status to AC and Perception: AC 17 → 16, Per +6 → +5."""
    from tui.widgets.numbers_line import fitted_numbers

    rules = get_system("pf2e")
    encounter = Encounter("pf2e", "One")
    goblin = encounter.add(rules.new_creature("Goblin", hp=6,
                                              numbers={"ac": 17, "perception": 6}))
    encounter.add_condition(goblin, "frightened", 1)
    assert fitted_numbers(encounter, goblin, 60) == [
        "AC 16 (17, frightened 1) · Per +5 (+6, frightened 1)"]
    assert fitted_numbers(encounter, goblin, 45) == ["AC 16 (17) · Per +5 (+6) · from frightened 1"]
    assert fitted_numbers(encounter, goblin, 30) == ["AC 16 (17) · Per +5 (+6)"]
    assert fitted_numbers(encounter, goblin, 15) == ["AC 16 (17) ·", "  Per +5 (+6)"]
