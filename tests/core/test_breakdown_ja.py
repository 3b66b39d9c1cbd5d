"""Everything the core says to a GM in Japanese — the breakdown's steps, the
summaries, conditions, turns, the log — in the seed's words, with no English left but game terms
the glossary does not settle (other systems than the PF2 family keep theirs in English)."""

from __future__ import annotations

import random
import re

import pytest
from core_support import Stats

from core import get_system
from core.catalog import conditions as condition_words
from core.creature import conditions
from core.encounter import Encounter
from core.table.numbers import numbers_of
from core.text import i18n
from core.text.japanese import glossary
from core.views.log_export import log_markdown
from core.views.player_view import player_view

# ------------------------------------------------------------------ the helper
_WORD = re.compile(r"(?<![0-9A-Za-z])[A-Za-z][A-Za-z-]*(?![0-9A-Za-z])")
ABBREVIATIONS = frozenset({"HP", "AC", "DC", "d"})
"""Written the same in Japanese rule books: hit points, armour class, the difficulty class, d%."""
D20_TERMS: frozenset[str] = frozenset()   # disabled, stable, staggered are in the glossary now
DAGGERHEART_TERMS: frozenset[str] = frozenset()     # Hope, Fear, Stress, Major … are in the glossary now


def leftover_english(lines, allowed=frozenset()):
    """Every ASCII word of ``lines`` that is neither a shared abbreviation nor in ``allowed``."""
    text = "\n".join(lines)
    return sorted({w for w in _WORD.findall(text) if w not in ABBREVIATIONS | allowed})


def test_the_helper_finds_english_and_leaves_dice_and_abbreviations():
    assert leftover_english(["2d6+3［斬撃］ = 9, HP 5 → 0, d20 14", "DC 15"]) == []
    assert leftover_english(["total: fire 7 ＝ 7"]) == ["fire", "total"]


def test_the_game_terms_left_in_english_are_terms_the_glossary_does_not_settle():
    tables = glossary()
    settled = set(tables["canonical"]) | set(tables["unsettled"])
    # "death" and "physical" are settled for the PF2 family, "magic" for Daggerheart's damage
    # type; Daggerheart prints them inside terms of its own ("death move", "physical and magic")
    kept = (D20_TERMS | DAGGERHEART_TERMS) - {"death", "physical", "magic"}
    assert kept & settled == set()


pytestmark = pytest.mark.usefixtures("japanese")   # every test here speaks Japanese


# ------------------------------------------------------------------ RULES §6, seed 004
@pytest.mark.parametrize("damage", ["7［斬撃］, 4［火炎］", "7 slashing, 4 fire", "７［斬撃］、４［火炎］"])
def test_seed_004_resistance_to_all_damage_in_japanese(damage):
    rs = get_system("pf2e")
    c = rs.new_creature("的", hp=50, defenses="抵抗 全てのダメージ5")
    out = rs.apply_damage(c, damage)
    assert out.total == 2
    assert list(out.steps) == [
        "ロール：7［斬撃］ = 7、4［火炎］ = 4",
        "全てのダメージへの抵抗5：［斬撃］ 7 → 2",
        "全てのダメージへの抵抗5：［火炎］ 4 → 0",
        "合計：［斬撃］ 2 + ［火炎］ 0 ＝ 2",
        "HP 50 → 48",
    ]
    assert out.summary == "2：50/50 → 48/50"


def test_seed_004_weakness_to_fire_in_japanese(R):
    rs = get_system("pf2e")
    c = rs.new_creature("的", hp=50, defenses="弱点［火炎］5")
    out = rs.apply_damage(c, "2d6［火炎］", rng=R(3, 4))
    assert out.total == 12
    assert "弱点［火炎］5：［火炎］ 7 → 12" in out.steps
    assert leftover_english(out.steps) == []


def test_a_critical_hit_and_a_basic_save_in_the_seeds_words(R):
    rs = get_system("pf2e")
    c = rs.new_creature("的", hp=50)
    crit = rs.apply_damage(c, "1d8+2 slashing", critical=True, rng=R(5))
    assert "クリティカル・ヒット：2倍：［斬撃］ 7 → 14" in crit.steps
    half = rs.resolve(c, rs.roll("6 fire, 5 cold"), save="success")
    assert half.steps[1] == "基本セーヴ成功：半分：［火炎］ 6 → 3, ［冷気］ 5 → 2（合計を半分にし、端数は1回だけ切り捨て）"


# ------------------------------------------------------------------ each system's breakdown
def _pf2_evening(system, R):
    """Most of what a PF2-family breakdown says: precision, on-crit, traits, immunities, a
    critical, persistent damage and its flat check, dying and a recovery check."""
    rs = get_system(system)
    hp: Stats = {"vitality": 20, "wounds": 6} if system == "vitality-wounds" else {"hp": 20}
    pc = rs.new_creature("カイラ", pc=True, defenses="immunities death effects; weaknesses fire 2; "
                         "resistances physical 3 (except silver)", **hp)
    lines: list[str] = []
    for damage, crit in (("2d6+3 slashing silver, 1d6 precision", True), ("4 fire, 1d6 fire on-crit", True),
                         ("6 fire death", False), ("1d6 persistent fire", False), ("30 bludgeoning", True)):
        lines += rs.apply_damage(pc, damage, critical=crit, rng=R(*[3] * 12)).steps
    dice = random.Random(21)
    for _ in range(3):
        lines += rs.end_turn(pc, rng=dice).steps
        lines += rs.start_turn(pc, rng=dice).steps
    lines += rs.heal(pc, 5).steps
    return lines, pc


@pytest.mark.parametrize("system", ["pf2e", "sf2e", "vitality-wounds"])
def test_a_pf2_family_breakdown_has_no_english_left(system, R):
    lines, pc = _pf2_evening(system, R)
    assert leftover_english(lines) == [], lines
    assert any("持続ダメージ" in line for line in lines)
    assert any("平目判定" in line or "瀕死" in line for line in lines)
    assert leftover_english([get_system(system).status_words(pc)]) == []


def test_dying_wounded_and_doomed_in_japanese():
    rs = get_system("pf2e")
    pc = rs.new_creature("カイラ", pc=True, hp=20)
    pc.hp, pc.wounded = 3, 1
    pc.conditions.add("doomed")
    pc.condition_values["doomed"] = 1
    out = rs.apply_damage(pc, "3 fire", critical=True)
    assert "HP 0：瀕死2 ＋ 負傷1 ＝ 瀕死3、意識不明" in out.steps
    assert "瀕死3（破滅1：瀕死3で死亡）：死亡" in out.steps
    assert rs.status_words(pc) == "死亡"


def test_a_recovery_check_names_its_degree_in_japanese():
    rs = get_system("pf2e")
    pc = rs.new_creature("カイラ", pc=True, hp=10)
    rs.apply_damage(pc, "10 fire")
    out = rs.resolve_dying_check(pc, 20)
    assert out.summary == "回復判定20 対 DC 11：大成功（出目20：1段階改善）"
    assert "瀕死が終わった。負傷1。まだ意識不明" in out.steps


def test_d20_keeps_its_own_terms_in_english_and_the_rest_in_japanese(R):
    rs = get_system("d20-3e")
    c = rs.new_creature("オーク", hp=12, defenses="DR 5/silver; resistances fire 5; immunities cold")
    lines: list[str] = []
    for damage, crit in (("1d8+3 slashing, 1d6 fire", 2), ("6 cold", False), ("4 subdual", False),
                         ("30 piercing", False)):
        lines += rs.apply_damage(c, damage, critical=crit, rng=R(*[4] * 8)).steps
    lines += rs.resolve_dying_check(c, 5).steps if rs.needs_dying_check(c) else []
    lines += rs.heal(c, 3).steps
    assert leftover_english(lines, D20_TERMS) == [], lines
    assert any(line.startswith("合計") for line in lines)


def test_daggerheart_keeps_its_own_terms_in_english_and_the_rest_in_japanese(R):
    rs = get_system("daggerheart")
    c = rs.new_creature("アシッド・バロウワー", hp=6, major=8, severe=15, armor=2, stress=3,
                        defenses="resistance physical")
    lines: list[str] = []
    for damage, crit, slot in (("2d10+3 physical", True, True), ("14 magic", False, False),
                               (["6 physical", "5 magic"], False, False), ("30 magic", False, False)):
        lines += rs.apply_damage(c, damage, critical=crit, armor_slot=slot, rng=R(*[5] * 8)).steps
    lines += rs.resolve_stress(c, 4).steps
    assert leftover_english(lines, DAGGERHEART_TERMS) == [], lines


# ------------------------------------------------------------------ plural forms
def test_plural_forms_in_english_and_in_japanese():
    i18n.set_language("en")
    assert [condition_words.duration_text(n) for n in (1, 2)] == ["1 turn", "2 turns"]
    assert i18n.ntr("{names} joins", "{names} join", 2, names="A, B") == "A, B join"
    i18n.set_language("ja")
    assert [condition_words.duration_text(n) for n in (1, 2)] == ["1ターン", "2ターン"]
    assert i18n.ntr("{names} joins", "{names} join", 2, names="A、B") == "A、Bが参加"


def test_vitality_wounds_counts_wounds_with_a_plural_form(R):
    rs = get_system("vitality-wounds")
    c = rs.new_creature("的", vitality=20, wounds=10, defenses="vulnerability silver")
    out = rs.apply_damage(c, "2d6 slashing silver", rng=R(3, 4))
    assert "脆弱性銀：ウーンズ 2（ダメージ・ダイス1個につき1）、バイタリティを飛ばす" in out.steps \
        or any("（ダメージ・ダイス1個につき1）" in s for s in out.steps), out.steps


# ------------------------------------------------------------------ conditions, turns, the log
def test_a_condition_and_its_effect_on_the_numbers_in_japanese():
    rs = get_system("pf2e")
    c = rs.new_creature("ゴブリン", hp=6, numbers={"ac": 17, "fort": 5, "ref": 8, "will": 4})
    c.conditions.add("frightened")
    c.condition_values["frightened"] = 2
    assert numbers_of(c, "pf2e").text("ac") == "AC 15（17、恐れ2）"
    assert conditions.summary(c, "pf2e") == "恐れ2"


def test_turns_the_log_and_the_player_view_in_japanese():
    enc = Encounter(system="pf2e", name="待ち伏せ")
    kyra = enc.add(get_system("pf2e").new_creature("カイラ", pc=True, hp=20), initiative=18)
    gob = enc.add(get_system("pf2e").new_creature("ゴブリン戦士 4", hp=6), initiative=12)
    enc.add_condition(gob, "frightened", value=1)
    enc.apply_damage([gob], "3 fire", saves={gob: "success"})
    enc.next_turn()
    enc.next_turn()
    texts = [event.text for event in enc.log]
    assert "ゴブリン戦士 4のターン" in texts
    assert "カイラのターン（ラウンド2開始）" in texts
    assert not any("'s turn" in t for t in texts)
    damage = next(e for e in enc.log if e.kind == "damage")
    assert "ゴブリン戦士 4：セーヴ成功" in damage.details
    markdown = log_markdown(enc)
    assert "## ラウンド1" in markdown and "## ラウンド2" in markdown
    assert "ゴブリン戦士 4のターンの終了" in markdown
    view = player_view(enc)
    assert view.turn == "ラウンド2 · カイラのターン"
    assert {c.health for c in view.creatures if not c.pc} <= {"無傷", "手負い", "重傷", "戦闘不能"}
    assert leftover_english([view.turn, *view.log, *(c.conditions for c in view.creatures)]) == []
    assert kyra in enc.order


def test_errors_the_gm_can_meet_speak_japanese():
    rs = get_system("pf2e")
    c = rs.new_creature("的", hp=10)
    rs.add_persistent(c, "1d6 fire")
    with pytest.raises(ValueError, match="平目判定はd20の出目（1～20）です（25ではなく）"):
        rs.flat_check(c, 0, roll=25)
    enc = Encounter(system="pf2e", name="待ち伏せ")
    with pytest.raises(ValueError, match="遭遇にクリーチャーがいません"):
        enc.next_turn()


def test_the_roster_cell_shows_defenses_as_the_wiki_writes_them():
    rs = get_system("pf2e")
    c = rs.new_creature("ゴブリン", hp=6, defenses="弱点［火炎］5；抵抗［物理］5（銀を除く）")
    assert rs.short_defenses(c) == "弱点［火炎］5、抵抗［物理］5（銀を除く）"
    assert rs.short_defenses(rs.new_creature("的", hp=6)) == "—"
