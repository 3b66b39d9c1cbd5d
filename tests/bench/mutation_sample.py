"""A seeded sample of each file's mutants, for ``make mutate SAMPLE=N``.

The whole of ``core/`` and ``saves/`` is ~20,000 mutants: hours on this machine. mutmut runs the
cheapest mutants first, so a run cut short measures the small functions of a file, not the file.
A sample drawn at random from each file's mutants (seeded by the file's path: the same sample
every run) gives each file an unbiased kill rate in minutes: N mutants a file, all of them if a
file has fewer.

    python tests/bench/mutation_sample.py N [MODULE ...]

prints the names of the sampled mutants, one a line, read from the ``mutants/*.meta`` files a
first ``mutmut run`` wrote (``make mutate`` runs that first). MODULE is a module or package name
(``saves``, ``core.dice.expression``); none for every module.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def module_of(meta: Path, mutants: Path) -> str:
    """``core.systems.d20`` for ``mutants/core/systems/d20.py.meta``."""
    relative = meta.relative_to(mutants).with_suffix("").with_suffix("")
    parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
    return ".".join(parts)


def wanted(module: str, only: Sequence[str]) -> bool:
    """Whether ``module`` is one of ``only`` or inside one of them (everything when empty)."""
    return not only or any(module == name or module.startswith(name + ".") for name in only)


def sample(names: Sequence[str], size: int, seed: str) -> list[str]:
    """``size`` of ``names`` drawn at random, the same draw for the same seed; all if fewer."""
    ordered = sorted(names)
    if len(ordered) <= size:
        return ordered
    return sorted(random.Random(seed).sample(ordered, size))


def sampled_names(mutants: Path, size: int, only: Sequence[str] = ()) -> Iterator[str]:
    """The sample of every wanted file, file by file."""
    for meta in sorted(mutants.rglob("*.py.meta")):
        module = module_of(meta, mutants)
        if wanted(module, only):
            names = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
            yield from sample(list(names), size, seed=module)


def main(argv: list[str]) -> int:
    """Print the sample asked for by ``argv``: its size, then the modules."""
    if len(argv) < 2 or not argv[1].isdigit():
        print(__doc__, file=sys.stderr)
        return 2
    names = list(sampled_names(ROOT / "mutants", int(argv[1]), argv[2:]))
    if not names:
        print("no mutants found: run `mutmut run` once first", file=sys.stderr)
        return 1
    print("\n".join(names))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
