"""What mutation testing left alive in core/views/player_view.py: a track in the
numbers the players may read, to its last slot; half health is Bloodied."""

from __future__ import annotations

from core import Encounter
from core.views.player_view import BLOODIED, HURT, health_word, track_numbers


def test_the_players_see_every_stress_slot_marked_and_no_more():
    enc = Encounter("daggerheart", "Scene")
    kyra = enc.add(enc.rules.new_creature("Kyra", pc=True, hp=6, stress=3, armor=2))
    enc.mark_stress(kyra, 3)
    enc.update(kyra, now_armor_marked=2)
    assert track_numbers(enc.creature(kyra)) == "HP □□□□□□ · Armor ■■ · Stress ■■■"


def test_wounds_and_subdual_are_said_by_their_names():
    enc = Encounter("vitality-wounds", "Ambush")
    kyra = enc.add(enc.rules.new_creature("Kyra", pc=True, vitality=12, wounds=10))
    enc.update(kyra, now_vitality=5, now_wounds=8)
    assert track_numbers(enc.creature(kyra)) == "Vitality 5/12 · Wounds 8/10"
    d20 = Encounter("d20-3e", "Ambush")
    tordek = d20.add(d20.rules.new_creature("Tordek", pc=True, hp=20))
    d20.update(tordek, now_subdual=4, now_temp_hp=3)
    assert track_numbers(d20.creature(tordek)) == "HP 20/20 +3 temp · subdual 4"


def test_exactly_half_health_is_bloodied_and_one_more_is_hurt():
    enc = Encounter("pf2e", "Ambush")
    orc = enc.add(enc.rules.new_creature("Orc", hp=20))
    enc.update(orc, now_hp=10)
    assert health_word(enc, enc.creature(orc)) == BLOODIED
    enc.update(orc, now_hp=11)
    assert health_word(enc, enc.creature(orc)) == HURT
