"""A damage event's head says the damage as the seed writes it in Japanese
(6d6［火炎］, never the typed 'fire'), and exactly as typed in English."""

from __future__ import annotations

from core import Encounter, get_system


def _goblin_hit(damage: str) -> str:
    encounter = Encounter("pf2e", "Ambush")
    goblin = encounter.add(get_system("pf2e").new_creature("Goblin", hp=15))
    encounter.apply_damage([goblin], damage)
    return encounter.log[-1].text


def test_the_head_says_the_damage_type_in_the_seeds_words_in_japanese(japanese):
    assert _goblin_hit("6d6=20 fire").startswith("6d6=20［火炎］ → Goblin")
    assert "fire" not in _goblin_hit("7 slashing, 4 fire")


def test_the_head_is_the_damage_as_typed_in_english():
    assert _goblin_hit("6d6=20 fire").startswith("6d6=20 fire → Goblin")
