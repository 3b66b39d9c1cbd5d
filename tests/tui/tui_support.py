"""Helpers for the TUI tests: small encounters, a notification recorder, pilot shortcuts."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

from textual._context import visible_screen_stack
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input, Static

from core import Encounter, get_system

#: The terminal every Pilot test runs in unless it says otherwise.
SIZE = (80, 24)


class Notes:
    """Records what the app told the GM through notifications."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self.timeouts: list[float | None] = []

    def __call__(self, message: str, *args: Any, **kwargs: Any) -> None:
        self.messages.append(str(message))
        self.timeouts.append(kwargs.get("timeout"))

    @property
    def last(self) -> str:
        """The newest notification."""
        return self.messages[-1] if self.messages else ""


def goblins(system: str = "pf2e", **settings: Any) -> Encounter:
    """Two goblins (HP 15, weakness fire 5) and a PC, for damage tests."""
    rules = get_system(system)
    encounter = Encounter(system=system, name="Test Fight", settings=settings or None)
    encounter.add(rules.new_creature("Valeros", pc=True, hp=40), initiative=20)
    for number in (1, 2):
        encounter.add(rules.new_creature(f"Goblin {number}", hp=15,
                                         defenses="weaknesses fire 5"), initiative=15)
    return encounter


def marlowe() -> tuple[Encounter, str]:
    """A Daggerheart PC with three armor slots, alone in an encounter: (encounter, her id)."""
    rules = get_system("daggerheart")
    encounter = Encounter("daggerheart", "Ambush")
    pc = encounter.add(rules.new_creature("Marlowe", pc=True, hp=6, major=7, severe=14,
                                          armor=3), initiative=10)
    return encounter, pc


def ids_by_name(encounter: Encounter) -> dict[str, str]:
    """Creature ids by creature name."""
    return {encounter.creature(cid).name: cid for cid in encounter.order}


async def type_text(pilot: Pilot, text: str) -> None:
    """Type text key by key, as a GM would."""
    await pilot.press(*[KEY_NAMES.get(char, char) for char in text])


KEY_NAMES = {" ": "space", "+": "plus", "-": "minus", ";": "semicolon", ",": "comma",
             "(": "left_parenthesis", ")": "right_parenthesis", "/": "slash", ".": "full_stop"}


def lines_waiting_to_settle(app: Any) -> list[Static]:
    """The steady lines of ``app``'s screen whose shrink waits for a pause in typing
    (``log_panel``'s timers; an earlier test's closed app may have left its own)."""
    from tui.widgets.log_panel import _settling

    shown = set(app.screen.query(Static))
    return [line for line in list(_settling) if line in shown]


async def wait_for_the_pause_in_typing(pilot: Pilot) -> None:
    """Wait until every steady line on the screen has settled: the timer's own end, not a
    fixed wait (at once when no line waits)."""
    from tui.widgets.log_panel import SETTLE_SECONDS

    await pilot.pause()
    for _ in range(int(SETTLE_SECONDS / 0.02) * 20):  # a bound for a busy machine
        if not lines_waiting_to_settle(pilot.app):
            break
        await pilot.pause(0.02)
    assert not lines_waiting_to_settle(pilot.app), "a steady line never settled"


async def until(pilot: Pilot, shown: Callable[[], bool], seconds: float = 10.0) -> None:
    """Wait until ``shown()`` holds: the thing itself, not a fixed pause (bounded for a busy
    machine; the caller's assert says what never came)."""
    await pilot.pause()
    for _ in range(int(seconds / 0.02)):
        if shown():
            return
        await pilot.pause(0.02)


async def settle(pilot: Pilot) -> None:
    """Let workers finish and their messages arrive, and the workers those start in turn (a
    keep, then its load; a claim, then its write): until a pause leaves no worker unfinished."""
    for _ in range(100):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        if all(worker.is_finished for worker in pilot.app.workers):
            return


class Dice:
    """Dice that come up as listed."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        return self.faces.pop(0)


def static_text(screen: Any, selector: str) -> str:
    """The plain text of a Static."""
    return str(screen.query_one(selector, Static).render())


@asynccontextmanager
async def running(app_factory: Callable[..., Any], encounter: Encounter | None = None,
                  **options: Any) -> AsyncIterator[tuple[Pilot, Any, Encounter, dict[str, str]]]:
    """The app on ``encounter`` (the goblins by default) at 80x24: (pilot, app, encounter, ids).

    ``options`` go to the app factory (system, seed, autosave).
    """
    encounter = goblins() if encounter is None else encounter
    app = app_factory(encounter, **options)
    async with app.run_test(size=SIZE) as pilot:
        yield pilot, app, encounter, ids_by_name(encounter)


#: The roster keys that mark both goblins of :func:`goblins` as targets.
BOTH_GOBLINS = ("down", "space", "space")


async def open_damage(pilot: Pilot, damage: str = "", keys: tuple[str, ...] = ("down",)) -> Any:
    """Move with ``keys`` (down: the second row; none: stay on the active creature), open damage
    entry (d), type ``damage`` (nothing if empty): the screen."""
    from tui.screens.damage import DamageScreen

    await pilot.press(*keys, "d")
    screen = pilot.app.screen
    assert isinstance(screen, DamageScreen)
    await type_text(pilot, damage)
    return screen


async def open_add_form(pilot: Pilot, name: str = "") -> Screen:
    """Open the add form (a) and type ``name`` (nothing if empty): the form."""
    from tui.screens.creature_form import CreatureForm

    await pilot.press("a")
    form = pilot.app.screen
    assert isinstance(form, CreatureForm)
    await type_text(pilot, name)
    return form


async def submit_form(pilot: Pilot, form: Screen, fields: dict[str, str] | None = None) -> None:
    """Fill the fields of ``form`` by id and press enter."""
    for field_id, value in (fields or {}).items():
        form.query_one(f"#{field_id}", Input).value = value
    await pilot.press("enter")
    await pilot.pause()


async def submit_add_form(pilot: Pilot, name: str, fields: dict[str, str] | None = None) -> Screen:
    """Open the add form (a), type ``name``, fill the fields by id, press enter: the form."""
    form = await open_add_form(pilot, name)
    await submit_form(pilot, form, fields)
    return form


def screen_lines(app: Any) -> list[str]:
    """The text of every line on the screen, as the terminal shows it (Textual has no public
    way to read the screen as text: this reads its compositor, with the screens under a dialog
    made visible as Textual's own drawing makes them)."""
    visible_screen_stack.set(app._background_screens)
    return [strip.text for strip in app.screen._compositor.render_strips()]


def screen_text(app: Any) -> str:
    """The whole screen as one text."""
    return "\n".join(screen_lines(app))


def d20_brawl() -> Encounter:
    """A fighter (active) and an ogre of 30 HP, in d20 3.0."""
    rules = get_system("d20-3e")
    encounter = Encounter("d20-3e", "Brawl")
    encounter.add(rules.new_creature("Tordek", pc=True, hp=20), initiative=15)
    encounter.add(rules.new_creature("Ogre", hp=30), initiative=10)
    return encounter


@contextmanager
def window_holding(slot: Path) -> Iterator[int]:
    """Another running window holds the autosave ``slot`` (its lock, held with the
    kernel) while the block runs: its process id."""
    script = ("import sys; from pathlib import Path; from saves import slots\n"
              "print(slots.claim(Path(sys.argv[1])), flush=True); sys.stdin.read()")
    root = Path(__file__).resolve().parents[2]
    other = subprocess.Popen([sys.executable, "-c", script, str(slot)], text=True,
                             env={**os.environ, "PYTHONPATH": str(root)},
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "True"
        yield other.pid
    finally:
        other.kill()
        other.wait()


async def set_damage(pilot: Pilot, screen: Screen, text: str) -> None:
    """Put ``text`` in the damage field at once, the cursor at its end, as if typed (typing it
    key by key costs Textual's idle wait after each key)."""
    field = screen.query_one("#damage Input", Input)
    field.value = text
    field.cursor_position = len(text)
    await pilot.pause()


def long_evening(events: int) -> Encounter:
    """A pf2e fight whose ledger holds ``events`` events: damage with its steps, and turns."""
    rules = get_system("pf2e")
    encounter = Encounter(system="pf2e", name=f"Evening {events}")
    ids = [encounter.add(rules.new_creature(f"Ogre {n}", hp=1_000_000), initiative=20 - n)
           for n in range(3)]
    rng = random.Random(1)
    while len(encounter.log) < events:
        if len(encounter.log) % 5 == 4:
            encounter.next_turn(rng)
        else:
            encounter.apply_damage([ids[len(encounter.log) % 3]], "1d4+1 fire", rng=rng)
    del encounter.log[events:]
    return encounter
