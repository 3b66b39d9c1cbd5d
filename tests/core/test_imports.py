"""core is pure: the layers are import-linter contracts (pyproject's ``[tool.importlinter]``,
run by ``make test``); these tests check the contract type written for "standard library only"
and that the contracts hold, so a plain ``pytest`` run checks them too."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.import_contracts import StandardLibraryOnly  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def probe_graph(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str) -> grimp.ImportGraph:
    """The import graph of a package ``probe`` whose one module holds ``source``."""
    (tmp_path / "probe").mkdir()
    (tmp_path / "probe" / "__init__.py").write_text("")
    (tmp_path / "probe" / "rules.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    return grimp.build_graph("probe", include_external_packages=True, cache_dir=None)


def check(graph: grimp.ImportGraph) -> list[str]:
    contract = StandardLibraryOnly(name="probe", session_options={},
                                   contract_options={"source_modules": ["probe"],
                                                     "allowed_modules": ["probe"]})
    result = contract.check(graph, verbose=False)
    return [] if result.kept else result.metadata["imports"]


def test_standard_library_imports_keep_the_contract(tmp_path, monkeypatch):
    source = "from __future__ import annotations\nimport json\nfrom importlib import resources\n"
    assert check(probe_graph(tmp_path, monkeypatch, source)) == []


def test_a_third_party_import_breaks_it_with_its_line(tmp_path, monkeypatch):
    source = "import json\n\nimport textual.app\nfrom probe import rules\n"
    assert check(probe_graph(tmp_path, monkeypatch, source)) == ["probe.rules:3 imports textual"]


def test_the_projects_contracts_are_kept():
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([lint, "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_facade_names_each_of_its_homes_once_and_each_resolves():
    """core/__init__.py imports a name when it is first asked for: every name of ``__all__``
    has a home, and the home holds it."""
    import core

    assert sorted(core.__all__) == sorted(core._HOMES)
    for name in core.__all__:
        module, attribute = core._HOMES[name]
        assert getattr(core, name) is getattr(importlib.import_module(module), attribute)
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = core.no_such_name  # type: ignore[attr-defined]
