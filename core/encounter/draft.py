"""A damage entry being written: the text, its kept dice, the options, and what it would do.

The damage form renders a ``DamageDraft``; the rules of the entry live here, tested in
milliseconds: one roll for every target, and "change an option, keep the dice" —
a critical, a multiplier, a save, an Armor slot or direct damage never rerolls; only new
text or an explicit reroll rolls again. An attack the helper calls a miss deals no damage
until the GM confirms it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from core.creature.conditions import cannot_act
from core.creature.model import Outcome, Roll, Step
from core.dice.expression import RandomSource, _default_rng
from core.text.errors import ParseError
from core.text.i18n import game_term, listing, tr
from core.text.japanese import normalise, term

if TYPE_CHECKING:
    from core.encounter import DamagePreview, Encounter
    from core.systems.base import AttackRoll, RuleSystem
    from core.table.rolls import AttackResult, SaveRoll, SaveRolls


MISS_SUMMARY = "miss: no damage"
"""What a target's preview says while a miss is not confirmed."""


class Hit(NamedTuple):
    """A hit's notation as last rolled, and the roll it got."""

    text: str
    roll: Roll


def default_actor(encounter: Encounter, target_ids: Sequence[str]) -> str | None:
    """Who acts in a new damage entry: the active creature, unless it is a target (a creature
    seldom hits itself) or cannot act (dead, dying, unconscious, paralyzed …); then nobody
    (a guess wrote a PC hitting a PC into the log). The GM names them with f2."""
    active = encounter.active
    if active is None or active in target_ids or cannot_act(encounter.creature(active)):
        return None
    return active


def find_actors(encounter: Encounter, query: str, target_ids: Sequence[str] = ()) -> list[str]:
    """The creatures a few typed letters mean, best first (the f2 picker).

    A whole name, then names with every typed word as a word (``1`` is Goblin 1, not
    Goblin 10), then a name that starts so, then names whose words start with the typed
    words, then any name that contains it; case is ignored. Among equals the targets come
    last (a creature seldom hits itself), then the initiative order. An empty query: all.
    """
    words = query.casefold().split()
    wanted = " ".join(words)
    ranked = []
    for place, cid in enumerate(encounter.order):
        name = encounter.creature(cid).name.casefold()
        rank = _match_rank(name, wanted, words)
        if rank is not None:
            ranked.append((rank, cid in target_ids, place, cid))
    return [cid for *_, cid in sorted(ranked)]


def _match_rank(name: str, wanted: str, words: list[str]) -> int | None:
    """How well ``name`` matches (0 best), or None; every name matches an empty query."""
    own = name.split()
    tests = (
        name == wanted,
        all(w in own for w in words),
        name.startswith(wanted),
        all(any(o.startswith(w) for o in own) for w in words),
        wanted in name,
    )
    return next((rank for rank, passed in enumerate(tests) if passed), None)


SAVE_NAMES = {"fort": "fort", "fortitude": "fort", "ref": "ref", "reflex": "ref", "will": "will"}
_SAVE_LABELS = {"fort": "Fort", "ref": "Ref", "will": "Will"}


def _save_names() -> dict[str, str]:
    """The words of a save: English (``ref``, ``reflex``) and the glossary's (``反応``)."""
    return {**SAVE_NAMES, **{term(label): key for key, label in _SAVE_LABELS.items()}}


def read_save_and_dc(text: str, save: str = "ref") -> tuple[str, int]:
    """The save and DC the GM typed for rolled saves: ``ref 20``, ``Will DC 18``, ``反応 21``,
    ``20`` (then ``save``); ValueError saying what is wrong, in the GM's language."""
    names = _save_names()
    # a save word, DC and a number may touch (反応21, DC21): each is a word of its own
    spaced = re.sub(r"([+-]?\d+)", r" \1 ", normalise(text).replace(",", " ").lower())
    words = re.sub(r"(?<![a-z])dc(?![a-z])", " dc ", spaced).split()
    numbers = [w for w in words if w.lstrip("-").isdigit()]
    named = [names[w] for w in words if w in names]
    unknown = [w for w in words if w not in names and w not in numbers and w != "dc"]
    if unknown or len(numbers) != 1 or len(named) > 1:
        saves = listing(game_term(label) for label in _SAVE_LABELS.values())
        raise ValueError(tr("type the save and the DC, such as {example} ({saves})",
                            example=f"{game_term('Ref')} 20", saves=saves))
    dc = int(numbers[0])
    if not 0 <= dc <= 999:
        raise ValueError(tr("a DC is 0 to 999, not {dc}", dc=dc))
    return (named[0] if named else save), dc


NUMBER_WORDS = {"fortitude": "fort", "reflex": "ref", "per": "perception", "atk": "attack",
                "flat-footed": "flat_footed", "flat footed": "flat_footed", "ff": "flat_footed"}
_NAMED_NUMBER = re.compile(r"([^\W\d](?:[^\W\d]|[ -])*?)\s*([+-]?\d+)")
_BETWEEN_NUMBERS = re.compile(r"[\s,;·]*")


def read_numbers(system: str, text: str) -> dict[str, int]:
    """The numbers the GM typed as a block prints them (``AC 17 · Fort +5 Ref +8 Will +4 ·
    Per +6``, the wiki's ``AC 18；頑健 +9、反応 +7``), only the system's (RULES §8), each named
    in English or by the glossary's word; ParseError at a word it does not have."""
    from core.catalog.capabilities import NUMBERS

    numbers = NUMBERS.get(system, ())
    known = {n.key: n.key for n in numbers}
    known.update({n.label.lower(): n.key for n in numbers})
    known.update({term(n.label).lower(): n.key for n in numbers})
    folded = normalise(text)
    found: dict[str, int] = {}
    at = _BETWEEN_NUMBERS.match(folded, 0).end()   # type: ignore[union-attr]  # * always matches
    while at < len(folded):
        named = _NAMED_NUMBER.match(folded, at)
        if named is None:
            rest = text[at:].split()[0] if text[at:].split() else text[at:]
            example = " ".join(f"{game_term(n.label)} {'+5' if n.signed else 17}" for n in numbers[:3])
            raise ParseError(tr("not a number with its name: {text!r} (type {example} …)",
                                text=rest.strip(",;、；"), example=example), at)
        word = named.group(1).strip().lower()
        key = known.get(NUMBER_WORDS.get(word, word))
        if key is None:
            raise ParseError(tr("{word!r} is not a number here; {labels} are", word=word,
                                labels=listing(game_term(n.label) for n in numbers)), at)
        found[key] = int(named.group(2))
        at = _BETWEEN_NUMBERS.match(folded, named.end()).end()   # type: ignore[union-attr]
    return found


PERCEPTION_IS_INITIATIVE = frozenset({"pf2e", "sf2e", "vitality-wounds"})
"""The systems whose Perception is the initiative modifier (RULES §8, the PF2 family)."""


def init_mod_from_numbers(system: str, numbers: dict[str, int], typed: int,
                          before: int | None = None) -> int:
    """The initiative modifier with these numbers: in the PF2 family a typed Perception, as a
    pasted block's (RULES §8), unless the GM typed a modifier (not 0, nor ``before``: the
    Perception it came from)."""
    if system not in PERCEPTION_IS_INITIATIVE or "perception" not in numbers:
        return typed
    return numbers["perception"] if typed in (0, before) else typed


class ShownAttack(NamedTuple):
    """An attack roll as the damage form keeps it: the verdict and the words to show and log."""

    result: str                 # "critical", "hit" or "miss"
    text: str


def shown_attack(rolled: AttackResult) -> ShownAttack:
    """``rolled`` (``Encounter.attack``) in the damage form's words: the verdict first."""
    verdict = {"critical": "CRITICAL HIT", "hit": "HIT", "miss": "MISS"}[rolled.result]
    # the die first: at 80 columns the line ends cut, and the roll must not be what is cut
    roll = next((step for step in rolled.steps if step.startswith("d20")), rolled.steps[-1])
    rest = [_short_map(step) for step in rolled.steps if step != roll]
    rest.sort(key=lambda step: not step.startswith("MAP "))     # the MAP before the attack's name
    return ShownAttack(rolled.result, f"{verdict}: " + " · ".join([roll, *rest]))


def _short_map(step: str) -> str:
    """``multiple attack penalty: attack 2 of the turn −4 (agile)`` as ``MAP −4 (attack 2,
    agile)``: the verdict's line is one line at 80 columns."""
    import re

    found = re.fullmatch(r"multiple attack penalty: attack (\d) of the turn −(\d+)( \(agile\))?"
                         r"( \(the GM's step\))?", step)
    if found is None:
        return step
    number, penalty, agile, gm = found.groups()
    return f"MAP −{penalty} (attack {number}" + (", agile" if agile else "") + (", the GM's" if gm else "") + ")"


def restep(rolled: AttackResult, step: int) -> AttackResult:
    """The same d20 read at another MAP step (the GM changes it, RULES §9): the bonus, the
    total, the degree and the verdict follow; nothing is rolled again."""
    from core.table.numbers import degree
    from core.table.rolls import map_penalty

    if rolled.map_step is None:
        raise ValueError("only the Pathfinder family has a multiple attack penalty")
    bonus = rolled.bonus + map_penalty(rolled.attack, rolled.map_step) - map_penalty(rolled.attack, step)
    total = rolled.natural + bonus
    got = degree(total, rolled.dc, rolled.natural)
    hit, critical = got in ("success", "critical-success"), got == "critical-success"
    shown = rolled.roll_steps[-1].split(" vs ", 1)[-1].rsplit(": ", 1)[0]
    word = "critical hit" if critical else "hit" if hit else "miss"
    steps = [rolled.roll_steps[0]]
    if step:
        penalty = map_penalty(rolled.attack, step)
        steps.append(f"multiple attack penalty: attack {step + 1} of the turn −{penalty}"
                     + (" (agile)" if "agile" in rolled.attack.traits else "") + " (the GM's step)")
    steps.append(f"d20 {rolled.natural}{bonus:+d} = {total} vs {shown}: {word} ({got.replace('-', ' ')})")
    return replace(rolled, bonus=bonus, total=total, hit=hit, critical=critical, degree=got, map_step=step,
                   roll_steps=(*steps, *rolled.roll_steps[2 + (1 if rolled.map_step else 0):]))


NOTHING = "0"
"""The damage of a save with no damage (RULES §10: a bare 0 deals nothing in every system)."""


def minion_choices(encounter: Encounter, preview: DamagePreview) -> tuple[int, list[str]]:
    """Daggerheart Minion (X) (RULES §9): how many more Minions the previewed hit defeats, and
    the Minions the GM may pick, in the order (not a target, not already defeated)."""
    from core.creature.conditions import is_defeated

    more = sum(outcome.minions for outcome in preview.outcomes.values())
    if not more:
        return 0, []
    return more, [cid for cid in encounter.order if cid not in preview.outcomes
                  and "minion" in encounter.creature(cid).numbers
                  and not is_defeated(encounter.creature(cid))]


def with_minions(encounter: Encounter, preview: DamagePreview, picked: Sequence[str]) -> DamagePreview:
    """``preview`` with the picked Minions defeated by the same hit: one change, one undo step."""
    if not picked:
        return preview
    source = ", ".join(encounter.creature(cid).name for cid, o in preview.outcomes.items() if o.minions)
    defeats = {cid: encounter.rules.resolve_minion_defeat(encounter.creature(cid), source)
               for cid in dict.fromkeys(picked) if cid not in preview.outcomes}
    return replace(preview, outcomes={**preview.outcomes, **defeats},
                   options={**preview.options, "minions": tuple(defeats)})


def typed_total(roll: Roll) -> bool:
    """Whether every part of ``roll`` was typed as a total (no die was rolled by the app)."""
    return not any(part.faces for hit in roll.hits for part in hit)


def roll_source(roll: Roll) -> str:
    """Where the dice of ``roll`` came from, for the roll line: the app, the table or nowhere.

    ``2d4+1=7`` names its dice but was rolled at the table (RULES §6); ``14`` has no dice.
    """
    if not typed_total(roll):
        return tr("app rolled (^r: reroll)")
    if any(part.part.amount is not None and part.part.amount.dice_count
           for hit in roll.hits for part in hit):
        return tr("rolled at the table")
    return tr("typed total")


class DamageDraft:
    """The state of one damage entry against ``targets``, and its preview.

    Changing the state never rolls: ``preview`` (and ``commit``) roll what is new — dice
    for changed text, or every die after ``reroll`` — and otherwise re-read the kept dice
    under the current options (``RuleSystem.with_critical`` rolls only extra critical dice,
    and keeps them too).
    """

    def __init__(self, rules: RuleSystem, targets: Iterable[str], rng: RandomSource | None = None,
                 actor: str | None = None) -> None:
        """A blank entry for ``targets`` by ``rules``; dice go through ``rng``."""
        self.rules = rules
        self.targets: tuple[str, ...] = tuple(dict.fromkeys(targets))
        self.rng = rng if rng is not None else _default_rng
        offered = rules.save_choices if rules.save_offered is None else rules.save_offered
        self.save_cycle: tuple[str | None, ...] = (None, *(c for c in offered if c is not None))
        """No save first, then the save results the system offers the GM."""
        self.text = ""
        """The damage being typed (the last valid text: the form keeps a wrong one to itself)."""
        self.hits: list[str] = []
        """Earlier hits kept with ``+``, totalled with ``text`` (RULES §3 for Daggerheart)."""
        self.critical = False
        self.multiplier = rules.critical_multipliers[0] if rules.critical_multipliers else 2
        self.nonlethal = False
        self.direct = False
        self.saves: dict[str, str | None] = dict.fromkeys(self.targets)
        self.armor_slots: dict[str, bool] = dict.fromkeys(self.targets, False)
        self.actor = actor
        """Who deals the damage (a creature id), named in the log only."""
        self.attack: AttackRoll | ShownAttack | None = None
        """The attack helper's last roll, logged with the damage (d20 3.0)."""
        self.miss_confirmed = False
        """The GM said the damage lands although the attack helper called a miss."""
        self.save_rolls: dict[str, SaveRoll] = {}
        """The saves the app rolled, kept to show; the GM may still change a degree."""
        self._rolled: Hit | None = None                 # ``text`` as last rolled, and its roll
        self._kept: Roll | None = None                  # the earlier hits' roll, combined
        self._reroll = False

    # ------------------------------------------------------------------ options
    @property
    def has_saves(self) -> bool:
        """Whether the system has save results to choose from."""
        return len(self.save_cycle) > 1

    @property
    def critical_value(self) -> bool | int:
        """The core's ``critical=``: False, True, or the chosen multiplier where there are some."""
        if not self.critical:
            return False
        return self.multiplier if self.rules.critical_multipliers else True

    def toggle_critical(self) -> None:
        """Critical on or off: the same dice, read as a critical by the rules."""
        self.critical = not self.critical

    def set_critical(self, on: bool) -> None:
        """Critical on or off (the attack helper's verdict)."""
        self.critical = bool(on)

    def toggle_nonlethal(self) -> None:
        """Nonlethal (subdual) on or off, where the system has nonlethal damage."""
        if self.rules.has_nonlethal:
            self.nonlethal = not self.nonlethal

    def cycle_multiplier(self) -> None:
        """The next critical multiplier (d20 3.0: ×2 → ×3 → ×4 → ×2); nothing where there are none."""
        choices = self.rules.critical_multipliers
        if choices:
            self.multiplier = choices[(choices.index(self.multiplier) + 1) % len(choices)]

    def toggle_direct(self) -> None:
        """Direct damage on or off, where the system has it (no Armor slot reduces it)."""
        if self.rules.has_direct_damage:
            self.direct = not self.direct

    def armor_slot(self, target: str) -> bool:
        """Whether ``target`` marks an Armor slot (never for direct damage)."""
        return self.armor_slots[target] and not self.direct

    def toggle_armor(self, target: str, free_slots: int = 1) -> bool:
        """``target`` (with ``free_slots`` unmarked) marks an Armor slot, or not; False where
        that cannot change: no Armor slots in the system, direct damage, or none free."""
        if not self.rules.has_armor_slots or self.direct or free_slots <= 0:
            return False
        self.armor_slots[target] = not self.armor_slots[target]
        return True

    @property
    def typed_nonlethal(self) -> bool:
        """Whether the damage typed is nonlethal by its own words (``1d3+1 subdual``)."""
        try:
            return bool(self.text) and self.rules.parse_damage(self.text).nonlethal
        except ValueError:
            return False

    def set_save(self, target: str, save: str | None) -> bool:
        """Set ``target``'s save result; False for a result this system does not have."""
        if not self.has_saves or save not in self.save_cycle:
            return False
        self.saves[target] = save
        return True

    def set_rolled_saves(self, rolls: SaveRolls) -> None:
        """Each target's rolled save: its degree becomes the target's save result."""
        for target, roll in rolls.rolls.items():
            # a degree the system rolls but does not offer (Daggerheart's matching Duality
            # Dice: a critical success) is kept as rolled
            if target in self.saves and self.has_saves and roll.degree in self.rules.save_choices:
                self.saves[target] = roll.degree
                self.save_rolls[target] = roll

    def rolled_save(self, target: str) -> SaveRoll | None:
        """``target``'s rolled save, while its save result is still the rolled one."""
        roll = self.save_rolls.get(target)
        return roll if roll is not None and self.saves.get(target) == roll.degree else None

    def cycle_save(self, target: str, step: int) -> bool:
        """``target``'s next (step 1) or previous (-1) save result."""
        save = self.saves[target]
        index = self.save_cycle.index(save) if save in self.save_cycle else 0   # a rolled degree not offered
        return self.set_save(target, self.save_cycle[(index + step) % len(self.save_cycle)])

    def copy_save(self, target: str) -> bool:
        """Give every target ``target``'s save result."""
        if not self.has_saves:
            return False
        for other in self.targets:
            self.saves[other] = self.saves[target]
        return True

    def set_attack(self, attack: AttackRoll | ShownAttack) -> None:
        """The attack helper rolled ``attack``: a critical sets the critical option."""
        self.attack = attack
        self.critical = attack.result == "critical"
        self.miss_confirmed = False  # a new miss asks again

    @property
    def missed(self) -> bool:
        """Whether the attack helper's last roll missed (apply only if the GM says so)."""
        return self.attack is not None and self.attack.result == "miss"

    def confirm_miss(self) -> None:
        """The GM says the damage lands anyway: preview and commit the damage rolled."""
        self.miss_confirmed = True

    @property
    def no_damage(self) -> bool:
        """A miss not confirmed: the preview and the commit deal nothing, and log the attack."""
        return self.missed and not self.miss_confirmed

    # ------------------------------------------------------------------ text and dice
    def set_text(self, text: str) -> None:
        """The damage as typed (valid notation: a wrong text is kept out by the caller)."""
        self.text = text.strip()

    def reroll(self) -> None:
        """Roll every die again at the next preview, earlier hits included."""
        self._reroll = True

    def add_hit(self) -> bool:
        """Keep the current hit with its roll and start another; False with nothing rolled."""
        if not self.text or self._rolled is None or self._rolled.text != self.text:
            return False
        roll = self._rolled.roll
        self._kept = roll if self._kept is None else self.rules.combine(self._kept, roll)
        self.hits.append(self.text)
        self.text = ""
        self._rolled = None
        return True

    @property
    def current(self) -> Hit | None:
        """The hit being typed as last rolled (None before its first preview)."""
        return self._rolled

    @property
    def texts(self) -> tuple[str, ...]:
        """Every hit's notation: the kept ones, then the one being typed."""
        return tuple(self.hits) + ((self.text,) if self.text else ())

    def roll(self, settings: dict[str, Any] | None = None) -> Roll | None:
        """The dice of every hit under the current options (None with nothing to roll).

        Rolls only what is new; otherwise the kept dice are re-read as a critical or not.
        """
        settings = settings or {}
        fresh, self._reroll = self._reroll, False
        if fresh and self.hits:
            self._kept = self._roll(list(self.hits), settings)
        elif self._kept is not None:
            self._kept = self._as_critical(self._kept, settings)
        if not self.text:
            self._rolled = None
        elif fresh or self._rolled is None or self._rolled.text != self.text:
            self._rolled = Hit(self.text, self._roll(self.text, settings))
        else:
            self._rolled = Hit(self.text, self._as_critical(self._rolled.roll, settings))
        rolls = [r for r in (self._kept, self._rolled and self._rolled.roll) if r is not None]
        if not rolls:
            return None
        return rolls[0] if len(rolls) == 1 else self.rules.combine(*rolls)

    @property
    def saves_only(self) -> bool:
        """No damage typed, but a save chosen for a target: a save with no damage."""
        return not self.texts and any(save is not None for save in self.saves.values())

    def _roll(self, damage: str | list[str], settings: dict[str, Any]) -> Roll:
        return self.rules.roll(damage, critical=self.critical_value, rng=self.rng, settings=settings)

    def _as_critical(self, roll: Roll, settings: dict[str, Any]) -> Roll:
        """``roll`` under the current critical option: the same dice, extra critical dice only."""
        value = self.critical_value
        if roll.critical == (0 if not value else 2 if value is True else value):
            return roll
        return self.rules.with_critical(roll, value, self.rng, settings)

    # ------------------------------------------------------------------ preview and commit
    def preview(self, encounter: Encounter, ids: Sequence[str] | None = None) -> DamagePreview | None:
        """What ``commit`` would apply to ``ids`` (the draft's targets by default), touching
        nothing but the dice; None with no damage yet. ValueError/ParseError for bad input."""
        roll = self.roll(encounter.settings)
        texts = self.texts
        if roll is None and self.saves_only:
            # RULES §10: a save with no damage (a condition, a spell that deals nothing) is
            # recorded: the degrees go in the log, with 0 damage
            texts = (NOTHING,)
            roll = self._roll(NOTHING, encounter.settings or {})
        if roll is None:
            return None
        ids = self.targets if ids is None else tuple(ids)
        damage: str | list[str] = texts[0] if len(texts) == 1 else list(texts)
        options: dict[str, Any] = {
            "saves": {cid: save for cid, save in self.saves.items() if save is not None and cid in ids},
            "critical": self.critical_value,
            "nonlethal": self.nonlethal,
        }
        if self.rules.has_direct_damage:
            options["direct"] = self.direct
        if self.rules.has_armor_slots and not self.direct:
            options["armor_slots"] = {cid: True for cid in ids if self.armor_slots.get(cid)}
        if self.actor is not None:          # who and the attack roll only go in the log
            options["actor"] = self.actor
        if self.attack is not None:
            options["attack"] = f"attack {self.attack.text}"
        preview = encounter.preview_damage(ids, damage, rng=self.rng, roll=roll, **options)
        rolled = {cid: self.rolled_save(cid) for cid in ids}
        if any(rolled.values()):       # each rolled save's die and total go in the log
            said = {cid: r.text.removeprefix(f"{r.target}: ").rsplit(": ", 1)[0]
                    for cid, r in rolled.items() if r is not None}
            preview = replace(preview, options={**preview.options, "save_rolls": said})
        return self._as_miss(preview) if self.no_damage else preview

    @staticmethod
    def _as_miss(preview: DamagePreview) -> DamagePreview:
        """``preview`` with no damage to anyone: the roll is kept to show, the attack logged."""
        outcomes = {cid: Outcome(target=outcome.target, total=0,
                                 records=(Step("note", "the attack missed: no damage"),),
                                 summary=MISS_SUMMARY)
                    for cid, outcome in preview.outcomes.items()}
        return replace(preview, outcomes=outcomes)

    def commit(self, encounter: Encounter, ids: Sequence[str] | None = None) -> dict[str, Any]:
        """Apply exactly what ``preview`` shows, as one undo step; the outcomes by id."""
        preview = self.preview(encounter, ids)
        if preview is None:
            raise ValueError(tr("no damage to apply: type the damage first (or choose the saves "
                                "of a save with no damage)"))
        return encounter.commit_damage(preview)


__all__ = ["DamageDraft", "Hit", "MISS_SUMMARY", "typed_total", "read_save_and_dc", "ShownAttack",
           "shown_attack", "restep", "read_numbers", "minion_choices", "with_minions"]
