"""Vitality & Wounds, a PF2-derived game: its track (Vitality then Wounds, and HP for an NPC
without them) and the system, the PF2 family with that track and its vulnerability stage."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from core.creature.model import Breakdown, Creature
from core.systems.base import StatField
from core.systems.pf2.dying import recheck
from core.systems.pf2.family import Pf2Family
from core.systems.pf2.policy import Pf2Policy
from core.systems.pf2.stages import VW_STAGES
from core.systems.pf2.track import HpTrack, Tracks
from core.text.i18n import N_, game_term, ptr, tr

#: an NPC written with HP only: the HP track without massive damage
_NPC_HP = HpTrack(massive=False)


def _words() -> dict[str, str]:
    """The track's game terms in the language spoken (the glossary settles them)."""
    return {"vitality": game_term("Vitality"), "wounds": game_term("Wounds"),
            "unconscious": game_term("unconscious")}


def _vitality(before: int, after: int | None) -> str:
    """``Vitality 30 → 28``."""
    return tr("{vitality} {before} → {after}", before=before, after=after, **_words())


def _wounds_lost(before: int, after: int, overflow: int, vulnerable: int) -> str:
    """``Wounds 10 → 7 (2 past Vitality + 1 from vulnerability)``."""
    if overflow and vulnerable:
        return tr("{wounds} {before} → {after} ({overflow} past {vitality} + {vulnerable} from "
                  "vulnerability)", before=before, after=after, overflow=overflow,
                  vulnerable=vulnerable, **_words())
    if overflow:
        return tr("{wounds} {before} → {after} ({overflow} past {vitality})", before=before,
                  after=after, overflow=overflow, **_words())
    return tr("{wounds} {before} → {after} ({vulnerable} from vulnerability)", before=before,
              after=after, vulnerable=vulnerable, **_words())


@dataclass(frozen=True)
class VitalityWoundsTrack:
    """Vitality, then Wounds (RULES §2 Step 4); an NPC written with HP only keeps the HP track."""

    stat_fields: ClassVar[tuple[StatField, ...]] = (
        StatField("vitality", N_("Vitality"), 20), StatField("wounds", N_("Wounds"), 10),
        StatField("hp", N_("HP (NPC)"), 0))
    heal_tracks: ClassVar[tuple[str, ...]] = ("vitality", "wounds")
    track_width: ClassVar[int] = 24
    counted_results: ClassVar[tuple[tuple[str, str, bool], ...]] = (("wounds", N_("wounds"), False),)
    current_tracks: ClassVar[Tracks] = (("vitality", N_("Vitality now"), "vitality"),
                                        ("wounds", N_("Wounds now"), "wounds"),
                                        ("hp", N_("HP now"), "hp"))
    stand_in_tracks: ClassVar[tuple[tuple[str, ...], ...]] = (("vitality", "wounds"), ("hp",))

    def set_stats(self, c: Creature, stats: dict[str, int], editing: bool = False) -> None:
        """Vitality and Wounds (an edit keeps what was lost, within the new maximum); HP above
        0 makes an HP-only NPC, HP 0 on an edit gives it the track back."""
        hp = stats.get("hp")
        if hp:
            c.max_hp, c.hp = hp, (hp if not editing or c.hp is None else min(hp, c.hp))
            c.vitality = c.max_vitality = c.wounds = c.max_wounds = None
            return
        if hp == 0 and editing:
            c.hp = c.max_hp = None
        for name in ("vitality", "wounds"):
            # an HP-only NPC edited to HP 0 becomes a Vitality/Wounds creature: give it a track
            if name in stats or not editing or getattr(c, f"max_{name}") is None:
                value = stats.get(name, 20 if name == "vitality" else 10)
                cur = getattr(c, name)
                setattr(c, f"max_{name}", value)
                setattr(c, name, value if not editing or cur is None else min(value, cur))

    def deal(self, work: Creature, damage: int, wounds: int, crit: bool, nonlethal: bool,
             steps: Breakdown) -> None:
        """Damage off Vitality, what exceeds it off Wounds with the vulnerability Wounds; 0
        Wounds is dying. Nonlethal damage never becomes Wounds: at or past Vitality it knocks
        the creature out."""
        if work.max_vitality is None:  # an HP-only NPC
            _NPC_HP.deal(work, damage, 0, crit, nonlethal, steps)
            return
        if damage <= 0 and not wounds:
            return
        if "dead" in work.conditions:
            steps.add("track", tr("already dead"))
            return
        vit_before = work.vitality or 0
        if nonlethal:
            if damage >= vit_before:
                work.conditions.add("unconscious")
                steps.add("track", tr("nonlethal {damage} ≥ {vitality} {before}: {unconscious} "
                                      "(nonlethal damage never becomes {wounds})", damage=damage,
                                      before=vit_before, **_words()))
            work.vitality = max(0, vit_before - damage)
            steps.add("track", _vitality(vit_before, work.vitality), "vitality")
            return
        # what exceeds Vitality becomes Wounds in the same blow (RULES §2 Step 4, a Decision)
        from_vitality = min(damage, vit_before)
        work.vitality = vit_before - from_vitality
        steps.add("track", _vitality(vit_before, work.vitality), "vitality")
        overflow = damage - from_vitality
        lost = overflow + wounds
        if lost:
            w_before = work.wounds or 0
            work.wounds = max(0, w_before - lost)
            steps.add("track", _wounds_lost(w_before, work.wounds or 0, overflow, wounds), "wounds")
            if work.wounds == 0 and "dying" not in work.conditions:
                work.conditions.add("dying")
                work.dying = max(work.dying, 1)
                steps.add("track", tr("0 {wounds}: dying", **_words()))

    def heal(self, work: Creature, amount: int, track: str | None, steps: Breakdown) -> None:
        """Vitality (the default) or Wounds back; Wounds above 0 end dying, Vitality above 0
        wakes a creature that is not dying; at full Vitality bleed ends."""
        if work.max_vitality is None:
            _NPC_HP.heal(work, amount, track, steps)
            return
        if "dead" in work.conditions:
            steps.add("track", tr("dead: healing has no effect"))
            return
        if track == "wounds":
            before = work.wounds or 0
            work.wounds = min(work.max_wounds or 0, before + amount)
            steps.add("track", tr("heal {amount} {wounds}: {before} → {after}", amount=amount,
                                  before=before, after=work.wounds, **_words()))
            if work.wounds > 0 and "dying" in work.conditions:
                work.conditions.discard("dying")
                work.dying = 0
                steps.add("track", tr("no longer dying"))
            return
        before = work.vitality or 0
        work.vitality = min(work.max_vitality or 0, before + amount)
        steps.add("track", tr("heal {amount}: {vitality} {before} → {after}", amount=amount,
                              before=before, after=work.vitality, **_words()))
        if work.vitality > 0 and "unconscious" in work.conditions and "dying" not in work.conditions:
            work.conditions.discard("unconscious")
            steps.add("track", tr("wakes up"))
        if work.vitality == work.max_vitality:
            for p in [p for p in work.persistent if p.type == "bleed"]:
                work.persistent.remove(p)
                steps.add("note", tr("persistent {condition} ends (healed to full)",
                                     condition=p.label))

    def text(self, creature: Creature) -> str:
        """``V 12/20 W 8/10`` (or HP for an HP-only NPC)."""
        if creature.max_vitality is None:
            return _NPC_HP.text(creature)
        vitality, wounds = ptr("Vitality, one letter", "V"), ptr("Wounds, one letter", "W")
        return (f"{vitality} {creature.vitality}/{creature.max_vitality} "
                f"{wounds} {creature.wounds}/{creature.max_wounds}")

    def fraction(self, creature: Creature) -> float:
        """Vitality and Wounds together as a fraction."""
        if creature.max_vitality is None:
            return _NPC_HP.fraction(creature)
        whole = (creature.max_vitality or 0) + (creature.max_wounds or 0)
        return ((creature.vitality or 0) + (creature.wounds or 0)) / whole if whole else 0.0

    def settle(self, work: Creature, before: Creature) -> list[str]:
        """Vitality or Wounds edited (RULES §2 Step 4): 0 Wounds is dying; Wounds above 0 end
        dying; Vitality raised from 0 wakes an unconscious creature that is not dying, as
        healing does. An HP-only NPC follows the HP rules."""
        if work.max_vitality is None:
            return _NPC_HP.settle(work, before)
        track = ("vitality", "max_vitality", "wounds", "max_wounds")
        if "dead" in work.conditions or all(getattr(work, k) == getattr(before, k) for k in track):
            return []
        steps = Breakdown()
        if work.wounds == 0 and "dying" not in work.conditions:
            work.conditions.add("dying")
            work.dying = max(work.dying, 1)
            steps.add("track", tr("0 {wounds}: dying", **_words()))
            dead: list[str] = []
            recheck(work, dead)
            for line in dead:
                steps.add("track", line)
        elif (work.wounds or 0) > 0 and "dying" in work.conditions and before.wounds == 0:
            work.conditions.discard("dying")
            work.dying = 0
            steps.add("track", tr("{wounds} above 0: no longer dying", **_words()))
        if (work.vitality or 0) > 0 and before.vitality == 0 and "unconscious" in work.conditions \
                and "dying" not in work.conditions:
            work.conditions.discard("unconscious")
            steps.add("track", tr("{vitality} above 0: wakes up", **_words()))
        return list(steps.lines())


VITALITY_WOUNDS = Pf2Family(
    "vitality-wounds", "Vitality & Wounds",
    Pf2Policy(halve_total=False, halve_floor_one=False, weakness_per_attack=True,
              persistent_timing="start", persistent_rounds=10, healing_type="vitality",
              harm_type="void"),
    stages=VW_STAGES, track=VitalityWoundsTrack(), rule_options=("flat_checks",),
    example_name=N_("Werewolf"), example_defenses=N_("vulnerable silver; resistance 5/-"),
    example_damage=(N_("2d4 ballistic"), N_("9 ballistic")))
