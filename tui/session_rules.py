"""Which roster keys a rule system gives: asked of the rules, never of a system id.

Kept apart from ``tui/screens/session.py`` (its dialogs) so the roster's first frame can
ask without importing a dialog.
"""

from __future__ import annotations

from typing import Any

INITIATIVE_ACTIONS = frozenset({"roll_initiative", "set_initiative"})


def has_fear(rules: Any) -> bool:
    """The GM's Fear pool goes with a spotlight list instead of initiative (RULES §7)."""
    return not rules.has_initiative


def applies(rules: Any, action: str) -> bool:
    """Whether a session action is a rule of this system (RULES §7)."""
    if action in INITIATIVE_ACTIONS:
        return bool(rules.has_initiative)
    if action in ("fear", "hope", "fear_by", "hope_by"):  # Daggerheart: Fear, the PCs' Hope
        return has_fear(rules)
    if action == "stress":
        return bool(rules.has_stress)
    if action == "tracker":  # p: persistent damage (RULES §5) …
        return bool(rules.has_persistent_damage)
    if action == "conditions":  # … or, without it, the same screen for conditions
        return not rules.has_persistent_damage
    return True


def tracker_applies(rules: Any, action: str) -> bool:
    """Whether a tracker action is a rule of this system: ticks need persistent damage
    (RULES §5), checks a flat check or a dying check, adding an immunity rounds to last."""
    if action == "tick":
        return bool(rules.has_persistent_damage)
    if action in ("flat_check", "resolve_all"):
        return bool(rules.has_persistent_damage or rules.dying_check_at)
    if action == "add":
        return bool(rules.has_persistent_damage or rules.counts_rounds)
    return True
