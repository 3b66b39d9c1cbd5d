"""The encounter's threat for the GM: how the header counts it (help) and the party level asked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.i18n import N_, tr

if TYPE_CHECKING:
    from tui.app import HitLedgerApp

COUNTED = {
    "pf2e": N_("Each adversary's XP by its level against the party level (−4: 10, −3: 15, "
               "−2: 20, −1: 30, 0: 40, +1: 60, +2: 80, +3: 120, +4: 160; below −4: 0), against "
               "10/15/20/30/40 XP a PC for trivial/low/moderate/severe/extreme. The party level "
               "is the PCs' Level (their average); ctrl+p Party level sets it where no PC has one. "
               "With no PC in the roster a party of 4 is assumed."),
    "daggerheart": N_("Battle Points: 3 a PC + 2 to spend. Minions cost 1 a group the size of "
                      "the party; Social and Support 1; Horde, Ranged, Skulk and Standard 2; "
                      "Leader 3; Bruiser 4; Solo 5. The type is read from the block (Tier 1 "
                      "Standard) or typed in Numbers (Standard)."),
    "d20-3e": N_("Encounter Level = 2 × log2 of the sum of 2^(CR/2) (two of one CR: CR + 2), "
                 "against the PCs' average Level (typed in a PC's Numbers; ctrl+p Party level "
                 "where no PC has one). The CR is read from the block (Challenge Rating) or "
                 "typed in Numbers (CR 1/2)."),
}
"""How the header's threat is counted in each system (RULES §10)."""
DEFEATED = N_("Defeated adversaries still count: the budget is for building the fight. "
              "\"standing\" says what those not defeated are worth; \"uncounted\" adversaries "
              "lack a level, a type or a CR (e: type it in Numbers).")


def threat_help(system: str) -> str:
    """How the header counts the threat in ``system``, for help (``?``)."""
    counted = COUNTED.get("pf2e" if system in ("sf2e", "vitality-wounds") else system)
    return "" if counted is None else f"{tr(counted)} {tr(DEFEATED)}"


def check_party_level(text: str) -> str | None:
    """None for a party level the GM may set; else what to type."""
    from core.difficulty import MAX_PARTY_LEVEL

    if not text.isdigit() or not 0 <= int(text) <= MAX_PARTY_LEVEL:
        return tr("Type a level from 1 to {most} (0 clears it).", most=MAX_PARTY_LEVEL)
    return None


def ask_party_level(app: HitLedgerApp) -> None:
    """Ask the party level the threat counts where no PC has a Level, then set it."""
    from tui.screens.dialogs import PromptModal

    encounter = app.session.encounter
    question = tr("Party level (counted where no PC has a Level in its Numbers):")

    def chosen(text: str | None) -> None:
        if not text:
            return
        level = int(text)
        app.session.apply(lambda enc: enc.set_party_level(level), ())
        app.notify(tr("Party level {level}: {threat}", level=level,
                      threat=app.session.encounter.difficulty().text()) if level
                   else tr("Party level cleared."))

    app.push_screen(PromptModal(question, value=str(encounter.party_level or ""),
                                check=check_party_level), chosen)
