"""The roster's keys: every binding of the main screen, with its words for the footer and help."""

from __future__ import annotations

from textual.binding import Binding, BindingType

ROSTER_BINDINGS: list[BindingType] = [
    Binding("a", "add", "Add", id="roster.add"),
    Binding("e", "edit", "Edit", show=False, id="roster.edit"),
    Binding("delete", "remove", "Remove", show=False, id="roster.remove",
            tooltip="Remove the marked creatures (or the highlighted one)"),
    Binding("X", "remove_defeated", "Remove defeated", show=False,
            id="roster.remove_defeated", tooltip="Remove every defeated creature"),
    Binding("slash", "find", "Find", key_display="/", show=False, id="roster.find",
            tooltip="Jump to a creature by name (type-ahead, enter stays, escape goes back)"),
    Binding("space", "mark", "Mark", key_display="␣", id="roster.mark",
            tooltip="Mark or unmark a target, then move down"),
    # play report 2: a fireball on four targets is one key, not four space
    Binding("asterisk,ctrl+a", "mark_all", "Mark all", show=False,
            id="roster.mark_all",
            tooltip="Mark everyone still in the fight"),
    Binding("escape", "clear_marks", "Clear marks", show=False, id="roster.clear_marks"),
    Binding("d", "damage", "Damage", id="roster.damage",
            tooltip="Damage the marked creatures (or the highlighted one)"),
    Binding("h", "heal", "Heal", id="roster.heal", tooltip="Heal the marked creatures (or the highlighted one)"),
    Binding("n", "next_turn", "Next", id="roster.next_turn", tooltip="Next turn"),
    Binding("p", "tracker", "Persistent", id="roster.tracker",
            tooltip="Persistent conditions and immunities (tracker)"),
    # the same screen where the system has no persistent damage (RULES §5), in its words
    Binding("p", "conditions", "Conditions", id="roster.conditions",
            tooltip="Every condition and how long it lasts (tracker)"),
    # issue 12: the GM's bestiary and copies
    Binding("B", "bestiary", "Bestiary", show=False, id="roster.bestiary",
            tooltip="Bestiary: add kept creatures with a count"),
    Binding("b", "keep", "Keep in bestiary", show=False, id="roster.keep",
            tooltip="Keep the highlighted creature in the bestiary"),
    Binding("y", "copy", "Copy", show=False, id="roster.copy",
            tooltip="Copy the highlighted creature (fresh, numbered)"),
    # issue 11: running a session (tui/screens/ initiative, conditions, pools, party…);
    # the rules decide which apply
    Binding("i", "roll_initiative", "Roll initiative", show=False, id="roster.roll_initiative",
            tooltip="Roll initiative for the marked creatures, else those not placed yet"),
    Binding("I", "set_initiative", "Set initiative", show=False, id="roster.set_initiative",
            tooltip="New initiative for the highlighted creature (delay, ready: it goes "
                    "after those already at that initiative)"),
    Binding("left_square_bracket,shift+up", "move(-1)", "Move up the order", key_display="[",
            show=False, id="roster.move_up", tooltip="Move the highlighted creature up the order"),
    Binding("right_square_bracket,shift+down", "move(1)", "Move down the order", key_display="]",
            show=False, id="roster.move_down",
            tooltip="Move the highlighted creature down the order"),
    Binding("c", "condition", "Condition", show=False, id="roster.condition",
            tooltip="Add, change or remove a condition (marked or highlighted creatures)"),
    Binding("s", "stress(True)", "Mark Stress", show=False, id="roster.mark_stress",
            tooltip="Mark 1 Stress (marked or highlighted creatures)"),
    Binding("S", "stress(False)", "Clear Stress", show=False, id="roster.clear_stress",
            tooltip="Clear 1 Stress (marked or highlighted creatures)"),
    Binding("plus", "fear(True)", "Gain Fear", key_display="+", show=False,
            id="roster.gain_fear", tooltip="The GM gains 1 Fear (0–12)"),
    Binding("minus", "fear(False)", "Spend Fear", key_display="-", show=False,
            id="roster.spend_fear", tooltip="The GM spends 1 Fear"),
    # issue 19: a Daggerheart PC's Hope, shown on the numbers line under the roster
    Binding("o", "hope(True)", "Mark Hope", show=False, id="roster.mark_hope",
            tooltip="The highlighted (or marked) PCs mark 1 Hope (0–6)"),
    Binding("O", "hope(False)", "Spend Hope", show=False, id="roster.spend_hope",
            tooltip="The highlighted (or marked) PCs spend 1 Hope"),
    Binding("K", "next_encounter", "Next encounter keeping the party", show=False,
            id="roster.next_encounter",
            tooltip="A new encounter with the PCs as they are now; this one is saved (ctrl+o)"),
    Binding("M", "export_log", "Export log as Markdown", show=False, id="roster.export_log",
            tooltip="Write the log as Markdown for the campaign notes (m on the log and the saves screen too)"),
    Binding("H", "hide", "Hide from players", show=False, id="roster.hide",
            tooltip="Hide the marked creatures (or the highlighted one) from the players' "
                    "view (hitledger watch), or show them again"),
]
