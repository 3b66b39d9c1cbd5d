"""The ``hitledger`` command: the TUI, and ``calc`` / ``roll`` for shells and scripts.

``calc`` and ``roll`` use the rules core only; Textual is imported only when the
TUI is launched, so they start fast.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

USAGE_ERROR = 2
RESUMED = "Resumed from the autosave."
OPENED = "Save opened."


def system_list() -> str:
    """The system ids for a help text (``a, b or c``), as the core lists them."""
    from core import SYSTEM_IDS

    return ", ".join(SYSTEM_IDS[:-1]) + f" or {SYSTEM_IDS[-1]}"


def multiplier_systems() -> str:
    """The ids of the systems whose criticals take a multiplier (asked of the core)."""
    from core import SYSTEM_IDS, get_system

    return ", ".join(s for s in SYSTEM_IDS if get_system(s).critical_multipliers)


class CliError(Exception):
    """Bad input: one line on stderr, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise CliError(message)


# -- calc and roll -----------------------------------------------------------------------


def calc_parser() -> argparse.ArgumentParser:
    """``hitledger calc``."""
    parser = _Parser(prog="hitledger calc",
                     description="Resolve damage against a target and print every step.")
    parser.add_argument("damage", help='damage notation, e.g. "2d6+3 fire, 1d6 persistent bleed"')
    parser.add_argument("--system", required=True, help=system_list())
    parser.add_argument("--defenses", default="", help='e.g. "weaknesses fire 5; resistances all 2"')
    parser.add_argument("--traits", default="living", help="living, undead, construct, bloodless")
    parser.add_argument("--critical", action="store_true", help="a critical hit")
    parser.add_argument("--multiplier", type=int, default=None,
                        help=f"{multiplier_systems()} critical multiplier, 2 to 6 (default 2), "
                        "with --critical")
    parser.add_argument("--save", default=None, help="critical-success, success, failure, "
                        "critical-failure")
    parser.add_argument("--nonlethal", action="store_true", help="nonlethal damage")
    parser.add_argument("--stat", action="append", default=[], metavar="NAME=VALUE",
                        help="a target stat, e.g. major=7 (repeatable)")
    parser.add_argument("--seed", type=int, default=None, help="seed the dice")
    return parser


def run_calc(argv: Sequence[str]) -> int:
    """Print the breakdown and the total of one damage application."""
    from core import get_system

    args = calc_parser().parse_args(argv)
    rules = get_system(args.system)
    stats: dict[str, int] = {}
    known = {field.name for field in rules.stat_fields}
    for item in args.stat:
        name, _, value = item.partition("=")
        if name not in known:
            raise CliError(f"unknown stat {name!r} for {rules.name}; known: {', '.join(sorted(known))}")
        try:
            stats[name] = int(value)
        except ValueError:
            raise CliError(f"stat {name} must be a whole number, not {value!r}") from None
    # a stand-in target with a bottomless track unless the GM gave its stats with --stat
    creature = rules.stand_in(stats, defenses=args.defenses, traits=args.traits)
    critical: bool | int = _critical(args, rules)
    rng = random.Random(args.seed)
    outcome = rules.apply_damage(creature, args.damage, critical=critical, save=args.save,
                                 nonlethal=args.nonlethal, rng=rng)
    # the stand-in's track says nothing true: its lines only when the GM gave the stats
    for line in rules.calc_lines(outcome, track=bool(args.stat)):
        print(line)
    return 0


def _critical(args: argparse.Namespace, rules: Any) -> bool | int:
    """``--critical`` and ``--multiplier`` as the core's ``critical=``; CliError if they disagree."""
    from core.systems.base import MAX_MULTIPLIER

    if args.multiplier is None:
        return bool(args.critical)
    if not rules.critical_multipliers:
        raise CliError(f"--multiplier is a {multiplier_systems()} option (other systems double a critical)")
    if not args.critical:
        raise CliError("--multiplier goes with --critical")
    if not 2 <= args.multiplier <= MAX_MULTIPLIER:
        raise CliError(f"--multiplier is 2 to {MAX_MULTIPLIER}, not {args.multiplier}")
    return int(args.multiplier)


def run_roll(argv: Sequence[str]) -> int:
    """Roll a dice expression; print the total and each die."""
    from core.dice import roll_detailed

    parser = _Parser(prog="hitledger roll", description="Roll a dice expression.")
    parser.add_argument("expr", help='e.g. "2d6+3"')
    parser.add_argument("--seed", type=int, default=None, help="seed the dice")
    args = parser.parse_args(argv)
    result = roll_detailed(args.expr, rng=random.Random(args.seed))
    faces = ", ".join(str(value) for value in result.values)
    print(result.total)
    print(f"{result.expr}: {faces or 'no dice'}")
    return 0


# -- library ---------------------------------------------------------------------------


def library_parser() -> argparse.ArgumentParser:
    """``hitledger library [list | import FILE | export FILE] [--system S] [--force]``."""
    parser = _Parser(prog="hitledger library",
                     description="The GM's bestiary: list it, or share it as a file.")
    parser.add_argument("action", nargs="?", default="list", choices=("list", "import", "export"),
                        help="list (default), import FILE or export FILE")
    parser.add_argument("file", nargs="?", help="the library file to import or export")
    parser.add_argument("--system", help=system_list())
    parser.add_argument("--force", action="store_true",
                        help="import: replace templates of the same name; export: overwrite FILE")
    parser.add_argument("--data-dir", metavar="DIR", help="where saves and the library live")
    return parser


def run_library(argv: Sequence[str]) -> int:
    """List the library, or import/export a library file."""
    args = library_parser().parse_args(argv)
    if args.data_dir:
        os.environ["HITLEDGER_DATA_DIR"] = os.path.abspath(os.path.expanduser(args.data_dir))
    if args.action != "list" and not args.file:
        raise CliError(f"library {args.action} needs a FILE")
    if args.action == "list" and args.file:
        raise CliError(f"unexpected {args.file!r}: did you mean library import {args.file}?")
    from saves import library

    if args.action == "import":
        system, added = library.import_file(args.file, force=args.force)
        print(f"{len(added)} added to the {system} library" + (f": {', '.join(added)}" if added else ""))
    elif args.action == "export":
        if not args.system:
            raise CliError("library export needs --system S: one file per system")
        path = library.export_file(args.system, args.file, force=args.force)
        print(f"{len(library.names(args.system))} {args.system} creatures written to {path}")
    elif args.system:
        for name in library.names(args.system):
            print(name)
        _say_skipped(library.problems(args.system))
    else:
        systems = library.systems()
        if not systems:
            print("The library is empty: save a creature to it from the roster, or library import FILE.")
        for system in systems:
            for name in library.names(system):
                print(f"{system}\t{name}")
            _say_skipped(library.problems(system))
    return 0


def _say_skipped(skipped: Sequence[Any]) -> None:
    """Templates of a library file that do not load: left out of the list, said on stderr."""
    for entry in skipped:
        print(f"hitledger: left out: {entry.error}", file=sys.stderr)


# -- log -------------------------------------------------------------------------------


def run_log(argv: Sequence[str]) -> int:
    """``hitledger log NAME``: print a saved encounter's log as Markdown (issue 11)."""
    parser = _Parser(prog="hitledger log",
                     description="Print a saved encounter's log as Markdown, round by round.")
    parser.add_argument("save", help="the save (name or file); autosave for the last one")
    parser.add_argument("--data-dir", metavar="DIR", help="where saves live")
    args = parser.parse_args(argv)
    if args.data_dir:
        os.environ["HITLEDGER_DATA_DIR"] = os.path.abspath(os.path.expanduser(args.data_dir))
    import saves
    from core.log_export import log_markdown

    sys.stdout.write(log_markdown(saves.load(args.save)))
    return 0


# -- the players' view (issue 20) ------------------------------------------------------


def run_watch(argv: Sequence[str]) -> int:
    """``hitledger watch [NAME]``: the players' view of a save, or of the GM's open window."""
    parser = _Parser(prog="hitledger watch",
                     description="The players' view, read-only: the order, the turn, what "
                                 "the players may see. Follows the GM's open window, or NAME.")
    parser.add_argument("save", nargs="?", help="follow this save (name or file) instead")
    parser.add_argument("--data-dir", metavar="DIR", help="where saves live")
    args = parser.parse_args(argv)
    from tui.watch.follow import Follower, data_folder, save_file

    folder = data_folder(args.data_dir)
    follower = Follower(folder, save_file(folder, args.save) if args.save else None)
    from tui.watch.app import WatchApp

    app = WatchApp(follower)
    app.run()
    return app.return_code or 0


def run_serve(argv: Sequence[str]) -> int:
    """``hitledger serve``: the players' view in a browser (textual-serve)."""
    parser = _Parser(prog="hitledger serve",
                     description="Serve the players' view (hitledger watch of the data dir) "
                                 "to browsers. Needs the serve extra: pip install 'hitledger[serve]'.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--token", help="a browser needs ?token=TOKEN in the address to watch")
    parser.add_argument("--data-dir", metavar="DIR", help="where saves live")
    args = parser.parse_args(argv)
    if not 0 < args.port < 65536:
        raise CliError(f"--port is 1 to 65535, not {args.port}")
    from tui.watch.follow import data_folder

    try:
        from tui.watch.serve import serve
    except ImportError as error:  # the serve extra (textual-serve, aiohttp) is not installed
        raise CliError(f"hitledger serve needs textual-serve ({error}): "
                       "pip install 'hitledger[serve]'") from None
    serve(data_folder(args.data_dir), args.host, args.port, args.token)
    return 0


# -- the TUI -----------------------------------------------------------------------------


def tui_parser() -> argparse.ArgumentParser:
    """``hitledger [NAME] [--new SYSTEM [--name N]] [--demo SYSTEM] [--data-dir DIR]``."""
    from core.systems import DEFAULT_SYSTEM

    parser = _Parser(
        prog="hitledger",
        description="A keyboard-driven encounter manager. Subcommands: calc, roll, library, log, "
                    "watch, serve.",
        epilog=f'hitledger calc --system {DEFAULT_SYSTEM} --defenses "weaknesses fire 5" "2d6 fire"   '
               "hitledger roll 2d6+3",
    )
    parser.add_argument("save", nargs="?", help="open this save (name or file)")
    parser.add_argument("--new", metavar="SYSTEM", help="start an empty encounter")
    parser.add_argument("--name", help="name of the new encounter")
    parser.add_argument("--keep-party", action="store_true",
                        help="with --new: keep the PCs of NAME (else of the last autosave) as "
                             "they are now; that encounter stays as it was")
    parser.add_argument("--demo", metavar="SYSTEM", help="open a demo encounter of a system")
    parser.add_argument("--data-dir", metavar="DIR", help="where saves live")
    parser.add_argument("--plain-output", action="store_true",
                        help="let Textual write every frame whole instead of only the cells "
                             "that changed (as HITLEDGER_PLAIN_OUTPUT=1 does)")
    parser.add_argument("--seed", type=int, default=None, help=argparse.SUPPRESS)
    return parser


def prepare_tui(argv: Sequence[str]) -> tuple[Any, str, int | None]:
    """Parse the TUI's arguments; the encounter to open, a notice and a dice seed."""
    args = tui_parser().parse_args(argv)
    if args.plain_output:  # read by the terminal copy (tui/terminal_copy.py), as from a wrapper
        os.environ["HITLEDGER_PLAIN_OUTPUT"] = "1"
    encounter, notice = _open(args)
    return encounter, notice, args.seed


def _open(args: argparse.Namespace) -> tuple[Any, str]:
    """The encounter the arguments ask for (no Textual import)."""
    if args.data_dir:
        os.environ["HITLEDGER_DATA_DIR"] = os.path.abspath(os.path.expanduser(args.data_dir))
    if args.keep_party:
        return _keep_party(args)
    if sum(bool(x) for x in (args.save, args.new, args.demo)) > 1:
        raise CliError("give one of NAME, --new SYSTEM or --demo SYSTEM")
    if args.name and not args.new:
        raise CliError("--name goes with --new SYSTEM")
    from core import Encounter

    if args.new:
        return Encounter(system=args.new, name=args.name or "New encounter"), ""
    from tui.demo import demo_encounter

    if args.demo:
        return demo_encounter(args.demo), f"Demo encounter ({args.demo}). ? shows the keys."
    import saves

    if args.save:
        encounter = saves.load(args.save)
        return encounter, OPENED + _held_note(saves.save_path(encounter))
    return _resume()


def _keep_party(args: argparse.Namespace) -> tuple[Any, str]:
    """Issue 11: the next encounter with the party of NAME or of the last autosave.

    The encounter the party comes from is only read: its file stays as it was (issue 8).
    """
    if not args.new:
        raise CliError("--keep-party goes with --new SYSTEM")
    if args.demo:
        raise CliError("--keep-party takes the party from a save, not a demo")
    import saves
    from saves import slots

    if args.save:
        source = saves.load(args.save)
    else:
        path, _busy = slots.resume_candidate()
        if path is None:
            raise CliError("--keep-party: no autosave to take the party from; name a save")
        source = saves.load_autosave(path)
    if source.system != args.new:
        raise CliError(f"--keep-party: {source.name} is a {source.system} encounter, "
                       f"not {args.new}")
    encounter = source.next_encounter(args.name or "Next encounter")
    party = ", ".join(encounter.creature(cid).name for cid in encounter.order) or "no PCs"
    return encounter, f"{encounter.name}: {party} from {source.name}. i rolls initiative." \
        if encounter.rules.has_initiative else f"{encounter.name}: {party} from {source.name}."


def _held_note(path: Any) -> str:
    """' It is open in another window too…' when a running window holds that save (issue 8)."""
    from saves import slots

    pid = slots.held_elsewhere(path) if path is not None else None
    if pid is None:
        return ""
    return (f" {path.name} is open in another window too (process {pid}): "
            "saving asks before overwriting its changes.")


def _resume() -> tuple[Any, str]:
    """The newest autosave no running window holds, else a demo and why (no Textual import).

    An unreadable autosave is moved aside into the trash, never overwritten (issue 8).
    """
    import saves
    from saves import slots
    from tui.demo import demo_encounter

    path, busy = slots.resume_candidate()
    notice = ""
    encounter = None
    if path is not None:
        try:
            encounter = saves.load_autosave(path)
        except saves.SaveError as error:
            kept = slots.set_aside(path)
            notice = (f"Autosave not loaded ({error.short}); moved to "
                      f"{kept.parent.name}/{kept.name}. Demo opened.")
    if encounter is not None:
        return encounter, RESUMED
    if busy is not None and not notice:
        notice = (f"The autosave is open in another window (process {busy}): a demo here. "
                  "ctrl+o lists the saves.")
    if not notice:
        # no autosave is not always a first run: a GM who renamed it still has saves
        has_saves = any(saves.data_dir().glob("*.toml"))
        notice = ("No autosave: a demo encounter. ctrl+o lists the saves." if has_saves
                  else "First run: a demo encounter. ? shows the keys.")
    from core.systems import DEFAULT_SYSTEM

    return demo_encounter(DEFAULT_SYSTEM), notice


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``hitledger`` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] == "calc":
            return run_calc(argv[1:])
        if argv and argv[0] == "roll":
            return run_roll(argv[1:])
        if argv and argv[0] == "library":
            return run_library(argv[1:])
        if argv and argv[0] == "log":
            return run_log(argv[1:])
        if argv and argv[0] == "watch":
            return run_watch(argv[1:])
        if argv and argv[0] == "serve":
            return run_serve(argv[1:])
        if argv and argv[0] in ("-h", "--help"):
            tui_parser().print_help()
            return 0
        encounter, notice, seed = prepare_tui(argv)
    except CliError as error:
        print(f"hitledger: {error}", file=sys.stderr)
        return USAGE_ERROR
    except ValueError as error:  # ParseError, unknown system, StateError: all say what is wrong
        print(f"hitledger: {error}", file=sys.stderr)
        return USAGE_ERROR
    except Exception as error:  # SaveError and friends: one line, never a traceback
        print(f"hitledger: {error}", file=sys.stderr)
        return USAGE_ERROR
    from tui.app import make_app

    rng = random.Random(seed) if seed is not None else None
    app = make_app(encounter, rng=rng, notice=notice, resumed=notice == RESUMED,
                   saved=notice.startswith(OPENED))
    app.run()
    # Textual sets 1 when the app crashed: a wrapper script must be able to tell (issue 8).
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
