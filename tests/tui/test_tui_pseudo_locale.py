"""A pseudo-locale run of every screen fails on any string that bypasses the
catalogue.

The pseudo catalogue wraps every message it is asked for in ``⟦…⟧``; each screen is drawn at
80×24 and what is left once the wrapped text is taken out must hold no English word but the
encounter's names, game terms and key names. Words that come from files other engineers are
translating are listed as known exceptions, each with the file it comes from, so the list
shrinks as they merge.
"""

from __future__ import annotations

import gettext
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from tui_support import screen_lines, settle, window_holding

from core.text import i18n
from tui.app import make_app
from tui.demo import demo_encounter

SIZE = (80, 24)


class PseudoCatalogue(gettext.NullTranslations):
    """Every message wrapped in ⟦…⟧: what shows unwrapped never went through ``tr``."""

    def gettext(self, message: str) -> str:
        """The message, wrapped."""
        return f"⟦{message}⟧"

    def pgettext(self, context: str, message: str) -> str:
        """The message in its sense, wrapped."""
        return f"⟦{message}⟧"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The English form for ``n``, wrapped."""
        return f"⟦{singular if n == 1 else plural}⟧"


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The app speaks the pseudo language (English underneath, every message wrapped)."""
    monkeypatch.setattr(i18n, "catalogue", lambda language: PseudoCatalogue())
    yield


INNERMOST = re.compile(r"⟦[^⟦⟧]*⟧")
OPEN_TO_LINE_END = re.compile(r"⟦[^\n]*")
LINE_START_TO_CLOSE = re.compile(r"[^\n]*⟧")
WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")


def unwrapped(text: str) -> str:
    """``text`` without what the catalogue gave: nested wrappers from the inside out; a
    wrapper a cut left open runs to its line's end, one wrapped from the line before starts
    at its line's start."""
    while True:
        shorter = INNERMOST.sub(" ", text)
        if shorter == text:
            break
        text = shorter
    return LINE_START_TO_CLOSE.sub(" ", OPEN_TO_LINE_END.sub(" ", text))


KEY_WORDS = {"esc", "escape", "enter", "tab", "shift", "ctrl", "del", "pgup", "pgdn", "fg",
             "home", "end", "super", "alt",
             "hitledger", "Pathfinder", "Daggerheart", "PC", "PCs", "HP", "AC", "DC", "Markdown"}
"""Names of keys and of the app, and abbreviations a Japanese table uses as they are."""

GAME_TERMS = {"fire", "cold", "bleed", "slashing", "piercing", "bludgeoning", "persistent",
              "living", "weak", "res", "imm", "dogslicer", "shortbow", "agile", "backstabber",
              "finesse", "ranged", "mag", "magic",
              # the numbers' labels come from the glossary (頑健, 反応, 意志, 知覚, レベル), not the catalogue
              "Fort", "Ref", "Will", "Per", "Level",
              # a defense line said back: in Japanese the wiki's words (弱点…) from notation_ja
              "weakness", "resistance", "immunity",
              # a condition's name as the rules know it, typed so in any language (its example)
              "frightened",
              # a Daggerheart term no source settles, as the glossary gives it (numbers_line.py)
              "Hope"}
"""Damage types and traits the encounter holds: data, shown as the core writes them."""

KNOWN_EXCEPTIONS: set[str] = set()
"""Words other branches put on screen; remove each when its file speaks through ``tr``."""


def english_words(app: object) -> set[str]:
    """The English words on screen outside what the catalogue gave, names and terms aside."""
    encounter = getattr(app, "session").encounter  # noqa: B009 - the HitLedgerApp's session
    names = {word for cid in encounter.order
             for word in WORD.findall(encounter.creature(cid).name)}
    names |= set(WORD.findall(encounter.name))
    left = unwrapped("\n".join(screen_lines(app)))
    return {word for word in WORD.findall(left)} - names - KEY_WORDS - GAME_TERMS \
        - KNOWN_EXCEPTIONS


async def visit(pilot: Pilot[None], *keys: str) -> set[str]:
    """Press ``keys`` and read the screen, once its workers are done and it is painted (not
    after a fixed 0.2 s); the English words left on it."""
    await pilot.press(*keys)
    await settle(pilot)
    return english_words(pilot.app)


SCREENS = {
    "roster": (),
    "help": ("question_mark",),
    "tracker": ("p",),
    "tracker's add dialog": ("p", "a"),
    "log": ("l",),
    "saves": ("ctrl+o",),
    "new encounter": ("ctrl+o", "n"),
    "bestiary": ("B",),
    "add form": ("a",),
    "edit form": ("down", "e"),
    "remove dialog": ("down", "delete"),
    "copy prompt": ("down", "y"),
    "heal": ("down", "h"),
    "heal with an amount": ("down", "h", "5"),
    "heal with a wrong amount": ("down", "h", "x"),
    "find line": ("slash", "2"),
    "add form with nothing typed": ("a", "ctrl+enter"),
    "tracker's help": ("p", "question_mark"),
    "saves' help": ("ctrl+o", "question_mark"),
    "log's help": ("l", "question_mark"),
    "bestiary's help": ("B", "f1"),
    "add form's help": ("a", "f1"),
    # the dialogs and notices split from running.py (initiative, conditions, pools, party,
    # markdown_log); damage entry (tui/screens/damage.py) is other branches': add it when it
    # speaks through ``tr``
    "condition dialog": ("down", "c"),
    "condition dialog with no name": ("down", "c", "enter"),
    "initiative prompt": ("down", "I"),
    "no Stress in Pathfinder": ("down", "s"),
    "next encounter prompt": ("K",),
    "log export prompt": ("M", "ctrl+u"),   # the path offered (data) taken out of the field
    "save prompt": ("ctrl+s",),
    "undo": ("u",),
    "nothing to remove": ("X",),
}


@pytest.mark.parametrize("screen", SCREENS)
async def test_no_english_word_bypasses_the_catalogue(pseudo, data_dir, screen):
    app = make_app(demo_encounter("pf2e", rng=random.Random(7)), rng=random.Random(7),
                   autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert await visit(pilot, *SCREENS[screen]) == set(), screen


DAGGERHEART_SCREENS = {
    "mark Stress": ("down", "s"),
    "gain Fear": ("plus",),
    "Hope for a PC": ("o",),
    "Hope for no PC": ("down", "down", "down", "o"),
}
"""Stress, Fear and Hope (tui/screens/pools.py): only a Daggerheart encounter has them."""


@pytest.mark.parametrize("screen", DAGGERHEART_SCREENS)
async def test_daggerheart_pools_speak_through_the_catalogue(pseudo, data_dir, screen):
    app = make_app(demo_encounter("daggerheart", rng=random.Random(7)), rng=random.Random(7),
                   autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert await visit(pilot, *DAGGERHEART_SCREENS[screen]) == set(), screen


async def test_the_players_view_speaks_through_the_catalogue(pseudo, tmp_path: Path):
    from core.views.player_view import player_view
    from saves import codec
    from saves.store import atomic_write
    from tui import players_file
    from tui.watch.app import WatchApp
    from tui.watch.follow import Follower

    encounter = demo_encounter("pf2e", rng=random.Random(7))
    path = tmp_path / "autosave.toml"
    with window_holding(path):
        atomic_write(path, codec.encode(encounter.to_data()).encode("utf-8"), backup=False)
        players_file.write(players_file.players_path(path), player_view(encounter))
        app = WatchApp(Follower(tmp_path))
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(1000):
                if app.watched.view is not None:
                    break
                await pilot.pause(0.01)
            await pilot.pause()
            names = {word for cid in encounter.order
                     for word in WORD.findall(encounter.creature(cid).name)}
            left = set(WORD.findall(unwrapped("\n".join(screen_lines(app)))))
            # core/views/player_view.py (others'): the health words and the log lines
            core_words = {"Healthy", "Hurt", "Bloodied", "Defeated"}
            assert left - names - KEY_WORDS - GAME_TERMS - core_words - KNOWN_EXCEPTIONS \
                == set()


def test_the_unwrapping_takes_nested_and_cut_wrappers_out():
    assert unwrapped("a ⟦Removed ⟦3 goblins⟧ (u)⟧ b").split() == ["a", "b"]
    assert unwrapped("x ⟦cut at the edge…\nwrapped on⟧ y").split() == ["x", "y"]
