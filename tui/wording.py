"""Small pieces of wording the screens share, in the GM's language (issue 21)."""

from __future__ import annotations

from collections.abc import Iterable

from core.i18n import tr


def joined(items: Iterable[str]) -> str:
    """``items`` as a list in the language spoken: ``Goblin 1, Goblin 2`` / ``ゴブリン1、ゴブリン2``."""
    return tr(", ").join(items)
