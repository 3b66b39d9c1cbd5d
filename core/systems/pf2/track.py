"""The PF2 family's HP track: damage off temp HP then HP, healing back on, a GM's edit settled."""

from __future__ import annotations

from core.creature.model import Breakdown, Creature
from core.systems.pf2.dying import Pf2Dying, dying_words, wounded_words
from core.text.i18n import game_term, tr


class Pf2Track(Pf2Dying):
    """HP and temp HP: what damage takes (RULES §2 Step 4), healing gives back, an edit leaves."""

    def _set_stats(self, c: Creature, stats: dict[str, int], editing: bool = False) -> None:
        if "hp" in stats:
            old_max = c.max_hp
            c.max_hp = stats["hp"]
            c.hp = stats["hp"] if not editing or c.hp is None or old_max is None else \
                max(0, min(stats["hp"], c.hp + stats["hp"] - old_max))
        elif not editing and c.hp is None:
            c.hp = c.max_hp = 10
        if "temp_hp" in stats:
            c.temp_hp = stats["temp_hp"]

    def _track(self, work: Creature, damage: int, wounds: int, crit: bool, nonlethal: bool,
               steps: Breakdown, massive_check: bool = True) -> None:
        """Step 4: temp HP first, then HP; massive damage; 0 HP: dying, unconscious or dead."""
        if damage <= 0 and not wounds:
            return
        if "dead" in work.conditions:
            steps.add("track", tr("already dead"))
            return
        if work.hp is None:
            return
        self._lose_hp(work, damage, steps)
        if massive_check and not nonlethal and work.max_hp and damage >= 2 * work.max_hp:
            self._die(work, steps, tr("massive damage ({damage} ≥ twice max HP {max_hp}): dead",
                                      damage=damage, max_hp=work.max_hp))
            return
        if work.hp == 0 and damage > 0:
            self._at_zero_hp(work, crit, nonlethal, steps)

    @staticmethod
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

    def _heal(self, work: Creature, amount: int, track: str | None, steps: Breakdown) -> None:
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

    def track_text(self, creature: Creature) -> str:
        """``38/45 +5``."""
        temp = f" +{creature.temp_hp}" if creature.temp_hp else ""
        return f"{creature.hp}/{creature.max_hp}{temp}"

    def track_fraction(self, creature: Creature) -> float:
        """HP as a fraction of max HP."""
        return (creature.hp or 0) / creature.max_hp if creature.max_hp else 0.0

    # ------------------------------------------------------------------ status after an edit
    def settle_status(self, work: Creature, before: Creature) -> list[str]:
        """HP edited (RULES §2 Step 4, issue 9 item 4): brought to 0, a PC is dying 1 plus its
        wounded value and unconscious, a non-PC dead (the Decision for lethal damage); raised
        above 0, dying ends with wounded +1 and an unconscious creature wakes, as healing does."""
        steps = Breakdown()
        if "dead" in work.conditions or work.hp is None \
                or (work.hp, work.max_hp) == (before.hp, before.max_hp):
            return []
        if work.hp <= 0 and not work.conditions & {"dying", "unconscious"}:
            if not work.pc:
                self._die(work, steps, tr("0 HP: dead (a non-PC dies at 0 HP)"))
                return list(steps.lines())
            work.dying = 1 + work.wounded
            work.conditions |= {"dying", "unconscious"}
            steps.add("track", dying_words(1, work))
            dead: list[str] = []
            self.recheck_dying(work, dead)
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
