"""The command palette's provider: every action by name, per-creature damage and heal, and
creatures from the box and the GM's library to add."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from functools import cached_property, partial
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content

from core.text.i18n import N_, listing, tr
from tui.screens.roster import RosterScreen
from tui.session_rules import applies

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.app_protocol import LedgerApp
    from tui.widgets.box_results import Match

# The palette offers every binding of the roster and of the app (one
# declaration per action): its description, or the longer name below where the footer's word
# is too short to find by typing, and its tooltip and keys as help.
LONGER_NAMES: dict[str, str] = {
    "roster.add": N_("Add creature"),
    "roster.edit": N_("Edit creature"),
    "roster.remove": N_("Remove creature"),
    "roster.find": N_("Find creature"),
    "roster.next_turn": N_("Next turn"),
    "roster.tracker": N_("Persistent conditions"),
    "roster.conditions": N_("Conditions and their durations"),
    "roster.copy": N_("Copy creature"),
    # a GM coming back types load, open or resume
    "app.saves": N_("Saves: load, open or resume an encounter"),
}
NOT_IN_PALETTE = frozenset({"roster.mark", "app.quit"})
"""Marking follows the roster's cursor; Textual's own commands already offer Quit."""

BOX_ROWS = 8
"""How many creatures of the box and the library the palette lists for what was typed."""
_COUNT = re.compile(r"^\s*(\d+)\s+(\S.*)$")
_FILTER_WORD = re.compile(r"(?:^|\s)(?:lvl|level|tier|cr):", re.IGNORECASE)


def copies_asked(query: str) -> tuple[int, str]:
    """A number typed before the name is how many copies to add (``4 gob war``): the count
    (1 when none) and the rest of the query."""
    found = _COUNT.match(query)
    return (int(found.group(1)), found.group(2)) if found else (1, query)


def box_score(score: float, index: int) -> float:
    """The palette's score (0–1, higher first) of the ``index``-th match of the box or the
    library, from how well it matched (0 exact … 5 fuzzy): an exact name tops the commands,
    a fuzzy one comes after those that match well."""
    return max(0.05, 1 - min(max(score, 0.0), 5.0) / 6) - index / 1000


class Command(NamedTuple):
    """One line of the palette: its name, its help, and what choosing it does."""

    name: str
    help: str
    run: Callable[[], object]


def setting_notice(key: str, value: object) -> str:
    """What changing ``key`` to ``value`` means at the table: the GM's words, not
    ``setting massive_damage = True``, as the core declares them."""
    from core.catalog.capabilities import setting

    return setting(key).choice(value).notice


class EncounterCommands(Provider):
    """Offers the roster's and the app's actions, plus ``Damage <creature>`` for each creature."""

    @property
    def ledger(self) -> LedgerApp:
        """The app, typed."""
        return cast("LedgerApp", self.app)

    def commands(self) -> list[Command]:
        """Every command now: the roster's and the app's keys, the settings, each creature."""
        ledger = self.ledger
        found = [*self._bound(RosterScreen.BINDINGS, self._on_roster),
                 *self._bound(type(ledger).BINDINGS, partial(ledger.call_later, ledger.run_action))]
        found.extend(self._settings())
        found.extend(self._saves())
        found.append(Command(tr("Rename encounter"),
                             tr("Give the open encounter a new name (one undo step)"),
                             partial(self._on_roster, "rename_encounter")))
        encounter = ledger.session.encounter
        from core.table.difficulty import counts_party_level

        if counts_party_level(encounter.system):     # RULES §10: the level the threat counts
            from tui.threat import ask_party_level

            found.append(Command(tr("Party level"),
                                 tr("The party level the threat counts where no PC has a Level "
                                    "(now: {level})", level=encounter.party_level or tr("none")),
                                 partial(ask_party_level, ledger)))
        for creature_id in encounter.order:
            creature = encounter.creature(creature_id)
            found.append(Command(tr("Damage {name}", name=creature.name),
                                 tr("Damage entry with {name} as the target", name=creature.name),
                                 partial(self._on_roster, f"damage('{creature_id}')")))
            heal = tr("Heal {name}", name=creature.name)
            found.append(Command(heal, heal,
                                 partial(self._on_roster, f"heal('{creature_id}')")))
        return found

    def _bound(self, bindings: Iterable[Binding | tuple[str, ...]],
               run: Callable[[str], object]) -> Iterator[Command]:
        """A command per binding with an id, named and explained by the binding itself."""
        for binding in bindings:
            if not isinstance(binding, Binding) or binding.id is None:
                continue
            if binding.id in NOT_IN_PALETTE:
                continue
            if not applies(self.ledger.session.encounter.rules, binding.action.split("(")[0]):
                continue  # not this system's rule (Fear, Stress, initiative)
            keys = ", ".join(self.app.get_key_display(replace(binding, key=key.strip()))
                             for key in binding.key.split(","))
            name = tr(LONGER_NAMES.get(binding.id, binding.description))
            about = tr(binding.tooltip) if binding.tooltip else name
            yield Command(name, tr("{about} ({keys})", about=about, keys=keys),
                          partial(run, binding.action))

    def _settings(self) -> Iterator[Command]:
        """The rule options the system offers, each as a switch to its next value.

        Names and help come from the core's declaration of each setting.
        """
        from core.catalog.capabilities import PLAYER_VIEW

        encounter = self.ledger.session.encounter
        # what the players' view shows, in every system; each choice not in force
        for declared in (*encounter.rules.settings_offered, PLAYER_VIEW):
            now = declared.choice(encounter.settings.get(declared.key, declared.default))
            for switch in declared.choices:
                if switch is not now:
                    yield Command(tr("Setting: {offer}", offer=switch.offer),
                                  tr("{about}Now: {now}", about=declared.about, now=now.now),
                                  partial(self._set, declared.key, switch.value))

    def _saves(self) -> Iterator[Command]:
        """Every save action by name ("save", "reflex" or "failure" found only file
        saving): in damage entry the highlighted target's save and everyone's; elsewhere,
        damage entry itself, where saves are set."""
        from tui.screens.damage import SAVE_KEYS, SAVE_LABELS, DamageScreen

        rules = self.ledger.session.encounter.rules
        words = rules.save_words if "reflex" in rules.save_words.lower() \
            else tr("{saves}, Reflex/Fortitude/Will", saves=rules.save_words)
        form = next((s for s in reversed(self.app.screen_stack) if isinstance(s, DamageScreen)), None)
        if form is None:
            if len(rules.save_choices) > 1:
                yield Command(tr("Damage with a save ({saves})", saves=words),
                              tr("Damage entry on the marked creatures: each target's save by "
                                 "0–4 (d)"),
                              partial(self._on_roster, "damage"))
            return
        for key, save in enumerate(SAVE_KEYS):
            if save is not None and save not in form.draft.save_cycle:
                continue
            label = tr("none") if save is None else SAVE_LABELS[save].replace("crit.", "critical")
            yield Command(tr("Save: {save} ({saves}) for the highlighted target", save=label,
                             saves=words),
                          tr("The highlighted target's save ({key})", key=key),
                          partial(self._on_form, form, f"set_save({key})"))
            yield Command(tr("Save: {save} ({saves}) for every target", save=label, saves=words),
                          tr("Every target's save at once"),
                          partial(self._on_form, form, f"save_all({key})"))
        yield Command(tr("Save to all: the highlighted target's save ({saves})", saves=words),
                      tr("Copy the highlighted target's save to every target (S)"),
                      partial(self._on_form, form, "copy_save"))

    def _on_form(self, form: Screen[Any], action: str) -> None:
        """Run ``action`` on the damage form once the palette has closed."""
        form.call_later(form.run_action, action)

    def _set(self, key: str, value: object) -> None:
        """Change one setting (one undo step) and say so."""
        self.ledger.session.apply(lambda encounter: encounter.set_setting(key, value), ())
        self.ledger.notify(setting_notice(key, value))

    def _on_roster(self, action: str) -> None:
        """Go back to the roster, then run the action there (heal: the marked set, like damage)."""
        ledger = self.ledger
        while ledger.screen is not ledger.roster and len(ledger.screen_stack) > 1:
            ledger.pop_screen()
        ledger.roster.call_later(ledger.roster.run_action, action)

    async def discover(self) -> Hits:
        """Every command, for an empty palette."""
        for command in self.commands():
            yield DiscoveryHit(command.name, command.run, help=command.help)

    async def search(self, query: str) -> Hits:
        """The commands whose names match what was typed, then the creatures of the box and
        of the GM's library named like it (enter adds one, or the number typed first)."""
        matcher = self.matcher(query)
        for command in self.commands():
            score = matcher.match(command.name)
            if score > 0:
                yield Hit(score, matcher.highlight(command.name), command.run, help=command.help)
        for hit in self._box_hits(query):
            yield hit

    @cached_property
    def library(self) -> list[str]:
        """The GM's templates of this system, read once a palette (at its first search)."""
        from tui.widgets.box_results import library_names

        return library_names(self.ledger.session.encounter.system)

    def _box_hits(self, query: str) -> Iterator[Hit]:
        """A row per creature of the box and the library named like ``query`` (name, level,
        HP, AC, where it comes from); a filter or a count that is not one, said as a row."""
        from tui.screens.creature_fields import MAX_COUNT
        from tui.widgets.box_results import find, row_text

        count, name = copies_asked(query)
        if not name.strip():
            return
        system = self.ledger.session.encounter.system
        try:
            found = find(system, name, self.library, BOX_ROWS)
        except ValueError as error:   # lvl:x — said where the rows would be
            if _FILTER_WORD.search(name):
                yield self._refusal(str(error))
            return
        if found and not 1 <= count <= MAX_COUNT:
            yield self._refusal(tr("Count must be between 1 and {most}.", most=MAX_COUNT))
            return
        for index, (score, match) in enumerate(found):
            row = row_text(system, match, width=72).rstrip()
            prompt = tr("Add {count} × {row}", count=count, row=row) if count > 1 \
                else tr("Add {row}", row=row)
            about = tr("enter adds {count} copies, each rolling its initiative", count=count) \
                if count > 1 else tr("enter adds it; a number typed first adds that many "
                                     "(4 goblin)")
            yield Hit(box_score(score, index), Content(prompt), partial(self._add, match, count),
                      text=prompt, help=about)

    def _refusal(self, words: str) -> Hit:
        """A row that says what was wrong with the query; choosing it says it again."""
        return Hit(1.0, Content(words), partial(self.ledger.notify, words, severity="warning"),
                   text=words)

    def _add(self, match: Match, count: int) -> None:
        """Back to the roster, then ``count`` copies of the match, as the add form adds them."""
        from tui.screens.library import add_copies
        from tui.widgets.box_results import creature_of

        ledger = self.ledger
        while ledger.screen is not ledger.roster and len(ledger.screen_stack) > 1:
            ledger.pop_screen()
        try:
            creature = creature_of(ledger.session.encounter.system, match)
        except (KeyError, ValueError, OSError) as error:   # the library changed meanwhile
            ledger.notify(str(error).strip("'\""), severity="error")
            return
        added = add_copies(ledger, creature, count)
        names = [ledger.session.encounter.creature(cid).name for cid in added]
        ledger.notify(tr("Added {names}.", names=listing(names)))
