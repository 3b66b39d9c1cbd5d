"""Initiative (RULES §7) from the roster's keys: roll it, set one creature's, move in the order.

Where the rules have none (``rules.has_initiative`` false) the keys say so: the GM orders the
spotlight list with [ and ].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.text.i18n import ntr, tr

if TYPE_CHECKING:
    from core import Encounter
    from tui.app_protocol import LedgerApp


def unplaced(encounter: Encounter) -> list[str]:
    """Creatures whose initiative was never rolled nor set: still at 0, untouched by a roll."""
    touched = {cid for event in encounter.log if event.kind == "initiative"
               for cid in event.changed_ids}
    return [cid for cid in encounter.order
            if encounter.initiative(cid) == 0 and cid not in touched]


def roll_initiative(app: LedgerApp, marked: list[str]) -> None:
    """Roll for the marked creatures, else those not placed yet, else (asked) everyone."""
    encounter = app.session.encounter
    if not encounter.rules.has_initiative:
        app.notify(tr("{name} has no initiative: [ and ] order the spotlight list.",
                      name=encounter.rules.name), severity="warning")
        return
    ids = marked or unplaced(encounter)
    if ids:
        _roll(app, ids)
        return
    if not encounter.order:
        return
    from tui.screens.dialogs import ConfirmModal

    app.push_screen(ConfirmModal(tr("Everyone has an initiative. Roll again for everyone?")),
                    lambda yes: _roll(app, list(encounter.order)) if yes else None)


def _roll(app: LedgerApp, ids: list[str]) -> None:
    session = app.session
    encounter = session.encounter
    rolled = session.apply(lambda enc: enc.roll_initiative(ids, rng=session.rng), ids)
    app.notify(encounter.log[-1].text if len(rolled) <= 3
               else ntr("Initiative rolled for {count} creature (l shows the dice).",
                        "Initiative rolled for {count} creatures (l shows the dice).",
                        len(rolled)))


def ask_initiative(app: LedgerApp, creature_id: str | None) -> None:
    """Give the highlighted creature a new initiative (delay, ready, a late arrival)."""
    from tui.screens.dialogs import PromptModal, read_number

    if creature_id is None:
        return
    session = app.session
    encounter = session.encounter
    creature = encounter.creature(creature_id)

    def check(text: str) -> str | None:
        try:
            read_number(text, tr("Initiative"))
        except ValueError as error:
            return str(error)
        return None

    def done(text: str | None) -> None:
        if text is None:
            return
        session.apply(lambda enc: enc.set_initiative(creature_id, int(text)), None)
        app.notify(encounter.log[-1].text)

    now = encounter.initiative(creature_id)
    question = tr("New initiative for {name} (now {now}; a delay or ready goes after those "
                  "already at it):", name=creature.name, now=now)
    app.push_screen(PromptModal(question, value=str(now), check=check), done)


def move(app: LedgerApp, creature_id: str | None, places: int) -> bool:
    """Move a creature up (−1) or down (+1) the order; False when it cannot go further."""
    if creature_id is None:
        return False
    try:
        app.session.apply(lambda enc: enc.move_in_order(creature_id, places), None)
    except ValueError as error:
        why = str(error)
        # TRANSLATORS: a rule's refusal as a sentence (English adds the full stop)
        app.notify(tr("{why}.", why=why[:1].upper() + why[1:]), severity="warning")
        return False
    return True
