"""``hitledger calc`` and ``hitledger roll``: a damage resolved and printed step by step, and
dice rolled, for shells and scripts (no app, no data dir)."""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

from core.text.i18n import tr
from tui.cli_parser import CliError, _lang_help, _Parser, multiplier_systems, system_list


def calc_parser() -> argparse.ArgumentParser:
    """``hitledger calc``."""
    parser = _Parser(prog="hitledger calc",
                     description=tr("Resolve damage against a target and print every step."))
    parser.add_argument("damage", help=tr('damage notation, e.g. "2d6+3 fire, 1d6 persistent bleed"'))
    parser.add_argument("--system", required=True, help=system_list())
    parser.add_argument("--defenses", default="", help=tr('e.g. "weaknesses fire 5; resistances all 2"'))
    parser.add_argument("--traits", default="living", help=tr("living, undead, construct, bloodless"))
    parser.add_argument("--critical", action="store_true", help=tr("a critical hit"))
    parser.add_argument("--multiplier", type=int, default=None,
                        help=tr("{systems} critical multiplier, 2 to 6 (default 2), with --critical",
                                 systems=multiplier_systems()))
    parser.add_argument("--save", default=None, help=tr("critical-success, success, failure, "
                           "critical-failure (or 大成功, 成功, 失敗, 大失敗)"))
    parser.add_argument("--nonlethal", action="store_true", help=tr("nonlethal damage"))
    parser.add_argument("--stat", action="append", default=[], metavar="NAME=VALUE",
                        help=tr("a target stat, e.g. major=7 (repeatable)"))
    parser.add_argument("--seed", type=int, default=None, help=tr("seed the dice"))
    _lang_help(parser)
    return parser


def run_calc(argv: Sequence[str]) -> int:
    """Print the breakdown and the total of one damage application."""
    from core import get_system
    from core.systems.calc import calc_lines, stand_in, stand_in_unknown

    args = calc_parser().parse_args(argv)
    rules = get_system(args.system)
    stats: dict[str, int] = {}
    known = {field.name for field in rules.stat_fields}
    for item in args.stat:
        name, _, value = item.partition("=")
        if name not in known:
            raise CliError(tr("unknown stat {name} for {system}; known: {known}", name=repr(name),
                              system=rules.name, known=", ".join(sorted(known))))
        try:
            stats[name] = int(value)
        except ValueError:
            raise CliError(tr("stat {name} must be a whole number, not {value}", name=name,
                              value=repr(value))) from None
    # a stand-in target with a bottomless track unless the GM gave its stats with --stat
    creature = stand_in(rules, stats, defenses=args.defenses, traits=args.traits)
    critical: bool | int = _critical(args, rules)
    rng = random.Random(args.seed)
    outcome = rules.apply_damage(creature, args.damage, critical=critical, save=_save(args.save),
                                 nonlethal=args.nonlethal, rng=rng)
    # the stand-in's track says nothing true: its lines only when the GM gave the stats
    unknown = stand_in_unknown(rules, stats) if args.stat else ()
    for line in calc_lines(rules, outcome, track=bool(args.stat), unknown=unknown):
        print(line)
    for name in unknown:   # Wounds given, Vitality not: say what the stand-in stood for
        field = next(f for f in rules.stat_fields if f.name == name)
        print(tr("{track} not given: the stand-in's is bottomless (give --stat {name}=N)",
                 track=tr(field.label), name=name))
    return 0


def _save(save: str | None) -> str | None:
    """``--save`` as the core's id: ``success``, or the seed's ``成功`` / pf2e-ja's words."""
    from core.text.japanese import japanese_words, normalise

    if save is None:
        return None
    save = normalise(save).strip()
    return japanese_words().get(save, save)


def _critical(args: argparse.Namespace, rules: Any) -> bool | int:
    """``--critical`` and ``--multiplier`` as the core's ``critical=``; CliError if they disagree."""
    from core.systems.base import MAX_MULTIPLIER

    if args.multiplier is None:
        return bool(args.critical)
    if not rules.critical_multipliers:
        raise CliError(tr("--multiplier is a {systems} option (other systems double a critical)",
                          systems=multiplier_systems()))
    if not args.critical:
        raise CliError(tr("--multiplier goes with --critical"))
    if not 2 <= args.multiplier <= MAX_MULTIPLIER:
        raise CliError(tr("--multiplier is 2 to {most}, not {given}", most=MAX_MULTIPLIER,
                          given=args.multiplier))
    return int(args.multiplier)


def run_roll(argv: Sequence[str]) -> int:
    """Roll a dice expression; print the total and each die."""
    from core.dice.expression import roll_detailed
    from core.text.japanese import normalise

    parser = _Parser(prog="hitledger roll", description=tr("Roll a dice expression."))
    parser.add_argument("expr", help=tr('e.g. "2d6+3"'))
    parser.add_argument("--seed", type=int, default=None, help=tr("seed the dice"))
    args = parser.parse_args(argv)
    result = roll_detailed(normalise(args.expr), rng=random.Random(args.seed))
    faces = ", ".join(str(value) for value in result.values)
    print(result.total)
    print(tr("{expression}: {faces}", expression=result.expr, faces=faces or tr("no dice")))
    return 0
