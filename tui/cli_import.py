"""``hitledger import pathbuilder FILE``: a PC from Pathbuilder 2e into an encounter, or printed.

Where it goes: the autosave ``hitledger`` resumes (the fight the GM left), unless ``--to
NAME`` names a save or ``--print`` only shows the PC as read. A save open in a running
window is not written behind its back: the GM is told to paste the JSON there (``a``, then
``ctrl+t``). A PC of the same name already in the encounter is not added twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.systems import pathbuilder_systems
from core.text.i18n import tr
from tui.cli_parser import CliError, _Parser, use_data_dir


def import_parser() -> _Parser:
    """``hitledger import pathbuilder FILE [--to NAME | --print] [--system S]``."""
    parser = _Parser(prog="hitledger import",
                     description=tr("A player character from Pathbuilder 2e's JSON export "
                                    "(Menu, Export, Export JSON), added to the encounter "
                                    "hitledger resumes."))
    parser.add_argument("tool", choices=("pathbuilder",), help=tr("the players' tool: pathbuilder"))
    parser.add_argument("file", help=tr("the exported JSON file"))
    parser.add_argument("--to", metavar="NAME", help=tr("add the PC to this save instead"))
    parser.add_argument("--print", action="store_true", dest="only_print",
                        help=tr("only print the PC as read; add it nowhere"))
    systems = pathbuilder_systems()
    parser.add_argument("--system", choices=systems, default=systems[0],
                        help=tr("with --print: {systems} (default {first})",
                                systems=", ".join(systems), first=systems[0]))
    parser.add_argument("--data-dir", metavar="DIR", help=tr("where saves live"))
    return parser


def pc_lines(rules: Any, creature: Any) -> list[str]:
    """The PC as read: name, level, HP, AC, saves and Perception, then a Strike a line."""
    from core.catalog.capabilities import NUMBERS

    numbers = creature.numbers
    said = [f"{n.label} {numbers[n.key]:+d}" if n.signed else f"{n.label} {numbers[n.key]}"
            for n in NUMBERS.get(rules.id, ()) if n.key in numbers and n.key != "ac"]
    head = [tr("{name} (PC)", name=creature.name), f"HP {creature.max_hp}",
            f"AC {numbers.get('ac', '—')}", " ".join(said)]
    lines = [" · ".join(head)]
    lines += [f"  {a.label} {a.bonus:+d}: {a.damage}" for a in creature.attacks]
    return lines


def run_import(argv: Sequence[str]) -> int:
    """Read the export, then add the PC where the options say (or only print it)."""
    args = import_parser().parse_args(argv)
    use_data_dir(args.data_dir)
    try:
        text = Path(args.file).expanduser().read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise CliError(tr("cannot read {file}: {why}", file=args.file,
                          why=exc.strerror or exc)) from None
    except UnicodeDecodeError:
        raise CliError(tr("{file} is not text (UTF-8): export the character as JSON",
                          file=args.file)) from None
    if args.only_print:
        from core.systems import get_system

        rules = get_system(args.system)
        print("\n".join(pc_lines(rules, rules.from_pathbuilder(text))))  # type: ignore[attr-defined]
        return 0
    encounter, write = _target(args.to)
    rules = encounter.rules
    reader = getattr(rules, "from_pathbuilder", None)
    if reader is None:
        raise CliError(tr("{encounter} is a {system} encounter: Pathbuilder PCs join {systems} "
                          "encounters", encounter=encounter.name, system=rules.name,
                          systems=", ".join(pathbuilder_systems())))
    pc = reader(text)
    print("\n".join(pc_lines(rules, pc)))
    if write is None:
        raise CliError(tr("not added: there is no autosave to add it to; --to NAME adds it to "
                          "a save, or paste the JSON in the add form (a, then ctrl+t)"))
    if any(c.name.casefold() == pc.name.casefold() for c in encounter.creatures.values()):
        raise CliError(tr("not added: {name} is already in {encounter}; remove it there first "
                          "to bring the new build", name=pc.name, encounter=encounter.name))
    encounter.add(pc)
    where = write(encounter)
    print(tr("{name} added to {encounter} ({file}); i rolls initiative in the app.",
             name=pc.name, encounter=encounter.name, file=Path(where).name))
    return 0


def _target(name: str | None) -> tuple[Any, Any]:
    """The encounter to add to and how to write it back (None: nowhere to write)."""
    import saves
    from saves import slots

    if name is not None:
        return saves.load(name), lambda enc: saves.save(enc)
    path, busy = slots.resume_candidate()
    if path is None and busy is not None:
        raise CliError(tr("the autosave is open in a window{process}: paste the JSON there "
                          "(a, then ctrl+t), or --to NAME", process=slots.process_note(busy)))
    encounter = saves.load_autosave(path) if path is not None else None
    if encounter is None:
        from core import Encounter

        return Encounter(pathbuilder_systems()[0], tr("Encounter")), None
    return encounter, lambda enc: saves.autosave(enc, path=path)


__all__ = ["run_import", "import_parser", "pc_lines"]
