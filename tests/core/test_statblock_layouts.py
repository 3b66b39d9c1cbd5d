"""What mutation testing left alive in core/statblocks/__init__.py: the message naming
the known layouts, and the Japanese wiki's layout read for each PF2-family system."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.statblocks import read_statblock

HERE = Path(__file__).parent / "statblocks"


def test_an_unknown_system_names_the_layouts_known():
    with pytest.raises(ValueError) as refused:
        read_statblock("Goblin\nHP 6", "pf1e")
    assert str(refused.value) == ("no stat-block layout for 'pf1e'; "
                                  "known: pf2e, sf2e, vitality-wounds, daggerheart, d20-3e")


@pytest.mark.parametrize("system", ["sf2e", "vitality-wounds"])
def test_the_japanese_layout_reads_for_every_pf2_family_system(system: str):
    block = read_statblock((HERE / "pf2e-goblin-warrior-ja.txt").read_text(encoding="utf-8"), system)
    assert block.name == "ゴブリン戦士"           # the level left out of the name
    assert block.defenses == "weaknesses fire 5; resistances physical 5 (except silver)"
    assert [(a.label, a.damage) for a in block.attacks] == [("ドッグスライサー", "1d6［斬撃］"),
                                                            ("ショートボウ", "1d6［刺突］")]
