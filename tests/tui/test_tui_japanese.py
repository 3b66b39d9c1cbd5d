"""The roster in Japanese (``--lang ja``), measured in cells."""

from __future__ import annotations

import random

import pytest
from test_tui_japanese_snapshots import LONG_NAME, japanese_encounter
from tui_support import screen_lines

from core.text.cells import cells
from tui.app import make_app
from tui.widgets.roster_table import fit, fit_name


async def test_the_roster_speaks_japanese_and_cuts_a_wide_name_at_a_cell(japanese):
    app = make_app(japanese_encounter(), rng=random.Random(7), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):  # the footer is drawn once the bindings are ready (a loaded machine)
            await pilot.pause(0.05)
            lines = screen_lines(app)
            if "ヘルプ" in lines[-1]:
                break
        assert "ラウンド1" in lines[0] and "[未保存]" in lines[0]
        assert all(word in lines[1] for word in ("名前", "防御", "状態"))
        assert all(word in lines[-1] for word in ("追加", "ダメージ", "回復", "ヘルプ"))
        table = app.roster.table
        width = table.columns[next(k for k in table.columns if k.value == "name")].width
        long_id = next(cid for cid in app.session.encounter.order
                       if app.session.encounter.creature(cid).name == LONG_NAME)
        shown = table.get_cell(long_id, "name").plain
        # cut in the middle, its number kept; the ゴ…長 run never split: one cell left blank
        assert shown == "ゴブリン戦士… 1"
        assert cells(shown) == width - 1
        # every row's HP bar starts at the same cell: the names are padded in cells
        bars = {cells(line[: line.index("█")]) for line in lines if "█" in line}
        assert len(bars) == 1


@pytest.mark.parametrize("text,width,cut", [
    ("ゴブリン火術師", 8, "ゴブリ…"),       # 7 cells of room: ゴブリ is 6, ン would be 8
    ("ゴブリン火術師", 14, "ゴブリン火術師"),
    ("Goblin Warrior", 8, "Goblin …"),     # English as before: no space taken off
    ("火炎", 2, "…"),
])
def test_a_cut_never_splits_a_wide_character_and_ends_with_an_ellipsis(text, width, cut):
    assert fit(text, width) == cut
    assert cells(fit(text, width)) <= width


def test_a_name_keeps_its_number_when_cut_in_cells():
    assert fit_name(LONG_NAME, 16) == "ゴブリン戦士… 1"
    assert fit_name("ゴブリン戦士 2", 16) == "ゴブリン戦士 2"


def test_the_trackers_cells_are_cut_in_cells_with_an_ellipsis():
    from core.creature.model import PersistentDamage
    from tui.screens.tracker import condition_row

    row = condition_row("ゴブリン戦士長ゴルグ・ザ・グレート 1",
                        PersistentDamage(formula="2d6+12 persistent bleed", type="bleed"))
    name, formula = row[0].plain, row[1].plain
    assert name == "ゴブリン戦士長… 1" and cells(name) <= 18
    assert formula.endswith("…") and cells(formula) <= 14


LIEUTENANT = "ゴブリン族長の恐るべき副官ガルグルーク"
LIEUTENANT_A = "ゴブリン族長の恐るべき副官A"


def test_two_names_that_cut_alike_keep_their_distinguishing_ends():
    """18 cells is 8 kanji: both would show as ``ゴブリン族長の…``; each keeps its end instead."""
    assert fit_name(LIEUTENANT, 18) == fit_name(LIEUTENANT_A, 18)  # alone, the plain cut
    one = fit_name(LIEUTENANT, 18, others=[LIEUTENANT_A])
    other = fit_name(LIEUTENANT_A, 18, others=[LIEUTENANT])
    assert one != other
    assert one.startswith("ゴブリン") and one.endswith("ルーク") and "…" in one
    assert other.endswith("副官A")
    assert cells(one) <= 18 and cells(other) <= 18
    assert fit_name("Goblin Warrior", 18, others=["Goblin Warrior"]) == "Goblin Warrior"


async def test_the_roster_shows_the_ends_of_names_that_cut_alike(japanese):
    from core import Encounter, get_system

    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name="副官")
    encounter.add(rules.new_creature(LIEUTENANT, hp=30), initiative=10)
    app = make_app(encounter, rng=random.Random(7), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.session.apply(lambda enc: enc.add(rules.new_creature(LIEUTENANT_A, hp=30),
                                              initiative=9))  # the second comes later
        await pilot.pause()
        screen = "\n".join(screen_lines(app))
        assert "ルーク" in screen and "副官A" in screen, screen
