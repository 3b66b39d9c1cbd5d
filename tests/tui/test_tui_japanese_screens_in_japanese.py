"""Every screen of every system's demo, in Japanese at 80×24, has no English word left but
the allowed ones: keys, dice, abbreviations the Japanese sources print (HP, AC, DC), the
systems' own names. The add form's examples are Japanese and read as the GM would type them."""

from __future__ import annotations

import random
import re

import pytest
from tui_support import SIZE, screen_lines

from core import get_system
from core.notation import parse_damage, parse_defenses
from tui.app import make_app
from tui.demo import demo_encounter

pytestmark = pytest.mark.usefixtures("japanese")

SYSTEM_NAMES = ("Pathfinder 2e", "Starfinder 2e", "Vitality & Wounds", "d20 System 3.0", "Daggerheart",
                "hitledger")
KEYS = {"esc", "escape", "enter", "tab", "ctrl", "alt", "shift", "del", "space"}
ABBREVIATIONS = {"HP", "AC", "DC", "XP", "PC", "NPC", "CR", "Markdown"}   # as Japanese rulebooks print them
NOT_YET = {
    "daggerheart": {"Standard"},        # the adversary types: read in English only (split_rank)
    "pf2e": {"living"}, "vitality-wounds": {"living"}, "sf2e": {"living"},   # the kinds' field
}
WORD = re.compile(r"(?<![\w/])[A-Za-z][A-Za-z'-]+")
DICE = re.compile(r"^(?:\d*d\d+|R\d+)$")
SCREENS = {"roster": (), "help": ("question_mark",), "add": ("a",), "condition": ("c",),
           "damage": ("d",), "damage targets": ("d", "tab"), "heal": ("h",), "tracker": ("p",), "log": ("l",)}


def stray_english(lines: list[str], allowed: set[str]) -> list[str]:
    """The English words of ``lines`` that none of the allowances covers."""
    text = "\n".join(lines)
    for name in SYSTEM_NAMES:
        text = text.replace(name, " ")
    words = WORD.findall(text)
    return sorted({w for w in words if w not in KEYS | ABBREVIATIONS | allowed and not DICE.match(w)
                   and not (len(w) <= 2 and w.islower())})   # a key: ^p, f2, alt+v's v


@pytest.mark.parametrize("system", ["pf2e", "daggerheart", "d20-3e", "vitality-wounds"])
async def test_every_screen_of_the_demo_speaks_japanese(system):
    found: dict[str, list[str]] = {}
    for screen, keys in SCREENS.items():
        app = make_app(demo_encounter(system, rng=random.Random(7)), rng=random.Random(7),
                       autosave=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("down", *keys)
            for _ in range(3):
                await pilot.pause()
            stray = stray_english(screen_lines(app), NOT_YET.get(system, set()))
            if stray:
                found[screen] = stray
    assert found == {}


@pytest.mark.parametrize("system", ["pf2e", "sf2e", "vitality-wounds", "d20-3e", "daggerheart"])
def test_the_forms_examples_are_japanese_and_read(system):
    from core.text.i18n import tr

    rules = get_system(system)
    defenses = tr(rules.example_defenses)
    damage, total = (tr(text) for text in rules.example_damage)
    parse_defenses(defenses, system)
    parse_damage(damage, system)
    parse_damage(total, system)
    shown = [tr(rules.example_name), defenses, damage, total]
    assert stray_english(shown, set()) == [], shown


def test_the_players_view_is_titled_in_japanese(tmp_path):
    from tui.watch.app import WatchApp
    from tui.watch.follow import Follower

    app = WatchApp(Follower(tmp_path, tmp_path / "players.toml"))
    assert stray_english([app.title], set()) == [], app.title
