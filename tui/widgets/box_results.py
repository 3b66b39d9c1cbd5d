"""The add form's matches as the GM types a name: monsters from the box and the GM's library.

Each row shows name, level (tier, CR), HP, AC and where it comes from. ``down`` from the name
field comes here; ``up``/``down`` move, digits type how many copies, ``enter`` adds them,
``escape`` goes back to the name. The box and the library are read when the form first
searches, never at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from core.text.i18n import N_, tr

ROWS = 6


@dataclass(frozen=True)
class Match:
    """One row: a creature of the box or a template of the library."""

    name: str
    origin: str                 # "box" or "library"
    level: Any = None
    hp: int | None = None
    ac: int | None = None
    source: str = ""


def row_text(system: str, match: Match, width: int = 64) -> str:
    """``Goblin Warrior       Lvl -1  HP 6    AC 16  Pathfinder Bestiary`` in ``width`` cells."""
    from core.compendium import ac_word, level_word

    level = "" if match.level is None else f"{level_word(system)} {match.level}"
    hp = "" if match.hp is None else f"{tr('HP')} {match.hp}"
    ac = "" if match.ac is None else f"{ac_word(system)} {match.ac}"
    source = tr("your library") if match.origin == "library" else match.source
    name = match.name if len(match.name) <= 20 else match.name[:19] + "…"
    text = f"{name:<20} {level:<7} {hp:<7} {ac:<6} {source}"
    return text[:width]


def find(system: str, query: str, library: list[str], limit: int = ROWS) -> list[tuple[float, Match]]:
    """The GM's templates named like ``query`` then the box's creatures (none of a name the
    library has: the GM's own comes first), each with how well it matched (0 exact, 1 prefix,
    up to 5 fuzzy: core.compendium.ranked). ValueError for a level filter that is not one."""
    from core import compendium

    if not query.strip():
        return []
    found: list[tuple[float, Match]] = []
    if system in compendium.systems():
        found = [(score, Match(h.name, "box", h.level, h.hp, h.ac, h.source))
                 for score, h in compendium.ranked(system, query, limit)]
    else:
        compendium.ranked_names(query, [], limit)       # a wrong filter is said all the same
    kept = [(score, Match(name, "library"))
            for score, name in compendium.ranked_names(query, library, limit)]
    names = {match.name.casefold() for _, match in kept}
    return (kept + [(score, m) for score, m in found if m.name.casefold() not in names])[:limit]


def creature_of(system: str, match: Match) -> Any:
    """A fresh creature of a match: the library's template or the box's creature."""
    if match.origin == "library":
        from saves import library

        return library.get(system, match.name)
    from core import compendium

    return compendium.get(system, match.name)


def library_names(system: str) -> list[str]:
    """The GM's templates of ``system`` (none where the library cannot be read)."""
    from saves import library

    try:
        return library.names(system)
    except (OSError, ValueError):
        return []


class BoxResults(OptionList):
    """The matches of the name typed; hidden while there are none."""

    BINDINGS = [
        Binding("escape", "back", N_("Back to the name"), show=False),
        *[Binding(str(digit), f"count({digit})", show=False) for digit in range(10)],
        Binding("backspace", "count_back", show=False),
    ]

    class Chosen(Message):
        """The GM pressed enter on a row: add ``count`` copies of it (0: the form's Count)."""

        def __init__(self, match: Match, count: int) -> None:
            super().__init__()
            self.match = match
            self.count = count

    class Back(Message):
        """The GM left the list for the name field."""

    def __init__(self, system: str, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id, compact=True)
        self.system = system
        self.matches: list[Match] = []
        self.count_text = ""
        self._library: list[str] | None = None
        self._entering = False

    def allow_focus(self) -> bool:
        """Not a stop of tab (Count goes on to the stats): only ``down`` from the name comes here."""
        return self._entering or self.has_focus

    def enter(self) -> None:
        """Take the focus, the first row highlighted (``down`` from the name field)."""
        self._entering = True
        self.focus()
        self.highlighted = 0

    def on_focus(self) -> None:
        self._entering = False

    def library_names(self) -> list[str]:
        """The GM's templates of this system, read once."""
        if self._library is None:
            self._library = library_names(self.system)
        return self._library

    def search(self, query: str) -> list[Match]:
        """The library's matches then the box's (exact, prefix, fuzzy each); ValueError for a
        level filter that is not one."""
        return [match for _, match in find(self.system, query, self.library_names(), ROWS)]

    def show(self, query: str) -> None:
        """List the matches of ``query`` (hidden when none); a filter that is not one is said
        in the list's place."""
        try:
            self.matches = self.search(query)
        except ValueError as error:
            self.matches = []
            refused = [Option(Text(str(error), no_wrap=True, overflow="ellipsis"), disabled=True)]
        else:
            refused = []
        self.count_text = ""
        self.clear_options()
        self.add_options([Option(Text(row_text(self.system, m), no_wrap=True, overflow="ellipsis"))
                          for m in self.matches] + refused)
        self.display = bool(self.matches or refused)
        self.border_title = None

    def creature(self, match: Match) -> Any:
        """A fresh creature of the row: the library's template or the box's creature."""
        return creature_of(self.system, match)

    def hint(self, base: str, among: bool = False) -> str:
        """The form's key line: how to reach the matches, or (``among`` them) what keys do."""
        if among:
            return tr("↑↓ choose · a number: how many · enter add · esc back to the name")
        return tr("↓ matches from the box · {keys}", keys=base) if self.display else base

    def action_count(self, digit: int) -> None:
        """Digits type how many copies enter adds."""
        text = (self.count_text + str(digit)).lstrip("0")[:2]
        self.count_text = text
        self.border_title = tr("×{count}", count=text) if text else None

    def action_count_back(self) -> None:
        """Backspace takes the last digit of the count back."""
        self.count_text = self.count_text[:-1]
        self.border_title = tr("×{count}", count=self.count_text) if self.count_text else None

    def action_back(self) -> None:
        """Escape goes back to the name field."""
        self.post_message(self.Back())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a row adds it."""
        event.stop()
        if 0 <= event.option_index < len(self.matches):
            count = int(self.count_text) if self.count_text else 0
            self.post_message(self.Chosen(self.matches[event.option_index], count))
