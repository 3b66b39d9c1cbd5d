"""Rolled saves for an area (issue 19): the save and the DC asked once, each target's save rolled
with its own numbers after conditions, every degree still the GM's to change."""

from __future__ import annotations

from rich.cells import cell_len

from core.encounter.draft import read_save_and_dc
from core.table.numbers import SaveRoll, SaveRolls
from core.text.i18n import N_, game_term, tr
from tui.screens.damage_preview import PreviewLines
from tui.screens.damage_targets import SAVE_KEYS, save_label
from tui.widgets.log_panel import NOTICE_WIDTH, fit_cells

ROLL_SAVES_HINT = N_(" · alt+v roll")
HINT_ROOM = 76
"""The cells of the save hint's line inside the box at 80 columns."""


class RolledSaves(PreviewLines):
    """The saves of every target: how to set them, and the app rolling them against one DC."""

    def _save_hint(self) -> str:
        """How to set saves, from the moment the form opens (issue 18: the Save column showed
        ``—`` and nothing said how): ``Basic save: ↓ then 1 crit. success … · S all``."""
        keys = [f"{key} {save_label(save)}" for key, save in enumerate(SAVE_KEYS)
                if save is not None and save in self.draft.save_cycle]
        if not keys:
            return ""
        words = game_term(self.rules.save_words)       # basic save: 基本セーヴ in Japanese
        if words == self.rules.save_words:             # a word the glossary leaves to the catalogue
            words = tr(self.rules.save_words)
        hint = tr("{save}: ↓ then {keys} · S all", save=f"{words[:1].upper()}{words[1:]}", keys=" ".join(keys))
        # issue 19: the rolled saves' key, where the line has room (else the roll line says it)
        roll = tr(ROLL_SAVES_HINT)
        return hint + roll if cell_len(hint + roll) <= HINT_ROOM else hint


    def action_roll_saves(self) -> None:
        """Ask the save and the DC once, then roll each target's save with its own numbers
        after conditions (issue 19); every roll shows before enter, every degree can change."""
        from tui.screens.dialogs import PromptModal

        if not self.draft.has_saves:
            return

        traits = self.encounter.rules.reaction_traits
        if traits:      # a reaction roll adds a PC's trait (RULES §10), not a PF2 save
            self._ask_reaction(traits)
            return

        def check(text: str) -> str | None:
            try:
                read_save_and_dc(text, self.last_save)
            except ValueError as error:
                return str(error)
            return None

        def chosen(text: str | None) -> None:
            if text is not None:
                self.roll_saves(*read_save_and_dc(text, self.last_save))

        question = tr("Roll every target's save: the save and the DC (fort, ref or will)")
        self.app.push_screen(PromptModal(question, value=f"{self.last_save} ", check=check), chosen)

    def _ask_reaction(self, traits: tuple[str, ...]) -> None:
        """Daggerheart: the trait, the Difficulty and the adversaries' bonus, asked once."""
        from core.table.reaction_rolls import read_reaction
        from tui.screens.dialogs import PromptModal

        last = self.last_save if self.last_save in traits else traits[0]

        def check(text: str) -> str | None:
            try:
                read_reaction(text, last)
            except ValueError as error:
                return str(error)
            return None

        def chosen(text: str | None) -> None:
            if text is not None:
                self.roll_saves(*read_reaction(text, last))

        question = tr("Reaction roll for every target: the trait and the Difficulty ({traits}); "
                      "+2 after them for the adversaries", traits=", ".join(traits))
        self.app.push_screen(PromptModal(question, value=f"{last} ", check=check), chosen)

    last_save = "ref"
    """The save asked for last (the prompt offers it again)."""

    def roll_saves(self, save: str, dc: int, bonus: int = 0) -> SaveRolls:
        """Roll ``save`` against ``dc`` for every target that has that save; say who has not
        (``bonus``: Daggerheart adversaries')."""
        self.last_save = save
        rolls: dict[str, SaveRoll] = {}
        missing: list[str] = []
        extra = {"bonus": bonus} if bonus else {}
        for creature_id in self.target_ids:
            try:
                rolls.update(self.encounter.roll_saves([creature_id], save, dc, rng=self.rng, **extra).rolls)
            except ValueError:
                missing.append(self.encounter.creature(creature_id).name)
        result = SaveRolls(rolls)
        self.draft.set_rolled_saves(result)
        self._recompute()
        if missing:
            self.notify(fit_cells(tr("No {save} save known for {names}: set it by hand (0–4) or type it "
                                     "in the edit form", save=save, names=", ".join(missing)), NOTICE_WIDTH),
                        severity="warning")
        return result


__all__ = ["RolledSaves", "ROLL_SAVES_HINT"]
