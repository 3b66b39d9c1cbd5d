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
"""Read only when the GM pastes a stat block or imports a library (start-up)."""


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


# Screens and the CLI ask the core what a system offers; only the demo (and the
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


# The command a GM types, not make_app: what tui/cli.py reads on the way (its notices, the
# language) counts too. The frame is the first one Textual draws; the app quits there.
CLI_FIRST_FRAME = """
import sys
import textual.app

shown = set()
draw = textual.app.App._display

def first_display(self, screen, renderable):
    if renderable is not None and not shown:
        shown.update(sys.modules)
        self.call_later(self.exit)
    return draw(self, screen, renderable)

textual.app.App._display = first_display
run = textual.app.App.run
textual.app.App.run = lambda self, *a, **k: run(self, *a, **{**k, "headless": True})
from tui.cli import main
main(["--demo", "pf2e"])
print(" ".join(sorted(shown)))
"""
NOT_BEFORE_THE_FIRST_FRAME = (
    "saves",                   # a demo reads no file: the autosave's slot is claimed after
    "core.compendium",         # the box: read at the add form's first search
    "core.systems.pathbuilder",        # ctrl+t in the add form, or hitledger import
    "core.statblocks",          # a pasted block
    "core.table.rolls", "core.table.attack_traits", "core.table.reaction_rolls",  # the first roll
    "core.views.player_view",        # the players' file, written with the first autosave
    "tui.commands",            # the palette, at ctrl+p
    "tui.widgets.box_results", # the add form's matches
    "tui.cli_compendium", "tui.cli_import", "tui.watch", "tui.watch.serve",
    "importlib.resources", "zipfile",  # the game data is read from core/data's own folder
)
"""What the roster's first frame does not draw. (core.table.difficulty is drawn: the header's threat.)"""


def test_hitledger_demo_imports_nothing_the_first_frame_does_not_draw(tmp_path: Path):
    result = subprocess.run([sys.executable, "-c", CLI_FIRST_FRAME], cwd=ROOT, capture_output=True,
                            text=True, timeout=60,
                            env={"PATH": "/usr/bin:/bin", "HITLEDGER_DATA_DIR": str(tmp_path / "data"),
                                 "HITLEDGER_CONFIG_DIR": str(tmp_path / "config"), "LANG": "C.UTF-8"})
    assert result.returncode == 0, result.stderr
    loaded = set(result.stdout.split())
    assert "tui.screens.roster" in loaded and "core.table.difficulty" in loaded
    assert sorted(set(NOT_BEFORE_THE_FIRST_FRAME) & loaded) == []


COLLECTOR = """
import gc
import textual.app

seen = []
draw = textual.app.App._display

def first_display(self, screen, renderable):
    if renderable is not None and not seen:
        seen.append(gc.isenabled())
        later = lambda: (seen.append(gc.isenabled()), self.exit())
        self.call_after_refresh(lambda: self.call_after_refresh(later))
    return draw(self, screen, renderable)

textual.app.App._display = first_display
run = textual.app.App.run
textual.app.App.run = lambda self, *a, **k: run(self, *a, **{**k, "headless": True})
from tui.cli import main
main(["--demo", "pf2e"])
print(*seen, gc.isenabled())
"""


def test_the_collector_waits_for_the_first_frame_then_runs_again(tmp_path: Path):
    result = subprocess.run([sys.executable, "-c", COLLECTOR], cwd=ROOT, capture_output=True,
                            text=True, timeout=60,
                            env={"PATH": "/usr/bin:/bin", "HITLEDGER_DATA_DIR": str(tmp_path / "data"),
                                 "HITLEDGER_CONFIG_DIR": str(tmp_path / "config"), "LANG": "C.UTF-8"})
    assert result.returncode == 0, result.stderr
    # off while the first frame is built, on once it is drawn, and on when the app has ended
    assert result.stdout.split() == ["False", "True", "True"]


def test_a_refused_start_leaves_the_collector_on(tmp_path: Path, monkeypatch):
    """The collector is off from the arguments' reading on; a start refused there turns it on."""
    import gc

    from tui.cli import main

    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("HITLEDGER_CONFIG_DIR", str(tmp_path / "config"))
    assert gc.isenabled()
    assert main(["--demo", "no-such-system"]) == 2
    assert gc.isenabled()
    assert main(["--demo", "pf2e", "--new", "pf2e"]) == 2
    assert gc.isenabled()
