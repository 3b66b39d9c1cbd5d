"""A footer that is rebuilt only when the keys it shows change, and lets go of its old keys."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.compose import compose
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel

from core.text.i18n import ptr, tr

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.screen import Screen
    from textual.widget import Widget

KeySignature = tuple[tuple[str, str, bool, str], ...]


def shown_keys(screen: Screen[Any]) -> KeySignature:
    """What a footer on ``screen`` shows: each shown key, its word, whether it applies now."""
    return tuple(
        (binding.key, binding.description, enabled, tooltip)
        for _, binding, enabled, tooltip in screen.active_bindings.values()
        if binding.show
    )


class SteadyFooter(Footer):
    """Textual's footer, minus the rebuilds that change nothing and the keys it never frees.

    Textual's Footer recomposes on every binding refresh (every change to the encounter,
    every return to the screen), and removing its old keys re-lays out and repaints the
    whole screen: 10 KB over a slow link for a footer that looks the same. The
    same keys in another state (undo turning on after a change) are restyled in place.

    Textual 8.2.8's Footer also binds each key's ``compact`` to its own with ``data_bind``,
    and the footer keeps that watcher (and so the key) after the key is removed: every
    rebuild left its keys alive, 15 for each dialog opened and closed, ~110 KB a GM action
    (Textual issue #6666). Here each key is told ``compact`` once instead;
    :meth:`watch_compact` tells the keys shown if it ever changes.
    """

    _keys_shown: KeySignature | None = None
    _rebuild_pending = False
    """A rebuild is on its way: it composes the keys as they are when it runs."""

    def compose(self) -> ComposeResult:
        """Textual's keys, each set to the footer's ``compact`` rather than bound to it, their
        words in the GM's language (a binding keeps its English word, marked with ``N_``)."""
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = tr(widget.description) if widget.description else ""
                widget.tooltip = tr(str(widget.tooltip)) if widget.tooltip else None
                widget._reactive_connect = None  # the pending data_bind: never a watcher
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)  # as its watcher would
            elif isinstance(widget, FooterLabel):   # a group's word (the damage form's saves)
                widget = FooterLabel(_group_word(str(widget.content)))
            yield widget

    async def recompose(self) -> None:
        """Textual's rebuild; bindings that change from here on are weighed again."""
        self._rebuild_pending = False
        await super().recompose()

    def watch_compact(self, compact: bool) -> None:
        """What the binding did: the keys follow the footer's compact style."""
        for key in self.query(FooterKey):
            key.compact = compact

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """Rebuild only when the shown keys, their words or their state changed.

        Not while a dialog covers the screen either: the app hides its keys from dialogs,
        so the footer would be rebuilt twice, unseen and then back as it was.
        """
        if not screen.is_current:
            return
        keys = shown_keys(screen)
        if keys == self._keys_shown and self.children:
            return
        shown_before, self._keys_shown = self._keys_shown, keys
        if self._rebuild_pending:  # at start-up the keys change twice before the first rebuild
            return
        if shown_before is not None and self._restyled_in_place():
            return
        super().bindings_changed(screen)
        # as Textual's Footer.bindings_changed (8.2.8) decides to rebuild after the refresh
        self._rebuild_pending = bool(screen.app.app_focus and self.is_attached
                                     and screen is self.screen)

    def _restyled_in_place(self) -> bool:
        """Give the keys shown the state, words and tooltips of the keys a rebuild would
        mount, when they are as many, in the same places; False when a rebuild is needed.

        A rebuild mounts a footer's worth of keys, lays out the screen and repaints the line
        (5 ms of CPU, every change that turns undo or redo on or off)."""
        rebuilt = compose(self)
        shown = [key for key in self.children if isinstance(key, FooterKey)]
        wanted = [key for key in rebuilt if isinstance(key, FooterKey)]
        if (len(shown) != len(self.children) or len(wanted) != len(rebuilt)
                or [_places(key) for key in shown] != [_places(key) for key in wanted]):
            return False  # other keys, or a group of keys: rebuilt as Textual does
        for key, like in zip(shown, wanted, strict=True):
            _restyle(key, like=like)
        return True


def _places(key: Widget) -> set[str]:
    """The classes that place a key in the footer (its state aside)."""
    return set(key.classes) - {"-disabled"}


def _restyle(key: FooterKey, like: FooterKey) -> None:
    """Make ``key`` show what ``like`` would: its key, words, action, state and tooltip."""
    width_before = (key.key_display, key.description)
    key.key, key.key_display, key.action = like.key, like.key_display, like.action
    key.description, key.tooltip = like.description, like.tooltip
    key._disabled = like._disabled
    key.set_class(like._disabled, "-disabled")
    key.refresh(layout=(key.key_display, key.description) != width_before)


def _group_word(word: str) -> str:
    """A group of keys' word in the GM's language: ``Save`` is the saving throw's (セーヴ), not
    the file's (保存)."""
    return ptr("saving throw", "Save") if word == "Save" else tr(word)
