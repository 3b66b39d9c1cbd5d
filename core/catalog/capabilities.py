"""What a rule system offers, declared once: the settings a GM may switch, with their words.

Screens and the CLI ask these declarations (and the ``RuleSystem`` attributes that say
which controls apply: attack helper, multipliers, armor slots, heal tracks…), never a
system id. Every setting is one typed ``Setting``: its allowed values, its
default and the GM's words for each value, from which encounter validation, the palette's
rule options and the log's wording all come.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class Choice(NamedTuple):
    """One value of a setting and how it is said.

    ``log``: the ledger's line when the GM picks it; ``offer``: the palette's name for
    switching to it (after "Setting: "); ``now``: the palette's help while it is in force;
    ``notice``: what picking it means at the table, said when it is picked.
    """

    value: Any
    log: str
    offer: str
    now: str
    notice: str


class Setting(NamedTuple):
    """A rule option: its key, its choices (the first is the default) and what it is about."""

    key: str
    choices: tuple[Choice, ...]
    about: str = ""
    """A sentence the palette puts before "Now: …" (an optional rule says what it does)."""

    @property
    def values(self) -> tuple[Any, ...]:
        """The allowed values, the default first."""
        return tuple(c.value for c in self.choices)

    @property
    def default(self) -> Any:
        """The value of an encounter that never set it."""
        return self.choices[0].value

    def choice(self, value: Any) -> Choice:
        """The declaration of ``value``; ValueError naming the allowed values otherwise."""
        for choice in self.choices:
            # type() as well: True == 1, and a setting of 1 is a typo, not True
            if choice.value == value and type(choice.value) is type(value):
                return choice
        allowed = ", ".join(repr(v) for v in self.values)
        raise ValueError(f"setting {self.key} is one of {allowed}, not {value!r}")

    def other(self, value: Any) -> Choice:
        """The choice after ``value`` (a switch of two choices flips)."""
        index = self.values.index(self.choice(value).value)
        return self.choices[(index + 1) % len(self.choices)]


CRIT_MODE = Setting("crit_mode", (   # RULES §2 Step 3: pf2e/sf2e variant critical rule
    Choice("double", "critical hits: double the damage",
           "critical hits double the damage", "the total doubled",
           "Critical hits now double the damage."),
    Choice("roll-twice", "critical hits: roll the dice twice, double the modifiers",
           "critical hits roll the dice twice", "dice rolled twice, modifiers doubled",
           "Critical hits now roll the dice twice."),
))
MASSIVE_DAMAGE = Setting("massive_damage", (   # RULES §3: Daggerheart optional rule
    Choice(False, "optional rule off: twice Severe or more marks 3 HP",
           "massive damage rule off", "off", "Massive damage rule off."),
    Choice(True, "optional rule on: twice Severe or more marks 4 HP",
           "massive damage rule on", "on", "Massive damage rule on: twice Severe or more marks 4 HP."),
), about="Optional rule: damage of twice Severe or more marks 4 HP. ")
FLAT_CHECKS = Setting("flat_checks", (   # RULES §5: who rolls a persistent condition's flat check
    Choice("roll", "flat checks: the app rolls them",
           "flat checks rolled by the app", "the app rolls them at each turn",
           "Flat checks are now rolled by the app at each turn."),
    Choice("ask", "flat checks: the GM rolls them",
           "flat checks wait for the GM's roll", "you roll them at the table (F on the tracker)",
           "Flat checks now wait for your roll (F on the tracker)."),
))
SKIP_DEFEATED = Setting("skip_defeated", (   # RULES §7: next turn passes over the defeated
    Choice(True, "next turn: defeated creatures are skipped",
           "next turn skips defeated creatures", "defeated creatures are skipped",
           "Next turn now skips defeated creatures."),
    Choice(False, "next turn: defeated creatures keep their turns",
           "defeated creatures keep their turns", "defeated creatures keep their turns",
           "Defeated creatures now keep their turns."),
))

PLAYER_VIEW = Setting("player_view", (   # what `hitledger watch` shows of adversaries
    Choice("status", "players see adversaries as Healthy, Hurt, Bloodied or Defeated",
           "players see adversaries' status", "Healthy, Hurt, Bloodied or Defeated",
           "Players now see adversaries as Healthy, Hurt, Bloodied or Defeated."),
    Choice("numbers", "players see adversaries' numbers",
           "players see adversaries' numbers", "their HP (or slots) in numbers",
           "Players now see adversaries' HP in numbers."),
    Choice("hidden", "players see adversaries' names only",
           "players see adversaries' names only", "names only, no health",
           "Players now see adversaries' names only, no health."),
), about="What the players' view (hitledger watch) shows of adversaries. ")

class Number(NamedTuple):
    """One number a creature's block prints or the GM types (RULES §8 "Numbers read")."""

    key: str
    label: str          # the GM's word: ``AC``, ``Fort``, ``Difficulty``
    signed: bool        # shown ``+5`` (a modifier) or ``17`` (a DC, AC, level)
    pc_only: bool = False


DAGGERHEART_TRAITS = ("agility", "strength", "finesse", "instinct", "presence", "knowledge")
"""A Daggerheart PC's traits, in the character sheet's order."""

_PF2_NUMBERS = (Number("level", "Level", False), Number("ac", "AC", False),
                Number("fort", "Fort", True), Number("ref", "Ref", True),
                Number("will", "Will", True), Number("perception", "Per", True))
NUMBERS: Mapping[str, tuple[Number, ...]] = {
    "pf2e": _PF2_NUMBERS, "sf2e": _PF2_NUMBERS, "vitality-wounds": _PF2_NUMBERS,
    "d20-3e": (Number("ac", "AC", False), Number("touch", "touch", False),
               Number("flat_footed", "flat-footed", False), Number("fort", "Fort", True),
               Number("ref", "Ref", True), Number("will", "Will", True),
               Number("level", "Level", False, pc_only=True)),    # a PC's: RULES §10's APL
    # minion: Minion (X) of an adversary's features (RULES §9)
    "daggerheart": (Number("tier", "Tier", False), Number("difficulty", "Difficulty", False),
                    Number("attack", "ATK", True), Number("minion", "Minion", False),
                    Number("evasion", "Evasion", False, pc_only=True),
                    # a PC's six traits (RULES §10: its reaction rolls add the one named)
                    *(Number(trait, trait[:3].capitalize(), True, pc_only=True)   # Agi +2
                      for trait in DAGGERHEART_TRAITS)),
}
"""The numbers a creature of each system may hold (``Creature.numbers``), in showing order."""


def number_keys(system: str, pc: bool | None = None) -> tuple[str, ...]:
    """The keys of ``NUMBERS[system]`` (``pc=False``: without the PCs' own)."""
    return tuple(n.key for n in NUMBERS.get(system, ()) if pc is not False or not n.pc_only)


RULE_OPTIONS: tuple[Setting, ...] = (CRIT_MODE, MASSIVE_DAMAGE)
"""The settings ``apply_damage(settings=...)`` takes (DESIGN.md)."""
ENCOUNTER_OPTIONS: tuple[Setting, ...] = (CRIT_MODE, FLAT_CHECKS, MASSIVE_DAMAGE, SKIP_DEFEATED,
                                          PLAYER_VIEW)
"""Every setting an encounter keeps: the rule options and the table's own."""
OLD_VALUES: Mapping[tuple[str, Any], Any] = {("flat_checks", "auto"): "roll"}
"""Values as saves before bounded settings wrote them, and what they mean now."""


def check_settings(settings: Any, allowed: tuple[Setting, ...] = RULE_OPTIONS) -> dict[str, Any]:
    """``settings`` as a dict; ValueError naming an unknown key or value."""
    if settings is None:
        return {}
    if not isinstance(settings, dict):
        raise ValueError(f"settings must be a dict such as {{'crit_mode': 'roll-twice'}}, not {settings!r}")
    by_key = {s.key: s for s in allowed}
    for key, value in settings.items():
        if key not in by_key:
            raise ValueError(f"unknown setting {key!r}; known: {', '.join(by_key)}")
        by_key[key].choice(value)
    return dict(settings)


def setting(key: str) -> Setting:
    """The declaration of an encounter setting by key; ValueError for an unknown one."""
    for declared in ENCOUNTER_OPTIONS:
        if declared.key == key:
            return declared
    raise ValueError(f"unknown setting {key!r}; known: {', '.join(s.key for s in ENCOUNTER_OPTIONS)}")


__all__ = ["Choice", "Setting", "Number", "NUMBERS", "DAGGERHEART_TRAITS", "number_keys", "CRIT_MODE", "MASSIVE_DAMAGE", "FLAT_CHECKS", "SKIP_DEFEATED",
           "PLAYER_VIEW", "RULE_OPTIONS", "ENCOUNTER_OPTIONS", "OLD_VALUES", "check_settings", "setting"]
