"""The commands on a terminal that cannot show Japanese (LANG=C, LC_ALL=POSIX, an ASCII
stdout), and what the system says (``[Errno 17] File exists: '…'``, Python's
``sys.set_int_max_str_digits``) told in the GM's words instead."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import saves
from core import Encounter

ROOT = Path(__file__).resolve().parents[2]
PYTHON_WORDS = ("[Errno", "Errno", "set_int_max_str_digits", "Traceback", "\\u30")

pytestmark = pytest.mark.slow


def run(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[bytes]:
    """``hitledger ARGS`` in a process of its own, with its own folders and ``env``."""
    full = {**os.environ, "PYTHONPATH": str(ROOT), "HITLEDGER_DATA_DIR": str(tmp_path / "data"),
            "HITLEDGER_CONFIG_DIR": str(tmp_path / "config"), **env}
    for name in ("LC_ALL", "LANG", "LC_MESSAGES", "PYTHONIOENCODING", "PYTHONUTF8"):
        if name not in env:
            full.pop(name, None)
    return subprocess.run([sys.executable, "-m", "tui.cli", *args], env=full, capture_output=True,
                          timeout=60, check=False)  # bytes: what the terminal gets


ASCII = {"PYTHONIOENCODING": "ascii"}
POSIX = {"LC_ALL": "POSIX", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}


@pytest.mark.parametrize("terminal", [ASCII, POSIX], ids=["ascii-stdout", "posix-no-utf8"])
@pytest.mark.parametrize("command", [
    ["calc", "--system", "pf2e", "--lang", "ja", "7［斬撃］、4［火炎］"],
    ["roll", "2d6+3", "--seed", "1", "--lang", "ja"],
])
def test_a_command_in_japanese_on_a_plain_terminal_speaks_english(tmp_path, terminal, command):
    result = run(tmp_path, *command, **terminal)
    assert result.returncode == 0, result.stderr
    out, err = result.stdout.decode("ascii"), result.stderr.decode("ascii")  # nothing else sent
    assert out.strip()
    assert "cannot show Japanese" in err and "UTF-8" in err
    assert not any(words in out + err for words in PYTHON_WORDS)


def test_a_refusal_in_japanese_on_a_plain_terminal_is_english_words(tmp_path):
    result = run(tmp_path, "log", "nothing-here", "--lang", "ja", **ASCII)
    assert result.returncode == 2
    err = result.stderr.decode("ascii")
    assert "no such save" in err
    assert not any(words in err for words in PYTHON_WORDS)


def test_japanese_names_in_a_log_reach_a_plain_terminal_replaced_not_crashing(tmp_path, monkeypatch):
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path / "data"))
    encounter = Encounter("pf2e", "Yokai")
    encounter.add(encounter.rules.new_creature("ゴブリン", hp=6))
    saves.save(encounter)
    result = run(tmp_path, "log", "Yokai", **ASCII)
    assert result.returncode == 0, result.stderr
    assert "joins" in result.stdout.decode("ascii")


def test_a_saved_japanese_choice_on_a_plain_terminal_speaks_english(tmp_path):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "language").write_text("ja\n")
    result = run(tmp_path, "roll", "3", **ASCII)
    assert result.returncode == 0
    assert result.stdout.decode("ascii").splitlines()[-1] == "3: no dice"


def test_japanese_still_speaks_japanese_on_a_utf8_terminal(tmp_path):
    result = run(tmp_path, "roll", "3", "--lang", "ja", LANG="C.UTF-8")
    assert result.stdout.decode("utf-8").splitlines()[-1] == "3：ダイスなし"
    assert not result.stderr


@pytest.mark.parametrize(("language", "words"), [("en", "is a file, not a folder"),
                                                 ("ja", "フォルダではなくファイル")])
def test_a_data_folder_that_is_a_file_is_said_in_the_gms_words(tmp_path, language, words):
    (tmp_path / "data").write_text("not a folder")
    for command in (["log", "x"], ["library"]):
        result = run(tmp_path, *command, "--lang", language, LANG="C.UTF-8")
        err = result.stderr.decode("utf-8")
        assert result.returncode == 2 and words in err, err
        assert not any(python in err for python in PYTHON_WORDS), err


def test_a_number_of_thousands_of_digits_in_a_save_is_said_in_words(tmp_path, monkeypatch):
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path / "data"))
    path = saves.save(Encounter("pf2e", "Huge"))
    text = path.read_text("utf-8").replace("round = 1", "round = " + "9" * 5000)
    path.write_text(text, "utf-8")
    with pytest.raises(saves.SaveError) as caught:
        saves.load(path)
    said = str(caught.value)
    assert "thousands of digits" in said
    assert not any(python in said for python in PYTHON_WORDS)
