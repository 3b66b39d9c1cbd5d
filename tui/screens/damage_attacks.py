"""The damage form's attack helper: the acting creature's attacks (alt+1…9) rolled against the
target's AC (Evasion, Difficulty) after conditions with the multiple attack penalty, its Horde
damage, and d20 3.0's threat helper (the attack bar); a part the form holds and calls."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar, overload

from textual.widgets import Static

from core.encounter.draft import restep, shown_attack
from core.notation import parse_damage
from core.table.attack_traits import dealt
from core.table.rolls import horde_damage
from core.text.i18n import ENGLISH, game_term, language, tr
from tui.screens.damage_keys import ALT_DIGIT_CHARS
from tui.screens.dialogs import NumberInput
from tui.widgets.attack_bar import AttackBar
from tui.widgets.log_panel import NOTICE_WIDTH, fit_cells
from tui.widgets.notation_field import NotationField

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel
    from textual.widget import Widget

    from core import Encounter
    from core.creature.model import Attack
    from core.encounter.draft import DamageDraft
    from core.systems import RuleSystem
    from core.table.rolls import AttackResult

W = TypeVar("W", bound="Widget")


class AttackForm(Protocol):
    """What the attack helper reads and calls of the damage form that holds it
    (:class:`tui.screens.damage.DamageScreen`): its encounter, draft and dice, its widgets."""

    encounter: Encounter
    rules: RuleSystem
    target_ids: list[str]
    rng: Any
    draft: DamageDraft

    @property
    def highlighted_id(self) -> str | None:
        """The target under the table cursor."""

    @property
    def focused(self) -> Widget | None:
        """The widget with the focus."""

    @overload
    def query_one(self, selector: type[W]) -> W: ...

    @overload
    def query_one(self, selector: str, expect_type: type[W]) -> W: ...

    def query_one(self, selector: str | type[W], expect_type: type[W] | None = None) -> W:
        """The form's one widget matching ``selector``."""

    def notify(self, message: str, *, severity: SeverityLevel = "information") -> None:
        """Say ``message`` on the notice line."""

    def attack_rolled(self) -> None:
        """An attack was rolled into the draft: the options and the preview again."""


def actor_attacks(encounter: Encounter, draft: DamageDraft) -> list[Attack]:
    """The attacks read from the acting creature's stat block."""
    actor = draft.actor
    return list(encounter.creature(actor).attacks) if actor else []


def actor_horde_damage(encounter: Encounter, draft: DamageDraft) -> str:
    """The acting creature's Horde (X) damage once half its HP is marked, else ``""``."""
    actor = draft.actor
    return horde_damage(encounter.creature(actor)) if actor else ""


def has_atk(encounter: Encounter, draft: DamageDraft) -> bool:
    """Whether the acting creature has an ATK number (a Daggerheart adversary's) to roll."""
    actor = draft.actor
    return actor is not None and "attack" in encounter.creature(actor).numbers


def attacks_line(encounter: Encounter, draft: DamageDraft) -> str:
    """One line of the actor's attacks and their keys ("": none). A Horde with half its HP
    marked shows its X first: its attacks deal X (RULES §9)."""
    attacks = actor_attacks(encounter, draft)[:9]
    horde = actor_horde_damage(encounter, draft)
    words = [f"alt+{n} {a.label}" + (f" {a.bonus:+d}" if a.bonus is not None else "")
             + ("" if horde else f" {shown_damage(encounter, a.damage)}") for n, a in enumerate(attacks, 1)]
    actor = draft.actor
    atk = encounter.creature(actor).numbers.get("attack") if actor else None
    if not attacks and atk is not None:     # a Daggerheart adversary's ATK
        words = [f"alt+1 {game_term('ATK')} {atk:+d}"]
    if horde:
        words.insert(0, tr("Horde: {damage} now (alt+h)", damage=horde))
    return " · ".join(words)


def shown_damage(encounter: Encounter, printed: str) -> str:
    """An attack's damage as the GM reads it: the printed notation, in the seed's words in
    Japanese (``2d4［弾道］ 銀``); as printed when it does not read."""
    if language() == ENGLISH:
        return printed
    try:
        return str(parse_damage(printed, encounter.system))
    except ValueError:
        return printed


def attack_typed(text: str) -> tuple[int, str] | None:
    """alt+N from a terminal reached the field as a character (ALT_DIGIT_CHARS): attack N and
    the text without it; None when the text has none."""
    for number, char in enumerate(ALT_DIGIT_CHARS, 1):
        if char in text:
            return number, text.replace(char, "")
    return None


def damage_of_attack(encounter: Encounter, draft: DamageDraft, number: int,
                     rolled: AttackResult | None) -> str:
    """What attack ``number`` puts in the field: the rolled attack's damage, else the Horde's X,
    else its printed damage (hit or critical); "" for an ATK alone."""
    if rolled is not None:
        return rolled.offered
    attacks = actor_attacks(encounter, draft)
    printed = dealt(encounter.system, attacks[number - 1], draft.critical)[0] \
        if number <= len(attacks) else ""
    return actor_horde_damage(encounter, draft) or printed


def attack_shown(draft: DamageDraft, rolled: AttackResult, multipliers: tuple[int, ...]) -> str:
    """The rolled attack into the draft (a critical sets critical; d20 3.0's printed ×3 its
    multiplier, RULES §10): the words of its line."""
    shown = shown_attack(rolled)
    draft.set_attack(shown)
    if rolled.critical and rolled.multiplier in multipliers:
        draft.multiplier = rolled.multiplier
    return shown.text + (tr(" · m: MAP step") if rolled.map_step is not None else "")


class AttackHelper:
    """The form's attacks: what alt+1…9, m, h and alt+t do, on the form's draft and widgets.
    Held by the form (composition); it keeps the attack rolled last."""

    def __init__(self, form: AttackForm) -> None:
        self.form = form
        self.last_attack: AttackResult | None = None
        """The attack rolled last: ``m`` reads it at another MAP step."""

    def _field(self) -> NotationField:
        return self.form.query_one("#damage", NotationField)

    def fill_target_ac(self) -> None:
        """d20 3.0's helper starts on the first target's AC after conditions."""
        numbers = self.form.encounter.numbers_of(self.form.target_ids[0])
        if "ac" in numbers:
            self.form.query_one("#attack-ac", NumberInput).value = str(numbers["ac"])

    def roll_bar(self) -> None:
        """d20 3.0: roll the attack bar's attack (and a confirmation on a threat); a critical
        sets ×N."""
        form = self.form
        bar = form.query_one(AttackBar)
        try:
            bonus, ac, threat = (form.query_one(f"#attack-{name}", NumberInput).number()
                                 for name in ("bonus", "ac", "threat"))
            attack = form.rules.roll_attack(bonus, ac, threat=threat, rng=form.rng)
        except ValueError as error:
            bar.show(str(error))
            return
        # the verdict first, in capitals: a long confirmation roll must not hide it
        form.draft.set_attack(attack)
        bar.show(f"{attack.result.upper()}: {attack.text}")
        form.attack_rolled()
        if form.focused is not None and (form.focused.id or "").startswith("attack-"):
            # rolled from the bar: the next enter applies what the preview now shows, it
            # does not roll again (a critical must not turn into a hit by a second enter)
            self._field().focus_input()

    def horde_into_field(self) -> None:
        """Daggerheart: the acting Horde's damage X into the field (RULES §9 Horde (X))."""
        horde = actor_horde_damage(self.form.encounter, self.form.draft)
        if not horde:
            self.form.notify(tr("Horde damage: the acting creature (f2) is no Horde with half its HP "
                                "marked."), severity="warning")
            return
        field = self._field()
        field.value = horde
        field.focus_input()

    def use(self, number: int) -> None:
        """Roll the actor's attack ``number`` against the highlighted target's AC (Evasion,
        Difficulty) after conditions and put its damage into the field; an attack without a
        bonus only fills the field."""
        form = self.form
        atk = number == 1 and has_atk(form.encounter, form.draft)
        if not 1 <= number <= len(actor_attacks(form.encounter, form.draft)) and not atk:
            form.notify(tr("The acting creature has no attack {number} from a stat block.", number=number),
                        severity="warning")
            return
        rolled = self._roll(number - 1)
        damage = damage_of_attack(form.encounter, form.draft, number, rolled)
        field = self._field()
        if damage:
            field.value = damage
        field.focus_input()
        if rolled is not None:
            self.show(rolled)

    def _roll(self, index: int) -> AttackResult | None:
        """The actor's attack ``index`` rolled against the highlighted target; None (and why)
        when a number is missing."""
        form = self.form
        target = form.highlighted_id or form.target_ids[0]
        try:
            # counted toward the MAP when the GM applies it (count): a cancelled one does not
            # count (RULES §10)
            return form.encounter.attack(form.draft.actor or "", target, index, rng=form.rng, count=False)
        except (KeyError, ValueError) as error:
            form.notify(fit_cells(tr("Not rolled: {error}", error=error), NOTICE_WIDTH), severity="warning")
            return None

    def show(self, rolled: AttackResult) -> None:
        """The roll, the verdict, the degree and the MAP step on the attacks line; a critical
        hit sets critical, a miss waits for enter (log it) or alt+y (deal it)."""
        self.last_attack = rolled
        line = self.form.query_one("#attacks", Static)
        line.display = True
        line.update(attack_shown(self.form.draft, rolled, self.form.rules.critical_multipliers))
        self.form.attack_rolled()

    def cycle_map(self) -> None:
        """The Pathfinder family: read the last attack at the next MAP step (0, −5, −10); the
        actor's next attack this turn follows from it."""
        rolled = self.last_attack
        if rolled is None or rolled.map_step is None:
            self.form.notify(tr("Roll an attack first (alt+1…9)."), severity="warning")
            return
        again = restep(rolled, (rolled.map_step + 1) % 3)
        field = self._field()
        if field.value == rolled.offered and again.offered != rolled.offered:
            field.value = again.offered     # a critical no more (or now): its damage follows
        # the actor's next Strike this turn follows from the GM's step once it is applied
        self.show(again)

    def follow_critical(self) -> None:
        """The GM turned critical on or off after alt+1…9: the field, if still what the helper
        filled, becomes the damage of a hit or of a critical hit (deadly, fatal; RULES §10)."""
        rolled = self.last_attack
        if rolled is None:
            return
        field = self._field()
        if field.value in (rolled.hit_damage, rolled.crit_damage):
            field.value = rolled.crit_damage if self.form.draft.critical else rolled.hit_damage

    def count(self) -> None:
        """The GM applies the form: the attack rolled counts toward the actor's MAP (RULES §10;
        a cancelled form counts nothing)."""
        rolled = self.last_attack
        if rolled is not None and rolled.map_step is not None:
            self.form.encounter.set_map_step(rolled.actor, rolled.map_step)


__all__ = ["AttackHelper", "actor_attacks", "actor_horde_damage", "attack_shown", "attack_typed", "attacks_line",
           "damage_of_attack", "has_atk"]
