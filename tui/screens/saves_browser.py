"""The saves screen: every save in the data dir; load, rename, trash, start new."""

from __future__ import annotations

import os
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.widgets import DataTable, Static

from core.text.cells import cut_cells
from core.text.i18n import N_, tr
from tui.file_reports import error_words, kept_where
from tui.messages import LoadRefused, LoadSave, NewEncounter, SaveFileChanged, SavesListed
from tui.screens.base import HitLedgerScreen
from tui.screens.dialogs import ChoiceModal, ConfirmModal, PromptModal
from tui.screens.save_dialogs import check_name
from tui.widgets.log_panel import NoticeLine
from tui.widgets.steady_footer import SteadyFooter

NAME_CELLS = 24
"""Cells of the Name column."""


def when_text(moment: datetime, now: datetime | None = None) -> str:
    """``today 12:04``, ``yesterday 21:40`` or ``2024-03-02 18:00``."""
    now = now or datetime.now()
    days = (now.date() - moment.date()).days
    if days == 0:
        return tr("today {time}", time=f"{moment:%H:%M}")
    if days == 1:
        return tr("yesterday {time}", time=f"{moment:%H:%M}")
    return f"{moment:%Y-%m-%d %H:%M}"


def row_labels(entries: list[Any]) -> dict[str, str]:
    """The Name cell of each readable save, by path: its encounter's name (an autosave's, the
    file's), or its file's name where two rows would read the same (play report 2, S7-2)."""
    labels = {str(entry.path): cut_cells(entry.path.stem.replace("-", " ") if entry.autosave
                                         else entry.name, NAME_CELLS)
              for entry in entries if entry.error is None}
    counts = Counter(labels.values())
    return {key: Path(key).name if counts[label] > 1 else label for key, label in labels.items()}


class SavesScreen(HitLedgerScreen[None]):
    """The saves in the data dir, newest first; unreadable files are listed, never touched.

    | Key | Action |
    | :- | :- |
    | enter | Load the highlighted save |
    | r | Rename it |
    | delete | Move it to the trash folder (asks first) |
    | n | Start a new encounter |
    | k | Next encounter keeping the party (the current one is saved) |
    | m | Export the highlighted save's log as Markdown |
    | t | List the copies in the trash folder (t again: the saves) |
    | enter | In the trash: open the copy; it goes back among the saves, under its name |
    | ctrl+o | List the saves again |
    | escape | Back |
    """

    CSS_PATH = "saves_browser.tcss"
    SHOWS_ENCOUNTER = False
    """It shows files, not the encounter: undo and redo have nothing to do here."""
    AUTO_FOCUS = "#saves"

    BINDINGS = [
        Binding("enter", "load", N_("Load"), id="saves.load"),
        Binding("r", "rename", N_("Rename"), id="saves.rename"),
        Binding("delete", "trash", N_("Trash"), id="saves.trash"),
        Binding("n", "new", N_("New"), id="saves.new"),
        Binding("k", "keep_party", N_("Keep party"), id="saves.keep_party",
                tooltip=N_("Next encounter keeping the party (the current one is saved)")),
        Binding("m", "export_log", N_("Export log"), show=False, id="saves.export_log",
                tooltip=N_("Write the highlighted save's log as Markdown for the campaign notes")),
        Binding("enter", "restore", N_("Open copy"), id="saves.restore",
                tooltip=N_("Open the highlighted copy: it goes back among the saves, under its name")),
        # not in the footer (80 columns are full): the title says it, help and ctrl+p list it
        Binding("t", "show_trash", N_("Trash folder"), id="saves.show_trash", show=False,
                tooltip=N_("List the copies in the trash folder: set-aside autosaves, work kept")),
        Binding("t", "show_saves", N_("Saves"), id="saves.show_saves",
                tooltip=N_("Back to the list of saves")),
        Binding("escape", "back", N_("Back"), id="saves.back"),
        Binding("ctrl+o", "refresh", N_("Refresh"), show=False, id="saves.refresh",
                tooltip=N_("List the saves again (files saved since it opened)")),
    ]

    def __init__(self) -> None:
        """Entries arrive from a worker."""
        super().__init__()
        self.entries: dict[str, Any] = {}
        self.in_trash = False
        """Listing the copies in trash/ rather than the saves."""
        self.notice: Content | None = None
        # whole: the detail line has the screen's width, and a second line when it wraps
        self._notice_line = NoticeLine(self, self._put_notice, limit=None)

    def compose(self) -> ComposeResult:
        """Title, table, footer."""
        yield Static(tr("Saves"), id="saves-title", markup=False)
        yield SavesTable(cursor_type="row", id="saves")
        yield Static("", id="saves-detail", markup=False)
        yield SteadyFooter(compact=True)

    def on_mount(self) -> None:
        """Columns, then list the saves in a worker."""
        table = self.query_one(SavesTable)
        for label, key, width in ((N_("Name"), "name", NAME_CELLS), (N_("System"), "system", 15),
                                  (N_("Round"), "round", 5), (N_("Creatures"), "creatures", 9),
                                  (N_("Saved"), "saved", None)):
            words = tr(label)
            table.add_column(words if width is None else cut_cells(words, width), key=key,
                             width=width)
        self.refresh_list()

    def refresh_list(self) -> None:
        """List the saves again (in a worker: it reads the disk)."""
        self.list_saves()

    @work(thread=True, exclusive=True, group="saves-list")
    def list_saves(self) -> None:
        """Read the head of every save file."""
        import saves

        trash = self.in_trash
        try:
            entries = saves.list_trash() if trash else saves.list_saves()
            folder = str(saves.data_dir() / "trash" if trash else saves.data_dir())
            home = os.path.expanduser("~")
            if home != "/" and folder.startswith(home + os.sep):
                folder = "~" + folder[len(home):]
            title = tr("Trash · {folder} · t lists the saves", folder=folder) if trash else \
                tr("Saves · {folder} · t lists the trash", folder=folder)
        except Exception as error:  # noqa: BLE001 - any failure is shown, the app keeps running
            self.post_message(SavesListed([], error))
            return
        self.app.call_from_thread(self._set_title, title)
        self.post_message(SavesListed(list(entries)))

    def _set_title(self, title: str) -> None:
        self.query_one("#saves-title", Static).update(title)

    def action_refresh(self) -> None:
        """ctrl+o, the key that opens this screen, lists the saves again."""
        self.refresh_list()

    def on_load_refused(self, message: LoadRefused) -> None:
        """A load refused a file: list again, so its row says so and the detail line why."""
        self.refresh_list()

    def on_saves_listed(self, message: SavesListed) -> None:
        """Fill the table; the cursor stays on the file it was on."""
        table = self.query_one(SavesTable)
        was = self.highlighted() if self.entries else None
        table.clear()
        self.entries.clear()
        if message.error is not None:
            self.show_notice(tr("Not listed: {error}", error=error_words(message.error)),
                             severity="error")
        from core import SYSTEM_IDS, get_system

        labels = row_labels(message.entries)
        for entry in message.entries:
            key = str(entry.path)
            self.entries[key] = entry
            if entry.error is not None:
                table.add_row(Text(f"! {entry.path.name}"), Text(tr("unreadable")), Text(""),
                              Text(""), Text(when_text(entry.modified)), key=key)
                continue
            rules = get_system(entry.system) if entry.system in SYSTEM_IDS else None
            system = rules.name if rules else entry.system
            # RULES §7: a system without rounds (the GM's spotlight list) has none to show
            round_text = "—" if rules and not rules.counts_rounds else str(entry.round)
            name = labels[key]
            table.add_row(Text(cut_cells(name, NAME_CELLS)), Text(system), Text(round_text),
                          Text(str(entry.creatures)), Text(when_text(entry.modified)), key=key)
        if not message.entries:
            empty = ((tr("the trash is empty"), tr("t lists the saves")) if self.in_trash
                     else (tr("no saves yet"), tr("ctrl+s saves")))
            table.add_row(Text(empty[0]), Text(empty[1]), Text(""), Text(""), Text(""), key="none")
        if was is not None and str(was.path) in self.entries:
            table.move_cursor(row=table.get_row_index(str(was.path)))
        self._show_detail()
        self.refresh_bindings()

    def show_notice(self, message: str, severity: str = "information",
                    timeout: float = 8.0) -> bool:
        """A notice on the detail line, whole, above the highlighted file's line.

        The app's notices come here too: a 36-cell toast wrote over the title and cut
        ``Not loaded: …`` before the why, and ``Moved to trash/…`` before the file's name
        (play report 2, S7-1). The screen's own notices come straight here, 8 seconds.
        """
        self._notice_line.show(message, severity, timeout)
        return True

    def _put_notice(self, notice: Content | None) -> None:
        self.notice = notice
        self._show_detail()

    def _show_detail(self) -> None:
        """The whole story of the highlighted entry: its file, or why it cannot be read."""
        entry = self.highlighted()
        detail = self.query_one("#saves-detail", Static)
        if entry is None:
            line = ""
        elif entry.error is not None:
            line = f"! {entry.path.name}: {entry.error}"
        else:
            line = f"{entry.path.name} · {entry.name}"
        if self.notice is None:
            detail.update(Text(line))
        else:
            detail.update(Content.assemble(self.notice, "\n", line) if line else self.notice)

    def highlighted(self) -> Any | None:
        """The save entry under the cursor."""
        table = self.query_one(SavesTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return self.entries.get(key or "")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Rename and export need a readable save; load and trash any file (load says why not)."""
        entry = self.highlighted() if self.is_mounted else None
        if action in ("show_trash", "show_saves"):
            return (action == "show_trash") != self.in_trash or None
        if action == "restore":  # a copy in the trash opens by coming back among the saves
            return True if self.in_trash and entry is not None else None
        if self.in_trash and action in ("load", "rename", "export_log", "trash"):
            return None
        if action in ("rename", "export_log"):
            return True if entry is not None and entry.error is None else None
        if action in ("load", "trash"):
            return True if entry is not None else None
        return True

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter (a click) loads, or in the trash opens the copy."""
        event.stop()
        if self.in_trash:
            self.action_restore()
        else:
            self.action_load()

    def action_show_trash(self) -> None:
        """List the copies in the trash folder (an evening set aside comes back)."""
        self.in_trash = True
        self.refresh_list()

    def action_show_saves(self) -> None:
        """Back to the saves."""
        self.in_trash = False
        self.refresh_list()

    def action_restore(self) -> None:
        """Bring the highlighted copy back among the saves and open it (in a worker)."""
        entry = self.highlighted()
        if entry is None or not self.in_trash:
            return
        if entry.error is not None:
            self.show_notice(tr("Not opened: {file}: the line below says why.",
                                file=entry.path.name),
                             severity="warning")
            return
        self.restore_copy(entry.path)

    @work(thread=True, exclusive=True, group="saves-change")
    def restore_copy(self, path: Any) -> None:
        """Move the copy back among the saves; the app loads it from there."""
        import saves

        try:
            target = saves.restore_from_trash(path)
        except Exception as error:  # noqa: BLE001 - any failure is said; a worker's error would end the app
            self.post_message(SaveFileChanged("restore", "", error))
            return
        self.post_message(SaveFileChanged(
            "restore", tr("Back among the saves as {file}.", file=target.name)))
        self.post_message(LoadSave(target))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Update the detail line and what the footer offers."""
        if self.entries:
            self._show_detail()
        self.refresh_bindings()

    def action_load(self) -> None:
        """Load the highlighted save (in a worker)."""
        entry = self.highlighted()
        if entry is None:
            return
        if entry.error is not None:
            # enter on a broken file: say so, rather than nothing at all
            self.show_notice(tr("Not loaded: {file}: the line below says why.",
                                file=entry.path.name),
                             severity="warning")
            return
        self.post_message(LoadSave(entry.path))

    def action_rename(self) -> None:
        """Ask for a new name, then rename the file."""
        entry = self.highlighted()
        if entry is None or entry.error is not None:
            return

        opened = self._holds_open_encounter(entry)

        def done(name: str | None) -> None:
            if name:
                self.change_file("rename", entry.path, name, opened=opened)

        # the autosave holds an encounter with a name of its own: say which file is renamed
        label = tr("the autosave ({name})", name=entry.name) if entry.autosave else entry.name
        self.app.push_screen(PromptModal(tr("Rename {save} to:", save=label), value=entry.name,
                                         check=check_name), done)

    def action_trash(self) -> None:
        """Ask, then move the highlighted save to the trash folder."""
        entry = self.highlighted()
        if entry is None:
            return

        def done(confirmed: bool | None) -> None:
            if confirmed:
                self.change_file("trash", entry.path, "")

        label = entry.name if entry.error is None else entry.path.name
        self.app.push_screen(ConfirmModal(tr("Move {save} to the trash folder?", save=label)),
                             done)

    def action_export_log(self) -> None:
        """Read the highlighted save, then ask where to write its log as Markdown."""
        entry = self.highlighted()
        if entry is not None and entry.error is None:
            self.read_for_export(entry.path)

    @work(thread=True, exclusive=True, group="saves-export")
    def read_for_export(self, path: Any) -> None:
        """Read a save off the UI thread; the prompt opens when it is read."""
        import saves
        from tui.screens import markdown_log

        try:
            encounter = saves.load(path)
        except Exception as error:  # noqa: BLE001 - any failure is said; a worker's error would end the app
            self.app.call_from_thread(self.show_notice,
                                      tr("Not read: {error}", error=error_words(error)),
                                      severity="error")
            return
        # where it was written goes on this screen's own line, whole (not a 36-cell toast)
        self.app.call_from_thread(markdown_log.ask_export_log, self.app, encounter,
                                  say=self.show_notice)

    def _holds_open_encounter(self, entry: Any) -> bool:
        """Whether ``entry`` is the open encounter's save, or the autosave this window writes."""
        import saves

        opened = saves.save_path(self.encounter)
        if opened is not None and opened.resolve() == entry.path.resolve():
            return True
        slot = self.ledger.persistence.autosave_file
        return bool(entry.autosave) and slot is not None and slot.resolve() == entry.path.resolve()

    @work(thread=True, exclusive=True, group="saves-change")
    def change_file(self, action: str, path: Any, name: str, *, opened: bool = False) -> None:
        """Rename or trash a save file; the open encounter's own file renames the encounter."""
        import saves

        try:
            if action == "rename":
                target = saves.rename_save(path, name)
                text = tr("Renamed to {file}.", file=target.name)
            else:
                target = saves.delete_save(path)
                text = tr("Moved to {where}.", where=kept_where(target))
        except Exception as error:  # noqa: BLE001 - any failure is said; a worker's error would end the app
            self.post_message(SaveFileChanged(action, "", error))
            return
        self.post_message(SaveFileChanged(action, text, renamed=name.strip() if opened else ""))

    def on_save_file_changed(self, message: SaveFileChanged) -> None:
        """Say what happened and list again; a rename of the open encounter's file renames the
        encounter too, so the header says it and the next save does not write the old name."""
        if message.error is not None:
            self.show_notice(error_words(message.error), severity="error")
        else:
            if message.renamed and message.renamed != self.encounter.name:
                renamed = message.renamed
                self.session.apply(lambda encounter: encounter.rename(renamed), ())
            self.show_notice(message.text)
        self.refresh_list()

    def action_new(self) -> None:
        """Pick a system and a name, then start an empty encounter (not while a keep is under
        way: the name typed would be refused)."""
        from core import SYSTEM_IDS, get_system

        if self.ledger.persistence.still_keeping():
            return
        choices = [(system, get_system(system).name) for system in SYSTEM_IDS]

        def named(system: str, name: str | None) -> None:
            if name:
                self.post_message(NewEncounter(system, name))

        def picked(system: str | None) -> None:
            if system:
                self.app.push_screen(PromptModal(tr("Name of the new encounter:"),
                                                 value=tr("New encounter"), check=check_name),
                                     lambda name: named(system, name))

        self.app.push_screen(ChoiceModal(tr("New encounter: which system?"), choices), picked)

    def action_keep_party(self) -> None:
        """A new encounter with the current one's PCs as they are now."""
        from tui.screens import party

        party.ask_next_encounter(self.ledger)

    def action_back(self) -> None:
        """Back to the roster."""
        self.app.pop_screen()


class SavesTable(DataTable[Any]):
    """The saves list; enter is the screen's Load, so the table does not take it."""

    BINDINGS = [Binding("enter", "screen.load", N_("Load"), id="saves.table_load")]
