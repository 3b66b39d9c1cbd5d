"""An encounter: roster, initiative, rounds and turns, under one rule system.

Every public call that changes anything is one ledger event (:mod:`core.ledger`: what the
call changed, undo and redo); the encounter as saved data is :mod:`core.encounter_data`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from core import conditions, encounter_data, table_numbers, turns
from core.capabilities import ENCOUNTER_OPTIONS
from core.dice import RandomSource
from core.encounter_data import (
    DEFAULT_SETTINGS,
    DETAILS_KEPT,
    ENCOUNTER_SETTINGS,
    OLD_SETTING_WORDS,
    _encounter_settings,
)
from core.ledger import Change, Event, Ledger, Part, Step
from core.model import PRINTED, Breakdown, Creature, Outcome, Roll, TemporaryImmunity
from core.schema import MAX_CONDITION, MAX_FEAR, MAX_TRACK, check_init_mod, check_initiative
from core.systems import get_system

__all__ = [
    "Encounter", "Event", "Change", "DamagePreview", "DEFAULT_SETTINGS", "ENCOUNTER_SETTINGS",
    "OLD_SETTING_WORDS", "SETTING_WORDS", "DETAILS_KEPT", "FEAR_MAX", "has_temp_hp",
    "resolve_temp_hp",
]

# A setting as the log says it: the GM's words, never ``key = value``.
SETTING_WORDS = {(s.key, c.value): c.log for s in ENCOUNTER_OPTIONS for c in s.choices}
FEAR_MAX = MAX_FEAR             # Daggerheart: the GM's Fear pool holds 0-12 (RULES §7)


@dataclass(frozen=True, slots=True)
class DamagePreview:
    """A damage roll resolved against each target, not yet applied."""

    damage: tuple[str, ...]
    roll: Roll
    outcomes: Mapping[str, Outcome]
    options: Mapping[str, Any]


class Encounter:
    """The roster of one encounter under one rule system, with its history."""

    def __init__(self, system: str = "pf2e", name: str = "Encounter",
                 settings: Mapping[str, Any] | None = None) -> None:
        self.rules = get_system(system)
        self.system = system
        self.name = name
        self.settings: dict[str, Any] = {**DEFAULT_SETTINGS, **_encounter_settings(settings)}
        self.round = 1
        self.turn = 0
        self._creatures: dict[str, Creature] = {}
        self._initiative: dict[str, int] = {}
        self._seq: dict[str, int] = {}
        self._tie: dict[str, int] = {}      # place among equal initiatives (RULES §7 ties, moves)
        self.fear = 0                       # Daggerheart: the GM's Fear pool
        self._next_id = 1
        self._order: list[str] | None = None
        self._ledger = Ledger()
        # attacks made this turn, by actor (the MAP): not a change, so not in the ledger or a save
        self._strikes: tuple[tuple[int, int], dict[str, int]] = ((1, 0), {})
        self._batch: Step | None = None     # one_step: the calls it records as one event

    # ------------------------------------------------------------------ roster
    @property
    def creatures(self) -> dict[str, Creature]:
        """Creatures by id (do not mutate: go through the encounter's calls)."""
        return self._creatures

    def creature(self, cid: str) -> Creature:
        """The creature with this id; KeyError naming it otherwise."""
        try:
            return self._creatures[cid]
        except KeyError:
            raise KeyError(f"no creature {cid!r} in this encounter") from None

    def initiative(self, cid: str) -> int:
        """The creature's initiative."""
        self.creature(cid)
        return self._initiative[cid]

    @property
    def order(self) -> list[str]:
        """Creature ids by initiative, high to low; ties by place (RULES §7, moves), then as added."""
        if self._order is None:
            self._order = sorted(self._creatures, key=lambda c: (-self._initiative[c], self._tie.get(c, 0),
                                                                 self._seq[c]))
        return list(self._order)

    @property
    def active(self) -> str | None:
        """The id of the creature whose turn it is."""
        order = self.order
        return order[self.turn] if order and 0 <= self.turn < len(order) else None

    def add(self, creature: Creature, initiative: int | None = None) -> str:
        """Add a creature; returns its id.

        A typed ``initiative`` takes its place among equals by RULES §7's tie rule, as a
        rolled one does; without one it is 0, after the creatures already there.
        """
        if not isinstance(creature, Creature):
            raise TypeError("add() takes a Creature from rules.new_creature()")
        typed, initiative = initiative is not None, 0 if initiative is None else initiative
        check_initiative(initiative)
        cid = f"c{self._next_id}"
        with self._step("add", f"{creature.name} joins") as step:
            step.meta("next_id", "turn")
            step.touch(cid)
            self._next_id += 1
            self._insert(cid, creature.clone(), initiative, self._next_id - 1)
            step.details += self._sort_in(step, [cid] if typed else [])
            step.text = self._joined(creature.name, [cid], initiative)
            self._keep_active(step)
        return cid

    def _joined(self, names: str, ids: list[str], initiative: int) -> str:
        """``Goblin joins (initiative 15)``; without initiative (RULES §7: the GM orders the
        list) ``Rat joins``, or ``Rat joins at place 1`` when not put at the end."""
        verb = "joins" if len(ids) == 1 else "join"
        if self.rules.has_initiative:
            return f"{names} {verb} (initiative {initiative})"
        order = self.order
        place = order.index(ids[0]) + 1
        at_end = place + len(ids) - 1 == len(order)
        return f"{names} {verb}" if at_end else f"{names} {verb} at place {place}"

    def add_many(self, creatures: Sequence[Creature], initiative: int | None = None, roll: bool = False,
                 rng: RandomSource | None = None) -> list[str]:
        """Add several creatures in one undo step ("Goblin 1…3").

        ``roll``: each rolls its initiative instead (d20 + its modifier, ties as
        :meth:`roll_initiative` breaks them), in the same undo step; ValueError where the
        system has no initiative.
        """
        if roll:
            self._check_has_initiative()
        typed, initiative = initiative is not None, 0 if initiative is None else initiative
        check_initiative(initiative)
        names = ", ".join(c.name for c in creatures)
        verb = "joins" if len(creatures) == 1 else "join"
        with self._step("initiative" if roll else "add", f"{names} {verb}") as step:
            step.meta("next_id", "turn")
            ids = []
            for creature in creatures:
                cid = f"c{self._next_id}"
                step.touch(cid)
                self._next_id += 1
                self._insert(cid, creature.clone(), initiative, self._next_id - 1)
                ids.append(cid)
            if typed and not roll:
                step.details += self._sort_in(step, ids)
            if ids:
                step.text = self._joined(names, ids, initiative)
            if roll:
                rolled = self._roll_into(step, ids, rng)
                step.text = f"{names} {verb}, initiative rolled: " + ", ".join(
                    f"{self._creatures[c].name} {total}" for c, total in rolled.items())
            self._keep_active(step)
        return ids

    def _insert(self, cid: str, creature: Creature, initiative: int, seq: int, tie: int | None = None) -> None:
        self._creatures[cid] = creature
        self._initiative[cid] = initiative
        self._seq[cid] = seq
        self._tie[cid] = self._last_tie(cid) if tie is None else tie
        self._order = None

    def _last_tie(self, cid: str) -> int:
        """A place after every other creature with the same initiative."""
        value = self._initiative[cid]
        return 1 + max((t for c, t in self._tie.items() if c != cid and self._initiative.get(c) == value),
                       default=-1)

    def _keep_active(self, step: Step) -> None:
        """Keep the same creature active when the order changes under it."""
        active = step.active_before
        if self.round == 1 and self.turn == 0:
            self.turn = 0  # before the first turn the top of the order is up
        elif active is not None and active in self._creatures:
            self.turn = self.order.index(active)
        elif self.turn >= len(self._creatures):
            self.turn = 0

    def remove(self, cid: str) -> Event:
        """Remove a creature from the encounter (undoable)."""
        creature = self.creature(cid)
        with self._step("remove", f"{creature.name} removed") as step:
            step.meta("turn", "round")
            step.touch(cid)
            self._drop(cid)
            active = step.active_before
            if active == cid:
                # the removed creature's turn ends: the next in the order is up, the one
                # who acted before it never twice (past the end, the top of a new round)
                if self.turn >= len(self._creatures):
                    self.turn = 0
                    self.round += 1 if self._creatures else 0
            else:
                self._keep_active(step)
        return self._recorded()

    def remove_many(self, cids: Sequence[str]) -> Event:
        """Remove several creatures in one undo step (the marked ones, or every defeated one).

        When the active creature goes, the turn passes to the next creature left in the
        order, as :meth:`remove` does for one.
        """
        cids = list(dict.fromkeys(cids))
        if not cids:
            raise ValueError("no creatures to remove")
        names = ", ".join(self.creature(cid).name for cid in cids)  # unknown id -> KeyError
        old_order = self.order
        with self._step("remove", f"{names} removed") as step:
            step.meta("turn")
            for cid in cids:
                step.touch(cid)
                self._drop(cid)
            active = step.active_before
            if active in cids:
                later = [c for c in old_order[old_order.index(active) + 1 :] if c not in cids]
                self.turn = self.order.index(later[0]) if later else max(0, len(self.order) - 1)
            else:
                self._keep_active(step)
        return self._recorded()

    def update(self, cid: str, **fields: Any) -> Creature:
        """Edit a creature: name, pc, defenses, traits, initiative or a stat field."""
        creature = self.creature(cid)
        initiative = fields.pop("initiative", None)
        new = self._edited(creature, fields)
        if initiative is not None:
            check_initiative(initiative)
        settled = self.rules.settle_status(new, creature)  # the status follows the new numbers (issue 9)
        text = f"{creature.name} edited" + (f": {'; '.join(settled)}" if settled else "")
        with self._step("edit", text, tuple(settled)) as step:
            step.meta("turn")
            step.touch(cid)
            self._creatures[cid] = new
            if initiative is not None and initiative != self._initiative[cid]:
                self._initiative[cid] = initiative
                self._tie[cid] = self._last_tie(cid)
                self._order = None
                step.details += self._sort_in(step, [cid])
                self._keep_active(step)
        return new

    def _edited(self, creature: Creature, fields: Mapping[str, Any]) -> Creature:
        """A copy of ``creature`` with ``fields`` set, each checked (ValueError naming it).

        Stat fields are set together, then the tracks' current values (``now_hp``) after
        their maximum.
        """
        rules = self.rules
        new = creature.clone()
        stats = {}
        current: dict[str, int] = {}
        for key, value in fields.items():
            if key == "name":
                if not isinstance(value, str) or not value.strip():
                    raise ValueError("a creature needs a name")
                new.name = value.strip()
            elif key == "pc":
                new.pc = bool(value)
            elif key == "init_mod":
                new.init_mod = check_init_mod(value)
            elif key == "defenses":
                rules.parse_defenses(value)
                new.defenses = value
            elif key == "traits":
                words = value.replace(",", " ").split() if isinstance(value, str) else list(value)
                new.traits = frozenset(w.lower() for w in words) or frozenset({"living"})
            elif key in {f.name for f in rules.stat_fields}:
                rules.check_stat(key, value)
                stats[key] = value
            elif key in PRINTED:    # numbers, attacks, horde (RULES §8)
                setattr(new, key, PRINTED[key](value))
            elif key.startswith("now_") and key[4:] in self.ADJUSTABLE:
                current[key[4:]] = value
            else:
                raise ValueError(f"cannot edit {key!r}")
        if stats:
            rules._set_stats(new, stats, editing=True)
        for key, value in current.items():
            self._check_track(new, key, value)
            setattr(new, key, value)
        return rules.check_creature(new)  # as a load checks it (core.schema)

    ADJUSTABLE = ("hp", "temp_hp", "vitality", "wounds", "hp_marked", "armor_marked",
                  "stress_marked", "subdual", "dying", "wounded")

    def _check_track(self, creature: Creature, key: str, value: Any) -> None:
        """ValueError unless ``value`` may be set as ``creature``'s current ``key``."""
        if key not in self.ADJUSTABLE or getattr(creature, key) is None and key in ("hp", "vitality", "wounds"):
            raise ValueError(f"{key!r} cannot be set on {creature.name}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{key} must be a whole number, not {value!r}")
        if abs(value) > MAX_TRACK:
            raise ValueError(f"{key} must be at most {MAX_TRACK:,}, not {value:,}")
        if key != "hp" or self.system != "d20-3e":
            if value < 0:
                raise ValueError(f"{key} cannot be negative")

    def set_hidden(self, cids: str | Iterable[str], hidden: bool) -> Event:
        """Hide creatures from the players' view (the ambushers not yet seen), or show them
        again: one undo step."""
        ids = [cids] if isinstance(cids, str) else list(dict.fromkeys(cids))
        if not ids:
            raise ValueError("no creatures to hide or show")
        names = ", ".join(self.creature(cid).name for cid in ids)  # unknown id -> KeyError
        words = "hidden from the players" if hidden else "shown to the players"
        with self._step("visibility", f"{names} {words}") as step:
            for cid in ids:
                step.touch(cid)
                new = self._creatures[cid].clone()
                new.hidden = bool(hidden)
                self._creatures[cid] = new
        return self._ledger.done[-1]

    def rename(self, name: str) -> Event:
        """Rename the encounter."""
        if not isinstance(name, str) or not name.strip():
            raise ValueError("an encounter needs a name")
        with self._step("rename", f"encounter renamed to {name.strip()}") as step:
            step.meta("name")
            self.name = name.strip()
        return self._recorded()

    def set_setting(self, key: str, value: Any) -> Event:
        """Change one encounter setting (crit_mode, flat_checks, massive_damage)."""
        value = _encounter_settings({key: value})[key]
        with self._step("setting", SETTING_WORDS[key, value]) as step:
            step.meta("settings")
            self.settings = {**self.settings, key: value}
        return self._recorded()

    # ------------------------------------------------------------------ damage
    def preview_damage(self, ids: Iterable[str], damage: str | Sequence[str], saves: Mapping[str, str | None] | None = None,
                       critical: bool | int = False, nonlethal: bool = False,
                       armor_slots: Mapping[str, bool] | None = None, direct: bool = False,
                       rng: RandomSource | None = None, roll: Roll | None = None,
                       actor: str | None = None, attack: str = "") -> DamagePreview:
        """Roll once (or reuse ``roll``) and resolve against each target, touching nothing.

        ``actor`` (a creature id) and ``attack`` (the attack roll's text) only go in the log.
        """
        ids = list(dict.fromkeys(ids))
        if actor is not None:
            self.creature(actor)
        if not ids:
            raise ValueError("no targets")
        for cid in ids:
            self.creature(cid)
        saves = dict(saves or {})
        armor_slots = dict(armor_slots or {})
        for save in saves.values():
            self.rules.check_save(save)
        texts = (damage,) if isinstance(damage, str) else tuple(damage)
        if roll is None:
            roll = self.rules.roll(list(texts), critical, rng, self.settings)
        outcomes = {
            cid: self.rules.resolve(self._creatures[cid], roll, critical, saves.get(cid), nonlethal,
                                    bool(armor_slots.get(cid)), direct, self.settings)
            for cid in ids
        }
        options = {"critical": critical, "nonlethal": nonlethal, "saves": saves, "direct": direct,
                   "armor_slots": armor_slots, "actor": actor, "attack": attack}
        return DamagePreview(texts, roll, outcomes, options)

    def commit_damage(self, preview: DamagePreview) -> dict[str, Outcome]:
        """Apply exactly the previewed outcomes, as one undo step."""
        targets = []
        details: list[str] = []
        saves = preview.options.get("saves") or {}
        for cid, outcome in preview.outcomes.items():
            # each target's save is named, so the log alone tells the fight (issue 9, item 17)
            said = saves[cid].replace("-", " ") if saves.get(cid) else ""  # "critical failure"
            targets.append((f"{self._creatures[cid].name}" + (f" ({said})" if said else ""), outcome))
            if said:
                details.append(f"{self._creatures[cid].name}: save {said}")  # for the log export
            details.extend(f"{self._creatures[cid].name}: {s}" for s in outcome.steps)
        head = self._damage_head(preview)
        text = f"{head} → " + "; ".join(f"{name} {outcome.summary}" for name, outcome in targets)
        # a notice's few words: several targets counted, one named with the damage it took
        if len(targets) == 1:
            ((name, outcome),) = targets
            short = f"{head} → {name} {outcome.dealt or outcome.total}"
        else:
            short = f"{head} → {len(targets)} targets"
        # who acted only when the form named someone (issue 9, item 17), never whose turn it is
        actor = preview.options.get("actor")
        actor_name = self._creatures[actor].name if actor in self._creatures else ""
        with self._step("damage", text, tuple(details), short, actor_name) as step:
            # every target, 0 included: the log export lists whom an area hit (issue 18)
            step.targets = tuple(f"{name} {outcome.dealt or outcome.total}" for name, outcome in targets)
            for cid, outcome in preview.outcomes.items():
                step.touch(cid)
                self.rules.commit(self._creatures[cid], outcome)
        return dict(preview.outcomes)

    def _damage_head(self, preview: DamagePreview) -> str:
        """A damage event's words before its targets: ``Kyra: attack …; 2d6 fire critical``."""
        crit = preview.options.get("critical")
        how = "" if not crit else (" critical" if crit is True or crit == 2 else f" critical ×{crit}")
        if preview.options.get("nonlethal"):
            how += " " + self.rules.nonlethal_word
        if preview.options.get("direct"):
            how += " direct"
        head = f"{' + '.join(preview.damage)}{how}"
        if preview.options.get("attack"):
            head = f"{preview.options['attack']}; {head}"
        actor = preview.options.get("actor")
        if actor is not None and actor in self._creatures:
            head = f"{self._creatures[actor].name}: {head}"
        return head

    def apply_damage(self, ids: Iterable[str], damage: str | Sequence[str],
                     saves: Mapping[str, str | None] | None = None, critical: bool | int = False,
                     nonlethal: bool = False, armor_slots: Mapping[str, bool] | None = None,
                     direct: bool = False, rng: RandomSource | None = None,
                     actor: str | None = None) -> dict[str, Outcome]:
        """Roll once for every target, resolve each, and commit as one undo step."""
        if isinstance(ids, str):
            ids = [ids]
        preview = self.preview_damage(ids, damage, saves, critical, nonlethal, armor_slots, direct, rng,
                                      actor=actor)
        return self.commit_damage(preview)

    def heal(self, cid: str, amount: int, track: str | None = None) -> Outcome:
        """Heal a creature (Daggerheart: clear ``track`` slots: hp, armor, stress)."""
        if track == "stress":
            return self.clear_stress(cid, amount)  # logged as clearing Stress, not as a heal
        creature = self.creature(cid)
        outcome = self.rules.resolve_heal(creature, amount, track)
        what = f" {track}" if track else ""
        with self._step("heal", f"{creature.name} healed {amount}{what}: {outcome.summary}",
                        outcome.steps) as step:
            step.touch(cid)
            self.rules.commit(creature, outcome)
        return outcome

    def heal_many(self, ids: Iterable[str], amount: int, track: str | None = None,
                  how: str = "") -> dict[str, Outcome]:
        """Heal each creature by ``amount`` as one undo step (``how``: the roll, for the log)."""
        ids = list(dict.fromkeys(ids))
        outcomes = {cid: self.rules.resolve_heal(self.creature(cid), amount, track) for cid in ids}
        rolled = f" ({how})" if how else ""
        if track == "stress":  # clearing Stress is no heal (Daggerheart)
            return self._commit_many(f"clear {amount} Stress{rolled}", outcomes, "stress")
        what = f" {track}" if track else ""
        return self._commit_many(f"healed {amount}{what}{rolled}", outcomes)

    def give_temp_hp(self, ids: Iterable[str], amount: int, how: str = "") -> dict[str, Outcome]:
        """Temporary HP to each creature as one undo step, like heal_many (issue 9, item 3)."""
        ids = list(dict.fromkeys(ids))
        outcomes = {cid: resolve_temp_hp(self.rules, self.creature(cid), amount) for cid in ids}
        rolled = f" ({how})" if how else ""
        return self._commit_many(f"temp HP {amount}{rolled}", outcomes)

    def _commit_many(self, what: str, outcomes: dict[str, Outcome],
                     kind: str = "heal") -> dict[str, Outcome]:
        """Commit resolved outcomes as one step: ``what → name summary; …``."""
        names = "; ".join(f"{self._creatures[cid].name} {o.summary}" for cid, o in outcomes.items())
        details = tuple(f"{self._creatures[cid].name}: {s}"
                        for cid, o in outcomes.items() for s in o.steps)
        short = f"{what} → {len(outcomes)} targets" if len(outcomes) > 1 else ""
        with self._step(kind, f"{what} → {names}", details, short) as step:
            for cid, outcome in outcomes.items():
                step.touch(cid)
                self.rules.commit(self._creatures[cid], outcome)
        return outcomes

    # ------------------------------------------------------------------ persistent damage
    def add_persistent(self, cid: str, text: str, critical: bool = False,
                       save: str | None = None) -> Outcome:
        """Give a creature a persistent damage condition."""
        creature = self.creature(cid)
        outcome = self.rules.resolve_persistent(creature, text, critical, save, self.settings)
        with self._step("persistent", f"{creature.name}: {outcome.summary}", outcome.steps) as step:
            step.touch(cid)
            self.rules.commit(creature, outcome)
        return outcome

    def remove_persistent(self, cid: str, index: int) -> Event:
        """End one persistent condition by hand."""
        creature = self.creature(cid)
        cond = creature.persistent[index]
        with self._step("persistent", f"{creature.name}: persistent {cond.label} removed") as step:
            step.touch(cid)
            new = creature.clone()
            new.persistent.pop(index)
            self._creatures[cid] = new
        return self._recorded()

    def tick_persistent(self, cid: str, index: int, rng: RandomSource | None = None) -> Outcome:
        """Roll one persistent condition's damage now."""
        creature = self.creature(cid)
        cond = creature.persistent[index]
        work = creature.clone()
        outcome = self.rules.tick(work, index, rng, self.settings)
        with self._step("tick", f"{creature.name}: persistent {cond.label} deals {outcome.total}",
                        outcome.steps) as step:
            step.touch(cid)
            self.rules.commit(creature, outcome)
        return outcome

    def flat_check(self, cid: str, index: int, roll: int | None = None,
                   rng: RandomSource | None = None) -> Outcome:
        """Roll (or enter the GM's roll for) one condition's flat check."""
        creature = self.creature(cid)
        work = creature.clone()
        outcome = self.rules.flat_check(work, index, roll, rng)
        with self._step("flat-check", f"{creature.name}: {outcome.summary}", outcome.steps) as step:
            step.touch(cid)
            self.rules.commit(creature, outcome)
        return outcome

    def pending_checks(self) -> list[tuple[str, int]]:
        """(creature id, condition index) of every flat check waiting for a roll."""
        return [(cid, i) for cid in self.order
                for i, p in enumerate(self._creatures[cid].persistent) if p.pending_check]

    def resolve_flat_checks(self, rng: RandomSource | None = None,
                            rolls: Mapping[tuple[str, int], int] | None = None) -> list[str]:
        """Roll every pending flat check at once (or take the GM's rolls), as one undo step."""
        pending = self.pending_checks()
        lines: list[str] = []
        with self._step("flat-check", f"{len(pending)} flat check(s) resolved") as step:
            # last index first, so removing a condition does not shift the others
            for cid, index in sorted(pending, key=lambda p: (p[0], -p[1])):
                creature = self._creatures[cid]
                step.touch(cid)
                work = creature.clone()
                given = (rolls or {}).get((cid, index))
                outcome = self.rules.flat_check(work, index, given, rng)
                self.rules.commit(creature, outcome)
                lines.extend(f"{creature.name}: {s}" for s in outcome.steps)
            step.details = tuple(lines)
        return lines

    def add_temp_immunity(self, cid: str, effect: str, rounds: int) -> Event:
        """Immune to ``effect`` for ``rounds`` rounds (expires by itself)."""
        creature = self.creature(cid)
        if not effect.strip() or isinstance(rounds, bool) or not isinstance(rounds, int) \
                or not 1 <= rounds <= MAX_CONDITION:
            raise ValueError(f"a temporary immunity needs an effect and 1 to {MAX_CONDITION} rounds")
        with self._step("immunity", f"{creature.name}: immune to {effect} for {rounds} round(s)") as step:
            step.touch(cid)
            new = creature.clone()
            new.temp_immunities.append(TemporaryImmunity(effect.strip(), self.round + rounds))
            self._creatures[cid] = new
        return self._recorded()

    def remove_temp_immunity(self, cid: str, index: int) -> Event:
        """End a temporary immunity early."""
        creature = self.creature(cid)
        gone = creature.temp_immunities[index]
        with self._step("immunity", f"{creature.name}: immunity to {gone.effect} removed") as step:
            step.touch(cid)
            new = creature.clone()
            new.temp_immunities.pop(index)
            self._creatures[cid] = new
        return self._recorded()

    # ------------------------------------------------------------------ turns
    def skip_defeated(self) -> bool:
        """The ``skip_defeated`` setting (RULES §7: on unless the GM turns it off)."""
        return bool(self.settings.get("skip_defeated", True))

    def next_turn(self, rng: RandomSource | None = None) -> Event:
        """End the active creature's turn, start the next one's; run each system's steps.

        RULES §7 too: recovery checks, frightened −1, condition durations, and dead or
        defeated creatures skipped (the ``skip_defeated`` setting).
        """
        order = self.order
        if not order:
            raise ValueError("the encounter has no creatures")
        details: list[str] = []
        with self._step("turn", "") as step:
            step.meta("round", "turn")
            ending = order[self.turn] if self.turn < len(order) else order[0]
            self._turn_steps(step, ending, "end", rng, details)
            self.turn, wraps, skipped = turns.next_index(order, self.turn, self._creatures,
                                                         self.skip_defeated())
            details.extend(f"{self._creatures[c].name} skipped "
                           f"({'dead' if 'dead' in self._creatures[c].conditions else 'defeated'})"
                           for c in skipped)
            # what happened so far closes the turn that ended, in its round (the log files it
            # there); the rest opens the new turn
            step.closing = len(details)
            step.ended = self._creatures[ending].name if details else ""
            for _ in range(wraps if self.rules.counts_rounds else 0):
                self.round += 1
                self._expire_immunities(step, details)
            starting = order[self.turn]
            self._turn_steps(step, starting, "start", rng, details)
            name = self._creatures[starting].name
            if not self.rules.counts_rounds:
                step.text = f"the spotlight passes to {name}"
            else:
                step.text = f"{name}'s turn" + (f" (round {self.round} begins)" if wraps else "")
            step.details = tuple(details)
        return self._recorded()

    def _turn_steps(self, step: Step, cid: str, when: str, rng: RandomSource | None,
                    details: list[str]) -> None:
        """The system's start/end steps, then RULES §7's (conditions, dying checks)."""
        step.touch(cid)
        outcome = self.rules.resolve_turn(self._creatures[cid], when, rng, self.settings)
        self.rules.commit(self._creatures[cid], outcome)
        steps = list(outcome.steps)
        hook = turns.start_of_turn if when == "start" else turns.end_of_turn
        hook(self.rules, self._creatures[cid], self.settings, rng, steps)
        details.extend(f"{self._creatures[cid].name}: {s}" for s in steps)

    def _expire_immunities(self, step: Step, details: list[str]) -> None:
        for cid, c in self._creatures.items():
            expired = [t for t in c.temp_immunities if t.until_round <= self.round]
            if expired:
                step.touch(cid)
                c.temp_immunities = [t for t in c.temp_immunities if t not in expired]
                details.extend(f"{c.name}: immunity to {t.effect} expires" for t in expired)

    # ------------------------------------------------------------------ initiative (RULES §7)
    def roll_initiative(self, ids: Iterable[str] | None = None,
                        rng: RandomSource | None = None) -> dict[str, int]:
        """Roll d20 + modifier for ``ids`` (None: everyone), as one undo step; ties by RULES §7."""
        self._check_has_initiative()
        chosen = sorted(self._creatures, key=self._seq.__getitem__) if ids is None else \
            list(dict.fromkeys([ids] if isinstance(ids, str) else ids))
        for cid in chosen:
            self.creature(cid)
        if not chosen:
            raise ValueError("no creatures to roll initiative for")
        with self._step("initiative", "") as step:
            step.meta("turn")
            rolled = self._roll_into(step, chosen, rng)
            step.text = "initiative: " + ", ".join(
                f"{self._creatures[c].name} {total}" for c, total in rolled.items())
            self._keep_active(step)
        return rolled

    def _check_has_initiative(self) -> None:
        if not self.rules.has_initiative:
            raise ValueError(f"{self.rules.name} has no initiative: the GM orders the list (move_in_order)")

    def _roll_into(self, step: Step, ids: list[str], rng: RandomSource | None) -> dict[str, int]:
        """Roll for ``ids`` inside ``step``, break the ties; the rolls and ties go in its details."""
        rolled = turns.roll_initiative(ids, self._creatures, rng)
        step.details += tuple(turns.roll_text(self._creatures[c], d20, total)
                              for c, (d20, total) in rolled.items())
        for cid, (_, total) in rolled.items():
            step.touch(cid)
            self._initiative[cid] = total
        self._order = None
        step.details += tuple(self._break_ties(step, {t for _, t in rolled.values()}))
        return {cid: total for cid, (_, total) in rolled.items()}

    def _break_ties(self, step: Step, values: set[int]) -> list[str]:
        """Place tied creatures by the system's tie rule (RULES §7); the log's words."""
        lines = []
        for value in sorted(values, reverse=True):
            group = [c for c in self._creatures if self._initiative[c] == value]
            if len(group) < 2:
                continue
            group.sort(key=self._tie_key)
            self._place(step, group)
            lines.append(self._tie_line(value, group))
        return lines

    def _tie_key(self, cid: str) -> tuple[int, ...]:
        return turns.tie_key(self.rules, self._creatures[cid], self._seq[cid])

    def _tie_line(self, value: int, group: list[str]) -> str:
        """``tie at 15: Orc, Sage, Hero (adversaries before player characters, …)``."""
        return (f"tie at {value}: " + ", ".join(self._creatures[c].name for c in group)
                + f" ({turns.tie_words(self.rules)})")

    def _sort_in(self, step: Step, ids: list[str]) -> tuple[str, ...]:
        """Place typed initiatives among their equals by the tie rule, as a roll would be
        (RULES §7, issue 18); the log's tie lines. Daggerheart keeps the GM's order."""
        if not self.rules.has_initiative:
            return ()
        lines: dict[int, str] = {}
        for cid in ids:
            value = self._initiative[cid]
            group = [c for c in self.order if c != cid and self._initiative[c] == value]
            if not group:
                continue
            place = next((i for i, c in enumerate(group) if self._tie_key(cid) < self._tie_key(c)),
                         len(group))
            group.insert(place, cid)
            self._place(step, group)
            if place < len(group) - 1:   # the rule put it before someone: the log says why
                lines[value] = self._tie_line(value, group)
        return tuple(lines.values())

    def _place(self, step: Step, group: list[str]) -> None:
        """Give creatures of one initiative their places in this order."""
        for place, cid in enumerate(group):
            if self._tie.get(cid, 0) != place:
                step.touch(cid)
                self._tie[cid] = place
        self._order = None

    def set_initiative(self, cid: str, value: int) -> Event:
        """A new initiative (delay, ready): after others with the same value, whatever the tie rule.

        Decision (issue 18): a delay or ready is the creature choosing to act after those
        already there, so the tie rule of a typed or rolled initiative does not apply.
        """
        creature = self.creature(cid)
        check_initiative(value)
        with self._step("initiative", f"{creature.name}: initiative {self._initiative[cid]} → {value}") as step:
            step.meta("turn")
            step.touch(cid)
            self._initiative[cid] = value
            self._tie[cid] = self._last_tie(cid)
            self._order = None
            self._keep_active(step)
        return self._recorded()

    def move_in_order(self, cid: str, places: int) -> Event:
        """Move a creature up (negative) or down the order; it takes its new neighbour's initiative.

        Daggerheart's way to order the spotlight list; delay and ready elsewhere.
        """
        creature = self.creature(cid)
        if isinstance(places, bool) or not isinstance(places, int) or not places:
            raise ValueError(f"places to move is a whole number other than 0, not {places!r}")
        order = self.order
        old = order.index(cid)
        new = max(0, min(len(order) - 1, old + places))
        if new == old:
            raise ValueError(f"{creature.name} is already {'first' if places < 0 else 'last'}")
        neighbour = order[new]
        order.remove(cid)
        order.insert(new, cid)
        value = self._initiative[neighbour]
        with self._step("initiative", f"{creature.name} moves {'up' if places < 0 else 'down'} "
                                      f"to place {new + 1}") as step:
            step.meta("turn")
            step.touch(cid)
            self._initiative[cid] = value
            self._place(step, [c for c in order if self._initiative[c] == value])
            self._keep_active(step)
        return self._recorded()

    # ------------------------------------------------------------------ conditions (RULES §7)
    def conditions_of(self, cid: str) -> dict[str, int | None]:
        """Every condition with its value or None: dying, wounded, doomed, statuses, the GM's."""
        return conditions.conditions_of(self.creature(cid), self.system)

    def add_condition(self, cid: str, name: str, value: int | None = None,
                      duration: int | str | None = None) -> Event:
        """Give a creature a condition with an optional value and duration (one undo step)."""
        name = conditions.condition_name(name)
        if name in conditions.TRACK_VALUED:
            if duration is not None:
                raise ValueError(f"{name} has no duration: it ends by its own rules")
            return self.set_condition(cid, name, 1 if value is None else value)
        creature = self.creature(cid)
        new = creature.clone()
        steps = [conditions.add(new, name, value, duration)]
        steps += self._drained(creature, new)
        self.rules.recheck_dying(new, steps)        # doomed can kill a dying creature
        return self._replace(cid, "condition", f"{creature.name}: " + "; ".join(steps), new)

    def remove_condition(self, cid: str, name: str) -> Event:
        """Remove a condition (its value and duration with it)."""
        name = conditions.condition_name(name)
        creature = self.creature(cid)
        new = creature.clone()
        conditions.remove(new, name)
        steps = [f"no longer {name}", *self._drained(creature, new)]
        return self._replace(cid, "condition", f"{creature.name}: " + "; ".join(steps), new)

    def set_condition(self, cid: str, name: str, value: int) -> Event:
        """Set a condition's value by hand (0 removes it): dying, wounded, doomed, frightened…"""
        name = conditions.condition_name(name)
        creature = self.creature(cid)
        new = creature.clone()
        steps = [conditions.set_value(new, name, value, self.system)]
        steps += self._drained(creature, new)
        self.rules.recheck_dying(new, steps)
        return self._replace(cid, "condition", f"{creature.name}: " + "; ".join(steps), new)

    def _drained(self, creature: Creature, new: Creature) -> list[str]:
        """Drained takes (or gives back) HP and max HP (RULES §9); the status follows."""
        steps = table_numbers.drained_hp(creature, new, self.system)
        return steps + self.rules.settle_status(new, creature) if steps else steps

    # ------------------------------------------------------------------ the table's numbers (RULES §9)
    def numbers_of(self, cid: str) -> table_numbers.Numbers:
        """The creature's numbers after its conditions, each saying why (``.text("ac")``)."""
        return table_numbers.numbers_of(self.creature(cid), self.system)

    def attack(self, actor_id: str, target_id: str, attack: int | str = 0, map: int | None = None,
               rng: RandomSource | None = None) -> table_numbers.AttackResult:
        """Roll the actor's attack (index or label) against the target's AC, Evasion or
        Difficulty after conditions. ``map`` (PF2 family): None = the step the actor's attacks
        this turn give, 0/1/2 to set it. Not a change (no undo step); it counts toward the MAP."""
        actor, target = self.creature(actor_id), self.creature(target_id)
        chosen = table_numbers.choose_attack(actor, attack)
        step = self.map_step(actor_id) if map is None else map
        result = table_numbers.roll_attack(self.system, self.rules, actor, target, chosen, step, rng,
                                           (actor_id, target_id))
        turn = (self.round, self.turn)
        counts = self._strikes[1] if self._strikes[0] == turn else {}
        self._strikes = (turn, {**counts, actor_id: step + 1})
        return result

    def map_step(self, actor_id: str) -> int:
        """The MAP step of the actor's next attack this turn: 0, 1 (second) or 2 (third and later)."""
        turn, counts = self._strikes
        return min(2, counts.get(actor_id, 0)) if turn == (self.round, self.turn) else 0

    def roll_saves(self, ids: Iterable[str], save: str = "ref", dc: int = 20,
                   rng: RandomSource | None = None) -> table_numbers.SaveRolls:
        """Roll each target's save (its own, after conditions) against one DC: ``{id: degree}``
        for ``apply_damage(saves=...)``, each roll in ``.rolls``. Not a change."""
        key = table_numbers.save_key(save)
        if isinstance(dc, bool) or not isinstance(dc, int) or not 0 <= dc <= 999:
            raise ValueError(f"a DC is a whole number from 0 to 999, not {dc!r}")
        targets = {cid: self.creature(cid) for cid in dict.fromkeys(ids)}
        return table_numbers.SaveRolls({cid: table_numbers.roll_save(c, self.system, key, dc, rng)
                                        for cid, c in targets.items()})

    def mark_hope(self, cid: str, amount: int = 1) -> int:
        """A Daggerheart PC marks Hope (at most 6; past 6 keeps 6): one undo step."""
        return self._hope(cid, amount, +1)

    def spend_hope(self, cid: str, amount: int = 1) -> int:
        """A Daggerheart PC spends Hope (more than it has is refused): one undo step."""
        return self._hope(cid, amount, -1)

    def _hope(self, cid: str, amount: int, sign: int) -> int:
        if self.system != "daggerheart":
            raise ValueError(f"Hope is Daggerheart's, not {self.rules.name}'s")
        creature = self.creature(cid)
        after, text = table_numbers.hope_after(creature, amount, sign)
        new = creature.clone()
        new.hope = after
        self._replace(cid, "hope", text, new)
        return after

    def add_condition_many(self, ids: Iterable[str], name: str, value: int | None = None,
                           duration: int | str | None = None) -> Event:
        """Give each creature a condition, as one undo step: all or nothing (issue 18)."""
        ids = self._known(ids)
        shown = conditions.condition_name(name) + (f" {value}" if value else "")
        with self.one_step(f"{shown} → {len(ids)} creatures"):
            for cid in ids:
                self.add_condition(cid, name, value, duration)
        return self._recorded()

    def remove_condition_many(self, ids: Iterable[str], name: str) -> Event:
        """Take a condition from each creature that has it, as one undo step; ValueError
        when none of them has it."""
        name = conditions.condition_name(name)
        having = [c for c in self._known(ids)
                  if name.casefold() in {n.casefold() for n in self.conditions_of(c)}]
        if not having:
            raise ValueError(f"no one there is {name}")
        with self.one_step(f"no longer {name} → {len(having)} creatures"):
            for cid in having:
                self.remove_condition(cid, name)
        return self._recorded()

    def _known(self, ids: Iterable[str]) -> list[str]:
        """``ids`` once each, every one in the encounter (KeyError naming one that is not)."""
        ids = list(dict.fromkeys([ids] if isinstance(ids, str) else ids))
        for cid in ids:
            self.creature(cid)
        if not ids:
            raise ValueError("no creatures chosen")
        return ids

    def _replace(self, cid: str, kind: str, text: str, new: Creature, details: tuple[str, ...] = ()) -> Event:
        with self._step(kind, text, details) as step:
            step.touch(cid)
            self._creatures[cid] = new
        return self._recorded()

    # ------------------------------------------------------------------ dying checks (RULES §7)
    def pending_dying_checks(self) -> list[str]:
        """Ids of creatures whose dying check waits for the GM's roll."""
        return [c for c in self.order if self._creatures[c].recovery_check == "pending"]

    def dying_check(self, cid: str, roll: int | None = None, rng: RandomSource | None = None) -> str:
        """Make (or record the GM's roll for) a creature's dying check; returns it in words."""
        creature = self.creature(cid)
        if not self.rules.needs_dying_check(creature):
            raise ValueError(f"{creature.name} is not making dying checks")
        new = creature.clone()
        steps: list[str] = []
        turns.dying_check(self.rules, new, {}, rng, roll, steps)
        self._replace(cid, "dying-check", f"{creature.name}: {new.recovery_check}", new, tuple(steps))
        return new.recovery_check

    # ------------------------------------------------------------------ Daggerheart (RULES §7)
    def mark_stress(self, cid: str, amount: int = 1) -> Outcome:
        """Mark Stress; what does not fit marks 1 HP, the last slot makes it Vulnerable."""
        creature = self.creature(cid)
        outcome = self.rules.resolve_stress(creature, amount)
        with self._step("stress", f"{creature.name}: {outcome.summary}", outcome.steps) as step:
            step.touch(cid)
            self.rules.commit(creature, outcome)
        return outcome

    def mark_stress_many(self, ids: Iterable[str], amount: int = 1) -> dict[str, Outcome]:
        """Mark Stress on each creature as one undo step, like :meth:`mark_stress` (issue 18)."""
        ids = self._known(ids)
        if len(ids) == 1:
            return {ids[0]: self.mark_stress(ids[0], amount)}   # the log's words for one
        outcomes = {cid: self.rules.resolve_stress(self._creatures[cid], amount) for cid in ids}
        return self._commit_many(f"mark {amount} Stress", outcomes, "stress")

    def clear_stress_many(self, ids: Iterable[str], amount: int = 1) -> dict[str, Outcome]:
        """Clear Stress on each creature as one undo step, like :meth:`clear_stress`."""
        if self.system != "daggerheart":
            raise ValueError(f"{self.rules.name} has no Stress")
        ids = self._known(ids)
        if len(ids) == 1:
            return {ids[0]: self.clear_stress(ids[0], amount)}
        return self.heal_many(ids, amount, "stress")

    def clear_stress(self, cid: str, amount: int = 1) -> Outcome:
        """Clear Stress (ends the Vulnerable that marking the last one gave)."""
        if self.system != "daggerheart":
            raise ValueError(f"{self.rules.name} has no Stress")
        creature = self.creature(cid)
        outcome = self.rules.resolve_heal(creature, amount, "stress")
        with self._step("stress", f"{creature.name}: " + "; ".join(outcome.steps),
                        outcome.steps) as step:
            step.touch(cid)
            self.rules.commit(creature, outcome)
        return outcome

    def gain_fear(self, amount: int = 1) -> int:
        """The GM gains Fear (the pool holds at most 12); returns the pool."""
        return self._fear(amount, +1)

    def spend_fear(self, amount: int = 1) -> int:
        """The GM spends Fear; ValueError when there is not enough."""
        return self._fear(amount, -1)

    def _fear(self, amount: int, sign: int) -> int:
        if self.system != "daggerheart":
            raise ValueError(f"Fear is Daggerheart's, not {self.rules.name}'s")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise ValueError(f"Fear changes by a whole number of 1 or more, not {amount!r}")
        if sign < 0 and amount > self.fear:
            raise ValueError(f"only {self.fear} Fear to spend")
        before = self.fear
        after = min(FEAR_MAX, before + sign * amount)
        full = f" (the pool holds {FEAR_MAX})" if before + amount > FEAR_MAX and sign > 0 else ""
        verb = "gains" if sign > 0 else "spends"
        with self._step("fear", f"the GM {verb} {amount} Fear: {before} → {after}{full}") as step:
            step.meta("fear")
            self.fear = after
        return after

    # ------------------------------------------------------------------ the next fight
    def next_encounter(self, name: str) -> Encounter:
        """A new encounter with the player characters as they are now; this one is unchanged."""
        enc = Encounter(self.system, name, self.settings)
        enc.fear = self.fear  # the GM's Fear outlasts a scene
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

    # ------------------------------------------------------------------ ledger
    @property
    def log(self) -> list[Event]:
        """Every applied event, oldest first."""
        return list(self._ledger.done)

    @property
    def revision(self) -> int:
        """Counts changes, undo and redo included (a save notes the one it wrote)."""
        return self._ledger.revision

    @property
    def can_undo(self) -> bool:
        """True when there is an event to undo."""
        return bool(self._ledger.done)

    @property
    def can_redo(self) -> bool:
        """True when there is an undone event to redo."""
        return bool(self._ledger.undone)

    def undo(self) -> Event | None:
        """Undo the last event; returns it (None when there is nothing to undo)."""
        return self._ledger.undo(self)

    def redo(self) -> Event | None:
        """Redo the last undone event; returns it (None when there is nothing to redo)."""
        return self._ledger.redo(self)

    @contextmanager
    def one_step(self, short: str) -> Iterator[None]:
        """Record the calls made inside as one change: one undo step, all or nothing (issue 18).

        The event's text is each call's own words, ``; ``-joined; ``short`` is what a notice
        says of it. Whatever fails inside puts back all the calls before it; nothing done
        inside is a ValueError. Inside another ``one_step`` it is part of that one.
        """
        if self._batch is not None:
            yield
            return
        with self._step("", short) as whole:
            self._batch = whole
            try:
                yield
            finally:
                self._batch = None
            if not whole.parts:
                raise ValueError("nothing to do")
            whole.kind = whole.parts[0].kind
            whole.text = "; ".join(part.text for part in whole.parts)
            whole.details = tuple(d for part in whole.parts for d in part.details)
            whole.short = short if len(whole.parts) > 1 else whole.parts[0].short

    def _step(self, kind: str, text: str, details: tuple[str, ...] = (), short: str = "",
              actor: str = "") -> Step:
        if self._batch is not None:
            return Part(self._batch, kind, text, details, short, actor)
        return Step(self, self._ledger, kind, text, details, short, actor)

    def _recorded(self) -> Event:
        """The event just recorded (inside :meth:`one_step`: the words of the call just made)."""
        return self._batch.parts[-1] if self._batch is not None else self._ledger.done[-1]

    # what the ledger reads and restores (core.ledger.Roster)
    def _has(self, cid: str) -> bool:
        return cid in self._creatures

    def _name(self, cid: str) -> str:
        return self._creatures[cid].name

    def _state(self, cid: str) -> dict[str, Any]:
        state = self._creatures[cid].to_state()
        state["initiative"] = self._initiative[cid]
        state["seq"] = self._seq[cid]
        if self._tie.get(cid):
            state["tie"] = self._tie[cid]
        return state

    def _restore(self, cid: str, state: dict[str, Any] | None) -> None:
        if state is None:
            self._drop(cid)
            return
        initiative = state.pop("initiative", 0)
        seq = state.pop("seq", 0)
        tie = state.pop("tie", 0)
        self._insert(cid, Creature.from_state(state, f"creatures.{cid}"), initiative, seq, tie)

    def _drop(self, cid: str) -> None:
        self._creatures.pop(cid, None)
        self._initiative.pop(cid, None)
        self._seq.pop(cid, None)
        self._tie.pop(cid, None)
        self._order = None

    def _meta(self, key: str) -> Any:
        return getattr(self, "_next_id" if key == "next_id" else key)

    def _set_meta(self, key: str, value: Any) -> None:
        setattr(self, "_next_id" if key == "next_id" else key, value)
        self._order = None

    # ------------------------------------------------------------------ data
    def to_data(self) -> dict[str, Any]:
        """The whole encounter, ledger included, as plain TOML-ready data."""
        return encounter_data.to_data(self)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Encounter:
        """Rebuild an encounter from :meth:`to_data`; StateError names a missing or bad field."""
        return encounter_data.from_data(cls, data)


def has_temp_hp(rules: Any) -> bool:
    """Whether the system's creatures have temporary HP (pf2e, sf2e, d20-3e)."""
    return any(stat.name == "temp_hp" for stat in rules.stat_fields)


def resolve_temp_hp(rules: Any, creature: Creature, amount: int) -> Outcome:
    """What giving ``amount`` temporary HP would do, without touching the creature.

    Decision (the sources are silent): temporary HP do not stack — the creature keeps the
    higher of what it has and the new amount (PF2 lets the creature choose; the higher is
    what a GM chooses). A dead creature gains none.
    """
    if not has_temp_hp(rules):
        raise ValueError(f"{rules.name} creatures have no temporary HP")
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount <= MAX_TRACK:
        raise ValueError(f"temporary HP is a whole number from 1 to {MAX_TRACK:,}, not {amount!r}")
    work = creature.clone()
    steps = Breakdown()
    if "dead" in work.conditions:
        steps.add("track", "dead: temporary HP have no effect")
    elif amount > work.temp_hp:
        steps.add("track", f"temp HP {work.temp_hp} → {amount}")
        work.temp_hp = amount
    else:
        steps.add("track", f"temp HP {work.temp_hp} kept: temporary HP do not stack, the higher stays")
    outcome: Outcome = rules._outcome(creature, work, amount, steps, summary=rules.track_text(work))
    return outcome
