"""Start-up: the first frame loads only the roster; every other screen waits for its key."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAZY_SCREENS = ("tracker", "log_screen", "help", "saves_browser", "dialogs", "damage",
                "creature_form", "heal", "library", "statblock_paste")

FIRST_FRAME = """
import asyncio, sys
from tui.app import make_app

after_import = set(sys.modules)

async def first_frame():
    app = make_app(system="pf2e", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen is app.roster

asyncio.run(first_frame())
print("import:", " ".join(sorted(m for m in after_import if m.startswith("tui."))))
print("frame:", " ".join(sorted(m for m in sys.modules if m.startswith("tui."))))
"""


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
