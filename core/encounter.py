"""An encounter: roster, initiative, rounds and turns, and a ledger with undo and redo.

Every public call that changes anything is one ledger event. An event keeps only what
that call changed — for each affected creature the fields before and after — so memory
and save size grow with the number of events, not with events × roster size.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from core import conditions, turns
from core.capabilities import ENCOUNTER_OPTIONS, OLD_VALUES, check_settings
from core.dice import RandomSource
from core.errors import StateError
from core.model import Creature, Outcome, Roll, TemporaryImmunity
from core.systems import SYSTEM_IDS, get_system
from core.systems.base import MAX_TRACK

# Every setting is declared once in core.capabilities: its values, default and GM's words.
DEFAULT_SETTINGS: dict[str, Any] = {s.key: s.default for s in ENCOUNTER_OPTIONS}
ENCOUNTER_SETTINGS: dict[str, tuple[Any, ...]] = {s.key: s.values for s in ENCOUNTER_OPTIONS}
OLD_SETTING_WORDS = OLD_VALUES   # as saves before issue 7 wrote them
# A setting as the log says it: the GM's words, never ``key = value``.
SETTING_WORDS = {(s.key, c.value): c.log for s in ENCOUNTER_OPTIONS for c in s.choices}
FEAR_MAX = 12                   # Daggerheart: the GM's Fear pool holds 0-12 (RULES §7)
DETAILS_KEPT = 200              # saved breakdown lines: the most recent events only
_UNSET = "\u2205unset"          # a field absent on one side of a change (TOML has no null)


@dataclass(frozen=True, slots=True)
class Change:
    """One creature's part of an event: changed fields before and after (None = absent)."""

    id: str
    before: Mapping[str, Any] | None
    after: Mapping[str, Any] | None

    def to_data(self) -> dict[str, Any]:
        """TOML-ready data."""
        out: dict[str, Any] = {"id": self.id}
        if self.before is not None:
            out["before"] = dict(self.before)
        if self.after is not None:
            out["after"] = dict(self.after)
        return out


@dataclass(frozen=True, slots=True)
class Event:
    """One ledger entry: what a call did, in words, and what it changed."""

    text: str
    round: int
    kind: str
    details: tuple[str, ...] = ()
    changes: tuple[Change, ...] = ()
    meta_before: Mapping[str, Any] = field(default_factory=dict)
    meta_after: Mapping[str, Any] = field(default_factory=dict)
    actor: str = ""             # whose turn it was (the log export's actor)

    @property
    def changed_ids(self) -> frozenset[str]:
        """Ids of the creatures this event touched."""
        return frozenset(c.id for c in self.changes)

    def to_data(self, details: bool = True) -> dict[str, Any]:
        """TOML-ready data."""
        out: dict[str, Any] = {"text": self.text, "round": self.round, "kind": self.kind}
        if details and self.details:
            out["details"] = list(self.details)
        if self.changes:
            out["changes"] = [c.to_data() for c in self.changes]
        if self.meta_before or self.meta_after:
            out["meta_before"] = dict(self.meta_before)
            out["meta_after"] = dict(self.meta_after)
        if self.actor:
            out["actor"] = self.actor
        return out

    @classmethod
    def from_data(cls, data: Any, where: str) -> Event:
        """Rebuild from :meth:`to_data`; StateError names a bad field."""
        if not isinstance(data, Mapping):
            raise StateError(where, "expected a table")
        changes = []
        for i, ch in enumerate(_typed(data, "changes", list, where, [])):
            w = f"{where}.changes[{i}]"
            if not isinstance(ch, Mapping):
                raise StateError(w, "expected a table")
            changes.append(Change(_typed(ch, "id", str, w), _typed(ch, "before", dict, w, None),
                                  _typed(ch, "after", dict, w, None)))
        return cls(
            text=_typed(data, "text", str, where), round=_typed(data, "round", int, where),
            kind=_typed(data, "kind", str, where, "event"),
            details=tuple(_typed(data, "details", list, where, [])), changes=tuple(changes),
            meta_before=_typed(data, "meta_before", dict, where, {}),
            meta_after=_typed(data, "meta_after", dict, where, {}),
            actor=_typed(data, "actor", str, where, ""),
        )


@dataclass(frozen=True, slots=True)
class DamagePreview:
    """A damage roll resolved against each target, not yet applied."""

    damage: tuple[str, ...]
    roll: Roll
    outcomes: Mapping[str, Outcome]
    options: Mapping[str, Any]


_MISSING = object()


def _typed(data: Mapping[str, Any], key: str, kind: type, where: str, default: Any = _MISSING) -> Any:
    field_name = f"{where}.{key}" if where else key
    if key not in data:
        if default is _MISSING:
            raise StateError(field_name, "missing")
        return default
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = {int: "a whole number", str: "text", list: "a list", dict: "a table", bool: "true or false"}
        raise StateError(field_name, f"expected {names.get(kind, kind.__name__)}, "
                                     f"found {type(value).__name__}")
    return value


def _encounter_settings(settings: Mapping[str, Any] | None) -> dict[str, Any]:
    """Checked encounter settings (ValueError for an unknown key or value); old words updated."""
    settings = dict(settings or {})
    for (key, old), new in OLD_SETTING_WORDS.items():
        if settings.get(key) == old:
            settings[key] = new
    return check_settings(settings, ENCOUNTER_OPTIONS)


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
        self._done: list[Event] = []
        self._undone: list[Event] = []
        self.revision = 0

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

    def add(self, creature: Creature, initiative: int = 0) -> str:
        """Add a creature; returns its id."""
        if not isinstance(creature, Creature):
            raise TypeError("add() takes a Creature from rules.new_creature()")
        if isinstance(initiative, bool) or not isinstance(initiative, int):
            raise ValueError(f"initiative must be a whole number, not {initiative!r}")
        cid = f"c{self._next_id}"
        with self._step("add", f"{creature.name} joins (initiative {initiative})") as step:
            step.meta("next_id", "turn")
            step.touch(cid)
            self._next_id += 1
            self._insert(cid, creature.clone(), initiative, self._next_id - 1)
            self._keep_active(step)
        return cid

    def add_many(self, creatures: Sequence[Creature], initiative: int = 0) -> list[str]:
        """Add several creatures in one undo step ("Goblin 1…3")."""
        ids = []
        names = ", ".join(c.name for c in creatures)
        verb = "joins" if len(creatures) == 1 else "join"
        with self._step("add", f"{names} {verb} (initiative {initiative})") as step:
            step.meta("next_id", "turn")
            for creature in creatures:
                cid = f"c{self._next_id}"
                step.touch(cid)
                self._next_id += 1
                self._insert(cid, creature.clone(), initiative, self._next_id - 1)
                ids.append(cid)
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

    def _keep_active(self, step: _Step) -> None:
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
            del self._creatures[cid], self._initiative[cid], self._seq[cid], self._tie[cid]
            self._order = None
            active = step.active_before
            if active == cid:
                # the removed creature's turn ends: the next in the order is up, the one
                # who acted before it never twice (past the end, the top of a new round)
                if self.turn >= len(self._creatures):
                    self.turn = 0
                    self.round += 1 if self._creatures else 0
            else:
                self._keep_active(step)
        return self._done[-1]

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
                del self._creatures[cid], self._initiative[cid], self._seq[cid]
            self._order = None
            active = step.active_before
            if active in cids:
                later = [c for c in old_order[old_order.index(active) + 1 :] if c not in cids]
                self.turn = self.order.index(later[0]) if later else max(0, len(self.order) - 1)
            else:
                self._keep_active(step)
        return self._done[-1]

    def update(self, cid: str, **fields: Any) -> Creature:
        """Edit a creature: name, pc, defenses, traits, initiative or a stat field."""
        creature = self.creature(cid)
        rules = self.rules
        new = creature.clone()
        stats = {}
        current: dict[str, int] = {}
        initiative = fields.pop("initiative", None)
        for key, value in fields.items():
            if key == "name":
                if not isinstance(value, str) or not value.strip():
                    raise ValueError("a creature needs a name")
                new.name = value.strip()
            elif key == "pc":
                new.pc = bool(value)
            elif key == "init_mod":
                if isinstance(value, bool) or not isinstance(value, int):
                    raise ValueError(f"init_mod must be a whole number, not {value!r}")
                new.init_mod = value
            elif key == "defenses":
                rules.parse_defenses(value)
                new.defenses = value
            elif key == "traits":
                words = value.replace(",", " ").split() if isinstance(value, str) else list(value)
                new.traits = frozenset(w.lower() for w in words) or frozenset({"living"})
            elif key in {f.name for f in rules.stat_fields}:
                rules.check_stat(key, value)
                stats[key] = value
            elif key.startswith("now_") and key[4:] in self.ADJUSTABLE:
                current[key[4:]] = value  # a track's current value, set after the maximum
            else:
                raise ValueError(f"cannot edit {key!r}")
        if stats:
            rules._set_stats(new, stats, editing=True)
        for key, value in current.items():
            self._check_track(new, key, value)
            setattr(new, key, value)
        if initiative is not None and (isinstance(initiative, bool) or not isinstance(initiative, int)):
            raise ValueError(f"initiative must be a whole number, not {initiative!r}")
        with self._step("edit", f"{creature.name} edited") as step:
            step.meta("turn")
            step.touch(cid)
            self._creatures[cid] = new
            if initiative is not None and initiative != self._initiative[cid]:
                self._initiative[cid] = initiative
                self._tie[cid] = self._last_tie(cid)
                self._order = None
                self._keep_active(step)
        return new

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

    def rename(self, name: str) -> Event:
        """Rename the encounter."""
        if not isinstance(name, str) or not name.strip():
            raise ValueError("an encounter needs a name")
        with self._step("rename", f"encounter renamed to {name.strip()}") as step:
            step.meta("name")
            self.name = name.strip()
        return self._done[-1]

    def set_setting(self, key: str, value: Any) -> Event:
        """Change one encounter setting (crit_mode, flat_checks, massive_damage)."""
        value = _encounter_settings({key: value})[key]
        with self._step("setting", SETTING_WORDS[key, value]) as step:
            step.meta("settings")
            self.settings = {**self.settings, key: value}
        return self._done[-1]

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
        names = []
        details: list[str] = []
        saves = preview.options.get("saves") or {}
        for cid, outcome in preview.outcomes.items():
            # each target's save is named, so the log alone tells the fight (issue 9, item 17)
            save = f" ({saves[cid]})" if saves.get(cid) else ""
            names.append(f"{self._creatures[cid].name}{save} {outcome.summary}")
            if saves.get(cid):
                details.append(f"{self._creatures[cid].name}: save {saves[cid]}")  # for the log export
            details.extend(f"{self._creatures[cid].name}: {s}" for s in outcome.steps)
        crit = preview.options.get("critical")
        how = "" if not crit else (" critical" if crit is True or crit == 2 else f" critical ×{crit}")
        if preview.options.get("nonlethal"):
            how += " nonlethal"
        if preview.options.get("direct"):
            how += " direct"
        text = f"{' + '.join(preview.damage)}{how} → " + "; ".join(names)
        if preview.options.get("attack"):
            text = f"{preview.options['attack']}; {text}"
        actor = preview.options.get("actor")
        if actor is not None and actor in self._creatures:
            text = f"{self._creatures[actor].name}: {text}"
        with self._step("damage", text, tuple(details)) as step:
            for cid, outcome in preview.outcomes.items():
                step.touch(cid)
                self.rules.commit(self._creatures[cid], outcome)
        return dict(preview.outcomes)

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
        what = f" {track}" if track else ""
        rolled = f" ({how})" if how else ""
        names = "; ".join(f"{self._creatures[cid].name} {o.summary}" for cid, o in outcomes.items())
        details = tuple(f"{self._creatures[cid].name}: {s}"
                        for cid, o in outcomes.items() for s in o.steps)
        with self._step("heal", f"healed {amount}{what}{rolled} → {names}", details) as step:
            for cid, outcome in outcomes.items():
                step.touch(cid)
                self.rules.commit(self._creatures[cid], outcome)
        return outcomes

    # ------------------------------------------------------------------ persistent damage
    def add_persistent(self, cid: str, text: str, critical: bool = False,
                       save: str | None = None) -> Outcome:
        """Give a creature a persistent damage condition."""
        creature = self.creature(cid)
        outcome = self.rules.resolve_persistent(creature, text, critical, save, self.settings)  # type: ignore[attr-defined]
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
        return self._done[-1]

    def tick_persistent(self, cid: str, index: int, rng: RandomSource | None = None) -> Outcome:
        """Roll one persistent condition's damage now."""
        creature = self.creature(cid)
        cond = creature.persistent[index]
        work = creature.clone()
        outcome = self.rules.tick(work, index, rng, self.settings)  # type: ignore[attr-defined]
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
        outcome = self.rules.flat_check(work, index, roll, rng)  # type: ignore[attr-defined]
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
                outcome = self.rules.flat_check(work, index, given, rng)  # type: ignore[attr-defined]
                self.rules.commit(creature, outcome)
                lines.extend(f"{creature.name}: {s}" for s in outcome.steps)
            step.details = tuple(lines)
        return lines

    def add_temp_immunity(self, cid: str, effect: str, rounds: int) -> Event:
        """Immune to ``effect`` for ``rounds`` rounds (expires by itself)."""
        creature = self.creature(cid)
        if not effect.strip() or rounds < 1:
            raise ValueError("a temporary immunity needs an effect and at least 1 round")
        with self._step("immunity", f"{creature.name}: immune to {effect} for {rounds} round(s)") as step:
            step.touch(cid)
            new = creature.clone()
            new.temp_immunities.append(TemporaryImmunity(effect.strip(), self.round + rounds))
            self._creatures[cid] = new
        return self._done[-1]

    def remove_temp_immunity(self, cid: str, index: int) -> Event:
        """End a temporary immunity early."""
        creature = self.creature(cid)
        gone = creature.temp_immunities[index]
        with self._step("immunity", f"{creature.name}: immunity to {gone.effect} removed") as step:
            step.touch(cid)
            new = creature.clone()
            new.temp_immunities.pop(index)
            self._creatures[cid] = new
        return self._done[-1]

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
        return self._done[-1]

    def _turn_steps(self, step: _Step, cid: str, when: str, rng: RandomSource | None,
                    details: list[str]) -> None:
        """The system's start/end steps, then RULES §7's (conditions, dying checks)."""
        step.touch(cid)
        outcome = self.rules.resolve_turn(self._creatures[cid], when, rng, self.settings)
        self.rules.commit(self._creatures[cid], outcome)
        steps = list(outcome.steps)
        hook = turns.start_of_turn if when == "start" else turns.end_of_turn
        hook(self.rules, self._creatures[cid], self.settings, rng, steps)
        details.extend(f"{self._creatures[cid].name}: {s}" for s in steps)

    def _expire_immunities(self, step: _Step, details: list[str]) -> None:
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
        if not self.rules.has_initiative:
            raise ValueError(f"{self.rules.name} has no initiative: the GM orders the list (move_in_order)")
        chosen = sorted(self._creatures, key=self._seq.__getitem__) if ids is None else \
            list(dict.fromkeys([ids] if isinstance(ids, str) else ids))
        for cid in chosen:
            self.creature(cid)
        if not chosen:
            raise ValueError("no creatures to roll initiative for")
        rolled = turns.roll_initiative(chosen, self._creatures, rng)
        lines = [turns.roll_text(self._creatures[c], d20, total) for c, (d20, total) in rolled.items()]
        with self._step("initiative", "initiative: " + ", ".join(
                f"{self._creatures[c].name} {t}" for c, (_, t) in rolled.items()), tuple(lines)) as step:
            step.meta("turn")
            for cid, (_, total) in rolled.items():
                step.touch(cid)
                self._initiative[cid] = total
            self._order = None
            step.details += tuple(self._break_ties(step, {t for _, t in rolled.values()}))
            self._keep_active(step)
        return {cid: total for cid, (_, total) in rolled.items()}

    def _break_ties(self, step: _Step, values: set[int]) -> list[str]:
        """Place tied creatures by the system's tie rule (RULES §7); the log's words."""
        lines = []
        for value in sorted(values, reverse=True):
            group = [c for c in self._creatures if self._initiative[c] == value]
            if len(group) < 2:
                continue
            group.sort(key=lambda c: turns.tie_key(self.rules, self._creatures[c], self._seq[c]))
            self._place(step, group)
            lines.append(f"tie at {value}: " + ", ".join(self._creatures[c].name for c in group)
                         + f" ({turns.tie_words(self.rules)})")
        return lines

    def _place(self, step: _Step, group: list[str]) -> None:
        """Give creatures of one initiative their places in this order."""
        for place, cid in enumerate(group):
            if self._tie.get(cid, 0) != place:
                step.touch(cid)
                self._tie[cid] = place
        self._order = None

    def set_initiative(self, cid: str, value: int) -> Event:
        """A new initiative (delay, ready, a late arrival): after others with the same value."""
        creature = self.creature(cid)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"initiative must be a whole number, not {value!r}")
        with self._step("initiative", f"{creature.name}: initiative {self._initiative[cid]} → {value}") as step:
            step.meta("turn")
            step.touch(cid)
            self._initiative[cid] = value
            self._tie[cid] = self._last_tie(cid)
            self._order = None
            self._keep_active(step)
        return self._done[-1]

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
        return self._done[-1]

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
        self.rules.recheck_dying(new, steps)        # doomed can kill a dying creature
        return self._replace(cid, "condition", f"{creature.name}: " + "; ".join(steps), new)

    def remove_condition(self, cid: str, name: str) -> Event:
        """Remove a condition (its value and duration with it)."""
        name = conditions.condition_name(name)
        creature = self.creature(cid)
        new = creature.clone()
        conditions.remove(new, name)
        return self._replace(cid, "condition", f"{creature.name}: no longer {name}", new)

    def set_condition(self, cid: str, name: str, value: int) -> Event:
        """Set a condition's value by hand (0 removes it): dying, wounded, doomed, frightened…"""
        name = conditions.condition_name(name)
        creature = self.creature(cid)
        new = creature.clone()
        steps = [conditions.set_value(new, name, value, self.system)]
        self.rules.recheck_dying(new, steps)
        return self._replace(cid, "condition", f"{creature.name}: " + "; ".join(steps), new)

    def _replace(self, cid: str, kind: str, text: str, new: Creature, details: tuple[str, ...] = ()) -> Event:
        with self._step(kind, text, details) as step:
            step.touch(cid)
            self._creatures[cid] = new
        return self._done[-1]

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

    def clear_stress(self, cid: str, amount: int = 1) -> Outcome:
        """Clear Stress (ends the Vulnerable that marking the last one gave)."""
        if self.system != "daggerheart":
            raise ValueError(f"{self.rules.name} has no Stress")
        return self.heal(cid, amount, "stress")

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
        return list(self._done)

    @property
    def can_undo(self) -> bool:
        """True when there is an event to undo."""
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        """True when there is an undone event to redo."""
        return bool(self._undone)

    def undo(self) -> Event | None:
        """Undo the last event; returns it (None when there is nothing to undo)."""
        if not self._done:
            return None
        event = self._done.pop()
        self._apply(event, forward=False)
        self._undone.append(event)
        self.revision += 1
        return event

    def redo(self) -> Event | None:
        """Redo the last undone event; returns it (None when there is nothing to redo)."""
        if not self._undone:
            return None
        event = self._undone.pop()
        self._apply(event, forward=True)
        self._done.append(event)
        self.revision += 1
        return event

    def _apply(self, event: Event, forward: bool) -> None:
        changes = event.changes if forward else tuple(reversed(event.changes))
        for change in changes:
            want = change.after if forward else change.before
            have = change.before if forward else change.after
            cid = change.id
            if want is None:
                self._creatures.pop(cid, None)
                self._initiative.pop(cid, None)
                self._seq.pop(cid, None)
                self._tie.pop(cid, None)
            elif have is None:
                self._restore(cid, dict(want))
            else:
                state = self._state(cid)
                for key, value in want.items():
                    if value == _UNSET:
                        state.pop(key, None)
                    else:
                        state[key] = value
                self._restore(cid, state)
        meta = event.meta_after if forward else event.meta_before
        for key, value in meta.items():
            setattr(self, "_next_id" if key == "next_id" else key, dict(value) if key == "settings" else value)
        self._order = None

    def _state(self, cid: str) -> dict[str, Any]:
        state = self._creatures[cid].to_state()
        state["initiative"] = self._initiative[cid]
        state["seq"] = self._seq[cid]
        if self._tie.get(cid):
            state["tie"] = self._tie[cid]
        return state

    def _restore(self, cid: str, state: dict[str, Any]) -> None:
        initiative = state.pop("initiative", 0)
        seq = state.pop("seq", 0)
        tie = state.pop("tie", 0)
        self._insert(cid, Creature.from_state(state, f"creatures.{cid}"), initiative, seq, tie)

    def _step(self, kind: str, text: str, details: tuple[str, ...] = ()) -> _Step:
        return _Step(self, kind, text, details)

    def _record(self, event: Event) -> None:
        self._done.append(event)
        self._undone.clear()
        self.revision += 1

    # ------------------------------------------------------------------ data
    def to_data(self) -> dict[str, Any]:
        """The whole encounter, ledger included, as plain TOML-ready data."""
        creatures = []
        for cid in self.order:
            entry = {"id": cid}
            entry.update(self._state(cid))
            creatures.append(entry)
        keep_from = max(0, len(self._done) - DETAILS_KEPT)
        return {
            "encounter": {"name": self.name, "system": self.system, "round": self.round,
                          "turn": self.turn, "next_id": self._next_id, "creatures": len(creatures),
                          **({"fear": self.fear} if self.fear else {})},
            "settings": dict(self.settings),
            "creatures": creatures,
            "ledger": [e.to_data(details=i >= keep_from) for i, e in enumerate(self._done)],
            "redo": [e.to_data() for e in self._undone],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Encounter:
        """Rebuild an encounter from :meth:`to_data`; StateError names a missing or bad field."""
        if not isinstance(data, Mapping):
            raise StateError("encounter", "expected a table")
        head = _typed(data, "encounter", dict, "")
        system = _typed(head, "system", str, "encounter")
        if system not in SYSTEM_IDS:
            raise StateError("encounter.system", f"unknown system {system!r}; known: {', '.join(SYSTEM_IDS)}")
        enc = cls(system, _typed(head, "name", str, "encounter"), _typed(data, "settings", dict, "", {}))
        enc.round = _typed(head, "round", int, "encounter")
        enc.turn = _typed(head, "turn", int, "encounter", 0)
        enc.fear = _typed(head, "fear", int, "encounter", 0)
        for i, entry in enumerate(_typed(data, "creatures", list, "", [])):
            where = f"creatures[{i}]"
            if not isinstance(entry, Mapping):
                raise StateError(where, "expected a table")
            state = dict(entry)
            cid = _typed(state, "id", str, where)
            state.pop("id")
            initiative = _typed(state, "initiative", int, where, 0)
            seq = _typed(state, "seq", int, where, i)
            tie = _typed(state, "tie", int, where, 0)
            state.pop("initiative", None)
            state.pop("seq", None)
            state.pop("tie", None)
            if cid in enc._creatures:
                raise StateError(f"{where}.id", f"duplicate creature id {cid!r}")
            enc._insert(cid, Creature.from_state(state, where), initiative, seq, tie)
        numbers = [int(c[1:]) for c in enc._creatures if c[1:].isdigit()]
        enc._next_id = max(_typed(head, "next_id", int, "encounter", 1), max(numbers, default=0) + 1)
        enc._done = [Event.from_data(e, f"ledger[{i}]")
                     for i, e in enumerate(_typed(data, "ledger", list, "", []))]
        enc._undone = [Event.from_data(e, f"redo[{i}]")
                       for i, e in enumerate(_typed(data, "redo", list, "", []))]
        if enc._creatures and not 0 <= enc.turn < len(enc._creatures):
            raise StateError("encounter.turn", f"{enc.turn} is outside the roster of {len(enc._creatures)}")
        return enc


class _Step:
    """Records one event: touched creatures' state before and after, and encounter fields."""

    def __init__(self, enc: Encounter, kind: str, text: str, details: tuple[str, ...]) -> None:
        self.enc = enc
        self.kind = kind
        self.text = text
        self.details = details
        self.before: dict[str, dict[str, Any] | None] = {}
        self.meta_keys: tuple[str, ...] = ()
        self.meta_before: dict[str, Any] = {}
        self.active_before = enc.active

    def touch(self, cid: str) -> None:
        """Note a creature about to change (before changing it)."""
        if cid not in self.before:
            self.before[cid] = self.enc._state(cid) if cid in self.enc._creatures else None

    def meta(self, *keys: str) -> None:
        """Note encounter fields about to change."""
        self.meta_keys += keys
        for key in keys:
            value = getattr(self.enc, "_next_id" if key == "next_id" else key)
            self.meta_before[key] = dict(value) if isinstance(value, dict) else value

    def __enter__(self) -> _Step:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        enc = self.enc
        if exc_type is not None:
            # roll back whatever was half done, so a failed call changes nothing
            for cid, state in self.before.items():
                if state is None:
                    enc._creatures.pop(cid, None)
                    enc._initiative.pop(cid, None)
                    enc._seq.pop(cid, None)
                    enc._tie.pop(cid, None)
                else:
                    enc._restore(cid, dict(state))
            for key, value in self.meta_before.items():
                setattr(enc, "_next_id" if key == "next_id" else key, value)
            enc._order = None
            return
        changes = []
        for cid, before in self.before.items():
            after = enc._state(cid) if cid in enc._creatures else None
            if before is None or after is None:
                if before is not after:
                    changes.append(Change(cid, before, after))
                continue
            b, a = {}, {}
            for key in before.keys() | after.keys():
                old, new = before.get(key, _UNSET), after.get(key, _UNSET)
                if old != new:
                    b[key], a[key] = old, new
            if b:
                changes.append(Change(cid, b, a))
        meta_after = {}
        meta_before = {}
        for key in self.meta_keys:
            value = getattr(enc, "_next_id" if key == "next_id" else key)
            if value != self.meta_before[key]:
                meta_before[key] = self.meta_before[key]
                meta_after[key] = dict(value) if isinstance(value, dict) else value
        active = enc.active if self.kind == "turn" else self.active_before
        actor = enc._creatures[active].name if active in enc._creatures else ""
        enc._record(Event(self.text, enc.round, self.kind, tuple(self.details), tuple(changes),
                          meta_before, meta_after, actor))
