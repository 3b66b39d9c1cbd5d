"""An encounter: roster, initiative, rounds and turns, under one rule system.

Every public call that changes anything is one ledger event (:mod:`core.encounter.ledger`: what the
call changed, undo and redo); the encounter as saved data is :mod:`core.encounter.data`.
``Encounter`` is the one facade. It holds its state (:mod:`core.encounter.state`: the fields a
save keeps, the roster part, the ledger and the one step every change goes through) and its
parts, each an object with its own small API: ``members`` (joining, edits, leaving),
``ordering`` (initiative), ``damage``, ``tracks``, ``turns``, ``conditions``, ``pools`` and
``numbers``. Its methods only hand each call to the part that does it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from core.creature.model import Creature, Outcome, Roll, TemporaryImmunity
from core.dice.expression import RandomSource
from core.encounter import data as encounter_data
from core.encounter.conditions import Conditions
from core.encounter.damage import Damage, DamagePreview
from core.encounter.data import DETAILS_KEPT
from core.encounter.initiative import Initiative
from core.encounter.ledger import Change, Event
from core.encounter.members import SETTING_WORDS, Members
from core.encounter.numbers import Numbers
from core.encounter.pools import FEAR_MAX, Pools
from core.encounter.roster import Roster
from core.encounter.settings import DEFAULT_SETTINGS, ENCOUNTER_SETTINGS, OLD_SETTING_WORDS
from core.encounter.state import EncounterState
from core.encounter.tracks import Tracks, has_temp_hp, resolve_temp_hp
from core.encounter.turns import Turns
from core.systems.base import RuleSystem
from core.table import numbers as table_numbers
from core.table.difficulty import Difficulty, difficulty, party_level_checked
from core.text.i18n import tr

if TYPE_CHECKING:
    from core.table.rolls import AttackResult, SaveRolls

__all__ = [
    "Encounter", "Event", "Change", "DamagePreview", "DEFAULT_SETTINGS", "ENCOUNTER_SETTINGS",
    "OLD_SETTING_WORDS", "SETTING_WORDS", "DETAILS_KEPT", "FEAR_MAX", "has_temp_hp",
    "resolve_temp_hp",
]


class Encounter:
    """The roster of one encounter under one rule system, with its history."""

    ADJUSTABLE = Members.ADJUSTABLE

    def __init__(self, system: str = "pf2e", name: str = "Encounter",
                 settings: Mapping[str, Any] | None = None) -> None:
        self._hold(EncounterState(system, name, settings))

    def _hold(self, state: EncounterState) -> None:
        """Take ``state`` and build the parts over it."""
        self.state = state
        self.roster: Roster = state.roster
        self.ordering = Initiative(state)
        self.members = Members(state, self.ordering)
        self.damage = Damage(state)
        self.tracks = Tracks(state)
        self.turns = Turns(state)
        self.conditions = Conditions(state)
        self.pools = Pools(state)
        self.numbers = Numbers(state)

    # ------------------------------------------------------------------ the state's fields
    @property
    def rules(self) -> RuleSystem:
        """The rule system."""
        return self.state.rules

    @property
    def system(self) -> str:
        """The rule system's id."""
        return self.state.system

    @property
    def name(self) -> str:
        """The encounter's name."""
        return self.state.name

    @name.setter
    def name(self, value: str) -> None:
        self.state.name = value

    @property
    def settings(self) -> dict[str, Any]:
        """The encounter's settings (change them with :meth:`set_setting`)."""
        return self.state.settings

    @property
    def round(self) -> int:
        """The round, from 1."""
        return self.state.round

    @round.setter
    def round(self, value: int) -> None:
        self.state.round = value

    @property
    def turn(self) -> int:
        """The active creature's index in :attr:`order`."""
        return self.state.turn

    @turn.setter
    def turn(self, value: int) -> None:
        self.state.turn = value

    @property
    def fear(self) -> int:
        """Daggerheart: the GM's Fear pool."""
        return self.state.fear

    @fear.setter
    def fear(self, value: int) -> None:
        self.state.fear = value

    @property
    def party_level(self) -> int:
        """The GM's party level where no PC has one (0: unset)."""
        return self.state.party_level

    @party_level.setter
    def party_level(self, value: int) -> None:
        self.state.party_level = value

    @property
    def controls_removed(self) -> int:
        """Texts of the loaded file that held control characters."""
        return self.state.controls_removed

    # ------------------------------------------------------------------ the roster
    @property
    def creatures(self) -> dict[str, Creature]:
        """Creatures by id (do not mutate: go through the encounter's calls)."""
        return self.roster.creatures

    def creature(self, cid: str) -> Creature:
        """The creature with this id; KeyError naming it otherwise."""
        return self.roster.creature(cid)

    def initiative(self, cid: str) -> int:
        """The creature's initiative."""
        return self.roster.initiative(cid)

    @property
    def order(self) -> list[str]:
        """Creature ids by initiative, high to low; ties by place (RULES §7, moves), then as added."""
        return self.roster.order

    @property
    def active(self) -> str | None:
        """The id of the creature whose turn it is."""
        return self.state.active

    # ------------------------------------------------------------------ the ledger
    @property
    def log(self) -> list[Event]:
        """Every applied event, oldest first."""
        return list(self.state.ledger.done)

    @property
    def revision(self) -> int:
        """Counts changes, undo and redo included (a save notes the one it wrote)."""
        return self.state.ledger.revision

    @property
    def can_undo(self) -> bool:
        """True when there is an event to undo."""
        return bool(self.state.ledger.done)

    @property
    def can_redo(self) -> bool:
        """True when there is an undone event to redo."""
        return bool(self.state.ledger.undone)

    def undo(self) -> Event | None:
        """Undo the last event; returns it (None when there is nothing to undo)."""
        return self.state.ledger.undo(self.state)

    def redo(self) -> Event | None:
        """Redo the last undone event; returns it (None when there is nothing to redo)."""
        return self.state.ledger.redo(self.state)

    def one_step(self, short: str) -> AbstractContextManager[None]:
        """Record the calls made inside as one change: one undo step, all or nothing
        (``with enc.one_step("…"):``; see :meth:`EncounterState.batch`)."""
        return self.state.batch(short)

    # ------------------------------------------------------------------ members
    def add(self, creature: Creature, initiative: int | None = None) -> str:
        """Add a creature; returns its id."""
        return self.members.add(creature, initiative)

    def add_many(self, creatures: Sequence[Creature], initiative: int | None = None, roll: bool = False,
                 rng: RandomSource | None = None) -> list[str]:
        """Add several creatures in one undo step (``roll``: each rolls its initiative)."""
        return self.members.add_many(creatures, initiative, roll, rng)

    def remove(self, cid: str) -> Event:
        """Remove a creature from the encounter (undoable)."""
        return self.members.remove(cid)

    def remove_many(self, cids: Sequence[str]) -> Event:
        """Remove several creatures in one undo step."""
        return self.members.remove_many(cids)

    def update(self, cid: str, **fields: Any) -> Creature:
        """Edit a creature: name, pc, defenses, traits, initiative or a stat field."""
        return self.members.update(cid, **fields)

    def set_hidden(self, cids: str | Iterable[str], hidden: bool) -> Event:
        """Hide creatures from the players' view, or show them again: one undo step."""
        return self.members.set_hidden(cids, hidden)

    def rename(self, name: str) -> Event:
        """Rename the encounter."""
        return self.members.rename(name)

    def set_setting(self, key: str, value: Any) -> Event:
        """Change one encounter setting (crit_mode, flat_checks, massive_damage)."""
        return self.members.set_setting(key, value)

    # ------------------------------------------------------------------ initiative (RULES §7)
    def roll_initiative(self, ids: Iterable[str] | None = None,
                        rng: RandomSource | None = None) -> dict[str, int]:
        """Roll d20 + modifier for ``ids`` (None: everyone), as one undo step; ties by RULES §7."""
        return self.ordering.roll_initiative(ids, rng)

    def set_initiative(self, cid: str, value: int) -> Event:
        """A new initiative (delay, ready): after others with the same value."""
        return self.ordering.set_initiative(cid, value)

    def move_in_order(self, cid: str, places: int) -> Event:
        """Move a creature up (negative) or down the order."""
        return self.ordering.move_in_order(cid, places)

    # ------------------------------------------------------------------ damage
    def preview_damage(self, ids: Iterable[str], damage: str | Sequence[str],
                       saves: Mapping[str, str | None] | None = None, critical: bool | int = False,
                       nonlethal: bool = False, armor_slots: Mapping[str, bool] | None = None,
                       direct: bool = False, rng: RandomSource | None = None, roll: Roll | None = None,
                       actor: str | None = None, attack: str = "") -> DamagePreview:
        """Roll once (or reuse ``roll``) and resolve against each target, touching nothing."""
        return self.damage.preview_damage(ids, damage, saves, critical, nonlethal, armor_slots, direct,
                                          rng, roll, actor, attack)

    def commit_damage(self, preview: DamagePreview) -> dict[str, Outcome]:
        """Apply exactly the previewed outcomes, as one undo step."""
        return self.damage.commit_damage(preview)

    def apply_damage(self, ids: Iterable[str], damage: str | Sequence[str],
                     saves: Mapping[str, str | None] | None = None, critical: bool | int = False,
                     nonlethal: bool = False, armor_slots: Mapping[str, bool] | None = None,
                     direct: bool = False, rng: RandomSource | None = None,
                     actor: str | None = None) -> dict[str, Outcome]:
        """Roll once for every target, resolve each, and commit as one undo step."""
        return self.damage.apply_damage(ids, damage, saves, critical, nonlethal, armor_slots, direct,
                                        rng, actor)

    def add_persistent(self, cid: str, text: str, critical: bool = False,
                       save: str | None = None) -> Outcome:
        """Give a creature a persistent damage condition."""
        return self.damage.add_persistent(cid, text, critical, save)

    def remove_persistent(self, cid: str, index: int) -> Event:
        """End one persistent condition by hand."""
        return self.damage.remove_persistent(cid, index)

    def tick_persistent(self, cid: str, index: int, rng: RandomSource | None = None) -> Outcome:
        """Roll one persistent condition's damage now."""
        return self.damage.tick_persistent(cid, index, rng)

    def flat_check(self, cid: str, index: int, roll: int | None = None,
                   rng: RandomSource | None = None) -> Outcome:
        """Roll (or enter the GM's roll for) one condition's flat check."""
        return self.damage.flat_check(cid, index, roll, rng)

    def pending_checks(self) -> list[tuple[str, int]]:
        """(creature id, condition index) of every flat check waiting for a roll."""
        return self.damage.pending_checks()

    def resolve_flat_checks(self, rng: RandomSource | None = None,
                            rolls: Mapping[tuple[str, int], int] | None = None) -> list[str]:
        """Roll every pending flat check at once (or take the GM's rolls), as one undo step."""
        return self.damage.resolve_flat_checks(rng, rolls)

    def add_temp_immunity(self, cid: str, effect: str, rounds: int) -> Event:
        """Immune to ``effect`` for ``rounds`` rounds (expires by itself)."""
        return self.damage.add_temp_immunity(cid, effect, rounds)

    def remove_temp_immunity(self, cid: str, index: int) -> Event:
        """End a temporary immunity early."""
        return self.damage.remove_temp_immunity(cid, index)

    # ------------------------------------------------------------------ tracks
    def heal(self, cid: str, amount: int, track: str | None = None) -> Outcome:
        """Heal a creature (Daggerheart: clear ``track`` slots: hp, armor, stress)."""
        return self.tracks.heal(cid, amount, track)

    def heal_many(self, ids: Iterable[str], amount: int, track: str | None = None,
                  how: str = "") -> dict[str, Outcome]:
        """Heal each creature by ``amount`` as one undo step (``how``: the roll, for the log)."""
        return self.tracks.heal_many(ids, amount, track, how)

    def give_temp_hp(self, ids: Iterable[str], amount: int, how: str = "") -> dict[str, Outcome]:
        """Temporary HP to each creature as one undo step."""
        return self.tracks.give_temp_hp(ids, amount, how)

    def mark_stress(self, cid: str, amount: int = 1) -> Outcome:
        """Mark Stress; what does not fit marks 1 HP, the last slot makes it Vulnerable."""
        return self.tracks.mark_stress(cid, amount)

    def mark_stress_many(self, ids: Iterable[str], amount: int = 1) -> dict[str, Outcome]:
        """Mark Stress on each creature as one undo step."""
        return self.tracks.mark_stress_many(ids, amount)

    def clear_stress(self, cid: str, amount: int = 1) -> Outcome:
        """Clear Stress (ends the Vulnerable that marking the last one gave)."""
        return self.tracks.clear_stress(cid, amount)

    def clear_stress_many(self, ids: Iterable[str], amount: int = 1) -> dict[str, Outcome]:
        """Clear Stress on each creature as one undo step."""
        return self.tracks.clear_stress_many(ids, amount)

    # ------------------------------------------------------------------ turns
    def skip_defeated(self) -> bool:
        """The ``skip_defeated`` setting (RULES §7: on unless the GM turns it off)."""
        return self.turns.skip_defeated()

    def next_turn(self, rng: RandomSource | None = None) -> Event:
        """End the active creature's turn, start the next one's; run each system's steps."""
        return self.turns.next_turn(rng)

    # ------------------------------------------------------------------ conditions (RULES §7)
    def conditions_of(self, cid: str) -> dict[str, int | None]:
        """Every condition with its value or None: dying, wounded, doomed, statuses, the GM's."""
        return self.conditions.conditions_of(cid)

    def add_condition(self, cid: str, name: str, value: int | None = None,
                      duration: int | str | None = None) -> Event:
        """Give a creature a condition with an optional value and duration (one undo step)."""
        return self.conditions.add_condition(cid, name, value, duration)

    def add_condition_many(self, ids: Iterable[str], name: str, value: int | None = None,
                           duration: int | str | None = None) -> Event:
        """Give each creature a condition, as one undo step: all or nothing."""
        return self.conditions.add_condition_many(ids, name, value, duration)

    def remove_condition(self, cid: str, name: str) -> Event:
        """Remove a condition (its value and duration with it)."""
        return self.conditions.remove_condition(cid, name)

    def remove_condition_many(self, ids: Iterable[str], name: str) -> Event:
        """Take a condition from each creature that has it, as one undo step."""
        return self.conditions.remove_condition_many(ids, name)

    def set_condition(self, cid: str, name: str, value: int) -> Event:
        """Set a condition's value by hand (0 removes it)."""
        return self.conditions.set_condition(cid, name, value)

    def pending_dying_checks(self) -> list[str]:
        """Ids of creatures whose dying check waits for the GM's roll."""
        return self.conditions.pending_dying_checks()

    def dying_check(self, cid: str, roll: int | None = None, rng: RandomSource | None = None) -> str:
        """Make (or record the GM's roll for) a creature's dying check; returns it in words."""
        return self.conditions.dying_check(cid, roll, rng)

    # ------------------------------------------------------------------ pools (Daggerheart)
    def gain_fear(self, amount: int = 1) -> int:
        """The GM gains Fear (the pool holds at most 12); returns the pool."""
        return self.pools.gain_fear(amount)

    def spend_fear(self, amount: int = 1) -> int:
        """The GM spends Fear; ValueError when there is not enough."""
        return self.pools.spend_fear(amount)

    def mark_hope(self, cid: str, amount: int = 1) -> int:
        """A Daggerheart PC marks Hope (at most 6): one undo step."""
        return self.pools.mark_hope(cid, amount)

    def spend_hope(self, cid: str, amount: int = 1) -> int:
        """A Daggerheart PC spends Hope (more than it has is refused): one undo step."""
        return self.pools.spend_hope(cid, amount)

    # ------------------------------------------------------------------ the table's numbers
    def numbers_of(self, cid: str) -> table_numbers.Numbers:
        """The creature's numbers after its conditions, each saying why (``.text("ac")``)."""
        return self.numbers.numbers_of(cid)

    def attack(self, actor_id: str, target_id: str, attack: int | str = 0, map: int | None = None,
               rng: RandomSource | None = None, count: bool = True) -> AttackResult:
        """Roll the actor's attack against the target, with the MAP; not a change."""
        return self.numbers.attack(actor_id, target_id, attack, map, rng, count)

    def set_map_step(self, actor_id: str, step: int) -> None:
        """The actor's last attack this turn was at MAP ``step`` (0, 1 or 2); not a change."""
        self.numbers.set_map_step(actor_id, step)

    def map_step(self, actor_id: str) -> int:
        """The MAP step of the actor's next attack this turn."""
        return self.numbers.map_step(actor_id)

    def strikes_this_turn(self) -> dict[str, int]:
        """The attacks counted toward the MAP this turn, by actor (kept in a save)."""
        return self.state.strikes_this_turn()

    def keep_strikes(self, counts: dict[str, int]) -> None:
        """A save's attacks counted this turn (RULES §10: quitting mid-turn keeps the MAP)."""
        self.state.keep_strikes(counts)

    def roll_saves(self, ids: Iterable[str], save: str | None = None, dc: int = 20,
                   rng: RandomSource | None = None, bonus: int = 0) -> SaveRolls:
        """Roll each target's save against one DC: ``{id: degree}``; not a change."""
        return self.numbers.roll_saves(ids, save, dc, rng, bonus)

    # ------------------------------------------------------------------ the next fight
    def next_encounter(self, name: str) -> Encounter:
        """A new encounter with the player characters as they are now; this one is unchanged."""
        enc = Encounter(self.system, name, self.settings)
        enc.fear = self.fear  # the GM's Fear outlasts a scene
        enc.party_level = self.party_level  # as does the party's level (RULES §10)
        roster = enc.roster
        for cid in self.order:
            creature = self.roster.creatures[cid]
            if creature.pc:
                pc = creature.clone()
                # a temporary immunity keeps the rounds it has left, counted from round 1
                shift = 1 - self.round
                pc.temp_immunities = [TemporaryImmunity(t.effect, t.until_round + shift)
                                      for t in pc.temp_immunities if t.until_round + shift > 1]
                roster.insert(f"c{roster.next_id}", pc, 0, roster.next_id)
                roster.next_id += 1
        return enc

    # ------------------------------------------------------------------ threat (RULES §10)
    def difficulty(self) -> Difficulty:
        """The encounter's threat from its PCs and the rest (core.table.difficulty)."""
        return difficulty(self.system, self.roster.creatures.values(), self.party_level)

    def set_party_level(self, level: int) -> Event:
        """The GM's party level, counted where no PC has a level (0 clears it); one undo step."""
        level = party_level_checked(level)
        text = tr("party level set to {level}", level=level) if level \
            else tr("party level cleared")
        with self.state.step("setting", text) as step:
            step.meta("party_level")
            self.state.party_level = level
        return self.state.recorded()

    # ------------------------------------------------------------------ data
    def to_data(self) -> dict[str, Any]:
        """The whole encounter, ledger included, as plain TOML-ready data."""
        return encounter_data.to_data(self.state)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Encounter:
        """Rebuild an encounter from :meth:`to_data`; StateError names a missing or bad field."""
        enc = cls.__new__(cls)
        enc._hold(encounter_data.from_data(EncounterState, data))
        return enc
