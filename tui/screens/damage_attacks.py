"""The attack helper: the acting creature's attacks rolled against the target's AC (Evasion,
Difficulty) after conditions with the multiple attack penalty, and d20 3.0's threat helper."""

from __future__ import annotations

from textual.widgets import Static

from core.creature.model import Attack
from core.encounter.draft import restep, shown_attack
from core.table.attack_traits import dealt
from core.table.numbers import AttackResult, horde_damage
from core.text.i18n import tr
from tui.screens.damage_keys import ALT_DIGIT_CHARS
from tui.screens.damage_saves import RolledSaves
from tui.screens.dialogs import NumberInput
from tui.widgets.log_panel import NOTICE_WIDTH, fit_cells
from tui.widgets.notation_field import NotationField


class AttackHelper(RolledSaves):
    """Attack rolls in the damage form: alt+1…9 for the actor's attacks, alt+t for d20 3.0's."""

    def _fill_target_ac(self) -> None:
        """d20 3.0's helper starts on the first target's AC after conditions (issue 19)."""
        if not self.has_attack_helper:
            return
        numbers = self.encounter.numbers_of(self.target_ids[0])
        if "ac" in numbers:
            self.query_one("#attack-ac", NumberInput).value = str(numbers["ac"])

    def action_roll_attack(self) -> None:
        """d20 3.0: roll the attack (and a confirmation on a threat); a critical sets ×N."""
        if not self.has_attack_helper:
            return
        try:
            bonus, ac, threat = (self.query_one(f"#attack-{name}", NumberInput).number()
                                 for name in ("bonus", "ac", "threat"))
        except ValueError as error:
            self.query_one("#attack-result", Static).update(str(error))
            return
        try:
            attack = self.rules.roll_attack(bonus, ac, threat=threat, rng=self.rng)
        except ValueError as error:
            self.query_one("#attack-result", Static).update(str(error))
            return
        # the verdict first, in capitals: a long confirmation roll must not hide it
        self.draft.set_attack(attack)
        self.query_one("#attack-result", Static).update(f"{attack.result.upper()}: {attack.text}")
        self._show_options()
        self._recompute()
        if (self.focused is not None and (self.focused.id or "").startswith("attack-")):
            # rolled from the helper: the next enter applies what the preview now shows,
            # it does not roll again (a critical must not turn into a hit by a second enter)
            self.query_one("#damage", NotationField).focus_input()

    def actor_attacks(self) -> list[Attack]:
        """The attacks read from the acting creature's stat block."""
        actor = self.draft.actor
        return list(self.encounter.creature(actor).attacks) if actor else []

    def _show_attacks(self) -> None:
        """One line of the actor's attacks and their keys; hidden when it has none. A Horde with
        half its HP marked shows its X first: its attacks deal X (RULES §9)."""
        attacks = self.actor_attacks()[:9]
        line = self.query_one("#attacks", Static)
        line.styles.text_wrap, line.styles.text_overflow = "nowrap", "ellipsis"  # one line
        horde = self.horde_damage()
        words = [f"alt+{n} {a.label}" + (f" {a.bonus:+d}" if a.bonus is not None else "")
                 + ("" if horde else f" {a.damage}") for n, a in enumerate(attacks, 1)]
        actor = self.draft.actor
        atk = self.encounter.creature(actor).numbers.get("attack") if actor else None
        if not attacks and atk is not None:     # a Daggerheart adversary's ATK (issue 19)
            words = [f"alt+1 ATK {atk:+d}"]
        if horde:
            words.insert(0, tr("Horde: {damage} now (alt+h)", damage=horde))
        line.display = bool(words)
        line.update(" · ".join(words))

    def horde_damage(self) -> str:
        """The acting creature's Horde (X) damage once half its HP is marked, else ``""``."""
        actor = self.draft.actor
        return horde_damage(self.encounter.creature(actor)) if actor else ""

    def action_horde_damage(self) -> None:
        """Daggerheart: the acting Horde's damage X into the field (RULES §9 Horde (X))."""
        horde = self.horde_damage()
        if not horde:
            self.notify(tr("Horde damage: the acting creature (f2) is no Horde with half its HP marked."),
                        severity="warning")
            return
        field = self.query_one("#damage", NotationField)
        field.value = horde
        field.focus_input()

    def _attack_typed(self, text: str) -> bool:
        """alt+N from a terminal reached the field as a character (ALT_DIGIT_CHARS): use attack N."""
        for number, char in enumerate(ALT_DIGIT_CHARS, 1):
            if char in text:
                self.query_one("#damage", NotationField).value = text.replace(char, "")
                self.action_use_attack(number)
                return True
        return False

    last_attack: AttackResult | None = None
    """The attack the helper rolled last (issue 19): ``m`` reads it at another MAP step."""

    def action_use_attack(self, number: int) -> None:
        """Roll the actor's attack ``number`` against the highlighted target's AC (Evasion,
        Difficulty) after conditions and put its damage into the field (issue 19); an attack
        without a bonus only fills the field."""
        attacks = self.actor_attacks()
        actor = self.draft.actor
        atk = actor is not None and number == 1 and "attack" in self.encounter.creature(actor).numbers
        if not 1 <= number <= len(attacks) and not atk:
            self.notify(tr("The acting creature has no attack {number} from a stat block.", number=number),
                        severity="warning")
            return
        rolled = self._roll_attack_of(number - 1)
        printed = dealt(self.encounter.system, attacks[number - 1], self.draft.critical)[0] \
            if number <= len(attacks) else ""   # ATK alone: none
        damage = rolled.offered if rolled is not None else self.horde_damage() or printed
        field = self.query_one("#damage", NotationField)
        if damage:
            field.value = damage
        field.focus_input()
        if rolled is not None:
            self._show_attack(rolled)

    def _roll_attack_of(self, index: int) -> AttackResult | None:
        """The actor's attack ``index`` rolled against the highlighted target; None (and why)
        when a number is missing."""
        target = self.highlighted_id or self.target_ids[0]
        try:
            # counted toward the MAP when the GM applies it (count_attack): a cancelled one
            # does not count (RULES §10)
            return self.encounter.attack(self.draft.actor or "", target, index, rng=self.rng, count=False)
        except (KeyError, ValueError) as error:
            self.notify(fit_cells(tr("Not rolled: {error}", error=error), NOTICE_WIDTH), severity="warning")
            return None

    def _show_attack(self, rolled: AttackResult) -> None:
        """The roll, the verdict, the degree and the MAP step on the attacks line; a critical
        hit sets critical, a miss asks before enter (as the d20 3.0 helper does)."""
        self.last_attack = rolled
        shown = shown_attack(rolled)
        self.draft.set_attack(shown)
        if rolled.critical and rolled.multiplier in self.rules.critical_multipliers:
            self.draft.multiplier = rolled.multiplier   # d20 3.0: the printed ×3 (RULES §10)
        line = self.query_one("#attacks", Static)
        line.display = True
        line.update(shown.text + (tr(" · m: MAP step") if rolled.map_step is not None else ""))
        self._show_options()
        self._recompute()

    def action_cycle_map(self) -> None:
        """The Pathfinder family: read the last attack at the next MAP step (0, −5, −10); the
        actor's next attack this turn follows from it."""
        rolled = self.last_attack
        if rolled is None or rolled.map_step is None:
            self.notify(tr("Roll an attack first (alt+1…9)."), severity="warning")
            return
        step = (rolled.map_step + 1) % 3
        again = restep(rolled, step)
        field = self.query_one("#damage", NotationField)
        if field.value == rolled.offered and again.offered != rolled.offered:
            field.value = again.offered     # a critical no more (or now): its damage follows
        # the actor's next Strike this turn follows from the GM's step once it is applied
        self._show_attack(again)

    def follow_critical(self) -> None:
        """The GM turned critical on or off after alt+1…9: the field, if still what the helper
        filled, becomes the damage of a hit or of a critical hit (deadly, fatal; RULES §10)."""
        rolled = self.last_attack
        if rolled is None:
            return
        field = self.query_one("#damage", NotationField)
        if field.value in (rolled.hit_damage, rolled.crit_damage):
            field.value = rolled.crit_damage if self.draft.critical else rolled.hit_damage

    def count_attack(self) -> None:
        """The GM applies the form: the attack the helper rolled counts toward the actor's MAP
        (RULES §10; a cancelled form counts nothing)."""
        rolled = self.last_attack
        if rolled is not None and rolled.map_step is not None:
            self.encounter.set_map_step(rolled.actor, rolled.map_step)


__all__ = ["AttackHelper"]
