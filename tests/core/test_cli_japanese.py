"""``--lang ja``, the saved setting and LANG; ``calc`` and ``roll`` in Japanese,
damage types in the seed's ［…］ form, input as a Japanese GM types it."""

from __future__ import annotations

import pytest
from core_support import calc_lines

from core.text import i18n
from tui.cli import main

pytestmark = pytest.mark.usefixtures("cli_home")


def test_calc_in_japanese_reads_and_writes_the_seeds_words(capsys):
    lines = calc_lines(capsys, "--lang", "ja", "--defenses", "弱点［火炎］5；抵抗［物理］5（銀を除く）",
                  "--save", "成功", "7［斬撃］、4［火炎］")
    assert lines[0] == "ロール：7［斬撃］ = 7、4［火炎］ = 4"
    assert lines[1].startswith("基本セーヴ成功：半分")
    assert "弱点［火炎］5：［火炎］ 2 → 7" in lines
    assert "抵抗［物理］5（銀を除く）：［斬撃］ 3 → 0" in lines
    assert lines[-1] == "合計：［斬撃］ 0 + ［火炎］ 7 ＝ 7"
    assert not any("fire" in line or "slashing" in line for line in lines)


def test_seed_004_example_through_calc_in_japanese(capsys):
    lines = calc_lines(capsys, "--lang=ja", "--defenses", "抵抗 全てのダメージ5", "7［斬撃］、4［火炎］")
    assert lines[-1] == "合計：［斬撃］ 2 + ［火炎］ 0 ＝ 2"


def test_full_width_input_in_calc_and_roll(capsys):
    assert calc_lines(capsys, "--defenses", "weaknesses fire 5", "２ｄ６＝７　ｆｉｒｅ")[-1] == "total: 12"
    assert main(["roll", "２ｄ６＋３", "--seed", "1"]) == 0
    assert capsys.readouterr().out.splitlines() == ["10", "2d6+3: 2, 5"]


def test_lang_on_roll_is_for_that_run_only(capsys, cli_home):
    assert main(["roll", "3", "--lang", "ja"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "3：ダイスなし"
    assert not (cli_home / "language").exists()
    i18n.set_language("en")
    assert main(["roll", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "3: no dice"


def test_lang_defaults_to_the_environment(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert main(["roll", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "3：ダイスなし"


def test_english_stays_the_default(capsys):
    assert main(["roll", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "3: no dice"


def test_an_unknown_lang_is_one_line_not_a_traceback(capsys):
    assert main(["roll", "3", "--lang", "xx"]) == 2
    assert "unknown language 'xx'" in capsys.readouterr().err
