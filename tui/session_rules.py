"""Which session keys (issue 11) a rule system gives: asked of the rules, never of a system id.

Kept apart from ``tui/screens/session.py`` (its dialogs) so the roster's first frame can
ask without importing a dialog.
"""

from __future__ import annotations

from typing import Any

INITIATIVE_ACTIONS = frozenset({"roll_initiative", "set_initiative"})


def has_stress(rules: Any) -> bool:
    """Whether the system's creatures have Stress slots (Daggerheart)."""
    return any(stat.name == "stress" for stat in rules.stat_fields)


def has_fear(rules: Any) -> bool:
    """The GM's Fear pool goes with a spotlight list instead of initiative (RULES §7)."""
    return not rules.has_initiative


def applies(rules: Any, action: str) -> bool:
    """Whether a session action is a rule of this system (RULES §7)."""
    if action in INITIATIVE_ACTIONS:
        return bool(rules.has_initiative)
    if action == "fear":
        return has_fear(rules)
    if action == "stress":
        return has_stress(rules)
    return True
