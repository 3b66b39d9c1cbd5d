"""``hitledger compendium SYSTEM QUERY [--show NAME]``: search the box, print a creature as the app holds it."""

from __future__ import annotations

from collections.abc import Sequence

from core.creature.model import Creature
from core.text.i18n import tr
from tui.cli_parser import CliError, _lang_help, _Parser


def compendium_parser() -> _Parser:
    """``hitledger compendium SYSTEM [QUERY] [--show NAME] [--limit N]``."""
    parser = _Parser(prog="hitledger compendium",
                     description=tr("Search the monsters shipped with hitledger, or print one."))
    from core.compendium import SYSTEMS

    parser.add_argument("system", help=", ".join(SYSTEMS))
    parser.add_argument("query", nargs="*",
                        help=tr("words of the name; lvl:1-3, tier:1 or cr:1/2 keep those levels"))
    parser.add_argument("--show", metavar="NAME", help=tr("print this creature as the app holds it"))
    parser.add_argument("--limit", type=int, default=20, help=tr("at most this many matches (20)"))
    _lang_help(parser)
    return parser


def run_compendium(argv: Sequence[str]) -> int:
    """List the matches of QUERY, or print the creature ``--show`` names."""
    from core import compendium

    args = compendium_parser().parse_args(argv)
    if args.system not in compendium.systems():
        raise CliError(tr("no compendium for {system}; there is one for {known}", system=args.system,
                          known=", ".join(compendium.systems())))
    if args.show:
        try:
            creature = compendium.get(args.system, args.show)
        except KeyError as error:
            raise CliError(str(error.args[0])) from None
        print("\n".join(creature_lines(args.system, creature)))
        return 0
    hits = compendium.search(args.system, " ".join(args.query), limit=args.limit)
    if not hits:
        print(tr("No match in the {system} compendium; try fewer letters.", system=args.system))
        return 1
    width = max(len(h.name) for h in hits)
    print(f"{tr('Name'):<{width}}  {compendium.level_word(args.system):>5}  {tr('HP'):>5}  "
          f"{compendium.ac_word(args.system):>4}  {tr('Source')}")
    for hit in hits:
        print(f"{hit.name:<{width}}  {hit.level!s:>5}  {hit.hp!s:>5}  {hit.ac!s:>4}  {hit.source}")
    return 0


def creature_lines(system: str, creature: Creature) -> list[str]:
    """A creature as the app holds it: name, track, numbers, defenses, traits, attacks."""
    from core import get_system
    from core.catalog.capabilities import NUMBERS

    rules = get_system(system)
    lines = [creature.name, rules.track_text(creature)]
    numbers = []
    for number in NUMBERS.get(system, ()):
        if number.key in creature.numbers:
            value = creature.numbers[number.key]
            numbers.append(f"{number.label} {value:+d}" if number.signed else f"{number.label} {value}")
    if numbers:
        lines.append(" · ".join(numbers))
    lines.append(tr("Initiative {modifier}", modifier=f"{creature.init_mod:+d}"))
    lines.append(tr("Defenses: {defenses}", defenses=rules.short_defenses(creature)))
    lines.append(tr("Traits: {traits}", traits=", ".join(sorted(creature.traits))))
    if creature.horde:
        lines.append(tr("Horde: {damage} once half its HP is marked", damage=creature.horde))
    for attack in creature.attacks:
        bonus = f" {attack.bonus:+d}" if attack.bonus is not None else ""
        traits = f" ({', '.join(attack.traits)})" if attack.traits else ""
        note = f" {tr('plus')} {attack.note}" if attack.note else ""
        lines.append(f"  {attack.label}{bonus}{traits}: {attack.damage or '—'}{note}")
    return lines
