"""The roster's keys: every binding of the main screen, with its words for the footer and help."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from core.text.i18n import N_

ROSTER_BINDINGS: list[BindingType] = [
    Binding("a", "add", N_("Add"), id="roster.add"),
    Binding("e", "edit", N_("Edit"), show=False, id="roster.edit"),
    Binding("delete", "remove", N_("Remove"), show=False, id="roster.remove",
            tooltip=N_("Remove the marked creatures (or the highlighted one)")),
    Binding("X", "remove_defeated", N_("Remove defeated"), show=False,
            id="roster.remove_defeated", tooltip=N_("Remove every defeated creature")),
    Binding("slash", "find", N_("Find"), key_display="/", show=False, id="roster.find",
            tooltip=N_("Jump to a creature by name (type-ahead, enter stays, escape goes back)")),
    Binding("space", "mark", N_("Mark"), key_display="␣", id="roster.mark",
            tooltip=N_("Mark or unmark a target, then move down")),
    # play report 2: a fireball on four targets is one key, not four space
    Binding("asterisk,ctrl+a", "mark_all", N_("Mark all"), show=False,
            id="roster.mark_all",
            tooltip=N_("Mark everyone still in the fight")),
    Binding("escape", "clear_marks", N_("Clear marks"), show=False, id="roster.clear_marks"),
    Binding("d", "damage", N_("Damage"), id="roster.damage",
            tooltip=N_("Damage the marked creatures (or the highlighted one)")),
    Binding("h", "heal", N_("Heal"), id="roster.heal", tooltip=N_("Heal the marked creatures (or the highlighted one)")),
    Binding("n", "next_turn", N_("Next"), id="roster.next_turn", tooltip=N_("Next turn")),
    Binding("p", "tracker", N_("Persistent"), id="roster.tracker",
            tooltip=N_("Persistent conditions and immunities (tracker)")),
    # the same screen where the system has no persistent damage (RULES §5), in its words
    Binding("p", "conditions", N_("Conditions"), id="roster.conditions",
            tooltip=N_("Every condition and how long it lasts (tracker)")),
    # the GM's bestiary and copies
    Binding("B", "bestiary", N_("Bestiary"), show=False, id="roster.bestiary",
            tooltip=N_("Bestiary: add kept creatures with a count")),
    Binding("b", "keep", N_("Keep in bestiary"), show=False, id="roster.keep",
            tooltip=N_("Keep the highlighted creature in the bestiary")),
    Binding("y", "copy", N_("Copy"), show=False, id="roster.copy",
            tooltip=N_("Copy the highlighted creature (fresh, numbered)")),
    # running a session (tui/screens/ initiative, conditions, pools, party…);
    # the rules decide which apply
    Binding("i", "roll_initiative", N_("Roll initiative"), show=False, id="roster.roll_initiative",
            tooltip=N_("Roll initiative for the marked creatures, else those not placed yet")),
    Binding("I", "set_initiative", N_("Set initiative"), show=False, id="roster.set_initiative",
            tooltip=N_("New initiative for the highlighted creature (delay, ready: it goes "
                    "after those already at that initiative)")),
    Binding("left_square_bracket,shift+up", "move(-1)", N_("Move up the order"), key_display="[",
            show=False, id="roster.move_up", tooltip=N_("Move the highlighted creature up the order")),
    Binding("right_square_bracket,shift+down", "move(1)", N_("Move down the order"), key_display="]",
            show=False, id="roster.move_down",
            tooltip=N_("Move the highlighted creature down the order")),
    Binding("c", "condition", N_("Condition"), show=False, id="roster.condition",
            tooltip=N_("Add, change or remove a condition (marked or highlighted creatures)")),
    Binding("s", "stress(True)", N_("Mark Stress"), show=False, id="roster.mark_stress",
            tooltip=N_("Mark 1 Stress (marked or highlighted creatures)")),
    Binding("S", "stress(False)", N_("Clear Stress"), show=False, id="roster.clear_stress",
            tooltip=N_("Clear 1 Stress (marked or highlighted creatures)")),
    Binding("plus", "fear(True)", N_("Gain Fear"), key_display="+", show=False,
            id="roster.gain_fear", tooltip=N_("The GM gains 1 Fear (0–12)")),
    Binding("minus", "fear(False)", N_("Spend Fear"), key_display="-", show=False,
            id="roster.spend_fear", tooltip=N_("The GM spends 1 Fear")),
    # a Daggerheart PC's Hope, shown on the numbers line under the roster
    Binding("o", "hope(True)", N_("Mark Hope"), show=False, id="roster.mark_hope",
            tooltip=N_("The highlighted (or marked) PCs mark 1 Hope (0–6)")),
    Binding("O", "hope(False)", N_("Spend Hope"), show=False, id="roster.spend_hope",
            tooltip=N_("The highlighted (or marked) PCs spend 1 Hope")),
    # several Fear or Hope in one log line and one undo step
    Binding("F", "fear_by", N_("Fear by an amount"), show=False, id="roster.fear_by",
            tooltip=N_("The GM gains or spends several Fear: type +3 or -2")),
    Binding("alt+o", "hope_by", N_("Hope by an amount"), key_display="alt+o", show=False,
            id="roster.hope_by",
            tooltip=N_("The highlighted (or marked) PCs mark or spend several Hope: type +2 or -1")),
    Binding("K", "next_encounter", N_("Next encounter keeping the party"), show=False,
            id="roster.next_encounter",
            tooltip=N_("A new encounter with the PCs as they are now; this one is saved (ctrl+o)")),
    Binding("M", "export_log", N_("Export log as Markdown"), show=False, id="roster.export_log",
            tooltip=N_("Write the log as Markdown for the campaign notes (m on the log and the saves screen too)")),
    Binding("H", "hide", N_("Hide from players"), show=False, id="roster.hide",
            tooltip=N_("Hide the marked creatures (or the highlighted one) from the players' "
                    "view (hitledger watch), or show them again")),
]
