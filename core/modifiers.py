"""The acceptance path ``from core.modifiers import stack``: typed stacking lives in core.dice.modifiers.

house_rewrite: keep (this module is the old path, kept on purpose for DESIGN.md's acceptance API)
"""

from __future__ import annotations

from core.dice.modifiers import stack

__all__ = ["stack"]
