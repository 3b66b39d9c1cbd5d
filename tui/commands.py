"""The command palette's provider: every action by name, and per-creature damage and heal."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

if TYPE_CHECKING:
    from tui.app import HitLedgerApp

# (name shown, help, action on the roster or the app)
ROSTER_COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("Add creature", "Add one or more creatures (a)", "add"),
    ("Edit creature", "Edit the highlighted creature (e)", "edit"),
    ("Remove creature", "Remove the marked creatures or the highlighted one (delete)", "remove"),
    ("Remove defeated", "Remove every defeated creature, one undo step (X)", "remove_defeated"),
    ("Find creature", "Jump to a creature by name (/)", "find"),
    ("Damage", "Damage the marked creatures or the highlighted one (d)", "damage"),
    ("Heal", "Heal the marked creatures or the highlighted one (h)", "heal"),
    ("Next turn", "Advance to the next creature's turn (n)", "next_turn"),
    ("Persistent conditions", "Open the persistent-condition tracker (p)", "tracker"),
    ("Clear marks", "Unmark every target (escape)", "clear_marks"),
    # issue 11: running a session
    ("Roll initiative", "Roll for the marked creatures, else those not placed yet (i)",
     "roll_initiative"),
    ("Set initiative", "Give the highlighted creature a new initiative: delay, ready (I)",
     "set_initiative"),
    ("Move up the order", "Move the highlighted creature up ([)", "move_up"),
    ("Move down the order", "Move the highlighted creature down (])", "move_down"),
    ("Condition", "Add, change or remove a condition (c)", "condition"),
    ("Mark Stress", "Mark 1 Stress on the marked or highlighted creatures (s)", "mark_stress"),
    ("Clear Stress", "Clear 1 Stress on the marked or highlighted creatures (S)", "clear_stress"),
    ("Gain Fear", "The GM gains 1 Fear (+)", "gain_fear"),
    ("Spend Fear", "The GM spends 1 Fear (-)", "spend_fear"),
    ("Next encounter keeping the party", "A new encounter with the PCs as they are now; "
     "this one is kept", "next_encounter"),
    ("Export log as Markdown", "Write the log as Markdown for the campaign notes (m on the log)",
     "export_log"),
)
# palette names of the roster's parameterised actions (the binding's action, its argument)
SESSION_ACTIONS: dict[str, tuple[str, object]] = {
    "move_up": ("move", -1), "move_down": ("move", 1),
    "mark_stress": ("stress", True), "clear_stress": ("stress", False),
    "gain_fear": ("fear", True), "spend_fear": ("fear", False),
}
APP_COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("Undo", "Undo the last change (u, ctrl+z)", "undo"),
    ("Redo", "Redo the last undone change (ctrl+y)", "redo"),
    ("Log", "Show the whole encounter log (l)", "log"),
    ("Save", "Save the encounter (ctrl+s)", "save"),
    ("Saves", "Open the saves screen (ctrl+o)", "saves"),
    ("Quick save", "Save now without asking (f5)", "quick_save"),
    ("Quick load", "Load the last quick save (f9)", "quick_load"),
    ("Help", "Keys of the current screen (?)", "help"),
)


# What a setting change means at the table, by (setting, new value): the GM's words, not
# ``setting massive_damage = True`` (issue 9, item 7).
SETTING_NOTICES: dict[tuple[str, object], str] = {
    ("crit_mode", "double"): "Critical hits now double the damage.",
    ("crit_mode", "roll-twice"): "Critical hits now roll the dice twice.",
    ("flat_checks", "auto"): "Flat checks are now rolled by the app at each turn.",
    ("flat_checks", "ask"): "Flat checks now wait for your roll (F on the tracker).",
    ("massive_damage", True): "Massive damage rule on: twice Severe or more marks 4 HP.",
    ("massive_damage", False): "Massive damage rule off.",
}


def setting_notice(key: str, value: object) -> str:
    """What changing ``key`` to ``value`` means, in the GM's words."""
    return SETTING_NOTICES.get((key, value), f"Rule option changed: {key.replace('_', ' ')}.")


class EncounterCommands(Provider):
    """Offers the roster's and the app's actions, plus ``Damage <creature>`` for each creature."""

    @property
    def ledger(self) -> HitLedgerApp:
        """The app, typed."""
        return cast("HitLedgerApp", self.app)

    def _commands(self) -> Iterator[tuple[str, str, Callable[[], object]]]:
        ledger = self.ledger
        from tui.session_rules import applies

        for name, help_text, action in ROSTER_COMMANDS:
            if applies(ledger.encounter.rules, SESSION_ACTIONS.get(action, (action,))[0]):
                yield name, help_text, partial(self._on_roster, action)
        for name, help_text, action in APP_COMMANDS:
            yield name, help_text, getattr(ledger, f"action_{action}")
        encounter = ledger.encounter
        yield from self._settings()
        for creature_id in encounter.order:
            creature = encounter.creature(creature_id)
            yield (f"Damage {creature.name}", f"Damage entry with {creature.name} as the target",
                   partial(self._on_roster, "damage", creature_id))
            yield (f"Heal {creature.name}", f"Heal {creature.name}",
                   partial(self._on_roster, "heal", creature_id))

    def _settings(self) -> Iterator[tuple[str, str, Callable[[], object]]]:
        """The encounter's rule options, each offered as a switch to its other value."""
        encounter = self.ledger.encounter
        settings = encounter.settings
        if encounter.system in ("pf2e", "sf2e"):
            twice = settings.get("crit_mode") == "roll-twice"
            yield ("Setting: critical hits " + ("double the damage" if twice else "roll the dice twice"),
                   "Now: " + ("dice rolled twice, modifiers doubled" if twice else "the total doubled"),
                   partial(self._set, "crit_mode", "double" if twice else "roll-twice"))
        if encounter.system in ("pf2e", "sf2e", "vitality-wounds"):
            ask = settings.get("flat_checks") == "ask"
            yield ("Setting: flat checks " + ("rolled by the app" if ask else "wait for the GM's roll"),
                   "Now: " + ("you roll them at the table (F on the tracker)" if ask
                              else "the app rolls them at each turn"),
                   partial(self._set, "flat_checks", "auto" if ask else "ask"))
        if encounter.system == "daggerheart":
            on = bool(settings.get("massive_damage"))
            yield ("Setting: massive damage rule " + ("off" if on else "on"),
                   "Optional rule: damage of twice Severe or more marks 4 HP. Now: " + ("on" if on else "off"),
                   partial(self._set, "massive_damage", not on))

    def _set(self, key: str, value: object) -> None:
        """Change one setting (one undo step) and say so."""
        ledger = self.ledger
        ledger.encounter.set_setting(key, value)
        ledger.encounter_changed(frozenset())
        ledger.notify(setting_notice(key, value))

    def _on_roster(self, action: str, creature_id: str | None = None) -> None:
        """Go back to the roster, then run the action there."""
        ledger = self.ledger
        while ledger.screen is not ledger.roster and len(ledger.screen_stack) > 1:
            ledger.pop_screen()
        if action == "heal":
            from tui.screens.heal import open_heal

            open_heal(ledger.roster, creature_id)  # the marked set, like damage
            return
        if action in SESSION_ACTIONS:
            name, argument = SESSION_ACTIONS[action]
            getattr(ledger.roster, f"action_{name}")(argument)
            return
        method = getattr(ledger.roster, f"action_{action}")
        if creature_id is not None:
            method(creature_id)
        else:
            method()

    async def discover(self) -> Hits:
        """Every command, for an empty palette."""
        for name, help_text, callback in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        """The commands whose names match what was typed."""
        matcher = self.matcher(query)
        for name, help_text, callback in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
