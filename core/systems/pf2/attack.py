"""An attack as the PF2 pipeline sees it: its parts sorted, the instances they merge into."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from core.catalog.vocabulary import Vocabulary, vocabulary
from core.creature.model import RolledPart
from core.notation import DamagePart
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
