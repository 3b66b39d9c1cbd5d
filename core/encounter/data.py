"""An encounter as plain TOML-ready data, and back: the roster, the settings and the ledger.

The writer keeps breakdown lines for the most recent events only; the reader checks every
field and raises :class:`core.text.errors.StateError` naming the first one that is missing or of
the wrong kind (``creatures[2].id``, ``ledger[0].round``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from core.creature.model import Creature
from core.creature.refusal import MISSING, Invalid, kind_words, must_be, read
from core.encounter.fields import check_against_roster, head_data, read_head
from core.encounter.ledger import Change, Event
from core.text.errors import StateError
from core.text.i18n import tr
from core.text.phrase import Phrase, problem
from core.text.plain_text import without_controls

if TYPE_CHECKING:   # the state of an encounter saved and read (not the facade: it imports this)
    from core.encounter.state import EncounterState as Encounter

DETAILS_KEPT = 200              # saved breakdown lines: the most recent events only

E = TypeVar("E", bound="Encounter")


def _typed(data: Mapping[str, Any], key: str, kind: type, where: str,
           default: Any = MISSING) -> Any:
    """``data[key]`` if it is a ``kind``; the default when absent; Invalid (a StateError) otherwise,
    in the one wording of every refused field (core.creature.refusal)."""
    return read(data, key, kind, where, default)


# ---------------------------------------------------------------------- events
def change_to_data(change: Change) -> dict[str, Any]:
    """TOML-ready data for one creature's part of an event."""
    out: dict[str, Any] = {"id": change.id}
    if change.before is not None:
        out["before"] = dict(change.before)
    if change.after is not None:
        out["after"] = dict(change.after)
    return out


def event_to_data(event: Event, details: bool = True) -> dict[str, Any]:
    """TOML-ready data for one event (``details``: keep its breakdown lines); its words are
    phrases (:mod:`core.text.phrase`), written as they are."""
    out: dict[str, Any] = {"text": event.phrase, "round": event.round, "kind": event.kind}
    if details and event.detail_phrases:
        out["details"] = list(event.detail_phrases)
        if event.closing:  # which of them close the turn that ended (a turn step)
            out["ended"] = event.ended
            out["closing"] = event.closing
    if event.changes:
        out["changes"] = [change_to_data(c) for c in event.changes]
    if event.meta_before or event.meta_after:
        out["meta_before"] = dict(event.meta_before)
        out["meta_after"] = dict(event.meta_after)
    if event.actor:
        out["actor"] = event.actor
    if event.short_phrase:
        out["short"] = event.short_phrase
    if event.target_phrases:
        out["targets"] = list(event.target_phrases)
    if event.about:
        out["about"] = list(event.about)
    return out


def _phrase(data: Mapping[str, Any], key: str, where: str, default: Any = MISSING) -> Phrase:
    """``data[key]`` as a phrase (literal text, or a phrase table); StateError naming it otherwise."""
    if key not in data and default is not MISSING:
        return cast(Phrase, default)
    value = data[key] if key in data else _typed(data, key, str, where)
    if type(value) not in (str, list, dict):   # the one wording, as every other field's
        raise must_be(f"{where}.{key}", tr("text or a phrase"), value)
    wrong = problem(value)
    if wrong:
        raise StateError(f"{where}.{key}", wrong)
    return cast(Phrase, value)


def _phrases(data: Mapping[str, Any], key: str, where: str) -> tuple[Phrase, ...]:
    """``data[key]``, a list of phrases (() when absent); StateError naming a bad one."""
    items = _typed(data, key, list, where, [])
    for i, item in enumerate(items):
        wrong = problem(item)
        if wrong:
            raise StateError(f"{where}.{key}[{i}]", wrong)
    return tuple(items)


def event_from_data(data: Any, where: str) -> Event:
    """Rebuild an event from :func:`event_to_data`; StateError names a bad field. Plain text
    (a file from before phrases) is kept as literal words."""
    if not isinstance(data, Mapping):
        raise StateError(where, "expected a table")
    changes = []
    for i, ch in enumerate(_typed(data, "changes", list, where, [])):
        w = f"{where}.changes[{i}]"
        if not isinstance(ch, Mapping):
            raise StateError(w, "expected a table")
        changes.append(Change(_typed(ch, "id", str, w), _typed(ch, "before", dict, w, None),
                              _typed(ch, "after", dict, w, None)))
    details = _phrases(data, "details", where)
    closing = _typed(data, "closing", int, where, 0)
    if not 0 <= closing <= len(details):
        raise StateError(f"{where}.closing", f"expected 0 to {len(details)} (the details)")
    return Event(
        _phrase(data, "text", where), _typed(data, "round", int, where),
        _typed(data, "kind", str, where, "event"),
        details, tuple(changes),
        _typed(data, "meta_before", dict, where, {}),
        _typed(data, "meta_after", dict, where, {}),
        _typed(data, "actor", str, where, ""),
        _phrase(data, "short", where, ""),
        _typed(data, "ended", str, where, ""), closing,
        _phrases(data, "targets", where),
        tuple(str(t) for t in _typed(data, "about", list, where, [])),
    )


# ---------------------------------------------------------------------- the encounter
def to_data(enc: Encounter) -> dict[str, Any]:
    """The whole encounter, ledger included, as plain TOML-ready data."""
    creatures = []
    for cid in enc.order:
        entry: dict[str, Any] = {"id": cid}
        entry.update(enc._state(cid))
        creatures.append(entry)
    done = enc._ledger.done
    keep_from = max(0, len(done) - DETAILS_KEPT)
    return {
        "encounter": head_data({
            "name": enc.name, "system": enc.system, "round": enc.round, "turn": enc.turn,
            "next_id": enc._next_id, "creatures": len(creatures), "fear": enc.fear,
            "strikes": enc.strikes_this_turn(), "party_level": enc.party_level}),
        "settings": dict(enc.settings),
        "creatures": creatures,
        "ledger": [event_to_data(e, details=i >= keep_from) for i, e in enumerate(done)],
        "redo": [event_to_data(e) for e in enc._ledger.undone],
    }


def from_data(cls: type[E], data: Mapping[str, Any]) -> E:
    """Rebuild an encounter of class ``cls`` from :func:`to_data`; StateError names a bad field."""
    if not isinstance(data, Mapping):
        raise must_be("encounter", kind_words(dict), data)
    data, removed = _without_controls(data)
    head = read_head(_typed(data, "encounter", dict, ""))
    enc = cls(head["system"], head["name"], _typed(data, "settings", dict, "", {}))
    enc.controls_removed = removed
    enc.round, enc.turn = head["round"], head["turn"]
    enc.fear, enc.party_level = head["fear"], head["party_level"]
    for i, entry in enumerate(_typed(data, "creatures", list, "", [])):
        _read_creature(enc, entry, i)
    numbers = [int(c[1:]) for c in enc.creatures if c[1:].isdigit()]
    enc._next_id = max(head["next_id"], max(numbers, default=0) + 1)
    enc._ledger.done = [event_from_data(e, f"ledger[{i}]")
                        for i, e in enumerate(_typed(data, "ledger", list, "", []))]
    enc._ledger.undone = [event_from_data(e, f"redo[{i}]")
                          for i, e in enumerate(_typed(data, "redo", list, "", []))]
    named = {cid for event in enc._ledger.done + enc._ledger.undone for cid in event.changed_ids}
    enc._high_id = max((int(c[1:]) for c in named | set(enc.creatures) if c[1:].isdigit()), default=0)
    check_against_roster(head, enc.order)
    enc.keep_strikes(head["strikes"])   # the MAP this turn (RULES §10)
    return enc


def _read_creature(enc: Encounter, entry: Any, i: int) -> None:
    """Put ``creatures[i]`` of the saved data into ``enc``, in its place in the order."""
    where = f"creatures[{i}]"
    if not isinstance(entry, Mapping):
        raise must_be(where, kind_words(dict), entry)
    state = dict(entry)
    try:
        _read_place(enc, state, where, i)
    except Invalid as exc:   # the one wording names the creature too: "creature 2 (Goblin) id …"
        name = state.get("name")
        exc.creature = exc.creature or (name if isinstance(name, str) else None)
        raise


def _read_place(enc: Encounter, state: dict[str, Any], where: str, i: int) -> None:
    """The creature of ``state`` put in ``enc`` with its id, initiative and place."""
    cid = _typed(state, "id", str, where)
    state.pop("id")
    initiative = _typed(state, "initiative", int, where, 0)
    seq = _typed(state, "seq", int, where, i)
    tie = _typed(state, "tie", int, where, 0)
    state.pop("initiative", None)
    state.pop("seq", None)
    state.pop("tie", None)
    if cid in enc.creatures:
        raise StateError(f"{where}.id", f"duplicate creature id {cid!r}")
    enc._insert(cid, Creature.from_state(state, where), initiative, seq, tie)


def _without_controls(data: Any) -> tuple[Any, int]:
    """``data`` with the control characters of every text in it removed (tab and newline
    kept: a stat block's lines), and how many texts held one."""
    kind = type(data)
    if kind is str:
        if data.isprintable():   # most texts: nothing to look for
            return data, 0
        clean = without_controls(data, lines=True)
        return clean, int(clean != data)
    if kind is dict or (kind is not list and isinstance(data, Mapping)):
        pairs = [(key, _without_controls(value)) for key, value in data.items()]
        return {key: value for key, (value, _n) in pairs}, sum(n for _key, (_v, n) in pairs)
    if kind is list:
        items = [_without_controls(value) for value in data]
        return [value for value, _n in items], sum(n for _v, n in items)
    if isinstance(data, str):
        return _without_controls(str(data))
    return data, 0
