"""The ``hitledger`` command: the TUI, and ``calc`` / ``roll`` for shells and scripts.

``calc`` and ``roll`` use the rules core only; Textual is imported only when the
TUI is launched, so they start fast.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from core.text.i18n import N_, listing, tr
from core.text.plain_text import removed_note, terminal_safe
from tui.cli_parser import (
    CliError,
    _lang_help,
    _Parser,
    system_list,
    use_data_dir,
)

if TYPE_CHECKING:
    from core import Encounter
    from tui.app import HitLedgerApp

USAGE_ERROR = 2
RESUMED = N_("Resumed from the autosave.")
OPENED = N_("Save opened.")
HELD = N_("Another window has this fight open.")
"""How the notice of a fight another window holds begins: the app then offers what to do."""


class _Escaping:
    """A text stream that writes :func:`terminal_safe` text into ``stream``."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return int(self.stream.write(terminal_safe(text)))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _escape_output() -> tuple[Any, Any]:
    """Everything the command prints goes through :func:`terminal_safe` (the TUI's own
    drawing does not: it is started after :func:`_plain_output`); the streams it replaced."""
    replaced = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Escaping(sys.stdout), _Escaping(sys.stderr)
    return replaced


def _plain_output(replaced: tuple[Any, Any]) -> None:
    """The streams :func:`_escape_output` replaced, back."""
    sys.stdout, sys.stderr = replaced


ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"), N_("expected one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("ambiguous option: %(option)s could match %(matches)s"),
)
"""argparse's own words a GM meets (``--help``, a mistyped option), in the catalogue."""


def speak_argparse() -> None:
    """argparse's own words through the catalogue: it asks ``argparse._`` (gettext's default
    domain, which no catalogue of ours fills) for each one when it needs it."""
    setattr(argparse, "_", tr)  # noqa: B010 - argparse looks the name up at each call


# -- library ---------------------------------------------------------------------------


def library_parser() -> argparse.ArgumentParser:
    """``hitledger library [list | import FILE | export FILE] [--system S] [--force]``."""
    parser = _Parser(prog="hitledger library",
                     description=tr("The GM's bestiary: list it, or share it as a file."))
    parser.add_argument("action", nargs="?", default="list", choices=("list", "import", "export"),
                        help=tr("list (default), import FILE or export FILE"))
    parser.add_argument("file", nargs="?", help=tr("the library file to import or export"))
    parser.add_argument("--system", help=system_list())
    parser.add_argument("--force", action="store_true",
                        help=tr("import: replace templates of the same name; export: overwrite FILE"))
    parser.add_argument("--data-dir", metavar="DIR", help=tr("where saves and the library live"))
    return parser


def run_library(argv: Sequence[str]) -> int:
    """List the library, or import/export a library file."""
    args = library_parser().parse_args(argv)
    use_data_dir(args.data_dir)
    if args.action != "list" and not args.file:
        raise CliError(tr("library {action} needs a FILE", action=args.action))
    if args.action == "list" and args.file:
        raise CliError(tr("unexpected {file}: did you mean library import {name}?",
                          file=repr(args.file), name=args.file))
    from saves import library

    if args.action == "import":
        system, added = library.import_file(args.file, force=args.force)
        if added:
            print(tr("{count} added to the {system} library: {names}", count=len(added),
                     system=system, names=", ".join(added)))
        else:
            print(tr("{count} added to the {system} library", count=0, system=system))
    elif args.action == "export":
        if not args.system:
            raise CliError(tr("library export needs --system S: one file per system"))
        path = library.export_file(args.system, args.file, force=args.force)
        print(tr("{count} {system} creatures written to {file}",
                 count=len(library.names(args.system)), system=args.system, file=path))
    elif args.system:
        for name in library.names(args.system):
            print(name)
        _say_skipped(library.problems(args.system))
    else:
        systems = library.systems()
        if not systems:
            print(tr("The library is empty: save a creature to it from the roster, or library "
                     "import FILE."))
        for system in systems:
            for name in library.names(system):
                print(f"{system}\t{name}")
            _say_skipped(library.problems(system))
    return 0


def _say_skipped(skipped: Sequence[Any]) -> None:
    """Templates of a library file that do not load: left out of the list, said on stderr."""
    for entry in skipped:
        print("hitledger: " + tr("left out: {error}", error=entry.error), file=sys.stderr)


# -- log -------------------------------------------------------------------------------


def run_log(argv: Sequence[str]) -> int:
    """``hitledger log NAME``: print a saved encounter's log as Markdown."""
    parser = _Parser(prog="hitledger log",
                     description=tr("Print a saved encounter's log as Markdown, round by round."))
    parser.add_argument("save", help=tr("the save (name or file); autosave for the last one"))
    parser.add_argument("--data-dir", metavar="DIR", help=tr("where saves live"))
    args = parser.parse_args(argv)
    use_data_dir(args.data_dir)
    import saves
    from core.views.log_export import log_markdown

    sys.stdout.write(log_markdown(saves.load(args.save)))
    return 0


# -- the players' view ------------------------------------------------------


def run_watch(argv: Sequence[str]) -> int:
    """``hitledger watch [NAME]``: the players' view of a save, or of the GM's open window."""
    parser = _Parser(prog="hitledger watch",
                     description=tr("The players' view, read-only: the order, the turn, what "
                                    "the players may see. Follows the GM's open window, or NAME."))
    parser.add_argument("save", nargs="?", help=tr("follow this save (name or file) instead"))
    parser.add_argument("--data-dir", metavar="DIR", help=tr("where saves live"))
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
                     description=tr("Serve the players' view (hitledger watch of the data dir) "
                                    "to browsers. Needs the serve extra: pip install 'hitledger[serve]'."))
    parser.add_argument("--host", default="127.0.0.1",
                        help=tr("address to listen on (default 127.0.0.1: this machine only)"))
    parser.add_argument("--port", type=int, default=8000, help=tr("port (default 8000)"))
    parser.add_argument("--token", help=tr("a browser needs ?token=TOKEN in the address to watch "
                                           "(other users see it in ps: prefer {variable} or "
                                           "--token-file)", variable="HITLEDGER_TOKEN"))
    parser.add_argument("--token-file", metavar="FILE",
                        help=tr("read the token from the first line of FILE"))
    parser.add_argument("--max-browsers", type=int, default=8, metavar="N",
                        help=tr("browsers watching at once; more are told the view is full "
                                "(default 8)"))
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help=tr("on 127.0.0.1, also answer to this host name (a reverse "
                                "proxy's); any other is refused"))
    parser.add_argument("--data-dir", metavar="DIR", help=tr("where saves live"))
    args = parser.parse_args(argv)
    if not 0 < args.port < 65536:
        raise CliError(tr("--port is 1 to 65535, not {port}", port=args.port))
    if args.max_browsers < 1:
        raise CliError(tr("--max-browsers is at least 1, not {count}", count=args.max_browsers))
    from tui.watch.follow import data_folder
    from tui.watch.token import serve_token

    token = serve_token(args.token, args.token_file)  # ValueError: said as the others are
    if args.token is not None:
        print(tr("--token shows in ps to every user of this machine: HITLEDGER_TOKEN or "
                 "--token-file keep it out."), file=sys.stderr, flush=True)

    try:
        from tui.watch.serve import serve
    except ImportError as error:  # the serve extra (textual-serve, aiohttp) is not installed
        raise CliError(tr("hitledger serve needs textual-serve ({error}): "
                          "pip install 'hitledger[serve]'", error=error)) from None
    try:
        serve(data_folder(args.data_dir), args.host, args.port, token, args.max_browsers,
              tuple(args.allow_host))
    except OSError as error:
        raise CliError(tr("cannot listen on {host} port {port}: {why}", host=args.host,
                          port=args.port, why=error.strerror or error)) from None
    return 0


# -- the TUI -----------------------------------------------------------------------------


SUBCOMMANDS = (
    ("calc", N_("resolve damage against a target and print every step")),
    ("roll", N_("roll a dice expression")),
    ("library", N_("the GM's bestiary: list it, or share it as a file")),
    ("log", N_("print a saved encounter's log as Markdown")),
    ("watch", N_("the players' view, read-only, in a terminal")),
    ("serve", N_("the players' view in a browser")),
    ("compendium", N_("search the monsters shipped with hitledger; --show NAME prints one")),
    ("import", N_("a PC from Pathbuilder 2e's JSON export (import pathbuilder FILE)")),
)
"""What ``hitledger --help`` lists besides the app itself: each command and one line on it."""


def subcommand_lines() -> str:
    """The subcommands for ``--help``, one a line, in the GM's language."""
    width = max(len(name) for name, _ in SUBCOMMANDS)
    lines = [f"  {name:<{width}}  {tr(about)}" for name, about in SUBCOMMANDS]
    return "\n".join([tr("subcommands (hitledger COMMAND --help says more):"), *lines])


def tui_parser() -> argparse.ArgumentParser:
    """``hitledger [NAME] [--new SYSTEM [--name N]] [--demo SYSTEM] [--data-dir DIR]``."""
    from core.systems import DEFAULT_SYSTEM

    parser = _Parser(
        prog="hitledger",
        description=tr("A keyboard-driven encounter manager.") + "\n\n" + subcommand_lines(),
        epilog=tr('hitledger calc --system {system} --defenses "weaknesses fire 5" "2d6 fire"   '
                  "hitledger roll 2d6+3", system=DEFAULT_SYSTEM),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("save", nargs="?", help=tr("open this save (name or file)"))
    parser.add_argument("--new", metavar="SYSTEM", help=tr("start an empty encounter"))
    parser.add_argument("--name", help=tr("name of the new encounter"))
    parser.add_argument("--keep-party", action="store_true",
                        help=tr("with --new: keep the PCs of NAME (else of the last autosave) as "
                                "they are now; that encounter stays as it was"))
    parser.add_argument("--demo", metavar="SYSTEM", help=tr("open a demo encounter of a system"))
    parser.add_argument("--data-dir", metavar="DIR", help=tr("where saves live"))
    parser.add_argument("--plain-output", action="store_true",
                        help=tr("let Textual write every frame whole instead of only the cells "
                                "that changed (as HITLEDGER_PLAIN_OUTPUT=1 does)"))
    parser.add_argument("--seed", type=int, default=None, help=argparse.SUPPRESS)
    _lang_help(parser)
    return parser


def prepare_tui(argv: Sequence[str]) -> tuple[Encounter, str, int | None]:
    """Parse the TUI's arguments; the encounter to open, a notice and a dice seed."""
    args = tui_parser().parse_args(argv)
    if args.plain_output:  # read by the terminal copy (tui/terminal_copy.py), as from a wrapper
        os.environ["HITLEDGER_PLAIN_OUTPUT"] = "1"
    encounter, notice = _open(args)
    return encounter, notice, args.seed


def _open(args: argparse.Namespace) -> tuple[Encounter, str]:
    """The encounter the arguments ask for (no Textual import)."""
    use_data_dir(args.data_dir)
    if args.keep_party:
        return _keep_party(args)
    if sum(bool(x) for x in (args.save, args.new, args.demo)) > 1:
        raise CliError(tr("give one of NAME, --new SYSTEM or --demo SYSTEM"))
    if args.name and not args.new:
        raise CliError(tr("--name goes with --new SYSTEM"))
    from core import Encounter

    if args.new:
        return Encounter(system=args.new, name=args.name or tr("New encounter")), _last_fight_note()
    from tui.demo import demo_encounter

    if args.demo:
        return demo_encounter(args.demo), tr("Demo encounter ({system}). ? shows the keys.",
                                             system=args.demo)
    import saves

    if args.save:
        encounter = saves.load(args.save)
        return encounter, (tr(OPENED) + _held_note(saves.save_path(encounter))
                           + removed_note(encounter.controls_removed))
    return _resume()


def _keep_party(args: argparse.Namespace) -> tuple[Encounter, str]:
    """The next encounter with the party of NAME or of the last autosave.

    The encounter the party comes from is only read: its file stays as it was.
    """
    if not args.new:
        raise CliError(tr("--keep-party goes with --new SYSTEM"))
    if args.demo:
        raise CliError(tr("--keep-party takes the party from a save, not a demo"))
    import saves
    from saves import slots

    if args.save:
        source = saves.load(args.save)
    else:
        path, _busy = slots.resume_candidate()
        autosaved = saves.load_autosave(path) if path is not None else None
        if autosaved is None:  # none, or gone since it was found
            raise CliError(tr("--keep-party: no autosave to take the party from; name a save"))
        source = autosaved
    if source.system != args.new:
        raise CliError(tr("--keep-party: {name} is a {system} encounter, not {wanted}",
                          name=source.name, system=source.system, wanted=args.new))
    encounter = source.next_encounter(args.name or tr("Next encounter"))
    party = listing(encounter.creature(cid).name for cid in encounter.order) \
        or tr("no PCs")
    if encounter.rules.has_initiative:
        return encounter, tr("{name}: {party} from {source}. i rolls initiative.",
                             name=encounter.name, party=party, source=source.name)
    return encounter, tr("{name}: {party} from {source}.", name=encounter.name, party=party,
                         source=source.name)


def _last_fight_note() -> str:
    """``--new``: where the fight it replaces is kept, or ``""``."""
    import saves
    from saves import slots

    try:
        last = next((e for e in saves.list_saves(include_autosave=False) if e.ok), None)
        autosave, _busy = slots.resume_candidate()
    except Exception:  # noqa: BLE001 - an unreadable data dir: nothing to point at
        return ""
    if last is not None:
        return tr("New encounter. Your last save, {save}, is in {file}: f9 loads it, ctrl+o "
                  "lists every save.", save=last.name, file=last.path.name)
    if autosave is not None:
        return tr("New encounter. The last fight is kept in its autosave: ctrl+o lists the "
                  "saves.")
    return ""


def _held_note(path: Any) -> str:
    """' It is open in another window too…' when a running window holds that save."""
    from saves import slots

    pid = slots.held_elsewhere(path) if path is not None else None
    if pid is None:
        return ""
    process = tr(" (process {pid})", pid=pid) if pid else ""
    return " " + tr("{file} is open in another window too{process}: saving asks before "
                    "overwriting its changes.", file=path.name, process=process)


def _resume() -> tuple[Encounter, str]:
    """The newest autosave no running window holds, else a demo and why (no Textual import).

    An unreadable autosave is moved aside into the trash, never overwritten.
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
            notice = _not_resumed(path, error)
    if encounter is not None:
        return encounter, tr(RESUMED) + removed_note(encounter.controls_removed)
    if busy is not None and not notice:
        held = _held_fight()
        if held is not None:
            return held
        process = tr(" (process {pid})", pid=busy) if busy else ""
        notice = tr("The autosave is open in another window{process}: a demo here. ctrl+o "
                    "lists the saves.", process=process)
    if not notice:
        # no autosave is not always a first run: a GM who renamed it still has saves
        has_saves = any(saves.data_dir().glob("*.toml"))
        notice = tr("No autosave: a demo encounter. ctrl+o lists the saves.") if has_saves \
            else tr("First run: a demo encounter. ? shows the keys.")
    from core.systems import DEFAULT_SYSTEM

    return demo_encounter(DEFAULT_SYSTEM), notice


def _held_fight() -> tuple[Encounter, str] | None:
    """The newest fight another running window holds, read as a copy tied to no file, and
    the notice that says so whole (the app then asks: read it, a copy, or quit); None when
    it cannot be read (then a demo, as before)."""
    import saves
    from saves import slots

    found = slots.newest_held()
    if found is None:
        return None
    path, pid = found
    try:
        encounter = saves.read_autosave(path)
    except saves.SaveError:
        return None
    process = tr(" (process {pid})", pid=pid) if pid else ""
    return encounter, tr(HELD) + " " + tr(
        "{name} ({file}) is open in another window{process}, which keeps it: nothing here "
        "writes its file.", name=encounter.name, file=path.name, process=process)


def _not_resumed(path: Any, error: Exception) -> str:
    """The notice for an autosave that did not load. It is moved into the trash, unless a
    newer hitledger wrote it (that one reads it) or the folder refuses (a read-only
    data dir must not stop the app): then it stays, and the notice says so."""
    from saves import slots
    from saves.errors import os_words

    newer = slots.newer_format(path)
    if newer is not None:
        return tr("{file} is from a newer hitledger (format {format}): left where it is; "
                  "upgrade to open it. Demo opened.", file=path.name, format=newer)
    problem = getattr(error, "short", error)
    try:
        kept = slots.set_aside(path)
    except OSError as exc:
        return tr("Autosave not loaded ({problem}); could not be moved to trash/ ({why}): left "
                  "as {file}. Demo opened.", problem=problem, why=os_words(exc, with_file=False),
                  file=path.name)
    return tr("Autosave not loaded ({problem}); moved to {where}. Demo opened.",
              problem=problem, where=f"{kept.parent.name}/{kept.name}")


def _tightened() -> list[str]:
    """What saves/ tightened on the way (a data folder open to others), if it was opened at
    all: a demo reads no save, and saves/ is then imported after the first frame, not before."""
    names = sys.modules.get("saves.names")
    return names.tightened() if names is not None else []


def tui_app(encounter: Encounter, notice: str, seed: int | None) -> HitLedgerApp:
    """The app main() runs on what :func:`prepare_tui` gave: resumed, opened from a save, or a
    fight another window holds (offered read-only, as a copy, or quit)."""
    from tui.app import make_app
    from tui.language_setting import notes

    rng = random.Random(seed) if seed is not None else None
    held = notice if notice.startswith(tr(HELD)) else ""  # the dialog's, whole and alone
    shown = " ".join([*[notice] * (not held), *notes(), *_tightened()])  # a broken setting,
    return make_app(encounter, rng=rng, notice=shown, resumed=notice.startswith(tr(RESUMED)),
                    saved=notice.startswith(tr(OPENED)), held=held)  # a data folder opened


def as_typed(arg: str) -> str:
    """An argument as the GM typed it: under a C or POSIX locale Python hands on UTF-8 bytes
    it could not decode as stand-ins (``\\udcef…``); those bytes are decoded as UTF-8 when
    they are that, else left as they came."""
    if not any("\udc80" <= ch <= "\udcff" for ch in arg):
        return arg
    try:
        return os.fsencode(arg).decode("utf-8")
    except (UnicodeDecodeError, UnicodeEncodeError):
        return arg


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``hitledger`` console script."""
    argv = [as_typed(arg) for arg in (sys.argv[1:] if argv is None else argv)]
    replaced = _escape_output()
    started = False
    try:
        from tui.language_setting import COMMANDS, fit_terminal, notes, take_language

        argv = take_language(argv)
        fit_terminal()
        if argv and argv[0] in COMMANDS:  # the app shows them in its notice line instead
            for note in notes():
                print(f"hitledger: {note}", file=sys.stderr)
        speak_argparse()
        if argv and argv[0] in ("calc", "roll"):  # the shell's own: no app, no data dir
            from tui.cli_calc import run_calc, run_roll

            return (run_calc if argv[0] == "calc" else run_roll)(argv[1:])
        if argv and argv[0] == "library":
            return run_library(argv[1:])
        if argv and argv[0] == "log":
            return run_log(argv[1:])
        if argv and argv[0] == "compendium":
            from tui.cli_compendium import run_compendium

            return run_compendium(argv[1:])
        if argv and argv[0] == "watch":
            return run_watch(argv[1:])
        if argv and argv[0] == "serve":
            return run_serve(argv[1:])
        if argv and argv[0] == "import":     # a PC from a players' tool (Pathbuilder 2e)
            from tui.cli_import import run_import

            return run_import(argv[1:])
        if argv and argv[0] in ("-h", "--help"):
            tui_parser().print_help()
            return 0
        # Python's cyclic collector, run at every few hundred objects, only costs start-up time
        # from here to the first frame (about 5% of it): the rules core, Textual and the first
        # frame allocate much and free almost nothing. The app turns it back on once its first
        # frame is drawn; a refused start turns it back on below.
        gc.disable()
        encounter, notice, seed = prepare_tui(argv)
        started = True
    except CliError as error:
        print(f"hitledger: {error}", file=sys.stderr)
        return USAGE_ERROR
    except ValueError as error:  # ParseError, unknown system, StateError: all say what is wrong
        print(f"hitledger: {error}", file=sys.stderr)
        return USAGE_ERROR
    except Exception as error:  # SaveError and friends: one line, never a traceback
        from tui.file_reports import error_words

        said = error if not isinstance(error, OSError) else error_words(error)  # no [Errno N]
        print(f"hitledger: {said}", file=sys.stderr)
        return USAGE_ERROR
    finally:
        _plain_output(replaced)
        if not started:
            gc.enable()
    app = tui_app(encounter, notice, seed)
    app.run()
    gc.enable()  # already, unless the app ended before its first frame
    # Textual sets 1 when the app crashed: a wrapper script must be able to tell.
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
