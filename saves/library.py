"""The GM's bestiary: creature templates per system, one TOML file each in data_dir()/library/.

::

    from saves import library
    library.add("pf2e", creature)              # a template at full health; SaveConflict if the name is taken
    library.names("pf2e")                      # sorted names
    library.get("pf2e", "Goblin Warrior")      # a fresh Creature at full health; KeyError if absent
    library.rename("pf2e", "Goblin Warrior", "Goblin Guard")
    library.remove("pf2e", "Goblin Guard")     # into data_dir()/trash/ as a library file of one
    library.export_file("pf2e", path)          # a library file to share
    library.import_file(path)                  # -> (system, names added)
    library.problems("pf2e")                   # templates of the file that do not load: Skipped

Every template is checked as a save's creature is on load (core.creature.schema, the checks every way
in makes): ``add`` and ``import_file`` refuse one that would not load (SaveError naming the
template and the field: ``weaknesses fyre 5`` … did you mean 'fire'?). The GM's own file,
written by an older hitledger, may hold one: the bestiary leaves it out, ``problems`` reports
it, and the file keeps it as it was until it is fixed by hand.

The files follow the saves' rules (saves/store.py does the writing): atomic writes with a
``.bak`` of the version before, a file changed on disk since it was read is not
overwritten silently (SaveConflict), and a file that cannot be read is a SaveError naming
its line or field and is left exactly as it was. A file in the trash is a library file
too: ``import_file`` brings a removed creature back.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import tomli_w

from core import Creature, StateError, get_system
from core.creature.schema import Invalid, check_creature
from core.text.i18n import N_, tr
from saves import codec, store
from saves.errors import SaveConflict, SaveError, os_words
from saves.names import SUFFIX, TRASH_DIR, data_dir, private_dir, slugify

LIBRARY_DIR = "library"
#: The table that names a library file's system (a save has [encounter] instead).
LIBRARY_TABLE = "library"
_HINT = N_("fix it by hand or restore the .bak copy — the file was left as it was")


@dataclass(frozen=True)
class Skipped:
    """A template of the GM's library file that does not load: left out of the bestiary,
    kept in the file as it is (written back unchanged), and reported."""

    name: str
    error: SaveError
    entry: Any


@dataclass
class _Library:
    """One system's templates as read from disk, and what the file looked like then."""

    system: str
    path: Path
    creatures: dict[str, Creature]
    stamp: store.Stamp | None
    skipped: list[Skipped] = field(default_factory=list)


def path_of(system: str) -> Path:
    """data_dir()/library/SYSTEM.toml; ValueError naming the known systems for an unknown one."""
    get_system(system)
    return data_dir() / LIBRARY_DIR / f"{system}{SUFFIX}"


def fresh(creature: Creature) -> Creature:
    """A copy at full health: no damage, no conditions, no persistent damage (a template)."""
    new = creature.clone()
    if new.hp is not None and new.max_hp is not None:   # Daggerheart keeps slots in max_hp alone
        new.hp = new.max_hp
    new.vitality, new.wounds = new.max_vitality, new.max_wounds
    new.temp_hp = new.hp_marked = new.armor_marked = new.stress_marked = 0
    new.subdual = new.dying = new.wounded = 0
    new.conditions, new.persistent, new.temp_immunities = set(), [], []
    return new


# --- reading and writing ------------------------------------------------------------------


def _read_file(path: Path, system: str | None,
               strict: bool = True) -> tuple[str, dict[str, Creature], store.Stamp, list[Skipped]]:
    """A library file's system, templates and stamp; SaveError naming the line or field.

    Each template is checked as a save's creatures are on load (core.creature.schema). ``strict``: a
    bad template is a SaveError (an import); else it is skipped and reported (the GM's own
    file, read by the bestiary: one bad template never hides the others).
    """
    raw, st = store.read_checked(path)
    doc = codec.parse(raw, path)
    codec.check_version(doc, path)
    table = doc.get(LIBRARY_TABLE)
    found = table.get("system") if isinstance(table, dict) else None
    if not isinstance(found, str):
        raise SaveError(path, tr("not a library file (no [library] system)"), field=f"{LIBRARY_TABLE}.system",
                        hint=tr("a library file starts with format = 1 and [library] system = \"pf2e\""))
    try:
        get_system(found)
    except ValueError as exc:
        raise SaveError(path, str(exc), field=f"{LIBRARY_TABLE}.system", hint=tr(_HINT)) from None
    if system is not None and found != system:
        raise SaveError(path, tr("holds {found} creatures, not {system}", found=found, system=system), field=f"{LIBRARY_TABLE}.system",
                        hint=tr(_HINT))
    entries = doc.get("creatures", [])
    if not isinstance(entries, list):
        raise SaveError(path, tr("expected a list of [[creatures]]"), field="creatures", hint=tr(_HINT))
    counted = table.get("creatures") if isinstance(table, dict) else None
    if isinstance(counted, int) and not isinstance(counted, bool) and len(entries) < counted:
        # written first, before the templates: a file cut short holds fewer than it counts
        raise SaveError(path, tr("cut short: [library] counts {said} templates, the file holds {count}",
                                 said=counted, count=len(entries)),
                        field=f"{LIBRARY_TABLE}.creatures",
                        hint=tr("restore the .bak copy; if you removed templates by hand, write "
                                "`creatures = {count}` under [library] — the file was left as it was",
                                count=len(entries)))
    creatures: dict[str, Creature] = {}
    places: dict[str, int] = {}
    skipped: list[Skipped] = []
    for index, entry in enumerate(entries):
        try:
            creature = template(entry, found, f"creatures[{index}]", path)
            if creature.name in places:  # one name, two templates: which one is meant?
                raise SaveError(path, tr("{name} is there twice (creatures[{first}] and creatures[{index}])",
                                         name=repr(creature.name), first=places[creature.name], index=index),
                                field=f"creatures[{index}].name",
                                hint=tr("rename one of them; the first is kept — the file was left as it was"))
        except SaveError as error:
            if strict:
                raise
            name = entry.get("name") if isinstance(entry, dict) else None
            skipped.append(Skipped(name if isinstance(name, str) else f"creature {index + 1}",
                                   error, entry))
            continue
        creatures[creature.name] = creature
        places[creature.name] = index
    return found, creatures, store.Stamp.of(raw, st), skipped


def template(entry: Any, system: str, where: str, path: Path | None) -> Creature:
    """One template as a library file holds it, checked as a save's creature is on load
    (core.creature.schema); SaveError naming the template and the field."""
    try:
        if not isinstance(entry, dict):
            raise Invalid(where, "expected a table of a creature's fields")
        check_creature(entry, system, where)
        return Creature.from_state(entry, where)
    except (Invalid, StateError) as exc:
        name = entry.get("name") if isinstance(entry, dict) else None
        label = f"{' '.join(name.split())[:40]}: " if isinstance(name, str) and name.strip() else ""
        raise SaveError(path, f"{label}{exc.message}", field=exc.field, hint=tr(_HINT),
                        gist=f"template {label}{exc.message}") from None


#: The last read of each library file, by path, and the stat it was read at: the bestiary asks
#: for every template in turn (a highlight each), and 5,000 templates took 0.66 s a read.
_READ: dict[Path, tuple[tuple[int, int, int, int], _Library]] = {}


def _open(system: str) -> _Library:
    """The system's library (empty if it has no file yet); bad templates skipped, kept aside.
    Read again only when its file changed (size, time or inode) since the last read."""
    path = path_of(system)
    try:
        st = path.stat()
    except FileNotFoundError:
        return _Library(system, path, {}, None)
    except OSError:
        st = None
    seen = _READ.get(path)
    if st is not None and seen is not None and seen[0] == _key(st):
        lib = seen[1]
        return _Library(system, path, dict(lib.creatures), lib.stamp, list(lib.skipped))
    _, creatures, stamp, skipped = _read_file(path, system, strict=False)
    lib = _Library(system, path, creatures, stamp, skipped)
    _remember(lib)
    return _Library(system, path, dict(creatures), stamp, list(skipped))


def _key(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_size, st.st_mtime_ns, st.st_ino, st.st_dev)


def _remember(lib: _Library) -> None:
    """Keep what was read (or written) as the file's content at the stamp's stat."""
    stamp = lib.stamp
    if stamp is None or stamp.size is None or stamp.mtime_ns is None or stamp.inode is None:
        _READ.pop(lib.path, None)
        return
    _READ[lib.path] = ((stamp.size, stamp.mtime_ns, stamp.inode[1], stamp.inode[0]),
                       _Library(lib.system, lib.path, dict(lib.creatures), stamp, list(lib.skipped)))


def _encode(system: str, creatures: dict[str, Creature], skipped: Sequence[Skipped] = ()) -> bytes:
    """A library file: the templates (each checked as a load checks it), then those skipped
    on reading, as they were."""
    entries = [creatures[name].to_state() for name in sorted(creatures)]
    for index, entry in enumerate(entries):
        try:
            check_creature(entry, system, f"creatures[{index}]")
        except Invalid as exc:  # never write what the next read would refuse
            raise SaveError(None, f"{entry['name']}: {exc.message}", field=exc.field,
                            hint=tr("nothing was written")) from None
    doc: dict[str, Any] = {
        "format": codec.FORMAT_VERSION,
        "saved_by": codec.saved_by(),
        LIBRARY_TABLE: {"system": system, "creatures": len(entries) + len(skipped)},
        "creatures": entries + [s.entry for s in skipped],
    }
    return tomli_w.dumps(doc).encode("utf-8")


def _write(path: Path, raw: bytes) -> store.Stamp:
    if path.parent == data_dir() / LIBRARY_DIR:
        private_dir(path.parent)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        return store.atomic_write(path, raw)
    except OSError as exc:
        raise SaveError(path, tr("could not write ({why})", why=os_words(exc, with_file=False)),
                        hint=tr("nothing was changed; free some space or check permissions")) from exc


def _commit(lib: _Library) -> None:
    """Write the library back; SaveConflict if its file changed since it was read."""
    changed = not lib.stamp.matches(lib.path) if lib.stamp is not None else lib.path.exists()
    if changed:
        raise SaveConflict(lib.path, tr("changed on disk since it was read (another window?)"),
                           hint=tr("try again: the library is read afresh"))
    lib.stamp = _write(lib.path, _encode(lib.system, lib.creatures, lib.skipped))
    _remember(lib)


def _find(lib: _Library, name: str) -> str:
    """The stored name for ``name`` (exact, else ignoring case); KeyError if absent."""
    if name in lib.creatures:
        return name
    folded = [n for n in lib.creatures if n.casefold() == str(name).casefold()]
    if len(folded) == 1:
        return folded[0]
    raise KeyError(name)


# --- the public operations ------------------------------------------------------------------


def names(system: str) -> list[str]:
    """The names in the system's library, sorted."""
    return sorted(_open(system).creatures)


def systems() -> list[str]:
    """The systems that have a library file."""
    folder = data_dir() / LIBRARY_DIR
    return sorted(p.stem for p in folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []


def problems(system: str) -> list[Skipped]:
    """The templates of the system's library file that do not load (each with its SaveError):
    the bestiary leaves them out and says so; the file keeps them until fixed by hand."""
    return list(_open(system).skipped)


def get(system: str, name: str) -> Creature:
    """A fresh creature from the template called ``name``; KeyError if there is none."""
    lib = _open(system)
    return fresh(lib.creatures[_find(lib, name)])


def add(system: str, creature: Creature, force: bool = False) -> str:
    """Keep ``creature`` (at full health) as a template; SaveConflict if the name is taken.

    force=True replaces a template of the same name on purpose. Returns the name.
    """
    if not isinstance(creature, Creature):
        raise TypeError(f"library.add takes a Creature, not {type(creature).__name__}")
    with store.write_lock:
        lib = _open(system)
        if creature.name in lib.creatures and not force:
            raise SaveConflict(lib.path, tr("the library already has {name}", name=repr(creature.name)),
                               hint=tr("rename one of them, or replace it on purpose"))
        kept = fresh(creature)
        template(kept.to_state(), system, "creature", lib.path)  # as the next read checks it
        lib.creatures[creature.name] = kept
        _commit(lib)
    return creature.name


def rename(system: str, name: str, new_name: str) -> str:
    """Give a template a new name; KeyError if absent, SaveConflict if the new name is taken."""
    new_name = new_name.strip() if isinstance(new_name, str) else ""
    if not new_name:
        raise ValueError("a creature needs a name")
    with store.write_lock:
        lib = _open(system)
        old = _find(lib, name)
        if new_name in lib.creatures and new_name != old:
            raise SaveConflict(lib.path, tr("the library already has {name}", name=repr(new_name)), hint=tr("choose another name"))
        creature = lib.creatures.pop(old).clone()  # the one read is kept unchanged (_READ)
        creature.name = new_name
        lib.creatures[new_name] = creature
        _commit(lib)
    return new_name


def remove(system: str, name: str) -> Path:
    """Move a template into data_dir()/trash/ (a library file of one); KeyError if absent."""
    with store.write_lock:
        lib = _open(system)
        stored = _find(lib, name)
        trash = data_dir() / TRASH_DIR
        private_dir(trash)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = trash / f"library-{system}-{slugify(stored)} {stamp}{SUFFIX}"
        number = 1
        while target.exists():
            number += 1
            target = trash / f"library-{system}-{slugify(stored)} {stamp}-{number}{SUFFIX}"
        _write(target, _encode(system, {stored: lib.creatures[stored]}))
        del lib.creatures[stored]
        try:
            _commit(lib)
        except SaveError:
            target.unlink(missing_ok=True)  # nothing removed: no copy in the trash either
            raise
    return target


def export_file(system: str, path: Path | str, force: bool = False) -> Path:
    """Write the system's library to ``path`` to share it; SaveConflict if the file exists."""
    target = Path(path).expanduser()
    lib = _open(system)
    with store.write_lock:
        if target.exists() and not force:
            raise SaveConflict(target, tr("already exists"), hint=tr("choose another file, or overwrite it on purpose"))
        if target.is_dir():
            raise SaveError(target, tr("is a folder"), hint=tr("give a file name, e.g. bestiary.toml"))
        _write(target, _encode(system, lib.creatures))
    return target


def import_file(path: Path | str, force: bool = False) -> tuple[str, list[str]]:
    """Add the templates of a library file to its system's library: (system, names added).

    A name already in the library with other stats is a SaveConflict naming them all, and
    nothing is added; force=True replaces them. Templates identical to ones kept are skipped.
    A template a save could not hold (core.creature.schema: a defense typo, 10^12 HP slots, no name …)
    is a SaveError naming it and its field, and nothing is added.
    """
    source = Path(path).expanduser()
    try:
        system, incoming, _, _ = _read_file(source, None)
    except SaveError as exc:  # every template is checked before any goes in
        raise SaveError(exc.path, exc.problem, line=exc.line, field=exc.field, gist=exc.gist,
                        hint=tr("nothing was imported; fix the file (or that template) and import "
                             "it again")) from None
    with store.write_lock:
        lib = _open(system)
        clashes = [n for n, c in incoming.items()
                   if n in lib.creatures and lib.creatures[n].to_state() != fresh(c).to_state()]
        if clashes and not force:
            raise SaveConflict(lib.path, tr("the library already has {name}", name=', '.join(sorted(clashes))),
                               hint=tr("rename them first, or replace them on purpose"))
        added = sorted(n for n in incoming
                       if n not in lib.creatures or n in clashes)
        for name in added:
            lib.creatures[name] = fresh(incoming[name])
        if added:
            _commit(lib)
    return system, added


__all__ = ["add", "names", "problems", "Skipped", "template", "systems", "get", "rename", "remove", "export_file", "import_file",
           "fresh", "path_of", "LIBRARY_DIR"]
