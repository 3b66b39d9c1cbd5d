"""One ready demo encounter per rule system, for a first run, ``--demo`` and the screenshots."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from core.text.i18n import N_, tr

if TYPE_CHECKING:   # imported when a demo is built, not when the CLI starts
    from core import Encounter

# (name, pc, initiative, defenses, traits, stats) per creature, per system.
Roster = list[tuple[str, bool, int, str, str, dict[str, int]]]

DEMOS: dict[str, tuple[str, Roster, list[tuple[str, str, dict[str, Any]]]]] = {
    "pf2e": (
        N_("Goblin Ambush"),
        [
            (N_("Valeros"), True, 24, "", "living", {"hp": 45, "temp_hp": 5}),
            (N_("Goblin Warrior 1"), False, 21, "weaknesses fire 5", "living", {"hp": 15}),
            (N_("Goblin Warrior 2"), False, 21, "weaknesses fire 5", "living", {"hp": 15}),
            (N_("Goblin Pyro"), False, 18, "resistances fire 5", "living", {"hp": 15}),
            (N_("Fire Elemental"), False, 15, "immunities fire; weaknesses cold 5", "living",
             {"hp": 40}),
            (N_("Seoni"), True, 12, "", "living", {"hp": 30}),
        ],
        [("Goblin Pyro", "11 slashing, 1d6 persistent bleed", {})],
    ),
    "sf2e": (
        N_("Vault of Sighs"),
        [
            (N_("Agent Ruiz"), True, 20, "", "living", {"hp": 38}),
            (N_("Sighing Ghost"), False, 17,
             "resistances all 5 (except force), physical 10 (except magical)", "undead",
             {"hp": 35}),
            (N_("Security Drone"), False, 14, "immunities bleed, poison; weaknesses electricity 5",
             "construct", {"hp": 22}),
            (N_("Navasi"), True, 9, "", "living", {"hp": 32}),
        ],
        [],
    ),
    "vitality-wounds": (
        N_("Werewolf Hunt"),
        [
            (N_("Agent Kade"), True, 19, "", "living", {"vitality": 20, "wounds": 12}),
            (N_("Werewolf"), False, 16, "vulnerable silver", "living", {"hp": 40}),
            (N_("Cultist"), False, 11, "", "living", {"vitality": 10, "wounds": 8}),
        ],
        [("Cultist", "3 persistent fire", {"persistent": True})],
    ),
    "daggerheart": (
        N_("Bandit Ambush"),
        [
            (N_("Marlowe"), True, 20, "", "living",
             {"hp": 6, "major": 7, "severe": 14, "armor": 3, "stress": 6}),
            (N_("Bandit Cutthroat"), False, 15, "", "living",
             {"hp": 4, "major": 6, "severe": 11, "armor": 0, "stress": 3}),
            (N_("Hedge Mage"), False, 12, "resistance magic", "living",
             {"hp": 5, "major": 8, "severe": 13, "armor": 0, "stress": 4}),  # SCENARIOS 5
        ],
        [],
    ),
    "d20-3e": (
        N_("Tavern Brawl"),
        [
            (N_("Tordek"), True, 17, "", "living", {"hp": 14}),
            (N_("Commoner"), False, 12, "", "living", {"hp": 10}),
            (N_("Thug"), False, 10, "", "living", {"hp": 13}),
            (N_("Skeleton"), False, 8, "immunities cold; resistance 5/-", "undead",
             {"hp": 6}),
        ],
        [],
    ),
}


# The table's numbers of the demos whose systems have them, so a first run shows
# the numbers line, rolled saves and the attack helper at work. Goblins as the Bestiary prints
# them; the others plausible for their level.
NUMBERS: dict[str, dict[str, dict[str, int]]] = {
    "pf2e": {
        "Valeros": {"level": 1, "ac": 18, "fort": 7, "ref": 5, "will": 4, "perception": 5},
        "Goblin Warrior 1": {"level": -1, "ac": 16, "fort": 5, "ref": 7, "will": 3, "perception": 2},
        "Goblin Warrior 2": {"level": -1, "ac": 16, "fort": 5, "ref": 7, "will": 3, "perception": 2},
        "Goblin Pyro": {"level": 1, "ac": 17, "fort": 5, "ref": 8, "will": 4, "perception": 6},
        "Fire Elemental": {"level": 5, "ac": 22, "fort": 11, "ref": 15, "will": 9, "perception": 11},
        "Seoni": {"level": 1, "ac": 16, "fort": 4, "ref": 5, "will": 8, "perception": 5},
    },
    # Starfinder 2e and Vitality & Wounds: typical foes of their level (the seeds print no
    # stat blocks), numbers as the PF2-family tables build them
    "sf2e": {
        "Agent Ruiz": {"level": 2, "ac": 18, "fort": 7, "ref": 9, "will": 6, "perception": 8},
        "Sighing Ghost": {"level": 3, "ac": 18, "fort": 7, "ref": 10, "will": 11, "perception": 10},
        "Security Drone": {"level": 1, "ac": 17, "fort": 6, "ref": 9, "will": 3, "perception": 7},
        "Navasi": {"level": 2, "ac": 17, "fort": 8, "ref": 7, "will": 7, "perception": 7},
    },
    "vitality-wounds": {
        "Agent Kade": {"level": 2, "ac": 18, "fort": 7, "ref": 9, "will": 6, "perception": 8},
        "Werewolf": {"level": 3, "ac": 19, "fort": 11, "ref": 9, "will": 7, "perception": 9},
        "Cultist": {"level": 0, "ac": 15, "fort": 4, "ref": 5, "will": 6, "perception": 5},
    },
    "d20-3e": {
        "Tordek": {"ac": 17, "touch": 10, "flat_footed": 17, "fort": 6, "ref": 1, "will": 1},
        "Commoner": {"ac": 10, "touch": 10, "flat_footed": 10, "fort": 0, "ref": 0, "will": 0},
        "Thug": {"ac": 12, "touch": 11, "flat_footed": 11, "fort": 3, "ref": 1, "will": 0},
        "Skeleton": {"ac": 13, "touch": 11, "flat_footed": 12, "fort": 0, "ref": 1, "will": 2},
    },
}
ATTACKS: dict[str, dict[str, list[tuple[str, str, int, tuple[str, ...]]]]] = {
    "pf2e": {name: [(N_("dogslicer"), "1d6 slashing", 7, ("agile", "backstabber", "finesse")),
                    (N_("shortbow"), "1d6 piercing", 6, ("ranged",))]
             for name in ("Goblin Warrior 1", "Goblin Warrior 2")},
    # the weapons seed 000 names (a laser deals fire, a seeker rifle piercing)
    "sf2e": {
        "Agent Ruiz": [(N_("seeker rifle"), "1d10 piercing", 9, ("ranged",)),
                       (N_("combat knife"), "1d4+2 slashing", 8, ("agile", "finesse"))],
        "Sighing Ghost": [(N_("ghostly hand"), "2d6+3 void", 11, ("agile", "finesse", "magical"))],
        "Security Drone": [(N_("stun zapper"), "1d8+2 electricity", 9, ("ranged",)),
                           (N_("ram"), "1d6+2 bludgeoning", 8, ())],
        "Navasi": [(N_("laser pistol"), "1d6 fire", 8, ("ranged",))],
    },
    # seed 001: a light pistol deals 2d4; silver bullets for the werewolf's vulnerability
    "vitality-wounds": {
        "Agent Kade": [(N_("light pistol"), "2d4 ballistic", 9, ("ranged",)),
                       (N_("light pistol, silver bullets"), "2d4 ballistic silver", 9, ("ranged",))],
        "Werewolf": [(N_("jaws"), "2d8+4 piercing", 12, ()), (N_("claw"), "2d6+4 slashing", 12, ("agile",))],
        "Cultist": [(N_("dagger"), "1d4+1 piercing", 6, ("agile", "finesse"))],
    },
}


def demo_encounter(system: str = "pf2e", *, rng: Any = None) -> Encounter:
    """A ready encounter for ``system`` (ValueError naming the systems for an unknown one)."""
    from core import Encounter, get_system

    rules = get_system(system)
    if system not in DEMOS:
        raise ValueError(tr("no demo for {system}; demos: {demos}", system=repr(system),
                            demos=", ".join(DEMOS)))
    name, roster, opening = DEMOS[system]
    encounter = Encounter(system=system, name=tr(name))   # the names in the GM's language
    ids: dict[str, str] = {}
    for creature_name, pc, initiative, defenses, traits, stats in roster:
        creature = rules.new_creature(tr(creature_name), pc=pc, defenses=defenses, traits=traits,
                                      numbers=NUMBERS.get(system, {}).get(creature_name),
                                      attacks=[(tr(label), *rest) for label, *rest
                                               in ATTACKS.get(system, {}).get(creature_name, ())],
                                      **stats)
        ids[creature_name] = encounter.add(creature, initiative=initiative)
    dice = rng if rng is not None else random.Random(7)
    for target, damage, options in opening:
        if options.get("persistent"):
            encounter.add_persistent(ids[target], damage)
        else:
            encounter.apply_damage([ids[target]], damage, rng=dice, **options)
    return encounter
