"""The table's numbers (RULES §9): a creature's numbers after its conditions, attacks and saves rolled."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from core.dice.expression import RandomSource
from core.encounter.state import EncounterState
from core.table import numbers as table_numbers
from core.text.i18n import tr

if TYPE_CHECKING:
    from core.table.rolls import AttackResult, SaveRolls


class Numbers:
    """Numbers after conditions, attacks with the MAP, saves against one DC: none is a change."""

    def __init__(self, state: EncounterState) -> None:
        self.s = state

    def numbers_of(self, cid: str) -> table_numbers.Numbers:
        """The creature's numbers after its conditions, each saying why (``.text("ac")``)."""
        return table_numbers.numbers_of(self.s.roster.creature(cid), self.s.system)

    def attack(self, actor_id: str, target_id: str, attack: int | str = 0, map: int | None = None,
               rng: RandomSource | None = None, count: bool = True) -> AttackResult:
        """Roll the actor's attack (index or label) against the target's AC, Evasion or
        Difficulty after conditions. ``map`` (PF2 family): None = the step the actor's attacks
        this turn give, 0/1/2 to set it. Not a change (no undo step); on the actor's own turn
        it counts toward the MAP (RULES §10), unless ``count`` is False (the damage form counts
        it when the GM applies it, so a cancelled attack does not count)."""
        from core.table import rolls  # at the first attack rolled: a start-up draws none

        actor, target = self.s.roster.creature(actor_id), self.s.roster.creature(target_id)
        chosen = rolls.choose_attack(actor, attack)
        step = self.map_step(actor_id) if map is None else map
        result = rolls.roll_attack(self.s.system, self.s.rules, actor, target, chosen, step, rng,
                                   (actor_id, target_id))
        if count:
            self.set_map_step(actor_id, step)
        return result

    def set_map_step(self, actor_id: str, step: int) -> None:
        """The actor's last attack this turn was at MAP ``step`` (0, 1 or 2): the GM's word when
        they change it, so its next attack this turn follows from it (RULES §9). Only the
        actor's own turn counts (RULES §10): off it, nothing is kept. Not a change."""
        self.s.roster.creature(actor_id)
        if isinstance(step, bool) or step not in (0, 1, 2):
            raise ValueError(tr("the MAP step is 0, 1 or 2, not {step}", step=repr(step)))
        if actor_id != self.s.active:
            return
        self.s.strikes.counted((self.s.round, self.s.turn), actor_id, step)

    def map_step(self, actor_id: str) -> int:
        """The MAP step of the actor's next attack this turn: 0, 1 (second) or 2 (third and
        later); 0 off its own turn (a reaction, RULES §10)."""
        if actor_id != self.s.active:
            return 0
        return min(2, self.s.strikes.count((self.s.round, self.s.turn), actor_id))

    def roll_saves(self, ids: Iterable[str], save: str | None = None, dc: int = 20,
                   rng: RandomSource | None = None, bonus: int = 0) -> SaveRolls:
        """Roll each target's save (its own, after conditions) against one DC: ``{id: degree}``
        for ``apply_damage(saves=...)``, each roll in ``.rolls``. Not a change. ``save``: fort,
        ref (None) or will; in Daggerheart the trait a PC's reaction roll adds (None: none),
        and ``bonus`` the one the GM gives adversaries' d20."""
        from core.table import reaction_rolls, rolls  # at the first save rolled, as attacks

        daggerheart = table_numbers.roll_rule(self.s.system) == "daggerheart"
        if daggerheart:
            key = reaction_rolls.reaction_trait(reaction_rolls.REACTION if save is None else save)
        else:
            key = rolls.save_key("ref" if save is None else save)
        if isinstance(dc, bool) or not isinstance(dc, int) or not 0 <= dc <= 999:
            raise ValueError(tr('a DC is a whole number from 0 to 999, not {dc}', dc=repr(dc)))
        targets = {cid: self.s.roster.creature(cid) for cid in dict.fromkeys(ids)}
        if daggerheart:
            if isinstance(bonus, bool) or not isinstance(bonus, int) or not -99 <= bonus <= 99:
                raise ValueError(tr("an adversary's bonus is a whole number from -99 to 99, not {bonus}",
                                    bonus=repr(bonus)))
            return rolls.SaveRolls({cid: reaction_rolls.roll_reaction(c, key, dc, rng, bonus)
                                    for cid, c in targets.items()})
        return rolls.SaveRolls({cid: rolls.roll_save(c, self.s.system, key, dc, rng)
                                for cid, c in targets.items()})
