"""The next encounter keeping the party (issue 11): the finished one is kept as a save first."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from tui.app import HitLedgerApp


def next_encounter_keeping_party(app: HitLedgerApp, name: str) -> None:
    """A new encounter with the PCs as they are; the finished one is kept as a save first
    (in a worker: when that fails the GM is told why and the fight stays on screen)."""
    app.persistence.keep_finished_encounter(partial(carry_party, app, name))


def carry_party(app: HitLedgerApp, name: str, kept: Path | None) -> None:
    """Start ``name`` with the PCs of the encounter on screen; the finished one is in the
    save ``kept`` (None: an untouched demo or new encounter, in no file)."""
    session = app.session
    old = session.encounter
    party = [cid for cid in old.order if old.creature(cid).pc]
    new = old.next_encounter(name)
    session.replace(new, party=True)
    # one notice (a second would replace it at once), the file name last, in 70 cells
    if kept is not None:
        then = f"The last one is in {kept.name}."
    else:
        then = "i rolls initiative." if new.rules.has_initiative else ""
    app.notify(f"{name}: {pcs(len(party))} carried over. {then}".rstrip(), timeout=10)


def pcs(count: int) -> str:
    """``1 PC``, ``4 PCs``, ``no PCs``."""
    return "no PCs" if count == 0 else f"{count} PC" + ("s" if count > 1 else "")


def ask_next_encounter(app: HitLedgerApp) -> None:
    """Ask the new encounter's name, then start it with the party (not while a keep is under
    way: the name typed would be refused)."""
    from tui.screens.dialogs import PromptModal
    from tui.screens.saves_browser import check_name

    if app.persistence.still_keeping():
        return
    name = app.session.encounter.name
    app.push_screen(PromptModal(f"Next encounter keeping the PCs ({name} is saved, ctrl+o lists "
                                "it). Its name:", value="Next encounter", check=check_name),
                    lambda name: next_encounter_keeping_party(app, name) if name else None)
