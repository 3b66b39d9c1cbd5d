"""An attack as the PF2 stages see it: its parts sorted, the instances they merge into, and
``Hit``, the work record of one hit that every stage reads and writes."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from core.catalog.vocabulary import Vocabulary, vocabulary
from core.creature.model import Breakdown, Creature, RolledPart
from core.notation import Applicable, DamagePart, Defenses
from core.systems.pf2.policy import Pf2Policy
from core.systems.pf2.track import Track
from core.text.i18n import game_term, tr


class Instance:
    """One damage instance in the pipeline (parts of the same type and traits merged)."""

    __slots__ = ("type", "keys", "amount", "precision", "dice", "source", "removed", "label",
                 "typed_total", "precision_traits")

    def __init__(self, part: DamagePart, keys: frozenset[str]) -> None:
        self.type = part.type
        self.keys = keys
        self.amount = 0
        self.precision = 0
        self.dice = 0
        self.source = part.source
        self.removed = False
        self.typed_total: str | None = None  # a part written as a bare total: no dice known
        self.precision_traits: frozenset[str] = frozenset()  # traits the precision parts carry
        label = game_term(part.type or part.source or "damage")
        extra = sorted(part.traits - {"nonlethal"})
        self.label = tr("{part} ({traits})", part=label,
                        traits=" ".join(game_term(t) for t in extra)) if extra else label

    def remove(self) -> None:
        """Nothing of this instance is dealt (an immunity, the creature's kind, an effect)."""
        self.amount = self.precision = 0
        self.removed = True


def part_keys(vocab: Vocabulary, part: DamagePart, damage_type: str | None = None) -> frozenset[str]:
    """Selector keys of a part: its type, category, traits, source word, ``all``."""
    return _selector_keys(vocab.system, damage_type or part.type, part.traits, part.source)


@cache  # a handful of distinct parts per table; this runs for every part of every preview
def _selector_keys(system: str, damage_type: str | None, traits: frozenset[str],
                   source: str | None) -> frozenset[str]:
    keys = vocabulary(system).keys_for(damage_type, traits)
    return keys | {source} if source else keys


@dataclass
class Attack:
    """One hit's parts, sorted by what the pipeline does with them (RULES §2)."""

    main: list[RolledPart]         # dealt now: rolled, floored, merged, doubled or halved
    on_crit: list[RolledPart]      # added after doubling (Step 3.2)
    persistent: list[RolledPart]   # become conditions, deal nothing now

    @classmethod
    def sort(cls, hit: tuple[RolledPart, ...], crit: bool, tick: bool) -> Attack:
        """A tick deals its persistent damage now; an on-crit part exists only on a critical."""
        attack = cls([], [], [])
        for rp in hit:
            part = rp.part
            if part.on_crit and not crit:
                continue
            if part.persistent and not tick:
                attack.persistent.append(rp)  # bleed in pf2e/sf2e too: parsed as persistent
            elif part.on_crit:
                attack.on_crit.append(rp)
            else:
                attack.main.append(rp)
        return attack

    @property
    def effects(self) -> frozenset[str]:
        """The effect traits every part of the attack carries (Step 3.1)."""
        return frozenset().union(*(rp.part.effects for rp in (*self.main, *self.on_crit,
                                                              *self.persistent)))


@dataclass(eq=False)
class Hit:
    """One hit on one creature, worked through the stages of RULES §2: what the system says
    (policy, vocabulary, track), what the GM set up, and what each stage leaves for the next."""

    policy: Pf2Policy
    vocabulary: Vocabulary
    track: Track
    work: Creature                  # the creature's copy the hit changes
    parts: tuple[RolledPart, ...]   # the hit as rolled
    defenses: Defenses
    steps: Breakdown
    crit: bool                      # a critical hit (until an immunity makes it a normal one)
    twice: bool                     # a critical rolled twice (encounter setting): nothing doubled
    save: str | None
    nonlethal: bool
    tick: bool = False              # a persistent condition's tick: its damage dealt now
    tick_factor: float = 1.0        # the condition's stored factor (RULES §2.4)
    # left by the stages, in their order
    attack: Attack = field(default_factory=lambda: Attack([], [], []))
    floored: list[int] = field(default_factory=list)
    instances: list[Instance] = field(default_factory=list)
    by_key: dict[tuple[Any, ...], Instance] = field(default_factory=dict)
    looked: list[Applicable] = field(default_factory=list)
    wounds: int = 0                 # vitality-wounds: Wounds from vulnerability, past Vitality
    total: int = 0

    def keys(self, part: DamagePart, damage_type: str | None = None) -> frozenset[str]:
        """A part's selector keys in the system's vocabulary."""
        return part_keys(self.vocabulary, part, damage_type)

    def attack_keys(self) -> list[frozenset[str]]:
        """The selector keys of every part of the hit (for what is decided for the whole attack)."""
        return [self.keys(rp.part) for rp in self.parts]
