"""How wide each column of the roster is, at any terminal width and for any system's track."""

from __future__ import annotations

from typing import Any, NamedTuple

from core import SYSTEM_IDS, get_system
from core.text.i18n import N_

ACTIVE_MARK = "▶"
TARGET_MARK = "✓"
BAR_WIDTH = 8
MIN_BAR_WIDTH = 3
COLUMNS: tuple[tuple[str, str], ...] = (
    ("init", N_("Init")),
    ("name", N_("Name")),
    ("track", N_("Track")),
    ("defenses", N_("Defenses")),
    ("status", N_("Status")),
)
ROW_WIDTH = 68
"""Cell text per row at 80 columns: 80 less 2 padding per column and a 2-column scrollbar."""

# Fixed column widths (init, name, track, defenses, status), each summing to ROW_WIDTH.
# Fixed widths keep an update O(1): Textual re-measures a whole auto-width column whenever
# one of its cells gets narrower. The track gets what the system's track needs (the core's
# ``track_width``); the cells left go to Name, then Defenses and Status; then Status takes
# what it needs from the others (STATUS_DONORS).
INIT_WIDTH = 6
SPOTLIGHT_WIDTH = 3
"""The first column where there is no initiative (RULES §7): only ``▶`` and ``✓``."""
NARROW_TRACK = 18
"""A track this narrow leaves Name two more cells."""
MAX_DEFENSES = 12
MIN_DEFENSES = 8
STATUS_WANTS = 19
"""``dying 1 · wounded 1``: the longest common status, whole at 80 columns."""
STATUS_DONORS = (("name", 16), ("bar", 3), ("defenses", 8), ("bar", BAR_WIDTH - MIN_BAR_WIDTH))
"""Where Status takes those cells from, least useful first, and how far:
Name down to 16 (``Goblin Warrior 1``), 3 cells of the track's bar (its numbers stay
whole), Defenses down to 8 (the detail pane and the edit form have them whole), then the
bar down to its narrowest. ``("bar", n)``: the bar gives at most n cells in all."""


def base_widths(track: int, *, bar: bool = True,
                initiative: bool = True) -> tuple[int, int, int, int, int]:
    """The columns at 80 cells for a track of ``track`` cells (18: 6, 16, 15, 12, 19).

    ``bar``: the track is drawn with a bar that may get narrower; ``initiative``: the
    first column shows an initiative number.
    """
    init = INIT_WIDTH if initiative else SPOTLIGHT_WIDTH
    name = (18 if track <= NARROW_TRACK else 16) + INIT_WIDTH - init
    rest = ROW_WIDTH - init - track - name
    defenses = min(MAX_DEFENSES, (rest + 1) // 2)
    widths = {"init": init, "name": name, "track": track, "defenses": defenses,
              "status": rest - defenses}
    bar_given = 0
    for donor, floor in STATUS_DONORS:
        need = STATUS_WANTS - widths["status"]
        if donor == "bar":
            give = max(0, min(need, floor - bar_given)) if bar else 0
            bar_given += give
            donor = "track"
        else:
            give = max(0, min(need, widths[donor] - floor))
        widths[donor] -= give
        widths["status"] += give
    return (widths["init"], widths["name"], widths["track"], widths["defenses"],
            widths["status"])


def _rules(system: str) -> Any:
    """The rule system of an id, or None before an encounter is shown."""
    return get_system(system) if system in SYSTEM_IDS else None


def _track_has_bar(rules: Any) -> bool:
    """A track drawn as slots (Daggerheart) gets no bar: it would say the same twice."""
    return rules is None or not rules.track_slots


def _base_widths(rules: Any) -> tuple[int, int, int, int, int]:
    """The widths at 80 columns for a rule system (None: before an encounter is shown)."""
    if rules is None:
        return base_widths(NARROW_TRACK)
    return base_widths(rules.track_width, bar=_track_has_bar(rules),
                       initiative=rules.has_initiative)


WIDTHS: dict[str, tuple[int, int, int, int, int]] = {
    system: _base_widths(get_system(system)) for system in SYSTEM_IDS}
"""The widths at 80 columns, by system id, as the core's track widths give them."""


SCROLLBAR = 2
"""Cells kept for the vertical scrollbar, so a long roster never pushes Status off."""
SHRINK_STEPS = (("defenses", 8), ("status", 14), ("name", 12), ("track", None), ("name", 10),
                ("status", 8))
"""Narrower than 80, what is cut first and how far: Defenses, dropped
when under 8 cells (the detail pane and the edit form have them); Status gives back what
it took at 80 columns, down to 14 (``unconscious``, ``dying 1 · wou…``), names keep 12
cells, then the track's bar goes (None: down to the track's floor); Status (dead, dying)
is cut last. A d20 track with subdual (``HP 10/10 sub 12``) is wider than its floor."""
GROW_SHARES = (("name", 3), ("defenses", 3), ("status", 2), ("track", 1))
"""How the cells a wide terminal adds are shared out."""
MAX_GROW = {"name": 24, "defenses": 30, "status": 20, "track": 10}


class Widest(NamedTuple):
    """The widest cells a roster of slot tracks holds: name, track, track with counted slots."""

    name: int
    track: int
    counted: int


NAME_FLOOR = 10
"""Cells a name keeps at the least (``Jagged… 1``)."""
STATUS_FLOOR = 10
"""Cells Status keeps at the least (``vulnerable``)."""


def slot_widths(rules: Any, width: int, widest: Widest) -> dict[str, int]:
    """Columns for a track of slots (Daggerheart: HP, Armor, Stress, thresholds) sized by what
    the roster holds: each track whole, slots counted where they do not fit,
    then names whole, then Status; Defenses only in the cells left (edit form, damage entry)."""
    init = INIT_WIDTH if rules.has_initiative else SPOTLIGHT_WIDTH
    room = width - SCROLLBAR - 2 * 4 - init  # init, name, track, status
    track = widest.track
    if room - min(widest.name, NAME_FLOOR) - STATUS_FLOOR < track:
        track = widest.counted
    name = max(min(widest.name, room - track - STATUS_FLOOR), min(widest.name, NAME_FLOOR))
    left = room - track - name
    widths = {"init": init, "name": name, "track": track}
    if left - 2 >= MIN_DEFENSES + STATUS_FLOOR:
        widths["defenses"] = min(MAX_GROW["defenses"], max(MIN_DEFENSES, left - 2 - STATUS_WANTS))
        left -= 2 + widths["defenses"]
    widths["status"] = left
    return {key: widths[key] for key, _ in COLUMNS if key in widths}


def column_widths(system: str, width: int = 80, widest: Widest | None = None) -> dict[str, int]:
    """The width of every shown roster column for ``system`` in ``width`` cells, by key.

    At 80 columns these are the fixed widths of ``base_widths``. Narrower, the least useful
    column is cut first and Defenses is dropped when it would be under its minimum;
    wider, the extra cells go to Name, Defenses and Status. A track of
    slots with ``widest`` (what the roster holds) is laid out by :func:`slot_widths`.
    """
    rules = _rules(system)
    if rules is not None and widest is not None and not _track_has_bar(rules):
        return slot_widths(rules, width, widest)
    widths = {key: w for (key, _), w in zip(COLUMNS, _base_widths(rules), strict=True)}
    # the numbers of a track matter more than its bar: it may lose the bar (9 cells)
    # (Daggerheart's slots are cut instead: ``HP ■■□□□□ A ■…`` still says the most)
    track = NARROW_TRACK if rules is None else rules.track_width
    track_floor = track - (BAR_WIDTH + 1 if _track_has_bar(rules) else 9)

    def room() -> int:
        return width - SCROLLBAR - 2 * len(widths)  # 1 cell of padding each side of a cell

    extra = room() - sum(widths.values())
    if extra > 0:
        shares = sum(share for _, share in GROW_SHARES)
        for key, share in GROW_SHARES:
            widths[key] += min(extra * share // shares, MAX_GROW[key])
        widths["name"] += room() - sum(widths.values())  # what rounding left
        return widths
    for key, floor in SHRINK_STEPS:
        over = sum(widths.values()) - room()
        if over <= 0:
            break
        floor = track_floor if floor is None else floor
        if key == "defenses" and widths[key] - over < floor:
            del widths[key]
            widths["name"] += max(0, room() - sum(widths.values()))  # what the drop freed
            continue
        widths[key] = min(widths[key], max(floor, widths[key] - over))
    return widths
