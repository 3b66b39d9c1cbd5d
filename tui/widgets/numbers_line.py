"""The highlighted creature's numbers in one line: what the GM asks all night.

``AC 15 (17, frightened 2) · Fort +5 Ref +6 Will +2 · Per +4`` — always after conditions
(``Encounter.numbers_of`` is the one place that applies them), the printed number and the
reason in brackets; where the reasons do not fit, the printed numbers alone (the conditions are
on the row). A Daggerheart PC's Hope is on its row; the level and tier stay on the detail pane,
which lists them all (:func:`numbers_lines`), with Hope.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual.widgets import Static

from core.table.numbers import HOPE_MAX
from core.text.cells import cut_cells
from core.text.i18n import game_term, listing, tr
from tui.session_rules import has_fear
from tui.widgets.row_rest import wrap_words

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
        groups.append(hope_text(creature.hope))
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
        lines.append(hope_text(creature.hope))
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


def hope_text(hope: int) -> str:
    """A PC's Hope out of its most (Daggerheart keeps the word Hope in every language)."""
    return f"{game_term('Hope')} {hope}/{HOPE_MAX}"


MOST_LINES = 2
"""The roster's numbers take at most this many lines."""


def fitted_numbers(encounter: Encounter, creature_id: str | None, width: int) -> list[str]:
    """The roster's numbers in ``width`` cells, every number after conditions always shown:
    each with why (``AC 15 (17, frightened 2)``) where that fits one line, else the printed
    number alone and the reasons once at the end (``AC 15 (17) · … · from frightened 2``), else
    without the reasons; then the same over two lines, a group never split. A Daggerheart PC's
    Hope is on its row; a creature without numbers gets the hint."""
    if creature_id is None:
        return []
    try:
        numbers = encounter.numbers_of(creature_id)
    except (KeyError, ValueError):
        return []

    def groups(reasons: bool) -> list[str]:
        said = (" ".join(numbers.text(key, reasons=reasons) for key in group if key in numbers)
                for group in GROUPS)
        return [group for group in said if group]

    why = dict.fromkeys(reason for group in GROUPS for key in group if key in numbers
                        for reason in numbers.why.get(key, ()))
    brief = groups(False)
    if not brief:
        return [tr("no AC or saves known · e: type them in")]
    tries = [groups(True), brief + [tr("from {reasons}", reasons=listing(why))], brief] \
        if why else [brief]
    for most in range(1, MOST_LINES + 1):
        for said in tries:
            lines = wrap_words("", said, width, " · ")
            if len(lines) <= most and all(cell_len(line) <= width for line in lines):
                return lines
    return [cut_cells(line, width) for line in wrap_words("", brief, width, " · ")[:MOST_LINES]]


class NumbersLine(Static):
    """Under the roster: the highlighted creature's numbers after conditions (one line, or two)."""

    DEFAULT_CSS = """
    NumbersLine {
        height: auto;
        max-height: 2;
        padding: 0 0 0 1;
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
        self.update("\n".join(fitted_numbers(encounter, creature_id, self.app.size.width - 1)))


__all__ = ["NumbersLine", "numbers_summary", "numbers_lines", "fitted_numbers",
           "hope_text", "GROUPS"]
