"""Add or edit a creature: name, stats per system, initiative, PC, defense line, traits."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, Static

from core.catalog.capabilities import NUMBERS
from core.creature.schema import check_initiative
from core.encounter.draft import init_mod_from_numbers, read_numbers
from core.table.difficulty import rank_text, rank_words, split_rank
from core.text.i18n import N_, clauses, game_term, listing, tr
from core.text.plain_text import refuse_controls
from tui.screens.base import HitLedgerModal
from tui.screens.creature_fields import (
    ADD_KEYS,
    INIT_LABEL,
    INIT_MOD,
    MAX_COUNT,
    CreatureFormResult,
    example,
    numbers_example,
    numbers_text,
    stat_rows,
    stat_value,
    traits_text,
)
from tui.screens.dialogs import NumberInput
from tui.widgets.box_results import BoxResults
from tui.widgets.notation_field import NotationField
from tui.widgets.word_checkbox import WordCheckbox


class CreatureForm(HitLedgerModal[CreatureFormResult | None]):
    """The add/edit form; the defense line is parsed as typed and echoed back as understood.

    | Key | Action |
    | :- | :- |
    | enter / ctrl+enter | Add (or save the edit) |
    | escape | Cancel |
    | ctrl+g | PC: tick or clear the PC box from any field |
    | tab / shift+tab | Next / previous field |
    | ctrl+t | Paste a stat block as printed: see what it says, then add it |
    | down | From the name, its matches in the box and your library: a number types how many, enter adds them, escape goes back |
    """

    CSS_PATH = "creature_form.tcss"
    AUTO_FOCUS = "#name"
    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel"), id="form.cancel"),
        # a modal screen does not see the app's keys; ? would be typed into a field. enter
        # reaches the form from its fields (Input.Submitted): bound here too, help says it;
        # ctrl+enter, which few terminals send, is kept for those that do
        Binding("enter", "submit", N_("Add"), show=False, id="form.submit_enter"),
        Binding("ctrl+enter", "submit", N_("Add"), show=False, id="form.submit"),
        # a PC in a few keys (name, ctrl+g, HP): the box is the form's last field
        Binding("ctrl+g", "toggle_pc", N_("PC"), id="form.pc",
                tooltip=N_("PC: tick or clear the PC box from any field")),
        Binding("ctrl+t", "paste_block", N_("Paste stat block"), id="form.paste_block",
                tooltip=N_("Paste a stat block as printed: see what it says, then add it")),
        Binding("down", "box_down", N_("Matches"), show=False, id="form.box_down"),
    ]

    def __init__(self, rules: Any, creature: Any = None, initiative: int = 0,
                 taken: Iterable[str] = ()) -> None:
        """A form for ``rules``' stat fields; with ``creature`` it edits that creature.

        ``taken``: the names of the other creatures (a batch is numbered after them).
        """
        super().__init__()
        self.rules = rules
        self.creature = creature
        self.initiative = initiative
        self.taken = frozenset(taken)
        self._perception: int | None = creature.numbers.get("perception") if creature else None
        """The Perception the Mod field last followed (RULES §8: PF2's is the initiative's)."""

    @property
    def editing(self) -> bool:
        """Whether the form edits an existing creature."""
        return self.creature is not None

    def compose(self) -> ComposeResult:
        """The fields, laid out for 80 columns."""
        with Vertical(id="form") as box:
            box.border_title = tr("Edit creature · {system}", system=self.rules.name) \
                if self.editing else tr("Add creature · {system}", system=self.rules.name)
            yield from self._name_row()
            yield from self._stat_rows()
            yield from self._text_rows()
            yield Static("", id="form-error", markup=False)
            yield Label(tr("enter edit · esc cancel · tab next field") if self.editing
                        else tr(ADD_KEYS), classes="hint")

    def _name_row(self) -> ComposeResult:
        """Name and how many (when adding); ``Tab`` from Count goes on to the stats."""
        creature = self.creature
        with Horizontal(classes="row"):
            yield Label(tr("Name"), classes="label")
            yield Input(creature.name if creature else "", id="name", compact=True,
                        placeholder=example(tr(self.rules.example_name)))
            if not self.editing:
                yield Label(tr("Count"), classes="label short")
                yield NumberInput("1", id="count", label=tr("Count"), default=1, minimum=1,
                                  classes="number")
        if not self.editing:   # monsters from the box and the library, as the name is typed
            results = BoxResults(self.rules.id, id="box-results")
            results.display = False
            yield results

    def _stat_rows(self) -> ComposeResult:
        """The system's stats, the initiative where it has one, and when editing the tracks'
        current values."""
        fields: list[Any] = [*self.rules.stat_fields]
        if self.rules.has_initiative:  # RULES §7: else the GM orders the list
            fields += [None, INIT_MOD]  # the initiative, and d20 + this modifier
        for row in stat_rows(fields):
            with Horizontal(classes="row"):
                for stat in row:
                    yield from self._number_field(stat)
        if self.rules.has_initiative:
            yield Static(self._initiative_words(), id="init-preview", markup=False)
        if self.editing and self._current_tracks():
            with Horizontal(classes="row"):
                for track, label, _maximum in self._current_tracks():
                    yield Label(tr(label), classes="label stat")
                    yield NumberInput(str(getattr(self.creature, track)), id=f"now-{track}",
                                      label=tr(label), classes="number",
                                      minimum=None if track == "hp" and
                                      self.rules.negative_hp else 0)

    def _text_rows(self) -> ComposeResult:
        """Defenses as the stat block prints them, and traits."""
        creature = self.creature
        with Horizontal(classes="row tall"):
            yield Label(tr("Defenses"), classes="label")
            yield NotationField(
                self._check_defenses,
                value=creature.defenses if creature else "",
                placeholder=example(tr(self.rules.example_defenses)),
                empty_hint=tr("none (type the line as the stat block prints it)"),
                id="defenses",
            )
        if NUMBERS.get(self.rules.id):      # the numbers as the block prints them
            with Horizontal(classes="row tall"):
                yield Label(tr("Numbers"), classes="label")
                yield NotationField(
                    self._check_numbers,
                    value=numbers_text(self.rules.id, creature.numbers,
                                       rank_text(self.rules.id, creature)) if creature else "",
                    placeholder=numbers_example(self.rules.id),
                    empty_hint=tr("none (AC, saves … as the stat block prints them)"),
                    on_change=self._numbers_changed,
                    id="numbers",
                )
        with Horizontal(classes="row"):
            yield Label(tr("Traits"), classes="label")
            # the kinds that change damage come from the rules; elsewhere no kind is offered
            kinds = self.rules.kind_words
            yield Input(traits_text(creature.traits) if creature else kinds[0] if kinds else "",
                        placeholder="" if kinds else tr("any words (none change damage here)"),
                        id="traits", suggester=SuggestFromList(kinds), compact=True)
            # the last field (shift+tab from Name): Tab from Count went to it
            yield WordCheckbox("PC", bool(creature.pc) if creature else False, id="pc",
                               compact=True)

    def _current_tracks(self) -> tuple[tuple[str, str, str | None], ...]:
        """The tracks this creature has whose current value the edit form sets."""
        return tuple(entry for entry in self.rules.current_tracks
                     if getattr(self.creature, entry[0], None) is not None)

    def _read_current(self, stats: dict[str, int], numbers: dict[str, int | None],
                      problems: list[str]) -> dict[str, int]:
        """The current values typed (editing); one above its maximum goes to ``problems``."""
        current = {}
        for track, label, maximum in self._current_tracks() if self.editing else ():
            value = numbers.get(f"now-{track}")
            if value is None:
                continue  # its own problem is said already
            if maximum is not None and maximum in stats and value > stats[maximum]:
                problems.append(tr("{label} cannot be more than the maximum, {most}.", label=tr(label),
                                   most=stats[maximum]))
            current[track] = value
        return current

    def _number_field(self, stat: Any) -> ComposeResult:
        """A stat's label and number field; ``None`` is the initiative."""
        if stat is None:
            # adding, an empty Init rolls d20 + Mod for each creature; the label says
            # it takes the total, not the d20
            rolls = not self.editing and self.rules.has_initiative
            yield Label(tr(INIT_LABEL), classes="label stat")
            yield NumberInput("" if rolls else str(self.initiative), id="initiative",
                              label=tr("Initiative"), default=None if rolls else 0,
                              placeholder=tr("rolled") if rolls else "", classes="number")
            return
        if stat == INIT_MOD:
            yield Label(tr("Mod"), classes="label stat")
            yield NumberInput(str(self.creature.init_mod if self.creature else 0), id="init-mod",
                              label=tr("Initiative modifier"), default=0, classes="number")
            return
        value = stat_value(self.creature, stat.name) if self.creature else stat.default
        yield Label(tr(stat.label), classes="label stat")
        yield NumberInput(str(value), id=f"stat-{stat.name}", label=tr(stat.label),
                          default=int(stat.default or 0), minimum=0, classes="number")

    def _check_defenses(self, text: str) -> str:
        """Parse the defense line; say back what was understood."""
        described = self.rules.parse_defenses(text).describe()
        return "✓ " + (clauses(described) if described else tr("no defenses"))

    def on_input_changed(self, event: Input.Changed) -> None:
        """The number fields say at once what is wrong with each (none drops a character),
        and the initiative line what the Init and Mod fields give."""
        if event.input.id == "name" and not self.editing:
            self.query_one(BoxResults).show(event.value)
            self._box_hint()
        if isinstance(event.input, NumberInput):
            event.stop()
            problems = [box.problem() for box in self.query(NumberInput).results(NumberInput)
                        if box.id != "initiative" or not self._init_rolls()]
            self.query_one("#form-error", Static).update("\n".join(filter(None, problems)))
            for preview in self.query("#init-preview").results(Static):
                preview.update(self._initiative_words())

    def _init_rolls(self) -> bool:
        """Whether the Init field is empty where empty rolls (adding)."""
        boxes = self.query("#initiative").results(NumberInput)
        return any(box.default is None and not box.value.strip() for box in boxes)

    def _initiative_words(self) -> str:
        """What the form will do for initiative, before enter."""
        if not self.is_mounted:
            mod = self.creature.init_mod if self.creature else 0
            typed = "" if not self.editing else str(self.initiative)
        else:
            mod_field = self.query_one("#init-mod", NumberInput)
            mod = mod_field.number() if not mod_field.problem() else 0
            typed = self.query_one("#initiative", NumberInput).value.strip()
        signed = f"{mod:+d}"
        if not typed:
            return tr("Initiative: rolled for each, d20 {sign} {mod} (Mod)",
                      sign=signed[0].replace("-", "−"), mod=signed[1:])
        if not typed.lstrip("-").isdigit():
            return tr("Initiative: type the total, or leave it empty to roll")
        if self.editing:
            return tr("Initiative: {total} (Mod {mod} is for the next roll)", total=int(typed),
                      mod=signed)
        return tr("Initiative: {total}, the total as typed (Mod {mod} is for a roll; "
                  "empty rolls)", total=int(typed), mod=signed)

    def action_toggle_pc(self) -> None:
        """Tick or clear the PC box, wherever the cursor is."""
        self.query_one("#pc", WordCheckbox).toggle()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in any field submits the form."""
        event.stop()
        self.action_submit()

    def on_notation_field_submitted(self, event: NotationField.Submitted) -> None:
        """Enter in the defense line submits the form."""
        event.stop()
        self.action_submit()

    def on_word_checkbox_submitted(self, event: WordCheckbox.Submitted) -> None:
        """Enter on the PC box submits the form too (space toggles it)."""
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

    # -- stat-block paste: the block's creature is added as read, text kept --

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A stat block adds creatures: not offered when editing one."""
        return not (action == "paste_block" and self.editing)

    def action_paste_block(self) -> None:
        """Open the paste dialog with this form's count; what it reads is added at once."""
        from tui.screens.statblock_paste import StatblockPasteScreen

        try:
            count = self.query_one("#count", NumberInput).number()
        except ValueError:
            count = 1
        self.app.push_screen(StatblockPasteScreen(self.rules, count=count), self._add_pasted)

    def action_box_down(self) -> None:
        """``down`` in the name field goes to its matches (box and library)."""
        for results in self.query(BoxResults).results(BoxResults):
            if results.display and self.focused is self.query_one("#name"):
                results.enter()
                self._box_hint(among=True)

    def on_box_results_back(self, event: BoxResults.Back) -> None:
        event.stop()
        self.query_one("#name", Input).focus()
        self._box_hint()

    def _box_hint(self, among: bool = False) -> None:
        self.query_one(".hint", Label).update(self.query_one(BoxResults).hint(tr(ADD_KEYS), among))

    def on_box_results_chosen(self, event: BoxResults.Chosen) -> None:
        """Enter on a match adds that many copies of it (the Count field's when none typed),
        each rolling its initiative; the form closes."""
        from tui.screens.library import add_copies

        event.stop()
        count = event.count
        if not count:
            try:
                count = self.query_one("#count", NumberInput).number()
            except ValueError as error:
                self.query_one("#form-error", Static).update(str(error))
                return
        if not 1 <= count <= MAX_COUNT:
            self.query_one("#form-error", Static).update(
                tr("Count must be between 1 and {most}.", most=MAX_COUNT))
            return
        creature = self.query_one(BoxResults).creature(event.match)
        app = self.ledger
        self.dismiss(None)
        added = add_copies(app, creature, count)
        names = [app.session.encounter.creature(cid).name for cid in added]
        app.notify(tr("Added {names}.", names=listing(names)))

    def _add_pasted(self, pasted: tuple[Any, int] | None) -> None:
        from tui.screens.library import add_copies

        if pasted is None:
            return
        creature, count = pasted
        app = self.ledger
        self.dismiss(None)
        added = add_copies(app, creature, count)
        names = [app.session.encounter.creature(cid).name for cid in added]
        app.notify(tr("Added {names} from the stat block.", names=listing(names)))

    def _taken_names(self) -> frozenset[str]:
        """The names of the other creatures in the encounter."""
        return self.taken

    def _read(self) -> tuple[CreatureFormResult | None, str]:
        """The form's result, or every field's problem at once, one a line."""
        name = self.query_one("#name", Input).value.strip()
        taken = self._taken_names()
        problems = []
        if not name:
            problems.append(tr("A creature needs a name."))
        elif self.editing and name.casefold() in {t.casefold() for t in taken}:
            problems.append(tr("Another creature is already called {name}: names stay unique.",
                               name=name))
        numbers = self._read_numbers(problems)
        count = numbers.get("count", 1)
        if count is not None and not 1 <= count <= MAX_COUNT:
            problems.append(tr("Count must be between 1 and {most}.", most=MAX_COUNT))
        stats = {stat.name: numbers.get(f"stat-{stat.name}") for stat in self.rules.stat_fields}
        current: dict[str, int] = {}
        if None not in stats.values():
            known = cast("dict[str, int]", stats)
            problems.append(self._check_stats(known, numbers.get("init-mod") or 0,
                                               numbers.get("initiative")))
            current = self._read_current(known, numbers, problems)
        defenses = self.query_one("#defenses", NotationField)
        problems += controls_in({tr("the name"): name, tr("the defenses"): defenses.value,
                                 tr("the traits"): self.query_one("#traits", Input).value})
        if not defenses.valid:
            problems.append(tr("Fix the defense line first: {error}", error=defenses.error))
        printed, rank = None, dict[str, str]()
        numbers_field = self.query("#numbers")
        if numbers_field:
            typed = numbers_field.first(NotationField)
            if not typed.valid:
                problems.append(tr("Fix the numbers first: {error}", error=typed.error))
            else:
                rest, rank = split_rank(self.rules.id, typed.value)
                printed = read_numbers(self.rules.id, rest)
        problems = [problem for problem in problems if problem]
        if problems:
            return None, "\n".join(problems)
        result = CreatureFormResult(
            rank=rank if printed is not None else {},
            name=name,
            count=count or 1,
            pc=self.query_one("#pc", WordCheckbox).value,
            stats=cast("dict[str, int]", stats),
            initiative=numbers.get("initiative"),
            init_mod=numbers.get("init-mod") or 0,
            defenses=defenses.value.strip(),
            traits=self.query_one("#traits", Input).value.strip() or "living",
            numbers=printed,
            current=current,
            taken=taken,
        )
        return result, ""

    def _read_numbers(self, problems: list[str]) -> dict[str, int | None]:
        """Every number field by id (an empty Init that rolls is None); each one's problem
        goes to ``problems``."""
        numbers: dict[str, int | None] = {}
        for box in self.query(NumberInput).results(NumberInput):
            if box.id == "initiative" and self._init_rolls():
                numbers["initiative"] = None
                continue
            try:
                numbers[box.id or ""] = box.number()
            except ValueError as error:
                problems.append(str(error))
        return numbers

    def _check_numbers(self, text: str) -> str:
        """The numbers as understood, in the system's words (ValueError: what is wrong)."""
        rest, rank = split_rank(self.rules.id, text)
        said = numbers_text(self.rules.id, read_numbers(self.rules.id, rest),
                            rank_words(self.rules.id, rank), label=game_term)
        return "✓ " + (said or tr("none"))

    def _numbers_changed(self, text: str, valid: bool) -> None:
        """A Perception typed in the PF2 family sets Mod, as a pasted block's does (RULES §8),
        unless the GM typed a Mod of their own; Init total's line then says so."""
        boxes = list(self.query("#init-mod").results(NumberInput))
        if not valid or not boxes or boxes[0].problem():
            return
        numbers = read_numbers(self.rules.id, split_rank(self.rules.id, text)[0])
        mod = init_mod_from_numbers(self.rules.id, numbers, boxes[0].number(), self._perception)
        self._perception = numbers.get("perception", self._perception)
        if mod != boxes[0].number():
            boxes[0].value = str(mod)

    def _check_stats(self, stats: dict[str, int], init_mod: int = 0,
                     initiative: int | None = None) -> str:
        """What the rules say against these stats (Severe below Major …), shown in the form.

        The form stays open with everything typed: a creature built from the stats is the
        check, so the form and the roster can never disagree.
        """
        labels = {stat.name: tr(stat.label) for stat in self.rules.stat_fields}
        # a track of 0 is no track at all: an HP maximum must be at least 1
        if stats.get("hp") == 0 and "vitality" not in labels:
            return tr("{label} must be 1 or more: a creature with 0 maximum HP is dead.",
                      label=labels["hp"])
        try:  # the bounds a load checks (core.creature.schema), said while the form is open
            self.rules.new_creature("check", init_mod=init_mod, **stats)
            if initiative is not None:
                check_initiative(initiative)
        except ValueError as error:
            return f"{str(error)[:1].upper()}{str(error)[1:]}."
        return ""


def controls_in(fields: dict[str, str]) -> list[str]:
    """Each typed field that holds a control character, said as a refusal (a terminal would
    obey the character: the GM types the text without it)."""
    said = []
    for what, text in fields.items():
        try:
            refuse_controls(text, what)
        except ValueError as error:
            said.append(f"{str(error)[:1].upper()}{str(error)[1:]}.")
    return said
