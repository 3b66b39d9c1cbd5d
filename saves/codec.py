"""Encounter <-> TOML text: the format header, version checks and migrations."""

from __future__ import annotations

import json
import math
import os
import re
import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tomli_w

from core.text.i18n import tr
from saves.errors import SaveError
from saves.validate import validate

if TYPE_CHECKING:
    from core import Encounter

#: The format version this code writes, and the newest it reads. 2: a save ends with [end].
#: 3: a ledger entry's words are phrases (data said in the reader's language).
FORMAT_VERSION = 3
#: The table written last: how many entries each section holds. A file cut short (a full
#: disk, a copy stopped half-way) lacks it or counts more than it holds, even cut at a line end.
END_TABLE = "end"
END_SECTIONS = ("creatures", "ledger", "redo")
#: The first format that closes a save with END_TABLE.
WHOLE_SINCE = 2
#: Keys the saves layer owns at the top of a file; everything else is the encounter's.
HEADER_KEYS = ("format", "saved_by", "autosave_of", "autosave_of_sha256")

Document = dict[str, Any]
Migration = Callable[[Document], Document]

#: One function per format version: it turns a document of that version into the next one.
#: The current version's entry is the identity; reading stops after it.
MIGRATIONS: dict[int, Migration] = {}

#: The table (written by Encounter.to_data) holding name, system, round and creature count.
SUMMARY_TABLE = "encounter"

#: How a document becomes an Encounter; None means core.Encounter.from_data.
#: Tests of the file layer may swap in a stand-in.
encounter_factory: Callable[[Document], Encounter] | None = None

_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_TOML_AT_END = re.compile(r"\s*\(at end of document\)\s*$")
#: list_saves() reads this much of each file, enough for the header and [encounter].
HEAD_BYTES = 64 * 1024


def migration(from_version: int) -> Callable[[Migration], Migration]:
    """Register the function that upgrades a format-`from_version` document by one version."""

    def register(func: Migration) -> Migration:
        MIGRATIONS[from_version] = func
        return func

    return register


@migration(1)
def _v1_to_v2(doc: Document) -> Document:
    """Format 1 had no [end] table (checked before the migrations run): nothing to change."""
    return doc


@migration(2)
def _v2_to_v3(doc: Document) -> Document:
    """Format 2 wrote a ledger entry's words as text in the language of the moment: they stay
    so, as literal phrases (format 3 reads text where a phrase may be). Nothing to change."""
    return doc


@migration(3)
def _v3_current(doc: Document) -> Document:
    """Format 3 is current: nothing to change. Replace with the 3 -> 4 upgrade when 4 exists."""
    return doc


def upgrade(doc: Document, version: int, path: Path | None = None) -> Document:
    """Run the migrations from `version` up to FORMAT_VERSION; SaveError for a version with none."""
    while True:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(
                path,
                tr("unknown format version {version}", version=version),
                field="format",
                hint=tr("this hitledger reads format 1 to {newest}; the file was left as it was", newest=FORMAT_VERSION),
            )
        doc = step(doc)
        if version >= FORMAT_VERSION:
            return doc
        version += 1
        doc["format"] = version


@cache
def saved_by() -> str:
    """'hitledger X.Y.Z' for the file header."""
    try:
        from importlib.metadata import version

        return f"hitledger {version('hitledger')}"
    except Exception:  # not installed (running from a checkout): the name alone will do
        return "hitledger"


#: Set to "all" (the test suite does, tests/conftest.py), every write is checked as a load
#: checks it, ledger included; else the encounter table, settings and creatures only (what
#: the ways in make; the steps are the rules' own, and checking them would slow every save).
CHECK_WRITES = "HITLEDGER_CHECK_WRITES"


def encode(data: Document, extra: Document | None = None) -> str:
    """The TOML text of a save: format header first, then the encounter's own data.

    What load would refuse is never written: SaveError naming the field instead.
    """
    clash = [key for key in (*HEADER_KEYS, SAID) if key in data]
    if clash:
        raise ValueError(f"encounter data uses keys reserved for the file header: {clash}")
    try:
        validate(data, None, history=os.environ.get(CHECK_WRITES) == "all")
    except SaveError as exc:
        raise SaveError(None, tr("not saved: {problem}", problem=exc.problem), field=exc.field, gist=exc.gist,
                        hint=tr("the file on disk was left as it was; undo the last change and "
                             "save again")) from None
    doc: Document = {"format": FORMAT_VERSION, "saved_by": saved_by()}
    if extra:
        doc.update(extra)
    doc.update(data)
    doc.pop(END_TABLE, None)
    end = {END_TABLE: {section: len(data.get(section, [])) for section in END_SECTIONS}}  # last
    # the history, one line a field (a phrase, a change on one line): tomli_w would give every
    # nested table and list its own lines, several times the size; a phrase names its message
    # by its number in the list SAID, each message written once
    steps = {key: doc.pop(key) for key in HISTORY if doc.get(key)}
    said: dict[str, int] = {}
    lines: list[str] = []
    for key, entries in steps.items():
        for entry in entries:
            lines.append(f"\n[[{key}]]\n")
            lines.extend(f"{_key(name)} = {_phrase_line(value, said, name in PHRASE_LISTS) if name in PHRASED else _inline(value)}\n"
                         for name, value in entry.items())
    if said:
        doc = {**{k: v for k, v in doc.items() if not isinstance(v, dict)}, SAID: list(said),
               **{k: v for k, v in doc.items() if isinstance(v, dict)}}
    return "".join([tomli_w.dumps(doc), *lines, "\n", tomli_w.dumps(end)])


#: The sections written one entry a table and one field a line (lists of tables of any depth).
HISTORY = ("ledger", "redo")
#: A ledger entry's fields that hold phrases (core.text.phrase), and those that hold lists of them.
PHRASED = frozenset({"text", "short", "details", "targets"})
PHRASE_LISTS = frozenset({"details", "targets"})
#: The top-level list of the message ids a save's phrases name by number (format 3).
SAID = "said"
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _phrase_line(value: Any, said: dict[str, int], many: bool) -> str:
    """A phrase (or a list of them) inline, each message id as its number in ``said``."""
    if many and isinstance(value, list):
        return "[" + ",".join(_phrase_inline(item, said) for item in value) + "]"
    return _phrase_inline(value, said)


def _phrase_inline(value: Any, said: dict[str, int]) -> str:
    if isinstance(value, list):
        if not value or not isinstance(value[0], str):
            return _inline(value)
        number = said.setdefault(value[0], len(said))
        return "[" + ",".join([str(number), *(_phrase_inline(v, said) if isinstance(v, (list, dict))
                                              else _inline(v) for v in value[1:])]) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{_key(k)}={_phrase_inline(v, said) if k != '_i' else _phrase_line(v, said, True)}"
                              for k, v in value.items()) + "}"
    return _inline(value)


def spoken(doc: Document, path: Path | None) -> Document:
    """A format-3 document with each phrase's message number replaced by its id (from SAID);
    SaveError naming the field of a number SAID does not hold."""
    said = doc.pop(SAID, None)
    if said is None:
        return doc
    if not isinstance(said, list) or not all(isinstance(word, str) for word in said):
        raise SaveError(path, tr("`said` must be a list of texts"), field=SAID,
                        hint=tr("restore the .bak copy — the file was left as it was"))
    for section in HISTORY:
        entries = doc.get(section)
        for i, entry in enumerate(entries if isinstance(entries, list) else ()):
            if not isinstance(entry, dict):
                continue
            for name in PHRASED.intersection(entry):
                where = f"{section}[{i}].{name}"
                value = entry[name]
                try:
                    entry[name] = [_words(v, said) for v in value] if name in PHRASE_LISTS \
                        and isinstance(value, list) else _words(value, said)
                except (IndexError, TypeError):
                    raise SaveError(path, tr("a message number `said` does not hold"), field=where,
                                    hint=tr("restore the .bak copy — the file was left as it was")) from None
    return doc


def _words(value: Any, said: list[str]) -> Any:
    """One phrase with its message numbers replaced by the ids they stand for."""
    if isinstance(value, list):
        if value and type(value[0]) is int:
            if value[0] < 0:
                raise IndexError(value[0])
            return [said[value[0]], *(_words(v, said) if isinstance(v, (list, dict)) else v
                                      for v in value[1:])]
        return value
    if isinstance(value, dict):
        return {k: [_words(v, said) for v in item] if k == "_i" and isinstance(item, list)
                else _words(item, said) for k, item in value.items()}
    return value


def _key(name: str) -> str:
    """A TOML key: bare when it may be, else a quoted string."""
    return name if _BARE_KEY.fullmatch(name) else _string(name)


def _string(text: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's, and DEL is escaped too."""
    quoted = json.dumps(text, ensure_ascii=False)
    return quoted.replace("\x7f", "\\u007f") if "\x7f" in quoted else quoted


def _inline(value: Any) -> str:
    """``value`` as an inline TOML value: one line whatever its depth, no space TOML does not need."""
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{" + ",".join(f"{_key(k)}={_inline(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_inline(v) for v in value) + "]"
    if isinstance(value, float):
        return "nan" if value != value else ("inf" if value == math.inf else
                                              "-inf" if value == -math.inf else repr(value))
    raise TypeError(f"{type(value).__name__} cannot be saved")


def check_whole(doc: Document, version: int, path: Path | None) -> None:
    """SaveError unless the document ends with its [end] table and holds what it counts
    (from format 2; the table is taken out). A file cut short anywhere fails here."""
    if version < WHOLE_SINCE:
        return
    end = doc.pop(END_TABLE, None)
    hint = tr("the file was not written whole (a full disk, a copy cut short?): restore the .bak "
              "copy; if you added or removed entries by hand, count them in [end] — the file was "
              "left as it was")
    if not isinstance(end, dict):
        raise SaveError(path, tr("cut short: the [end] table that closes a save is missing"),
                        field=END_TABLE, hint=hint)
    for section in END_SECTIONS:
        held = doc.get(section, [])
        count = len(held) if isinstance(held, list) else 0
        said = end.get(section)
        if said is None:
            raise SaveError(path, tr("cut short: [end] does not say how many {section} it holds",
                                     section=section), field=f"{END_TABLE}.{section}", hint=hint)
        if isinstance(said, bool) or said != count:
            raise SaveError(path, tr("[end] counts {said} {section}, the file holds {count}",
                                     said=said, section=section, count=count),
                            field=f"{END_TABLE}.{section}",
                            hint=tr("cut short (restore the .bak copy), or edited by hand: then "
                                    "write `{section} = {count}` in [end] — the file was left as "
                                    "it was", section=section, count=count))


def parse(raw: bytes, path: Path | None) -> Document:
    """Bytes -> TOML document; SaveError naming the line for bad UTF-8 or bad TOML."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(
            path,
            tr("not UTF-8 text"),
            line=raw[: exc.start].count(b"\n") + 1,
            hint=tr("the file is damaged or not a save; restore the .bak copy — the file was left as it was"),
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message, line = _toml_problem(str(exc), text)
        raise SaveError(
            path,
            message,
            line=line,
            hint=tr("fix the TOML at that line by hand, or restore the .bak copy — the file was left as it was"),
        ) from None
    except (ValueError, RecursionError, MemoryError) as exc:
        # A number of thousands of digits (ValueError) or brackets nested thousands deep:
        # not a save, and one such file must not hide the others.
        problem = tr("nested too deeply") if isinstance(exc, RecursionError) else \
            tr("a number of thousands of digits") if "digits" in str(exc) else \
            tr("unreadable ({why})", why=exc)[:200]
        raise SaveError(
            path, problem, hint=tr("the file is damaged or not a save; restore the .bak copy — the file was left as it was")
        ) from None


def _toml_problem(message: str, text: str) -> tuple[str, int | None]:
    """Split tomllib's message into the problem and the line number."""
    found = _TOML_POSITION.search(message)
    if found:
        return message[: found.start()], int(found.group(1))
    found = _TOML_AT_END.search(message)
    if found:
        return message[: found.start()] + " at the end of the file", text.count("\n") + 1
    return message, None


def check_version(doc: Document, path: Path | None) -> int:
    """The document's format version, or SaveError if missing, ill-typed or newer than ours."""
    version = doc.get("format")
    if version is None:
        raise SaveError(
            path,
            tr("no format version (not a hitledger save?)"),
            field="format",
            hint=tr("a save starts with `format = 1`; the file was left as it was"),
        )
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveError(
            path,
            tr("format version must be a whole number, not {version}", version=repr(version)),
            field="format",
            hint=tr("a save starts with `format = 1`; the file was left as it was"),
        )
    if version > FORMAT_VERSION:
        raise SaveError(
            path,
            tr("written by a newer hitledger (format {version}; this one reads up to {newest})", version=version, newest=FORMAT_VERSION),
            field="format",
            hint=tr("upgrade hitledger to open it; the file was left as it was"),
        )
    return version


def decode(raw: bytes, path: Path | None) -> tuple[Encounter, Document]:
    """Bytes of a save -> (Encounter, header); SaveError naming line or field on any problem."""
    doc = parse(raw, path)
    version = check_version(doc, path)
    check_whole(doc, version, path)
    doc = spoken(upgrade(doc, version, path), path)
    header = {key: doc.pop(key) for key in HEADER_KEYS if key in doc}
    validate(doc, path)
    return build(doc, path), header


def build(data: Document, path: Path | None) -> Encounter:
    """Encounter.from_data, with its errors turned into SaveError naming the field."""
    factory = encounter_factory
    if factory is None:
        from core import Encounter

        factory = Encounter.from_data
    hint = "fix that field by hand (see saves/FORMAT.md) or restore the .bak copy — the file was left as it was"
    try:
        return factory(data)
    except ValueError as exc:
        field = getattr(exc, "field", None)
        if isinstance(field, str):  # core names top-level keys "file.KEY"; the file is named already
            field = field.removeprefix("file.")
        problem = getattr(exc, "message", None) or str(exc)
        raise SaveError(path, str(problem), field=field or None, hint=hint) from exc
    except (KeyError, TypeError, IndexError, AttributeError, RecursionError) as exc:
        raise SaveError(
            path, f"malformed encounter data ({type(exc).__name__}: {exc})", hint=hint
        ) from exc


def read_head(raw_head: bytes, whole: Callable[[], bytes], path: Path | None) -> Document:
    """The header and [encounter] table of a save from its first bytes, reading it all if needed.

    The text is cut before the first table that follows [encounter]; a cut that falls inside
    a multi-line value does not parse, and the next table header is tried.
    """
    text = raw_head.decode("utf-8", errors="replace")
    offset = 0
    seen_summary = False
    for line in text.splitlines(keepends=True):
        if line.startswith("["):
            if seen_summary:
                try:
                    doc = tomllib.loads(text[:offset])
                except tomllib.TOMLDecodeError:
                    doc = None  # the cut fell inside a multi-line value: try the next header
                if doc is not None and isinstance(doc.get(SUMMARY_TABLE), dict):
                    return doc
            elif line.split("#")[0].strip() == f"[{SUMMARY_TABLE}]":
                seen_summary = True
        offset += len(line)
    return parse(whole(), path)


