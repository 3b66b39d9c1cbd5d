"""What mutation testing left alive in core/views/log_export.py: the Markdown log's
exact lines — a turn's closing lines filed under the round they belong to, who acted named once,
the targets of a creature since removed, Markdown's characters escaped."""

from __future__ import annotations

from core import Encounter
from core.views.log_export import log_markdown


def test_the_log_files_each_turns_closing_lines_in_its_own_round():
    enc = Encounter("pf2e", "Ambush_*")
    rules = enc.rules
    goblin = enc.add(rules.new_creature("Goblin", hp=15), initiative=20)
    orc = enc.add(rules.new_creature("Orc", hp=15), initiative=15)
    kyra = enc.add(rules.new_creature("Kyra", hp=15, pc=True), initiative=10)
    enc.add_condition(orc, "dead")
    enc.next_turn()
    enc.add_condition(kyra, "frightened", 1)
    enc.next_turn()
    enc.apply_damage([goblin], "3 fire", actor=kyra)
    enc.remove(orc)
    assert log_markdown(enc) == """# Ambush\\_\\*

Pathfinder 2e — the log, oldest first.

## Round 1

- Goblin joins (initiative 20)
- Orc joins (initiative 15)
- Kyra joins (initiative 10)
- Orc: dead (until removed)
  - targets: Orc
- end of Goblin's turn
  - Orc skipped (dead)
- **Kyra's turn**
- Kyra: frightened 1 (falls by 1 each turn)
  - targets: Kyra
- end of Kyra's turn
  - Kyra: frightened 1 → 0: no longer frightened (end of its turn)

## Round 2

- **Goblin's turn (round 2 begins)**
- **Kyra** · 3 fire → Goblin 3: 15/15 → 12/15
  - targets: Goblin 3
  - Goblin: roll: 3 fire = 3
  - Goblin: total: 3
  - Goblin: HP 15 → 12
- Orc removed
"""


def test_who_acted_is_named_only_where_the_step_can_say_it():
    data = {"encounter": {"name": "Old", "system": "pf2e", "round": 1},
            "ledger": [{"text": "2d6 fire → Orc 7", "round": 1, "kind": "damage", "actor": "Kyra"},
                       {"text": "Kyra: prone", "round": 1, "kind": "condition", "actor": "Kyra"},
                       {"text": "Kyra: heal 3 → Orc", "round": 1, "kind": "heal", "actor": "Kyra"}]}
    lines = log_markdown(Encounter.from_data(data)).splitlines()
    assert lines[-3:] == ["- 2d6 fire → Orc 7", "- Kyra: prone", "- **Kyra** · heal 3 → Orc"]


def test_a_scene_without_rounds_is_one_heading():
    enc = Encounter("daggerheart", "Scene")
    enc.add(enc.rules.new_creature("A"))
    enc.add(enc.rules.new_creature("B"))
    enc.next_turn()
    enc.next_turn()
    text = log_markdown(enc)
    assert text.count("## ") == 1 and "## The scene\n\n- A joins\n" in text
    assert text.endswith("- **the spotlight passes to A**\n")
