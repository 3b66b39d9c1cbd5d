"""The kill rate of each mutated module, read from ``mutmut results``.

Run by ``make mutate`` after mutmut (``make mutate MODULE=core.dice.expression``: that module alone; the
arguments are module or package names, none for every module):
killed / checked per module, lowest rate first, those under the 90% aim marked. A timeout or a
mutant the type check catches counts as killed (something noticed it); a mutant no test
reaches counts as a survivor; a mutant not run yet is left out of the rate and counted in the
last column, so that a run cut short shows how much of each module it measured.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AIM = 90.0
KILLED = {"killed", "timeout", "caught by type check"}


def statuses(lines: Iterable[str]) -> Iterator[tuple[str, str]]:
    """(module, status) of each ``    core.dice.expression.x_parse__mutmut_3: killed`` line."""
    for line in lines:
        name, sep, status = line.strip().rpartition(": ")
        if sep and "__mutmut_" in name:
            yield name.rsplit(".", 1)[0], status


def tally(lines: Iterable[str], only: Sequence[str] = ()) -> dict[str, Counter[str]]:
    """Killed and checked mutants per module (within ``only``, module or package names)."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for module, status in statuses(lines):
        if only and not any(module == name or module.startswith(name + ".") for name in only):
            continue
        if status == "not checked":
            counts[module]["unchecked"] += 1
            continue
        counts[module]["checked"] += 1
        counts[module]["killed"] += status in KILLED
    return counts


def report(counts: dict[str, Counter[str]]) -> list[str]:
    """One line a module that has a checked mutant, the lowest rate first, and the whole."""
    def rate(c: Counter[str]) -> float:
        return 100.0 * c["killed"] / c["checked"] if c["checked"] else 100.0

    lines = [f"{'module':32} {'killed':>7} {'of':>5} {'rate':>7} {'not run':>8}"]
    checked = {module: c for module, c in counts.items() if c["checked"]}
    for module, c in sorted(checked.items(), key=lambda item: (rate(item[1]), item[0])):
        mark = "  below the aim" if rate(c) < AIM else ""
        lines.append(f"{module:32} {c['killed']:7} {c['checked']:5} {rate(c):6.1f}% {c['unchecked']:8}{mark}")
    whole: Counter[str] = sum(checked.values(), Counter())
    lines.append(f"{'all':32} {whole['killed']:7} {whole['checked']:5} {rate(whole):6.1f}% {whole['unchecked']:8}")
    return lines


def main(argv: list[str]) -> int:
    """Print the report for the modules in ``argv[1:]``, or every module mutmut has checked."""
    found = subprocess.run([sys.executable, "-m", "mutmut", "results", "--all", "true"], cwd=ROOT,
                           capture_output=True, text=True, check=True)
    print("\n".join(report(tally(found.stdout.splitlines(), argv[1:]))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
