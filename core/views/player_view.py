"""What the players may see of an encounter: one pure function, on the GM's side.

As Improved Initiative's ``ToPlayerViewCombatantState`` does, the viewer never decides: it
draws what :func:`player_view` returns. Player characters come with their numbers;
adversaries as Healthy / Hurt / Bloodied / Defeated, as numbers or with no health at all
(the encounter's ``player_view`` setting); a creature the GM hid is not there at all, not
even in a log line. Defenses, stats, initiative modifiers and stat blocks are never read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from core.creature.conditions import is_defeated, summary_words
from core.text.i18n import N_, game_term, joined, listing, ntr, render, tr

if TYPE_CHECKING:
    from core.creature.model import Creature
    from core.encounter import Encounter
    from core.encounter.ledger import Event

HEALTHY, HURT, BLOODIED, DEFEATED = N_("Healthy"), N_("Hurt"), N_("Bloodied"), N_("Defeated")
"""Ids of the words (shown through :func:`tr`): the watch screen keys its colours by them."""
LOG_LINES = 4
"""Log lines the players see by default: the most recent ones they may read."""
PLAIN_KINDS = frozenset({"add", "remove", "turn", "condition", "initiative", "immunity"})
"""Events whose words name no hidden number: shown as the GM's log says them."""
NUMBER_KINDS: dict[str, Callable[[int, str], str]] = {
    "damage": lambda n, names: ntr("{names} takes damage", "{names} take damage", n, names=names),
    "heal": lambda n, names: ntr("{names} is healed", "{names} are healed", n, names=names),
    "tick": lambda n, names: ntr("{names} takes persistent damage",
                                 "{names} take persistent damage", n, names=names),
    "stress": lambda n, names: ntr("{names} marks or clears Stress", "{names} mark or clear Stress",
                                   n, names=names),
    "dying-check": lambda n, names: ntr("{names} makes a dying check", "{names} make dying checks",
                                        n, names=names)}

"""Events whose words carry a track's numbers: said in these words where numbers are not
the players' to see (an adversary while the setting is not ``numbers``)."""


@dataclass(frozen=True, slots=True)
class SeenCreature:
    """One creature as the players see it (no id: ids would count the creatures they do not see)."""

    name: str
    pc: bool
    health: str
    """A PC's numbers; an adversary's status word, its numbers or "" (the setting)."""
    conditions: str
    """Every condition in words (``frightened 2 · off-guard``), "" for none."""
    up: bool
    """Whether it is this creature's turn as the players see it."""


@dataclass(frozen=True, slots=True)
class PlayerView:
    """An encounter as its players may see it."""

    system: str
    round: int | None
    """None where the system counts no rounds (Daggerheart's spotlight)."""
    up: str
    """Whose turn it is (the spotlight), "" when no one the players see is up."""
    turn: str
    """The round and the turn in words: ``Round 2 · Kyra's turn``."""
    creatures: tuple[SeenCreature, ...]
    log: tuple[str, ...]


def player_view(encounter: Encounter, log_lines: int = LOG_LINES,
                language: str | None = None) -> PlayerView:
    """What the players may see of ``encounter``: hidden creatures left out, adversaries by
    the ``player_view`` setting, the last ``log_lines`` lines they may read; every word in
    the players' ``language`` (a language code; None: the app's), whatever language the
    fight was logged in."""
    view = _player_view(encounter, log_lines)
    if language is None:
        return view
    creatures = tuple(SeenCreature(c.name, c.pc, render(c.health, language),
                                   render(c.conditions, language), c.up) for c in view.creatures)
    return PlayerView(view.system, view.round, view.up, render(view.turn, language), creatures,
                      tuple(render(line, language) for line in view.log))


def _player_view(encounter: Encounter, log_lines: int) -> PlayerView:
    """:func:`player_view` in the language of the moment, every word remembering its phrase."""
    setting = encounter.settings.get("player_view", "status")
    order = encounter.order
    seen = [cid for cid in order if not encounter.creature(cid).hidden]
    up_id, round_ = _seen_turn(encounter, set(seen))
    creatures = []
    for cid in seen:
        creature = encounter.creature(cid)
        creatures.append(SeenCreature(creature.name, creature.pc,
                                      _health(encounter, creature, setting),
                                      condition_words(creature, encounter.system), cid == up_id))
    up = encounter.creature(up_id).name if up_id is not None else ""
    counts = encounter.rules.counts_rounds
    return PlayerView(encounter.rules.name, round_ if counts else None, up,
                      _turn_words(round_ if counts else None, up), tuple(creatures),
                      _log(encounter, setting, log_lines))


def _seen_turn(encounter: Encounter, seen: set[str]) -> tuple[str | None, int]:
    """Whose turn the players see, and the round: in a hidden creature's turn, the last
    creature they saw up is still up (in its round), as in Improved Initiative, so nothing
    tells them an unseen creature acts; before anyone they see has had a turn, no one."""
    active, round_ = encounter.active, encounter.round
    order = encounter.order
    if active is None or active in seen:
        return active, round_
    at = order.index(active)
    for back in range(1, len(order)):
        if at - back < 0 and round_ <= 1:
            break  # back past the first turn of the fight
        cid = order[(at - back) % len(order)]
        if cid in seen:
            return cid, round_ - 1 if at - back < 0 else round_
    return None, round_


def condition_words(creature: Creature, system: str) -> str:
    """Every condition in words, persistent damage too: ``frightened 2 · persistent 1d6 bleed``."""
    words = [*summary_words(creature, system),   # summary()'s words, each kept as its phrase
             *(tr("persistent {condition}", condition=p.label) for p in creature.persistent)]
    return joined(" · ", (w for w in words if w))


def _turn_words(round_: int | None, up: str) -> str:
    """``Round 2 · Kyra's turn``; ``The spotlight is on Kyra`` where there are no rounds."""
    if round_ is None:
        return tr("The spotlight is on {name}", name=up) if up else tr("The spotlight waits")
    return tr("Round {round} · {name}'s turn", round=round_, name=up) if up \
        else tr("Round {round}", round=round_)


def _health(encounter: Encounter, creature: Creature, setting: str) -> str:
    """A PC's numbers; an adversary's by the setting: a word, numbers, or nothing."""
    if creature.pc or setting == "numbers":
        return track_numbers(creature)
    if setting == "hidden":
        return ""
    return tr(health_word(encounter, creature))


def health_word(encounter: Encounter, creature: Creature) -> str:
    """Healthy, Hurt (below its maximum), Bloodied (half or less) or Defeated (0, or defeated)."""
    if is_defeated(creature):
        return DEFEATED
    if not (creature.max_hp or creature.max_vitality):
        return HEALTHY  # no track to measure: nothing to tell
    left = encounter.rules.track_fraction(creature)
    if left <= 0:
        return DEFEATED
    return BLOODIED if left <= 0.5 else HURT if left < 1 else HEALTHY


def track_numbers(creature: Creature) -> str:
    """A track in numbers: ``HP 38/45 +5 temp``, ``Vitality 12/20 · Wounds 8/10``, or
    Daggerheart's slots ``HP ■■□□□□ · Armor ■□□ · Stress ■□□□``; never a threshold."""
    if creature.major is not None or creature.severe is not None:
        words = [f"HP {_slots(creature.hp_marked, creature.max_hp or 0)}"]
        if creature.armor:
            words.append(tr("Armor {slots}", slots=_slots(creature.armor_marked, creature.armor)))
    elif creature.max_vitality is not None:
        words = [tr("{vitality} {now}/{most}", vitality=game_term("Vitality"), now=creature.vitality,
                    most=creature.max_vitality),
                 tr("{wounds} {now}/{most}", wounds=game_term("Wounds"), now=creature.wounds,
                    most=creature.max_wounds)]
    else:
        temp = tr(" +{value} temp", value=creature.temp_hp) if creature.temp_hp else ""
        words = [joined("", [f"HP {creature.hp}/{creature.max_hp}", temp])]
        if creature.subdual:
            words.append(tr("{subdual} {value}", subdual=game_term("subdual"), value=creature.subdual))
    if creature.stress:
        words.append(tr("Stress {slots}", slots=_slots(creature.stress_marked, creature.stress)))
    return joined(" · ", words)


def _slots(marked: int, total: int) -> str:
    return "■" * marked + "□" * max(0, total - marked)


# ---------------------------------------------------------------------- the log
def _log(encounter: Encounter, setting: str, lines: int) -> tuple[str, ...]:
    """The last ``lines`` events the players may read, oldest first, in words they may see.

    Walked from the newest back, undoing each event's changes to know who was hidden when:
    an event about a creature hidden at any moment from the event until now (hidden then,
    hidden later, hidden as it left) is left out, by id, whatever names it had or has. Shown
    again, a creature's later lines show; what came before it was hidden never does."""
    if lines <= 0:
        return ()
    names = {cid: creature.name for cid, creature in encounter.creatures.items()}
    hidden_since = {cid for cid, creature in encounter.creatures.items() if creature.hidden}
    events = encounter.log
    anyone_hidden = bool(hidden_since) or any(_ever_hidden(event) for event in events)
    out: list[str] = []
    for event in reversed(events):
        for change in event.changes:
            if any(side and _hidden_in(side) for side in (change.before, change.after)):
                hidden_since.add(change.id)
            if change.after is None and change.before is not None \
                    and isinstance(change.before.get("name"), str):  # left here: its last name
                names.setdefault(change.id, change.before["name"])
        if not event.about and anyone_hidden:
            continue  # a file from before events named their creatures: cannot tell
        secret = hidden_since.intersection(event.about)
        if secret and (event.kind not in NUMBER_KINDS or secret & event.changed_ids):
            continue
        # only who acted is secret (an unseen attacker): what it did, in words, without it
        line = _in_words(encounter, event, names) if secret else \
            _log_line(encounter, event, setting, names)
        if line:
            out.append(line)
            if len(out) == lines:
                break
    return tuple(reversed(out))


def _hidden_in(state: Mapping[str, Any]) -> bool | None:
    """A change's side: True/False where it says whether the creature is hidden, else None."""
    if "hidden" not in state:
        return None
    return state["hidden"] is True


def _ever_hidden(event: Event) -> bool:
    """Whether any side of the event's changes has a creature hidden."""
    return any(side and _hidden_in(side) for change in event.changes
               for side in (change.before, change.after))


def _log_line(encounter: Encounter, event: Event, setting: str, names: Mapping[str, str]) -> str:
    """One event for the players (none of its creatures secret), or "" when it is not theirs."""
    if event.kind in PLAIN_KINDS:
        return event.headline
    if event.kind not in NUMBER_KINDS:
        return ""  # the GM's own steps: settings, edits, Fear, flat checks, visibility
    ids = event.changed_ids
    pcs = all(cid in encounter.creatures and encounter.creature(cid).pc for cid in ids)
    if pcs or setting == "numbers":
        return event.headline
    return _in_words(encounter, event, names)


def _in_words(encounter: Encounter, event: Event, names: Mapping[str, str]) -> str:
    """A numbers event in words, naming only whom it changed: ``Ogre, Brute take damage``."""
    ids = event.changed_ids
    order = encounter.order
    placed = sorted(ids, key=lambda cid: (order.index(cid) if cid in order else len(order), cid))
    who = [names.get(cid, tr("someone")) for cid in placed] or [tr("someone")]
    return NUMBER_KINDS[event.kind](len(who), listing(who))
