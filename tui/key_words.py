"""What a key is called and what it does, read from its binding: one source for help and the README.

Help (:mod:`tui.screens.help`) lists the keys active on a screen as the GM presses ``?``; the
README's key tables (``tools/readme_keys.py``) list every screen's bindings. Both name a key
with :func:`key_display` and say what it does with :func:`binding_words`, so the two cannot
drift apart. The words are the catalogue's English (``N_``); show them through ``tr()``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace

from textual.binding import Binding, BindingType

from core.text.i18n import N_

FUNCTION_KEY = re.compile(r"f[0-9]{1,2}")
"""f1 … f12: named as on the keyboard, the keys that reach the app from any terminal."""

PALETTE = N_("Command palette: every action")

WIDGET_WORDS = {
    "app.focus_next": N_("Next field"),
    "app.focus_previous": N_("Previous field"),
    "home": N_("To the start of the field"),
    "end": N_("To the end of the field"),
    "cursor_left_word": N_("One word left"),
    "cursor_right_word": N_("One word right"),
    "delete_left_all": N_("Delete to the start of the field (all of a filled field)"),
    "delete_right_all": N_("Delete to the end of the field"),
    "delete_left_word": N_("Delete the word before the cursor"),
    "delete_right_word": N_("Delete the word after the cursor"),
    "copy": N_("Copy the selected text"),
    "screen.copy_text": N_("Copy the selected text"),
    "cut": N_("Cut the selected text"),
    "paste": N_("Paste"),
    "scroll_top": N_("First row"),
    "scroll_bottom": N_("Last row"),
    "page_up": N_("A page up"),
    "page_down": N_("A page down"),
    "quit": N_("Quit"),
    "command_palette": PALETTE,
}
"""Textual's own keys help lists, in the app's words (Textual's are English Title Case:
``Focus Next``); its others (arrows, backspace, a table's enter) go without saying."""

UNSENT_KEY = re.compile(r"(?:^|\+)(?:super|meta|hyper)\+|^ctrl\+(?:shift\+)?enter$|^shift\+enter$"
                        r"|^ctrl\+shift\+|^ctrl\+backspace$")
"""Keys a terminal does not send as themselves (most over SSH send ctrl+enter as enter, and
no terminal sends super): help never offers them."""


def terminal_sends(key: str) -> bool:
    """Whether a terminal sends ``key`` (a Textual key name) so that the app can tell it."""
    return UNSENT_KEY.search(key) is None


def key_display(binding: Binding, textual: Callable[[Binding], str]) -> str:
    """How help names the key of ``binding`` (one key): its own display, an f-key as on the
    keyboard, else as ``textual`` (the app's ``get_key_display``) names it (``^s``)."""
    if FUNCTION_KEY.fullmatch(binding.key):
        return binding.key  # a binding's "?" display is not what f1 is called
    return binding.key_display or textual(binding)


def binding_words(binding: Binding) -> str:
    """What help says ``binding`` does, untranslated: our bindings (they have ids) give a
    longer text as the tooltip where the footer's word is too short; Textual's own tooltips
    are for the mouse, so its keys say :data:`WIDGET_WORDS`."""
    if binding.action == "command_palette":
        return PALETTE  # Textual's own word for it is "palette"
    text = binding.tooltip if binding.id else WIDGET_WORDS.get(binding.action, "")
    return text or binding.description


def key_lines(bindings: Iterable[BindingType], textual: Callable[[Binding], str],
              ) -> list[tuple[list[str], str]]:
    """Each described action of ``bindings`` once, in their order: its keys (``*``, ``^a``:
    each named once, the keys no terminal sends left out) and what it does (untranslated)."""
    lines: dict[str, tuple[list[str], str]] = {}
    for declared in bindings:
        binding = declared if isinstance(declared, Binding) else Binding(*declared)
        if not binding.description:
            continue
        words = binding_words(binding)
        keys, _ = lines.setdefault(f"{binding.action}\0{words}", ([], words))
        for key in binding.key.split(","):
            one = replace(binding, key=key.strip())
            if terminal_sends(one.key) and (shown := key_display(one, textual)) not in keys:
                keys.append(shown)
    return [(keys, words) for keys, words in lines.values() if keys]
