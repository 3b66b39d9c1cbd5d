"""Type-checks the tests with mypy and holds each test file to the errors it is known to have.

``make test`` runs it (``python tests/typecheck_tests.py``). The tests are checked as strictly as
``core``, ``saves`` and ``tui`` (``strict = true`` in pyproject.toml), less what a test need not
say: the types of its own functions' arguments and results (``--allow-untyped-defs``,
``--allow-incomplete-defs``, and so ``--allow-untyped-calls``) and the parameters of a bare
``dict`` or ``list`` (``--allow-any-generics``). The bodies of untyped functions are still
checked (``check_untyped_defs``, part of strict).

pytest imports each test folder's files as top-level modules (no ``__init__.py``, each folder has
its own ``conftest``), so mypy checks one folder at a time, each under the names pytest gives it;
``[[tool.mypy.overrides]]`` cannot name such modules (``test_*`` is no module pattern), hence the
flags here.

The errors the tests had when mypy first ran over them are listed, by file, in
``tests/mypy_known_errors.txt``: a file may lose errors, never gain one, and a file not listed
has none. ``--update`` writes the list anew from this run (only after fixing, never to hide a
new error: the list's diff shows which).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KNOWN = ROOT / "tests" / "mypy_known_errors.txt"

#: One mypy run each: the folders pytest imports as top-level modules, and the suite's own files.
RUNS = (
    ("tests/core",),
    ("tests/saves",),
    ("tests/tui",),
    ("tests/bench",),  # imports helpers of tests/tui, as its files put it on sys.path
    ("tests/conftest.py", "tests/mutmut_caches.py", "tests/import_contracts.py",
     "tests/typecheck_tests.py"),
)

#: strict, less the annotations a test need not write (the module's docstring says why).
FLAGS = ("--allow-untyped-defs", "--allow-incomplete-defs", "--allow-untyped-calls",
         "--allow-any-generics",
         # its own cache: core's modules, checked under these flags too, would otherwise be
         # checked again by every run that alternates with `mypy core saves tui`
         "--cache-dir", ".mypy_cache/tests")

ERROR = re.compile(r"^(tests/[^:]+):\d+: error: ")


def errors_by_file() -> tuple[Counter[str], list[tuple[str, str]]]:
    """The number of mypy errors in each test file, and every error line."""
    counts: Counter[str] = Counter()
    lines: list[tuple[str, str]] = []
    env = {**os.environ, "MYPYPATH": "tests/tui"}
    for paths in RUNS:
        run = subprocess.run([sys.executable, "-m", "mypy", *FLAGS, *paths], cwd=ROOT, env=env,
                             capture_output=True, text=True, check=False)
        if run.returncode not in (0, 1) or "errors prevented further checking" in run.stdout:
            raise SystemExit(f"mypy could not check {' '.join(paths)}:\n{run.stdout}{run.stderr}")
        for line in run.stdout.splitlines():
            found = ERROR.match(line)
            if found:
                counts[found[1]] += 1
                lines.append((found[1], line))
    return counts, lines


def read_known() -> Counter[str]:
    """The known errors by file: lines of ``<count> <path>``; ``#`` starts a comment."""
    known: Counter[str] = Counter()
    for line in KNOWN.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            count, path = line.split(maxsplit=1)
            known[path] = int(count)
    return known


def write_known(counts: Counter[str]) -> None:
    head = ("# mypy errors each test file still has (tests/typecheck_tests.py): a file may lose\n"
            "# errors, never gain one; a file not listed has none.\n")
    KNOWN.write_text(head + "".join(f"{counts[path]} {path}\n" for path in sorted(counts)),
                     encoding="utf-8")


def main(argv: list[str]) -> int:
    counts, lines = errors_by_file()
    if "--update" in argv:
        write_known(counts)
        print(f"{sum(counts.values())} errors in {len(counts)} test files written to {KNOWN.name}")
        return 0
    known = read_known()
    gained = sorted(path for path in counts if counts[path] > known[path])
    for path, line in lines:
        if path in gained:
            print(line)
    for path in gained:
        print(f"{path}: {counts[path]} mypy errors, {known[path]} known: fix the new ones")
    lost = sorted(path for path in known if counts[path] < known[path])
    if lost:
        print("fewer errors than known in " + ", ".join(lost)
              + ": run `python tests/typecheck_tests.py --update` to lower the list")
    print(f"tests: {sum(counts.values())} mypy errors left, {sum(known.values())} known")
    return 1 if gained else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
