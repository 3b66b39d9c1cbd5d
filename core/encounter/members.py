"""Creatures joining, edited, hidden and leaving; the encounter renamed and its settings changed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from core.catalog.capabilities import ENCOUNTER_OPTIONS
from core.creature.model import PRINTED, Creature
from core.creature.schema import MAX_TRACK, check_init_mod, check_initiative
from core.dice.expression import RandomSource
from core.encounter.initiative import Initiative
from core.encounter.ledger import Event
from core.encounter.settings import _encounter_settings
from core.encounter.state import EncounterState
from core.text.i18n import clauses, listing, ntr, tr
from core.text.plain_text import refuse_controls

# A setting as the log says it: the GM's words, never ``key = value``.
SETTING_WORDS = {(s.key, c.value): c.log for s in ENCOUNTER_OPTIONS for c in s.choices}


class Members:
    """Creatures added, removed and edited; the encounter renamed and its settings changed."""

    def __init__(self, state: EncounterState, initiative: Initiative) -> None:
        self.s = state
        self.initiative = initiative

    def add(self, creature: Creature, initiative: int | None = None) -> str:
        """Add a creature; returns its id (:meth:`add_many` of one).

        A typed ``initiative`` takes its place among equals by RULES §7's tie rule, as a
        rolled one does; without one it is 0, after the creatures already there.
        """
        if not isinstance(creature, Creature):
            raise TypeError("add() takes a Creature from rules.new_creature()")
        (cid,) = self.add_many([creature], initiative)
        return cid

    def _joined(self, names: str, ids: list[str], initiative: int) -> str:
        """``Goblin joins (initiative 15)``; without initiative (RULES §7: the GM orders the
        list) ``Rat joins``, or ``Rat joins at place 1`` when not put at the end."""
        if self.s.rules.has_initiative:
            return ntr("{names} joins (initiative {initiative})", "{names} join (initiative {initiative})",
                       len(ids), names=names, initiative=initiative)
        order = self.s.roster.order
        place = order.index(ids[0]) + 1
        if place + len(ids) - 1 == len(order):
            return ntr("{names} joins", "{names} join", len(ids), names=names)
        return ntr("{names} joins at place {place}", "{names} join at place {place}", len(ids),
                   names=names, place=place)

    def add_many(self, creatures: Sequence[Creature], initiative: int | None = None, roll: bool = False,
                 rng: RandomSource | None = None) -> list[str]:
        """Add several creatures in one undo step ("Goblin 1…3").

        ``roll``: each rolls its initiative instead (d20 + its modifier, ties as
        :meth:`roll_initiative` breaks them), in the same undo step; ValueError where the
        system has no initiative.
        """
        if roll:
            self.initiative.check_has_initiative()
        typed, initiative = initiative is not None, 0 if initiative is None else initiative
        check_initiative(initiative)
        for creature in creatures:
            _check_words(creature)
        names = listing(c.name for c in creatures)
        roster = self.s.roster
        with self.s.step("initiative" if roll else "add",
                         ntr("{names} joins", "{names} join", len(creatures), names=names)) as step:
            step.meta("next_id", "turn")
            ids = []
            for creature in creatures:
                cid = roster.fresh_id(self._named)
                step.touch(cid)
                roster.next_id += 1
                roster.insert(cid, creature.clone(), initiative, roster.next_id - 1)
                ids.append(cid)
            if typed and not roll:
                step.details += self.initiative.sort_in(step, ids)
            if ids:
                step.text = self._joined(names, ids, initiative)
            if roll:
                rolled = self.initiative.roll_into(step, ids, rng)
                step.text = ntr("{names} joins, initiative rolled: {rolls}",
                                "{names} join, initiative rolled: {rolls}", len(creatures), names=names,
                                rolls=listing(f"{roster.creatures[c].name} {total}"
                                                for c, total in rolled.items()))
            self.s.keep_active(step)
        return ids

    def _named(self) -> frozenset[str]:
        """Every id a step of the history names."""
        return frozenset().union(*(e.changed_ids for e in self.s.ledger.done))

    def remove(self, cid: str) -> Event:
        """Remove a creature from the encounter (undoable): :meth:`remove_many` of one."""
        return self.remove_many([cid])

    def remove_many(self, cids: Sequence[str]) -> Event:
        """Remove several creatures in one undo step (the marked ones, or every defeated one).

        When the active creature goes, its turn ends: the next creature left in the order
        is up, the one who acted before it never twice (past the end, the top of a new round).
        """
        cids = list(dict.fromkeys(cids))
        if not cids:
            raise ValueError(tr('no creatures to remove'))
        roster = self.s.roster
        names = listing(roster.creature(cid).name for cid in cids)  # unknown id -> KeyError
        old_order = roster.order
        with self.s.step("remove", tr("{names} removed", names=names)) as step:
            step.meta("turn", "round")
            for cid in cids:
                step.touch(cid)
                roster.drop(cid)
            active = step.active_before
            if active in cids:
                later = [c for c in old_order[old_order.index(active) + 1 :] if c not in cids]
                if later:
                    self.s.turn = roster.order.index(later[0])
                else:
                    self.s.turn = 0
                    self.s.round += 1 if roster.creatures else 0
            else:
                self.s.keep_active(step)
        return self.s.recorded()

    def update(self, cid: str, **fields: Any) -> Creature:
        """Edit a creature: name, pc, defenses, traits, initiative or a stat field."""
        creature = self.s.roster.creature(cid)
        initiative = fields.pop("initiative", None)
        new = self._edited(creature, fields)
        if initiative is not None:
            check_initiative(initiative)
        settled = self.s.rules.settle_status(new, creature)  # the status follows the new numbers
        text = tr("{name} edited: {changes}", name=creature.name, changes=clauses(settled)) \
            if settled else tr("{name} edited", name=creature.name)
        with self.s.step("edit", text, tuple(settled)) as step:
            step.meta("turn")
            step.touch(cid)
            self.s.roster.replace(cid, new)
            if initiative is not None and initiative != self.s.roster.initiative(cid):
                self.s.roster.set_initiative(cid, initiative)
                step.details += self.initiative.sort_in(step, [cid])
                self.s.keep_active(step)
        return new

    def _edited(self, creature: Creature, fields: Mapping[str, Any]) -> Creature:
        """A copy of ``creature`` with ``fields`` set, each checked (ValueError naming it).

        Stat fields are set together, then the tracks' current values (``now_hp``) after
        their maximum.
        """
        rules = self.s.rules
        new = creature.clone()
        stats = {}
        current: dict[str, int] = {}
        for key, value in fields.items():
            if key == "name":
                if not isinstance(value, str) or not value.strip():
                    raise ValueError(tr('a creature needs a name'))
                refuse_controls(value, tr("the name"))
                new.name = value.strip()
            elif key == "pc":
                new.pc = bool(value)
            elif key == "init_mod":
                new.init_mod = check_init_mod(value)
            elif key == "defenses":
                refuse_controls(value, tr("the defenses"))
                rules.parse_defenses(value)
                new.defenses = value
            elif key == "traits":
                words = value.replace(",", " ").split() if isinstance(value, str) else list(value)
                for word in words:
                    refuse_controls(str(word), tr("the traits"))
                new.traits = frozenset(w.lower() for w in words) or frozenset({"living"})
            elif key in {f.name for f in rules.stat_fields}:
                rules.check_stat(key, value)
                stats[key] = value
            elif key in PRINTED:    # numbers, attacks, horde (RULES §8)
                setattr(new, key, PRINTED[key](value))
                _check_words(new)
            elif key.startswith("now_") and key[4:] in self.ADJUSTABLE:
                current[key[4:]] = value
            else:
                raise ValueError(tr('cannot edit {key}', key=repr(key)))
        if stats:
            rules._set_stats(new, stats, editing=True)
        for key, value in current.items():
            self._check_track(new, key, value)
            setattr(new, key, value)
        return rules.check_creature(new)  # as a load checks it (core.creature.schema)

    ADJUSTABLE = ("hp", "temp_hp", "vitality", "wounds", "hp_marked", "armor_marked",
                  "stress_marked", "subdual", "dying", "wounded")

    def _check_track(self, creature: Creature, key: str, value: Any) -> None:
        """ValueError unless ``value`` may be set as ``creature``'s current ``key``."""
        if key not in self.ADJUSTABLE or getattr(creature, key) is None and key in ("hp", "vitality", "wounds"):
            raise ValueError(tr('{key} cannot be set on {name}', key=repr(key), name=creature.name))
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(tr('{key} must be a whole number, not {value}', key=key, value=repr(value)))
        if abs(value) > MAX_TRACK:
            raise ValueError(tr('{key} must be at most {most:,}, not {value:,}', key=key, most=MAX_TRACK, value=value))
        if key != "hp" or self.s.system != "d20-3e":
            if value < 0:
                raise ValueError(tr('{key} cannot be negative', key=key))

    def set_hidden(self, cids: str | Iterable[str], hidden: bool) -> Event:
        """Hide creatures from the players' view (the ambushers not yet seen), or show them
        again: one undo step."""
        ids = [cids] if isinstance(cids, str) else list(dict.fromkeys(cids))
        if not ids:
            raise ValueError(tr('no creatures to hide or show'))
        names = listing(self.s.roster.creature(cid).name for cid in ids)  # unknown id -> KeyError
        words = tr("{names} hidden from the players", names=names) if hidden \
            else tr("{names} shown to the players", names=names)
        with self.s.step("visibility", words) as step:
            for cid in ids:
                step.touch(cid)
                new = self.s.roster.creatures[cid].clone()
                new.hidden = bool(hidden)
                self.s.roster.replace(cid, new)
        return self.s.recorded()

    def rename(self, name: str) -> Event:
        """Rename the encounter."""
        if not isinstance(name, str) or not name.strip():
            raise ValueError(tr('an encounter needs a name'))
        refuse_controls(name, tr("the name"))
        with self.s.step("rename", tr("encounter renamed to {name}", name=name.strip())) as step:
            step.meta("name")
            self.s.name = name.strip()
        return self.s.recorded()

    def set_setting(self, key: str, value: Any) -> Event:
        """Change one encounter setting (crit_mode, flat_checks, massive_damage)."""
        value = _encounter_settings({key: value})[key]
        with self.s.step("setting", tr(SETTING_WORDS[key, value])) as step:
            step.meta("settings")
            self.s.settings = {**self.s.settings, key: value}
        return self.s.recorded()


def _check_words(creature: Creature) -> None:
    """ValueError when a creature's name, defenses or stat block holds a control character."""
    refuse_controls(creature.name, tr("the name"))
    refuse_controls(creature.defenses, tr("the defenses"))
    refuse_controls(creature.statblock, tr("the stat block"), lines=True)
    for word in creature.traits:
        refuse_controls(word, tr("the traits"))
    for attack in creature.attacks:
        for text in (attack.label, attack.damage, attack.note, *attack.traits):
            refuse_controls(text, tr("an attack"))
