"""Copies in data_dir()/trash/ listed and brought back among the saves.

A GM whose autosave was set aside (a load that refused it, an encounter replaced with
unsaved work) finds it here: ``list_trash()`` lists the copies as ``list_saves()`` lists the
saves, and ``restore_from_trash(path)`` moves one back into the data dir under a name not taken, once it
loads — the saves screen's trash view opens it that way.
"""

from __future__ import annotations

import os
from pathlib import Path

from core.text.i18n import tr
from saves import codec
from saves.errors import SaveError
from saves.files import BACKUP_SUFFIX, _fsync_dir, read_checked, write_lock
from saves.listing import SaveEntry, _entry
from saves.names import SUFFIX, TRASH_DIR, data_dir
from saves.store import _free_path

#: Templates removed from the bestiary (saves/library.py): ``library import`` brings them back.
LIBRARY_COPY = "library-"


def list_trash() -> list[SaveEntry]:
    """Every encounter copy in data_dir()/trash/, newest first, read from its first lines."""
    folder = data_dir() / TRASH_DIR
    if not folder.is_dir():
        return []
    entries = [_entry(path, False) for path in folder.glob(f"*{SUFFIX}")
               if not path.name.startswith((".", LIBRARY_COPY))]
    entries.sort(key=lambda e: (e.modified, e.path.name), reverse=True)
    return entries


def restore_from_trash(path: Path | str) -> Path:
    """Move a copy in the trash back among the saves, named after its encounter (``NAME-2``
    when taken), with its ``.bak``; returns the new Path. SaveError, the copy left where it
    is, if it does not load."""
    source = Path(path)
    if source.parent.resolve() != (data_dir() / TRASH_DIR).resolve():
        raise SaveError(source, tr("is not in the trash folder"), hint=tr("open it as a save instead"))
    raw, _st = read_checked(source)
    encounter, _header = codec.decode(raw, source)
    with write_lock:
        target = _free_path(encounter.name)
        os.replace(source, target)
        backup = source.with_name(source.name + BACKUP_SUFFIX)
        if backup.exists() and not target.with_name(target.name + BACKUP_SUFFIX).exists():
            os.replace(backup, target.with_name(target.name + BACKUP_SUFFIX))
        _fsync_dir(source.parent)
        _fsync_dir(target.parent)
    return target


__all__ = ["list_trash", "restore_from_trash"]
