"""The hitledger command: calc and roll without the TUI, argument errors, what the TUI opens."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from tui_support import goblins

import saves
from core import get_system
from saves import library
from tui.cli import main, prepare_tui

ROOT = Path(__file__).resolve().parents[2]


def test_calc_prints_every_step_and_the_total(capsys):
    status = main(["calc", "--system", "sf2e", "--defenses", "weaknesses fire 5", "7 fire"])
    out = capsys.readouterr().out
    assert status == 0
    assert "weakness" in out
    assert out.strip().splitlines()[-1] == "total: 12"


def test_calc_with_a_save_and_critical(capsys):
    assert main(["calc", "--system", "pf2e", "--save", "success", "10 fire"]) == 0
    assert capsys.readouterr().out.strip().endswith("total: 5")
    assert main(["calc", "--system", "pf2e", "--critical", "10 fire"]) == 0
    assert capsys.readouterr().out.strip().endswith("total: 20")


def test_calc_daggerheart_reports_hp_marked(capsys):
    assert main(["calc", "--system", "daggerheart", "--defenses", "resistance magic",
                 "--stat", "major=7", "--stat", "severe=14", "25 magic"]) == 0
    out = capsys.readouterr().out
    assert "total: 13" in out and "HP marked: 2" in out


def test_roll_prints_the_total_and_the_dice(capsys):
    assert main(["roll", "--seed", "1", "2d6+3"]) == 0
    total, dice = capsys.readouterr().out.strip().splitlines()
    assert (total, dice) == ("10", "2d6+3: 2, 5")  # what seed 1 rolls


@pytest.mark.parametrize(
    "argv",
    [
        ["calc", "--system", "pf2e", "fire 2d6"],
        ["calc", "--system", "nope", "2d6 fire"],
        ["calc", "--system", "pf2e", "--defenses", "resistances fyre 5", "2d6 fire"],
        ["calc", "2d6 fire"],
        ["calc", "--system", "d20-3e", "--save", "critical-failure", "2d6"],
        ["roll", "2d"],
        ["roll", "999999d6"],
        ["--new", "nope"],
        ["--demo", "pf2e", "--new", "pf2e"],
        ["no-such-save"],
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(argv, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("hitledger: ")
    assert len(captured.err.strip().splitlines()) == 1
    assert "Traceback" not in captured.err


def test_no_argument_resumes_the_autosave_else_opens_a_demo(data_dir):
    encounter, notice, _ = prepare_tui([])
    assert notice.startswith("First run")
    assert encounter.order
    mine = goblins()
    saves.autosave(mine)
    encounter, notice, _ = prepare_tui([])
    assert notice == "Resumed from the autosave."
    assert encounter.name == mine.name


def test_data_dir_option_sets_the_environment(tmp_path, monkeypatch):
    monkeypatch.delenv("HITLEDGER_DATA_DIR", raising=False)
    target = tmp_path / "elsewhere"
    encounter, _, _ = prepare_tui(["--new", "daggerheart", "--name", "Ambush",
                                   "--data-dir", str(target)])
    assert encounter.system == "daggerheart" and encounter.name == "Ambush"
    assert saves.data_dir() == target


def test_open_a_save_by_name(data_dir):
    mine = goblins()
    saves.save(mine)
    encounter, _, _ = prepare_tui(["Test Fight"])
    assert encounter.name == "Test Fight"


@pytest.mark.parametrize("argv", [["calc", "--system", "pf2e", "2d6 fire"], ["roll", "2d6"]])
def test_calc_and_roll_never_import_textual(argv):
    code = (
        "import sys\n"
        "from tui.cli import main\n"
        f"status = main({argv!r})\n"
        "assert 'textual' not in sys.modules, sorted(m for m in sys.modules if 'textual' in m)\n"
        "sys.exit(status)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_calc_prints_the_total_once_and_no_stand_in_track(capsys):
    assert main(["calc", "--system", "pf2e", "--seed", "1", "--defenses", "weaknesses fire 5",
                 "2d6 fire"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert sum(line.startswith("total:") for line in lines) == 1
    assert lines[-1].startswith("total:")
    assert not any("1000000" in line for line in lines)
    assert main(["calc", "--system", "daggerheart", "10 physical"]) == 0
    out = capsys.readouterr().out
    assert out.count("total:") == 1 and "of 6" not in out and "HP marked: 2" in out


def test_calc_shows_the_track_of_a_target_given_by_stats(capsys):
    assert main(["calc", "--system", "pf2e", "--stat", "hp=10", "12 fire"]) == 0
    out = capsys.readouterr().out
    assert out.count("total: 12") == 1
    assert "HP 10 → 0" in out and "dead" in out


def test_no_autosave_but_saves_points_to_the_saves(data_dir):
    saves.save(goblins())
    encounter, notice, _ = prepare_tui([])
    assert notice.startswith("No autosave") and "ctrl+o" in notice


# -- hitledger library ------------------------------------------------------------------------


def _bestiary() -> None:
    library.add("pf2e", get_system("pf2e").new_creature("Wight", hp=50, traits="undead", init_mod=7))
    library.add("pf2e", get_system("pf2e").new_creature("Goblin Warrior", hp=6, init_mod=2))
    library.add("d20-3e", get_system("d20-3e").new_creature("Ghoul", hp=13))


def test_library_lists_every_system_or_one(data_dir, capsys):
    assert main(["library"]) == 0
    assert "empty" in capsys.readouterr().out
    _bestiary()
    assert main(["library"]) == 0
    assert capsys.readouterr().out.splitlines() == ["d20-3e\tGhoul", "pf2e\tGoblin Warrior", "pf2e\tWight"]
    assert main(["library", "list", "--system", "pf2e"]) == 0
    assert capsys.readouterr().out.splitlines() == ["Goblin Warrior", "Wight"]


def test_library_export_then_import_elsewhere(data_dir, tmp_path, capsys, monkeypatch):
    _bestiary()
    shared = tmp_path / "bestiary.toml"
    assert main(["library", "export", str(shared), "--system", "pf2e"]) == 0
    assert "2 pf2e creatures written" in capsys.readouterr().out
    assert main(["library", "export", str(shared), "--system", "pf2e"]) == 2     # never overwritten silently
    assert "already exists" in capsys.readouterr().err
    monkeypatch.delenv("HITLEDGER_DATA_DIR")
    friend = tmp_path / "friend"
    assert main(["library", "import", str(shared), "--data-dir", str(friend)]) == 0
    assert capsys.readouterr().out.strip() == "2 added to the pf2e library: Goblin Warrior, Wight"
    assert library.get("pf2e", "Wight").init_mod == 7 and saves.data_dir() == friend


@pytest.mark.parametrize("argv", [
    ["library", "import"],
    ["library", "export", "x.toml"],
    ["library", "--system", "gurps"],
    ["library", "steal"],
    ["library", "bestiary.toml"],
    ["library", "import", "no-such-file.toml"],
])
def test_library_bad_input_is_one_line_on_stderr(argv, data_dir, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # relative file names: nothing may land in the checkout
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("hitledger: ") and len(err.strip().splitlines()) == 1


def test_library_import_of_a_bad_file_names_its_line(data_dir, tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\n[library\n', encoding="utf-8")
    assert main(["library", "import", str(bad)]) == 2
    assert "line 2" in capsys.readouterr().err
    assert bad.read_text(encoding="utf-8") == 'format = 1\n[library\n'


# --- never lose an encounter --------------------------------------------------

BROKEN_AUTOSAVES = {
    "syntax error": "format = 1\n[encounter\n",
    # a newer format is left where it is (test_cli_terminal.py)
    "wrong type": 'format = 1\n[encounter]\nname = "X"\nsystem = "pf2e"\nround = "two"\n',
}


@pytest.mark.parametrize("text", BROKEN_AUTOSAVES.values(), ids=BROKEN_AUTOSAVES.keys())
async def test_an_unreadable_autosave_is_moved_aside_never_overwritten(data_dir, text):
    """Item 2: the notice names where the file went; the app's autosave cannot touch it."""
    from tui.app import make_app

    autosave = data_dir / "autosave.toml"
    data_dir.mkdir(parents=True, exist_ok=True)
    autosave.write_text(text)
    encounter, notice, _ = prepare_tui([])
    (kept,) = (data_dir / "trash").iterdir()
    assert f"moved to trash/{kept.name}" in notice and kept.read_text() == text
    app = make_app(encounter, notice=notice)
    async with app.run_test() as pilot:
        await pilot.press("n")
        await pilot.pause(0.5)
        await app.workers.wait_for_complete()
    assert saves.load(autosave).name == encounter.name
    assert kept.read_text() == text


def test_a_fifo_autosave_does_not_hang_start_up(data_dir):
    """Items 2 and 8: refused unread, moved aside, a demo opens."""
    import os

    data_dir.mkdir(parents=True, exist_ok=True)
    import threading

    os.mkfifo(data_dir / "autosave.toml")
    opened: list[tuple] = []
    start = threading.Thread(target=lambda: opened.append(prepare_tui([])), daemon=True)
    start.start()
    start.join(10)
    assert opened, "start-up hung on the FIFO"
    encounter, notice, _ = opened[0]
    assert "FIFO" in notice and "moved to trash/" in notice
    assert encounter.order


async def test_new_from_the_shell_keeps_the_unsaved_autosave(data_dir):
    """Item 1: `hitledger --new` never deletes an encounter that lives only in the autosave."""
    from tui.app import make_app

    mine = goblins()
    mine.next_turn()
    saves.autosave(mine)
    encounter, notice, _ = prepare_tui(["--new", "pf2e", "--name", "Fresh"])
    app = make_app(encounter, notice=notice)
    notes: list[str] = []
    app.notify = lambda message, **kwargs: notes.append(message)  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        await pilot.pause(0.5)
        await app.workers.wait_for_complete()
    (kept,) = (data_dir / "trash").iterdir()
    assert saves.load(kept).name == "Test Fight" and saves.load(kept).turn == 1
    assert any(f"trash/{kept.name}" in note for note in notes)
    resumed = saves.load_autosave()
    assert resumed is not None and resumed.name == "Fresh"


def test_open_by_name_says_when_another_window_holds_it(data_dir):
    """Item 4: opening an encounter another running window holds says so."""
    from tui_support import window_holding

    mine = goblins()
    named = saves.save(mine)
    saves.autosave(mine)
    with window_holding(data_dir / "autosave.toml") as other:
        _, notice, _ = prepare_tui(["Test Fight"])
        assert f"{named.name} is open in another window too (process {other})" in notice
        encounter, notice, _ = prepare_tui([])   # the fight itself, read only: never a demo
        assert "open in another window" in notice and encounter.name == "Test Fight"
        assert saves.save_path(encounter) is None and saves.autosave_slot_of(encounter) is None
