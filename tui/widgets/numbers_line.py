"""The highlighted creature's numbers in one line (issue 19): what the GM asks all night.

``AC 15 (17, frightened 2) · Fort +5 Ref +6 Will +2 · Per +4`` — always after conditions
(``Encounter.numbers_of`` is the one place that applies them), the printed number and the
reason in brackets. Daggerheart adds a PC's Hope; the level and tier stay on the detail pane,
which lists them all (:func:`numbers_lines`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual.widgets import Static

from core.table.numbers import HOPE_MAX
from core.text.i18n import game_term, tr
from tui.session_rules import has_fear

if TYPE_CHECKING:
    from core import Encounter

GROUPS: tuple[tuple[str, ...], ...] = (
    ("ac", "touch", "flat_footed"), ("difficulty", "evasion"), ("attack",),
    ("fort", "ref", "will"), ("perception",), ("minion",),
)
"""The numbers the line shows, a group to a ``·``: a defense, the saves together."""
PANE_CELLS = 33
"""The cells of a line of the roster's detail pane (36 less its border and padding)."""


def numbers_summary(encounter: Encounter, creature_id: str) -> str:
    """The creature's numbers in one line, after its conditions; ``""`` with none known."""
    creature = encounter.creature(creature_id)
    numbers = encounter.numbers_of(creature_id)
    groups = [" ".join(numbers.text(key) for key in group if key in numbers) for group in GROUPS]
    if creature.pc and has_fear(encounter.rules):      # Daggerheart: Fear's PCs have Hope
        groups.append(_hope(creature.hope))
    return " · ".join(group for group in groups if group)


def numbers_lines(encounter: Encounter, creature_id: str, width: int = PANE_CELLS) -> list[str]:
    """The creature's numbers for the detail pane after its conditions and why (``AC 15 (17,
    frightened 2)``), a group a line where it fits in ``width`` cells (else a number a line),
    then its attacks with their bonus; what a condition does that is shown, not applied
    (advantage, damage), last."""
    from core.table.numbers import attack_bonus

    creature = encounter.creature(creature_id)
    numbers = encounter.numbers_of(creature_id)
    lines: list[str] = []
    for group in (("level", "tier"), *GROUPS):      # a group on a line where it fits (the saves)
        texts = [numbers.text(key) for key in group if key in numbers]
        joined = " ".join(texts)
        lines.extend(texts if cell_len(joined) > width else [joined] if texts else [])
    if creature.pc and has_fear(encounter.rules):
        lines.append(_hope(creature.hope))
    for attack in creature.attacks:
        try:
            bonus, why = attack_bonus(creature, encounter.system, attack)
        except ValueError:      # no bonus printed or typed: the damage alone
            bonus, why = None, ()
        said = f" {bonus:+d}" + (f" ({attack.bonus:+d}, {', '.join(why)})" if why else "") \
            if bonus is not None else ""
        traits = f" ({', '.join(game_term(t) for t in attack.traits)})" if attack.traits else ""
        lines.append(f"{attack.label}{said}{traits}: {attack.damage}")
    return lines + list(numbers.notes)


def _hope(hope: int) -> str:
    """A PC's Hope out of its most (Daggerheart keeps the word Hope in every language)."""
    return f"{game_term('Hope')} {hope}/{HOPE_MAX}"


def summary_or_hint(encounter: Encounter, creature_id: str | None) -> str:
    """The line the roster shows: the numbers, or how to type them in."""
    if creature_id is None:
        return ""
    try:
        line = numbers_summary(encounter, creature_id)
    except (KeyError, ValueError):
        return ""
    return line or tr("no AC or saves known · e: type them in")


class NumbersLine(Static):
    """One line under the roster: the highlighted creature's numbers after conditions."""

    DEFAULT_CSS = """
    NumbersLine {
        height: 1;
        padding: 0 1;
        color: $text-muted;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def __init__(self, **kwargs: object) -> None:
        """An empty line; ``show`` fills it."""
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]

    def show(self, encounter: Encounter, creature_id: str | None) -> None:
        """Show ``creature_id``'s numbers (nothing for no creature)."""
        self.update(summary_or_hint(encounter, creature_id))


__all__ = ["NumbersLine", "numbers_summary", "numbers_lines", "summary_or_hint", "GROUPS"]
