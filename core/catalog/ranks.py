"""An adversary's rank as the rules price it (RULES §10): Daggerheart's types and their Battle Points, d20 Challenge Ratings."""

from __future__ import annotations

import re

from core.text.i18n import tr

ADVERSARY_COSTS = {"minion": 1, "social": 1, "support": 1, "horde": 2, "ranged": 2, "skulk": 2,
                   "standard": 2, "leader": 3, "bruiser": 4, "solo": 5}
"""RULES §10: Battle Points by Daggerheart adversary type (a Minion: per group the party's size)."""

_CR = re.compile(r"^(?:[1-9]\d*|1/[1-9]\d*)$")


def check_role(value: object) -> str:
    """A Daggerheart adversary type as stored (lower case); ValueError naming the types."""
    if not isinstance(value, str) or (value and value.strip().lower() not in ADVERSARY_COSTS):
        raise ValueError(tr("an adversary type is one of {types}, not {value}",
                            types=", ".join(ADVERSARY_COSTS), value=repr(value)))
    return value.strip().lower()


def check_cr(value: object) -> str:
    """A d20 Challenge Rating as printed (``3``, ``1/2``); ValueError saying what to type."""
    if not isinstance(value, str) or (value and not _CR.match(value.strip())):
        raise ValueError(tr("a CR is a whole number of 1 or more or a fraction such as 1/2, "
                            "not {value}", value=repr(value)))
    return value.strip()

__all__ = ["ADVERSARY_COSTS", "check_role", "check_cr"]
