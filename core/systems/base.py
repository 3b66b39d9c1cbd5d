"""The protocol every rule system implements, and the machinery they share."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import Any, NamedTuple

from core.catalog.capabilities import RULE_OPTIONS, Setting, check_settings, setting
from core.catalog.vocabulary import Vocabulary, vocabulary
from core.creature.model import (
    TRACK_FIELDS,
    Breakdown,
    Creature,
    Outcome,
    PersistentDamage,
    Roll,
    RolledPart,
    as_attacks,
    printed_numbers,
)
from core.creature.schema import Invalid, check_creature, check_init_mod
from core.creature.schema import check_stat as _check_stat
from core.dice.expression import RandomSource, _default_rng
from core.dice.expression import parse as parse_dice
from core.notation import Damage, DamagePart, Defenses, parse_damage, parse_defenses
from core.systems.rolls import FLAT_CHECK_DC, _KeptDice, flat_check, halve_shared
from core.table.numbers import degree_of
from core.text.errors import ParseError
from core.text.i18n import N_, game_term, listing, renders, said_as, term_in, tr

# Bounds that cover real play: beyond them a clear ValueError, never a hang.
# A creature's bounds (MAX_TRACK, MAX_SLOTS …) are core.creature.schema's, the ones a load checks.
MAX_MULTIPLIER = 6          # d20-3e critical multipliers: ×2 … ×6

# The rule options ``apply_damage(settings=...)`` takes, each with its allowed values
# (DESIGN.md), as declared in core.catalog.capabilities; an encounter adds its own.
RULE_SETTINGS: dict[str, tuple[Any, ...]] = {s.key: s.values for s in RULE_OPTIONS}
_track_values = attrgetter(*TRACK_FIELDS)


@renders("effect-immunity-cell")
def _effect_immunity_cell(args: list[Any], code: str) -> str:
    """An effect immunity in a roster cell: ``imm paralyzed``; in Japanese 完全耐性 and the term."""
    words = str(args[0])
    return term_in("immunities", code) + term_in(words, code) if code == "ja" else f"imm {words}"


class StatField(NamedTuple):
    """A number the add/edit form asks for: ``hp`` labelled ``HP`` (its bounds: core.creature.schema)."""

    name: str
    label: str
    default: int


@dataclass(frozen=True, slots=True)
class AttackRoll:
    """An attack resolved against an AC, with its rolls."""

    result: str                 # "miss" | "hit" | "critical"
    roll: int
    confirm: int | None
    text: str


class Application(NamedTuple):
    """One roll applied to one creature as the GM set it up: ``resolve``'s arguments."""

    roll: Roll
    critical: bool | int
    save: str | None
    nonlethal: bool
    armor_slot: bool
    direct: bool
    settings: dict[str, Any]


class Dealt(NamedTuple):
    """What a system's ``_deal`` tells beside the changes to the creature."""

    total: int
    hp_marked: int = 0      # Daggerheart: HP slots marked
    dealt: str = ""         # Daggerheart: the total and its severity, ``14 Major``
    summary: str = ""       # "" = the track before → after, and the status
    minions: int = 0        # Daggerheart: more Minions this hit defeats (RULES §9 Minion (X))


class RuleSystem:
    """One game system's damage rules. Subclasses fill in ``_deal`` and the track."""

    id: str = ""
    name: str = ""
    stat_fields: tuple[StatField, ...] = ()
    save_choices: tuple[str | None, ...] = (None,)
    # the results a GM chooses from in the damage form (None: every one of save_choices);
    # save_choices may accept more, such as a rolled degree the system's own roll can give
    save_offered: tuple[str | None, ...] | None = None
    reaction_traits: tuple[str, ...] = ()    # Daggerheart: a reaction roll names one (RULES §10)
    has_basic_saves: bool = False
    save_words: str = N_("save")    # what the damage form and the palette call a save
    persistent_timing: str | None = None
    # RULES §7 policies: initiative ties, which dying check a turn makes, whether rounds count
    has_initiative: bool = True
    initiative_ties: tuple[str, ...] = ("higher-modifier",)
    dying_check_at: str | None = None    # "start" or "end" of the dying creature's turn
    dying_check_die: int = 20
    counts_rounds: bool = True
    # What the system offers: screens and the CLI ask these, never the id.
    attack_helper: bool = False             # an attack roll with threat and confirmation (d20-3e)
    critical_multipliers: tuple[int, ...] = ()  # a critical's multipliers to choose from; () = doubled
    has_armor_slots: bool = False           # a target may mark an Armor slot (Daggerheart)
    has_direct_damage: bool = False         # direct damage: no Armor slot may reduce it
    has_nonlethal: bool = True              # damage may be dealt as nonlethal (subdual in d20 3.0)
    has_stress: bool = False                # creatures have Stress slots the GM marks (RULES §7)
    totals_hits: bool = False               # several hits are totalled before thresholds (RULES §3)
    heal_tracks: tuple[str, ...] = ("hp",)  # what healing restores; the first is the default
    example_name: str = N_("Goblin Warrior")    # the add form's examples, in the system's own words
    example_defenses: str = N_("immunities poison; weaknesses fire 5; resistances physical 5")
    example_damage: tuple[str, str] = (N_("6d6 fire"), N_("14 fire"))  # a roll, and a total typed as rolled
    kind_words: tuple[str, ...] = ()
    """The creature kinds (traits) that change damage, the usual first; () where none does."""
    rule_options: tuple[str, ...] = ()      # keys of the settings a GM may switch (core.catalog.capabilities)
    track_slots: bool = False               # the track is drawn as slots (no bar beside it)
    track_width: int = 18                   # cells the track needs in an 80-column roster
    counted_results: tuple[tuple[str, str, bool], ...] = ()
    """Outcome counts worth a line of their own: (field, words, shown even at 0)."""
    negative_hp: bool = False               # current HP may go below 0 (d20 3.0: disabled, dying)
    current_tracks: tuple[tuple[str, str, str | None], ...] = (("hp", N_("HP now"), "hp"),)
    """The current values an edit form may set: (field, label, the stat that is its maximum)."""
    stand_in_tracks: tuple[tuple[str, ...], ...] = (("hp",),)
    """The stat sets a damage track is made of, the usual first (Vitality & Wounds, or HP for
    an NPC): ``calc`` makes them bottomless on its stand-in target. () where slots are finite."""

    @property
    def settings_offered(self) -> tuple[Setting, ...]:
        """The declarations of ``rule_options``, for the palette and the log."""
        return tuple(setting(key) for key in self.rule_options)

    @property
    def has_persistent_damage(self) -> bool:
        """Whether the system has persistent damage conditions (RULES §5)."""
        return self.persistent_timing is not None

    @property
    def flat_check_dc(self) -> int | None:
        """The DC of a persistent condition's flat check, where there are any."""
        return FLAT_CHECK_DC if self.has_persistent_damage else None

    def heal_tracks_of(self, creature: Creature) -> tuple[str, ...]:
        """The tracks ``creature`` can be healed on: ``heal_tracks``, or HP for a creature
        without the system's first track (a Vitality & Wounds NPC with HP only)."""
        tracks = self.heal_tracks
        if tracks[0] != "hp" and getattr(creature, tracks[0], None) is None:
            return ("hp",)
        return tracks

    def result_lines(self, outcome: Outcome) -> tuple[str, ...]:
        """The outcome's counts worth a line (``HP marked: 2``), as ``counted_results`` says."""
        return tuple(tr("{label}: {count}", label=tr(words), count=getattr(outcome, name))
                     for name, words, always in self.counted_results if always or getattr(outcome, name))

    @property
    def nonlethal_word(self) -> str:
        """The GM's word for nonlethal damage in this system (d20 3.0: ``subdual``; types.toml)."""
        return self.vocabulary.word("nonlethal")

    # ------------------------------------------------------------------ notation
    @property
    def vocabulary(self) -> Vocabulary:
        """The damage words this system knows."""
        return vocabulary(self.id)

    def parse_damage(self, text: str) -> Damage:
        """Parse damage notation; raises ParseError."""
        return parse_damage(text, self.id)

    def parse_defenses(self, text: str) -> Defenses:
        """Parse a stat-block defense line; raises ParseError."""
        return parse_defenses(text, self.id)

    def defenses_of(self, creature: Creature) -> Defenses:
        """The creature's defenses, parsed (cached by text)."""
        return parse_defenses(creature.defenses, self.id)

    def short_defenses(self, creature: Creature) -> str:
        """Defenses in a few words for a table cell (Japanese: as the wiki writes them)."""
        return listing(self.short_defense_parts(creature)) or "—"

    def short_defense_parts(self, creature: Creature) -> list[str]:
        """The words of :meth:`short_defenses`, one a defense (``weak fire 5``, ``DR 10/good``)."""
        defenses = self.defenses_of(creature)
        parts = [e.short() for e in defenses.entries()]    # the wiki's words, and ``DR 10/…``
        return parts + [said_as("effect-immunity-cell", w) for w in defenses.effect_immunities]

    # ------------------------------------------------------------------ creatures
    def new_creature(self, name: str, pc: bool = False, defenses: str = "",
                     traits: str | Sequence[str] = "living", init_mod: int = 0, *,
                     numbers: Any = None, attacks: Any = (),
                     **stats: int) -> Creature:
        """A fresh creature at full health; raises ValueError/ParseError for bad stats.

        ``numbers``: its printed numbers (RULES §8: AC, saves…, only the keys of its system,
        core.catalog.capabilities.NUMBERS); ``attacks``: Attack or (label, damage[, bonus, traits]).
        The creature made is checked as a load checks it (core.creature.schema): what this returns
        always saves to a file that loads back.
        """
        if not isinstance(name, str) or not name.strip():
            raise ValueError(tr('a creature needs a name'))
        check_init_mod(init_mod)
        self.parse_defenses(defenses)  # validate now, not at the first hit
        words = traits.replace(",", " ").split() if isinstance(traits, str) else list(traits)
        creature = Creature(name=name.strip(), pc=bool(pc), defenses=defenses,
                            traits=frozenset(w.lower() for w in words) or frozenset({"living"}),
                            init_mod=init_mod)
        creature.numbers = printed_numbers(numbers)
        if isinstance(attacks, (list, tuple)) and any(isinstance(a, str) for a in attacks):
            from core.statblocks import read_attacks  # printed attack lines (RULES §10)
            attacks = read_attacks(attacks, self.id)
        creature.attacks = as_attacks(attacks)
        for key, value in stats.items():
            self.check_stat(key, value)
        self._set_stats(creature, stats)
        self.check_creature(creature)
        return creature

    def check_stat(self, key: str, value: Any) -> None:
        """ValueError unless ``key`` is one of this system's stats and ``value`` is within the
        bounds a load checks (core.creature.schema)."""
        field = next((f for f in self.stat_fields if f.name == key), None)
        if field is None:
            known = ", ".join(sorted(f.name for f in self.stat_fields))
            raise ValueError(tr('{name} creatures have no {key}; use {known}', name=self.name, key=repr(key), known=known))
        _check_stat(self.id, key, value, field.label)

    def check_creature(self, creature: Creature) -> Creature:
        """The creature, once it is one a save of this system holds and loads back
        (core.creature.schema, as a load checks it); else ValueError naming the field."""
        try:
            check_creature(creature.to_state(), self.id, "creature")
        except Invalid as exc:
            field = exc.field.removeprefix("creature.")
            said = f"{field}: {exc.problem}" if field != "creature" else exc.problem
            raise Invalid(field, said, exc.gist, bare=True) from None
        return creature

    def _set_stats(self, creature: Creature, stats: dict[str, int], editing: bool = False) -> None:
        raise NotImplementedError

    def from_statblock(self, text: str) -> Creature:
        """A creature at full health from a stat block pasted as printed (RULES §8).

        Raises ParseError with the position of a line it recognises but cannot read.
        """
        from core.statblocks import read_statblock  # only for a pasted block: not at start-up

        block = read_statblock(text, self.id)
        try:
            creature = self.new_creature(block.name, False, block.defenses, block.traits,
                                         block.init_mod, **block.stats)
            for name, value in block.unset.items():  # Daggerheart "Thresholds: None" (RULES §8)
                setattr(creature, name, value)
            creature.statblock = text
            creature.attacks = as_attacks(block.attacks)
            creature.numbers = printed_numbers(getattr(block, "numbers", None))  # as the block prints them
            creature.horde = getattr(block, "horde", "")       # Daggerheart Horde (X)
            creature.role, creature.cr = block.role, block.cr  # RULES §10: type and CR
            self.check_creature(creature)  # as a load checks it: what is pasted saves and loads
        except ValueError as error:  # a number beyond the bounds of play (HP 10^20)
            raise ParseError(str(error), _position(text, block, error), text) from None
        return creature

    # ------------------------------------------------------------------ rolling
    def roll(self, damage: str | Sequence[str] | Damage, critical: bool | int = False,
             rng: RandomSource | None = None, settings: dict[str, Any] | None = None) -> Roll:
        """Roll damage once (it is then resolved against each target)."""
        rng = rng or _default_rng
        damages = (self.parse_damage(damage),) if type(damage) is str else self._damages(damage)
        mult = self._multiplier(critical)
        settings = settings or {}
        hits = tuple(tuple(self._roll_part(p, i, mult, rng, settings) for i, p in enumerate(d.parts))
                     for d in damages)
        return Roll(damages, hits, mult)

    def with_critical(self, roll: Roll, critical: bool | int, rng: RandomSource | None = None,
                      settings: dict[str, Any] | None = None) -> Roll:
        """The same dice as ``roll``, as a critical (or not): only extra critical dice are rolled."""
        mult = self._multiplier(critical)
        rng = rng or _default_rng
        settings = settings or {}
        hits = tuple(
            tuple(self._kept_critical(RolledPart(rp.part, rp.value, rp.faces, kept_dice=rp.kept_dice),
                                      i, mult, rng, settings)
                  if mult else RolledPart(rp.part, rp.value, rp.faces, kept_dice=rp.kept_dice)
                  for i, rp in enumerate(hit))
            for hit in roll.hits)
        return Roll(roll.damage, hits, mult)

    def _kept_critical(self, rolled: RolledPart, index: int, mult: int, rng: RandomSource,
                       settings: dict[str, Any]) -> RolledPart:
        """The part as a critical, its extra dice taken first from those it already rolled.

        Options never reroll: toggling critical off and on, or a d20 multiplier cycled back,
        gives the same dice back (a GM cannot fish for a better roll).
        """
        dice = _KeptDice(rolled.kept_dice, rng)
        return self._critical_part(rolled, index, mult, dice, settings)._replace(
            kept_dice=tuple(dice.kept))

    @staticmethod
    def combine(first: Roll, second: Roll) -> Roll:
        """Two rolls as one application (several hits in one move)."""
        return Roll(first.damage + second.damage, first.hits + second.hits,
                    max(first.critical, second.critical))

    def _damages(self, damage: str | Sequence[str] | Damage) -> tuple[Damage, ...]:
        if isinstance(damage, Damage):
            return (damage,)
        if isinstance(damage, str):
            return (self.parse_damage(damage),)
        if isinstance(damage, Sequence) and damage:
            return tuple(d if isinstance(d, Damage) else self.parse_damage(d) for d in damage)
        raise ParseError("no damage given", 0, "")

    def _multiplier(self, critical: bool | int) -> int:
        if critical is True:
            return 2
        if critical is False or critical is None:
            return 0
        if type(critical) is int and 2 <= critical <= MAX_MULTIPLIER:
            return critical
        raise ValueError(tr('critical must be True/False or a multiplier from 2 to {most}, not {critical}', most=MAX_MULTIPLIER, critical=repr(critical)))

    def _roll_part(self, part: DamagePart, index: int, mult: int, rng: RandomSource,
                   settings: dict[str, Any]) -> RolledPart:
        if part.amount is None or part.persistent:
            return RolledPart(part, 0)  # persistent damage is rolled at each tick
        total, faces = part.amount.roll_values(rng)
        rolled = RolledPart(part, total, faces)
        return self._kept_critical(rolled, index, mult, rng, settings) if mult else rolled

    def _critical_part(self, rolled: RolledPart, index: int, mult: int, rng: RandomSource,
                       settings: dict[str, Any]) -> RolledPart:
        """Add the critical value where the system rolls extra dice for a critical."""
        return rolled

    # ------------------------------------------------------------------ resolve / commit
    def resolve(self, creature: Creature, roll: Roll, critical: bool | int = False,
                save: str | None = None, nonlethal: bool = False, armor_slot: bool = False,
                direct: bool = False, settings: dict[str, Any] | None = None) -> Outcome:
        """What ``roll`` would do to ``creature`` — without touching it.

        Every system's one template: the save checked, the defenses read, a copy of the
        creature hurt step by step by the system's ``_deal``, and the outcome what changed.
        """
        self.check_save(save)
        defenses = self.defenses_of(creature)
        work = creature.clone()
        steps = Breakdown()
        applied = Application(roll, critical, save, nonlethal, armor_slot, direct, settings or {})
        dealt = self._deal(work, defenses, applied, steps)
        # RULES §10: the defense words that act on no damage are named with the defenses
        steps.add_before("total", "note", defenses.not_acting())
        summary = dealt.summary or self._summary(creature, work, dealt.total)
        outcome = self._outcome(creature, work, dealt.total, steps, dealt.hp_marked,
                                self._wounds_taken(creature, work), summary, dealt.dealt)
        return replace(outcome, minions=dealt.minions)  # 0 unless a hit on a Minion defeats more

    def _deal(self, work: Creature, defenses: Defenses, applied: Application,
              steps: Breakdown) -> Dealt:
        """The system's rules: ``applied`` dealt to ``work``, each step recorded in ``steps``."""
        raise NotImplementedError

    def _summary(self, before: Creature, after: Creature, total: int) -> str:
        """``9: 38/45 → 29/45``, and the status where it is not ok."""
        before_text, after_text = self.track_text(before), self.track_text(after)
        if self.status(after) == "ok":
            return tr("{total}: {before} → {after}", total=total, before=before_text,
                      after=after_text)
        return tr("{total}: {before} → {after} {status}", total=total, before=before_text,
                  after=after_text, status=self.status_words(after))

    @staticmethod
    def _wounds_taken(before: Creature, after: Creature) -> int:
        """``out.wounds``: every Wound the application took = the change of the Wounds track
        (overflow past Vitality plus vulnerability Wounds; RULES §2 Step 4); 0 without one."""
        if before.wounds is None or after.wounds is None:
            return 0
        return max(0, before.wounds - after.wounds)

    def commit(self, creature: Creature, outcome: Outcome) -> None:
        """Apply a resolved outcome to the creature."""
        for key, value in outcome.changes.items():
            if isinstance(value, frozenset):
                value = set(value)
            elif isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, dict):
                value = dict(value)
            setattr(creature, key, value)

    def apply_damage(self, creature: Creature, damage: str | Sequence[str], critical: bool | int = False,
                     save: str | None = None, nonlethal: bool = False, armor_slot: bool = False,
                     direct: bool = False, rng: RandomSource | None = None,
                     settings: dict[str, Any] | None = None) -> Outcome:
        """Roll, resolve and commit damage on one creature."""
        self.check_save(save)
        settings = check_settings(settings)
        rolled = self.roll(damage, critical, rng, settings)
        outcome = self.resolve(creature, rolled, critical, save, nonlethal, armor_slot, direct, settings)
        self.commit(creature, outcome)
        return outcome

    def check_save(self, save: str | None) -> None:
        """ValueError for a save result this system does not have."""
        if save not in self.save_choices:
            allowed = ", ".join(repr(s) for s in self.save_choices)
            raise ValueError(tr('{name} has no save result {save}; use {allowed}', name=self.name, save=repr(save), allowed=allowed))

    @staticmethod
    def _outcome(creature: Creature, work: Creature, total: int, steps: Breakdown,
                 hp_marked: int = 0, wounds: int = 0, summary: str = "", dealt: str = "") -> Outcome:
        changes = {
            name: (frozenset(new) if type(new) is set else tuple(new) if type(new) is list else new)
            for name, old, new in zip(TRACK_FIELDS, _track_values(creature), _track_values(work), strict=True)
            if new != old
        }
        return Outcome(creature.name, total, tuple(steps.records), changes, hp_marked, wounds, summary,
                       dealt)

    # ------------------------------------------------------------------ healing, turns
    def heal(self, creature: Creature, amount: int, track: str | None = None) -> Outcome:
        """Heal and commit; returns the outcome with its steps."""
        outcome = self.resolve_heal(creature, amount, track)
        self.commit(creature, outcome)
        return outcome

    def resolve_heal(self, creature: Creature, amount: int, track: str | None = None) -> Outcome:
        """What healing would do, without touching the creature."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise ValueError(tr('healing must be a whole number of 0 or more, not {amount}', amount=repr(amount)))
        work = creature.clone()
        steps = Breakdown()
        self._heal(work, amount, track, steps)
        return self._outcome(creature, work, amount, steps, summary=self.track_text(work))

    def _heal(self, work: Creature, amount: int, track: str | None, steps: Breakdown) -> None:
        raise NotImplementedError

    def add_persistent(self, creature: Creature, text: str, critical: bool = False,
                       save: str | None = None, settings: dict[str, Any] | None = None) -> Outcome:
        """Add a persistent damage condition (``1d6 bleed``) and commit."""
        raise ValueError(tr('{name} has no persistent damage rule', name=self.name))

    def resolve_persistent(self, creature: Creature, text: str, critical: bool = False,
                           save: str | None = None, settings: dict[str, Any] | None = None) -> Outcome:
        """What adding a persistent condition would do (only where the system has them)."""
        raise ValueError(tr('{name} has no persistent damage rule', name=self.name))

    def tick(self, creature: Creature, index: int, rng: RandomSource | None = None,
             settings: dict[str, Any] | None = None) -> Outcome:
        """Roll one persistent condition now (only where the system has them)."""
        raise ValueError(tr('{name} has no persistent damage rule', name=self.name))

    def flat_check(self, creature: Creature, index: int, roll: int | None = None,
                   rng: RandomSource | None = None, settings: dict[str, Any] | None = None) -> Outcome:
        """A persistent condition's flat check (only where the system has them)."""
        raise ValueError(tr('{name} has no persistent damage rule', name=self.name))

    def start_turn(self, creature: Creature, rng: RandomSource | None = None,
                   settings: dict[str, Any] | None = None) -> Outcome:
        """Run and commit the start-of-turn steps (persistent damage where it ticks then)."""
        outcome = self.resolve_turn(creature, "start", rng, settings)
        self.commit(creature, outcome)
        return outcome

    def end_turn(self, creature: Creature, rng: RandomSource | None = None,
                 settings: dict[str, Any] | None = None) -> Outcome:
        """Run and commit the end-of-turn steps (persistent damage, flat checks)."""
        outcome = self.resolve_turn(creature, "end", rng, settings)
        self.commit(creature, outcome)
        return outcome

    def resolve_turn(self, creature: Creature, when: str, rng: RandomSource | None = None,
                     settings: dict[str, Any] | None = None) -> Outcome:
        """What the ``"start"`` or ``"end"`` of the creature's turn does, without touching it."""
        if when not in ("start", "end"):
            raise ValueError(tr('a turn has a start and an end, not {when}', when=repr(when)))
        return self._turn(creature, when, rng, settings)

    def _turn(self, creature: Creature, when: str, rng: RandomSource | None,
              settings: dict[str, Any] | None) -> Outcome:
        return Outcome(creature.name, 0, (), {})

    def needs_dying_check(self, creature: Creature) -> bool:
        """True when the creature makes a dying check on its turn (RULES §7)."""
        return False

    def resolve_dying_check(self, creature: Creature, roll: int) -> Outcome:
        """What a dying check with this die result does, without touching the creature."""
        raise ValueError(tr('{name} has no dying check', name=self.name))

    def recheck_dying(self, work: Creature, steps: list[str]) -> None:
        """After dying or doomed is set by hand: die if the limit is reached (PF2 family)."""

    def resolve_stress(self, creature: Creature, amount: int) -> Outcome:
        """Marking Stress (Daggerheart only)."""
        raise ValueError(tr('{name} has no Stress', name=self.name))

    def resolve_minion_defeat(self, creature: Creature, source: str) -> Outcome:
        """A Minion defeated by another's hit (Daggerheart only, RULES §9 Minion (X))."""
        raise ValueError(tr("{name} has no Minions", name=self.name))

    def degree(self, total: int, dc: int, natural: int | None = None) -> str:
        """A d20 roll's degree against a DC (RULES §9): the PF2 family's four degrees
        (``critical-success`` … ``critical-failure``, natural 20/1 one step); d20-3e and
        Daggerheart ``success`` or ``failure``."""
        return degree_of(self.id, total, dc, natural)

    def resolve_attack(self, attack_bonus: int, ac: int, threat: int = 20,
                       rng: RandomSource | None = None) -> str:
        """``"miss"``, ``"hit"`` or ``"critical"`` (d20-3e only)."""
        return self.roll_attack(attack_bonus, ac, threat, rng).result

    def roll_attack(self, attack_bonus: int, ac: int, threat: int = 20,
                    rng: RandomSource | None = None) -> AttackRoll:
        """An attack roll with threat and confirmation (d20-3e only)."""
        raise ValueError(tr('the attack helper is a d20-3e rule, not {name}', name=self.name))

    # ------------------------------------------------------------------ display
    def track_text(self, creature: Creature) -> str:
        """The creature's track in a few characters."""
        raise NotImplementedError

    def track_fraction(self, creature: Creature) -> float:
        """How healthy the creature is, 0..1, for a bar."""
        raise NotImplementedError

    def status(self, creature: Creature) -> str:
        """The creature's state in words (never colour alone)."""
        order = ("dead", "defeated", "death-move", "dying", "unconscious", "disabled", "staggered")
        for cond in order:
            if cond in creature.conditions:
                if cond == "dying" and creature.dying:
                    return f"dying {creature.dying}"
                return cond
        return "ok"

    def status_words(self, creature: Creature) -> str:
        """:meth:`status` as the GM reads it in the language spoken (``dying 2`` → ``瀕死2``)."""
        status = self.status(creature)
        if status == "ok":
            return tr("ok")
        if status.startswith("dying "):
            return tr("{dying} {value}", dying=game_term("dying"), value=creature.dying)
        return game_term(status)

    # ------------------------------------------------------------------ status after an edit
    def settle_status(self, work: Creature, before: Creature) -> list[str]:
        """Make ``work``'s status follow its track after the GM edited ``before`` into it.

        An edit of max HP below the damage taken left a PC at ``0/12``
        and "ok". Each system applies its own rules (RULES §2 Step 4, §3, §4) to the new
        numbers, only when a track or its maximum changed; ``dead`` is never lifted by an
        edit (healing has no effect on the dead; the GM removes the condition by hand).
        Changes ``work`` in place and returns what changed, in words.
        """
        return []


def _position(text: str, block: Any, error: ValueError) -> int:
    """Where in a pasted block the value a check refused is printed (0 when not found)."""
    field = str(getattr(error, "field", ""))
    value = block.init_mod if field == "init_mod" else block.stats.get(
        {"max_hp": "hp", "max_vitality": "vitality", "max_wounds": "wounds"}.get(field, field))
    numbers = [str(value)] if value is not None else \
        [str(v) for v in block.stats.values() if str(v) in str(error).replace(",", "")]
    return max(0, text.find(numbers[0])) if numbers else 0


__all__ = ["RuleSystem", "Application", "Dealt", "StatField", "AttackRoll", "flat_check", "halve_shared", "PersistentDamage", "parse_dice"]
