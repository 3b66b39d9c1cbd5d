"""Heal: a small modal asking how much (a number or dice), on which track, with a preview.

Temporary HP are given from the same modal (its last track, where the system has them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from core.dice.expression import DiceExpr, parse
from core.encounter import has_temp_hp, resolve_temp_hp
from core.text.i18n import N_, clauses, listing, tr
from tui.widgets.log_panel import short_event

if TYPE_CHECKING:
    from tui.app_protocol import LedgerApp

TEMP_HP = "temp_hp"
"""The track name that gives temporary HP instead of healing (where the system has them)."""
TRACK_LABELS = {"hp": "HP", "vitality": N_("Vitality"), "wounds": N_("Wounds"),
                "armor": N_("Armor slots"), "stress": N_("Stress"), TEMP_HP: N_("Temp HP")}


@dataclass(frozen=True)
class HealRequest:
    """How much to heal, on which track, and the creatures (several when marked)."""

    amount: int
    track: str | None = None
    roll_text: str = ""
    """How the amount came about: ``2d8+5 (3, 6) = 14``, ``2d8+5 = 14``; empty for a number."""
    ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class HealAmount:
    """An amount read from the field: the number and how it was reached."""

    amount: int
    text: str = ""


def modal_tracks(rules: Any, creature: Any) -> tuple[str, ...]:
    """The heal modal's choices: the healing tracks the core names, then temporary HP where the
    system has them."""
    return tuple(rules.heal_tracks_of(creature)) + ((TEMP_HP,) if has_temp_hp(rules) else ())


def dice_range(expr: DiceExpr) -> tuple[int, int]:
    """The lowest and highest total ``expr`` can roll."""
    low = high = expr.modifier
    for term in expr.dice:
        ends = (term.sign * term.count, term.sign * term.count * term.sides)
        low += min(ends)
        high += max(ends)
    return low, high


def read_heal(text: str, rng: Any, kept: tuple[str, HealAmount] | None = None) -> HealAmount:
    """The amount typed: ``14``, dice ``2d8+5`` (rolled), or ``2d8+5=14`` (rolled at the table).

    ``kept`` is the last dice text and its roll: the same text is not rolled again, so
    the preview and enter heal the same number. ValueError carries the GM's message.
    """
    text = text.strip()
    if not text:
        raise ValueError(tr("Type the healing: 12, 2d8+5, or 2d8+5=14 as rolled at the table."))
    expression, equals, typed = text.partition("=")
    try:
        expr = parse(expression.strip())
    except ValueError as error:
        message = getattr(error, "message", str(error))
        raise ValueError(tr("Not a number or dice: {problem}.", problem=message)) from None
    if equals:
        try:
            total = int(typed.strip())
        except ValueError:
            raise ValueError(tr("After '=' comes the total rolled, not {typed}.",
                                typed=repr(typed.strip()))) from None
        low, high = dice_range(expr)
        if not low <= total <= high:
            raise ValueError(tr("{dice} rolls {low} to {high}, not {total}.", dice=expr, low=low,
                                high=high, total=total))
        return HealAmount(total, f"{expr} = {total}" if expr.dice else "")
    if not expr.dice:
        return HealAmount(expr.modifier)
    if kept is not None and kept[0] == text:
        return kept[1]
    result = expr.roll(rng)
    faces = listing(str(v) for v in result.values)
    return HealAmount(result.total, f"{expr} ({faces}) = {result.total}")


def track_label(track: str) -> str:
    """A track's name as the heal dialog says it."""
    return tr(TRACK_LABELS[track]) if track in TRACK_LABELS else track


class HealModal(ModalScreen[HealRequest | None]):
    """Ask for an amount (dice are rolled once and shown) and preview it on each creature.

    | Key | Action |
    | :- | :- |
    | enter | Heal exactly what the preview shows |
    | escape | Cancel |
    | ctrl+t | Next track (HP/Temp HP, Vitality/Wounds, HP/Armor/Stress) |
    """

    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel"), id="heal.cancel"),
        # a modal screen does not see the app's keys; ? would be typed into a field
        Binding("ctrl+t", "next_track", N_("Track"), id="heal.track"),
    ]

    def __init__(self, rules: Any, creature: Any, *, rng: Any, others: Sequence[tuple[str, Any]] = (),
                 creature_id: str = "") -> None:
        """Heal ``creature`` (and the marked ``others``, as (id, creature)) by ``rules``.

        Dice are rolled with ``rng``, the session's: a seeded app heals the same every run.
        """
        super().__init__(classes="dialog")
        self.rules = rules
        self.creature = creature
        self.targets: list[tuple[str, Any]] = [(creature_id, creature), *others]
        self.tracks = modal_tracks(rules, creature)  # the core says which tracks heal
        self.track = self.tracks[0]
        self.rng = rng
        self.amount: HealAmount | None = None
        self._kept: tuple[str, HealAmount] | None = None

    def compose(self) -> ComposeResult:
        """Amount, track, preview, error line."""
        with Vertical(classes="dialog-box") as box:
            count = len(self.targets)
            # plain Content: a creature called "Ogre [/]" is a name, not markup
            box.border_title = Content(tr("Heal {name}", name=self.creature.name) if count == 1
                                       else tr("Heal {count} creatures", count=count))
            with Horizontal(classes="dialog-row"):
                yield Label(tr("Amount") + " ")
                yield Input("", id="amount", compact=True, placeholder="12 · 2d8+5 · 2d8+5=14")
            yield Static(self._track_line(), id="track", markup=False)
            yield Static("", id="heal-roll", markup=False)
            yield Static(self._preview_text(), id="heal-preview", markup=False)
            yield Static("", classes="dialog-error", markup=False)
            yield Label(self._hint(), classes="dialog-hint")

    def _track_line(self) -> str:
        if len(self.tracks) == 1:
            return tr("Track: {track}", track=track_label(self.track))
        names = "  ".join(
            f"[{track_label(t)}]" if t == self.track else track_label(t) for t in self.tracks
        )
        return tr("Track: {tracks}   (ctrl+t: next)", tracks=names)

    def _hint(self) -> str:
        return tr("enter give temp HP · esc cancel") if self.track == TEMP_HP \
            else tr("enter heal · esc cancel")

    def _preview_text(self) -> str:
        """Each creature now, and after the heal once an amount is typed with every step it
        takes (that healing ends dying showed only in the log afterwards)."""
        lines = []
        for _cid, creature in self.targets:
            now = self.rules.track_text(creature)
            if self.amount is None:
                lines.append(tr("{name}: {result}", name=creature.name, result=now))
                continue
            if self.track == TEMP_HP:
                outcome = resolve_temp_hp(self.rules, creature, self.amount.amount)
            else:
                outcome = self.rules.resolve_heal(creature, self.amount.amount, self._track())
            lines.append(tr("{name}: {result}", name=creature.name,
                            result=f"{now} → {outcome.summary}"))
            # every change before enter, as damage entry shows it: dying ends, wounded +1 …
            # (the first step is the track's own arithmetic, which the line above shows)
            if outcome.steps[1:]:
                lines.append("  " + clauses(outcome.steps[1:]))
        return "\n".join(lines)

    def _track(self) -> str | None:
        # Systems with one healing track take no track name (temp HP is not healing).
        if self.track == TEMP_HP:
            return TEMP_HP
        return self.track if len([t for t in self.tracks if t != TEMP_HP]) > 1 else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only offer a track choice where there is one."""
        if action == "next_track":
            return len(self.tracks) > 1
        return True

    def action_next_track(self) -> None:
        """Heal the next track instead."""
        index = self.tracks.index(self.track)
        self.track = self.tracks[(index + 1) % len(self.tracks)]
        self.query_one("#track", Static).update(self._track_line())
        self.query_one("#heal-preview", Static).update(self._preview_text())
        self.query_one(".dialog-hint", Label).update(self._hint())

    def _read(self, text: str) -> str:
        """Read the field into ``self.amount`` (dice rolled once); the problem, or ``""``."""
        try:
            amount = read_heal(text, self.rng, self._kept)
        except ValueError as error:
            self.amount = None
            return str(error)
        if amount.amount <= 0:
            self.amount = None
            if self.track == TEMP_HP:
                return tr("Temp HP must be more than 0 (rolled {amount}).", amount=amount.amount)
            return tr("Healing must be more than 0 (rolled {amount}).", amount=amount.amount)
        self.amount = amount
        if amount.text:
            self._kept = (text.strip(), amount)
        return ""

    def on_input_changed(self, event: Input.Changed) -> None:
        """Preview as the amount is typed; a wrong text says why, inline."""
        event.stop()
        problem = self._read(event.value) if event.value.strip() else ""
        if not event.value.strip():
            self.amount = None
        self.query_one(".dialog-error", Static).update(problem)
        self.query_one("#heal-roll", Static).update(self.amount.text if self.amount else "")
        self.query_one("#heal-preview", Static).update(self._preview_text())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Heal by the amount previewed."""
        event.stop()
        problem = self._read(event.value)
        if problem or self.amount is None:
            self.query_one(".dialog-error", Static).update(problem)
            return
        ids = tuple(cid for cid, _creature in self.targets if cid)
        self.dismiss(HealRequest(self.amount.amount, self._track(), self.amount.text, ids))

    def action_cancel(self) -> None:
        """Close without healing."""
        self.dismiss(None)


def open_heal(app: LedgerApp, targets: list[str], done: Callable[[], None]) -> None:
    """Heal ``targets`` (the marked creatures like damage does, or else the highlighted one or
    one named); ``done`` runs once they are healed (the roster clears its marks).

    ``h`` heals the marked set when creatures are marked, not the one under the cursor.
    """
    if not targets:
        return
    encounter = app.session.encounter
    first, *rest = targets
    modal = HealModal(encounter.rules, encounter.creature(first), creature_id=first,
                      others=[(cid, encounter.creature(cid)) for cid in rest],
                      rng=app.session.rng)
    app.push_screen(modal, lambda request: commit_heal(app, request, done))


def commit_heal(app: LedgerApp, request: HealRequest | None, done: Callable[[], None]) -> None:
    """Heal every creature of ``request`` (or give it temp HP) as one undo step, then ``done``."""
    if request is None:
        return
    if request.track == TEMP_HP:
        app.session.apply(
            lambda enc: enc.give_temp_hp(request.ids, request.amount, request.roll_text), request.ids)
    else:
        app.session.apply(
            lambda enc: enc.heal_many(request.ids, request.amount, request.track, request.roll_text),
            request.ids)
    done()
    app.notify(short_event(app.session.encounter.log[-1]))
