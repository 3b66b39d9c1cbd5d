"""The next encounter keeping the party: the finished one is kept as a save first."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from core.text.i18n import ntr, tr

if TYPE_CHECKING:
    from pathlib import Path

    from tui.app_protocol import LedgerApp


def next_encounter_keeping_party(app: LedgerApp, name: str) -> None:
    """A new encounter with the PCs as they are; the finished one is kept as a save first
    (in a worker: when that fails the GM is told why and the fight stays on screen)."""
    app.persistence.keep_finished_encounter(partial(carry_party, app, name))


def carry_party(app: LedgerApp, name: str, kept: Path | None) -> None:
    """Start ``name`` with the PCs of the encounter on screen; the finished one is in the
    save ``kept`` (None: an untouched demo or new encounter, in no file)."""
    session = app.session
    old = session.encounter
    party = [cid for cid in old.order if old.creature(cid).pc]
    new = old.next_encounter(name)
    session.replace(new, party=True)
    # one notice (a second would replace it at once), the file name last, in 70 cells
    carried = pcs(len(party))
    if kept is not None:
        said = tr("{name}: {pcs} carried over. The last one is in {file}.", name=name,
                  pcs=carried, file=kept.name)
    elif new.rules.has_initiative:
        said = tr("{name}: {pcs} carried over. i rolls initiative.", name=name, pcs=carried)
    else:
        said = tr("{name}: {pcs} carried over.", name=name, pcs=carried)
    app.notify(said, timeout=10)


def pcs(count: int) -> str:
    """``1 PC``, ``4 PCs``, ``no PCs``."""
    return tr("no PCs") if count == 0 else ntr("{count} PC", "{count} PCs", count)


def ask_next_encounter(app: LedgerApp) -> None:
    """Ask the new encounter's name, then start it with the party (not while a keep is under
    way: the name typed would be refused)."""
    from tui.screens.dialogs import PromptModal
    from tui.screens.save_dialogs import check_name

    if app.persistence.still_keeping():
        return
    name = app.session.encounter.name
    question = tr("Next encounter keeping the PCs ({name} is saved, ctrl+o lists it). Its name:",
                  name=name)
    app.push_screen(PromptModal(question, value=tr("Next encounter"), check=check_name),
                    lambda name: next_encounter_keeping_party(app, name) if name else None)
