"""The code, its comments and its build files never cite "issue N": no reader of the repository
can open an issue tracker that is not in it, so a comment says why in its own words. Textual's
public issues (``Textual issue #6666``, a github.com address) are citable and allowed."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: "issue 21", "Issue 9, item 4", "issues 17": a citation of this project's tracker.
CITATION = re.compile(r"\bissues?\s+#?\d+", re.IGNORECASE)

#: Citations of someone else's public tracker, which a reader can open.
PUBLIC = re.compile(r"Textual issue|github\.com/", re.IGNORECASE)

#: Where the rule holds: the code, its tests and how it is built. A test file below that
#: checks this very rule names the words it looks for.
WHERE = ("core", "saves", "tui", "tests", "tools", "Makefile", "pyproject.toml", ".ci")
CHECKS_ITSELF = {"tests/core/test_no_issue_citations.py", "tests/core/test_test_file_names.py"}


def citations(text: str) -> list[str]:
    """The lines of ``text`` that cite this project's issues."""
    return [line for line in text.splitlines() if CITATION.search(line) and not PUBLIC.search(line)]


def test_the_pattern_finds_a_citation_and_lets_a_public_one_pass() -> None:
    assert citations("x = 1  # issue 21: the seed\n# Issue 9, item 4: max HP\n") == [
        "x = 1  # issue 21: the seed", "# Issue 9, item 4: max HP"]
    assert citations("# Textual issue #6666: the cursor\n# see github.com/x/y/issues/3\n") == []
    assert citations("# the issue is the width\n") == []


def test_nothing_in_the_repository_cites_an_issue_number() -> None:
    files = subprocess.run(["git", "ls-files", "--", *WHERE], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
    found = []
    for name in files:
        path = ROOT / name
        if name in CHECKS_ITSELF or "/files/" in name or path.suffix in (".mo", ".svg", ".png"):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        found += [f"{name}: {line.strip()}" for line in citations(text)]
    assert found == []
