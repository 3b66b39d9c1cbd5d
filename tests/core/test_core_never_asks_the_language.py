"""The core says words in a reader's language when they are read: outside core/text no module
asks which language the app speaks (a phrase or a language argument carries the choice)."""

from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "core"


def test_no_core_module_outside_core_text_calls_language() -> None:
    asking = []
    for path in sorted(CORE.rglob("*.py")):
        if path.relative_to(CORE).parts[0] == "text":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute) \
                    and getattr(node.func, "id", getattr(node.func, "attr", "")) == "language" \
                    and not node.args:
                asking.append(f"{path.relative_to(CORE)}:{node.lineno}")
    assert asking == []
