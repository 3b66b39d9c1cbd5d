"""A log entry is data said in the reader's language: the export, the players' view, old saves."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from core import Encounter, get_system, log_markdown
from core.text.i18n import set_language
from core.views.player_view import player_view

JAPANESE = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


@pytest.fixture(autouse=True)
def english_after() -> object:
    yield
    set_language("en")


def a_fight(language: str) -> Encounter:
    """A short fight run with the app in ``language``: damage with saves, a condition,
    turns, healing, persistent damage and a flat check."""
    set_language(language)
    enc = Encounter("pf2e", "Ambush")
    rules = get_system("pf2e")
    kyra = enc.add(rules.new_creature("Kyra", pc=True, hp=40), initiative=20)
    g1 = enc.add(rules.new_creature("Goblin 1", hp=15, defenses="weakness fire 5"), initiative=12)
    g2 = enc.add(rules.new_creature("Goblin 2", hp=15), initiative=8)
    rng = random.Random(7)
    enc.next_turn(rng=rng)
    enc.apply_damage([g1, g2], "2d6 fire", saves={g1: "failure", g2: "success"}, rng=rng, actor=kyra)
    enc.add_condition(g2, "frightened", 2)
    enc.next_turn(rng=rng)
    enc.heal(kyra, 5)
    enc.add_persistent(g2, "1d6 bleed")
    enc.next_turn(rng=rng)
    return enc


def test_a_fight_logged_in_japanese_exports_in_english() -> None:
    enc = a_fight("ja")
    assert JAPANESE.search(enc.log[4].text)          # the app said it in Japanese
    set_language("ja")
    english = log_markdown(enc, "en")
    assert not JAPANESE.findall(english), english
    set_language("en")
    # word for word what an English GM exports, the breakdown included
    assert english == log_markdown(a_fight("en"))


def test_a_fight_logged_in_english_exports_in_japanese() -> None:
    enc = a_fight("en")
    japanese = log_markdown(enc, "ja")
    assert japanese == log_markdown(a_fight("ja"), "ja")
    assert "2d6［火炎］ → Goblin 1（失敗）" in japanese and "## ラウンド1" in japanese


def test_the_players_view_says_the_log_in_its_own_language() -> None:
    enc = a_fight("ja")
    seen = player_view(enc, log_lines=10, language="en")
    set_language("en")
    assert seen == player_view(a_fight("en"), log_lines=10)
    assert not any(JAPANESE.search(line) for line in seen.log)
    set_language("en")
    assert player_view(a_fight("en"), log_lines=10, language="ja") == \
        player_view(a_fight("ja"), log_lines=10)


def test_an_event_read_in_another_language_is_the_one_said_there() -> None:
    enc = a_fight("ja")
    set_language("en")
    english = a_fight("en")
    for mine, theirs in zip(enc.log, english.log, strict=True):
        assert (mine.text_in("en"), mine.details_in("en"), mine.targets_in("en"),
                mine.headline_in("en")) == (theirs.text, theirs.details, theirs.targets,
                                            theirs.headline)


def test_a_format_2_save_written_in_japanese_loads_and_reads_as_written(tmp_path, monkeypatch) -> None:
    """Format 2 stored words in the language of the moment: they load as literal words."""
    import saves

    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    old = (Path(__file__).parents[1] / "saves" / "files" / "format-2-a-fight-logged-in-japanese.toml")
    enc = saves.load(old)
    assert enc.log[4].text == enc.log[4].text_in("en") == \
        "Kyra：2d6［火炎］ → Goblin 1（失敗） 10：15/15 → 5/15；Goblin 2（成功） 2：15/15 → 13/15"
    assert enc.log[4].targets_in("en") == ("Goblin 1（失敗） 10", "Goblin 2（成功） 2")
    assert enc.log[4].about == ("c1", "c2", "c3") or enc.log[4].about
    assert "## Round 1" in log_markdown(enc, "en") and "Goblin 1のターン" in log_markdown(enc, "en")
    assert enc.can_redo   # the undone turn is still there to redo
    saves.save(enc, path=tmp_path / "again.toml", force=True)
    again = saves.load(tmp_path / "again.toml")
    assert again.to_data() == enc.to_data()
    assert (tmp_path / "again.toml").read_text("utf-8").startswith("format = 3\n")


def test_a_phrase_a_hand_edit_broke_is_refused_naming_its_field(tmp_path, monkeypatch) -> None:
    import saves
    from saves.errors import SaveError

    monkeypatch.setenv("HITLEDGER_DATA_DIR", str(tmp_path))
    path = tmp_path / "fight.toml"
    saves.save(a_fight("en"), path=path, force=True)
    text = path.read_text("utf-8")
    assert "\nsaid = [" in text and "text = [" in text
    path.write_text(text.replace("text = [", "text = [999,", 1), "utf-8")
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    field = caught.value.field or ""
    assert field.startswith("ledger[") and field.endswith("].text")


def test_calls_recorded_as_one_step_are_said_again_in_another_language() -> None:
    """A batch's words are built from its calls' own: each keeps its phrase."""
    said = {}
    for language in ("ja", "en"):
        enc = a_fight(language)
        ids = list(enc.creatures)[1:]
        enc.add_condition_many(ids, "frightened", 1)
        enc.apply_damage(ids, "1d4 fire", rng=random.Random(3))
        said[language] = enc.log[-2:]
    set_language("en")
    assert [(e.text_in("en"), e.details_in("en"), e.headline_in("en")) for e in said["ja"]] == \
        [(e.text, e.details, e.headline) for e in said["en"]]
