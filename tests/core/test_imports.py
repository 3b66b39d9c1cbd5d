"""core is pure: importing it (and using it) pulls in no textual, saves or tui."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r"""
import sys
import core
import core.builders, core.dice, core.modifiers, core.notation, core.encounter
from core import Encounter, get_system
enc = Encounter(system="pf2e", name="x")
cid = enc.add(get_system("pf2e").new_creature("A", hp=10), initiative=1)
enc.apply_damage([cid], "1d6 fire")
enc.next_turn()
for system in ("sf2e", "vitality-wounds", "daggerheart", "d20-3e"):
    get_system(system)
bad = sorted(m for m in sys.modules
             if m.split(".")[0] in ("textual", "saves", "tui", "rich", "platformdirs", "tomli_w"))
print(",".join(bad))
"""


def test_importing_core_pulls_in_no_textual_saves_or_tui():
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"core imported: {result.stdout.strip()}"


def test_core_uses_only_the_standard_library():
    result = subprocess.run(
        [sys.executable, "-c",
         "import sys, core, core.builders; "
         "std = sys.stdlib_module_names; "
         "print(','.join(sorted({m.split('.')[0] for m in sys.modules} - set(std) "
         "- {'core', '__main__', '_distutils_hack', 'sitecustomize', 'usercustomize'} "
         "- {m for m in sys.modules if m.startswith('__editable__')})))"],
        cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"non-stdlib modules: {result.stdout.strip()}"
