"""The damage form's keys: every binding of the form, with the words for the footer and help
(the form's docstring table says them again, checked by tests); its targets' keys are the
targets table's own (tui/widgets/target_table.py)."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from core.text.i18n import N_
from tui.widgets.target_table import SAVE_GROUP, TARGET_BINDINGS

ACTOR_HELP = N_("Who deals the damage: a few letters of the name, then enter")

# Textual reads ESC+digit (what a terminal sends for alt+1 … alt+9) as the characters macOS's
# Option key types (textual/_ansi_sequences.py): ¡ ™ £ ¢ ∞ § ¶ • ª. The attack keys bind their
# names (the targets table), and the damage field, which types them, hands them over.
ALT_DIGIT_CHARS = "¡™£¢∞§¶•ª"
ALT_DIGIT_KEYS = ("inverted_exclamation_mark", "trade_mark_sign", "pound_sign", "cent_sign",
                  "infinity", "section_sign", "pilcrow_sign", "bullet", "ª")


DAMAGE_BINDINGS: list[BindingType] = [
    # priority: enter applies from the field and the table alike, and shows in the footer
    # after a missed attack the same keys say what they do then: enter logs the miss (the
    # attack, no damage), escape logs nothing; y deals the damage anyway (the first of a key's
    # bindings that is on is the one the footer shows; the roll line says y)
    Binding("enter", "log_miss", N_("Log miss"), priority=True, id="damage.log_miss"),
    Binding("enter", "apply", N_("Apply"), priority=True, id="damage.apply"),
    Binding("escape", "drop_miss", N_("Cancel, no log"), id="damage.drop_miss"),
    Binding("escape", "cancel", N_("Cancel"), id="damage.cancel"),
    Binding("y", "deal_miss", N_("Deal it"), show=False, id="damage.deal_miss"),
    Binding("alt+y", "deal_miss", N_("Deal it"), priority=True, key_display="alt+y", show=False,
            id="damage.deal_miss_alt", tooltip=N_("The attack missed: deal the damage rolled anyway")),
    # Letters act on the targets; the same actions with alt (and ^r) work from the damage
    # field too, where letters are notation. The footer shows only
    # keys that work in both places, so it stays the same when the focus moves.
    Binding("r", "reroll", N_("Reroll"), show=False, id="damage.reroll"),
    Binding("c", "toggle_critical", N_("Critical"), show=False, id="damage.critical"),
    Binding("n", "toggle_nonlethal", N_("Nonlethal"), show=False, id="damage.nonlethal"),
    Binding("m", "cycle_multiplier", N_("×2/×3/×4"), show=False, id="damage.multiplier"),
    Binding("t", "roll_attack", N_("Attack"), show=False, id="damage.attack"),
    Binding("a", "toggle_armor", N_("Armor slot"), show=False, id="damage.armor"),
    Binding("i", "toggle_direct", N_("Direct"), show=False, id="damage.direct"),
    Binding("plus", "add_hit", N_("Add hit"), key_display="+", show=False, id="damage.add_hit"),
    # an area's saves rolled by the app, each target with its own numbers
    Binding("v", "roll_saves", N_("Roll saves"), show=False, id="damage.roll_saves"),
    Binding("alt+v", "roll_saves", N_("Roll saves"), priority=True, key_display="alt+v", show=False,
            id="damage.roll_saves_alt", tooltip=N_("Roll every target's save against one DC")),
    Binding("f4", "roll_saves", N_("Roll saves"), priority=True, show=False,
            id="damage.roll_saves_f4"),
    # priority: a terminal sends alt+t with the character "t", which the field would
    # type before a non-priority binding is looked at
    Binding("ctrl+r", "reroll", N_("Reroll"), priority=True, id="damage.reroll_anywhere"),
    Binding("alt+r", "reroll", N_("Reroll"), priority=True, show=False, id="damage.reroll_alt"),
    Binding("alt+c", "toggle_critical", N_("Critical"), priority=True, show=False,
            id="damage.critical_alt"),
    Binding("alt+n", "toggle_nonlethal", N_("Nonlethal"), priority=True, show=False,
            id="damage.nonlethal_alt"),
    # where the rules have no nonlethal damage: alt+n says so, and the field does not
    # type its "n" (no description: help and the footer do not offer it)
    Binding("alt+n", "no_nonlethal", "", priority=True, show=False,
            id="damage.no_nonlethal"),
    Binding("alt+m", "cycle_multiplier", N_("×2/×3/×4"), priority=True, show=False,
            id="damage.multiplier_alt"),
    # the Pathfinder family's multiple attack penalty step of the attack rolled
    Binding("m", "cycle_map", N_("MAP step"), show=False, id="damage.map"),
    Binding("alt+m", "cycle_map", N_("MAP step"), priority=True, show=False, id="damage.map_alt"),
    # Daggerheart Horde (X): its damage X once half its HP is marked
    Binding("h", "horde_damage", N_("Horde damage"), show=False, id="damage.horde"),
    Binding("alt+h", "horde_damage", N_("Horde damage"), priority=True, show=False, id="damage.horde_alt",
            tooltip=N_("The acting Horde's damage once half its HP is marked")),
    Binding("alt+t", "roll_attack", N_("Attack"), priority=True, key_display="alt+t",
            id="damage.attack_alt"),
    Binding("alt+a", "toggle_armor", N_("Armor slot"), priority=True, show=False,
            id="damage.armor_alt"),
    Binding("alt+i", "toggle_direct", N_("Direct"), priority=True, show=False,
            id="damage.direct_alt"),
    Binding("alt+plus,alt+equals_sign", "add_hit", N_("Add hit"), priority=True,
            key_display="alt++", show=False,
            id="damage.add_hit_alt"),
    Binding("alt+b", "pick_actor", N_("By"), priority=True, show=False, id="damage.actor",
            tooltip=ACTOR_HELP),
    # a real terminal sends alt+b as ESC b, which Textual reads as ctrl+left, and alt++ as a
    # plain "+": function keys reach the app from any terminal, the field included
    Binding("f3", "add_hit", N_("Add hit"), priority=True, id="damage.add_hit_f3"),
    Binding("f2", "pick_actor", N_("By"), priority=True, id="damage.actor_f2", tooltip=ACTOR_HELP),
    # down from the damage field: type, down, 2, enter (the table uses down itself)
    Binding("down", "focus_targets", N_("To the targets"), show=False, id="damage.to_targets"),
    # up in the damage field, as in a shell: the damage applied before, newest first
    Binding("up", "recall_damage", N_("Earlier damage"), show=False, id="damage.recall",
            tooltip=N_("Bring back the damage applied before")),
    # a modal screen does not see the app's keys: "?" is offered here again (F1 is the
    # app's priority key, from the field too)
    Binding("question_mark", "app.help", N_("Help"), key_display="?", show=False,
            id="damage.help"),
    # the acting creature's attacks read from its stat block; help lists one line
    Binding("alt+1", "use_attack(1)", N_("Attack from the block"),
            priority=True, show=False, key_display="alt+1…9", id="damage.use_attack",
            tooltip=N_("The acting creature's attack 1–9 (from its stat block) into the field")),
    *(Binding(f"alt+{n}", f"use_attack({n})", "", priority=True,
              show=False, id=f"damage.use_attack_{n}") for n in range(2, 10)),
    # one binding a key: Textual keeps one key of a binding with an id
    *(Binding(key, f"use_attack({n})", "", priority=True, show=False,
              id=f"damage.use_attack_esc_{n}") for n, key in enumerate(ALT_DIGIT_KEYS, 1)),
]
"""The damage form's keys; letters act on the targets, alt+letter from the field too."""

__all__ = ["DAMAGE_BINDINGS", "TARGET_BINDINGS", "SAVE_GROUP", "ACTOR_HELP", "ALT_DIGIT_CHARS",
           "ALT_DIGIT_KEYS"]
