"""Add or edit a creature: name, stats per system, initiative, PC, defense line, traits."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, Static

from tui.widgets.notation_field import NotationField
from tui.widgets.word_checkbox import WordCheckbox

KIND_WORDS = ("living", "undead", "construct", "bloodless")
MAX_COUNT = 50


@dataclass
class CreatureFormResult:
    """What the GM filled in; the roster turns it into creatures."""

    name: str
    count: int = 1
    pc: bool = False
    stats: dict[str, int] = field(default_factory=dict)
    initiative: int = 0
    defenses: str = ""
    traits: str = "living"

    def names(self) -> list[str]:
        """``Goblin`` for one, ``Goblin 1`` … ``Goblin 3`` for three."""
        if self.count <= 1:
            return [self.name]
        return [f"{self.name} {number}" for number in range(1, self.count + 1)]

    def changed_fields(self, creature: Any, initiative: int) -> dict[str, Any]:
        """The fields that differ from the creature as it is (for an edit)."""
        changed: dict[str, Any] = {}
        if self.name != creature.name:
            changed["name"] = self.name
        if self.pc != bool(creature.pc):
            changed["pc"] = self.pc
        if self.defenses != (creature.defenses or ""):
            changed["defenses"] = self.defenses
        if self.traits != traits_text(creature.traits):
            changed["traits"] = self.traits
        if self.initiative != initiative:
            changed["initiative"] = self.initiative
        for name, value in self.stats.items():
            if value != stat_value(creature, name):
                changed[name] = value
        return changed


def traits_text(traits: Any) -> str:
    """A creature's traits as the GM types them."""
    if isinstance(traits, str):
        return traits
    return ", ".join(sorted(traits or ())) or "living"


def stat_value(creature: Any, name: str) -> int:
    """A stat field as the form shows it: the maximum where the stat is a track (0 when unset)."""
    value = getattr(creature, f"max_{name}", None)
    if value is None:
        value = getattr(creature, name, None)
    return int(value) if value is not None else 0


class CreatureForm(ModalScreen[CreatureFormResult | None]):
    """The add/edit form; the defense line is parsed as typed and echoed back as understood.

    | Key | Action |
    | :- | :- |
    | enter | Add (or save the edit) |
    | escape | Cancel |
    | tab / shift+tab | Next / previous field |
    """

    CSS_PATH = "creature_form.tcss"
    AUTO_FOCUS = "#name"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="form.cancel"),
        Binding("ctrl+enter", "submit", "Add", show=False, id="form.submit"),
    ]

    def __init__(self, rules: Any, creature: Any = None, initiative: int = 0) -> None:
        """A form for ``rules``' stat fields; with ``creature`` it edits that creature."""
        super().__init__()
        self.rules = rules
        self.creature = creature
        self.initiative = initiative

    @property
    def editing(self) -> bool:
        """Whether the form edits an existing creature."""
        return self.creature is not None

    def compose(self) -> ComposeResult:
        """The fields, laid out for 80 columns."""
        creature = self.creature
        verb = "Edit" if self.editing else "Add"
        with Vertical(id="form") as box:
            box.border_title = f"{verb} creature · {self.rules.name}"
            with Horizontal(classes="row"):
                yield Label("Name", classes="label")
                yield Input(creature.name if creature else "", placeholder="Goblin Warrior",
                            id="name", compact=True)
                if not self.editing:
                    yield Label("Count", classes="label short")
                    yield Input("1", id="count", type="integer", compact=True, classes="number")
                yield WordCheckbox("PC", bool(creature.pc) if creature else False, id="pc",
                               compact=True)
            with Horizontal(classes="row"):
                for stat in self.rules.stat_fields:
                    value = stat_value(creature, stat.name) if creature else stat.default
                    yield Label(stat.label, classes="label stat")
                    yield Input(str(value), id=f"stat-{stat.name}", type="integer",
                                compact=True, classes="number")
                yield Label("Init", classes="label stat")
                yield Input(str(self.initiative), id="initiative", type="integer",
                            compact=True, classes="number")
            with Horizontal(classes="row tall"):
                yield Label("Defenses", classes="label")
                yield NotationField(
                    self._check_defenses,
                    value=creature.defenses if creature else "",
                    placeholder="immunities …; weaknesses fire 5; resistances physical 5",
                    empty_hint="none (stat-block text is fine: weaknesses fire 5; …)",
                    id="defenses",
                )
            with Horizontal(classes="row"):
                yield Label("Traits", classes="label")
                yield Input(traits_text(creature.traits) if creature else "living", id="traits",
                            suggester=SuggestFromList(KIND_WORDS), compact=True)
            yield Static("", id="form-error", markup=False)
            yield Label(f"enter {verb.lower()} · esc cancel · tab next field", classes="hint")

    def _check_defenses(self, text: str) -> str:
        """Parse the defense line; say back what was understood."""
        described = self.rules.parse_defenses(text).describe()
        return "✓ " + ("; ".join(described) if described else "no defenses")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in any field submits the form."""
        event.stop()
        self.action_submit()

    def on_notation_field_submitted(self, event: NotationField.Submitted) -> None:
        """Enter in the defense line submits the form."""
        event.stop()
        self.action_submit()

    def action_submit(self) -> None:
        """Check every field; close with the result, or show what is wrong."""
        result, problem = self._read()
        if problem:
            self.query_one("#form-error", Static).update(problem)
            return
        self.dismiss(result)

    def action_cancel(self) -> None:
        """Close without changes."""
        self.dismiss(None)

    def _read(self) -> tuple[CreatureFormResult | None, str]:
        name = self.query_one("#name", Input).value.strip()
        if not name:
            return None, "A creature needs a name."
        count = 1
        if not self.editing:
            count_text = self.query_one("#count", Input).value.strip() or "1"
            try:
                count = int(count_text)
            except ValueError:
                return None, f"Count must be a whole number, not {count_text!r}."
            if not 1 <= count <= MAX_COUNT:
                return None, f"Count must be between 1 and {MAX_COUNT}."
        stats: dict[str, int] = {}
        for stat in self.rules.stat_fields:
            text = self.query_one(f"#stat-{stat.name}", Input).value.strip()
            try:
                stats[stat.name] = int(text) if text else int(stat.default or 0)
            except ValueError:
                return None, f"{stat.label} must be a whole number, not {text!r}."
            if stats[stat.name] < 0:
                return None, f"{stat.label} cannot be negative."
        init_text = self.query_one("#initiative", Input).value.strip() or "0"
        try:
            initiative = int(init_text)
        except ValueError:
            return None, f"Initiative must be a whole number, not {init_text!r}."
        defenses = self.query_one("#defenses", NotationField)
        if not defenses.valid:
            return None, f"Fix the defense line first: {defenses.error}"
        traits = self.query_one("#traits", Input).value.strip() or "living"
        result = CreatureFormResult(
            name=name,
            count=count,
            pc=self.query_one("#pc", WordCheckbox).value,
            stats=stats,
            initiative=initiative,
            defenses=defenses.value.strip(),
            traits=traits,
        )
        return result, ""
