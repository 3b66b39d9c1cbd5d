"""The players read the view in their own language: the GM's window writes what they may see as
phrases, and ``watch`` (or ``serve``) says them in the language it runs in, whatever the GM's
window speaks. A file from before phrases (its words as text) still reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.text import i18n
from core.views.player_view import player_view
from tui import players_file
from tui.demo import demo_encounter


def written_in_japanese(path: Path) -> Path:
    """The demo fight, a hit logged, written by a window speaking Japanese (the ``japanese``
    fixture sets it; the watcher's language is set after)."""
    encounter = demo_encounter("pf2e")
    encounter.apply_damage([encounter.order[1]], "7 fire")
    players_file.write(path, player_view(encounter))
    return path


def test_a_view_written_by_a_japanese_window_reads_in_english_to_an_english_watcher(
        japanese, tmp_path: Path) -> None:
    path = written_in_japanese(tmp_path / "autosave.players.json")
    i18n.set_language("en")
    view = players_file.decode(path.read_bytes())
    assert view.turn.startswith("Round 1")
    assert view.log[-1].endswith(" takes damage"), view.log   # the name as the GM typed it
    assert not any("ダメージ" in line for line in view.log)
    i18n.set_language("ja")
    again = players_file.decode(path.read_bytes())
    assert again.log[-1].endswith("ダメージを受けた"), again.log
    assert again.turn.startswith("ラウンド1")


def test_a_players_file_holds_phrases_not_one_language(japanese, tmp_path: Path) -> None:
    data = json.loads(written_in_japanese(tmp_path / "v.players.json").read_bytes())
    assert data["format"] == players_file.FORMAT
    assert any(not isinstance(line, str) for line in data["log"])   # a phrase, not prose


def test_a_players_file_of_text_from_before_phrases_still_reads(tmp_path: Path) -> None:
    data = {"format": 1, "what": players_file.WHAT, "system": "Pathfinder 2e", "round": 2,
            "up": "Kyra", "turn": "Round 2 · Kyra's turn",
            "creatures": [{"name": "Kyra", "pc": True, "health": "hurt", "conditions": "",
                           "up": True}],
            "log": ["R2 Kyra: 7 fire → Goblin"]}
    view = players_file.decode(json.dumps(data).encode())
    assert view.turn == "Round 2 · Kyra's turn" and view.log == ("R2 Kyra: 7 fire → Goblin",)


def test_a_field_that_is_no_phrase_is_refused_naming_it(tmp_path: Path) -> None:
    raw = players_file.encode(player_view(demo_encounter("pf2e")))
    data = json.loads(raw)
    data["turn"] = {"not": "a phrase"}
    with pytest.raises(players_file.PlayersFileError, match="turn"):
        players_file.decode(json.dumps(data).encode())
