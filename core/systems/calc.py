"""What ``hitledger calc`` resolves against and prints: a stand-in target and an outcome's lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.creature.schema import MAX_TRACK
from core.text.i18n import tr

if TYPE_CHECKING:
    from core.creature.model import Creature, Outcome
    from core.systems.base import RuleSystem


def stand_in(rules: RuleSystem, stats: dict[str, int], defenses: str = "",
             traits: str = "living") -> Creature:
    """``calc``'s target: the stats given, and a bottomless track (``MAX_TRACK``) where none
    is: the first of ``stand_in_tracks`` the stats name (HP for a V&W NPC given ``hp``)."""
    full = dict.fromkeys(stand_in_unknown(rules, stats), MAX_TRACK)
    return rules.new_creature("target", False, defenses, traits, 0, **{**full, **stats})


def stand_in_unknown(rules: RuleSystem, stats: dict[str, int]) -> tuple[str, ...]:
    """The stand-in's bottomless tracks, those the GM did not give (Vitality when only
    Wounds were given): their lines say nothing true."""
    tracks = rules.stand_in_tracks
    chosen = next((t for t in tracks if set(t) & stats.keys()), tracks[0] if tracks else ())
    return tuple(name for name in chosen if name not in stats)


def calc_lines(rules: RuleSystem, outcome: Outcome, *, track: bool = True,
               unknown: tuple[str, ...] = ()) -> tuple[str, ...]:
    """An outcome for ``hitledger calc``: its steps up to a ``total:`` line, and its counts.

    Without ``track`` the lines about the target's track are left out (``calc`` resolves
    against a stand-in whose track says nothing true), and those ``about`` a track in
    ``unknown``. The steps run roll → rules → ``total: N`` → the track; Daggerheart marks
    HP before its total line.
    """
    shown: list[str] = []
    for step in outcome.records:  # records carry their kind: no step's words are read back
        if step.kind == "track" and (not track or (step.about and step.about in unknown)):
            continue
        shown.append(step.text)
        if not track and step.kind == "total":
            break
    if not any(step.kind == "total" for step in outcome.records):
        shown.append(tr("total: {total}", total=outcome.total))
    return (*shown, *rules.result_lines(outcome))
