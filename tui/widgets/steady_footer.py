"""A footer that is rebuilt only when the keys it shows change."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.screen import Screen

KeySignature = tuple[tuple[str, str, bool, str], ...]


def shown_keys(screen: Screen) -> KeySignature:
    """What a footer on ``screen`` shows: each shown key, its word, whether it applies now."""
    return tuple(
        (binding.key, binding.description, enabled, tooltip)
        for _, binding, enabled, tooltip in screen.active_bindings.values()
        if binding.show
    )


class SteadyFooter(Footer):
    """Textual's footer, minus the rebuilds that change nothing.

    Textual's Footer recomposes on every binding refresh (every change to the encounter,
    every return to the screen), and removing its old keys re-lays out and repaints the
    whole screen: 10 KB over a slow link for a footer that looks the same (issue 9).
    """

    _keys_shown: KeySignature | None = None

    def bindings_changed(self, screen: Screen) -> None:
        """Rebuild only when the shown keys, their words or their state changed.

        Not while a dialog covers the screen either: the app hides its keys from dialogs,
        so the footer would be rebuilt twice, unseen and then back as it was.
        """
        if not screen.is_current:
            return
        keys = shown_keys(screen)
        if keys == self._keys_shown and self.children:
            return
        self._keys_shown = keys
        super().bindings_changed(screen)
