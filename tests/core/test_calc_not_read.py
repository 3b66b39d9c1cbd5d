"""``hitledger calc`` shows every defense word it kept that acts on no damage (RULES §10: shown,
never dropped in silence), in the GM's language."""

from __future__ import annotations

import pytest
from core_support import calc_lines

pytestmark = pytest.mark.usefixtures("cli_home")


def test_calc_lists_the_defense_words_that_act_on_no_damage(capsys):
    lines = calc_lines(capsys, "--defenses", "hardness 5; resistances physical 5 (except unarmed attacks); "
                  "immunities paralyzed; weaknesses vampire weaknesses", "2d6=7 slashing")
    assert "resistance physical 5: slashing 7 → 2" in lines         # 7 − 5
    notes = ["hardness 5 (not automated)",
             "resistance physical 5: except unarmed attacks (not automated)",
             "weakness vampire weaknesses (not automated)",
             "immunity paralyzed (effect, shown only)"]
    assert lines[-5:] == [*notes, "total: 2"]                     # with the defenses, once
    assert all(lines.count(note) == 1 for note in notes)


def test_calc_lists_them_in_japanese(capsys):
    lines = calc_lines(capsys, "--lang", "ja", "--defenses", "hardness 5; immunities paralyzed", "7［斬撃］")
    assert lines[-3:-1] == ["hardness 5（自動処理なし）", "麻痺への完全耐性（効果：表示のみ）"]


def test_calc_adds_nothing_when_every_defense_acts(capsys):
    lines = calc_lines(capsys, "--defenses", "weaknesses fire 5", "2d6=7 fire")
    assert lines[-1] == "total: 12"                                  # 7 + 5
