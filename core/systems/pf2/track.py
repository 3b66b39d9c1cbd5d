"""The PF2 family's HP track: damage off temp HP then HP, healing back on, a GM's edit settled.

A track is an object the family holds (``Pf2Family.track``), not a class it climbs: ``HpTrack``
for Pathfinder 2e and Starfinder 2e, ``VitalityWoundsTrack`` (core.systems.pf2.vitality_wounds)
for Vitality & Wounds. Both answer ``Track``; the last stage of a hit hands its total to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Protocol

from core.creature.model import Breakdown, Creature
from core.systems.base import RuleSystem, StatField
from core.systems.pf2.dying import at_zero_hp, die, dying_words, recheck, wounded_words
from core.text.i18n import N_, game_term, tr

Tracks = tuple[tuple[str, str, str | None], ...]


class Track(Protocol):
    """What a PF2-family system asks of its track: the numbers a creature has, what damage
    takes from them (RULES §2 Step 4), what healing gives back, how they read, an edit settled."""

    @property
    def stat_fields(self) -> tuple[StatField, ...]:
        """The numbers the add/edit form asks for (``RuleSystem.stat_fields``)."""
        ...

    @property
    def heal_tracks(self) -> tuple[str, ...]:
        """What healing restores, the default first (``RuleSystem.heal_tracks``)."""
        ...

    @property
    def track_width(self) -> int:
        """Cells the track needs in an 80-column roster."""
        ...

    @property
    def counted_results(self) -> tuple[tuple[str, str, bool], ...]:
        """Outcome counts worth a line of their own (``RuleSystem.counted_results``)."""
        ...

    @property
    def current_tracks(self) -> Tracks:
        """The current values an edit form may set (``RuleSystem.current_tracks``)."""
        ...

    @property
    def stand_in_tracks(self) -> tuple[tuple[str, ...], ...]:
        """The stat sets the track is made of (``RuleSystem.stand_in_tracks``)."""
        ...

    def set_stats(self, c: Creature, stats: dict[str, int], editing: bool = False) -> None:
        """A new creature's numbers, or an edit of them."""

    def deal(self, work: Creature, damage: int, wounds: int, crit: bool, nonlethal: bool,
             steps: Breakdown) -> None:
        """Step 4: what a hit's total (and its Wounds from vulnerability) takes from the track."""

    def heal(self, work: Creature, amount: int, track: str | None, steps: Breakdown) -> None:
        """Healing on the track named (``None``: the first of ``heal_tracks``)."""

    def text(self, creature: Creature) -> str:
        """The track in a few characters."""
        ...

    def fraction(self, creature: Creature) -> float:
        """How healthy the creature is, 0..1."""
        ...

    def settle(self, work: Creature, before: Creature) -> list[str]:
        """The status after a GM's edit of the track (``RuleSystem.settle_status``)."""
        ...


@dataclass(frozen=True)
class HpTrack:
    """HP and temp HP: what damage takes (RULES §2 Step 4), healing gives back, an edit leaves.

    ``massive``: damage in one blow of twice max HP kills (not for Vitality & Wounds' HP-only
    NPCs, which use this track without it).
    """

    massive: bool = True
    stat_fields: ClassVar[tuple[StatField, ...]] = (StatField("hp", N_("HP"), 15),
                                                    StatField("temp_hp", N_("Temp HP"), 0))
    heal_tracks: ClassVar[tuple[str, ...]] = RuleSystem.heal_tracks
    track_width: ClassVar[int] = RuleSystem.track_width
    counted_results: ClassVar[tuple[tuple[str, str, bool], ...]] = RuleSystem.counted_results
    current_tracks: ClassVar[Tracks] = RuleSystem.current_tracks
    stand_in_tracks: ClassVar[tuple[tuple[str, ...], ...]] = RuleSystem.stand_in_tracks

    def set_stats(self, c: Creature, stats: dict[str, int], editing: bool = False) -> None:
        """Max HP (an edit keeps the damage taken) and temp HP; 10 HP when none is given."""
        if "hp" in stats:
            old_max = c.max_hp
            c.max_hp = stats["hp"]
            c.hp = stats["hp"] if not editing or c.hp is None or old_max is None else \
                max(0, min(stats["hp"], c.hp + stats["hp"] - old_max))
        elif not editing and c.hp is None:
            c.hp = c.max_hp = 10
        if "temp_hp" in stats:
            c.temp_hp = stats["temp_hp"]

    def deal(self, work: Creature, damage: int, wounds: int, crit: bool, nonlethal: bool,
             steps: Breakdown) -> None:
        """Step 4: temp HP first, then HP; massive damage; 0 HP: dying, unconscious or dead."""
        if damage <= 0 and not wounds:
            return
        if "dead" in work.conditions:
            steps.add("track", tr("already dead"))
            return
        if work.hp is None:
            return
        _lose_hp(work, damage, steps)
        if self.massive and not nonlethal and work.max_hp and damage >= 2 * work.max_hp:
            die(work, steps, tr("massive damage ({damage} ≥ twice max HP {max_hp}): dead",
                                damage=damage, max_hp=work.max_hp))
            return
        if work.hp == 0 and damage > 0:
            at_zero_hp(work, crit, nonlethal, steps)

    def heal(self, work: Creature, amount: int, track: str | None, steps: Breakdown) -> None:
        """HP back up to max; above 0 HP dying ends (wounded +1) or the creature wakes; at full
        HP bleed ends."""
        if "dead" in work.conditions:
            steps.add("track", tr("dead: healing has no effect"))
            return
        if work.hp is None:
            return
        before = work.hp
        work.hp = min(work.max_hp or 0, work.hp + amount)
        steps.add("track", tr("heal {amount}: HP {before} → {after}", amount=amount, before=before,
                              after=work.hp))
        if work.hp > 0 and "dying" in work.conditions:
            work.conditions -= {"dying", "unconscious"}
            work.dying = 0
            work.wounded += 1
            steps.add("track", wounded_words(work))
        elif work.hp > 0 and "unconscious" in work.conditions:
            work.conditions.discard("unconscious")
            steps.add("track", tr("wakes up"))
        if work.hp == work.max_hp:  # bleed ends at full HP (sf2e's text, applied to pf2e too)
            bleeds = [p for p in work.persistent if p.type == "bleed"]
            for p in bleeds:
                work.persistent.remove(p)
                steps.add("note", tr("persistent {condition} ends (healed to full HP)",
                                     condition=p.label))

    def text(self, creature: Creature) -> str:
        """``38/45 +5``."""
        temp = f" +{creature.temp_hp}" if creature.temp_hp else ""
        return f"{creature.hp}/{creature.max_hp}{temp}"

    def fraction(self, creature: Creature) -> float:
        """HP as a fraction of max HP."""
        return (creature.hp or 0) / creature.max_hp if creature.max_hp else 0.0

    def settle(self, work: Creature, before: Creature) -> list[str]:
        """HP edited (RULES §2 Step 4): brought to 0, a PC is dying 1 plus its wounded value and
        unconscious, a non-PC dead (the Decision for lethal damage); raised above 0, dying ends
        with wounded +1 and an unconscious creature wakes, as healing does."""
        steps = Breakdown()
        if "dead" in work.conditions or work.hp is None \
                or (work.hp, work.max_hp) == (before.hp, before.max_hp):
            return []
        if work.hp <= 0 and not work.conditions & {"dying", "unconscious"}:
            if not work.pc:
                die(work, steps, tr("0 HP: dead (a non-PC dies at 0 HP)"))
                return list(steps.lines())
            work.dying = 1 + work.wounded
            work.conditions |= {"dying", "unconscious"}
            steps.add("track", dying_words(1, work))
            dead: list[str] = []
            recheck(work, dead)
            for line in dead:
                steps.add("track", line)
        elif work.hp > 0 and before.hp is not None and before.hp <= 0:
            if "dying" in work.conditions:
                work.conditions -= {"dying", "unconscious"}
                work.dying = 0
                work.wounded += 1
                steps.add("track", tr("above 0 HP: no longer dying; {wounded} {value}",
                                      wounded=game_term("wounded"), value=work.wounded))
            elif "unconscious" in work.conditions:
                work.conditions.discard("unconscious")
                steps.add("track", tr("above 0 HP: wakes up"))
        return list(steps.lines())


def _lose_hp(work: Creature, damage: int, steps: Breakdown) -> None:
    """Temp HP absorb damage first; the rest comes off HP, never below 0."""
    hp = work.hp or 0
    rest = damage
    if work.temp_hp and rest > 0:
        soak = min(work.temp_hp, rest)
        steps.add("track", tr("temp HP {before} → {after} (absorbs {soak})", before=work.temp_hp,
                              after=work.temp_hp - soak, soak=soak))
        work.temp_hp -= soak
        rest -= soak
    work.hp = max(0, hp - rest)
    if rest > hp:
        steps.add("track", tr("HP {before} → {after} (overflow {overflow})", before=hp,
                              after=work.hp, overflow=rest - hp))
    else:
        steps.add("track", tr("HP {before} → {after}", before=hp, after=work.hp))
