"""Daggerheart's Stress, Hope and Fear (RULES §7) marked and spent from the roster's keys.

Which apply is asked of the rules, never of a system id: Stress where ``rules.has_stress``,
Fear where the rules have no initiative, Hope for PCs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.i18n import ntr, tr
from tui.notices import say_error
from tui.session_rules import has_fear

if TYPE_CHECKING:
    from tui.app import HitLedgerApp


def stress(app: HitLedgerApp, creature_ids: list[str], mark: bool) -> None:
    """Mark (or clear) 1 Stress on each creature, as one undo step; with no slot left it marks
    1 HP instead."""
    session = app.session
    encounter = session.encounter
    if not encounter.rules.has_stress:
        app.notify(tr("{name} has no Stress.", name=encounter.rules.name), severity="warning")
        return
    if not creature_ids:
        return
    try:
        session.apply(lambda enc: (enc.mark_stress_many if mark else enc.clear_stress_many)(
            creature_ids, 1), creature_ids)
    except ValueError as error:
        say_error(app, error)
        return
    app.notify(encounter.log[-1].headline)


def hope(app: HitLedgerApp, creature_ids: list[str], mark: bool) -> None:
    """Each PC among ``creature_ids`` marks (or spends) 1 Hope (0–6), as one undo step."""
    encounter = app.session.encounter
    pcs = [cid for cid in creature_ids if encounter.creature(cid).pc]
    if not pcs:
        app.notify(tr("Only PCs have Hope: highlight or mark a PC."), severity="warning")
        return
    step = ntr("Hope: {count} PC marks 1", "Hope: {count} PCs marks 1", len(pcs)) if mark \
        else ntr("Hope: {count} PC spends 1", "Hope: {count} PCs spends 1", len(pcs))

    def change(enc: Any) -> None:
        with enc.one_step(step):
            for cid in pcs:
                (enc.mark_hope if mark else enc.spend_hope)(cid, 1)

    try:
        app.session.apply(change, pcs)
    except ValueError as error:
        say_error(app, error)
        return
    app.notify(encounter.log[-1].headline)


def fear(app: HitLedgerApp, gain: bool) -> None:
    """The GM gains or spends 1 Fear (0–12)."""
    session = app.session
    encounter = session.encounter
    if not has_fear(encounter.rules):
        app.notify(tr("{name} has no Fear.", name=encounter.rules.name), severity="warning")
        return
    try:
        session.apply(lambda enc: (enc.gain_fear if gain else enc.spend_fear)(1), ())
    except ValueError as error:
        say_error(app, error)
        return
    app.notify(encounter.log[-1].text)
