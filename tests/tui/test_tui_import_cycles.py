"""No import circle in ``tui/``: screens reach the app through a protocol, never by importing it.

Every ``import`` statement of every module counts — at the top, inside functions (deferred
for start-up), and the type-only ones under ``if TYPE_CHECKING:`` too: a circle of type-only
imports still ties the modules so that none can be read, tested or moved alone.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(name: str, modules: set[str]) -> str | None:
    """The module ``name`` names, or the closest module above it (a name inside a module)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def _imported(node: ast.AST, package: str) -> list[str]:
    """The dotted names an import statement brings in, relative ones made absolute."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            up = package.split(".")
            base = ".".join(up[: len(up) - node.level + 1] + ([base] if base else []))
        return [f"{base}.{alias.name}" for alias in node.names]
    return []


def import_graph(package: str = "tui", root: Path = ROOT) -> dict[str, set[str]]:
    """Each module of ``package`` → the modules of ``package`` it imports, anywhere in it."""
    paths = {_module_name(path, root): path for path in (root / package).rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in paths}
    for name, path in paths.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for target in _imported(node, here):
                found = _resolve(target, set(paths))
                if found and found != name:
                    graph[name].add(found)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of more than one module that each reach all the others (Tarjan's
    strongly connected components), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = stack[stack.index(node):]
            del stack[stack.index(node):]
            if len(group) > 1:
                found.append(sorted(group))

    for start in sorted(graph):
        if start not in index:
            visit(start)
    return sorted(found)


def test_tui_imports_no_circle():
    said = "\n".join(f"{len(group)} modules: {' '.join(group)}" for group in circles(import_graph()))
    assert not said, f"import circles in tui/:\n{said}"


def test_no_screen_imports_the_app():
    """Screens and the helpers they call see the app as tui.app_protocol.LedgerApp."""
    graph = import_graph()
    importers = sorted(name for name, imported in graph.items() if "tui.app" in imported)
    assert importers == ["tui.cli", "tui.screenshots"]  # the two that start it


def test_the_circle_finder_finds_circles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a", "e"}, "e": {"d"}, "f": set()}
    assert circles(graph) == [["a", "b", "c"], ["d", "e"]]


def test_the_graph_counts_deferred_and_type_only_imports(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from pkg import b\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                  "    from .a import f\n")
    assert circles(import_graph("pkg", tmp_path)) == [["pkg.a", "pkg.b"]]


if __name__ == "__main__":
    for group in circles(import_graph()):
        print(len(group), " ".join(group))
