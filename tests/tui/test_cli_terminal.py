"""What the command prints never drives the GM's terminal, and
``--data-dir ""`` (an empty shell variable) is refused, not taken as the real data dir."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from tui_support import goblins

import saves
from core import get_system
from saves import library
from tui.cli import main, prepare_tui
from tui.cli_parser import CliError

ROOT = Path(__file__).resolve().parents[2]
#: Retitles the terminal, rings it and clears it; then a C1 CSI and a bidi override.
HOSTILE = "Evil\x1b]0;pwned\x07\x1b[2J\x9b31m\u202eGoblin"
RAW = ("\x1b", "\x07", "\x9b", "\u202e")


#: What is left of it once a load has removed the characters a terminal obeys.
SHOWN = "Evil]0;pwned[2J31mGoblin"


def hostile_encounter() -> Path:
    """A save whose creature is called :data:`HOSTILE` (the roster refuses such a name when
    typed; a file written elsewhere can still hold it)."""
    encounter = goblins()
    rules = encounter.rules
    cid = encounter.add(rules.new_creature("Evil", hp=5), initiative=3)
    encounter.creatures[cid].name = HOSTILE
    encounter.apply_damage([cid], "2 fire")
    return saves.save(encounter)


def test_the_log_command_escapes_control_characters(data_dir: Path) -> None:
    hostile_encounter()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-m", "tui.cli", "log", "Test Fight"], env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert not any(raw in result.stdout for raw in RAW)
    assert "Evil\\]0;pwned\\[2J31mGoblin" in result.stdout  # SHOWN, Markdown's brackets escaped
    assert result.stdout.count("\n") > 3  # the lines stay lines


def test_library_output_escapes_control_characters(data_dir: Path, tmp_path: Path,
                                                   capsys) -> None:
    library.add("pf2e", get_system("pf2e").new_creature(HOSTILE, hp=5))  # written as given
    assert main(["library"]) == 0
    listed = capsys.readouterr().out
    assert "\t" in listed and not any(raw in listed for raw in RAW)
    shared = tmp_path / "shared.toml"
    assert main(["library", "export", str(shared), "--system", "pf2e"]) == 0
    capsys.readouterr()
    assert main(["library", "import", str(shared), "--data-dir", str(tmp_path / "friend")]) == 0
    imported = capsys.readouterr().out
    assert SHOWN in imported and not any(raw in imported for raw in RAW)


def test_an_error_naming_what_the_gm_typed_is_escaped(data_dir: Path, capsys) -> None:
    assert main([HOSTILE]) == 2
    assert not any(raw in capsys.readouterr().err for raw in RAW)
    assert main([f"/nowhere/{HOSTILE}.toml"]) == 2
    err = capsys.readouterr().err
    assert "Evil\\x1b" in err and not any(raw in err for raw in RAW)


@pytest.mark.parametrize("command", [["log", "x"], ["library"]])
def test_an_empty_data_dir_is_refused(command: list[str], capsys, tmp_path: Path,
                                      monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))  # had it been used, the real one is under here
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert main([*command, "--data-dir", ""]) == 2
    assert "--data-dir is empty" in capsys.readouterr().err
    assert not (tmp_path / ".local").exists()


def test_the_app_refuses_an_empty_data_dir(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    with pytest.raises(CliError, match="--data-dir is empty"):
        prepare_tui(["--data-dir", ""])
    assert not (tmp_path / ".local").exists()


def test_an_autosave_of_a_newer_format_stays_where_it_is(data_dir: Path) -> None:
    """An older hitledger moved a newer one's autosave to the trash: it is left, and said."""
    from saves import slots

    data_dir.mkdir(parents=True)
    future = 'format = 9\nsaved_by = "hitledger 9.0"\n\n[encounter]\nname = "Future"\n'
    (data_dir / "autosave.toml").write_text(future)
    encounter, notice, _seed = prepare_tui([])
    assert "newer hitledger (format 9)" in notice and "left where it is" in notice
    assert encounter.name != "Future"
    slot, kept = slots.claim_slot()  # the window's own autosave goes elsewhere
    assert slot == data_dir / "autosave-2.toml" and kept is None
    slots.release(slot)
    assert (data_dir / "autosave.toml").read_text() == future
    assert not (data_dir / "trash").exists()
