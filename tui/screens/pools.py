"""Daggerheart's Stress, Hope and Fear (RULES §7) marked and spent from the roster's keys.

Which apply is asked of the rules, never of a system id: Stress where ``rules.has_stress``,
Fear where the rules have no initiative, Hope for PCs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from core.text.i18n import ntr, tr
from tui.notices import say_error
from tui.session_rules import has_fear

if TYPE_CHECKING:
    from tui.app_protocol import LedgerApp


def stress(app: LedgerApp, creature_ids: list[str], mark: bool) -> None:
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


def hope(app: LedgerApp, creature_ids: list[str], mark: bool, amount: int = 1) -> None:
    """Each PC among ``creature_ids`` marks (or spends) ``amount`` Hope (0–6), as one undo step."""
    encounter = app.session.encounter
    pcs = [cid for cid in creature_ids if encounter.creature(cid).pc]
    if not pcs:
        app.notify(tr("Only PCs have Hope: highlight or mark a PC."), severity="warning")
        return
    if amount == 1:
        step = ntr("Hope: {count} PC marks 1", "Hope: {count} PCs marks 1", len(pcs)) if mark \
            else ntr("Hope: {count} PC spends 1", "Hope: {count} PCs spends 1", len(pcs))
    else:
        step = ntr("Hope: {count} PC marks {amount}", "Hope: {count} PCs mark {amount}", len(pcs),
                   amount=amount) if mark else \
            ntr("Hope: {count} PC spends {amount}", "Hope: {count} PCs spend {amount}", len(pcs),
                amount=amount)

    def change(enc: Any) -> None:
        with enc.one_step(step):
            for cid in pcs:
                (enc.mark_hope if mark else enc.spend_hope)(cid, amount)

    try:
        app.session.apply(change, pcs)
    except ValueError as error:
        say_error(app, error)
        return
    app.notify(encounter.log[-1].headline)


def fear(app: LedgerApp, gain: bool, amount: int = 1) -> None:
    """The GM gains or spends ``amount`` Fear (0–12): one log line, one undo step."""
    session = app.session
    encounter = session.encounter
    if not has_fear(encounter.rules):
        app.notify(tr("{name} has no Fear.", name=encounter.rules.name), severity="warning")
        return
    try:
        session.apply(lambda enc: (enc.gain_fear if gain else enc.spend_fear)(amount), ())
    except ValueError as error:
        say_error(app, error)
        return
    app.notify(encounter.log[-1].text)


def read_amount(text: str) -> int:
    """``+3`` (or ``3``) gains or marks 3, ``-2`` spends 2; ValueError in the GM's words."""
    word = text.strip().replace("−", "-").replace("＋", "+").replace(" ", "")
    digits = word.lstrip("+-")
    if not digits.isascii() or not digits.isdigit() or len(word) - len(digits) > 1 or not 1 <= int(digits) <= 99:
        raise ValueError(tr("Type an amount such as +3 (gain or mark) or -2 (spend)."))
    return -int(digits) if word.startswith("-") else int(digits)


def ask_amount(app: LedgerApp, question: str, then: Callable[[int], None]) -> None:
    """Ask ``+3`` or ``-2`` once, then ``then(amount)``."""
    from tui.screens.dialogs import PromptModal

    def check(text: str) -> str | None:
        try:
            read_amount(text)
        except ValueError as error:
            return str(error)
        return None

    def chosen(text: str | None) -> None:
        if text is not None:
            then(read_amount(text))

    app.push_screen(PromptModal(question, value="+", check=check), chosen)


def fear_by(app: LedgerApp) -> None:
    """The GM gains (``+3``) or spends (``-2``) several Fear at once: one log line, one undo step."""
    encounter = app.session.encounter
    if not has_fear(encounter.rules):
        app.notify(tr("{name} has no Fear.", name=encounter.rules.name), severity="warning")
        return
    ask_amount(app, tr("Fear {fear}/12: type +3 to gain 3, -2 to spend 2", fear=encounter.fear),
               lambda amount: fear(app, amount > 0, abs(amount)))


def hope_by(app: LedgerApp, creature_ids: list[str]) -> None:
    """The highlighted (or marked) PCs mark (``+2``) or spend (``-1``) several Hope at once."""
    encounter = app.session.encounter
    if not any(encounter.creature(cid).pc for cid in creature_ids):
        app.notify(tr("Only PCs have Hope: highlight or mark a PC."), severity="warning")
        return
    ask_amount(app, tr("Hope: type +2 to mark 2, -1 to spend 1"),
               lambda amount: hope(app, creature_ids, amount > 0, abs(amount)))
