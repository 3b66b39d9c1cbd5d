"""d20 System 3.0: critical multipliers, subdual damage, disabled/dying/dead."""

from __future__ import annotations

from typing import Any

from core.creature.model import Breakdown, Creature, Outcome, RolledPart
from core.dice.expression import RandomSource, _default_rng
from core.notation import DAMAGE_REDUCTION, DefenseEntry, Defenses
from core.notation.damage import is_nothing
from core.systems.base import Application, AttackRoll, Dealt, RuleSystem, StatField, halve_shared
from core.text.i18n import N_, game_term, listing, tr

# One part of a d20-3e hit as [rolled part, the damage it deals now]; each rule changes the value.
Share = list[Any]
# Immunities that name a rule, not a damage type
_SPECIAL_IMMUNITIES = ("critical-hits", "nonlethal", "precision", "persistent")


def _type_word(rp: RolledPart) -> str:
    """A part's damage type in the language spoken, ``damage`` when it has none."""
    return game_term(rp.part.type) if rp.part.type else tr("damage")


def _total_words(lethal: int, subdual: int, kinds: list[bool]) -> str:
    """``total: 7 + 3 subdual``: the lethal and the subdual damage of one hit."""
    word = game_term("subdual")
    if all(kinds):
        return tr("total: {subdual} {word}", subdual=subdual, word=word)
    if any(kinds):
        return tr("total: {lethal} + {subdual} {word}", lethal=lethal, subdual=subdual, word=word)
    return tr("total: {total}", total=lethal)

class D20System(RuleSystem):
    """The d20 System 3.0."""

    id = "d20-3e"
    name = "d20 System 3.0"
    save_choices = (None, "success", "failure")
    save_words = N_("Reflex half")
    stat_fields = (StatField("hp", N_("HP"), 10), StatField("temp_hp", N_("Temp HP"), 0))
    dying_check_at = "end"      # RULES §7: stabilisation at the end of a dying creature's turn
    dying_check_die = 100
    attack_helper = True
    critical_multipliers = (2, 3, 4)    # a weapon's ×2, ×3, ×4 (calc takes up to MAX_MULTIPLIER)
    example_name = N_("Gargoyle")
    example_defenses = N_("DR 5/magic; fire resistance 10")
    example_damage = (N_("1d8+3 slashing"), N_("9 slashing"))
    track_width = 22
    current_tracks = (("hp", N_("HP now"), "hp"), ("subdual", N_("Subdual"), None))
    negative_hp = True          # RULES §4: 0 disabled, -1 to -9 dying, -10 dead

    def _set_stats(self, c: Creature, stats: dict[str, int], editing: bool = False) -> None:
        if "hp" in stats or not editing:
            value = stats.get("hp", 10)
            old_max = c.max_hp
            c.max_hp = value
            c.hp = value if not editing or c.hp is None or old_max is None else \
                min(value, c.hp + value - old_max)
        if "temp_hp" in stats:
            c.temp_hp = stats["temp_hp"]

    def _critical_part(self, rolled: RolledPart, index: int, mult: int, rng: RandomSource,
                       settings: dict[str, Any]) -> RolledPart:
        part = rolled.part
        if part.amount is None or part.on_crit:
            return rolled
        if index == 0 or part.amount.is_constant:
            # the first part (dice and modifiers) is rolled `mult` times; a flat later part multiplies
            total, faces = rolled.value, list(rolled.faces)
            for _ in range(mult - 1):
                again = part.amount.roll_again(rng)  # 1d8+4=9: the app rolls the extra rolls
                total += again[0]
                faces += again[1]
            return RolledPart(part, rolled.value, rolled.faces, total, tuple(faces))
        return RolledPart(part, rolled.value, rolled.faces, rolled.value, rolled.faces)

    def check_save(self, save: str | None) -> None:
        """Only "success" (half) and "failure" exist in 3.0."""
        if save in ("critical-success", "critical-failure"):
            raise ValueError(tr("{save} does not exist in d20 System 3.0; use 'success' or 'failure'", save=repr(save)))
        super().check_save(save)

    def _deal(self, work: Creature, defenses: Defenses, applied: Application,
              steps: Breakdown) -> Dealt:
        """Each hit: roll (×multiplier), halve on a save, floor 1, defenses, then HP/subdual."""
        roll, critical, save, nonlethal = applied.roll, applied.critical, applied.save, applied.nonlethal
        mult = self._multiplier(critical) or roll.critical
        if mult and defenses.has_immunity("critical-hits"):
            mult = 0
        if (critical or roll.critical) and not mult:
            steps.add("immunity", tr("immune to critical hits: a normal hit"))
        total = 0
        for hit in roll.hits:
            parts = self._rolled_parts(hit, mult, steps)
            if not parts:
                continue
            self._halve_and_floor(parts, save, steps, evasion_of(work))
            # RULES §4: subdual is its own running total, a part at a time (a sap beside a
            # blade); the lethal damage goes first, so temporary HP never absorb subdual
            kinds = [_is_subdual(rp, nonlethal) for rp, _ in parts]
            self._defend(parts, kinds, defenses, steps)
            lethal = sum(v for (_, v), sub in zip(parts, kinds, strict=True) if not sub)
            subdual = sum(v for (_, v), sub in zip(parts, kinds, strict=True) if sub)
            steps.add("total", _total_words(lethal, subdual, kinds))
            total += lethal + subdual
            self._track(work, lethal, False, steps)
            self._track(work, subdual, True, steps)
        return Dealt(total)

    @staticmethod
    def _rolled_parts(hit: tuple[RolledPart, ...], mult: int, steps: Breakdown) -> list[Share]:
        """The hit's parts that deal damage now, each as [rolled part, value], and the roll step."""
        parts: list[Share] = [[rp, rp.crit_value if mult and rp.crit_value is not None else rp.value]
                 for rp in hit if rp.part.amount is not None and (mult or not rp.part.on_crit)]
        if parts and mult:
            steps.add("scale", tr("critical ×{multiplier}: {parts}", multiplier=mult, parts=", ".join(
                D20System._critical_text(rp, v, mult) for rp, v in parts)))
        elif parts:
            # each part's label is in 3.0's own words: "subdual", never "nonlethal"
            steps.add("roll", tr("roll: {parts}", parts=listing(rp.describe() for rp, _ in parts)))
        return parts

    @staticmethod
    def _critical_text(rp: RolledPart, value: int, mult: int) -> str:
        """One part of a critical, every roll shown with its modifier (RULES §4): the weapon's
        dice ``1d8+3 = (4)+3 + (6)+3 = 16``; extra dice ``1d6 fire (5) = 5, not multiplied``;
        a flat part ``2 cold ×2 = 4``; an on-crit extra ``2 fire on-crit = 2``."""
        amount, label = rp.part.amount, rp.part.label
        if rp.part.on_crit or amount is None:
            return f"{label} = {value}"
        if amount.is_constant:
            return f"{label} ×{mult} = {value}"
        if len(rp.crit_faces) == len(rp.faces):  # the same dice: rolled once
            return tr("{part}, not multiplied", part=rp.describe())
        modifier = f"{amount.modifier:+d}" if amount.modifier else ""
        faces, count = rp.crit_faces, amount.dice_count
        rolls = [f"({', '.join(map(str, faces[at:at + count]))}){modifier}"
                 for at in range(0, len(faces), count)]
        if amount.rolled is not None:  # the GM's own roll, then the app's extra rolls
            rolls.insert(0, tr("{total} at the table", total=amount.rolled))
        return f"{label} = " + " + ".join(rolls) + f" = {value}"

    @staticmethod
    def _halve_and_floor(parts: list[Share], save: str | None, steps: Breakdown,
                         evasion: str = "") -> None:
        """A part counts as no less than 0; a Reflex half, or Evasion's none (RULES §10); a hit
        deals at least 1 (RULES §1, §4)."""
        for entry in parts:
            entry[1] = max(0, entry[1])
        before = sum(v for _, v in parts)
        if save == "success" and evasion:
            for entry in parts:
                entry[1] = 0
            steps.add("scale", tr("improved evasion: a successful Reflex save takes no damage: "
                                  "{before} → 0", before=before) if evasion == "improved evasion"
                      else tr("evasion: a successful Reflex save takes no damage: {before} → 0",
                              before=before))
            return
        if save == "failure" and evasion == "improved evasion":
            for entry, share in zip(parts, halve_shared([v for _, v in parts]), strict=True):
                entry[1] = share
            steps.add("scale", tr("improved evasion: a failed Reflex save takes half, rounded down: "
                                  "{before} → {after}", before=before, after=sum(v for _, v in parts)))
        if save == "success":
            # RULES §4 Decision: the hit's total is halved once, rounding down, shared as in pf2e
            before = [v for _, v in parts]
            for entry, share in zip(parts, halve_shared(before), strict=True):
                entry[1] = share
            after = sum(v for _, v in parts)
            if len(parts) > 1:
                shared = ", ".join(f"{_type_word(rp)} {v}"
                                   for rp, v in parts)
                steps.add("scale", tr("save success: half the total, rounded down: {before} → {after} "
                                      "({shares})", before=sum(before), after=after, shares=shared))
            else:
                steps.add("scale", tr("save success: half the total, rounded down: {before} → {after}",
                                      before=sum(before), after=after))
        nothing = all(rp.part.amount is not None and is_nothing(rp.part.amount) for rp, _ in parts)
        if sum(v for _, v in parts) <= 0 and not nothing:   # RULES §10: a bare 0 deals nothing
            parts[0][1] = 1
            for entry in parts[1:]:
                entry[1] = 0
            steps.add("floor", tr("minimum damage: a hit deals at least 1"))

    def _defend(self, parts: list[Share], subdual: list[bool], defenses: Defenses,
                steps: Breakdown) -> None:
        """Immunities and weaknesses part by part, then damage reduction and energy resistance;
        ``subdual`` says which parts are subdual damage."""
        vocab = self.vocabulary
        keys = [vocab.keys_for(rp.part.type, rp.part.traits) for rp, _ in parts]
        for entry, part_keys, is_subdual in zip(parts, keys, subdual, strict=True):
            self._immunity_or_weakness(entry, part_keys, defenses, is_subdual, steps)
        # RULES §4 Decision: damage reduction once per hit, from the parts that are not energy
        weapon = [i for i, (rp, _) in enumerate(parts) if self._weapon_damage(rp.part.type)]
        # Decision: it comes off the lethal parts first, so the typed order never matters
        weapon.sort(key=lambda i: subdual[i])
        reductions = [e for e in defenses.resistances if e.kind == DAMAGE_REDUCTION]
        self._bypassed(parts, keys, weapon, reductions, steps)
        self._reduce_once(parts, keys, weapon, reductions, "", steps)
        # energy resistance: up to its value in all from that energy's parts of the hit
        resist = [e for e in defenses.resistances if e.kind != DAMAGE_REDUCTION]
        for kind in dict.fromkeys(rp.part.type for i, (rp, _) in enumerate(parts) if i not in weapon):
            group = [i for i, (rp, _) in enumerate(parts) if rp.part.type == kind]
            self._reduce_once(parts, keys, group, resist, kind, steps)

    @staticmethod
    def _immunity_or_weakness(entry: Share, keys: frozenset[str], defenses: Defenses, subdual: bool,
                              steps: Breakdown) -> None:
        """RULES §4: an immunity removes the part; else the highest weakness adds to it."""
        rp, value = entry
        label = _type_word(rp)
        if any(e.matches(keys) for e in defenses.immunities if e.selector not in _SPECIAL_IMMUNITIES):
            steps.add("immunity", tr("immune: {part} {before} → {after}", part=label, before=value,
                                     after=0))
            entry[1] = 0
        elif subdual and defenses.has_immunity("nonlethal"):
            steps.add("immunity", tr("immune to {subdual} damage: {part} {before} → {after}",
                                     subdual=game_term("subdual"), part=label, before=value, after=0))
            entry[1] = 0
        else:
            weak = max((e for e in defenses.weaknesses if e.matches(keys)),
                       key=lambda e: e.value, default=None)
            if weak and value > 0:
                steps.add("weakness", tr("{defense}: {part} {before} → {after}",
                                         defense=weak.describe(), part=label, before=value,
                                         after=value + weak.value))
                entry[1] = value + weak.value

    def _weapon_damage(self, damage_type: str | None) -> bool:
        """Untyped, bludgeoning, piercing, slashing (and subdual): what damage reduction reduces."""
        return damage_type in (None, "untyped") or self.vocabulary.types.get(damage_type) == "physical"

    @staticmethod
    def _bypassed(parts: list[Share], keys: list[frozenset[str]], group: list[int],
                  reductions: list[DefenseEntry], steps: Breakdown) -> None:
        """Say which damage reduction the hit's material or magic bypassed (a silver
        weapon against DR 15/silver showed no line at all)."""
        for entry in reductions:
            hit = [i for i in group if parts[i][1] > 0 and entry.selector in keys[i]]
            by = sorted({word for i in hit for word in entry.exceptions & keys[i]})
            if hit and by and not any(entry.matches(keys[i]) for i in hit):
                words = tr(" and ").join(game_term("magic" if word == "magical" else word)
                                         for word in by)
                steps.add("resistance", tr("{defense}: bypassed by {words}", defense=entry.describe(),
                                           words=words))

    @staticmethod
    def _reduce_once(parts: list[Share], keys: list[frozenset[str]], group: list[int], entries: list[DefenseEntry],
                     kind: str | None, steps: Breakdown) -> None:
        """Subtract the one entry that removes the most, once, from the group's parts in order."""
        best, removes = None, 0
        for e in entries:
            matched = sum(parts[i][1] for i in group if e.matches(keys[i]))
            if min(e.value, matched) > removes:
                best, removes = e, min(e.value, matched)
        if best is None:
            return
        before = sum(parts[i][1] for i in group)
        left = removes
        for i in group:
            if left and best.matches(keys[i]):
                cut = min(left, parts[i][1])
                parts[i][1] -= cut
                left -= cut
        if best.kind == DAMAGE_REDUCTION:
            steps.add("resistance", tr("{defense}: {before} → {after}", defense=best.describe(),
                                       before=before, after=before - removes))
        else:
            steps.add("resistance", tr("{type} resistance {value}: {type} {before} → {after}",
                                       type=game_term(kind or "untyped"), value=best.value,
                                       before=before, after=before - removes))

    def _track(self, work: Creature, damage: int, subdual: bool, steps: Breakdown) -> None:
        if damage <= 0 or "dead" in work.conditions or work.hp is None:
            return
        if subdual:
            before = work.subdual
            work.subdual += damage
            steps.add("track", tr("{subdual} {before} → {after}", subdual=game_term("subdual"),
                                  before=before, after=work.subdual))
        else:
            rest = damage
            if work.temp_hp:
                soak = min(work.temp_hp, rest)
                steps.add("track", tr("temp HP {before} → {after}", before=work.temp_hp,
                                      after=work.temp_hp - soak))
                work.temp_hp -= soak
                rest -= soak
            before = work.hp
            work.hp -= rest
            steps.add("track", tr("HP {before} → {after}", before=before, after=work.hp))
            if rest > 0 and "stable" in work.conditions:
                work.conditions.discard("stable")  # Decision: damage starts a stable creature dying again
                steps.add("track", tr("no longer {condition}", condition=game_term("stable")))
        self._update_status(work, steps)

    @staticmethod
    def _update_status(work: Creature, steps: Breakdown) -> None:
        """0 HP disabled, −1…−9 dying, −10 dead; subdual = HP staggered, > HP unconscious."""
        hp = work.hp or 0
        before = set(work.conditions)
        work.conditions -= {"disabled", "dying", "staggered", "unconscious"}
        if hp <= -10:
            work.conditions.add("dead")
        elif hp < 0:
            work.conditions |= {"unconscious"} if "stable" in work.conditions else {"dying", "unconscious"}
        elif hp == 0:
            work.conditions.add("disabled")
        if hp >= 0 or "dead" in work.conditions:
            work.conditions.discard("stable")
        if "dead" not in work.conditions and hp >= 0 and work.subdual:
            if work.subdual > hp:
                work.conditions.add("unconscious")
            elif work.subdual == hp:
                work.conditions.add("staggered")
        added = sorted(work.conditions - before)
        removed = sorted(before - work.conditions)
        if added or removed:
            words = [tr("now {condition}", condition=game_term(c)) for c in added] + \
                [tr("no longer {condition}", condition=game_term(c)) for c in removed]
            steps.add("track", listing(words))

    # ------------------------------------------------------------------ dying (RULES §7)
    def needs_dying_check(self, creature: Creature) -> bool:
        """A dying creature (−1 to −9 HP, not stable) checks at the end of its turn."""
        return "dying" in creature.conditions and "stable" not in creature.conditions \
            and "dead" not in creature.conditions

    def resolve_dying_check(self, creature: Creature, roll: int) -> Outcome:
        """Stabilisation: d% ≤ 10 stable; otherwise lose 1 HP (dead at −10)."""
        if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 100:
            raise ValueError(tr('a stabilisation check is a {die} roll from 1 to 100, not {roll}', die="d%",
                                roll=repr(roll)))
        if not self.needs_dying_check(creature):
            raise ValueError(tr('{name} is not dying', name=creature.name))
        work = creature.clone()
        steps = Breakdown()
        if roll <= 10:
            text = tr("stabilisation d% {roll} (10 or less): {stable}", roll=roll,
                      stable=game_term("stable"))
            work.conditions.discard("dying")
            work.conditions.add("stable")
            steps.add("track", text)
        else:
            text = tr("stabilisation d% {roll} (over 10): loses 1 HP", roll=roll)
            steps.add("track", tr("stabilisation d% {roll} (over 10): loses 1 HP: HP {before} → {after}",
                                  roll=roll, before=work.hp, after=(work.hp or 0) - 1))
            work.hp = (work.hp or 0) - 1
            self._update_status(work, steps)
        work.recovery_check = text
        return self._outcome(creature, work, 0, steps, summary=text)

    def _heal(self, work: Creature, amount: int, track: str | None, steps: Breakdown) -> None:
        if "dead" in work.conditions:
            steps.add("track", tr("dead: healing has no effect"))
            return
        before, sub = work.hp or 0, work.subdual
        work.hp = min(work.max_hp or 0, before + amount)
        work.subdual = max(0, sub - amount)
        steps.add("track", tr("heal {amount}: HP {before} → {after}, {subdual} {sub_before} → "
                              "{sub_after}", amount=amount, before=before, after=work.hp,
                              subdual=game_term("subdual"), sub_before=sub, sub_after=work.subdual))
        self._update_status(work, steps)

    def roll_attack(self, attack_bonus: int, ac: int, threat: int = 20,
                    rng: RandomSource | None = None) -> AttackRoll:
        """Natural 1 misses, natural 20 hits; a threat that hits is confirmed by a second roll."""
        if not 2 <= threat <= 20:
            raise ValueError(tr('a threat range starts between 2 and 20, not {threat}', threat=threat))
        rng = rng or _default_rng
        first = rng.randint(1, 20)
        total = first + attack_bonus
        if first == 1:
            return AttackRoll("miss", first, None, tr("natural 1 ({total} vs AC {ac}): miss",
                                                      total=total, ac=ac))
        hits = first == 20 or total >= ac
        if not hits:
            return AttackRoll("miss", first, None, tr("{roll}+{bonus} = {total} vs AC {ac}: miss",
                                                      roll=first, bonus=attack_bonus, total=total, ac=ac))
        if first < threat:
            return AttackRoll("hit", first, None, tr("{roll}+{bonus} = {total} vs AC {ac}: hit",
                                                     roll=first, bonus=attack_bonus, total=total, ac=ac))
        confirm = rng.randint(1, 20)
        ctotal = confirm + attack_bonus
        confirmed = confirm == 20 or (confirm != 1 and ctotal >= ac)
        values = {"roll": first, "bonus": attack_bonus, "total": total, "confirm": confirm,
                  "confirmed": ctotal, "ac": ac}
        text = tr("{roll}+{bonus} = {total}: threat; confirm {confirm}+{bonus} = {confirmed} vs AC "
                  "{ac}: critical", **values) if confirmed else \
            tr("{roll}+{bonus} = {total}: threat; confirm {confirm}+{bonus} = {confirmed} vs AC "
               "{ac}: hit", **values)
        return AttackRoll("critical" if confirmed else "hit", first, confirm, text)

    def track_text(self, creature: Creature) -> str:
        """``HP 6/12 sub 4``."""
        temp = f" +{creature.temp_hp}" if creature.temp_hp else ""
        sub = tr(" sub {value}", value=creature.subdual) if creature.subdual else ""
        return f"HP {creature.hp}/{creature.max_hp}{temp}{sub}"

    def track_fraction(self, creature: Creature) -> float:
        """HP as a fraction of max HP (0 below zero)."""
        return max(0, creature.hp or 0) / creature.max_hp if creature.max_hp else 0.0

    # ------------------------------------------------------------------ status after an edit
    def settle_status(self, work: Creature, before: Creature) -> list[str]:
        """HP or subdual edited (RULES §4): 0 HP disabled, −1…−9 dying, −10 dead; subdual equal
        to HP staggered, above it unconscious — the same check as after damage or healing."""
        track = ("hp", "max_hp", "subdual")
        if "dead" in work.conditions or work.hp is None \
                or all(getattr(work, k) == getattr(before, k) for k in track):
            return []
        steps = Breakdown()
        self._update_status(work, steps)
        return list(steps.lines())


def evasion_of(creature: Creature) -> str:
    """``improved evasion``, ``evasion`` or ``""``: what the creature's traits say (RULES §10);
    ``improved evasion`` may be one trait or the two words."""
    words = {t.replace("-", " ").replace("_", " ") for t in creature.traits}
    if "improved evasion" in words or {"improved", "evasion"} <= words:
        return "improved evasion"
    return "evasion" if "evasion" in words else ""


def _is_subdual(rolled: RolledPart, nonlethal: bool) -> bool:
    """A part deals subdual damage: the whole attack is subdual, or the part says so."""
    return nonlethal or "nonlethal" in rolled.part.traits
