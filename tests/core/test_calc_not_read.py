"""``hitledger calc`` shows every defense word it kept that acts on no damage (RULES §10: shown,
never dropped in silence), in the GM's language."""

from __future__ import annotations

import pytest

from core.text import i18n
from tui.cli import main


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    yield tmp_path
    i18n.set_language("en")


def _calc(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    assert main(["calc", "--system", "pf2e", *args]) == 0
    return capsys.readouterr().out.splitlines()


def test_calc_lists_the_defense_words_that_act_on_no_damage(capsys):
    lines = _calc(capsys, "--defenses", "hardness 5; resistances physical 5 (except unarmed attacks); "
                  "immunities paralyzed; weaknesses vampire weaknesses", "2d6=7 slashing")
    assert "resistance physical 5: slashing 7 → 2" in lines         # 7 − 5
    notes = ["hardness 5 (not automated)",
             "resistance physical 5: except unarmed attacks (not automated)",
             "weakness vampire weaknesses (not automated)",
             "immunity paralyzed (effect, shown only)"]
    assert lines[-5:] == [*notes, "total: 2"]                     # with the defenses, once
    assert all(lines.count(note) == 1 for note in notes)


def test_calc_lists_them_in_japanese(capsys):
    lines = _calc(capsys, "--lang", "ja", "--defenses", "hardness 5; immunities paralyzed", "7［斬撃］")
    assert lines[-3:-1] == ["hardness 5（自動処理なし）", "麻痺への完全耐性（効果：表示のみ）"]


def test_calc_adds_nothing_when_every_defense_acts(capsys):
    lines = _calc(capsys, "--defenses", "weaknesses fire 5", "2d6=7 fire")
    assert lines[-1] == "total: 12"                                  # 7 + 5
