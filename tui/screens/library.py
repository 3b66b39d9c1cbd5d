"""The bestiary: the GM's own creature templates for this system, and adding copies.

Templates live in ``saves.library`` (TOML in the data dir, one file per system); this screen
adds them to the encounter by name, with completion, a count and initiatives rolled, and
renames or removes them (removed templates go to the trash, like saves). The helpers
:func:`add_copies` and :func:`template_name` are shared by the roster's copy key and the
stat-block paste.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from core.text.i18n import N_, listing, tr
from saves import SaveConflict, SaveError, library
from saves.library import fresh
from tui.screens.base import HitLedgerModal
from tui.screens.creature_fields import read_count, unique_names
from tui.screens.dialogs import ConfirmModal, NumberInput, PromptModal

if TYPE_CHECKING:
    from core import Creature
    from tui.app_protocol import LedgerApp

_NUMBERED = re.compile(r"\s+\d+$")


def template_name(name: str) -> str:
    """The name a roster creature is kept under: ``Goblin 3`` is a ``Goblin``."""
    return _NUMBERED.sub("", name) or name


def add_copies(app: LedgerApp, template: Creature, count: int,
               initiative: int | None = None) -> list[str]:
    """Add ``count`` fresh copies of ``template``, numbered after the names taken.

    With ``initiative`` None each copy rolls its own (d20 + the template's modifier, RULES §7)
    where the system has initiative, in the add's one undo step. Else they all take
    ``initiative``. Returns the new ids.
    """
    session = app.session
    encounter = session.encounter
    taken = {encounter.creature(cid).name for cid in encounter.order}
    base = template_name(template.name)
    numbered = any(template_name(name) == base != name for name in taken)
    # beside Goblin 1 and Goblin 2 one more is Goblin 3, not a plain Goblin
    names = unique_names(base, count, taken | {base} if numbered else taken)
    copies = []
    for name in names:
        copy = fresh(template)
        copy.name = name
        copies.append(copy)
    roll = initiative is None and encounter.rules.has_initiative
    added = session.apply(lambda enc: enc.add_many(
        copies, initiative=initiative or 0, roll=roll, rng=session.rng))
    return added  # the roster's cursor stays where the GM was


def keep_in_library(app: LedgerApp, creature: Creature,
                    then: Callable[[], None] | None = None) -> None:
    """Keep ``creature`` as a template named without its number; ask before replacing one.

    ``then`` runs once it is kept (the bestiary lists it).
    """
    template = fresh(creature)
    template.name = template_name(creature.name)
    system = app.session.encounter.system

    def keep(force: bool | None = False) -> None:
        try:
            library.add(system, template, force=bool(force))
        except SaveConflict:
            app.push_screen(ConfirmModal(
                tr("The bestiary already has {name}. Replace it?", name=template.name)),
                            lambda yes: keep(True) if yes else None)
            return
        except SaveError as error:
            app.notify(tr("Not kept: {error}", error=error), severity="error")
            return
        app.notify(tr("Kept {name} in the bestiary (B opens it).", name=template.name))
        if then is not None:
            then()

    keep()


def skipped_words(skipped: list[library.Skipped]) -> str:
    """The templates of the bestiary's file left out because they do not load, and why:
    ``Left out, fix in SYSTEM.toml by hand: template Goblin: …``."""
    if not skipped:
        return ""
    first = skipped[0].error
    where = first.path.name if first.path is not None else tr("the library file")
    problem = first.gist or first.problem
    if len(skipped) > 1:
        return tr("Left out, fix in {file} by hand: {problem} (and {more} more)", file=where,
                  problem=problem, more=len(skipped) - 1)
    return tr("Left out, fix in {file} by hand: {problem}", file=where, problem=problem)


class LibraryScreen(HitLedgerModal[None]):
    """The bestiary of this encounter's system: add by name with a count, rename, remove.

    | Key | Action |
    | :- | :- |
    | enter | Add the named (or highlighted) creature, count times, initiatives rolled |
    | ↑ / ↓ | Move through the bestiary |
    | ctrl+r | Rename the highlighted template |
    | ctrl+x | Remove the highlighted template (to the trash) |
    | ctrl+t | Paste a stat block into the bestiary |
    | escape | Close |
    """

    # CSS, not DEFAULT_CSS: these rules must win over app.tcss's dialog rules
    CSS = """
    LibraryScreen .dialog-row { height: 1; }
    LibraryScreen .dialog-row Input { margin: 0; }
    LibraryScreen #library-name { width: 1fr; }
    LibraryScreen #library-list { height: 7; max-height: 7; }
    LibraryScreen #library-summary {
        height: 7; color: $text-muted; text-wrap: nowrap; text-overflow: ellipsis;
    }
    """
    AUTO_FOCUS = "#library-name"
    BINDINGS = [
        Binding("escape", "close", N_("Close"), id="library.close"),
        # a modal screen does not see the app's keys; ? would be typed into a field
        Binding("enter", "add", N_("Add"), id="library.add", show=False,
                tooltip=N_("Add the named (or highlighted) creature, count times, initiatives rolled")),
        Binding("up", "move(-1)", N_("Up"), show=False, id="library.up"),
        Binding("down", "move(1)", N_("Down"), show=False, id="library.down"),
        Binding("ctrl+r", "rename", N_("Rename"), id="library.rename",
                tooltip=N_("Rename the highlighted template")),
        # over the field's cut: in the bestiary ctrl+x removes, as on the saves screen delete does
        Binding("ctrl+x", "remove", N_("Remove"), id="library.remove", priority=True,
                tooltip=N_("Remove the highlighted template (to the trash)")),
        Binding("ctrl+t", "paste_block", N_("Paste stat block"), id="library.paste_block",
                tooltip=N_("Paste a stat block as printed into the bestiary")),
    ]

    def __init__(self) -> None:
        """The names are read when the screen mounts."""
        super().__init__(classes="dialog")
        self.names: list[str] = []
        self.skipped = ""
        """The templates of the file that do not load, in words: said until fixed."""

    def compose(self) -> ComposeResult:
        """Name with completion and count, the list, what the highlighted one is."""
        with Vertical(id="bestiary", classes="dialog-box wide") as box:
            box.border_title = tr("Bestiary · {system}", system=self.encounter.rules.name)
            with Horizontal(classes="dialog-row"):
                yield Label(tr("Name") + " ")
                yield Input(placeholder=tr("type a name (→ completes)"), id="library-name",
                            compact=True)
                yield Label("  " + tr("Count") + " ")
                yield NumberInput("1", id="library-count", label=tr("Count"), default=1, minimum=1,
                                  classes="number")
            yield OptionList(id="library-list")
            yield Static("", id="library-summary", markup=False)
            yield Static("", classes="dialog-error", markup=False)
            yield Label(tr("enter add · ↑↓ choose · ^r rename · ^x remove · ^t paste · esc close"),
                        classes="dialog-hint")

    def on_mount(self) -> None:
        """Read the bestiary."""
        self.query_one(OptionList).can_focus = False  # keys stay in the name field
        self.show_names()

    # -- showing ---------------------------------------------------------------------

    def show_names(self, highlight: str | None = None) -> None:
        """(Re)read the names from the data dir and list them."""

        try:
            self.names = library.names(self.encounter.system)
            self.skipped = skipped_words(library.problems(self.encounter.system))
            self.show_error("")
        except SaveError as error:
            self.names = []
            self.show_error(str(error))
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options([Option(name, id=name) for name in self.names])
        if not self.names:
            self.query_one("#library-summary", Static).update(
                tr("The bestiary is empty: b on the roster keeps the highlighted creature here."))
        self.query_one("#library-name", Input).suggester = SuggestFromList(self.names,
                                                                           case_sensitive=False)
        if self.names:
            wanted = highlight if highlight in self.names else self.names[0]
            options.highlighted = self.names.index(wanted)
            self._show_summary()

    def show_error(self, text: str) -> None:
        """One line of what went wrong (empty: the templates left out, if any)."""
        self.query_one(".dialog-error", Static).update(text or self.skipped)

    def highlighted(self) -> str | None:
        """The highlighted template's name."""
        index = self.query_one(OptionList).highlighted
        return self.names[index] if index is not None and index < len(self.names) else None

    def _show_summary(self) -> None:

        name = self.highlighted()
        if name is None:
            return
        try:
            creature = library.get(self.encounter.system, name)
        except (SaveError, KeyError) as error:
            self.show_error(str(error))
            return
        from tui.screens.statblock_paste import paste_summary

        # the numbers and each attack's bonus too, as the paste preview shows them
        self.query_one("#library-summary", Static).update(
            paste_summary(self.encounter.rules, creature))

    def on_input_changed(self, event: Input.Changed) -> None:
        """Typing moves the highlight to the first name that starts with (or holds) the text."""
        event.stop()
        if isinstance(event.input, NumberInput):
            self.show_error(event.input.problem())
            return
        self.show_error("")
        found = self.match(event.value)
        if found is not None:
            self.query_one(OptionList).highlighted = self.names.index(found)
            self._show_summary()

    def match(self, text: str) -> str | None:
        """The name ``text`` means: exact, else the first that starts with it, else holds it."""
        typed = text.strip().casefold()
        if not typed:
            return None
        for test in (str.__eq__, str.startswith, str.__contains__):
            for name in self.names:
                if test(name.casefold(), typed):
                    return name
        return None

    # -- actions ---------------------------------------------------------------------

    def action_move(self, step: int) -> None:
        """Highlight the next or previous template."""
        if not self.names:
            return
        options = self.query_one(OptionList)
        index = options.highlighted or 0
        options.highlighted = max(0, min(len(self.names) - 1, index + step))
        self._show_summary()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in either field adds."""
        event.stop()
        self.action_add()

    def action_add(self) -> None:
        """Add count fresh copies of the chosen template, initiatives rolled (one add step)."""

        typed = self.query_one("#library-name", Input).value
        name = self.match(typed) if typed.strip() else self.highlighted()
        if name is None:
            self.show_error(tr("No {name} in the bestiary.", name=repr(typed.strip()))
                            if typed.strip() else tr("The bestiary is empty."))
            return
        try:
            count = read_count(self.query_one("#library-count", NumberInput).value)
            template = library.get(self.encounter.system, name)
        except (SaveError, KeyError, ValueError) as error:
            self.show_error(str(error))
            return
        ledger = self.ledger
        self.dismiss(None)
        added = add_copies(ledger, template, count)
        names = [ledger.session.encounter.creature(cid).name for cid in added]
        ledger.notify(tr("Added {names} from the bestiary.", names=listing(names)))

    def action_rename(self) -> None:
        """Ask for the highlighted template's new name."""
        name = self.highlighted()
        if name is None:
            return

        def check(text: str) -> str | None:
            if not text:
                return tr("Type a name.")
            if text != name and text in self.names:
                return tr("The bestiary already has {name}.", name=text)
            return None

        def rename(new_name: str | None) -> None:

            if not new_name or new_name == name:
                return
            try:
                library.rename(self.encounter.system, name, new_name)
            except (SaveError, KeyError, ValueError) as error:
                self.show_error(str(error))
                return
            self.show_names(highlight=new_name)
            self.notify(tr("Renamed {name} to {new_name} in the bestiary.", name=name,
                           new_name=new_name))

        self.app.push_screen(PromptModal(tr("Rename {name} in the bestiary to:", name=name),
                                         value=name,
                                         check=check), rename)

    def action_remove(self) -> None:
        """Ask, then move the highlighted template to the trash."""
        name = self.highlighted()
        if name is None:
            return

        def remove(confirmed: bool | None) -> None:

            if not confirmed:
                return
            try:
                library.remove(self.encounter.system, name)
            except (SaveError, KeyError) as error:
                self.show_error(str(error))
                return
            self.show_names()
            self.notify(tr("Removed {name} from the bestiary (kept in the trash).", name=name))

        self.app.push_screen(ConfirmModal(
            tr("Remove {name} from the bestiary? It goes to the trash.", name=name)),
                             remove)

    def action_paste_block(self) -> None:
        """Read a pasted stat block and keep it as a template (its text kept too)."""
        from tui.screens.statblock_paste import StatblockPasteScreen

        def keep(pasted: tuple[Creature, int] | None) -> None:
            if pasted is not None:
                keep_in_library(self.ledger, pasted[0], then=lambda: self.show_names(
                    highlight=template_name(pasted[0].name)))

        self.app.push_screen(StatblockPasteScreen(self.encounter.rules, count=None), keep)

    def action_close(self) -> None:
        """Back to the roster."""
        self.dismiss(None)
