"""An encounter: roster, initiative, rounds and turns, under one rule system.

Every public call that changes anything is one ledger event (:mod:`core.encounter.ledger`: what the
call changed, undo and redo); the encounter as saved data is :mod:`core.encounter.data`.
``Encounter`` is the one facade; each concern is a part of its own: :mod:`core.encounter.state`
(state, order, ledger), ``encounter_roster``, ``encounter_initiative``, ``encounter_damage``,
``encounter_tracks``, ``encounter_turns``, ``encounter_conditions``, ``encounter_pools`` and
``encounter_numbers``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.creature.model import TemporaryImmunity
from core.encounter import data as encounter_data
from core.encounter.conditions import ConditionsMixin
from core.encounter.damage import DamageMixin, DamagePreview
from core.encounter.data import DETAILS_KEPT
from core.encounter.ledger import Change, Event
from core.encounter.numbers import NumbersMixin
from core.encounter.pools import FEAR_MAX, PoolsMixin
from core.encounter.roster import SETTING_WORDS, RosterMixin
from core.encounter.settings import DEFAULT_SETTINGS, ENCOUNTER_SETTINGS, OLD_SETTING_WORDS
from core.encounter.tracks import TracksMixin, has_temp_hp, resolve_temp_hp
from core.encounter.turns import TurnsMixin
from core.table.difficulty import Difficulty, difficulty, party_level_checked
from core.text.i18n import tr

__all__ = [
    "Encounter", "Event", "Change", "DamagePreview", "DEFAULT_SETTINGS", "ENCOUNTER_SETTINGS",
    "OLD_SETTING_WORDS", "SETTING_WORDS", "DETAILS_KEPT", "FEAR_MAX", "has_temp_hp",
    "resolve_temp_hp",
]


class Encounter(RosterMixin, DamageMixin, TracksMixin, TurnsMixin, ConditionsMixin, PoolsMixin,
                NumbersMixin):
    """The roster of one encounter under one rule system, with its history."""

    # ------------------------------------------------------------------ the next fight
    def next_encounter(self, name: str) -> Encounter:
        """A new encounter with the player characters as they are now; this one is unchanged."""
        enc = Encounter(self.system, name, self.settings)
        enc.fear = self.fear  # the GM's Fear outlasts a scene
        enc.party_level = self.party_level  # as does the party's level (RULES §10)
        for cid in self.order:
            creature = self._creatures[cid]
            if creature.pc:
                pc = creature.clone()
                # a temporary immunity keeps the rounds it has left, counted from round 1
                shift = 1 - self.round
                pc.temp_immunities = [TemporaryImmunity(t.effect, t.until_round + shift)
                                      for t in pc.temp_immunities if t.until_round + shift > 1]
                enc._insert(f"c{enc._next_id}", pc, 0, enc._next_id)
                enc._next_id += 1
        return enc

    # ------------------------------------------------------------------ threat (RULES §10)
    def difficulty(self) -> Difficulty:
        """The encounter's threat from its PCs and the rest (core.table.difficulty)."""
        return difficulty(self.system, self._creatures.values(), self.party_level)

    def set_party_level(self, level: int) -> Event:
        """The GM's party level, counted where no PC has a level (0 clears it); one undo step."""
        level = party_level_checked(level)
        text = tr("party level set to {level}", level=level) if level \
            else tr("party level cleared")
        with self._step("setting", text) as step:
            step.meta("party_level")
            self.party_level = level
        return self._recorded()

    # ------------------------------------------------------------------ data
    def to_data(self) -> dict[str, Any]:
        """The whole encounter, ledger included, as plain TOML-ready data."""
        return encounter_data.to_data(self)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Encounter:
        """Rebuild an encounter from :meth:`to_data`; StateError names a missing or bad field."""
        return encounter_data.from_data(cls, data)
