"""Saves by name: save, load, keep, delete and rename, each file belonging to its encounter.

The other parts live beside it and are handed on from here: :mod:`saves.files` (atomic writes,
reading checked), :mod:`saves.tracking` (the file an encounter belongs to), :mod:`saves.listing`,
:mod:`saves.autosaves` and :mod:`saves.trash`.
"""

from __future__ import annotations

import os
import unicodedata
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.text.i18n import tr
from saves import codec
from saves.autosaves import autosave, autosave_path, load_autosave
from saves.errors import SaveConflict, SaveError, os_words, write_hint
from saves.files import (
    BACKUP_SUFFIX,
    MAX_FILE_BYTES,
    Stamp,
    _encode,
    _fsync_dir,
    atomic_write,
    clean_temp_files,
    read_checked,
    through_link,
    write_lock,
)
from saves.listing import _SLOT_NAME, SaveEntry, _refused, list_saves
from saves.names import SUFFIX, TRASH_DIR, data_dir, numbered, private_dir, slugify
from saves.tracking import (
    _autosave_source,
    _remember,
    _track,
    _tracked_encounters,
    _Tracking,
    autosave_slot_of,
    resumed_as_saved,
    save_path,
)
from saves.trash import TRASH_MAX_DAYS, TRASH_MAX_FILES, keep_in_trash, prune_trash, trash_path

if TYPE_CHECKING:
    from core import Encounter


__all__ = [
    "atomic_write",
    "autosave",
    "autosave_path",
    "autosave_slot_of",
    "BACKUP_SUFFIX",
    "clean_temp_files",
    "delete_save",
    "keep_as_save",
    "keep_in_trash",
    "list_saves",
    "load",
    "load_autosave",
    "MAX_FILE_BYTES",
    "path_for",
    "prune_trash",
    "read_checked",
    "rename_save",
    "resolve",
    "resumed_as_saved",
    "save",
    "save_path",
    "SaveEntry",
    "Stamp",
    "through_link",
    "TRASH_MAX_DAYS",
    "TRASH_MAX_FILES",
    "trash_path",
    "write_lock",
]


def path_for(name: str) -> Path:
    """The file in data_dir() a save called `name` would have (its slug, unnumbered)."""
    directory = data_dir()
    path = directory / f"{slugify(name)}{SUFFIX}"
    if path.parent != directory:  # slugify allows no separators; this is the belt to its braces
        raise SaveError(path, tr("would be outside the data folder"), hint=tr("choose another name"))
    return path


def _free_path(name: str, owned: Path | None = None) -> Path:
    """path_for(name), numbered NAME-2, NAME-3... if that file belongs to another encounter."""
    return next(path for path in numbered(path_for(name)) if path == owned or not path.exists())


def resolve(path_or_name: Path | str) -> Path:
    """A Path as given, or the save in data_dir() with that file stem, slug or encounter name."""
    if isinstance(path_or_name, Path):
        return path_or_name
    text = str(path_or_name)
    if os.sep in text or (os.altsep and os.altsep in text) or text.endswith(SUFFIX):
        given = Path(text).expanduser()
        if given.is_absolute() or given.exists():
            return given
        return data_dir() / given.name
    # An exact match wins over a near one: the file stem, then the encounter name
    # as typed, then the name in another case or Unicode normalization, then the slug.
    directory = data_dir()
    exact = directory / f"{text}{SUFFIX}"
    if os.path.lexists(exact):  # even a FIFO or a link: load says why it is not a save
        return exact
    named = [entry for entry in list_saves(include_autosave=False) if entry.error is None]
    folded = _fold(text)
    for matches in (lambda name: name == text,
                    lambda name: unicodedata.normalize("NFC", name) == unicodedata.normalize("NFC", text),
                    lambda name: _fold(name) == folded):
        found = sorted(entry.path for entry in named if matches(entry.name))
        if found:
            return found[0]
    return path_for(text)


def _fold(text: str) -> str:
    """A name compared loosely: NFC, case-folded."""
    return unicodedata.normalize("NFC", text).casefold()


def save(
    enc: Any,
    force: bool = False,
    name: str | None = None,
    path: Path | str | None = None,
    *,
    data: dict[str, Any] | None = None,
) -> Path:
    """Write enc atomically and return its Path; SaveConflict if the file changed on disk since.

    Without name or path, the encounter goes back to the file it came from, or to a new file
    named after enc.name (numbered if another encounter has that name). name= or path= saves
    under another name ("save as"); from then on the encounter belongs to that file.
    force=True overwrites a changed or foreign file on purpose. data= is enc.to_data() taken
    on the thread that changes enc, so that a save run in a worker writes one consistent state.
    """
    tracking = _track(enc)
    with write_lock:
        target = _save_target(tracking, name, path, enc)
        if not force:
            _refuse_overwrite(tracking, target)
        raw = _encode(enc, data=data)
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            stamp = atomic_write(through_link(target), raw)
        except OSError as exc:
            raise SaveError(
                target,
                tr("could not write ({why})", why=os_words(exc, with_file=False)),
                hint=tr("nothing was changed; {what} and try again", what=write_hint(exc)),
            ) from exc
        _remember(enc, target, stamp)
    clean_temp_files(target.parent)
    return target


def _save_target(tracking: _Tracking, name: str | None, path: Path | str | None, enc: Any) -> Path:
    """Where a save goes: the path or name asked for, else the encounter's file, else a new one."""
    if path is not None:
        return Path(path).expanduser()
    if name is not None:
        return path_for(name)
    if tracking.path is not None:
        return tracking.path
    return _free_path(enc.name)


def _refuse_overwrite(tracking: _Tracking, target: Path) -> None:
    """SaveConflict if ``target`` is another encounter's file, or ours changed on disk since."""
    if not target.exists():
        return
    ours = tracking.path is not None and target.resolve() == tracking.path.resolve()
    if not ours:
        raise SaveConflict(
            target,
            tr("another save already has this name"),
            hint=tr("choose another name, or overwrite it on purpose"),
        )
    if tracking.stamp is not None and not tracking.stamp.matches(target):
        raise SaveConflict(
            target,
            tr("changed on disk since it was loaded or saved (another window?)"),
            hint=tr("save under another name, reload it, or overwrite it on purpose"),
        )


def load(path_or_name: Path | str) -> Encounter:
    """The Encounter in a save file (a Path, or a save name in data_dir()); SaveError if unreadable."""
    path = resolve(path_or_name)
    raw, st = read_checked(path)
    try:
        enc, header = codec.decode(raw, path)
    except SaveError as exc:
        _refused[os.path.abspath(path)] = (st.st_mtime_ns, st.st_size, exc.reason)
        raise
    if _SLOT_NAME.fullmatch(path.name) and path.parent == data_dir():
        # an autosave opened from the saves list belongs to its named save, not to itself
        _remember(enc, *_autosave_source(header))
    else:
        _remember(enc, path, Stamp.of(raw, st))
    return enc


def keep_as_save(enc: Any, *, data: dict[str, Any] | None = None) -> Path:
    """Write enc as a normal save before another encounter takes its place; returns the Path.

    Scenario 8: a finished fight stays where the saves screen lists it. It goes back to the
    file it belongs to when that file is as it was loaded or saved, else to a new file named
    after it (NAME-2 … when the name is taken): another file is never overwritten.
    """
    with write_lock:
        try:
            return save(enc, data=data)
        except SaveConflict:
            return save(enc, path=_free_path(enc.name), data=data)


def delete_save(path: Path | str) -> Path:
    """Move a save (and its .bak) into data_dir()/trash/ under a name not yet taken; returns the new Path."""
    source = resolve(path)
    if not source.is_file():
        raise SaveError(source, tr("no such save"), hint=tr("refresh the saves list"))
    trash = data_dir() / TRASH_DIR
    private_dir(trash)
    with write_lock:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = trash / f"{source.stem} {stamp}{SUFFIX}"
        number = 1
        while target.exists() or target.with_name(target.name + BACKUP_SUFFIX).exists():
            number += 1
            target = trash / f"{source.stem} {stamp}-{number}{SUFFIX}"
        os.replace(source, target)
        bak = source.with_name(source.name + BACKUP_SUFFIX)
        if bak.exists():
            os.replace(bak, target.with_name(target.name + BACKUP_SUFFIX))
        _fsync_dir(trash)
        _fsync_dir(source.parent)
        for tracking in _tracked_encounters(source):
            tracking.path, tracking.stamp = None, None
        prune_trash()
    return target


def rename_save(path: Path | str, new_name: str) -> Path:
    """Give a save a new encounter name and the file name that goes with it; returns the new Path."""
    source = resolve(path)
    raw, st = read_checked(source)
    enc, _header = codec.decode(raw, source)  # a file we could not load is not renamed
    enc.name = new_name  # a plain attribute: renaming a file is not a step in the encounter's ledger
    with write_lock:
        target = _free_path(new_name, owned=source)
        new_raw = _encode(enc)
        if target == source:
            if not Stamp.of(raw, st).matches(source):
                raise SaveConflict(source, tr("changed on disk while renaming"), hint=tr("try again"))
            stamp = atomic_write(source, new_raw)
        else:
            stamp = atomic_write(target, new_raw, backup=False)
            bak = source.with_name(source.name + BACKUP_SUFFIX)
            if bak.exists():
                os.replace(bak, target.with_name(target.name + BACKUP_SUFFIX))
            source.unlink()
            _fsync_dir(source.parent)
        for tracking in _tracked_encounters(source):
            tracking.path, tracking.stamp = target, stamp
    return target
