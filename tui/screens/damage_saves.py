"""Rolled saves for an area in the damage form: how to set saves (the hint line), and the one
question that asks the save (or Daggerheart's trait) and the DC before the form rolls them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.cells import cell_len

from core.encounter.draft import read_save_and_dc
from core.table.numbers import SAVE_WORDS
from core.table.reaction_rolls import read_reaction
from core.text.i18n import N_, game_term, tr
from tui.screens.dialogs import PromptModal
from tui.widgets.target_table import SAVE_KEYS, save_label

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.app import App

    from core.encounter.draft import DamageDraft
    from core.systems.base import RuleSystem

ROLL_SAVES_HINT = N_(" · alt+v roll")
HINT_ROOM = 76
"""The cells of the save hint's line inside the box at 80 columns."""


def save_hint(rules: RuleSystem, draft: DamageDraft) -> str:
    """How to set saves, from the moment the form opens (the Save column showed ``—`` and
    nothing said how): ``Basic save: ↓ then 1 crit. success … · S all``."""
    keys = [f"{key} {save_label(save)}" for key, save in enumerate(SAVE_KEYS)
            if save is not None and save in draft.save_cycle]
    if not keys:
        return ""
    words = game_term(rules.save_words)       # basic save: 基本セーヴ in Japanese
    if words == rules.save_words:             # a word the glossary leaves to the catalogue
        words = tr(rules.save_words)
    hint = tr("{save}: ↓ then {keys} · S all", save=f"{words[:1].upper()}{words[1:]}", keys=" ".join(keys))
    # the rolled saves' key, where the line has room (else the roll line says it)
    roll = tr(ROLL_SAVES_HINT)
    return hint + roll if cell_len(hint + roll) <= HINT_ROOM else hint


def ask_saves(app: App[Any], rules: RuleSystem, last_save: str,
              then: Callable[[str, int, int], object]) -> None:
    """Ask the save and the DC once (Daggerheart: the trait, the Difficulty and the
    adversaries' bonus); ``then(save, dc, bonus)`` with the answer, nothing on escape."""
    traits = rules.reaction_traits
    if traits:      # a reaction roll adds a PC's trait (RULES §10), not a PF2 save
        last = last_save if last_save in traits else traits[0]

        def read(text: str) -> tuple[str, int, int]:
            return read_reaction(text, last)

        question = tr("Reaction roll for every target: the trait and the Difficulty ({traits}); "
                      "+2 after them for the adversaries", traits=", ".join(traits))
        typed = f"{last} "
    else:
        last = last_save

        def read(text: str) -> tuple[str, int, int]:
            return (*read_save_and_dc(text, last), 0)

        question = tr("Roll every target's save: the save and the DC (fort, ref or will)")
        typed = f"{game_term(SAVE_WORDS.get(last, last))} "   # 反応 in Japanese

    def check(text: str) -> str | None:
        try:
            read(text)
        except ValueError as error:
            return str(error)
        return None

    def chosen(text: str | None) -> None:
        if text is not None:
            then(*read(text))

    app.push_screen(PromptModal(question, value=typed, check=check), chosen)


__all__ = ["ROLL_SAVES_HINT", "HINT_ROOM", "ask_saves", "save_hint"]
