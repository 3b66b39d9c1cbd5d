"""Start-up: the first frame loads only the roster; every other screen waits for its key."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAZY_SCREENS = ("tracker", "log_screen", "help", "saves_browser", "dialogs", "damage",
                "creature_form", "heal", "library", "statblock_paste", "conditions", "initiative",
                "pools", "party", "markdown_log")

FIRST_FRAME = """
import asyncio, sys
from tui.app import make_app

after_import = set(sys.modules)

async def first_frame():
    app = make_app(system="pf2e", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen is app.roster
        shown.update(sys.modules)  # before quitting, which lets the autosave slot go

shown = set()
asyncio.run(first_frame())
print("import:", " ".join(sorted(m for m in after_import if m.startswith("tui."))))
print("frame:", " ".join(sorted(m for m in sys.modules if m.startswith("tui."))))
print("core:", " ".join(sorted(m for m in sys.modules if m.startswith("core."))))
print("saves:", " ".join(sorted(m for m in shown if m.split(".")[0] in ("saves", "tomli_w"))))
"""
LAZY_CORE = ("core.statblocks", "core.compendium")
"""Read only when the GM pastes a stat block or imports a library (issue 10: start-up)."""


def test_the_first_frame_imports_no_other_screen(tmp_path: Path):
    result = subprocess.run([sys.executable, "-c", FIRST_FRAME], cwd=ROOT, capture_output=True,
                            text=True, timeout=60,
                            env={"PATH": "/usr/bin:/bin", "HITLEDGER_DATA_DIR": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    loaded = dict(line.split(":", 1) for line in result.stdout.splitlines())
    for stage in ("import", "frame"):
        modules = set(loaded[stage].split())
        assert "tui.screens.roster" in modules
        assert not {f"tui.screens.{name}" for name in LAZY_SCREENS} & modules, stage
        assert "tui.commands" not in modules
    assert not set(LAZY_CORE) & set(loaded["core"].split())
    # a demo reads no file: saves/ (and tomli_w, hashlib… under it) waits for the first frame
    assert loaded["saves"].split() == [], "saves/ imported before the first frame of a demo"


# Issue 10: screens and the CLI ask the core what a system offers; only the demo (and the
# screenshots that show each demo) may name a system, so a sixth system touches core/ only.
NAMES_SYSTEMS = ("demo.py", "screenshots.py")


def system_ids_named_in_tui() -> list[str]:
    """Every string in tui/ (docstrings and f-string parts too) that names a system id."""
    import ast
    import re

    from core import SYSTEM_IDS

    word = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, SYSTEM_IDS)) + r")(?![\w-])")
    found = []
    for path in sorted((ROOT / "tui").rglob("*.py")):
        if path.name in NAMES_SYSTEMS:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and word.search(node.value):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:60]!r}")
    return found


def test_no_system_id_in_tui_outside_the_demo():
    assert system_ids_named_in_tui() == []


def test_the_scan_finds_a_system_id(tmp_path: Path, monkeypatch):
    (tmp_path / "tui").mkdir()
    (tmp_path / "tui" / "x.py").write_text('if system == "daggerheart":\n    f"a {b} pf2e c"\n')
    (tmp_path / "tui" / "demo.py").write_text('SYSTEM = "pf2e"\n')
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert [line.split(":")[1] for line in system_ids_named_in_tui()] == ["1", "2"]
