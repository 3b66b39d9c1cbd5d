"""Daggerheart: damage totalled per move, halved by resistance, read against thresholds."""

from __future__ import annotations

import math
from typing import Any

from core.catalog.capabilities import DAGGERHEART_TRAITS
from core.creature.model import Breakdown, Creature, Outcome, RolledPart
from core.dice.expression import RandomSource
from core.notation import Defenses
from core.systems.base import Application, Dealt, RuleSystem, StatField
from core.table.numbers import minions_defeated
from core.text.i18n import N_, clauses, game_term, ntr, ptr, tr

SEVERITY = {0: N_("none"), 1: "Minor", 2: "Major", 3: "Severe", 4: "Massive"}
MIXED = "physical and magic"    # the kind of a hit that deals both (RULES §3 Decision)



def _amounts(by_kind: dict[str, int]) -> str:
    """``7 physical, 3 magic``."""
    return ", ".join(tr("{amount} {kind}", amount=v, kind=game_term(k)) for k, v in by_kind.items())


def _severity_words(total: int, severity: int) -> str:
    """``9 Major`` (the severity's word a game term, kept as the game prints it)."""
    return tr("{total} {severity}", total=total, severity=tr(SEVERITY[severity]) if severity == 0
              else SEVERITY[severity])

class Daggerheart(RuleSystem):
    """Daggerheart's damage thresholds, Hit Point and Armor slots."""

    id = "daggerheart"
    name = "Daggerheart"
    example_name = N_("Acid Burrower")
    example_defenses = N_("resistance physical")     # thresholds are the Major and Severe fields
    example_damage = (N_("2d10+3 physical"), N_("14 magic"))
    # Decision: only a successful reaction roll halves; other results leave damage whole.
    save_choices = (None, "critical-success", "success", "failure", "critical-failure")
    # RULES §3: a reaction roll succeeds or fails, so the form offers those two; the other
    # degrees stay accepted (they leave damage whole), and a PC's matching Duality Dice roll
    # a critical success (RULES §10), shown as rolled
    save_offered = (None, "success", "failure")
    save_words = N_("reaction roll")
    reaction_traits = DAGGERHEART_TRAITS     # a PC's reaction roll adds the one named (RULES §10)
    has_initiative = False      # RULES §7: the GM orders the list; no rounds, only Fear
    counts_rounds = False
    has_armor_slots = True
    has_direct_damage = True
    has_nonlethal = False       # RULES §3 has no nonlethal damage: the form offers none
    has_stress = True           # RULES §7: Stress slots (a stat field), marked and cleared
    totals_hits = True          # RULES §3: one move's hits are totalled before thresholds
    heal_tracks = ("hp", "armor", "stress")
    rule_options = ("massive_damage",)
    track_slots = True
    track_width = 29
    counted_results = (("hp_marked", N_("HP marked"), True),)
    current_tracks = (("hp_marked", N_("HP marked"), "hp"), ("armor_marked", N_("Armor marked"), "armor"),
                      ("stress_marked", N_("Stress marked"), "stress"))
    stand_in_tracks = ()        # slots are few: calc's stand-in keeps the defaults
    stat_fields = (StatField("hp", N_("HP slots"), 6), StatField("major", N_("Major"), 7),
                   StatField("severe", N_("Severe"), 14), StatField("armor", N_("Armor slots"), 3),
                   StatField("stress", N_("Stress slots"), 6))

    def _set_stats(self, c: Creature, stats: dict[str, int], editing: bool = False) -> None:
        defaults = {"hp": 6, "major": 7, "severe": 14, "armor": 0, "stress": 6}
        for key, default in defaults.items():
            if key in stats or not editing:
                value = stats.get(key, default)
                if key == "hp":
                    c.max_hp = value
                    c.hp_marked = min(c.hp_marked, value)
                else:
                    setattr(c, key, value)
        c.armor_marked = min(c.armor_marked, c.armor)
        c.stress_marked = min(c.stress_marked, c.stress)
        if c.major is not None and c.severe is not None and c.severe < c.major:
            raise ValueError(tr('the Severe threshold ({severe}) is below Major ({major})', severe=c.severe, major=c.major))

    def _critical_part(self, rolled: RolledPart, index: int, mult: int, rng: RandomSource,
                       settings: dict[str, Any]) -> RolledPart:
        part = rolled.part
        if part.amount is not None:
            # a critical adds the dice's maximum to a normal roll (modifier once)
            extra = sum(t.sign * t.count * t.sides for t in part.amount.dice)
            return RolledPart(part, rolled.value, rolled.faces, rolled.value + extra, rolled.faces)
        return rolled

    def _deal(self, work: Creature, defenses: Defenses, applied: Application,
              steps: Breakdown) -> Dealt:
        """Total every hit per type, apply immunity/resistance, then thresholds and armor."""
        roll, save, settings = applied.roll, applied.save, applied.settings
        crit = bool(applied.critical) or bool(roll.critical)
        by_kind: dict[str, int] = {}
        for index, hit in enumerate(roll.hits):
            hit_total = self._hit_total(hit, crit, save, steps)
            for k, v in hit_total.items():
                by_kind[k] = by_kind.get(k, 0) + v
            if len(roll.hits) > 1:
                steps.add("note", tr("hit {number}: {damage}", number=index + 1,
                                     damage=_amounts(hit_total)))
        if len(roll.hits) > 1:  # RULES §5: several hits are totalled before thresholds
            steps.add("merge", tr("totalled before thresholds: {amounts}", amounts=_amounts(by_kind)))
        total = sum(self._defend(defenses, kind, value, steps) for kind, value in by_kind.items())
        if len(by_kind) > 1:
            steps.add("total", tr("total: {total}", total=total))
        severity = self._severity(work, total, settings, steps)
        if applied.armor_slot and severity > 0:
            severity = self._armor_slot(work, severity, applied.direct, steps)
        marked = min(severity, (work.max_hp or 0) - work.hp_marked)
        more = minions_defeated(work, total)
        if "minion" in work.numbers and total > 0:
            marked = self._minion(work, total, more, steps)
        if marked:
            before = work.hp_marked
            work.hp_marked += marked
            steps.add("track", tr("mark {count} HP: {before} → {after} of {slots}", count=marked,
                                  before=before, after=work.hp_marked, slots=work.max_hp))
            self._all_hp_marked(work, steps)
        dealt = _severity_words(total, severity)
        if self.status(work) == "ok":
            summary = tr("{dealt}: {count} HP", dealt=_severity_words(total, severity), count=marked)
        else:
            summary = tr("{dealt}: {count} HP ({status})", dealt=_severity_words(total, severity),
                         count=marked, status=self.status_words(work))
        return Dealt(total, marked, dealt, summary, more)

    def _hit_total(self, hit: tuple[RolledPart, ...], crit: bool, save: str | None,
                   steps: Breakdown) -> dict[str, int]:
        """One hit's damage per kind (physical, magic, or mixed), a success halving it."""
        hit_total: dict[str, int] = {}
        for rp in hit:
            if rp.part.amount is None:
                continue
            value = self._part_value(rp, crit, steps)
            kind = rp.part.type or "physical"
            hit_total[kind] = hit_total.get(kind, 0) + value
        if len(hit_total) > 1:
            # RULES §3 Decision: one hit dealing physical and magic is one mixed kind
            hit_total = {MIXED: sum(hit_total.values())}
        if save == "success":
            halved = {k: math.ceil(v / 2) for k, v in hit_total.items()}
            steps.add("scale", tr("reaction roll success: half, rounded up: {shares}", shares=", ".join(
                f"{game_term(k)} {hit_total[k]} → {halved[k]}"
                for k in hit_total)))
            hit_total = halved
        elif save == "critical-success":   # RULES §3 Decision: only a success halves; said
            steps.add("note", tr("reaction roll critical success: the damage stays whole (only a "
                                 "success halves it; set success to halve)"))
        return hit_total

    @staticmethod
    def _part_value(rp: RolledPart, crit: bool, steps: Breakdown) -> int:
        """A part's roll (a critical adds the dice's maximum), a negative roll counting as 0."""
        value = rp.crit_value if crit and rp.crit_value is not None else rp.value
        if crit and rp.part.amount is not None and rp.part.amount.is_constant:
            # RULES §1: say what a typed total cannot do
            steps.add("scale", tr("critical: no dice known for a typed total ({part}), so no maximum "
                                  "added; write the dice rolled, e.g. 2d8+1=10", part=rp.part.label))
        elif crit and rp.crit_value is not None:
            faces = f"({', '.join(map(str, rp.faces))}) " if rp.faces else ""
            steps.add("scale", tr("critical: {part} max {maximum} + roll {faces}{roll} = {total}",
                                  part=rp.part.label, maximum=rp.crit_value - rp.value, faces=faces,
                                  roll=rp.value, total=value))
        else:
            steps.add("roll", tr("roll: {parts}", parts=rp.describe()))
        if value < 0:
            steps.add("floor", tr("negative roll {value} counts as 0", value=value))
            value = 0
        return value

    @staticmethod
    def _minion(work: Creature, total: int, more: int, steps: Breakdown) -> int:
        """RULES §9 Minion (X): any damage defeats it (every HP marked), and says how many more."""
        minion = work.numbers["minion"]
        if more:
            steps.add("track", ntr("Minion ({minion}): any damage defeats it; {total} damage defeats "
                                   "{count} more Minion in range (you pick them)",
                                   "Minion ({minion}): any damage defeats it; {total} damage defeats "
                                   "{count} more Minions in range (you pick them)", more,
                                   minion=minion, total=total))
        else:
            steps.add("track", tr("Minion ({minion}): any damage defeats it", minion=minion))
        return (work.max_hp or 0) - work.hp_marked

    @staticmethod
    def _armor_slot(work: Creature, severity: int, direct: bool, steps: Breakdown) -> int:
        """RULES §3: marking an Armor Slot lowers the severity one step (not direct damage)."""
        if direct:
            steps.add("armor", tr("direct damage: an Armor Slot cannot reduce it"))
        elif work.armor_marked >= work.armor:
            steps.add("armor", tr("no unmarked Armor Slot left"))
        else:
            work.armor_marked += 1
            steps.add("armor", tr("Armor Slot marked ({marked}/{slots}): {before} → {after}",
                                  marked=work.armor_marked, slots=work.armor,
                                  before=tr(SEVERITY[severity]), after=tr(SEVERITY[severity - 1])))
            return severity - 1
        return severity

    @staticmethod
    def _all_hp_marked(work: Creature, steps: Breakdown) -> None:
        """Every HP marked: a PC makes a death move, an adversary is defeated."""
        if work.max_hp and work.hp_marked >= work.max_hp:
            cond = "death-move" if work.pc else "defeated"
            if cond not in work.conditions:
                work.conditions.add(cond)
                steps.add("track", tr("every HP marked: make a death move") if work.pc
                          else tr("every HP marked: defeated"))

    @staticmethod
    def _defend(defenses: Defenses, kind: str, value: int, steps: Breakdown) -> int:
        """Immunity or resistance (half, rounded up) on the move's total of one kind of hit."""
        types = ("physical", "magic") if kind == MIXED else (kind,)
        immune = [any(e.matches(frozenset({t, "all"})) for e in defenses.immunities) for t in types]
        resist = [i or any(e.matches(frozenset({t, "all"})) for e in defenses.resistances)
                  for t, i in zip(types, immune, strict=True)]
        if all(immune):
            steps.add("immunity", tr("immune to {kind}: {before} → {after}", kind=game_term(kind),
                                     before=value, after=0))
            return 0
        if all(resist):
            halved = math.ceil(value / 2)
            steps.add("resistance", tr("resistance {kind}: {before} → {after} (half, rounded up)",
                                       kind=game_term(kind), before=value, after=halved))
            return halved
        if kind == MIXED and any(resist):
            steps.add("resistance", tr("{kind} {value}: physical and magic in one hit, resisted only "
                                       "by a creature resistant or immune to both",
                                       kind=game_term(kind), value=value))
        return value

    def _severity(self, work: Creature, total: int, settings: dict[str, Any], steps: Breakdown) -> int:
        """RULES §3 thresholds; §8 Decision: ``None`` (no thresholds) marks 1 HP for any
        damage, and ``4/None`` (no Severe) marks at most 2 HP."""
        major, severe = work.major or 0, work.severe or 0
        if total <= 0:
            steps.add("threshold", tr("0 damage: nothing marked"))
            return 0
        if not major and not severe:
            steps.add("threshold", tr("{total}, no thresholds: any damage marks 1 HP", total=total))
            return 1
        if settings.get("massive_damage") and severe and total >= 2 * severe:
            steps.add("threshold", tr("{total} ≥ twice Severe {severe}: Massive, 4 HP (optional rule)",
                                      total=total, severe=severe))
            return 4
        if severe and total >= severe:
            steps.add("threshold", tr("{total} ≥ Severe {severe}: 3 HP", total=total, severe=severe))
            return 3
        if major and total >= major:
            steps.add("threshold", tr("{total} ≥ Major {major}: 2 HP", total=total, major=major) if severe
                      else tr("{total} ≥ Major {major}: 2 HP (no Severe threshold)", total=total,
                              major=major))
            return 2
        steps.add("threshold", tr("{total} below Major {major}: Minor, 1 HP", total=total, major=major))
        return 1

    def _heal(self, work: Creature, amount: int, track: str | None, steps: Breakdown) -> None:
        track = track or "hp"
        field = {"hp": "hp_marked", "armor": "armor_marked", "stress": "stress_marked"}.get(track)
        if field is None:
            raise ValueError(tr('Daggerheart clears hp, armor or stress slots, not {track}', track=repr(track)))
        before = getattr(work, field)
        setattr(work, field, max(0, before - amount))
        cleared = before - getattr(work, field)
        if track == "stress":  # in the words marking Stress uses
            steps.add("track", tr("clear {count} Stress: {before} → {after} of {slots}", count=cleared,
                                  before=before, after=work.stress_marked, slots=work.stress))
        elif track == "hp":
            steps.add("track", tr("clear {count} hp slot(s): {before} → {after} marked", count=cleared,
                                  before=before, after=work.hp_marked))
        else:
            steps.add("track", tr("clear {count} armor slot(s): {before} → {after} marked",
                                  count=cleared, before=before, after=work.armor_marked))
        if track == "stress" and work.pc and before == work.stress and getattr(work, field) < before \
                and "vulnerable" in work.conditions:
            work.conditions.discard("vulnerable")  # RULES §7: Vulnerable until a Stress is cleared
            steps.add("track", tr("no longer {condition}", condition=game_term("vulnerable")))
        if track == "hp" and work.hp_marked < (work.max_hp or 0):
            for cond in ("death-move", "defeated"):
                if cond in work.conditions:
                    work.conditions.discard(cond)
                    steps.add("track", tr("no longer {condition}", condition=game_term(cond)))

    def resolve_stress(self, creature: Creature, amount: int) -> Outcome:
        """Mark Stress (RULES §7): what does not fit marks 1 HP; the last slot makes a PC Vulnerable."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise ValueError(tr('Stress to mark is a whole number of 1 or more, not {amount}', amount=repr(amount)))
        work = creature.clone()
        steps = Breakdown()
        fits = min(amount, max(0, work.stress - work.stress_marked))
        if fits:
            before = work.stress_marked
            work.stress_marked += fits
            steps.add("track", tr("mark {count} Stress: {before} → {after} of {slots}", count=fits,
                                  before=before, after=work.stress_marked, slots=work.stress))
            # RULES §7 Decision (the SRD): player characters only; an adversary is never made
            # Vulnerable by its last Stress
            if work.pc and work.stress_marked == work.stress and "vulnerable" not in work.conditions:
                work.conditions.add("vulnerable")
                steps.add("track", tr("last Stress marked: vulnerable until a Stress is cleared"))
        marked = 0
        if amount > fits:
            # one HP however many Stress did not fit (RULES §7)
            marked = min(1, (work.max_hp or 0) - work.hp_marked)
            before = work.hp_marked
            work.hp_marked += marked
            steps.add("track", tr("{count} Stress with no slot left: mark 1 HP instead: {before} → "
                                  "{after} of {slots}", count=amount - fits, before=before,
                                  after=work.hp_marked, slots=work.max_hp))
            self._all_hp_marked(work, steps)
        summary = clauses(steps.lines())
        return self._outcome(creature, work, 0, steps, hp_marked=marked, summary=summary)

    def resolve_minion_defeat(self, creature: Creature, source: str) -> Outcome:
        """RULES §9 Minion (X): a Minion the GM picked as defeated by the hit on ``source``
        (every HP marked: defeated), not damaged; what it would do, touching nothing."""
        if "minion" not in creature.numbers:
            raise ValueError(tr("{name} is not a Minion: only Minions fall to another's hit",
                                name=creature.name))
        work = creature.clone()
        steps = Breakdown()
        marked = (work.max_hp or 0) - work.hp_marked
        work.hp_marked += marked
        steps.add("track", tr("Minion: defeated by the hit on {source} (Minion ({minion}), picked by "
                              "the GM)", source=source, minion=creature.numbers["minion"]))
        self._all_hp_marked(work, steps)
        return self._outcome(creature, work, 0, steps, hp_marked=marked, summary=tr("defeated (Minion)"),
                             dealt=tr("defeated"))

    def track_text(self, creature: Creature) -> str:
        """``HP ■■□□□□ A ■□□ S ■■□□□□ 7/14``."""
        def slots(marked: int, total: int) -> str:
            return "■" * marked + "□" * max(0, total - marked)
        words = [f"HP {slots(creature.hp_marked, creature.max_hp or 0)}"]
        # the slots' initials: A(rmor), S(tress); ア, ス in Japanese
        armor, stress = ptr("Armor Slots, one letter", "A"), ptr("Stress, one letter", "S")
        if creature.armor:
            words.append(f"{armor} {slots(creature.armor_marked, creature.armor)}")
        if creature.stress:
            words.append(f"{stress} {slots(creature.stress_marked, creature.stress)}")
        words.append(f"{creature.major}/{creature.severe}")
        return " ".join(words)

    def track_fraction(self, creature: Creature) -> float:
        """Unmarked HP slots as a fraction."""
        total = creature.max_hp or 0
        return (total - creature.hp_marked) / total if total else 0.0

    # ------------------------------------------------------------------ status after an edit
    def settle_status(self, work: Creature, before: Creature) -> list[str]:
        """Slots edited (RULES §3, §7): every HP marked is a death move (PC) or defeated
        (adversary), and no longer once one is clear; the last Stress marked is Vulnerable
        until one is clear. Only a change of the slots settles (a GM's own condition stays)."""
        steps = Breakdown()
        if (work.hp_marked, work.max_hp) != (before.hp_marked, before.max_hp):
            if work.max_hp and work.hp_marked >= work.max_hp:
                self._all_hp_marked(work, steps)
            elif before.max_hp and before.hp_marked >= before.max_hp:
                for cond in ("death-move", "defeated"):
                    if cond in work.conditions:
                        work.conditions.discard(cond)
                        steps.add("track", tr("an HP slot clear: no longer {condition}",
                                              condition=game_term(cond)))
        if (work.stress_marked, work.stress) != (before.stress_marked, before.stress):
            full = bool(work.stress) and work.stress_marked >= work.stress
            was_full = bool(before.stress) and before.stress_marked >= before.stress
            if work.pc and full and not was_full and "vulnerable" not in work.conditions:
                work.conditions.add("vulnerable")
                steps.add("track", tr("last Stress marked: vulnerable until a Stress is cleared"))
            elif work.pc and was_full and not full and "vulnerable" in work.conditions:
                work.conditions.discard("vulnerable")
                steps.add("track", tr("a Stress cleared: no longer vulnerable"))
        return list(steps.lines())
