"""The damage form's targets in words: each target's row (name, save, armor slot, result) from
the core's draft and preview, for the targets table to show."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.text.cells import cut_cells
from core.text.i18n import ptr, tr
from tui.widgets.target_table import (
    TargetRow,
    rolled_label,
    save_label,
)

if TYPE_CHECKING:
    from core import Encounter
    from core.encounter.damage import DamagePreview
    from core.encounter.draft import DamageDraft

NAME_CELLS = 18
"""A target's name in the table: cut to this many cells."""


def save_text(draft: DamageDraft, creature_id: str) -> str:
    """The target's save in its column: the rolled total and degree, or the one set."""
    if not draft.has_saves:
        return tr("no saves")
    rolled = draft.rolled_save(creature_id)
    if rolled is not None:
        return rolled_label(rolled.total, rolled.degree)
    return save_label(draft.saves[creature_id])


def save_words(encounter: Encounter, draft: DamageDraft) -> list[str]:
    """Every word the Save column may show, for its width: the first target's save, each save
    offered, and a rolled total with every degree the system's roll can give (Daggerheart's
    matching Duality Dice too), so a rolled ``17 成功`` is never cut."""
    words = [save_text(draft, cid) for cid in draft.targets[:1]]
    words += [save_label(save) for save in draft.save_cycle]
    return words + [rolled_label(20, save) for save in encounter.rules.save_choices if save]


def free_armor_slots(encounter: Encounter, creature_id: str) -> int:
    """Daggerheart: the armor slots the creature can still mark (an adversary has none)."""
    creature = encounter.creature(creature_id)
    return max(0, (creature.armor or 0) - (creature.armor_marked or 0))


def armor_text(encounter: Encounter, draft: DamageDraft, creature_id: str) -> str:
    """Daggerheart: whether the target marks an armor slot (``—``: it cannot)."""
    # direct damage cannot be reduced by armor; a creature without a free slot has no choice
    if draft.direct or not free_armor_slots(encounter, creature_id):
        return "—"
    return tr("mark") if draft.armor_slots[creature_id] else ptr("armor slot", "no")


def target_rows(encounter: Encounter, draft: DamageDraft, preview: DamagePreview | None) -> list[TargetRow]:
    """Each target's row: its save, armor slot (where the system has them) and the result of
    the preview, or its track while nothing is rolled."""
    rules = encounter.rules
    outcomes = preview.outcomes if preview is not None else {}
    rows = []
    for creature_id in draft.targets:
        creature = encounter.creature(creature_id)
        outcome = outcomes.get(creature_id)
        rows.append(TargetRow(
            key=creature_id,
            name=cut_cells(creature.name, NAME_CELLS),
            save=save_text(draft, creature_id),
            armor=armor_text(encounter, draft, creature_id) if rules.has_armor_slots else None,
            result=outcome.summary if outcome is not None else rules.track_text(creature),
        ))
    return rows


__all__ = ["NAME_CELLS", "armor_text", "free_armor_slots", "save_text", "save_words", "target_rows"]
