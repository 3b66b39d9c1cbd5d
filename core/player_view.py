"""What the players may see of an encounter (issue 20): one pure function, on the GM's side.

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

from core.conditions import summary
from core.i18n import N_, game_term, listing, ntr, tr
from core.turns import is_defeated

if TYPE_CHECKING:
    from core.encounter import Encounter
    from core.ledger import Event
    from core.model import Creature

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
    """One creature as the players see it."""

    id: str
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
    unseen_up: bool = False
    """Whether a creature the players do not see has the turn (no one named, no one up)."""


def player_view(encounter: Encounter, log_lines: int = LOG_LINES) -> PlayerView:
    """What the players may see of ``encounter``: hidden creatures left out, adversaries by
    the ``player_view`` setting, the last ``log_lines`` lines they may read."""
    setting = encounter.settings.get("player_view", "status")
    order = encounter.order
    seen = [cid for cid in order if not encounter.creature(cid).hidden]
    up_id, round_ = _seen_turn(encounter, set(seen))
    creatures = []
    for cid in seen:
        creature = encounter.creature(cid)
        creatures.append(SeenCreature(cid, creature.name, creature.pc,
                                      _health(encounter, creature, setting),
                                      condition_words(creature, encounter.system), cid == up_id))
    up = encounter.creature(up_id).name if up_id is not None else ""
    counts = encounter.rules.counts_rounds
    return PlayerView(encounter.rules.name, round_ if counts else None, up,
                      _turn_words(round_ if counts else None, up), tuple(creatures),
                      _log(encounter, setting, log_lines),
                      encounter.active is not None and up_id is None)


def _seen_turn(encounter: Encounter, seen: set[str]) -> tuple[str | None, int]:
    """Whose turn the players see, and the round: a hidden creature's turn shows no one up
    (not the creature before it, whose turn is over) and names no one."""
    active, round_ = encounter.active, encounter.round
    return (active if active in seen else None), round_


def condition_words(creature: Creature, system: str) -> str:
    """Every condition in words, persistent damage too: ``frightened 2 · persistent 1d6 bleed``."""
    words = [summary(creature, system)] + [tr("persistent {condition}", condition=p.label)
                                           for p in creature.persistent]
    return " · ".join(w for w in words if w)


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
        words = [f"HP {creature.hp}/{creature.max_hp}{temp}"]
        if creature.subdual:
            words.append(tr("{subdual} {value}", subdual=game_term("subdual"), value=creature.subdual))
    if creature.stress:
        words.append(tr("Stress {slots}", slots=_slots(creature.stress_marked, creature.stress)))
    return " · ".join(words)


def _slots(marked: int, total: int) -> str:
    return "■" * marked + "□" * max(0, total - marked)


# ---------------------------------------------------------------------- the log
def _log(encounter: Encounter, setting: str, lines: int) -> tuple[str, ...]:
    """The last ``lines`` events the players may read, oldest first, in words they may see."""
    if lines <= 0:
        return ()
    hidden_ids, hidden_names, names = _hidden(encounter)
    out: list[str] = []
    for event in reversed(encounter.log):
        line = _log_line(encounter, event, setting, hidden_ids, hidden_names, names)
        if line:
            out.append(line)
            if len(out) == lines:
                break
    return tuple(reversed(out))


def _log_line(encounter: Encounter, event: Event, setting: str, hidden_ids: set[str],
              hidden_names: set[str], names: Mapping[str, str]) -> str:
    """One event for the players, or "" when it is not theirs to read."""
    ids = event.changed_ids
    words = " ".join((event.text, event.actor))
    if ids & hidden_ids or any(name in words for name in hidden_names):
        return ""
    if event.kind in PLAIN_KINDS:
        return event.headline
    if event.kind not in NUMBER_KINDS:
        return ""  # the GM's own steps: settings, edits, Fear, flat checks, visibility
    pcs = all(cid in encounter.creatures and encounter.creature(cid).pc for cid in ids)
    if pcs or setting == "numbers":
        return event.headline
    order = encounter.order
    placed = sorted(ids, key=lambda cid: (order.index(cid) if cid in order else len(order), cid))
    who = [names.get(cid, tr("someone")) for cid in placed] or [tr("someone")]
    return NUMBER_KINDS[event.kind](len(who), listing(who))


def _hidden(encounter: Encounter) -> tuple[set[str], set[str], dict[str, str]]:
    """The ids and names of every creature hidden now, or hidden when it left the roster;
    and every creature's last known name, by id."""
    hidden: dict[str, bool] = {}
    names: dict[str, str] = {}
    for event in encounter.log:
        for change in event.changes:
            state = change.after if change.after is not None else change.before
            _learn(change.id, state, hidden, names)
    for cid, creature in encounter.creatures.items():
        hidden[cid] = creature.hidden
        names[cid] = creature.name
    ids = {cid for cid, is_hidden in hidden.items() if is_hidden}
    return ids, {names[cid] for cid in ids if cid in names}, names


def _learn(cid: str, state: Mapping[str, Any] | None, hidden: dict[str, bool],
           names: dict[str, str]) -> None:
    """What a change says of a creature: whether it was hidden, and its name."""
    if not state:
        return
    if "hidden" in state:
        hidden[cid] = state["hidden"] is True
    if isinstance(state.get("name"), str):
        names[cid] = state["name"]

