"""Write SVG screenshots of each screen from the real app on a demo encounter (``make screenshots``).

Usage: ``python -m tui.screenshots [FOLDER]`` (default ``screenshots``): every screen at 80×24
in English in FOLDER and in Japanese (``--lang ja``) in FOLDER/ja. Dice are seeded and saves go
to a temporary data dir, so the pictures change only when the app does.
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import sys
import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.text.i18n import tr

if TYPE_CHECKING:
    from textual.pilot import Pilot

SIZE = (80, 24)
SEED = 7
SAVED_AT = datetime(2024, 3, 2, 18, 0).timestamp()
NAMES = ("roster", "damage", "tracker", "add", "condition", "log", "saves", "help", "watch")
LANGUAGES = {"en": "", "ja": "ja"}
"""Each language the app speaks and the subfolder its screenshots go to."""


def prepare_saves(folder: Path) -> None:
    """A few saves and one broken file, with fixed times, for the saves screen."""
    import saves
    from tui.demo import demo_encounter

    for system in ("sf2e", "daggerheart"):
        saves.save(demo_encounter(system, rng=random.Random(SEED)))
    folder.joinpath("broken-night.toml").write_text("format = 1\nname = \n", encoding="utf-8")
    for path in folder.glob("*.toml"):
        os.utime(path, (SAVED_AT, SAVED_AT))


async def take(out: Path) -> list[Path]:
    """Drive the app through each screen and save a screenshot of it."""
    from textual.widgets import Input

    from tui.app import make_app
    from tui.demo import demo_encounter

    encounter = demo_encounter("pf2e", rng=random.Random(SEED))
    app = make_app(encounter, rng=random.Random(SEED), autosave=False)
    written: list[Path] = []

    def shot(name: str) -> None:
        for field in app.screen.query(Input):
            field.cursor_blink = False
        written.append(Path(app.save_screenshot(f"{name}.svg", str(out))))

    async with app.run_test(size=SIZE) as pilot:
        await roster_and_damage(pilot, shot)
        await tracker(pilot, shot)
        await dialogs(pilot, shot)
        await pilot.press("ctrl+o")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        shot("saves")
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        shot("help")
    written.append(await watch(out, encounter))
    return written


async def watch(out: Path, encounter: Any) -> Path:
    """The players' view (``hitledger watch``) of the fight as the GM left it."""
    from core.views.player_view import player_view
    from saves import codec, data_dir
    from saves.store import atomic_write
    from tui import players_file
    from tui.watch.app import WatchApp
    from tui.watch.follow import Follower

    path = data_dir() / "players.toml"
    atomic_write(path, codec.encode(encounter.to_data()).encode("utf-8"), backup=False)
    players_file.write(players_file.players_path(path), player_view(encounter))
    app = WatchApp(Follower(data_dir(), path))
    async with app.run_test(size=SIZE) as pilot:
        while app.watched.view is None:
            await pilot.pause(0.05)
        await pilot.pause()
        return Path(app.save_screenshot("watch.svg", str(out)))


async def roster_and_damage(pilot: Pilot[Any], shot: Callable[[str], None]) -> None:
    """A fireball on two goblin warriors, as the opening of the fight; then damage entry
    with a preview: the pyro and the elemental, different saves."""
    from tui.widgets.log_panel import SETTLE_SECONDS

    await pilot.press("down", "space", "space", "d", *"6d6", "space", *"fire", "tab")
    await pilot.press("right", "right", "down", "right", "right", "right", "enter")
    await pilot.pause()
    shot("roster")
    await pilot.press("space", "space", "d", *"2d8", "plus", "4", "space", *"fire", "tab")
    await pilot.press("right", "right", "right", "down", "right", "right")
    await pilot.pause(SETTLE_SECONDS + 0.1)  # the lines under the field as they rest
    shot("damage")
    await pilot.press("escape")


async def dialogs(pilot: Pilot[Any], shot: Callable[[str], None]) -> None:
    """The add form with a creature half typed, the condition dialog, the whole log."""
    from textual.widgets import Input

    from core.catalog.capabilities import NUMBERS
    from core.text.i18n import game_term
    from tui.widgets.notation_field import NotationField

    await pilot.press("escape", "a")
    await pilot.pause()
    form = pilot.app.screen
    form.query_one("#name", Input).value = tr("Goblin Pyro")
    typed = {"level": 1, "ac": 17, "fort": 5, "ref": 8, "will": 4, "perception": 6}
    form.query_one("#numbers", NotationField).value = " ".join(
        f"{game_term(n.label)} {typed[n.key]:+d}" if n.signed else f"{game_term(n.label)} {typed[n.key]}"
        for n in NUMBERS["pf2e"])
    await pilot.pause()
    shot("add")
    await pilot.press("escape", "c")
    await pilot.pause()
    shot("condition")
    await pilot.press("escape", "l")
    await pilot.pause()
    shot("log")
    await pilot.press("escape")
    await pilot.pause()


async def tracker(pilot: Pilot[Any], shot: Callable[[str], None]) -> None:
    """Turns until one does something (the dead warrior skipped), then the tracker (p)."""
    app = pilot.app
    session: Any = getattr(app, "session")  # noqa: B009 (the demo's app; Pilot types it as any App)
    for _ in range(4):
        await pilot.press("n")
        await pilot.pause()
        if session.encounter.log[-1].details:
            break
    await pilot.press("p")
    app.screen.query_one("#persistent").focus()
    await pilot.pause()
    shot("tracker")


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots into the folder given (default ``screenshots``), in English and
    in Japanese (its ``ja`` subfolder)."""
    from core.text import i18n

    args = sys.argv[1:] if argv is None else argv
    root = Path(args[0] if args else "screenshots").resolve()
    # A fixed folder, not a random temporary name: its path is on the saves screenshot.
    data = Path(tempfile.gettempdir()) / "hitledger-screenshots"
    os.environ["HITLEDGER_DATA_DIR"] = str(data)
    written: list[Path] = []
    try:
        for language, folder in LANGUAGES.items():
            out = root / folder
            out.mkdir(parents=True, exist_ok=True)
            shutil.rmtree(data, ignore_errors=True)
            i18n.set_language(language)
            prepare_saves(data)
            written += asyncio.run(take(out))
    finally:
        i18n.set_language(i18n.ENGLISH)
        shutil.rmtree(data, ignore_errors=True)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
