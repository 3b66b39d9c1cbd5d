"""Per-system damage vocabulary read once from ``core/data/types.toml``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from core.data import read_text

CATEGORY_KEYS = ("physical", "energy", "alignment", "other", "damage")


#: Trait words that change no damage (RULES §10); the first word of a trait decides
#: (``reach 10 feet``, ``versatile p``, ``range increment 60 feet``).
#: Traits that change damage only in ways the app does not automate (``backstabber``,
#: ``forceful``, ``twin``, ``two-hand d10``, ``concussive``) are not here: they are not read.
TRAITS_WITHOUT_DAMAGE = frozenset({
    "agile", "finesse", "reach", "versatile", "ranged", "thrown", "range", "volley", "reload",
    "attached", "free-hand", "disarm", "grapple", "shove", "trip", "parry", "sweep", "unarmed",
    "monk", "brace", "concealable", "capacity", "repeating", "kickback", "hampering",
    "trained", "propulsive", "backswing", "tethered", "abjuration", "conjuration", "divination",
    "enchantment", "evocation", "illusion", "necromancy", "transmutation",
    "arcane", "divine", "occult", "primal", "fire", "cold", "electricity", "acid", "sonic",
    "force", "mental", "poison", "air", "earth", "water", "wood", "metal", "spirit", "vitality",
    "void", "positive", "negative", "light", "darkness", "shadow", "emotion", "fear", "sleep",
    "visual", "auditory", "aura", "fungus", "plant", "flourish", "press", "attack",
    "manipulate", "move", "concentrate", "incapacitation",
})


@dataclass(frozen=True)
class Vocabulary:
    """The words one system understands in damage and defense notation."""

    system: str
    types: dict[str, str]          # type -> category ("physical", "energy", …)
    aliases: dict[str, str]        # alias -> canonical word
    materials: frozenset[str]
    traits: frozenset[str]
    sources: frozenset[str]
    default_type: str | None
    type_required: bool
    effects: frozenset[str] = frozenset()           # effect traits (PF2 family, RULES §1)
    always_persistent: frozenset[str] = frozenset()  # types that are always persistent (bleed)
    shown: dict[str, str] = field(default_factory=dict)  # canonical word -> the system's own word
    immunities: frozenset[str] = frozenset()        # other stat-block immunity words

    def word(self, canonical: str) -> str:
        """The word this system shows for ``canonical`` (d20 3.0 says ``subdual`` for nonlethal)."""
        return self.shown.get(canonical, canonical)

    @property
    def categories(self) -> frozenset[str]:
        """Category words usable as selectors (``physical``, ``energy``)."""
        return frozenset(c for c in self.types.values() if c not in ("other", "damage"))

    def canonical(self, word: str) -> str:
        """The canonical form of ``word`` (alias resolved, lower case)."""
        w = word.lower()
        return self.aliases.get(w, w)  # every alias is written in lower case (types.toml, glossary)

    def known_words(self) -> list[str]:
        """Every word this vocabulary accepts, for suggestions."""
        return sorted({*self.types, *self.aliases, *self.materials, *self.traits, *self.sources,
                       *self.effects})

    def keys_for(self, damage_type: str | None, traits: frozenset[str]) -> frozenset[str]:
        """Selector words that match a part of this type with these traits."""
        keys = set(traits)
        keys.add("all")
        if damage_type:
            keys.add(damage_type)
            category = self.types.get(damage_type)
            if category and category not in ("other", "damage"):
                keys.add(category)
        return frozenset(keys)


@cache
def _data() -> dict[str, Any]:
    text = read_text("types.toml")
    return tomllib.loads(text)


@cache
def damage_ladder() -> tuple[str, ...]:
    """The vitality-wounds damage-step ladder, step 1 first."""
    return tuple(_data()["ladder"]["steps"])


@cache
def ladder_aliases() -> dict[str, int]:
    """Other spellings of ladder steps (``1d8`` is step 6)."""
    return dict(_data()["ladder"].get("aliases", {}))


@cache
def _every_type() -> frozenset[str]:
    """The damage type words of every system."""
    return frozenset(name for table in _data().values() if isinstance(table, dict)
                     for key in CATEGORY_KEYS for name in table.get(key, ()))


@cache
def vocabulary(system: str) -> Vocabulary:
    """The vocabulary of ``system`` (a system id)."""
    data = _data()
    common = data["common"]
    table = data[system]
    types: dict[str, str] = {}
    for key in CATEGORY_KEYS:
        for name in table.get(key, []):
            types[name] = key
    aliases = {k.lower() if k.isascii() else k: v for k, v in common["aliases"].items()}
    if system != "daggerheart":
        aliases.update({k.lower() if k.isascii() else k: v for k, v in data["family_aliases"].items()})
    family = system in ("pf2e", "sf2e", "vitality-wounds")
    if family:
        aliases.update(data["family"]["aliases"])
    aliases.update(table.get("aliases", {}))
    if system != "daggerheart":
        aliases.update(_japanese_aliases(types, aliases))
    for name in types:  # a type word is never an alias of something else in its own system
        aliases.pop(name, None)
    return Vocabulary(
        system=system,
        types=types,
        aliases=aliases,
        materials=frozenset(common["materials"]),
        traits=frozenset(common["traits"]) | frozenset(table.get("traits", ())),
        sources=frozenset(common["sources"]),
        default_type="physical" if system == "daggerheart" else None,
        type_required=family,
        effects=frozenset(data["family"]["effects"]) if family else frozenset(),
        always_persistent=frozenset(table.get("always_persistent", ())),
        shown=dict(table.get("shown", {})),
        # an effect trait, or another system's damage type, is a stat-block immunity word in
        # every system (d20: sleep, poison; Daggerheart: fire), kept and shown
        immunities=frozenset(common["immunities"]) | frozenset(data["family"]["effects"])
        | _every_type(),
    )


def _japanese_aliases(types: dict[str, str], aliases: dict[str, str]) -> dict[str, str]:
    """The glossary's Japanese damage words this system has no alias for yet."""
    from core.text.japanese import japanese_words

    common = _data()["common"]
    known = {*types, *types.values(), *common["materials"], *common["traits"]}
    return {ja: en for ja, en in japanese_words().items() if en in known and ja not in aliases}
