"""The PF2 family as one rule system made of its parts, and Pathfinder 2e and Starfinder 2e.

``Pf2Family`` is the only class over ``RuleSystem`` here: a system of the family is an instance
of it holding a policy (core.systems.pf2.policy), a tuple of stages (core.systems.pf2.stages)
and a track (core.systems.pf2.track, .vitality_wounds). Pathfinder 2e and Starfinder 2e differ
by policy; Vitality & Wounds (core.systems.pf2.vitality_wounds) by a stage and its track.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from core.creature.model import Breakdown, Creature, Outcome, PersistentDamage, RolledPart
from core.dice.expression import RandomSource, _default_rng
from core.notation import Damage, Defenses
from core.systems.base import Application, Dealt, RuleSystem
from core.systems.pf2.attack import Hit, part_keys
from core.systems.pf2.dying import is_dying, recheck, recovery_check
from core.systems.pf2.persistent import add_condition, check_condition, run_turn
from core.systems.pf2.policy import Pf2Policy
from core.systems.pf2.stages import PF2_STAGES, Stages, run
from core.systems.pf2.track import HpTrack, Track
from core.text.i18n import N_, clauses, tr


def _pathbuilder(rules: Pf2Family, text: str) -> Creature:
    """A PC at full health from Pathbuilder 2e's JSON export (the bare build or
    ``{"success": true, "build": …}``), read only when pasted (core.systems.pathbuilder); ParseError
    naming a missing or unknown field."""
    from core.systems.pathbuilder import from_pathbuilder

    return from_pathbuilder(rules, text)


class Pf2Family(RuleSystem):
    """A system of the PF2 family: saves, stats, initiative and dying rules it shares, and its
    parts — the policy, the stages every hit runs, the track they end on."""

    save_choices = (None, "critical-success", "success", "failure", "critical-failure")
    has_basic_saves = True
    save_words = N_("basic save")
    initiative_ties = ("adversaries-first", "higher-modifier")  # RULES §7
    dying_check_at = "start"
    kind_words = ("living", "undead", "construct", "bloodless")   # see defenses.harmless
    from_pathbuilder: Callable[[str], Creature]
    """A PC from Pathbuilder 2e's JSON export: set only on the systems Pathbuilder builds
    (the screens and the CLI ask ``hasattr``)."""

    def __init__(self, id: str, name: str, policy: Pf2Policy, *, stages: Stages = PF2_STAGES,
                 track: Track | None = None, pathbuilder: bool = False,
                 rule_options: tuple[str, ...] = ("crit_mode", "flat_checks"),
                 example_name: str = RuleSystem.example_name,
                 example_defenses: str = RuleSystem.example_defenses,
                 example_damage: tuple[str, str] = RuleSystem.example_damage) -> None:
        self.id, self.name = id, name
        self.policy = policy
        self.stages = stages
        self.track: Track = track if track is not None else HpTrack()
        self.persistent_timing = policy.persistent_timing
        self.rule_options = rule_options
        self.example_name, self.example_defenses = example_name, example_defenses
        self.example_damage = example_damage
        # what the add/edit forms, healing and the roster ask: the track's own numbers
        self.stat_fields = self.track.stat_fields
        self.heal_tracks = self.track.heal_tracks
        self.track_width = self.track.track_width
        self.counted_results = self.track.counted_results
        self.current_tracks = self.track.current_tracks
        self.stand_in_tracks = self.track.stand_in_tracks
        if pathbuilder:  # the screens and the CLI ask hasattr(rules, "from_pathbuilder")
            self.from_pathbuilder = self._from_pathbuilder

    def _from_pathbuilder(self, text: str) -> Creature:
        """A PC from Pathbuilder 2e's JSON export (pf2e; sf2e reads the same HP, AC, saves)."""
        return _pathbuilder(self, text)

    # ------------------------------------------------------------------ a hit, stage by stage
    def _critical_part(self, rolled: RolledPart, index: int, mult: int, rng: RandomSource,
                       settings: dict[str, Any]) -> RolledPart:
        part = rolled.part
        if (settings.get("crit_mode") == "roll-twice" and part.amount is not None
                and not part.persistent and not part.on_crit):
            # the dice rolled twice, the modifier counted twice (once in each total)
            again, faces = part.amount.roll_again(rng)  # a table total (2d4=7): the app rolls again
            return RolledPart(part, rolled.value, rolled.faces, rolled.value + again, rolled.faces + faces)
        return rolled

    def _hit(self, work: Creature, parts: tuple[RolledPart, ...], defenses: Defenses,
             steps: Breakdown, crit: bool, twice: bool, save: str | None, nonlethal: bool,
             tick: bool = False, tick_factor: float = 1.0) -> Hit:
        """The work record of one hit under this system's policy, vocabulary and track."""
        return Hit(self.policy, self.vocabulary, self.track, work, parts, defenses, steps, crit,
                   twice, save, nonlethal, tick, tick_factor)

    def _deal(self, work: Creature, defenses: Defenses, applied: Application,
              steps: Breakdown) -> Dealt:
        """Each hit through the system's stages in turn."""
        roll, settings = applied.roll, applied.settings
        dealt = 0
        critical = bool(applied.critical) or bool(roll.critical)
        for index, parts in enumerate(roll.hits):
            if len(roll.hits) > 1:
                steps.add("note", tr("hit {number}: {damage}", number=index + 1,
                                     damage=roll.damage[index]))
            hit = self._hit(work, parts, defenses, steps, crit=critical,
                            twice=critical and settings.get("crit_mode") == "roll-twice",
                            save=applied.save,
                            nonlethal=applied.nonlethal or roll.damage[index].nonlethal)
            dealt += run(self.stages, hit)
        return Dealt(dealt)

    # ------------------------------------------------------------------ persistent damage
    def add_persistent(self, creature: Creature, text: str, critical: bool = False,
                       save: str | None = None, settings: dict[str, Any] | None = None) -> Outcome:
        """Add a persistent condition and commit; ``"1d6 bleed"`` or ``"1d6 persistent bleed"``."""
        outcome = self.resolve_persistent(creature, text, critical, save, settings)
        self.commit(creature, outcome)
        return outcome

    def resolve_persistent(self, creature: Creature, text: str, critical: bool = False,
                           save: str | None = None, settings: dict[str, Any] | None = None) -> Outcome:
        """What adding a persistent condition would do, without touching the creature
        (``settings``: the call shape of the other actions; no setting changes what is added)."""
        self.check_save(save)
        damage = self.parse_damage(text)
        work = creature.clone()
        steps = Breakdown()
        defenses = self.defenses_of(creature)
        crit = bool(critical) and not (defenses.immunities and defenses.special_immunity(
            "critical-hits", [part_keys(self.vocabulary, p) for p in damage.parts]))
        for part in damage.parts:
            if part.amount is None:
                continue
            # added as a condition on purpose: no "deals nothing now" note for bleed
            add_condition(self.policy, self.vocabulary, work, replace(part, implied_persistent=False),
                          defenses, crit, save, steps)
        return self._outcome(creature, work, 0, steps, summary=clauses(steps.lines()))

    def _turn(self, creature: Creature, when: str, rng: RandomSource | None,
              settings: dict[str, Any] | None) -> Outcome:
        work = creature.clone()
        steps = Breakdown()
        if "dead" in work.conditions:
            return self._outcome(creature, work, 0, steps)  # the dead take no turns
        dealt = run_turn(self.policy, work, when, self._tick, rng or _default_rng, steps,
                         settings or {})
        return self._outcome(creature, work, dealt, steps, wounds=self._wounds_taken(creature, work),
                             summary=clauses(steps.lines()))

    def tick(self, creature: Creature, index: int, rng: RandomSource | None = None,
             settings: dict[str, Any] | None = None) -> Outcome:
        """Roll one persistent condition's damage now (no flat check) and commit (``settings``:
        the call shape of the other actions; no setting changes a tick)."""
        work = creature.clone()
        steps = Breakdown()
        dealt = self._tick(work, creature.persistent[index], rng or _default_rng, steps)
        outcome = self._outcome(creature, work, dealt, steps, wounds=self._wounds_taken(creature, work),
                                summary=clauses(steps.lines()))
        self.commit(creature, outcome)
        return outcome

    def _tick(self, work: Creature, cond: PersistentDamage, rng: RandomSource,
              steps: Breakdown) -> int:
        """A condition's damage rolled afresh and dealt now through the same stages as a hit,
        by its stored factor (RULES §2.4)."""
        damage: Damage = self.parse_damage(cond.formula)
        # a tick is the condition's damage dealt now (``1d6 bleed`` parses as persistent)
        damage = replace(damage, parts=tuple(replace(p, persistent=False) for p in damage.parts))
        rolled = self.roll(damage, rng=rng)  # never critical: the settings shape only criticals
        steps.add("note", tr("persistent {condition} ticks", condition=cond.label))
        hit = self._hit(work, rolled.hits[0], self.defenses_of(work), steps, crit=False,
                        twice=False, save=None, nonlethal=False, tick=True, tick_factor=cond.factor)
        return run(self.stages, hit)

    def flat_check(self, creature: Creature, index: int, roll: int | None = None,
                   rng: RandomSource | None = None, settings: dict[str, Any] | None = None) -> Outcome:
        """Roll (or take the GM's roll for) one condition's DC 15 flat check, and commit."""
        work = creature.clone()
        steps = Breakdown()
        check_condition(work, creature.persistent[index], rng, roll, steps, settings={})  # never "ask"
        outcome = self._outcome(creature, work, 0, steps, summary=clauses(steps.lines()))
        self.commit(creature, outcome)
        return outcome

    # ------------------------------------------------------------------ dying (RULES §7)
    def needs_dying_check(self, creature: Creature) -> bool:
        """A dying creature makes a recovery check at the start of its turn."""
        return is_dying(creature)

    def resolve_dying_check(self, creature: Creature, roll: int) -> Outcome:
        """A recovery check: flat DC 10 + dying, four degrees, natural 1 and 20 shift one step."""
        if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 20:
            raise ValueError(tr("a recovery check is a d20 roll from 1 to 20, not {roll}",
                                roll=repr(roll)))
        if not self.needs_dying_check(creature):
            raise ValueError(tr("{name} is not dying", name=creature.name))
        work = creature.clone()
        steps = Breakdown()
        text = recovery_check(work, roll, steps)
        return self._outcome(creature, work, 0, steps, summary=text)

    def recheck_dying(self, work: Creature, steps: list[str]) -> None:
        """Dying at or past 4 minus doomed is dead (RULES §7), also when set by hand."""
        recheck(work, steps)

    # ------------------------------------------------------------------ the track
    def _set_stats(self, c: Creature, stats: dict[str, int], editing: bool = False) -> None:
        self.track.set_stats(c, stats, editing)

    def _heal(self, work: Creature, amount: int, track: str | None, steps: Breakdown) -> None:
        self.track.heal(work, amount, track, steps)

    def track_text(self, creature: Creature) -> str:
        """The track in a few characters: ``38/45 +5``, ``V 12/20 W 8/10``."""
        return self.track.text(creature)

    def track_fraction(self, creature: Creature) -> float:
        """How healthy the creature is on its track, 0..1."""
        return self.track.fraction(creature)

    def settle_status(self, work: Creature, before: Creature) -> list[str]:
        """The status after a GM's edit of the track (RULES §2 Step 4), by the track's rules."""
        return self.track.settle(work, before)


PATHFINDER_2E = Pf2Family(
    "pf2e", "Pathfinder 2e",       # Core Rulebook pp. 450–453
    Pf2Policy(halve_total=True, halve_floor_one=False, weakness_per_attack=False,
              persistent_timing="end", persistent_rounds=None, healing_type="positive",
              harm_type="negative"),
    pathbuilder=True)

STARFINDER_2E = Pf2Family(
    "sf2e", "Starfinder 2e",       # Player Core ch. 8
    Pf2Policy(halve_total=False, halve_floor_one=True, weakness_per_attack=False,
              persistent_timing="end", persistent_rounds=None, healing_type="vitality",
              harm_type="void"),
    pathbuilder=True, example_name=N_("Sighing Ghost"),
    example_defenses=N_("weaknesses vitality 5; resistances all 5 (except force)"))
