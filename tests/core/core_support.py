"""Helpers for the core tests: the words of a refusal, the words the log said last."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from core import Encounter


def refused(call: Callable[..., Any], *args: Any, **kwargs: Any) -> str:
    """The message of the ValueError ``call(*args, **kwargs)`` raises (the test fails if none)."""
    with pytest.raises(ValueError) as caught:
        call(*args, **kwargs)
    return str(caught.value)


def said(encounter: Encounter) -> tuple[str, str, str]:
    """The newest log event of ``encounter``: its kind, its text, its short text."""
    event = encounter.log[-1]
    return event.kind, event.text, event.short
