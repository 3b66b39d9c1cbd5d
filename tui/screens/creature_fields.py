"""What the add and edit forms read and say: their result, names for copies, numbers as a
block prints them, the rows of stat fields and the notice of an edit."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len

from core.catalog.capabilities import NUMBERS
from core.table.difficulty import rank_example
from core.text.i18n import N_, clauses, game_term, listing, tr
from tui.screens.dialogs import read_number

if TYPE_CHECKING:
    from core import Creature

# The current values the edit form sets directly are the core's
# ``current_tracks``: (track, label, the stat that is its maximum). A field shows only
# where the creature has that track.
MAX_COUNT = 50
ADD_KEYS = N_("enter add · esc cancel · tab next field")


@dataclass
class CreatureFormResult:
    """What the GM filled in; the roster turns it into creatures."""

    name: str
    count: int = 1
    pc: bool = False
    stats: dict[str, int] = field(default_factory=dict)
    initiative: int | None = 0
    """None in the add form: roll d20 + ``init_mod`` for each new creature (RULES §7)."""
    init_mod: int = 0
    defenses: str = ""
    traits: str = "living"
    numbers: dict[str, int] | None = None
    """The printed numbers typed (AC, saves …); None where the system has none."""
    rank: dict[str, str] = field(default_factory=dict)
    """The adversary type or CR typed among the numbers (RULES §10): ``role`` / ``cr``."""

    current: dict[str, int] = field(default_factory=dict)
    """Tracks' current values typed in the edit form (``hp``, ``stress_marked`` …)."""
    taken: frozenset[str] = frozenset()
    """The names already in the encounter: new names never repeat one."""

    def names(self) -> list[str]:
        """``Goblin`` for one, ``Goblin 1`` … ``Goblin 3`` for three, never a name taken.

        A second batch continues the numbering (``Goblin 4`` …), and a single creature
        whose name is taken gets the next free number.
        """
        return unique_names(self.name, self.count, self.taken)

    def changed_fields(self, creature: Any, initiative: int) -> dict[str, Any]:
        """The fields that differ from the creature as it is (for an edit)."""
        changed: dict[str, Any] = {}
        if self.name != creature.name:
            changed["name"] = self.name
        if self.pc != bool(creature.pc):
            changed["pc"] = self.pc
        if self.defenses != (creature.defenses or ""):
            changed["defenses"] = self.defenses
        if self.traits != traits_text(creature.traits):
            changed["traits"] = self.traits
        if self.initiative is not None and self.initiative != initiative:
            changed["initiative"] = self.initiative
        if self.init_mod != creature.init_mod:
            changed["init_mod"] = self.init_mod
        if self.numbers is not None and self.numbers != dict(creature.numbers):
            changed["numbers"] = self.numbers
        for key in ("role", "cr") if self.numbers is not None else ():
            if self.rank.get(key, "") != getattr(creature, key):
                changed[key] = self.rank.get(key, "")
        for name, value in self.stats.items():
            if value != stat_value(creature, name):
                changed[name] = value
        for name, value in self.current.items():
            # set after the maximum, so a value the GM typed wins over the rules' adjustment
            if value != getattr(creature, name, None):
                changed[f"now_{name}"] = value
        return changed


def unique_names(name: str, count: int, taken: frozenset[str] | set[str]) -> list[str]:
    """``count`` names for ``name`` that are not in ``taken``, numbered after the highest taken."""
    lowered = {t.casefold() for t in taken}
    if count <= 1 and name.casefold() not in lowered:
        return [name]
    prefix = f"{name} ".casefold()
    numbers = [int(t[len(prefix):]) for t in lowered
               if t.startswith(prefix) and t[len(prefix):].isdigit()]
    # an earlier single "Goblin" counts as Goblin 1: the batch continues from 2
    start = max(numbers, default=1 if name.casefold() in lowered else 0) + 1
    return [f"{name} {number}" for number in range(start, start + count)]


def numbers_text(system: str, numbers: Any, rank: str = "", label: Any = str) -> str:
    """Numbers as a block prints them, in the system's order: ``AC 17 Fort +5 Ref +8``; the
    adversary type or CR first (``Standard``, ``CR 1/2``); ``label`` words each number's name
    (``game_term``: in the GM's language)."""
    return " ".join([rank] * bool(rank) + [
        f"{label(n.label)} {numbers[n.key]:+d}" if n.signed else f"{label(n.label)} {numbers[n.key]}"
        for n in NUMBERS.get(system, ()) if n.key in numbers])


def numbers_example(system: str) -> str:
    """What the Numbers field shows while empty: the system's words (``AC 15 Fort +5 …``)."""
    lead = [rank_example(system)] if rank_example(system) else []  # RULES §10
    return " ".join(lead + [f"{game_term(n.label)} {'+5' if n.signed else 1 if n.key in ('level', 'tier') else 15}"
                            for n in NUMBERS.get(system, ())
                            if not n.pc_only])


ROW_CELLS = 72
"""The cells a row of number fields may take: the form is 78 wide with border and padding."""
NUMBER_CELLS = 8
"""A number field and its gap (``Input.number`` in creature_form.tcss)."""
INIT_LABEL = N_("Init total")
"""The initiative field takes the total (d20 + Mod), in the add and the edit form alike."""
INIT_MOD = "init_mod"
"""Stands for the initiative modifier's field in :func:`stat_rows` (``None``: the initiative)."""


def stat_rows(fields: list[Any]) -> list[list[Any]]:
    """The stat fields (and ``None``, the initiative) in rows that fit 80 columns.

    Daggerheart's five stats are 87 cells in one row: they wrap to two
   , measured in cells, not characters.
    """
    rows: list[list[Any]] = [[]]
    used = 0
    for stat in fields:
        label = tr(INIT_LABEL) if stat is None else tr("Mod") if stat == INIT_MOD else tr(stat.label)
        width = cell_len(label) + 1 + NUMBER_CELLS
        if rows[-1] and used + width > ROW_CELLS:
            rows.append([])
            used = 0
        rows[-1].append(stat)
        used += width
    return rows


def edit_notice(rules: Any, name: str, fields: dict[str, Any]) -> str:
    """An edit said in the GM's words: ``Updated Valeros: Temp HP 5, HP now 30.``

    Not ``Updated Valeros: temp_hp.``: fields go by their form labels.
    """
    labels = {stat.name: tr(stat.label) for stat in rules.stat_fields}
    labels.update({f"now_{track}": tr(label) for track, label, _ in rules.current_tracks})
    labels.update(name=tr("name"), pc="PC", defenses=tr("defenses"), traits=tr("traits"),
                  initiative=tr("initiative"), init_mod=tr("initiative modifier"),
                  numbers=tr("numbers"))
    words = []
    for key, value in fields.items():
        label = labels.get(key, key.replace("_", " "))
        if key == "numbers":  # as a block prints them: ``AC 24 Fort +12``
            value = numbers_text(rules.id, value, label=game_term)
        if isinstance(value, bool):
            value = tr("yes") if value else tr("no")
        elif value in ("", None):  # 0 is a number
            value = tr("none")
        words.append(f"{label} {value}")
    return tr("Updated {name}: {fields}.", name=name, fields=listing(words))


def example(text: str) -> str:
    """A field's example as an example (``e.g. Goblin Warrior``), never a value's look-alike."""
    return tr("e.g. {example}", example=text) if text else ""


def traits_text(traits: Any) -> str:
    """A creature's traits as the GM types them."""
    if isinstance(traits, str):
        return traits
    return ", ".join(sorted(traits or ())) or "living"


def stat_value(creature: Any, name: str) -> int:
    """A stat field as the form shows it: the maximum where the stat is a track (0 when unset)."""
    value = getattr(creature, f"max_{name}", None)
    if value is None:
        value = getattr(creature, name, None)
    return int(value) if value is not None else 0


def read_count(text: str) -> int:
    """How many to add: 1 when empty; ValueError in the GM's words outside 1..MAX_COUNT."""
    count = read_number(text, tr("Count"), default=1, minimum=1)
    if count > MAX_COUNT:
        raise ValueError(tr("Count must be between 1 and {most}.", most=MAX_COUNT))
    return count


def summary(rules: Any, creature: Creature) -> list[tuple[str, str]]:
    """What a template (or a pasted block) gives, field by field, in the GM's words.

    Only the fields the system uses: traits where a kind changes damage (``kind_words``),
    the initiative modifier where there is initiative (RULES §7).
    """
    defenses = clauses(rules.defenses_of(creature).describe()) or tr("none")
    attacks = listing(f"{a.label} {a.damage}" for a in creature.attacks) or tr("none")
    fields = [(tr("Name"), creature.name), (tr("Track"), rules.track_text(creature)),
              (tr("Defenses"), defenses)]
    if rules.kind_words:
        fields.append((tr("Traits"), traits_text(creature.traits)))
    if rules.has_initiative:
        fields.append((tr("Init"), f"{creature.init_mod:+d}"))
    fields.append((tr("Attacks"), attacks))
    return fields
