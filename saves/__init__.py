"""Encounters saved as TOML files in the user data dir: quick, atomic, never lost.

The API the TUI calls::

    save(enc, force=False, name=None) -> Path       # SaveConflict if the file changed on disk
    load(path_or_name) -> Encounter                 # SaveError naming file, line or field
    autosave(enc, path=None) -> Path                # the window's autosave slot, never a conflict
    save_path(enc) -> Path | None                   # the file enc belongs to
    load_autosave(path=None) -> Encounter | None    # the newest autosave without path
    resumed_as_saved(enc) -> bool                   # that autosave holds what its save holds
    read_autosave(path) -> Encounter                # a copy of another window's, tied to no file
    saves.slots: claim_slot, release, resume_candidate, held_elsewhere — one autosave per window
    list_saves() -> list[SaveEntry]                 # cheap: reads the head of each file
    delete_save(path) -> Path                       # moved into data_dir()/trash/
    list_trash() -> list[SaveEntry]                 # the copies in trash/, as list_saves lists
    restore_from_trash(path) -> Path                # a copy that loads, back among the saves
    keep_as_save(enc) -> Path                       # its own file if unchanged, else a free name
    rename_save(path, new_name) -> Path
    data_dir() -> Path                              # honours HITLEDGER_DATA_DIR
    library                                         # the GM's bestiary (saves/library.py)

save and autosave take data=enc.to_data() as an option: take it on the thread that
changes the encounter, and a save in a worker thread writes one consistent state.
The format is described in saves/FORMAT.md.
"""

from __future__ import annotations

from saves import library
from saves.autosaves import read_autosave
from saves.codec import FORMAT_VERSION, MIGRATIONS, migration
from saves.errors import SaveConflict, SaveError
from saves.from_trash import list_trash, restore_from_trash
from saves.names import data_dir, slugify
from saves.store import (
    MAX_FILE_BYTES,
    SaveEntry,
    autosave,
    autosave_path,
    autosave_slot_of,
    clean_temp_files,
    delete_save,
    keep_as_save,
    keep_in_trash,
    list_saves,
    load,
    load_autosave,
    rename_save,
    resumed_as_saved,
    save,
    save_path,
)

__all__ = [
    "FORMAT_VERSION",
    "MAX_FILE_BYTES",
    "MIGRATIONS",
    "SaveConflict",
    "SaveEntry",
    "SaveError",
    "autosave",
    "autosave_path",
    "autosave_slot_of",
    "clean_temp_files",
    "data_dir",
    "delete_save",
    "keep_as_save",
    "keep_in_trash",
    "library",
    "list_saves",
    "list_trash",
    "load",
    "load_autosave",
    "migration",
    "read_autosave",
    "rename_save",
    "resumed_as_saved",
    "restore_from_trash",
    "save",
    "save_path",
    "slugify",
]
