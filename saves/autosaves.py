"""The autosave: the window's slot rewritten after each change, and the encounter resumed from it."""

from __future__ import annotations

import hashlib
import os
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.text.i18n import tr
from saves import codec
from saves.errors import SaveError, os_words, write_hint
from saves.files import (
    Stamp,
    _encode,
    atomic_write,
    clean_temp_files,
    read_checked,
    through_link,
    write_lock,
)
from saves.names import AUTOSAVE_STEM, SUFFIX, data_dir
from saves.tracking import _autosave_source, _portable, _remember, _track

if TYPE_CHECKING:
    from core import Encounter


def autosave_path() -> Path:
    """data_dir()/autosave.toml."""
    return data_dir() / f"{AUTOSAVE_STEM}{SUFFIX}"


def autosave(enc: Any, *, data: dict[str, Any] | None = None, path: Path | None = None) -> Path:
    """Rewrite the autosave with enc (atomic, never a conflict); a no-op if nothing changed since.

    path= is the autosave slot of the window (saves.slots); without it, autosave.toml.
    data= is enc.to_data() taken on the thread that changes enc (see save).
    """
    global _last_autosave
    target = autosave_path() if path is None else path
    tracking = _track(enc)
    # With a snapshot the revision it was taken at is unknown: never skip on its account.
    revision = getattr(enc, "revision", None) if data is None else None
    with write_lock:
        # skipped only when the same state went to the same file, naming the same save
        key = (revision, tracking.path, tracking.stamp, target)
        last_enc, last_key = _last_autosave
        if revision is not None and last_enc() is enc and last_key == key and target.exists():
            return target
        extra: dict[str, Any] = {}
        if tracking.path is not None:
            extra["autosave_of"] = _portable(tracking.path)
            if tracking.stamp is not None:
                extra["autosave_of_sha256"] = tracking.stamp.sha256
        raw = _encode(enc, extra, data)
        try:
            atomic_write(through_link(target), raw, backup=False)
        except OSError as exc:
            raise SaveError(target, tr("could not write ({why})", why=os_words(exc, with_file=False)), hint=write_hint(exc)) from exc
        _last_autosave = (_weak(enc), key)
        return target


def _weak(enc: Any) -> Callable[[], Any]:
    try:
        return weakref.ref(enc)
    except TypeError:
        return lambda: None


# The encounter (weakly) and revision autosave.toml holds, to skip rewriting the same state.
_last_autosave: tuple[Callable[[], Any], Any] = (lambda: None, None)


def load_autosave(path: Path | None = None) -> Encounter | None:
    """The encounter in an autosave (the newest one without path=), None if there is none.

    SaveError if it is unreadable. If the autosave was of a named save, the encounter
    belongs to that file again: a later save() goes there, and raises SaveConflict if that
    file changed in the meantime. autosave_slot_of(enc) is then the file it came from.
    """
    from saves.slots import slot_files

    clean_temp_files()
    if path is None:
        newest = slot_files()
        path = newest[0] if newest else autosave_path()
    if not os.path.lexists(path):
        return None
    raw, _st = read_checked(path)
    enc, header = codec.decode(raw, path)
    _remember(enc, *_autosave_source(header))
    tracking = _track(enc)
    tracking.autosave = path
    if tracking.path is not None and tracking.stamp is not None:
        saved = _as_saved(raw, tracking.path, tracking.stamp)
        tracking.as_saved = saved is not None
        tracking.stamp = saved or tracking.stamp
    return enc


def read_autosave(path: Path) -> Encounter:
    """The encounter in the autosave ``path`` as a copy belonging to no file: another window
    holds that slot, so nothing here may write it, its save or its temporary files (no
    cleaning, no tracking: a later save asks for a name). SaveError if it is unreadable."""
    raw, _st = read_checked(path)
    enc, _header = codec.decode(raw, path)
    return enc


def _as_saved(autosave_raw: bytes, source: Path, stamp: Stamp) -> Stamp | None:
    """The stamp of ``source`` when the autosave holds what it holds (saved, no change since:
    the file is as the autosave last saw it, and the encounter in both is the same), else None."""
    try:
        raw, st = read_checked(source)
    except SaveError:
        return None
    if hashlib.sha256(raw).hexdigest() != stamp.sha256 or _body(raw) != _body(autosave_raw):
        return None
    return Stamp.of(raw, st)


def _body(raw: bytes) -> bytes:
    """A save's bytes without the header's lines (the keys the saves layer owns, first)."""
    head, table, rest = raw.partition(b"\n[")
    lines = [line for line in head.split(b"\n")
             if line.split(b"=")[0].strip().decode("utf-8", "replace") not in codec.HEADER_KEYS]
    return b"\n".join(lines) + table + rest
