"""An encounter's settings: their defaults, their values, and the old words saves may hold."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.catalog.capabilities import ENCOUNTER_OPTIONS, OLD_VALUES, check_settings

# Every setting is declared once in core.catalog.capabilities: its values, default and GM's words.
DEFAULT_SETTINGS: dict[str, Any] = {s.key: s.default for s in ENCOUNTER_OPTIONS}
ENCOUNTER_SETTINGS: dict[str, tuple[Any, ...]] = {s.key: s.values for s in ENCOUNTER_OPTIONS}
OLD_SETTING_WORDS = OLD_VALUES   # as older saves wrote them


def _encounter_settings(settings: Mapping[str, Any] | None) -> dict[str, Any]:
    """Checked encounter settings (ValueError for an unknown key or value); old words updated."""
    settings = dict(settings or {})
    for (key, old), new in OLD_SETTING_WORDS.items():
        if settings.get(key) == old:
            settings[key] = new
    return check_settings(settings, ENCOUNTER_OPTIONS)
