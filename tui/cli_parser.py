"""The command line's shared parts: the parser that raises, its refusal, ``--lang`` and ``--data-dir``.

:mod:`tui.cli` and its subcommands (:mod:`tui.cli_calc`, :mod:`tui.cli_compendium`,
:mod:`tui.cli_import`) build on these; the subcommands never import :mod:`tui.cli`, which
imports them.
"""

from __future__ import annotations

import argparse
import os
from typing import NoReturn

from core.text.i18n import listing, tr


def system_list() -> str:
    """The system ids for a help text (``a, b or c``), as the core lists them."""
    from core import SYSTEM_IDS

    return tr("{systems} or {last}", systems=listing(SYSTEM_IDS[:-1]), last=SYSTEM_IDS[-1])


def multiplier_systems() -> str:
    """The ids of the systems whose criticals take a multiplier (asked of the core)."""
    from core import SYSTEM_IDS, get_system

    return ", ".join(s for s in SYSTEM_IDS if get_system(s).critical_multipliers)


class CliError(Exception):
    """Bad input: one line on stderr, exit status 2."""


def use_data_dir(value: str | None) -> None:
    """``--data-dir DIR``: saves go there. An empty one (an unset shell variable) is
    refused: it would quietly mean the real data dir."""
    if value is None:
        return
    if not value.strip():
        raise CliError(tr("--data-dir is empty (an unset shell variable?): give a folder, "
                          "or leave the option out for the usual data dir"))
    os.environ["HITLEDGER_DATA_DIR"] = os.path.abspath(os.path.expanduser(value))


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise CliError(message)


def _lang_help(parser: argparse.ArgumentParser) -> None:
    """``--lang`` in the help (main() takes it from the arguments before any parser sees it)."""
    parser.add_argument("--lang", metavar="LANG", help=tr("en or ja, kept for the next start "
                           "(default: the last --lang, else LC_ALL / LANG)"))
