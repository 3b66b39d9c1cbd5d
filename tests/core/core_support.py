"""Helpers for the core tests: scripted dice, the words of a refusal, the words the log said last, typed stats, previews, PF2 systems."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypedDict

import pytest

from core import Encounter, get_system
from core.encounter.damage import DamagePreview
from core.encounter.draft import DamageDraft
from core.systems.pf2.family import Pf2Family


class Stats(TypedDict, total=False):
    """The track stats ``RuleSystem.new_creature(name, **stats)`` takes (each system's
    ``stat_fields``): typed so a test's ``**stats`` cannot be read as ``pc`` or ``defenses``."""

    hp: int
    temp_hp: int
    vitality: int
    wounds: int
    major: int
    severe: int
    armor: int
    stress: int


class ScriptedRng:
    """Dice that return the values queued, in order or by die size (see conftest's ``R``)."""

    def __init__(self, *values: int, by_size: dict[int, list[int]] | None = None):
        self.queue = list(values)
        self.by_size = {k: list(v) for k, v in (by_size or {}).items()}
        self.calls: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.calls.append((a, b))
        if self.by_size.get(b):
            value = self.by_size[b].pop(0)
        elif self.queue:
            value = self.queue.pop(0)
        else:
            raise AssertionError(f"unexpected dice roll randint({a}, {b}): the script is exhausted")
        if not a <= value <= b:
            raise AssertionError(f"scripted value {value} is outside randint({a}, {b})")
        return value

    @property
    def left(self) -> int:
        return len(self.queue) + sum(len(v) for v in self.by_size.values())


def refused(call: Callable[..., Any], *args: Any, **kwargs: Any) -> str:
    """The message of the ValueError ``call(*args, **kwargs)`` raises (the test fails if none)."""
    with pytest.raises(ValueError) as caught:
        call(*args, **kwargs)
    return str(caught.value)


def said(encounter: Encounter) -> tuple[str, str, str]:
    """The newest log event of ``encounter``: its kind, its text, its short text."""
    event = encounter.log[-1]
    return event.kind, event.text, event.short


def previewed(draft: DamageDraft, encounter: Encounter, ids: Sequence[str] | None = None) -> DamagePreview:
    """``draft.preview(encounter, ids)`` where damage was typed: the preview (the test fails if None)."""
    preview = draft.preview(encounter, ids)
    assert preview is not None, "the draft previewed nothing: no damage typed"
    return preview


def pf2_family(system_id: str) -> Pf2Family:
    """``get_system(system_id)`` for a PF2-family system, typed as one (its stages, policy,
    track and ``from_pathbuilder``); the test fails if the system is not of the family."""
    rules = get_system(system_id)
    assert isinstance(rules, Pf2Family), f"{system_id} is not a PF2-family system"
    return rules


def calc_lines(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    """What ``hitledger calc --system pf2e ARGS`` prints, line by line (it must succeed)."""
    from tui.cli import main

    assert main(["calc", "--system", "pf2e", *args]) == 0
    return capsys.readouterr().out.splitlines()
