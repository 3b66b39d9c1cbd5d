"""Module sizes and the longest functions of core/, saves/ and tui/.

Run with ``make sizes``: lines per module (largest first) and every function over 40 lines.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("core", "saves", "tui")
LONG = 40


def functions(path: Path) -> list[tuple[int, str]]:
    """(lines, qualified name) of every function in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert child.end_lineno is not None
                found.append((child.end_lineno - child.lineno + 1, prefix + child.name))
                visit(child, prefix + child.name + ".")
            elif isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + ".")

    visit(tree, "")
    return found


def main(root: Path = ROOT) -> None:
    sizes: list[tuple[int, str]] = []
    long: list[tuple[int, str]] = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            sizes.append((len(path.read_text(encoding="utf-8").splitlines()), rel))
            long += [(n, f"{rel}:{name}") for n, name in functions(path) if n > LONG]
    print("largest modules (lines):")
    for n, rel in sorted(sizes, reverse=True)[:12]:
        print(f"  {n:5d}  {rel}")
    print(f"functions over {LONG} lines: {len(long)}")
    for n, name in sorted(long, reverse=True):
        print(f"  {n:5d}  {name}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT)
