"""Test files and tests are named by their subject, so "the tests of X" are found by name: never
after the mutation run, the issue or the batch of work that wrote them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]

#: What names a test file after how it came to be rather than what it tests: a mutation run
#: (``_mutants``), an issue (``issue18``), a batch of work (``_fixes``, ``_audit``, ``batch``,
#: ``session3``, ``_rest``, ``_finish``, ``_more``) or a second helping (``_edges2``: a word then
#: a counter; ``d20`` and ``pf2`` end in their system's name, not a counter).
NOT_A_SUBJECT = re.compile(
    r"mutants|issue_?\d|(^|_)batch|(^|_)session_?\d|(^|_)(fixes|audit|rest|finish|more|misc)(_|$)"
    r"|[a-z]{3,}_?\d+$"
)

#: A test's own name citing an issue, which no reader of the repository can open.
CITES_AN_ISSUE = re.compile(r"issue_?\d", re.IGNORECASE)


def not_subjects(names: list[str]) -> list[str]:
    """The names (stems of test files) that are not named by their subject."""
    return [name for name in names if NOT_A_SUBJECT.search(name)]


@pytest.mark.parametrize("stem", [
    "test_dice_mutants", "test_tui_issue18_screens", "test_tui_issue9_rest", "test_codec_edges2",
    "test_tui_input_fixes", "test_rules_audit_pf2", "test_batch_3", "test_tui_session2",
    "test_issue_32_names",
])
def test_a_name_after_a_run_an_issue_or_a_batch_is_refused(stem: str) -> None:
    assert not_subjects([stem]) == [stem]


@pytest.mark.parametrize("stem", [
    "test_pinned_d20", "test_statblock_d20", "test_statblock_pf2", "test_pf2e", "test_sf2e", "test_d20_3e",
    "test_tui_roster_80_columns", "test_encounter_turns_passed", "test_tui_restart",
    "test_session_dying", "test_tui_session",
])
def test_a_name_by_subject_is_kept(stem: str) -> None:
    assert not_subjects([stem]) == []


def test_every_test_file_is_named_by_its_subject() -> None:
    stems = sorted(path.stem for path in TESTS.rglob("test_*.py"))
    assert len(stems) > 100  # the walk found the suite
    assert not_subjects(stems) == [], "name each file by what it tests (git mv keeps its history)"


def test_no_test_name_cites_an_issue() -> None:
    cited = []
    for path in sorted(TESTS.rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            named = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
            if isinstance(node, named) and CITES_AN_ISSUE.search(node.name):
                cited.append(f"{path.relative_to(TESTS)}::{node.name}")
    assert cited == [], "name the test by the rule or behaviour it checks"


def test_every_snapshot_folder_belongs_to_a_test_file() -> None:
    """pytest-textual-snapshot keeps a test file's SVGs in ``__snapshots__/<file's stem>/``: a
    file renamed without its folder would write new snapshots and leave the old ones unread."""
    orphans = [
        str(folder.relative_to(TESTS))
        for snapshots in TESTS.rglob("__snapshots__")
        for folder in snapshots.iterdir()
        if folder.is_dir() and not (snapshots.parent / f"{folder.name}.py").is_file()
    ]
    assert orphans == []
